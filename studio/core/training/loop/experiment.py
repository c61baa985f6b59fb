"""Train an experiment's variants side by side, taking turns step by step.

How they share the machine: each variant's Trainer runs in a thread of its own, but a
baton lets only one of them work at a time, and it passes on at every step's turn
(`TrainerControl.wait_for_turn`): variant 0 takes a step, then variant 1, and so on
round the ring. On a 2-core CPU two trainers at once would fight over the cores (torch's
threads slowed each other many times over, benchmarks/RESULTS.md); in turns, each step
runs at full speed and every variant gets the same share of steps, whatever its steps
cost. Everything a trainer does between two turns (its evaluation, a checkpoint) is part
of its turn; building a trainer is too.

The warm-up is shared: variant 0 trains it alone, and when its GRPO stage starts (after
the warm-up's last evaluation) every other variant gets a run folder of its own holding
the warm-up's records and a checkpoint of the model as GRPO found it
(checkpoints/grpo_start.pt, without an optimizer), from which it resumes with its own
settings: its GRPO stage starts afresh (its own learning rate, its own reference model).
So each variant's metrics.jsonl holds its whole run, warm-up included, and GRPO starts
for all of them from the same model within a step of each other. A preset without a
warm-up starts every variant from step 0 with the same seed.

One TrainerControl serves them all: pause, stop and single steps act on the experiment
(a single step is the next variant's step). Listeners get every record; those of
variant i > 0 carry "variant": i (variant 0's are as a single run's, so the window's
views follow it).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from studio.core.catalogue import variant_configs
from studio.core.config.experiments import Variant
from studio.core.config.loading import save_config
from studio.core.config.sections import StudioConfig
from studio.core.files import atomic_write_text
from studio.core.machine.distributed import SINGLE
from studio.core.messages import say
from studio.core.runs import checkpoints as ckpt
from studio.core.runs.folder import (
    CONFIG_FILE,
    DATA_REPORT_FILE,
    METRICS_FILE,
    TASK_FILE,
    default_save_dir,
    new_run_dir,
)
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.control import TrainerControl
from studio.core.training.loop.preflight import check_variants
from studio.core.training.loop.trainer import Trainer
from studio.core.training.reporting.records import log_record
from studio.core.training.stages.state import GRPO_START, save_training_state

Listener = Callable[[dict], None]
VARIANT_KEY = "variant"  # the index a record of variant i > 0 carries


def grpo_begins(record: dict) -> bool:
    return (
        record.get("kind") == "stage"
        and record.get("stage") == "grpo"
        and record.get("event") == "start"
    )


class Baton:
    """Which variant may work now: one at a time, round a ring of those still running."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._ring: list[int] = [0]
        self.holder = 0

    def join(self, index: int) -> None:
        with self._cond:
            if index not in self._ring:
                self._ring = sorted([*self._ring, index])

    def acquire(self, index: int) -> None:
        with self._cond:
            while self.holder != index:
                self._cond.wait(timeout=0.5)

    def pass_on(self, index: int) -> None:
        """`index` has had its turn: the next in the ring works (itself when alone)."""
        with self._cond:
            if self.holder == index and index in self._ring:
                i = self._ring.index(index)
                self.holder = self._ring[(i + 1) % len(self._ring)]
                self._cond.notify_all()

    def leave(self, index: int) -> None:
        """`index` has ended: out of the ring, its turn (if it held it) to the next."""
        with self._cond:
            if index not in self._ring:
                return
            i = self._ring.index(index)
            self._ring.remove(index)
            if self.holder == index and self._ring:
                self.holder = self._ring[i % len(self._ring)]
            self._cond.notify_all()


class TurnControl:
    """One variant's view of the experiment's control: its step's turn waits for the
    baton, then for the shared control (pause, stop, single step)."""

    def __init__(self, shared: TrainerControl, baton: Baton, index: int) -> None:
        self._shared, self._baton, self._index = shared, baton, index

    def wait_for_turn(self, poll_s: float = 0.1) -> bool:
        self._baton.pass_on(self._index)
        self._baton.acquire(self._index)
        return self._shared.wait_for_turn(poll_s)

    def hold(self, poll_s: float = 0.1) -> None:
        self._shared.hold(poll_s)

    def serve(self, answerer: Any) -> None:
        if self._index == 0:  # the window's questions are about the run it shows: variant 0
            self._shared.serve(answerer)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._shared, name)


