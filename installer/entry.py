"""The bundled application's entry point: the studio's command line (no arguments: the window).

PyInstaller starts from a script file; this one hands over to studio.cli exactly as the
`grpo-studio` console script does when installed with pip.

For build.sh's smoke test, GRPO_STUDIO_SMOKE_QUIT_MS=N makes the window command close the
studio N milliseconds after it starts, printing the titles of the windows then shown, so a
headless check can see the bundled window really opened.
"""

import os
import sys

from studio.cli.main import main


def _quit_after(ms: int) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)

    def report_and_quit() -> None:
        shown = [w.windowTitle() for w in app.topLevelWidgets() if w.isVisible()]
        print(f"smoke: windows shown: {shown}", flush=True)
        app.exit(0 if shown else 3)

    QTimer.singleShot(ms, report_and_quit)


if __name__ == "__main__":
    smoke_ms = os.environ.get("GRPO_STUDIO_SMOKE_QUIT_MS")
    if smoke_ms and sys.argv[1:] in ([], ["gui"]):
        _quit_after(int(smoke_ms))
    sys.exit(main())
