"""run_app opens the window and the process exits cleanly (the CLI's `gui` command)."""

import subprocess
import sys

import pytest

SCRIPT = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from studio.app.shell.application import run_app
from studio.app.shell.main_window import MainWindow
shown = []
def look():
    shown.extend(w for w in app.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible())
    app.quit()
QTimer.singleShot(1500, look)
code = run_app(["grpo-studio", "tiny_transformer"])
print("shown", len(shown), shown[0].setup.form.config().name if shown else None)
sys.exit(code)
"""


@pytest.mark.slow  # a fresh interpreter imports torch and Qt: ~5 s on a busy 2-core machine
def test_run_app_shows_the_window_and_exits_cleanly(tmp_path):
    env = {
        "QT_QPA_PLATFORM": "offscreen",
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120, env=env
    )
    assert result.returncode == 0, result.stderr[-2000:]  # no abort at exit either
    assert result.stdout.strip() == "shown 1 Tiny-Transformer"