class Experiment:
    """The variants of `cfg` trained in turns; `run` returns variant 0's done record with
    every variant's under "variants". Like a Trainer to the window's worker: `start()`
    makes (and `run_dir` names) variant 0's run folder; `run_dirs` names them all."""

    def __init__(
        self,
        cfg: StudioConfig,
        variants: Sequence[Variant],
        *,
        save_dir: Path | None = None,
        control: TrainerControl | None = None,
        listeners: Sequence[Listener] = (),
        trainer: type[Trainer] = Trainer,
    ) -> None:
        self.variants = list(variants)
        self.configs = variant_configs(cfg, self.variants)
        self.labels = [v.label for v in self.variants]
        self.control = control or TrainerControl()
        self.listeners = list(listeners)
        self._trainer_cls = trainer
        self._save_root = Path(save_dir or cfg.run.save_dir or default_save_dir())
        self._baton = Baton()
        self._threads: list[threading.Thread] = []
        self._max_steps: int | None = None
        self._seen_first = 0  # records of variant 0 so far (until the others fork from it)
        self._forked = False
        self.run_dirs: list[Path | None] = [None] * len(self.variants)
        self.finals: list[dict | None] = [None] * len(self.variants)
        self.errors: list[BaseException | None] = [None] * len(self.variants)
        self.first = trainer(
            self.configs[0],
            save_dir=self._save_root,
            control=TurnControl(self.control, self._baton, 0),  # type: ignore[arg-type]
            listeners=[self._from_first],
        )
        # the others share what was fitted to the data and the machine, then their own
        # settings; each is checked now, before anything is trained or written
        first = self.first
        self.configs[1:] = check_variants(
            first.cfg, self.variants, first.task, first.device, first.distiller, start=1
        )[1:]
        self.shares_warmup = any(name == "warmup" for name, _ in self.first.plan)

    @property
    def run_dir(self) -> Path | None:
        return self.first.run_dir

    @property
    def task(self) -> Any:
        return self.first.task

    def start(self) -> Path:
        if self.first.run_dir is None:  # named as every variant's folder is
            self.first.run_dir = self._new_folder(0)
        folder = self.first.start()
        self.run_dirs[0] = folder
        return folder

    # ---- records

    def _emit(self, index: int, record: dict) -> None:
        if index:
            record = {**record, VARIANT_KEY: index}
        for listener in self.listeners:
            listener(record)

    def _from_first(self, record: dict) -> None:
        if not self._forked and grpo_begins(record) and self.shares_warmup:
            self._fork()  # before its start record: the others' folders hold what came before
        if not self._forked:
            self._seen_first += 1
        self._emit(0, record)

    # ---- the run

    def run(self, max_steps: int | None = None) -> dict:
        self._max_steps = max_steps
        self.start()
        if not self.shares_warmup:
            for i in range(1, len(self.variants)):
                self._launch(i, None)
            self._forked = True
        try:
            final = self.first.run(max_steps)
            self.finals[0] = final
        except BaseException as err:
            self.errors[0] = err
            self.control.stop()  # the others stop at their next turn
        finally:
            self._baton.leave(0)
            for thread in self._threads:
                thread.join()
        failed = next((e for e in self.errors if e is not None), None)
        if failed is not None:
            raise failed
        return {**(self.finals[0] or {}), "variants": [dict(f or {}) for f in self.finals]}

    def _launch(self, index: int, resume_from: Path | None) -> None:
        self._baton.join(index)
        thread = threading.Thread(
            target=self._run_variant,
            args=(index, resume_from),
            name=f"studio-variant-{index}",
            daemon=True,  # a window closed hard does not hang on it; run() joins it
        )
        self._threads.append(thread)
        thread.start()

    def _run_variant(self, index: int, resume_from: Path | None) -> None:
        self._baton.acquire(index)
        try:
            if self.control.stop_requested:
                return
            cfg = self.configs[index]
            trainer = self._trainer_cls(
                cfg,
                save_dir=self._save_root if resume_from is None else None,
                resume_from=resume_from,
                control=TurnControl(self.control, self._baton, index),  # type: ignore[arg-type]
                listeners=[lambda record: self._emit(index, record)],
            )
            if resume_from is None:  # no shared warm-up: a fresh folder, named alike
                trainer.run_dir = self._new_folder(index)
            self.run_dirs[index] = trainer.start()
            self.finals[index] = trainer.run(self._max_steps)
        except BaseException as err:  # reported by run(), on the caller's thread
            self.errors[index] = err
            failed = say(
                "variant {label} failed: {problem}", label=self.labels[index], problem=str(err)
            )
            self._emit(index, log_record(0, failed, "error"))
            self.control.stop()
        finally:
            self._baton.leave(index)

    def _new_folder(self, index: int) -> Path:
        """Variant `index`'s fresh run folder, `<date-time>-<preset>-<label>` for every
        variant alike (variant 0's once had no label; such folders open as any run's)."""
        return new_run_dir(self._save_root, f"{self.configs[index].name}-{self.labels[index]}")

    def _fork(self) -> None:
        """Variant 0 has trained the warm-up and its GRPO stage is starting: give every
        other variant a run folder that resumes from this point with its own settings."""
        self._forked = True
        source = self.first.run_dir
        assert source is not None
        records = read_metrics(source)[: self._seen_first]
        found = ckpt.read_checkpoint(source, "cpu", GRPO_START)
        state = found.state
        step = int(state["position"]["global_step"])
        for index in range(1, len(self.variants)):
            folder = self._new_folder(index)
            save_config(self.configs[index], folder / CONFIG_FILE)
            for name in (TASK_FILE, DATA_REPORT_FILE):
                if (source / name).is_file():
                    atomic_write_text(folder / name, (source / name).read_text(encoding="utf-8"))
            atomic_write_text(
                folder / METRICS_FILE,
                "".join(_json_line(r) for r in records),
            )
            own = {**state, "position": {**state["position"], "records": len(records)}}
            save_training_state(folder, step, own, self.configs[index].run.keep_checkpoints, SINGLE)
            self._launch(index, folder)


def _json_line(record: dict) -> str:
    import json

    return json.dumps(record, ensure_ascii=False) + "\n"
