"""A model of the user's from the command line: listed with its costs, trained with
--model (and --lora), saved with export --hf, a translator also asked to translate; a
folder the studio must not or cannot use, or that the preset's task cannot train,
refused in one line, with nothing run."""

import json
import os
import pickle
import struct
import subprocess
import sys

import torch

from studio.core.runs.metrics_file import read_metrics
from tests.support.pretrained_folders import fake_cache, tiny_marian, tiny_model

TINY = [
    "--set", "stages.warmup.steps=2", "--set", "stages.grpo.steps=2",
    "--set", "stages.warmup.batch_size=4", "--set", "stages.grpo.batch_size=2",
    "--set", "grpo.num_generations=2", "--set", "eval.every=0", "--set", "eval.size=4",
    "--no-estimate", "--quiet",
]  # fmt: skip


def cli(*args, env=None):
    return subprocess.run(
        [sys.executable, "-m", "studio", *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def one_line_refusal(done):
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    return done.stderr


def test_models_lists_the_cache_and_folders_with_their_costs(tmp_path):
    home = tmp_path / "hf"
    fake_cache(home / "hub", "HuggingFaceTB/SmolLM2-tiny", tiny_model("llama", tmp_path / "a"))
    mine = tmp_path / "mine"
    tiny_model("gpt2", mine / "poems")
    strange = mine / "custom"
    tiny_model("llama", strange)
    config = json.loads((strange / "config.json").read_text())
    (strange / "config.json").write_text(json.dumps({**config, "auto_map": {"x": "y.Z"}}))
    done = cli("models", str(mine), env={"HF_HOME": str(home)})
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "HuggingFaceTB/SmolLM2-tiny  (Llama, " in out and "poems  (GPT-2, " in out
    assert out.count("full fine-tune: about") == 2 and out.count("LoRA adapters: about") == 2
    assert "custom" in out and "cannot train:" in out and "auto_map" in out


def test_train_with_model_and_lora_then_save_as_a_folder(tmp_path):
    folder = tiny_model("qwen3", tmp_path / "m", chat=True)
    runs = tmp_path / "runs"
    args = ["--config", "quick_micro_gpt", "--model", str(folder), "--lora", "--save_dir"]
    done = cli("train", *args, str(runs), *TINY)
    assert done.returncode == 0, done.stderr
    (run_dir,) = list(runs.iterdir())
    logs = [r["message"] for r in read_metrics(run_dir) if r["kind"] == "log"]
    assert any(m.startswith("stages.warmup.lr 0.0002: ") for m in logs)  # fitted to the model
    saved = cli("export", str(run_dir), "--hf")
    assert saved.returncode == 0, saved.stderr
    assert (run_dir / "model" / "model.safetensors").is_file()


def test_a_folder_asking_for_its_own_code_is_refused_before_anything_runs(tmp_path):
    folder = tiny_model("llama", tmp_path / "m")
    config = json.loads((folder / "config.json").read_text())
    config["auto_map"] = {"AutoModelForCausalLM": "evil.Evil"}
    (folder / "config.json").write_text(json.dumps(config))
    marker = tmp_path / "ran"
    (folder / "evil.py").write_text(f"open({str(marker)!r}, 'w')\n")
    done = cli("train", "--config", "quick_micro_gpt", "--model", str(folder), *TINY)
    assert "auto_map" in one_line_refusal(done)
    assert not marker.exists()


def test_a_pickle_that_runs_code_is_refused_without_running(tmp_path):
    folder = tiny_model("gpt2", tmp_path / "m")
    from safetensors.torch import load_file

    weights = load_file(folder / "model.safetensors")
    (folder / "model.safetensors").unlink()
    marker = tmp_path / "ran"

    class Runs:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))

    torch.save({**weights, "x": Runs()}, folder / "pytorch_model.bin", pickle_module=pickle)
    done = cli("train", "--config", "quick_micro_gpt", "--model", str(folder), *TINY)
    assert "refused without running" in one_line_refusal(done)
    assert not marker.exists()


