"""The training worker: a QObject moved to a QThread runs `Trainer.run`; records become signals.

Pattern from superqt's `_qthreading.py` and napari: the worker thread runs no event
loop, it runs the trainer's blocking loop; the GUI asks it to pause, resume, step or
stop through a thread-safe `TrainerControl` the trainer checks between steps (within a
second). The trainer's listener only emits `record_emitted` (a queued signal, so the
slot runs on the GUI thread); it never touches a widget.

Signals are named as past events: `run_started(str)` with the run folder,
`record_emitted(object)` per record, `failed(object)` with the user-facing message (the log
gets it first as an error record, in one line with the traceback as its details),
`finished(dict)` with the final record.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from studio.app.common.dialogs import user_message
from studio.app.common.qt_compat import collect_garbage_on_gui_thread
from studio.app.i18n.messages import translate_message
from studio.core.training.reporting.records import error_record

Listener = Callable[[dict], None]
# (control, listeners) -> an object with .run_dir (its run folder, already made) and
# .run(max_steps) -> dict
TrainerFactory = Callable[[Any, list[Listener]], Any]


def grpo_starts(record: dict) -> bool:
    """Whether `record` is the GRPO stage's start (a new stage, not one resumed)."""
    return (
        record.get("kind") == "stage"
        and record.get("stage") == "grpo"
        and record.get("event") == "start"
    )


def make_control() -> Any:
    """The engine's thread-safe pause/resume/stop/step requests."""
    from studio.core.training.loop.control import TrainerControl

    return TrainerControl()


# torch's CPU threads for a run whose preset leaves them to torch (training.threads 0).
# torch's choice is one per core; on a 2-core laptop busy with other programs its OpenMP
# threads spin at every barrier against them, and quick Micro-GPT trained 17x slower than
# on one thread, in the window and headless alike (benchmarks/RESULTS.md, "The window's
# training speed"). A preset or the Settings tab that names a count keeps it.
WINDOW_THREADS = 1


def trainer_factory(
    cfg: Any, save_dir: Path | None = None, resume_from: Path | None = None
) -> TrainerFactory:
    """A factory that builds the real Trainer inside the worker thread (building is slow)
    and starts its run there, so that `run_started` names the run folder it made."""

    def build(control: Any, listeners: list[Listener]) -> Any:
        import torch

        from studio.core.training.loop.trainer import Trainer

        if not cfg.training.threads:  # the config is left as it is: the run folder says 0
            torch.set_num_threads(WINDOW_THREADS)
        trainer = Trainer(
            cfg, save_dir=save_dir, resume_from=resume_from, control=control, listeners=listeners
        )
        trainer.start()
        return trainer

    return build


def experiment_factory(
    cfg: Any, variants: list[Any], save_dir: Path | None = None
) -> TrainerFactory:
    """A factory like trainer_factory's for an experiment: its variants trained in turns
    in the worker thread (studio.core.training.loop.experiment), variant 0's folder named."""

    def build(control: Any, listeners: list[Listener]) -> Any:
        import torch

        from studio.core.training.loop.experiment import Experiment

        if not cfg.training.threads:
            torch.set_num_threads(WINDOW_THREADS)
        experiment = Experiment(
            cfg, variants, save_dir=save_dir, control=control, listeners=listeners
        )
        experiment.start()
        return experiment

    return build


class TrainerWorker(QObject):
    """Runs one training run in its thread. Create, move to a QThread, connect, start."""

    run_started = Signal(str)
    record_emitted = Signal(object)
    failed = Signal(object)  # the message: a core Message keeps its id to be translated
    finished = Signal(object)  # the final record (a dict: its reason may be a core Message)

    def __init__(
        self,
        factory: TrainerFactory,
        control: Any,
        max_steps: int | None = None,
        pause_at_grpo: bool = False,
    ):
        super().__init__()
        self._factory = factory
        self.control = control
        self._max_steps = max_steps
        self.pause_at_grpo = pause_at_grpo  # "Pause when GRPO starts"

    def _relay(self, record: dict) -> None:
        # Called on the worker thread by the trainer: emit only (queued to the GUI thread).
        if self.pause_at_grpo and grpo_starts(record):
            # asked here, on the trainer's thread before it goes on: the pause is in place
            # before the first GRPO step's turn, however late the GUI hears of it
            self.control.pause_before_next_step()
        self.record_emitted.emit(record)

    @Slot()
    def run(self) -> None:
        try:
            trainer = self._factory(self.control, [self._relay])
            self.run_started.emit(str(getattr(trainer, "run_dir", "") or ""))
            final = trainer.run(self._max_steps)
        except BaseException as err:  # anything: the app must survive a failing run
            message = user_message(err)
            line = QCoreApplication.translate("TrainerWorker", "training failed: {message}")
            # the log's one line (in the window's language), the traceback as its details
            shown = line.format(message=translate_message(message))
            self.record_emitted.emit(error_record(err, shown))
            self.failed.emit(message)
            return
        self.finished.emit(dict(final or {}))


