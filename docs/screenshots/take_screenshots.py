"""Screenshots of the studio window in the middle of real training, one run per preset.

Run under a display of 1280x800, e.g.:
    xvfb-run -a -s "-screen 0 1280x800x24" python docs/screenshots/take_screenshots.py
    xvfb-run -a -s "-screen 0 1280x800x24" python docs/screenshots/take_screenshots.py \\
        --seconds 20 --only micro_gpt

For each preset (Micro-GPT, Tiny-Transformer, Lite-ResNet) the window loads the preset with
smaller settings (so a few seconds of a 2-core CPU reach the GRPO stage), presses Start
(`MainWindow.start`, what the Start button does), lets it train until the charts, the
gradient flow and the samples have data and `--seconds` have passed, then grabs the window
with each of those tabs in front, while it keeps training:
training-<preset>.png, training-<preset>-gradflow.png, training-<preset>-samples.png.
The Micro-GPT run also gives window-settings.png and window-data.png (the Setup dock's
Settings and Data tabs). Everything is written beside this file; about 3 minutes of CPU
with the defaults.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QSettings
from PySide6.QtWidgets import QApplication

from studio.app import resources
from studio.app.background import wait_for_background
from studio.app.main_window import MainWindow

OUT = Path(__file__).resolve().parent
COMMON = ["run.checkpoint_every=0", "stages.grpo.steps=5000"]
# Smaller than the presets, so a short run reaches GRPO and shows a few hundred steps.
PRESETS: dict[str, list[str]] = {
    "micro_gpt": [  # the warm-up stops at 25% accuracy after ~20 s, then GRPO
        "model.n_layers=2",
        "model.d_model=128",
        "model.n_heads=4",
        "model.d_ff=256",
        "stages.warmup.steps=1000",
        "stages.warmup.stop_at=0.25",
        "stages.grpo.batch_size=8",
        "grpo.num_generations=6",
        "eval.every=50",
        "eval.size=100",
    ],
    "tiny_transformer": [
        "model.n_encoder_layers=2",
        "model.n_decoder_layers=2",
        "model.d_model=64",
        "model.n_heads=4",
        "model.d_ff=128",
        "stages.warmup.steps=120",
        "stages.warmup.batch_size=16",
        "stages.warmup.stop_at=null",
        "stages.warmup.lr_warmup_steps=10",
        "stages.grpo.batch_size=4",
        "grpo.num_generations=4",
        "grpo.max_new_tokens=24",
        "eval.every=20",
        "eval.size=40",
    ],
    "lite_resnet": [
        "stages.grpo.batch_size=8",
        "stages.grpo.stop_at=null",
        "eval.every=25",
        "eval.size=100",
    ],
}


def settle(app: QApplication, seconds: float) -> None:
    """Let the event loop run (timers draw, the worker's records arrive) for a while."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        # processEvents outside app.exec() leaves deleteLater'd widgets alone; delete them.
        app.sendPostedEvents(None, QEvent.DeferredDelete)
        time.sleep(0.02)


def wait_until(app: QApplication, ready: Callable[[], bool], timeout: float) -> bool:
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if ready():
            return True
        settle(app, 0.2)
    return False


def shoot(app: QApplication, window: MainWindow, name: str, show: Callable[[], None]) -> None:
    show()
    settle(app, 2.5)  # a shown tab draws at once; the charts' paced timer catches up
    path = OUT / f"{name}.png"
    if not window.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print("wrote", path.name, flush=True)


def has_data(window: MainWindow) -> bool:
    store = window.charts.store
    return (
        len(store.series.get("reward/mean", [])) >= 10  # GRPO steps
        and window.grad_flow.latest is not None
        and bool(window.samples.samples)
    )


def train_and_shoot(
    app: QApplication, window: MainWindow, key: str, seconds: float, save_dir: Path
) -> None:
    args_timeout = 120 + seconds
    if not window.load_preset(key, [*PRESETS[key], *COMMON, f"run.save_dir={save_dir}"]):
        raise SystemExit(f"cannot load the {key} preset")
    window.views.setCurrentWidget(window.charts)
    window.setup.setCurrentIndex(0)
    started = time.perf_counter()
    if not window.start():
        raise SystemExit(f"the window did not start {key}")
    if not wait_until(app, lambda: has_data(window), timeout=args_timeout):
        log = "\n".join(text for _, text in window.log.lines[-8:])
        raise SystemExit(f"{key}: no GRPO data after {args_timeout:.0f} s; the log:\n{log}")
    settle(app, max(0.0, seconds - (time.perf_counter() - started)))
    stem = f"training-{key.replace('_', '-')}"
    shoot(app, window, stem, lambda: window.views.setCurrentWidget(window.charts))
    shoot(app, window, f"{stem}-gradflow", lambda: window.views.setCurrentWidget(window.grad_flow))
    shoot(app, window, f"{stem}-samples", lambda: window.views.setCurrentWidget(window.samples))
    if key == "micro_gpt":
        window.views.setCurrentWidget(window.charts)
        shoot(app, window, "window-settings", lambda: window.setup.setCurrentIndex(1))
        window.data_panel.check()
        shoot(app, window, "window-data", lambda: window.setup.setCurrentIndex(2))
    window.controller.stop()
    if not window.controller.wait(60_000):
        raise SystemExit(f"{key}: the run did not stop")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=45.0, help="training time per preset")
    p.add_argument("--only", choices=sorted(PRESETS), action="append", help="these presets")
    args = p.parse_args(argv)
    app = QApplication(sys.argv[:1])
    app.setStyleSheet(resources.stylesheet())
    scratch = Path(tempfile.mkdtemp(prefix="studio-shots-"))
    settings = QSettings(str(scratch / "settings.ini"), QSettings.IniFormat)
    window = MainWindow(settings=settings)
    window.resize(1280, 800)
    window.show()
    wait_for_background(60_000)  # the preset cards' parameter counts
    settle(app, 0.5)
    for key in args.only or PRESETS:
        train_and_shoot(app, window, key, args.seconds, scratch / "runs")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
