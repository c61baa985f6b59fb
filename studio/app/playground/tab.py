"""The Playground tab: try the current run's model, in PyTorch, in ONNX, or both side by side.

Micro-GPT: a prompt and its greedy or sampled continuations. Tiny-Transformer: a sentence
and its translation (greedy or beam). Lite-ResNet in the grid world: a new held-out grid
played by the agent, step by step or animated, saved as a GIF on request.

The PyTorch side is the run's latest checkpoint (`load_trained`, reloaded when a newer
checkpoint appears); the ONNX side runs the export's own snippet classes on
<run_dir>/exports (engines.py), offering to export first when there is none.
Loading a model and exporting run off the GUI thread (background.py, exporter.py);
an answer itself takes milliseconds, so it runs on the GUI thread. Every error reaches
the person as a dialog (dialogs.show_error), never as a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from studio.app import dialogs
from studio.app.background import run_in_background
from studio.app.exporter import Exporter
from studio.app.playground.engines import (
    BEAM,
    GREEDY,
    Answer,
    OnnxEngine,
    TorchEngine,
    has_export,
)
from studio.app.playground.pages import AnswerPanel, GptPage, GridPage, TranslationPage

ENGINES = ("PyTorch", "ONNX", "Both")
PAGES = {"micro-gpt": "gpt", "tiny-transformer": "translation", "gridworld": "grid"}


class PlaygroundTab(QWidget):
    """The playground; run_dir_provider() names the current run folder (or None).

    Signals: `loaded()` once engines are ready, `answered(list)` with the answers shown.
    `exporter` is the window's Export button (its `widget` goes in the toolbar).
    """

    loaded = Signal()
    answered = Signal(list)

    def __init__(self, run_dir_provider: Callable[[], str | None]) -> None:
        super().__init__()
        self._run_dir = run_dir_provider
        self.torch_engine: TorchEngine | None = None
        self.onnx_engine: OnnxEngine | None = None
        self.onnx_problem = ""  # why there is no ONNX engine, shown in the ONNX column
        self.loading = False
        self._pending: Callable[[], None] | None = None  # the request waiting for a load

        self.exporter = Exporter(run_dir_provider, self)
        self.exporter.exported.connect(self._on_exported)
        self.exporter.export_failed.connect(self._on_export_failed)

        self.run_label = QLabel("No run yet: start one, or open one in the Runs list.")
        self.run_label.setWordWrap(True)
        self.engine = QComboBox()
        self.engine.addItems(ENGINES)
        self.engine.setToolTip("Answer with the live PyTorch model, the ONNX export, or both")
        self.reload_button = QPushButton("Reload")
        self.reload_button.setToolTip("Load the run's latest checkpoint and its export again")
        self.reload_button.clicked.connect(self.load)
        header = QHBoxLayout()
        header.addWidget(self.run_label, 1)
        header.addWidget(QLabel("Run with"))
        header.addWidget(self.engine)
        header.addWidget(self.reload_button)

        self.gpt = GptPage()
        self.translation = TranslationPage()
        self.grid = GridPage()
        self.nothing = QLabel(
            "This task has no playground yet (Micro-GPT, translation, grid world)."
        )
        self.pages = QStackedWidget()
        for page in (self.gpt, self.translation, self.grid, self.nothing):
            self.pages.addWidget(page)
        self.gpt.asked.connect(lambda: self.request(self._ask_gpt))
        self.translation.asked.connect(lambda: self.request(self._ask_translation))
        self.grid.asked.connect(lambda: self.request(self._ask_grid))
        self.grid.gif_requested.connect(self.save_gif)
        self.answers = AnswerPanel()
        self.grid.frame_changed.connect(self.answers.show_frame)

        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(self.pages)
        layout.addWidget(self.answers, 1)

    # ---- loading

    def stale(self) -> bool:
        """True when the engines are not those of the current run's latest files."""
        from studio.core.runs.checkpoints import latest_checkpoint

        run_dir = self._run_dir()
        engine = self.torch_engine
        if not run_dir or engine is None or engine.run_dir != Path(run_dir):
            return True
        if latest_checkpoint(engine.run_dir) != engine.checkpoint:
            return True
        return self.onnx_engine is None and has_export(engine.run_dir, engine.arch)

    def load(self) -> bool:
        """(Re)load the current run's engines off the GUI thread; False if there is no run."""
        run_dir = self._run_dir()
        if not run_dir:
            self._pending = None
            dialogs.show_error(
                self, "No run yet", "Start a run, or open one in the Runs list, to try its model."
            )
            return False
        if self.loading:
            return True
        self.loading = True
        self.reload_button.setEnabled(False)
        self.run_label.setText(f"Loading {run_dir} …")
        run_in_background(lambda: load_engines(Path(run_dir)), self._on_loaded, self._on_error)
        return True

    def _on_loaded(self, engines: tuple[TorchEngine, OnnxEngine | None, str]) -> None:
        self.loading = False
        self.reload_button.setEnabled(True)
        before = self.torch_engine.run_dir if self.torch_engine is not None else None
        self.torch_engine, self.onnx_engine, self.onnx_problem = engines
        engine = self.torch_engine
        if engine.run_dir != before:  # another run: its answers and grids start afresh
            self.answers.clear()
            self.grid.index = 0 if self._pending is not None else -1  # a waiting "New grid"
            self.grid.set_frames(0)
        key = engine.task_name if engine.arch == "lite-resnet" else engine.arch
        page = {"gpt": self.gpt, "translation": self.translation, "grid": self.grid}.get(
            PAGES.get(key, ""), self.nothing
        )
        self.pages.setCurrentWidget(page)
        ckpt = engine.checkpoint.name if engine.checkpoint else "?"
        onnx = "no ONNX export yet"
        if self.onnx_engine is not None:
            onnx = f"ONNX export of {self.onnx_engine.checkpoint}"
            if self.onnx_engine.checkpoint != ckpt:
                onnx += " (an older checkpoint: press Export for the latest)"
        self.run_label.setText(f"{engine.run_dir} — {engine.arch}, {ckpt}; {onnx}")
        self.loaded.emit()
        pending, self._pending = self._pending, None
        if pending is not None:
            self.request(pending, fresh=True)

    def _on_error(self, message: str, details: str) -> None:
        del details
        self.loading = False
        self._pending = None
        self.reload_button.setEnabled(True)
        self.run_label.setText(f"Could not load the run: {message}")
        dialogs.show_error(self, "Cannot load the model", message)

    def _on_exported(self, result: Any) -> None:
        engine = self.torch_engine
        if engine is not None and Path(result.folder).parent == engine.run_dir:
            self.onnx_engine = None  # the tab reloads on the next request
        if self._pending is not None:
            self.load()

    def _on_export_failed(self, message: str) -> None:
        del message
        self._pending = None

    # ---- asking

    def request(self, ask: Callable[[], None], *, fresh: bool = False) -> None:
        """Answer with `ask` now, or once the current run's engines have (re)loaded.

        fresh: the engines were just loaded; a run that checkpoints every step would
        otherwise make them stale again before every answer."""
        if self.loading or (not fresh and self.stale()):
            self._pending = ask
            self.load()
            return
        if self.engine.currentText() != "PyTorch" and self.onnx_engine is None:
            engine = self.torch_engine
            question = (
                f"{engine.run_dir} has no ONNX export yet"
                + (f" ({self.onnx_problem})" if self.onnx_problem else "")
                + ". Export it now (a few seconds)?"
            )
            if dialogs.ask_yes_no(self, "Export first?", question):
                self._pending = ask
                self.exporter.export(str(engine.run_dir))
                return
            if self.engine.currentText() == "ONNX":
                return
        ask()

    def _engines(self) -> tuple[TorchEngine | None, OnnxEngine | None]:
        choice = self.engine.currentText()
        torch_engine = self.torch_engine if choice != "ONNX" else None
        onnx_engine = self.onnx_engine if choice != "PyTorch" else None
        return torch_engine, onnx_engine

    def _answer(
        self, work: Callable[[], tuple[list[Answer], dict[str, str]]], compare: bool = True
    ) -> bool:
        """Run `work` and show its answers; compare: say whether PyTorch and ONNX agree
        (not for independent random samples)."""
        try:
            answers, notes = work()
        except ValueError as err:  # bad input (unknown character, too long): say so
            dialogs.show_error(self, "Cannot answer that", str(err))
            return False
        self.answers.show_answers(answers, notes, compare=compare)
        self.answered.emit(answers)
        return True

    def _ask_gpt(self) -> None:
        page = self.gpt
        prompt = page.prompt.text()
        greedy = page.mode.currentText() == GREEDY
        torch_engine, onnx_engine = self._engines()

        def work() -> tuple[list[Answer], dict[str, str]]:
            answers, notes = [], {}
            if torch_engine is not None:
                answers.append(
                    torch_engine.complete(
                        prompt,
                        greedy=greedy,
                        samples=page.samples.value(),
                        temperature=page.temperature.value(),
                    )
                )
            if onnx_engine is not None and greedy:
                answers.append(onnx_engine.complete(prompt))
            elif onnx_engine is not None:
                answers.append(
                    onnx_engine.sample(
                        prompt, samples=page.samples.value(), temperature=page.temperature.value()
                    )
                )
            return answers, notes

        self._answer(work, compare=greedy)

    def _ask_translation(self) -> None:
        page = self.translation
        sentence = page.sentence.text().strip()
        if not sentence:
            dialogs.show_error(self, "Nothing to translate", "Type a sentence first.")
            return
        decoding = page.decoding.currentText()
        torch_engine, onnx_engine = self._engines()

        def work() -> tuple[list[Answer], dict[str, str]]:
            answers, notes = [], {}
            if torch_engine is not None:
                beam = page.beam_size.value()
                answers.append(torch_engine.translate(sentence, decoding=decoding, beam_size=beam))
            if onnx_engine is not None:
                answers.append(onnx_engine.translate(sentence))
                if decoding == BEAM:
                    notes["ONNX"] = "greedy (the ONNX runner decodes greedily only):"
            return answers, notes

        self._answer(work)

    def _ask_grid(self) -> None:
        page = self.grid
        index, greedy = max(page.index, 0), page.greedy.isChecked()
        torch_engine, onnx_engine = self._engines()

        def work() -> tuple[list[Answer], dict[str, str]]:
            answers, notes = [], {}
            if torch_engine is not None:
                answers.append(torch_engine.play(index, greedy=greedy))
            if onnx_engine is not None:
                answers.append(onnx_engine.play(index))
                if not greedy:
                    notes["ONNX"] = "greedy (the ONNX side takes the likeliest move):"
            return answers, notes

        if self._answer(work):
            page.set_frames(self.answers.frame_count)

    def save_gif(self) -> Path | None:
        """Save the shown episode (PyTorch's when both are shown) as a GIF; its path."""
        from studio.core.envs.render import save_gif

        shown = [a for a in self.answers.answers.values() if a.frames]
        if not shown:
            dialogs.show_error(self, "No episode yet", "Press New grid to play one first.")
            return None
        path = dialogs.save_file(
            self, "Save the episode as a GIF", f"grid_{self.grid.index}.gif", "GIF (*.gif)"
        )
        if not path:
            return None
        try:
            return save_gif(shown[0].frames, path)
        except (OSError, ValueError) as err:
            dialogs.show_error(self, "Could not save the GIF", str(err))
            return None


def load_engines(run_dir: Path) -> tuple[TorchEngine, OnnxEngine | None, str]:
    """The run's PyTorch engine, its ONNX engine when an export loads, and why not if not.

    Runs on a pool thread (loading takes seconds)."""
    torch_engine = TorchEngine(run_dir)
    if not has_export(run_dir, torch_engine.arch):
        return torch_engine, None, ""
    try:
        onnx_engine = OnnxEngine(run_dir, torch_engine.arch, torch_engine.task)
    except Exception as err:  # a damaged export (onnxruntime's own errors): PyTorch still works
        return torch_engine, None, f"the export could not be loaded: {err}"
    return torch_engine, onnx_engine, ""
