"""An export is published as a whole folder: never a mix of two checkpoints' files, even
when killed mid-move; what killed exports and writes left is removed by the next export
or run start, a live writer's never; a folder holding anything else is not replaced."""

import os
import re
import subprocess
import sys
import time

import pytest

from studio.core.catalogue import load_config
from studio.core.export.metadata import read_metadata
from studio.core.export.pipeline import EXPORT_DIR, export_run
from studio.core.export.publish import recover
from studio.core.files import RunError
from studio.core.runs.checkpoints import step_checkpoints
from studio.core.runs.lock import this_host
from studio.core.training.loop.trainer import Trainer
from tests.helpers import copy_run, stopped_run
from tests.support.lock_holder import lock_held_elsewhere


@pytest.fixture(scope="module")
def two_step_run(tmp_path_factory):
    """A run stopped at step 2 of 3, with a checkpoint at steps 1 and 2."""
    every = ["stages.grpo.steps=2", "run.checkpoint_every=1"]
    return stopped_run(tmp_path_factory.mktemp("runs"), 2, every)


@pytest.fixture
def run(two_step_run, tmp_path):
    return copy_run(two_step_run, tmp_path)


def export_of(run, step):
    """Export checkpoint `step` of `run` into run/exports."""
    (path,) = [p for p in step_checkpoints(run) if p.name == f"step_{step:07d}.pt"]
    return export_run(run, checkpoint=path, examples=2, seed=0)


def steps_in(folder):
    """The checkpoint step every graph of an export says it came from."""
    return {read_metadata(p)["run"]["step"] for p in folder.glob("*.onnx")}


def hidden_beside(folder):
    return sorted(p.name for p in folder.parent.iterdir() if p.name.startswith(f".{folder.name}."))


def test_a_new_export_replaces_the_old_one_whole(run):
    first = export_of(run, 1)
    second = export_of(run, 2)
    folder = run / EXPORT_DIR
    assert steps_in(folder) == {2} and sorted(second.files) == sorted(first.files)
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in second.files)
    assert hidden_beside(folder) == []  # no staging folder, no set-aside export left


KILL_MID_PUBLISH = """
import os, sys
from pathlib import Path
from studio.core.export.pipeline import export_run
real = os.replace
def replace(src, dst):
    real(src, dst)
    if Path(src).name == "exports":  # the old export set aside, the new one not in yet
        os._exit(9)
os.replace = replace
export_run(Path(sys.argv[1]), checkpoint=Path(sys.argv[2]), examples=2, seed=0)
"""


def test_a_kill_between_the_renames_leaves_the_previous_export_whole(run):
    export_of(run, 1)
    folder = run / EXPORT_DIR
    step_2 = next(p for p in step_checkpoints(run) if p.name.endswith("0000002.pt"))
    killed = subprocess.run([sys.executable, "-c", KILL_MID_PUBLISH, str(run), str(step_2)])
    assert killed.returncode == 9
    assert not folder.exists() and len(hidden_beside(folder)) == 2  # aside, and the stage
    recover(folder)  # what the next export does first
    assert steps_in(folder) == {1} and hidden_beside(folder) == []
    export_of(run, 2)
    assert steps_in(folder) == {2} and hidden_beside(folder) == []


def dead_pid():
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_staging_left_by_killed_exports_goes_but_a_live_ones_stays(run):
    folder = run / EXPORT_DIR
    host = re.sub(r"[^A-Za-z0-9.]", "_", this_host())  # as a staging folder's name has it
    dead = run / f".exports.export-{dead_pid()}@{host}-killed1"
    live = run / f".exports.export-{os.getpid()}@{host}-running"
    far_new = run / ".exports.export-1@elsewhere-fresh"
    far_old = run / ".exports.export-1@elsewhere-oldone"
    for stage in (dead, live, far_new, far_old):
        stage.mkdir()
        (stage / "micro_gpt.onnx").write_bytes(b"half")
    day_ago = time.time() - 86400
    os.utime(far_old, (day_ago, day_ago))
    export_of(run, 2)
    assert hidden_beside(folder) == sorted([live.name, far_new.name])


def test_a_folder_holding_other_files_is_refused_and_kept(run, tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("my notes")
    with pytest.raises(RunError, match=r"mine: holds files that are not part of an export \(notes"):
        export_run(run, out, examples=2, seed=0)
    assert [p.name for p in out.iterdir()] == ["notes.txt"] and hidden_beside(out) == []


def plant_leftovers(run):
    planted = [
        run / "checkpoints" / ".step_0000003.pt.k2x9a.tmp",
        run / "checkpoints" / ".latest.q1w2e.tmp",
        run / ".config.yaml.z9x8c.tmp",
    ]
    for path in planted:
        path.write_bytes(b"x" * 1000)
    return planted


def test_temp_files_of_killed_writes_go_at_export_unless_a_writer_is_live(run):
    planted = plant_leftovers(run)
    with lock_held_elsewhere(run):
        export_of(run, 2)
        assert all(p.exists() for p in planted)  # the live writer's, maybe
    export_of(run, 2)
    assert not any(p.exists() for p in planted)


def test_temp_files_of_killed_writes_go_when_a_run_starts(run):
    planted = plant_leftovers(run)
    Trainer(load_config(run / "config.yaml"), resume_from=run).start()
    assert not any(p.exists() for p in planted)
