"""What the playground runs: a run's model in PyTorch and its ONNX export. No Qt.

`TorchEngine` loads a run's latest checkpoint with `load_trained`; `OnnxEngine` opens
the snippet runner of the run's architecture (studio.core.export.snippets) over the files
in <run_dir>/exports: the very class the export was verified with and the example
program a user receives, so equal answers here mean the export behaves. What each kind
of question does with them (complete a prompt, translate, play a grid) lives with its
page; both engines' answers come back as an `Answer`, so the tab can show them side by
side.

Loading is slow (seconds); the tab does it off the GUI thread. Answering takes
milliseconds to a second.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QCoreApplication

GREEDY = "greedy"
SAMPLED = "sampled"
BEAM = "beam"


class PlaygroundError(ValueError):
    """An input or a run folder the playground cannot use; the message says what to do.
    `title` heads the dialog that shows it (None: the tab's own)."""

    def __init__(self, message: str, title: str | None = None) -> None:
        super().__init__(message)
        self.title = title


@dataclass
class Answer:
    """One engine's answer to one request."""

    engine: str  # "PyTorch" or "ONNX"
    texts: list[str]  # one line per completion (several when sampling)
    seconds: float  # wall time of the inference alone (not loading)
    frames: list[np.ndarray] = field(default_factory=list)  # grid world: (H, W, 3) uint8
    info: dict[str, Any] = field(default_factory=dict)
    # what to say at each of `frames` (the moves so far, the outcome at the last); empty:
    # `text` throughout
    frame_texts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.texts)

    @property
    def latency(self) -> str:
        ms = self.seconds * 1000
        return f"{ms:.1f} ms" if ms < 100 else f"{ms:.0f} ms"


class TorchEngine:
    """A run's newest readable checkpoint (or `checkpoint`) in PyTorch (CPU, eval mode)."""

    name = "PyTorch"

    def __init__(self, run_dir: Path, checkpoint: Path | None = None) -> None:
        from studio.core.runs.checkpoints import latest_checkpoint
        from studio.core.runs.loading import load_run

        self.run_dir = Path(run_dir)
        self.newest = latest_checkpoint(self.run_dir)  # what was newest when it loaded
        run = load_run(self.run_dir, "cpu", checkpoint)
        self.checkpoint: Path = run.checkpoint  # the file read: a damaged newer one is passed over
        self.notes = run.notes  # which were passed over, one line each
        self.cfg, self.task, self.model = run.cfg, run.task, run.model
        self.model.float().eval()
        self.arch: str = self.cfg.model.ARCH
        self.task_name: str = self.task.NAME
        self.page: str | None = page_for(self.task_name, self.arch)


def page_for(task_name: str, arch: str) -> str | None:
    """The page ("module:Class") that asks a model of `arch` trained on `task_name` its
    questions: the task's own, else its architecture's; None: there is none."""
    from studio.core.models import arch_spec
    from studio.core.tasks import task_class

    return task_class(task_name).PLAYGROUND_PAGE or arch_spec(arch).playground_page


def export_files(run_dir: Path, arch: str) -> list[Path]:
    """The graph files an export of `arch` in <run_dir>/exports needs."""
    from studio.core.export.pipeline import EXPORT_DIR
    from studio.core.export.snippets import snippet_module

    folder = Path(run_dir) / EXPORT_DIR
    return [folder / name for name in snippet_module(arch).FILES.values()]


def has_export(run_dir: Path, arch: str) -> bool:
    return all(p.is_file() for p in export_files(run_dir, arch))


class OnnxEngine:
    """The run's ONNX export, driven by the export's own snippet runner.

    `task` is the run's task, for questions whose rules come from it (the grid world's
    levels); only the model's decisions come from onnxruntime.
    """

    name = "ONNX"

    def __init__(self, run_dir: Path, arch: str, task: Any = None) -> None:
        from studio.core.export.snippets import open_runner

        if not has_export(run_dir, arch):
            raise PlaygroundError(
                QCoreApplication.translate(
                    "PlaygroundTab",
                    "{run}: has no ONNX export yet; press Export (or run "
                    "`grpo-studio export {run}`) first",
                ).format(run=Path(run_dir))
            )
        self.arch, self.task = arch, task
        self.folder = export_files(run_dir, arch)[0].parent
        self.runner = open_runner(arch, self.folder)
        run = self.runner.meta.get("run", {})
        self.checkpoint: str = run.get("checkpoint") or "?"  # the checkpoint file exported
