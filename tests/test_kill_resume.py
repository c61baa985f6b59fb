"""A training run killed (SIGKILL) at ten random moments, resumed after each: every file
of its folder stays whole, and the run that ends equals one never interrupted, record
for record and weight for weight.

Each moment is a random record of the run (its metrics.jsonl line) and a random few
milliseconds after it; with a checkpoint every step and an evaluation every other step,
many fall in the middle of a checkpoint write, an evaluation or a stage's end. A kill before the
first checkpoint leaves nothing to resume: that folder is checked, then the run starts
over in a new one.
"""

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch

from studio.core.runs.checkpoints import latest_checkpoint, load_checkpoint
from studio.core.runs.metrics_file import read_metrics
from tests.helpers import ARITHMETIC_LEN, MICRO_GPT_2, ONE_THREAD, assert_whole, set_args

KILLS = 10
SETTINGS = [
    *MICRO_GPT_2,
    ARITHMETIC_LEN,
    "stages.warmup.steps=6",
    "stages.warmup.batch_size=8",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=6",
    "stages.grpo.batch_size=4",
    "grpo.num_generations=4",
    "grpo.beta=0.04",
    "eval.size=8",
    "eval.every=2",
    "run.checkpoint_every=1",
    *ONE_THREAD,
]
TRACED = ("step", "eval", "stage")
COMPARED = ("kind", "stage", "step", "event", "loss", "reward/mean", "grpo/kl", "optim/lr")


def train(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "studio", "train", "--quiet", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def fresh(root: Path) -> subprocess.Popen:
    return train("--config", "micro_gpt", "--save_dir", str(root), *set_args(SETTINGS))


def traced(run_dir: Path) -> list[dict]:
    return [
        {k: r[k] for k in (*COMPARED, *[k for k in r if k.startswith("eval/")]) if k in r}
        for r in read_metrics(run_dir)
        if r["kind"] in TRACED
    ]


def final_weights(run_dir: Path) -> dict[str, torch.Tensor]:
    return load_checkpoint(latest_checkpoint(run_dir))["model"]


def started(proc: subprocess.Popen) -> Path:
    """The run folder the process names on stderr once it starts training."""
    said = []
    for line in proc.stderr:
        if line.startswith("run folder: "):
            return Path(line.removeprefix("run folder: ").strip())
        said.append(line)
    proc.wait(timeout=60)
    raise AssertionError(f"training did not start (exit {proc.returncode}): {''.join(said)}")


def wait_for_records(run_dir: Path, proc: subprocess.Popen, count: int) -> None:
    """Until metrics.jsonl holds `count` lines or the process has ended."""
    metrics = run_dir / "metrics.jsonl"
    while proc.poll() is None:
        if metrics.exists() and metrics.read_bytes().count(b"\n") >= count:
            return
        time.sleep(0.005)


@pytest.mark.slow
def test_ten_kills_at_random_moments_leave_every_file_whole_and_resume_exactly(tmp_path):
    whole = fresh(tmp_path / "whole")
    whole_dir = started(whole)
    assert whole.wait(timeout=300) == 0, whole.stderr.read()
    records = len(read_metrics(whole_dir))  # the moments are drawn over the run's records

    rng = random.Random(12)
    kills, delays, finished = 0, [], []  # delays: (record, seconds after it)
    while kills < KILLS:  # a chain of kills and resumes, until its run finishes
        # resumes: each writes one more record ("resumed at step N") than the whole run has
        proc, kept, resumes = fresh(tmp_path / "killed"), 0, 0
        while True:
            run_dir = started(proc)
            if kills == KILLS:
                assert proc.wait(timeout=300) == 0, proc.stderr.read()
                break
            moment = (rng.randint(kept + 1, records + resumes), round(rng.uniform(0.0, 0.05), 3))
            delays.append(moment)
            wait_for_records(run_dir, proc, moment[0])
            time.sleep(moment[1])  # into what follows the record: a checkpoint, an evaluation
            if proc.poll() is not None:  # it finished first: this chain is done
                assert proc.returncode == 0, proc.stderr.read()
                break
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=60)
            kills += 1
            assert_whole(run_dir)
            last = read_metrics(run_dir)[-1:]
            if last and last[0]["kind"] == "done":  # killed while the finished run exited
                break
            if latest_checkpoint(run_dir) is None:  # killed before the first checkpoint
                proc, kept, resumes = fresh(tmp_path / "killed"), 0, 0
            else:  # the resume keeps the records its checkpoint had seen
                kept = load_checkpoint(latest_checkpoint(run_dir))["position"]["records"]
                proc, resumes = train("--resume", str(run_dir)), resumes + 1
        finished.append(run_dir)

    for run_dir in finished:
        assert_whole(run_dir)
        done = read_metrics(run_dir)[-1]
        assert done["kind"] == "done" and done["reason"] == "finished", delays
        assert traced(run_dir) == traced(whole_dir), delays
        ours, theirs = final_weights(run_dir), final_weights(whole_dir)
        assert ours.keys() == theirs.keys()
        for name, tensor in theirs.items():
            assert torch.equal(ours[name], tensor), (name, delays)
