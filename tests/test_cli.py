"""The command line in a subprocess, with tiny sizes."""

import subprocess
import sys

from studio.core.runs.metrics_file import read_metrics

TINY = [
    "--set",
    "model.n_layers=2",
    "--set",
    "model.d_model=32",
    "--set",
    "model.n_heads=2",
    "--set",
    "model.d_ff=64",
    "--set",
    "eval.size=8",
    "--set",
    "stages.warmup.steps=2",
    "--set",
    "stages.grpo.steps=2",
    "--set",
    "stages.grpo.batch_size=2",
    "--set",
    "grpo.num_generations=2",
]


def cli(*args, **kw):
    return subprocess.run(
        [sys.executable, "-m", "studio", *args], capture_output=True, text=True, timeout=240, **kw
    )


def test_train_then_eval_and_generate(tmp_path):
    done = cli("train", "--config", "micro_gpt", "--save_dir", str(tmp_path), "--steps", "3", *TINY)
    assert done.returncode == 0, done.stderr
    (run_dir,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert "step limit at step 3" in done.stdout
    assert [r["step"] for r in read_metrics(run_dir) if r["kind"] == "step"] == [1, 2, 3]

    resumed = cli("train", "--resume", str(run_dir))
    assert resumed.returncode == 0, resumed.stderr
    assert "finished at step 4" in resumed.stdout

    evaluated = cli("eval", str(run_dir), "--limit", "5")
    assert evaluated.returncode == 0, evaluated.stderr
    assert "accuracy:" in evaluated.stdout

    exported = cli("export", str(run_dir))
    assert exported.returncode == 0, exported.stderr
    assert (run_dir / "exports" / "micro_gpt.onnx").is_file()
    assert str(run_dir / "exports") in exported.stdout

    generated = cli("generate", str(run_dir), "12+34=", "--samples", "2", "--temperature", "1")
    assert generated.returncode == 0, generated.stderr
    lines = generated.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("12+34=") for line in lines)


def test_bad_config_value_is_one_clear_line(tmp_path):
    out = cli(
        "train",
        "--config",
        "micro_gpt",
        "--save_dir",
        str(tmp_path),
        "--set",
        "stages.warmup.batch_size=abc",
    )
    assert out.returncode == 2
    assert out.stderr.strip() == (
        'grpo-studio: error: stages.warmup.batch_size: must be an integer, got "abc"'
    )
    assert list(tmp_path.iterdir()) == []  # no empty run folder left behind


def test_missing_run_folder_is_a_clear_error(tmp_path):
    out = cli("eval", str(tmp_path / "nope"))
    assert out.returncode == 2
    assert "no such run folder" in out.stderr and "Traceback" not in out.stderr


def test_presets_are_listed():
    out = cli("presets")
    assert out.returncode == 0 and "micro_gpt" in out.stdout
