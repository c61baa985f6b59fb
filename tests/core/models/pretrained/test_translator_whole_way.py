"""A translator of the user's the whole way in-process: a warm-up and GRPO steps on the
built-in zh->en demo (every weight, or LoRA adapters), read back, saved as a Hugging Face
folder that transformers loads with the same outputs, exported to ONNX and run by
onnxruntime and by the export's own program, and asked to translate as the playground's
live box and the server ask, in PyTorch and through the export alike. Its records carry
what the charts, the samples, gradient flow and Explain step read."""

import subprocess
import sys

import torch
from deep_translator import LibreTranslator
from libretranslatepy import LibreTranslateAPI

from studio.api import GRPOTrainer, load_preset, load_run, save_model, use_model
from studio.core.config.decoding import GREEDY_DECODING, Decoding
from studio.core.export.pipeline import export_run
from studio.core.models.pretrained.library import transformers
from studio.core.models.pretrained.section import full_warmup_lr
from studio.core.runs.metrics_file import read_metrics
from studio.core.serving.live_translation import LiveTranslator
from studio.core.serving.translation_backends import OnnxBackend, TorchBackend, open_backend
from studio.core.training.steps.explain import AFTER_UPDATE
from tests.support.pretrained_folders import tiny_marian
from tests.support.servers import Servers, call

TINY = {
    "stages.warmup.steps": 2,
    "stages.grpo.steps": 2,
    "stages.warmup.batch_size": 4,
    "stages.grpo.batch_size": 2,
    "grpo.num_generations": 2,
    "grpo.max_new_tokens": 8,
    "eval.every": 0,
    "eval.size": 3,
    "run.checkpoint_every": 0,
    "training.device": "cpu",
    "task.demo_size": 60,
}


def trained(tmp_path, *, lora=False):
    folder = tiny_marian(tmp_path / "opus-mt-zh-en")
    cfg = use_model(load_preset("tiny_transformer", TINY), folder, lora=lora)
    assert (cfg.model.ARCH, cfg.task.source_lang, cfg.task.target_lang) == (
        "pretrained-mt",
        "zh",
        "en",
    )
    cfg.model.max_len = 16  # a random model writes until its length: keep that short
    trainer = GRPOTrainer(cfg, save_dir=tmp_path / "runs")
    assert trainer.run()["reason"] == "finished"
    # Explain step asks the weights after the last update how its samples moved
    step = trainer.engine.explainer.answer(AFTER_UPDATE, {"step": 4})
    assert step["available"] and step["groups"][0]["after"]
    return trainer.run_dir


def test_a_translator_trains_saves_exports_and_translates(tmp_path):
    run_dir = trained(tmp_path)
    records = read_metrics(run_dir)
    assert {r["stage"] for r in records if r["kind"] == "step"} == {"warmup", "grpo"}
    grpo = [r for r in records if r["kind"] == "step" and r["stage"] == "grpo"]
    assert all(r["grad_flow"] and "reward/chrf/mean" in r and "grpo/kl" in r for r in grpo)
    shown = grpo[-1]["samples"][0]
    assert len(shown["completions"]) == 2 and len(shown["pieces"]) == len(shown["logp"]) == 2
    assert any(r["kind"] == "probe" for r in records)  # the policy view's next words
    logs = [r["message"] for r in records if r["kind"] == "log"]
    assert any("the model's own tokenizers (opus-mt-zh-en" in m for m in logs)
    run = load_run(run_dir)
    grpo_lr = float(f"{full_warmup_lr(run.cfg.model.folder().parameters) / 10:.2g}")
    assert any(m.startswith(f"stages.grpo.lr {grpo_lr:g}: ") for m in logs)  # fitted to it

    # a Hugging Face folder transformers loads as any translator, with the run's outputs
    folder = save_model(run_dir)
    library = transformers()
    reloaded = library.MarianMTModel.from_pretrained(str(folder))
    tokenizer = library.AutoTokenizer.from_pretrained(str(folder))
    batch = tokenizer(["我喜欢猫。"], return_tensors="pt")
    start = torch.tensor([[reloaded.config.decoder_start_token_id, 5, 6]])
    with torch.no_grad():
        theirs = reloaded(**batch, decoder_input_ids=start).logits
        torch.testing.assert_close(
            theirs, run.model(batch["input_ids"], batch["attention_mask"].bool(), start)
        )

    # ONNX (encoder, decoder step with its cache), checked against PyTorch; its program
    # runs alone with sentencepiece and gives the run's greedy translation
    result = export_run(run_dir, seed=0)
    assert result.verification.passed and result.verification.tokenizers_agree
    names = {p.name for p in result.files}
    assert {"pretrained_mt_encoder.onnx", "source.spm", "target.spm", "vocab.json"} <= names
    torch_engine = LiveTranslator(TorchBackend(run.model, run.task))
    (greedy,) = torch_engine.backend.translate_batch(["我喜欢猫。"], GREEDY_DECODING)
    program = subprocess.run(
        [sys.executable, "example_onnx.py", "我喜欢猫。"],
        cwd=result.folder, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert program.returncode == 0, program.stderr
    assert program.stdout.strip() == f"我喜欢猫。 -> {greedy}".strip()

    # the live box and the server: sentence by sentence, the same answers in both engines
    onnx = open_backend(run_dir, onnx=True)
    assert isinstance(onnx, OnnxBackend)
    text = "我喜欢猫。你好。"
    for decoding in (GREEDY_DECODING, Decoding.beam(2)):
        ours = torch_engine.translate_text(text, decoding).text
        assert LiveTranslator(onnx).translate_text(text, decoding).text == ours
    servers = Servers()
    try:
        for engine in (False, True):
            server = servers(run_dir, onnx=engine)
            status, body, _ = call(
                f"{server.url}/translate", {"q": "我喜欢猫。", "source": "zh", "target": "en"}
            )
            assert status == 200 and body["translatedText"] == greedy
            # LibreTranslate's client libraries, unchanged, against the translator
            assert LibreTranslateAPI(server.url).translate("我喜欢猫。", "zh", "en") == greedy
            client = LibreTranslator(
                source="zh", target="en", api_key="any", custom_url=server.url + "/"
            )
            assert client.translate_batch(["我喜欢猫。", "你好。"])[0] == greedy
    finally:
        servers.stop()


def test_under_lora_a_run_keeps_its_adapters_alone_and_saves_both_ways(tmp_path):
    run_dir = trained(tmp_path, lora=True)
    run = load_run(run_dir)
    checkpoint = torch.load(run.checkpoint, weights_only=True)
    assert checkpoint["model"] and all("lora_" in k for k in checkpoint["model"])
    src = torch.tensor([[4, 16, 20, 0]])
    start = torch.tensor([[run.task.target_tok.bos_id, 5, 6]])
    with torch.no_grad():
        want = run.model(src, torch.ones_like(src, dtype=torch.bool), start)
    library = transformers()
    for adapter in (False, True):
        folder = save_model(run_dir, tmp_path / f"saved-{adapter}", adapter=adapter)
        assert ((folder / "adapter_config.json").is_file()) == adapter
        reloaded = library.MarianMTModel.from_pretrained(str(folder))
        with torch.no_grad():
            got = reloaded(input_ids=src, decoder_input_ids=start).logits
        torch.testing.assert_close(got, want)
