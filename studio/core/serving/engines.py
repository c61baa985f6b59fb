"""A finished run ready to answer: its model in PyTorch, or its ONNX export.

`TorchEngine` loads a run's newest readable checkpoint (or the one named) on the CPU in
eval mode; `OnnxEngine` opens the snippet runner of the run's architecture
(studio.core.export.snippets) over the files in <run_dir>/exports: the very class the
export was verified with and the example program a user receives, so equal answers from
the two mean the export behaves. What each kind of question does with them lives with
the question (completion.py here; the playground's pages for the window).

Loading takes seconds; answering milliseconds to a second. The window imports this module
when it starts, so the export code (onnx) is imported only once an export is looked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from studio.core.export.snippets import open_runner, snippet_module
from studio.core.files import inside
from studio.core.messages import say
from studio.core.models import Question, arch_spec
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_run
from studio.core.tasks import task_class


class ServingError(ValueError):
    """A run folder that cannot answer as asked; the message says what to do."""


def question_for(task_name: str, arch: str) -> Question | None:
    """The kind of question the playground asks a model of `arch` trained on `task_name`:
    the task's own, else its architecture's; None: none."""
    return task_class(task_name).QUESTION or arch_spec(arch).question


def export_files(run_dir: Path, arch: str) -> list[Path]:
    """The graph files an export of `arch` in <run_dir>/exports needs."""
    from studio.core.export.pipeline import EXPORT_DIR  # imports onnx: see above

    folder = Path(run_dir) / EXPORT_DIR
    return [folder / name for name in snippet_module(arch).FILES.values()]


def has_export(run_dir: Path, arch: str) -> bool:
    return all(p.is_file() for p in export_files(run_dir, arch))


def export_folder(run_dir: Path, arch: str) -> Path:
    """<run_dir>/exports when it holds every graph file an export of `arch` needs, each
    a plain file of the run folder whose graph fits in memory (graph_bounds.py), before
    onnxruntime opens any; else an error naming the file and the fix."""
    from studio.core.export.graph_bounds import check_graph_file

    files = export_files(run_dir, arch)
    missing = next((p for p in files if not p.exists() and not p.is_symlink()), None)
    if missing is not None:
        raise ServingError(
            say(
                "{run}: has no ONNX export yet ({file} is missing); export it first ({command})",
                run=Path(run_dir),
                file=missing,
                command=f"grpo-studio export {Path(run_dir)}",
            )
        )
    for path in files:
        check_graph_file(inside(run_dir, path))
    return files[0].parent


class TorchEngine:
    """A run's newest readable checkpoint (or `checkpoint`) in PyTorch (CPU, eval mode)."""

    name = "PyTorch"

    def __init__(self, run_dir: Path, checkpoint: Path | None = None) -> None:
        self.run_dir = Path(run_dir)
        self.newest = latest_checkpoint(self.run_dir)  # what was newest when it loaded
        run = load_run(self.run_dir, "cpu", checkpoint)
        self.checkpoint: Path = run.checkpoint  # the file read: a damaged newer one is passed over
        self.notes = run.notes  # which were passed over, one line each
        self.cfg, self.task, self.model = run.cfg, run.task, run.model
        self.model.float().eval()
        self.arch: str = self.cfg.model.ARCH
        self.task_name: str = self.task.NAME
        self.question: Question | None = question_for(self.task_name, self.arch)


class OnnxEngine:
    """The run's ONNX export, driven by the export's own snippet runner.

    `task` is the run's task, for questions whose rules come from it (the grid world's
    levels); only the model's decisions come from onnxruntime.
    """

    name = "ONNX"

    def __init__(self, run_dir: Path, arch: str, task: Any = None) -> None:
        self.folder = export_folder(run_dir, arch)
        self.arch, self.task = arch, task
        self.runner = open_runner(arch, self.folder)
        run = self.runner.meta.get("run", {})
        self.checkpoint: str = run.get("checkpoint") or "?"  # the checkpoint file exported