def test_missing_and_unsupported_folders_are_named(tmp_path):
    done = cli("train", "--config", "quick_micro_gpt", "--model", str(tmp_path / "nope"), *TINY)
    assert "is not a folder" in one_line_refusal(done)
    bert = tmp_path / "bert"
    bert.mkdir()
    (bert / "config.json").write_text(json.dumps({"model_type": "bert"}))
    done = cli("train", "--config", "quick_micro_gpt", "--model", str(bert), *TINY)
    assert "Llama, Qwen2, Qwen3, GPT-2" in one_line_refusal(done)


def test_a_model_too_large_for_the_machine_is_refused_with_the_way_out(tmp_path):
    folder = tiny_model("llama", tmp_path / "m")
    config = json.loads((folder / "config.json").read_text())
    config.update(hidden_size=65536, intermediate_size=131072, num_hidden_layers=64)
    (folder / "config.json").write_text(json.dumps(config))
    # weights the header says are that large; never read
    header = json.dumps({"w": {"dtype": "F32", "shape": [65536, 65536], "data_offsets": [0, 4]}})
    data = header.encode()
    (folder / "model.safetensors").write_bytes(struct.pack("<Q", len(data)) + data + b"\0" * 4)
    done = cli("train", "--config", "quick_micro_gpt", "--model", str(folder), *TINY)
    message = one_line_refusal(done)
    assert "parameters" in message and "model.lora: true" in message


TRANSLATOR = [
    "--set", "task.demo_size=60", "--set", "model.max_len=16", "--set", "grpo.max_new_tokens=8",
    "--set", "eval.size=3",
]  # fmt: skip


def test_models_lists_a_translator_with_its_pair_and_costs(tmp_path):
    home = tmp_path / "hf"
    fake_cache(home / "hub", "Helsinki-NLP/opus-mt-zh-en", tiny_marian(tmp_path / "m"))
    done = cli("models", env={"HF_HOME": str(home)})
    assert done.returncode == 0, done.stderr
    assert "Helsinki-NLP/opus-mt-zh-en  (Marian, zh->en, " in done.stdout
    assert "full fine-tune: about" in done.stdout and "LoRA adapters: about" in done.stdout


def test_train_a_translator_then_translate_and_save_it_as_a_folder(tmp_path):
    folder = tiny_marian(tmp_path / "opus-mt-zh-en")
    runs = tmp_path / "runs"
    args = ["--config", "tiny_transformer", "--model", str(folder), "--save_dir", str(runs)]
    done = cli("train", *args, *TINY, *TRANSLATOR)
    assert done.returncode == 0, done.stderr
    (run_dir,) = list(runs.iterdir())
    logs = [r["message"] for r in read_metrics(run_dir) if r["kind"] == "log"]
    assert any("the model's own tokenizers (opus-mt-zh-en" in m for m in logs)
    translated = cli("translate", str(run_dir), "我喜欢猫。", "--beam", "0")
    assert translated.returncode == 0, translated.stderr
    assert len(translated.stdout.splitlines()) == 1
    saved = cli("export", str(run_dir), "--hf")
    assert saved.returncode == 0, saved.stderr
    assert {"model.safetensors", "source.spm", "target.spm"} <= {
        p.name for p in (run_dir / "model").iterdir()
    }


def test_a_model_given_to_a_task_that_cannot_train_it_is_refused_in_one_line(tmp_path):
    translator = tiny_marian(tmp_path / "opus-mt-zh-en")
    done = cli("train", "--config", "own_text", "--model", str(translator), *TINY)
    assert "train it with the tiny_transformer preset" in one_line_refusal(done)
    lm = tiny_model("gpt2", tmp_path / "lm")
    done = cli("train", "--config", "tiny_transformer", "--model", str(lm), *TINY)
    assert "train it with the own_text preset" in one_line_refusal(done)
    en_fr = tmp_path / "en-fr.tsv"
    en_fr.write_text("".join(f"I see {n} cats.\tJe vois {n} chats.\n" for n in range(40)))
    args = ["--config", "tiny_transformer", "--model", str(translator), "--data_path", str(en_fr)]
    done = cli("train", *args, *TINY, *TRANSLATOR)
    assert "opus-mt-zh-en translates zh->en: " in one_line_refusal(done)
