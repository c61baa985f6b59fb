"""The Playground tab: try the current run's model, in PyTorch, in ONNX, or both side by side.

The question is asked on the page of the kind the run's task or architecture answers
(page.py; PAGES lists them):
Micro-GPT's prompt and its continuations (completion_page.py), Tiny-Transformer's sentence and
its translation (translation_page.py), the grid world's agent playing a new held-out grid
(grid_page.py). The tab follows the window's current run: a run started or opened shows its
page and its name at once (`show_run`; the engines of the run before are dropped), and
before any run the page of the preset shown (`show_config`).

The PyTorch side is the run's latest checkpoint (`load_trained`, reloaded when a newer
checkpoint appears); the ONNX side runs the export's own snippet classes on
<run_dir>/exports (studio.core.serving.engines), offering to export first when there is
none.
Loading a model and exporting run off the GUI thread (background.py, exporter.py);
an answer itself takes milliseconds, so it runs on the GUI thread. Every error reaches
the person as a dialog (dialogs.show_error), never as a crash.

A translation run's page brings the Serve button (serve_control.py): the run answers
LibreTranslate's clients on this machine, its address shown beside the button.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Self

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from studio.app.common import dialogs
from studio.app.common.background import run_in_background
from studio.app.i18n.messages import translate_message
from studio.app.session.exporter import Exporter
from studio.app.views.playground.answer_panel import AnswerPanel
from studio.app.views.playground.completion_page import CompletionPage
from studio.app.views.playground.grid_page import GridPage
from studio.app.views.playground.page import PlaygroundPage
from studio.app.views.playground.serve_control import ServeControl
from studio.app.views.playground.translation_page import TranslationPage
from studio.app.views.view import Tab, View, ViewContext, view_title
from studio.core.config.sections import DEFAULT_ARCH, StudioConfig
from studio.core.models import Question, arch_spec
from studio.core.serving.engines import OnnxEngine, TorchEngine, has_export, question_for

ENGINES = ("PyTorch", "ONNX", "Both")


# every kind of question the playground asks, by the page that asks it
PAGES: dict[Question, type[PlaygroundPage]] = {
    page.QUESTION: page for page in (CompletionPage, TranslationPage, GridPage)
}


class PlaygroundTab(View, QWidget):
    """The playground; run_dir_provider() names the current run folder (or None), and
    `exporter` is the window's Export button, which the tab asks to export a run first.

    Signals: `loaded()` once engines are ready, `answered(list)` with the answers shown.
    """

    PLACE = Tab(view_title("Playground"))

    loaded = Signal()
    answered = Signal(list)

    @classmethod
    def build(cls, context: ViewContext) -> Self:
        session = context.session
        return cls(lambda: session.run_dir, session.exporter)

    def __init__(self, run_dir_provider: Callable[[], str | None], exporter: Exporter) -> None:
        super().__init__()
        self._run_dir = run_dir_provider
        self.torch_engine: TorchEngine | None = None
        self.onnx_engine: OnnxEngine | None = None
        self.onnx_problem = ""  # why there is no ONNX engine, shown in the ONNX column
        self.loading = False
        self._pending: PlaygroundPage | None = None  # the page whose question waits for a load

        self.exporter = exporter
        self.exporter.exported.connect(self._on_exported)
        self.exporter.export_failed.connect(self._on_export_failed)

        self.run_label = QLabel(self.tr("No run yet: start one, or open one in the Runs list."))
        self.run_label.setWordWrap(True)
        self.engine = QComboBox()
        for key in ENGINES:  # shown in the window's language, kept as the key
            self.engine.addItem(self.tr("Both") if key == "Both" else key, key)
        self.engine.setToolTip(
            self.tr("Answer with the live PyTorch model, the ONNX export, or both")
        )
        self.reload_button = QPushButton(self.tr("Reload"))
        self.reload_button.setToolTip(
            self.tr("Load the run's latest checkpoint and its export again")
        )
        self.reload_button.clicked.connect(self.load)
        header = QHBoxLayout()
        header.addWidget(self.run_label, 1)
        header.addWidget(QLabel(self.tr("Run with")))
        header.addWidget(self.engine)
        header.addWidget(self.reload_button)
        # a translation run can answer other programs (LibreTranslate's API) from here
        self.serve = ServeControl(run_dir_provider)
        self.serve.setVisible(False)

        self.answers = AnswerPanel()
        self.nothing = QLabel(self.tr("This task has no playground page yet."))
        self.pages = QStackedWidget()
        self.pages.addWidget(self.nothing)
        self._built: dict[Question, PlaygroundPage] = {}  # the pages built so far
        self.show_page(arch_spec(DEFAULT_ARCH).question)  # until a run is loaded

        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(self.serve)
        layout.addWidget(self.pages)
        layout.addWidget(self.answers, 1)

    # ---- pages

    @property
    def page(self) -> PlaygroundPage | None:
        """The page shown (None: the loaded run's task has none)."""
        shown = self.pages.currentWidget()
        return shown if isinstance(shown, PlaygroundPage) else None

    def show_page(self, question: Question | None) -> PlaygroundPage | None:
        """Show the page that asks `question` (a spec's or a task's), built the first time
        it is needed; None shows that there is none."""
        page = None
        if question is not None and question not in self._built:
            page = PAGES[question](self.answers)
            page.asked.connect(lambda page=page: self.request(page))
            self.pages.addWidget(page)
            self._built[question] = page
        page = self._built[question] if question is not None else None
        self.pages.setCurrentWidget(page if page is not None else self.nothing)
        # a server already started stays stoppable whatever page the next run needs
        serves = page is not None and page.SERVES
        self.serve.setVisible(serves or self.serve.server is not None or self.serve.busy)
        return page

    # ---- following the window

    def show_run(self, run_dir: str, cfg: StudioConfig | None) -> None:
        """The window's current run is now `run_dir` (started or opened), of config `cfg`
        (None: unreadable): show its page and name; its engines load when asked."""
        engine = self.torch_engine
        if engine is not None and engine.run_dir == Path(run_dir):
            return  # the same run (continued): its engines stay, reloaded when stale
        self.torch_engine, self.onnx_engine, self.onnx_problem = None, None, ""
        self._pending = None
        self.answers.clear()
        if cfg is not None:
            page = self.show_page(question_for(cfg.task.NAME, cfg.model.ARCH))
            if page is not None:
                page.run_changed(waiting=False)
                page.follow_settings(cfg)
        self.run_label.setText(
            self.tr("{run}: its latest checkpoint is loaded when you ask").format(run=run_dir)
        )

    def show_config(self, cfg: StudioConfig) -> None:
        """The window shows a preset or run of `cfg`: with no run yet, its page (a run's
        page stays)."""
        if not self._run_dir():
            self.show_page(question_for(cfg.task.NAME, cfg.model.ARCH))

    # ---- loading

    def stale(self) -> bool:
        """True when the engines are not those of the current run's latest files."""
        from studio.core.runs.checkpoints import latest_checkpoint

        run_dir = self._run_dir()
        engine = self.torch_engine
        if not run_dir or engine is None or engine.run_dir != Path(run_dir):
            return True
        if latest_checkpoint(engine.run_dir) != engine.newest:
            return True
        return self.onnx_engine is None and has_export(engine.run_dir, engine.arch)

    def load(self) -> bool:
        """(Re)load the current run's engines off the GUI thread; False if there is no run."""
        run_dir = self._run_dir()
        if not run_dir:
            self._pending = None
            dialogs.show_error(
                self,
                self.tr("No run yet"),
                self.tr("Start a run, or open one in the Runs list, to try its model."),
            )
            return False
        if self.loading:
            return True
        self.loading = True
        self.reload_button.setEnabled(False)
        self.run_label.setText(self.tr("Loading {run} …").format(run=run_dir))
        run_in_background(lambda: load_engines(Path(run_dir)), self._on_loaded, self._on_error)
        return True

    def _on_loaded(self, engines: tuple[TorchEngine, OnnxEngine | None, str]) -> None:
        self.loading = False
        self.reload_button.setEnabled(True)
        if str(engines[0].run_dir) != str(Path(self._run_dir() or "")):
            # loaded for the run before the window moved on: load the current one instead
            if self._pending is not None:
                self.load()
            return
        before = self.torch_engine.run_dir if self.torch_engine is not None else None
        self.torch_engine, self.onnx_engine, self.onnx_problem = engines
        engine = self.torch_engine
        page = self.show_page(engine.question)
        pending, self._pending = self._pending, None
        if pending is not page:  # asked on another kind of page than this run's: dropped
            pending = None
        if engine.run_dir != before:  # another run: its answers start afresh
            self.answers.clear()
            if page is not None:
                page.run_changed(waiting=pending is not None)
                if pending is None:  # a question asked is answered as it was asked
                    page.follow_settings(engine.cfg)  # the run's own, fitted settings
        ckpt = engine.checkpoint.name if engine.checkpoint else "?"
        onnx = self.tr("no ONNX export yet")
        if self.onnx_engine is not None:
            onnx = self.tr("ONNX export of {checkpoint}").format(
                checkpoint=self.onnx_engine.checkpoint
            )
            if self.onnx_engine.checkpoint != ckpt:
                onnx += self.tr(" (an older checkpoint: press Export for the latest)")
        # damaged newer checkpoints, passed over
        passed = "".join(f"\n{translate_message(note)}" for note in engine.notes)
        self.run_label.setText(f"{engine.run_dir} — {engine.arch}, {ckpt}; {onnx}{passed}")
        self.loaded.emit()
        if pending is not None:
            self.request(pending, fresh=True)

    def _on_error(self, message: str, details: str) -> None:
        del details
        self.loading = False
        self._pending = None
        self.reload_button.setEnabled(True)
        self.run_label.setText(
            self.tr("Could not load the run: {why}").format(why=translate_message(message))
        )
        dialogs.show_error(self, self.tr("Cannot load the model"), message)

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

    def request(self, page: PlaygroundPage, *, fresh: bool = False) -> None:
        """Answer the question on `page` now, or once the current run's engines have
        (re)loaded.

        fresh: the engines were just loaded; a run that checkpoints every step would
        otherwise make them stale again before every answer."""
        if self.loading or (not fresh and self.stale()):
            self._pending = page
            self.load()
            return
        if self.engine.currentData() != "PyTorch" and self.onnx_engine is None:
            engine = self.torch_engine
            assert engine is not None  # not stale, or just loaded
            question = self.tr("{run} has no ONNX export yet").format(run=engine.run_dir)
            if self.onnx_problem:
                question += f" ({translate_message(self.onnx_problem)})"
            question += self.tr(". Export it now (a few seconds)?")
            if dialogs.ask_yes_no(self, self.tr("Export first?"), question):
                self._pending = page
                self.exporter.export(str(engine.run_dir))
                return
            if self.engine.currentData() == "ONNX":
                return
        self._answer(page)

    def _engines(self) -> tuple[TorchEngine | None, OnnxEngine | None]:
        choice = self.engine.currentData()
        torch_engine = self.torch_engine if choice != "ONNX" else None
        onnx_engine = self.onnx_engine if choice != "PyTorch" else None
        return torch_engine, onnx_engine

    def _answer(self, page: PlaygroundPage) -> None:
        """Let `page` answer with the chosen engines and show what they said."""
        try:
            reply = page.answer(*self._engines())
        except ValueError as err:  # bad input (unknown character, too long): say so
            title = getattr(err, "title", None) or self.tr("Cannot answer that")
            dialogs.show_error(self, title, str(err))
            return
        except Exception as err:  # a model or page that fails: a dialog, not the console
            message = self.tr("The model could not answer ({kind}: {error}).").format(
                kind=type(err).__name__, error=err
            )
            dialogs.show_error(self, self.tr("Cannot answer that"), message)
            return
        if reply is None:  # the page answers in the background and shows it itself
            return
        self.answers.show_answers(reply.answers, reply.notes, compare=reply.compare)
        page.answered(reply)
        self.answered.emit(reply.answers)


def load_engines(run_dir: Path) -> tuple[TorchEngine, OnnxEngine | None, str]:
    """The run's PyTorch engine, its ONNX engine when an export loads, and why not if not.

    Runs on a pool thread (loading takes seconds)."""
    torch_engine = TorchEngine(run_dir)
    if not has_export(run_dir, torch_engine.arch):
        return torch_engine, None, ""
    try:
        onnx_engine = OnnxEngine(run_dir, torch_engine.arch, torch_engine.task)
    except Exception as err:  # a damaged export (onnxruntime's own errors): PyTorch still works
        return (
            torch_engine,
            None,
            QCoreApplication.translate(
                "PlaygroundTab", "the export could not be loaded: {error}"
            ).format(error=translate_message(err)),
        )
    return torch_engine, onnx_engine, ""
