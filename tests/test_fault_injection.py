"""kill -9 at random moments of train, export and prune (ten of each, seeded): every
folder is whole afterwards (it loads, it resumes, or it says clearly what happened to
it) and the next command works.

Each command runs in a fork of this process (torch already imported: a kill costs no
start-up), killed with SIGKILL after a delay drawn from 0 to the time the same command
took uninterrupted, so the kills spread over start-up, steps, checkpoint writes, the
export's graphs and checks, and the prune's fine-tuning. The next command then runs here,
through the CLI's main: training resumed (or started again when nothing was saved yet),
the export made again and its graphs opened, the prune made again and evaluated.
tests/test_kill_resume.py checks exact resumption of one run killed ten times; this file
checks every command's folders.
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import json
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from studio.cli.main import main
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.folder import PRUNING_FILE
from studio.core.runs.loading import load_run_config
from studio.core.runs.metrics_file import read_metrics
from tests.helpers import COMMON, TINY_GPT, assert_whole, make_run, set_args
from tests.support.bad_input_cases import snapshot

KILLS = 10
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends
SETTINGS = [
    *COMMON,
    *TINY_GPT,
    "stages.warmup.steps=3",
    "stages.grpo.steps=3",
    "run.checkpoint_every=1",
]
SETS = set_args(SETTINGS)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not sys.platform.startswith("linux"), reason="the commands run in forks (prctl: Linux)"
    ),
]


def _quiet_main(argv: list[str]) -> None:
    """A fork's body: the command with its output discarded, and no cleanup of this
    process's (pytest's) state on the way out. It dies with this process: a fork left
    running after a test timed out would hold the test runner's pipes open (it
    inherited them), and the runner would wait for it forever."""
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    code = 70
    try:
        code = main(argv)
    finally:
        os._exit(code)


def in_fork(argv: list[str]) -> multiprocessing.Process:
    proc = multiprocessing.get_context("fork").Process(target=_quiet_main, args=(argv,))
    proc.start()
    return proc


def timed(argv: list[str]) -> float:
    """Seconds the command takes uninterrupted in a fork (it must succeed), once it has
    run here first: what it imports on first use (torch's compiler, for one) is then
    imported, as it is in every fork after."""
    code, err = run_cli(*argv)
    assert code == 0, err
    started = time.monotonic()
    proc = in_fork(argv)
    proc.join(timeout=240)
    if proc.exitcode is None:
        proc.kill()
        pytest.fail(f"{argv} did not end in 240 s")
    assert proc.exitcode == 0, (argv, proc.exitcode)
    return time.monotonic() - started


def killed(argv: list[str], delay: float) -> bool:
    """The command killed with SIGKILL `delay` seconds after it started; False when it
    ended first."""
    proc = in_fork(argv)
    proc.join(timeout=delay)
    if proc.exitcode is not None:
        assert proc.exitcode == 0, (argv, proc.exitcode)
        return False
    proc.kill()
    proc.join(timeout=60)
    return True


def run_cli(*argv: str) -> tuple[int, str]:
    """The command through the CLI's main here: exit code and stderr."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(list(argv))
    return code, err.getvalue()


def kill_moments(seed: int, longest: float) -> Iterator[float]:
    """Delays from 0 to `longest`, drawn from `seed`, until the caller has killed KILLS
    commands (a command that ends first does not count), at most 3 * KILLS of them."""
    rng = random.Random(seed)
    for _ in range(3 * KILLS):
        yield round(rng.uniform(0.0, longest), 3)


def only_folder(save_dir: Path) -> Path | None:
    folders = [p for p in save_dir.iterdir() if p.is_dir()] if save_dir.is_dir() else []
    assert len(folders) <= 1, folders
    return folders[0] if folders else None


def check_after_kill(run_dir: Path | None, next_command: Callable[[], None]) -> str:
    """What the kill left, checked whole; then the next command, which must work."""
    if run_dir is None:
        left = "nothing"
    elif not (run_dir / "config.yaml").exists():
        # killed between making the folder and writing its config: nothing in it but
        # the lock and a config half written under a temporary name, and it says so
        made = [p.name for p in run_dir.iterdir() if p.name != "train.lock"]
        assert all(n.startswith(".config.yaml.") and n.endswith(".tmp") for n in made), made
        code, err = run_cli("eval", str(run_dir))
        assert code == 2 and "not a run folder (no config.yaml)" in err, err
        left = "a folder without its config"
    elif latest_checkpoint(run_dir) is None:
        # killed before its first checkpoint (task.json may not be written yet): what is
        # there reads whole, and the folder says it holds no model
        load_run_config(run_dir)
        if (run_dir / "task.json").exists():
            json.loads((run_dir / "task.json").read_text(encoding="utf-8"))
        if (run_dir / "metrics.jsonl").exists():
            lines = (run_dir / "metrics.jsonl").read_text(encoding="utf-8").splitlines()
            assert all(json.loads(line) for line in lines)  # no line cut short
        code, err = run_cli("eval", str(run_dir))
        assert code == 2 and "has no checkpoint yet" in err, err
        left = "no checkpoint"
    else:
        assert_whole(run_dir)
        left = "a checkpoint"
    next_command()
    return left


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Path:
    return make_run(tmp_path_factory.mktemp("trained"), "micro_gpt", TINY_GPT)


def test_training_killed_ten_times_leaves_folders_that_resume(tmp_path):
    fresh = ["train", "--quiet", "--config", "micro_gpt", *SETS]
    took = timed([*fresh, "--save_dir", str(tmp_path / "whole")])
    outcomes: list[tuple[float, str]] = []
    for i, delay in enumerate(kill_moments(30, took)):
        if sum(o != "finished first" for _, o in outcomes) == KILLS:
            break
        save = tmp_path / f"kill{i}"
        if not killed([*fresh, "--save_dir", str(save)], delay):
            outcomes.append((delay, "finished first"))
            continue
        run_dir = only_folder(save)

        def next_command(
            run_dir: Path | None = run_dir, save: Path = save, delay: float = delay
        ) -> None:
            records = read_metrics(run_dir) if run_dir and latest_checkpoint(run_dir) else []
            if records and records[-1]["kind"] == "done":  # killed as it exited
                code, err = run_cli("eval", str(run_dir), "--limit", "2")
            elif records:
                code, err = run_cli("train", "--quiet", "--resume", str(run_dir))
                assert read_metrics(run_dir)[-1]["reason"] == "finished"
            else:  # nothing to resume: the command after is a fresh start
                code, err = run_cli(*fresh, "--save_dir", str(save / "again"))
            assert code == 0, (delay, err)

        outcomes.append((delay, check_after_kill(run_dir, next_command)))
    assert sum(o != "finished first" for _, o in outcomes) == KILLS, outcomes
    print(outcomes)


def test_export_killed_ten_times_leaves_the_run_whole_and_exports_again(trained):
    from studio.core.export.snippets import open_runner
    from studio.core.serving.engines import export_folder

    arch = "micro-gpt"
    took = timed(["export", str(trained)])
    config = (trained / "config.yaml").read_bytes()
    checkpoints = snapshot([trained / "checkpoints"])
    outcomes: list[tuple[float, str]] = []
    for delay in kill_moments(31, took):
        if sum(o != "finished first" for _, o in outcomes) == KILLS:
            break
        ended = not killed(["export", str(trained)], delay)
        assert_whole(trained)
        assert (trained / "config.yaml").read_bytes() == config
        assert snapshot([trained / "checkpoints"]) == checkpoints
        try:  # what the kill left: the earlier export, whole, or none it would open
            folder = export_folder(trained, arch)
        except ValueError as err:
            outcomes.append((delay, f"no export ({str(err)[:40]})"))
        else:
            open_runner(arch, folder).complete(["1+1="])
            outcomes.append((delay, "finished first" if ended else "a whole export"))
        code, err = run_cli("export", str(trained))
        assert code == 0, (delay, err)
        open_runner(arch, export_folder(trained, arch)).complete(["1+1="])
    assert sum(o != "finished first" for _, o in outcomes) == KILLS, outcomes
    print(outcomes)


def test_prune_killed_ten_times_leaves_the_run_whole_and_says_what_it_left(trained, tmp_path):
    prune = ["prune", str(trained), "--sparsity", "0.5", "--finetune-steps", "2"]
    took = timed([*prune, "--save_dir", str(tmp_path / "whole")])
    source = snapshot([trained])
    outcomes: list[tuple[float, str]] = []
    for i, delay in enumerate(kill_moments(32, took)):
        if sum(o != "finished first" for _, o in outcomes) == KILLS:
            break
        save = tmp_path / f"kill{i}"
        ended = not killed([*prune, "--save_dir", str(save)], delay)
        assert snapshot([trained]) == source  # the pruned run is never changed
        folder = only_folder(save)
        if ended or folder is None or not (folder / "config.yaml").exists():
            left = "finished first" if ended else "nothing"
        elif (folder / PRUNING_FILE).exists() and latest_checkpoint(folder) is None:
            # killed before its checkpoint; after it (the mark not yet removed) the
            # folder holds a whole model, and the next branch checks it works
            code, err = run_cli("eval", str(folder))
            assert code == 2 and "the prune that was writing this folder" in err, err
            assert "was interrupted" in err, err
            left = "an interrupted prune, said so"
        else:
            assert latest_checkpoint(folder) is not None
            assert_whole(folder)
            code, err = run_cli("eval", str(folder), "--limit", "2")
            assert code == 0, (delay, err)
            left = "a whole pruned run"
        code, err = run_cli(*prune, "--save_dir", str(save / "again"))
        assert code == 0, (delay, err)
        again = only_folder(save / "again")
        assert again is not None and not (again / PRUNING_FILE).exists()
        code, err = run_cli("eval", str(again), "--limit", "2")
        assert code == 0, (delay, err)
        outcomes.append((delay, left))
    assert sum(o != "finished first" for _, o in outcomes) == KILLS, outcomes
    print(json.dumps(outcomes))
