"""Run folders: atomic writes that never leave half a file, and metrics that survive a crash."""

import json
import os
import stat
import threading
import time

import pytest

from studio.core.export.pipeline import export_run
from studio.core.files import FILE_MODE, RunError, atomic_write, atomic_write_text
from studio.core.runs.folder import new_run_dir
from studio.core.runs.metrics_file import read_metrics, truncate_metrics
from studio.core.training.loop.control import TrainerControl
from tests.helpers import TINY_GPT, make_run


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temp(tmp_path):
    target = tmp_path / "model.pt"
    atomic_write_text(target, "old")

    def fail(f):
        f.write(b"partial")
        raise OSError(28, "No space left on device")

    with pytest.raises(RunError, match="free some disk space"):
        atomic_write(target, fail)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["model.pt"]


def test_an_unwritable_folder_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(RunError, match="cannot write to"):
        atomic_write_text(blocker / "sub" / "a.txt", "x")


def test_run_folders_are_never_reused(tmp_path):
    a = new_run_dir(tmp_path, "Micro GPT!")
    b = new_run_dir(tmp_path, "Micro GPT!")
    assert a != b and a.name.endswith("micro-gpt")


def test_a_line_cut_by_a_crash_is_skipped(tmp_path):
    (tmp_path / "metrics.jsonl").write_text(
        json.dumps({"kind": "step", "step": 1}) + "\n" + '{"kind": "st', encoding="utf-8"
    )
    assert read_metrics(tmp_path) == [{"kind": "step", "step": 1}]


def test_truncate_keeps_records_up_to_the_checkpoint(tmp_path):
    lines = [{"kind": "step", "step": s} for s in (1, 2, 3)] + [{"kind": "done", "step": 2}]
    (tmp_path / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    truncate_metrics(tmp_path, 2)
    assert read_metrics(tmp_path) == lines[:2]


def test_every_file_of_a_run_and_its_export_is_the_owners_alone(tmp_path):
    old = os.umask(0o002)  # a umask that would leave files readable by everyone
    try:
        run = make_run(tmp_path, "micro_gpt", TINY_GPT)
        export_run(run, examples=2, seed=0)
    finally:
        os.umask(old)
    files = [p for p in run.rglob("*") if p.is_file()]
    assert {"metrics.jsonl", "config.yaml", "latest", "README.md"} <= {p.name for p in files}
    modes = {str(p.relative_to(run)): stat.S_IMODE(p.stat().st_mode) for p in files}
    assert modes == dict.fromkeys(modes, FILE_MODE) and FILE_MODE == 0o600


def test_control_pause_blocks_and_step_once_lets_exactly_one_through():
    control = TrainerControl()
    assert control.wait_for_turn()
    control.pause()
    passed = []

    def loop():
        while control.wait_for_turn(poll_s=0.01):
            passed.append(1)

    thread = threading.Thread(target=loop)
    thread.start()
    time.sleep(0.1)
    assert passed == []
    control.step_once()
    time.sleep(0.1)
    assert passed == [1]
    started = time.monotonic()
    control.stop()
    thread.join(timeout=1)
    assert not thread.is_alive() and time.monotonic() - started < 1.0
