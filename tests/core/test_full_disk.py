"""A full disk during training ends with one line that names the disk and the fix, after
the last good checkpoint: no traceback, no temp file left, every checkpoint whole, and the
run resumes once there is room. On a real (tiny) tmpfs, so it needs root to mount one."""

import os
import shutil
import subprocess

import pytest

from studio.cli.main import main
from studio.core.files import DiskFull, write_error
from studio.core.runs.checkpoints import read_checkpoint, step_checkpoints
from studio.core.runs.lock import LOCK_FILE
from tests.helpers import COMMON, TINY_GPT


@pytest.fixture
def small_disk(tmp_path):
    """A 600 KB tmpfs: room for a few tiny checkpoints."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", str(disk)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    yield disk
    subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_full_disk_stops_the_run_after_its_last_good_checkpoint(small_disk, tmp_path, capsys):
    args = ["train", "--config", "micro_gpt", "--save_dir", str(small_disk), "--quiet"]
    settings = ["stages.grpo.steps=60", "run.checkpoint_every=1", "run.keep_checkpoints=100"]
    for item in [*COMMON, *TINY_GPT, *settings]:
        args += ["--set", item]
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("grpo-studio: error: could not write ")
    assert "No space left on device; free some disk space on the disk at " + str(small_disk) in err
    assert "--save_dir" in err and "The run stopped after its last good checkpoint, step_" in err
    assert "Traceback" not in err and "inline_container" not in err

    (run,) = list(small_disk.iterdir())
    assert [p.name for p in run.rglob("*.tmp")] == []  # no half-written file left behind
    assert not (run / LOCK_FILE).exists()
    good = read_checkpoint(run)
    assert good.notes == [] and good.path == step_checkpoints(run)[-1]
    assert f"last good checkpoint, {good.path.name}" in err

    room = tmp_path / "room"  # once there is room, it goes on from there
    shutil.copytree(run, room)
    assert main(["train", "--resume", str(room), "--quiet", "--steps", "62"]) == 0


def test_a_full_disk_message_names_the_mount_point(tmp_path):
    failed = write_error(tmp_path / "a" / "b.pt", OSError(28, "No space left on device"))
    assert isinstance(failed, DiskFull) and "free some disk space on the disk at /" in str(failed)
    other = write_error(tmp_path / "b.pt", OSError(13, "Permission denied"))
    assert not isinstance(other, DiskFull) and "check the folder's permissions" in str(other)
