"""One writer per run folder: a run holds train.lock (pid, host, since) while it trains;
a second writer is refused with a message naming the first; a lock whose holder is gone
is taken over."""

import json
import os
import threading
import time

import pytest

from studio.cli.main import main
from studio.core.catalogue import load_config
from studio.core.runs.lock import LOCK_FILE, RunLocked, acquire, lock_holder, this_host
from studio.core.training.loop.control import TrainerControl
from studio.core.training.loop.trainer import Trainer
from tests.helpers import COMMON, TINY_GPT
from tests.support.lock_holder import lock_held_elsewhere


@pytest.fixture
def holder_process(tmp_path):
    """Another process holding `tmp_path/run`'s lock, until killed."""
    run = tmp_path / "run"
    run.mkdir()
    with lock_held_elsewhere(run) as proc:
        yield run, proc


def write_lock(run, pid, host, since):
    (run / LOCK_FILE).write_text(json.dumps({"pid": pid, "host": host, "since": since}))


def test_the_lock_names_its_holder_and_goes_with_release(tmp_path):
    lock = acquire(tmp_path)
    data = json.loads((tmp_path / LOCK_FILE).read_text())
    assert data["pid"] == os.getpid() and data["host"] == this_host()
    assert lock_holder(tmp_path) == lock.holder and lock.holder.is_me()
    lock.release()
    assert not (tmp_path / LOCK_FILE).exists() and lock_holder(tmp_path) is None
    assert [p.name for p in tmp_path.iterdir()] == []  # no staged temp file left either


def test_a_live_holder_elsewhere_is_refused_and_a_dead_one_taken_over(holder_process):
    run, proc = holder_process
    with pytest.raises(RunLocked, match=rf"being trained by process {proc.pid} on .*since"):
        acquire(run)
    assert lock_holder(run).pid == proc.pid
    proc.kill()
    proc.wait()
    assert lock_holder(run) is None  # its pid no longer runs: stale
    acquire(run).release()


def test_a_reused_pid_or_a_damaged_lock_is_stale(tmp_path):
    write_lock(tmp_path, os.getpid(), this_host(), since=1.0)  # this pid started after 1970
    assert lock_holder(tmp_path) is None
    (tmp_path / LOCK_FILE).write_text("{half a lo")
    assert lock_holder(tmp_path) is None
    acquire(tmp_path).release()


def test_a_lock_from_another_host_is_honoured_and_says_how_to_remove_it(tmp_path):
    write_lock(tmp_path, 1, "some-other-host", time.time())
    with pytest.raises(RunLocked, match=r"process 1 on some-other-host.*delete .*train.lock"):
        acquire(tmp_path)


def test_release_never_removes_someone_elses_lock(tmp_path):
    lock = acquire(tmp_path)
    write_lock(tmp_path, 1, "some-other-host", time.time())
    lock.release()
    assert (tmp_path / LOCK_FILE).exists()


def test_a_dropped_lock_is_released_when_collected(tmp_path):
    acquire(tmp_path)  # not kept: a trainer dropped without finishing its run
    assert not (tmp_path / LOCK_FILE).exists()


def tiny_cfg(steps=6):
    return load_config(
        "micro_gpt", [*COMMON, *TINY_GPT, "stages.warmup.steps=0", f"stages.grpo.steps={steps}"]
    )


def test_a_second_trainer_on_a_folder_in_training_is_refused_before_writing(tmp_path):
    control = TrainerControl()

    def pause_at_two(record):
        if record.get("kind") == "checkpoint" and record.get("step") == 2:
            control.pause()

    cfg = load_config("micro_gpt", [*COMMON, *TINY_GPT, "run.checkpoint_every=2"])
    first = Trainer(cfg, save_dir=tmp_path, control=control, listeners=[pause_at_two])
    run = first.start()
    thread = threading.Thread(target=first.run)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not control.paused:
            assert time.monotonic() < deadline, "the first run never paused"
            time.sleep(0.01)
        assert lock_holder(run).is_me()
        config = (run / "config.yaml").read_bytes()
        second = Trainer(cfg, resume_from=run)  # reading is fine; writing is not
        with pytest.raises(RunLocked, match=rf"being trained by process {os.getpid()} on "):
            second.run()
        assert (run / "config.yaml").read_bytes() == config
    finally:
        control.resume()
        thread.join(timeout=60)
    assert not (run / LOCK_FILE).exists()  # released at the run's end


def test_train_resume_refuses_a_folder_another_process_trains(holder_process, tmp_path, capsys):
    run, proc = holder_process
    made = Trainer(tiny_cfg(steps=2), save_dir=tmp_path / "runs")
    made.run(max_steps=1)  # a real run stopped at step 1, to resume
    real = made.run_dir
    for name in os.listdir(real):
        os.replace(real / name, run / name)
    config = (run / "config.yaml").read_bytes()
    metrics = (run / "metrics.jsonl").read_bytes()
    assert main(["train", "--resume", str(run), "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("grpo-studio: error: ") and f"process {proc.pid} on " in err
    assert (run / "config.yaml").read_bytes() == config
    assert (run / "metrics.jsonl").read_bytes() == metrics
    proc.kill()
    proc.wait()
    assert main(["train", "--resume", str(run), "--quiet"]) == 0  # its holder gone: it trains
    assert not (run / LOCK_FILE).exists()
