"""The worker thread: records reach the GUI thread, controls act between steps, failures surface."""

import threading

import pytest
from PySide6.QtCore import QObject

from studio.app.common.dialogs import user_message
from studio.app.session.worker import RunController
from studio.core.training.loop.control import TrainerControl
from tests.helpers import factory


class Collector(QObject):
    """GUI-thread sink for the worker's signals: methods of a QObject living on this thread
    run here (a plain Python object's methods would run on the worker thread)."""

    def __init__(self):
        super().__init__()
        self.records, self.threads, self.failures, self.finals = [], set(), [], []

    def on_record(self, record):
        self.records.append(record)
        self.threads.add(threading.get_ident())

    def on_failed(self, message):
        self.failures.append(message)

    def on_finished(self, final):
        self.finals.append(final)


@pytest.fixture
def controller():
    ctl = RunController(control_factory=TrainerControl)
    yield ctl
    if ctl.worker is not None:
        ctl.stop()
    assert ctl.wait(5000)


def wire(controller, sink):
    def connect(worker):
        worker.record_emitted.connect(sink.on_record)
        worker.failed.connect(sink.on_failed)
        worker.finished.connect(sink.on_finished)

    controller.worker_created.connect(connect)


def test_records_arrive_on_the_gui_thread(qtbot, controller):
    sink = Collector()
    wire(controller, sink)
    controller.start(factory(steps=5))
    qtbot.waitUntil(lambda: controller.state == "idle", timeout=3000)
    steps = [r["step"] for r in sink.records if r["kind"] == "step"]
    assert steps == [1, 2, 3, 4, 5]
    assert sink.threads == {threading.get_ident()}
    assert sink.finals == [{"kind": "done", "step": 5, "reason": "finished"}]


def test_pause_step_resume_stop(qtbot, controller):
    sink = Collector()
    wire(controller, sink)
    fac = factory(steps=10_000, delay=0.002)
    controller.start(fac)
    qtbot.waitUntil(lambda: len(sink.records) > 3, timeout=3000)
    controller.pause()
    qtbot.wait(200)
    trainer = fac.built[0]
    paused_at = trainer.steps_done
    qtbot.wait(300)
    assert trainer.steps_done == paused_at  # paused means no steps
    controller.step_once()
    qtbot.waitUntil(lambda: trainer.steps_done == paused_at + 1, timeout=1000)
    qtbot.wait(200)
    assert trainer.steps_done == paused_at + 1  # exactly one, then paused again
    controller.resume()
    qtbot.waitUntil(lambda: trainer.steps_done > paused_at + 20, timeout=2000)
    with qtbot.waitSignal(
        controller.state_changed, timeout=1000, check_params_cb=lambda s: s == "idle"
    ):
        controller.stop()  # within a second
    assert sink.finals[-1]["reason"] == "stopped"


def test_failure_sends_the_message_and_keeps_the_traceback_as_details(qtbot, controller):
    sink = Collector()
    wire(controller, sink)
    controller.start(factory(steps=10, fail_at=3))
    qtbot.waitUntil(lambda: controller.state == "idle", timeout=3000)
    assert sink.failures == ["data/train.txt line 3: expected 'a+b=c'; fix the line"]
    errors = [r for r in sink.records if r.get("level") == "error"]
    assert errors[0]["message"] == f"training failed: {sink.failures[0]}"  # one line
    assert errors[0]["details"].startswith("Traceback") and "ValueError" in errors[0]["details"]
    # The controller is free for the next run.
    controller.start(factory(steps=2))
    qtbot.waitUntil(lambda: controller.state == "idle", timeout=3000)
    assert sink.finals[-1]["step"] == 2


def test_a_second_start_while_running_is_refused(qtbot, controller):
    controller.start(factory(steps=10_000, delay=0.002))
    with pytest.raises(RuntimeError, match="already in progress"):
        controller.start(factory(steps=1))


def test_start_right_as_a_run_ends_is_not_refused(qtbot, controller):
    # The thread has ended but its queued `finished` is not delivered yet (no event loop
    # turn between): Reset or Start pressed at that moment starts, it does not raise.
    controller.start(factory(steps=2))
    thread = controller._thread
    assert thread is not None
    thread.finished.disconnect(controller._on_thread_finished)  # "not delivered yet"
    qtbot.waitUntil(thread.isFinished, timeout=5000)
    assert controller._thread is thread
    controller.start(factory(steps=3))
    qtbot.waitUntil(lambda: controller.state == "idle", timeout=5000)


def test_user_message():
    assert user_message(ValueError("bad file; fix it")) == "bad file; fix it"
    assert user_message(KeyError("x")) == "KeyError: 'x'"
    assert "Out of memory" in user_message(MemoryError())
    assert "no message" in user_message(RuntimeError())


def test_a_run_freezes_what_its_trainer_built_and_frees_its_cycles_at_the_end(qtbot, controller):
    import gc
    import weakref

    from tests.helpers import FakeTrainer

    class Node:
        pass

    refs = []

    def build(control, listeners):
        trainer = FakeTrainer(control, listeners, steps=30, delay=0.01)
        node = Node()
        node.itself, node.trainer, trainer.node = node, trainer, node  # cycles
        refs.append(weakref.ref(node))
        return trainer

    def frozen() -> bool:  # tracked, but in no generation a collection looks at
        node = refs[0]() if refs else None
        return node is not None and not any(o is node for g in range(3) for o in gc.get_objects(g))

    controller.start(build)
    qtbot.waitUntil(frozen, timeout=3000)  # frozen once the trainer was built
    qtbot.waitUntil(lambda: controller.state == "idle", timeout=5000)
    assert refs[0]() is None  # thawed and collected when the run ended
    assert gc.get_freeze_count() > 10_000  # the libraries are frozen again


def test_a_run_started_right_after_waiting_for_the_last_one_does_not_block_the_window(
    qtbot, controller
):
    import time

    controller.start(factory(steps=10_000, delay=0.002))
    qtbot.wait(100)
    controller.stop()
    assert controller.wait(5000) and controller.state == "idle"
    # At once, before the first thread's queued `finished` arrives: a 1.5 s run.
    controller.start(factory(steps=75, delay=0.02))
    started = time.perf_counter()
    qtbot.wait(300)  # the old thread's late signal is delivered here
    assert time.perf_counter() - started < 1.0  # the event loop was not blocked
    assert controller.running and controller.state == "running"
    qtbot.waitUntil(lambda: controller.state == "idle", timeout=5000)


@pytest.mark.parametrize(("preset_threads", "expected"), [(0, 1), (2, 2)])
def test_the_window_trains_on_one_thread_unless_the_preset_names_a_count(
    monkeypatch, preset_threads, expected
):
    import torch

    from studio.app.session import worker
    from studio.core.catalogue import load_config
    from studio.core.training.loop import trainer

    seen: list[int] = []

    class Recorder:
        def __init__(self, cfg, **kwargs) -> None:
            # the Trainer sets a count the config names itself; 0 leaves torch as it is
            if cfg.training.threads:
                torch.set_num_threads(cfg.training.threads)
            seen.append(torch.get_num_threads())

        def start(self) -> None:
            pass

    before = torch.get_num_threads()
    monkeypatch.setattr(trainer, "Trainer", Recorder)
    cfg = load_config("quick_micro_gpt", [f"training.threads={preset_threads}"])
    try:
        torch.set_num_threads(2)  # torch's choice on a 2-core machine
        worker.trainer_factory(cfg)(TrainerControl(), [])
    finally:
        torch.set_num_threads(before)
    assert seen == [expected]
    assert cfg.training.threads == preset_threads  # the run folder keeps what was chosen
