"""A model of the user's, each family the whole way in-process: a warm-up and GRPO steps on
the built-in arithmetic demo, read back, saved as a Hugging Face folder that transformers
loads with the same outputs, exported to ONNX and run by onnxruntime, and asked to complete
prompts as the playground and the API ask."""

import subprocess
import sys

import pytest
import torch

from studio.api import GRPOTrainer, load_preset, load_run, save_model, use_model
from studio.core.export.pipeline import export_run
from studio.core.models.pretrained.library import transformers
from studio.core.runs.metrics_file import read_metrics
from tests.support.pretrained_folders import FAMILIES, tiny_model

TINY = {
    "stages.warmup.steps": 3,
    "stages.grpo.steps": 2,
    "stages.warmup.batch_size": 4,
    "stages.grpo.batch_size": 2,
    "grpo.num_generations": 2,
    "eval.every": 0,
    "eval.size": 4,
    "run.checkpoint_every": 0,
    "training.device": "cpu",
}


def trained(family, tmp_path, *, lora=False, chat=False):
    folder = tiny_model(family, tmp_path / family, chat=chat)
    cfg = use_model(load_preset("quick_micro_gpt", TINY), folder, lora=lora)
    trainer = GRPOTrainer(cfg, save_dir=tmp_path / "runs")
    done = trainer.run()
    assert done["reason"] == "finished"
    return trainer.run_dir


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_trains_saves_exports_and_completes(tmp_path, family):
    run_dir = trained(family, tmp_path)
    steps = [r for r in read_metrics(run_dir) if r["kind"] == "step"]
    assert {r["stage"] for r in steps} == {"warmup", "grpo"}
    run = load_run(run_dir)
    prompts = ["12+34=", "3+4="]
    answers = run.generate(prompts)
    assert len(answers) == 2 and all(len(a) == 1 for a in answers)

    # a Hugging Face folder transformers loads as any model, with the run's outputs
    folder = save_model(run_dir)
    reloaded = transformers().AutoModelForCausalLM.from_pretrained(str(folder))
    ids = torch.tensor([[5, 6, 7, 8, 9]])
    with torch.no_grad():
        torch.testing.assert_close(reloaded(input_ids=ids).logits, run.model(ids))

    # ONNX with its cache, checked against PyTorch, and its program runs on its own
    result = export_run(run_dir, seed=0)
    assert result.verification.passed
    program = subprocess.run(
        [sys.executable, "example_onnx.py", "12+34="],
        cwd=result.folder,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert program.returncode == 0, program.stderr
    assert program.stdout.startswith("12+34= -> ")
    assert program.stdout.split(" -> ", 1)[1].strip() == answers[0][0].strip()


def test_lora_trains_adapters_alone_and_saves_both_ways(tmp_path):
    run_dir = trained("qwen2", tmp_path, lora=True, chat=True)
    run = load_run(run_dir)
    checkpoint = torch.load(run.checkpoint, weights_only=True)
    assert all("lora_" in k for k in checkpoint["model"])  # the base is the folder's
    ids = torch.tensor([[5, 6, 7, 8]])
    with torch.no_grad():
        want = run.model(ids)
    library = transformers()
    for adapter in (False, True):
        folder = save_model(run_dir, tmp_path / f"saved-{adapter}", adapter=adapter)
        names = {p.name for p in folder.iterdir()}
        assert ("adapter_config.json" in names) == adapter
        reloaded = library.AutoModelForCausalLM.from_pretrained(str(folder))
        with torch.no_grad():
            torch.testing.assert_close(reloaded(input_ids=ids).logits, want)


def test_a_run_resumed_trains_on_as_one_never_stopped(tmp_path):
    folder = tiny_model("llama", tmp_path / "m")
    cfg = use_model(load_preset("quick_micro_gpt", {**TINY, "run.checkpoint_every": 1}), folder)
    whole = GRPOTrainer(cfg, save_dir=tmp_path / "whole")
    whole.run()
    halves = GRPOTrainer(cfg, save_dir=tmp_path / "halves")
    halves.run(max_steps=2)
    GRPOTrainer.continue_run(halves.run_dir).run()

    def losses(run_dir):
        return [round(r["loss"], 6) for r in read_metrics(run_dir) if r["kind"] == "step"]

    assert losses(whole.run_dir) == losses(halves.run_dir)
