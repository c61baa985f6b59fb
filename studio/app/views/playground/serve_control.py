"""The playground's Serve button: the run in use answers LibreTranslate's API (and the
studio's own) on this machine, the address shown beside the button.

It is `grpo-studio serve RUN` from the window: the same server (studio.core.serving),
loopback only, no API key, the default limits, the run's ONNX export when it has one.
Opening the model takes seconds and stopping waits for the server's poll, so both run on
a pool thread (background.py); the server answers on threads of its own, so the GUI
thread never waits for a request. It listens on PORT when that is free (an address a
person can write once into a client's settings), else on any free port.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from studio.app.common import dialogs
from studio.app.common.background import run_in_background
from studio.core.serving.http_app import Access
from studio.core.serving.http_server import PortInUse, TranslationServer, start_server
from studio.core.serving.text_answers import open_service

PORT = 8765  # the command line's default port too


def serve_run(run_dir: Path, port: int = PORT) -> TranslationServer:
    """The run's server, answering on its own threads: on `port`, or any free port when
    another program holds that one. Runs on a pool thread (it loads the model)."""
    service = open_service([run_dir], onnx=None)  # the export when there is one: faster
    try:
        return start_server(service, Access(), "127.0.0.1", port)
    except PortInUse:
        return start_server(service, Access(), "127.0.0.1", 0)


class ServeControl(QWidget):
    """Serve / Stop serving, and the address. run_dir_provider() names the run in use.

    Signals: `serving(str)` with the address once the server answers, `stopped()` once it
    has let go of its port."""

    serving = Signal(str)
    stopped = Signal()

    def __init__(self, run_dir_provider: Callable[[], str | None]) -> None:
        super().__init__()
        self._run_dir = run_dir_provider
        self.server: TranslationServer | None = None
        self.served_run = ""  # the folder being served ("" when none)
        self.busy = False  # starting or stopping
        self.button = QPushButton(self.tr("Serve"))
        self.button.setToolTip(
            self.tr(
                "Answer translation requests from programs on this computer "
                "(LibreTranslate clients, Mastodon) with this run's model"
            )
        )
        self.button.clicked.connect(self.toggle)
        self.address = QLabel("")
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.button)
        layout.addWidget(self.address, 1)  # the address takes the room, not the button

    @property
    def url(self) -> str:
        return self.server.url if self.server is not None else ""

    def toggle(self) -> None:
        if self.server is None:
            self.start()
        else:
            self.stop()

    def start(self) -> bool:
        """Serve the run in use, off the GUI thread; False if there is none."""
        run_dir = self._run_dir()
        if self.busy or self.server is not None:
            return True
        if not run_dir:
            dialogs.show_error(
                self,
                self.tr("No run yet"),
                self.tr("Start a run, or open one in the Runs list, to serve its model."),
            )
            return False
        self._set_busy(self.tr("Starting the server for {run} …").format(run=Path(run_dir).name))
        self.served_run = run_dir
        run_in_background(lambda: serve_run(Path(run_dir)), self._on_started, self._on_failed)
        return True

    def _on_started(self, server: TranslationServer) -> None:
        self.busy, self.server = False, server
        app = QCoreApplication.instance()
        if app is not None:  # quitting lets go of the port (the server's thread is a daemon)
            app.aboutToQuit.connect(server.stop)
        self.button.setText(self.tr("Stop serving"))
        self.button.setEnabled(True)
        self.address.setText(
            self.tr("{run} at {url}").format(run=Path(self.served_run).name, url=server.url)
        )
        self.address.setToolTip(
            self.tr(
                "Give this address to a LibreTranslate client as its URL; "
                "the studio's own endpoint is {url}/studio/translate"
            ).format(url=server.url)
        )
        self.serving.emit(server.url)

    def _on_failed(self, message: str, details: str) -> None:
        del details
        self._idle()
        dialogs.show_error(self, self.tr("Cannot serve the run"), message)

    def stop(self) -> None:
        """Stop serving, off the GUI thread (the server ends within its poll interval)."""
        server = self.server
        if self.busy or server is None:
            return
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.disconnect(server.stop)
        self._set_busy(self.tr("Stopping the server …"))
        run_in_background(server.stop, lambda _: self._on_stopped(), self._on_stop_failed)

    def _on_stopped(self) -> None:
        self._idle()
        self.stopped.emit()

    def _on_stop_failed(self, message: str, details: str) -> None:
        del details
        self._idle()
        dialogs.show_error(self, self.tr("Cannot stop the server"), message)

    def _set_busy(self, text: str) -> None:
        self.busy = True
        self.button.setEnabled(False)
        self.address.setText(text)
        self.address.setToolTip("")

    def _idle(self) -> None:
        self.busy, self.server, self.served_run = False, None, ""
        self.button.setText(self.tr("Serve"))
        self.button.setEnabled(True)
        self.address.setText("")
        self.address.setToolTip("")