class RunController(QObject):
    """Owns the worker and its thread for one run at a time; lives on the GUI thread.

    Connect to `worker_created(worker)` to wire each new worker's signals to GUI-thread
    slots before its thread starts.
    """

    worker_created = Signal(object)
    # "idle" | "running" | "paused" | "stepping" (one step asked, under way) | "stopping"
    state_changed = Signal(str)

    def __init__(self, control_factory: Callable[[], Any] = make_control, parent=None):
        super().__init__(parent)
        self._control_factory = control_factory
        self._collector = collect_garbage_on_gui_thread()  # before any worker thread allocates
        self._thread: QThread | None = None
        self.worker: TrainerWorker | None = None
        self.state = "idle"

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.isRunning()

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    def start(
        self, factory: TrainerFactory, max_steps: int | None = None, pause_at_grpo: bool = False
    ) -> TrainerWorker:
        """Run `factory`'s trainer in a new thread; `pause_at_grpo`: pause before the first
        step of its GRPO stage (Step then takes GRPO steps)."""
        if self._thread is not None and self._thread.isFinished():
            # the run ended but its queued `finished` has not reached us yet (Reset or
            # Start pressed at that moment): release it now, as that call would
            self._release(self._thread)
        if self._thread is not None:
            raise RuntimeError("a run is already in progress; stop it before starting another")
        thread = QThread()
        thread.setObjectName("studio-trainer")
        worker = TrainerWorker(factory, self._control_factory(), max_steps, pause_at_grpo)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        # Bound methods of GUI-thread objects, so these run on the GUI thread (queued).
        worker.run_started.connect(self._on_run_started)
        worker.finished.connect(self._on_worker_finished)
        worker.failed.connect(self._on_worker_failed)
        worker.record_emitted.connect(self._on_record)
        thread.finished.connect(self._on_thread_finished)
        self._thread, self.worker = thread, worker
        self.worker_created.emit(worker)
        self._set_state("running")
        thread.start()
        return worker

    @Slot(str)
    def _on_run_started(self, run_dir: str) -> None:
        del run_dir
        # The trainer is built: keep what it made (model, data, modules) out of collections.
        self._collector.freeze()

    @Slot(object)
    def _on_record(self, record: dict) -> None:
        # the step asked is done: paused after it (a late record of an earlier run is not it)
        worker = self.worker
        if worker is None or self.sender() is not worker:
            return
        if self.state == "stepping" and record.get("kind") == "step":
            self._set_state("paused")
        elif self.state == "running" and worker.pause_at_grpo and grpo_starts(record):
            self._set_state("paused")  # the worker asked the pause when it relayed this

    @Slot(object)
    def _on_worker_finished(self, final: dict) -> None:
        del final
        if self._thread is not None:
            self._thread.quit()

    @Slot(object)
    def _on_worker_failed(self, message: str) -> None:
        del message
        if self._thread is not None:
            self._thread.quit()

    @Slot()
    def _on_thread_finished(self) -> None:
        sender = self.sender()
        # No sender: the thread was released by `wait` and deleted before this queued call
        # arrived. Falling back to the current thread here waited on the NEXT run's thread,
        # blocking the window until that run ended (Stop, wait, Start at once).
        if isinstance(sender, QThread):
            self._release(sender)

    def _release(self, thread: QThread | None) -> None:
        if thread is None or thread is not self._thread:
            return  # an earlier run's late signal
        # `finished` is emitted from inside the thread: wait the last moment before dropping
        # the QThread, or Qt aborts with "Destroyed while thread is still running".
        thread.wait()
        self._thread, self.worker = None, None
        self._collector.settle()  # the run's objects are garbage now, cycles included
        self._set_state("idle")

    def pause(self) -> None:
        if self.worker is not None:
            self.worker.control.pause()
            self._set_state("paused")

    def resume(self) -> None:
        if self.worker is not None:
            self.worker.control.resume()
            self._set_state("running")

    def step_once(self) -> None:
        """One step, then paused: "stepping" until its record comes, then "paused"."""
        if self.worker is not None:
            self.worker.control.step_once()
            self._set_state("stepping")

    def stop(self) -> None:
        if self.worker is not None:
            self.worker.control.stop()
            self._set_state("stopping")

    def wait(self, timeout_ms: int = 30_000) -> bool:
        """Block until the worker thread ends (after stop); True if it did in time."""
        thread = self._thread
        if thread is None:
            return True
        thread.quit()  # the loop ends only once run() returns; quit makes the thread exit then
        done = thread.wait(timeout_ms)
        if done:
            self._release(thread)
        return done
