"""The perplexity curriculum under torchrun: two processes score their shares of the pool,
hold the order one process computes, and end with the weights of one process."""

import subprocess
import sys

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer
from tests.helpers import (
    DDP_EQUAL,
    assert_same_step_metrics,
    assert_same_weights,
    set_args,
    weights,
)

# 600 examples: three scoring chunks, two on rank 0 and one on rank 1. The warm-up's
# first stage is scored by the initial weights, which both runs share bit for bit; a later
# scoring sees weights one and two processes reach to within rounding, and a near-tie in
# the losses could then swap two examples between shares, so the test stops before one.
PERPLEXITY = [
    *DDP_EQUAL,
    "stages.warmup.steps=3",
    "stages.grpo.steps=0",
    "curriculum.enabled=true",
    "curriculum.difficulty=perplexity",
    "curriculum.stages=2",
    "curriculum.pool=600",
]


def stage_lines(run_dir):
    return [
        r["message"].split(" (scored in")[0]
        for r in read_metrics(run_dir)
        if r["kind"] == "log" and r["message"].startswith("curriculum:")
    ]


@pytest.mark.slow  # a torchrun: ~10 s, ~20 s on a busy 2-core machine
def test_two_processes_follow_the_curriculum_of_one(tmp_path):
    torch.set_num_threads(1)
    one = Trainer(load_config("micro_gpt", PERPLEXITY), save_dir=tmp_path / "one")
    one.run()
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node", "2"]
    train = ["-m", "studio", "train", "--config", "micro_gpt", "--save_dir", str(tmp_path / "two")]
    done = subprocess.run(
        [*cmd, *train, *set_args(PERPLEXITY), "--quiet"],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (two,) = list((tmp_path / "two").iterdir())
    lines = stage_lines(two)
    assert len(lines) == 2 and "the 300 easiest of 600 examples" in lines[0]
    assert lines == stage_lines(one.run_dir)
    assert_same_weights(weights(two), weights(one.run_dir))
    assert_same_step_metrics(two, one.run_dir)
