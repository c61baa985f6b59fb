"""A damaged newest checkpoint (cut in half) is passed over for the newest that reads,
saying so; --checkpoint NAME picks one; a refused (poisoned) one is never passed over."""

import pytest

from studio.cli.main import main
from studio.core.export.pipeline import export_run
from studio.core.files import RunError
from studio.core.runs.checkpoints import (
    SET_ASIDE,
    UnsafeCheckpoint,
    find_checkpoint,
    latest_checkpoint,
    read_checkpoint,
    step_checkpoints,
)
from studio.core.runs.loading import load_run
from studio.core.runs.metrics_file import read_metrics
from tests.helpers import copy_run, poison
from tests.helpers import stopped_run as stopped_run_of


@pytest.fixture(scope="module")
def stopped_run(tmp_path_factory):
    """A real run stopped at step 2 of 4, with a checkpoint at every step."""
    every = ["stages.grpo.steps=3", "run.checkpoint_every=1", "run.keep_checkpoints=5"]
    return stopped_run_of(tmp_path_factory.mktemp("runs"), 2, every)


@pytest.fixture
def run(stopped_run, tmp_path):
    return copy_run(stopped_run, tmp_path)


def cut_newest(run):
    newest = latest_checkpoint(run)
    data = newest.read_bytes()
    newest.write_bytes(data[: len(data) // 2])
    return newest


def test_a_cut_newest_checkpoint_is_passed_over_saying_so(run):
    newest = cut_newest(run)
    found = read_checkpoint(run)
    assert found.path == step_checkpoints(run)[-2] and found.path != newest
    assert len(found.notes) == 1 and newest.name in found.notes[0]
    assert "cannot be read" in found.notes[0] and "--checkpoint NAME" in found.notes[0]
    loaded = load_run(run)
    assert loaded.checkpoint == found.path and "(step 1)" in loaded.describe()


def test_when_no_checkpoint_reads_the_run_says_so(run):
    for path in step_checkpoints(run):
        path.write_bytes(b"not a checkpoint")
    with pytest.raises(RunError, match="no checkpoint can be read .*start a new run"):
        read_checkpoint(run)


def test_a_poisoned_newest_checkpoint_is_refused_not_passed_over(run, tmp_path):
    poison(run, tmp_path / "PWNED")
    with pytest.raises(UnsafeCheckpoint):
        read_checkpoint(run)
    assert not (tmp_path / "PWNED").exists()


def test_checkpoint_names_pick_one_of_the_folder(run):
    assert find_checkpoint(run, "1") == find_checkpoint(run, "step_0000001.pt")
    assert find_checkpoint(run, "grpo_start.pt").name == "grpo_start.pt"
    for bad in ("../config.yaml", "7", "/etc/passwd", ""):
        with pytest.raises(RunError, match=r"no such checkpoint .*give one of .*step_0000001.pt"):
            find_checkpoint(run, bad)


def warnings(run):
    """The run's warnings as the progress line and the window's log show them."""
    return [r["message"] for r in read_metrics(run) if r.get("level") == "warning"]


def test_resume_falls_back_sets_the_damaged_one_aside_and_goes_on(run):
    newest = cut_newest(run)
    assert main(["train", "--resume", str(run)]) == 0
    said = warnings(run)
    assert said[0].startswith(f"{newest.name} (cut short") and "using step_0000001.pt" in said[0]
    assert said[1] == f"{newest.name} is newer than the checkpoint resumed from; kept as " + (
        newest.name + SET_ASIDE
    )
    assert (newest.parent / (newest.name + SET_ASIDE)).is_file()
    steps = [r["step"] for r in read_metrics(run) if r.get("kind") == "step"]
    assert steps == [1, 2, 3, 4]  # step 2 trained again from step 1, once in the records
    assert read_checkpoint(run).notes == []  # the folder is whole again


def test_resume_from_a_named_checkpoint(run):
    assert main(["train", "--resume", str(run), "--checkpoint", "1", "--steps", "3"]) == 0
    assert warnings(run) == [
        "step_0000002.pt is newer than the checkpoint resumed from; kept as "
        "step_0000002.pt.set-aside"
    ]
    assert [r["step"] for r in read_metrics(run) if r.get("kind") == "step"] == [1, 2, 3]


def test_checkpoint_without_resume_is_a_usage_error(capsys):
    assert main(["train", "--config", "micro_gpt", "--checkpoint", "3"]) == 2
    assert "--checkpoint goes with --resume" in capsys.readouterr().err


def test_export_passes_over_a_damaged_newest_checkpoint_and_says_so(run):
    newest = cut_newest(run)
    said = []
    res = export_run(run, examples=2, seed=0, progress=lambda message, _: said.append(message))
    assert res.checkpoint.name == "step_0000001.pt" and res.step == 1
    assert any(newest.name in line and "cannot be read" in line for line in said)
    assert res.notes and "step 1" in res.summary
