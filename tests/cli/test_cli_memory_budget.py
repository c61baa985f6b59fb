"""grpo-studio train with a memory budget: what it changed is printed before training, and
a budget nothing fits is refused with its reason, not a traceback."""

import subprocess
import sys

import torch

from studio.cli.main import main
from studio.core.catalogue import load_config
from studio.core.tasks import build_task
from studio.core.training.probes import memory_probe
from studio.core.training.probes.memory_probe import MeasuredEstimate
from tests.helpers import MICRO_GPT_2, ONE_THREAD, set_args

SETTINGS = [
    *MICRO_GPT_2,
    "eval.size=4",
    "eval.every=0",
    "stages.warmup.steps=1",
    "stages.warmup.batch_size=32",
    "stages.grpo.steps=1",
    "stages.grpo.batch_size=8",
    "grpo.num_generations=2",
    *ONE_THREAD,
]
TINY = set_args(SETTINGS)

CPU = torch.device("cpu")


def test_what_the_budget_changed_is_printed_before_training(tmp_path, monkeypatch, capsys):
    # the process's own memory left out, so that the budget means the same on any machine
    monkeypatch.setattr(memory_probe, "runtime_bytes", lambda device: 0)
    cfg = load_config("micro_gpt", SETTINGS)
    before = MeasuredEstimate(build_task(cfg), CPU)(cfg)
    budget = before.total - before.parts["activations"] // 3  # half the micro-batch fits
    size = f"{budget / 1024**2:.4f}MB"
    args = ["--config", "micro_gpt", "--save_dir", str(tmp_path), "--memory_budget", size]
    code = main(["train", *args, "--quiet", *TINY])
    assert code == 0
    err = capsys.readouterr().err
    assert "does not fit; changed:" in err
    assert "stages.grpo.batch_size 8 -> 4" in err and "training.grad_accum 1 -> 2" in err
    assert "the same examples per optimizer step" in err
    assert err.index("memory budget") < err.index("run folder:")


REFUSED = ["--config", "micro_gpt", "--memory_budget", "1MB", "--save_dir", "unused"]


def test_a_budget_nothing_fits_is_refused_in_words():
    done = subprocess.run(
        [sys.executable, "-m", "studio", "train", *REFUSED, *TINY],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 2
    assert "grpo-studio: error: training.memory_budget: 1.0 MB" in done.stderr
    assert "is less than the smallest estimate reached" in done.stderr
    assert "raise the budget" in done.stderr and "Traceback" not in done.stderr
