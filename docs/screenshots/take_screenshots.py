"""Screenshots of the studio window during a short real run (Micro-GPT, small settings).

Run under a display, e.g.:
    xvfb-run -a -s "-screen 0 1280x800x24" python docs/screenshots/take_screenshots.py [seconds]
Writes window-charts.png, window-gradflow.png, window-samples.png, window-settings.png and
window-data.png beside this file. About 30 s of CPU by default.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

from studio.app import resources
from studio.app.main_window import MainWindow

OUT = Path(__file__).resolve().parent
SMALL = [
    "model.n_layers=2",
    "model.d_model=64",
    "model.n_heads=4",
    "model.d_ff=128",
    "stages.warmup.steps=150",
    "stages.warmup.batch_size=32",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=2000",
    "stages.grpo.batch_size=8",
    "grpo.num_generations=6",
    "eval.every=25",
    "eval.size=100",
    "run.checkpoint_every=0",
    "training.threads=1",
]


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 30.0
    app = QApplication(sys.argv[:1])
    app.setStyleSheet(resources.stylesheet())
    scratch = Path(tempfile.mkdtemp(prefix="studio-shots-"))
    settings = QSettings(str(scratch / "settings.ini"), QSettings.IniFormat)
    window = MainWindow(settings=settings)
    window.resize(1280, 800)
    window.load_preset("micro_gpt", [*SMALL, f"run.save_dir={scratch / 'runs'}"])
    window.show()
    shots = []

    def shoot(name: str, prepare) -> None:
        prepare()
        app.processEvents()
        time.sleep(0.3)
        app.processEvents()
        window.grab().save(str(OUT / f"window-{name}.png"))
        shots.append(name)

    def finish() -> None:
        window.controller.pause()
        shoot("charts", lambda: window.views.setCurrentWidget(window.charts))
        shoot("gradflow", lambda: window.views.setCurrentWidget(window.grad_flow))
        shoot("samples", lambda: window.views.setCurrentWidget(window.samples))
        shoot("settings", lambda: window.setup.setCurrentIndex(1))
        window.data_panel.check()
        QTimer.singleShot(
            4000,
            lambda: (
                shoot("data", lambda: window.setup.setCurrentIndex(2)),
                window.controller.stop(),
                window.controller.wait(),
                app.quit(),
            ),
        )

    QTimer.singleShot(500, window.start)
    QTimer.singleShot(int(seconds * 1000), finish)
    app.exec()
    print("wrote", ", ".join(f"window-{s}.png" for s in shots))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
