"""Screenshots of the studio window, from a first start and in the middle of real training.

Run under a display of 1280x800, e.g.:
    xvfb-run -a -s "-screen 0 1280x800x24" python docs/screenshots/take_screenshots.py
    xvfb-run -a -s "-screen 0 1280x800x24" python docs/screenshots/take_screenshots.py \\
        --only first-start --only quick_micro_gpt

Every preset trains as it ships: nothing is made smaller for a picture. The scenes:
- first-start: a fresh settings file (the first-run tour is up), at 1280x800 and 1024x700;
- each quick preset 60 s after pressing Start (`RunSession.start`, what Start does), at
  1280x800 and 1024x700: training-<preset>[-1024x700].png (charts) and -samples.png;
- each full preset once its GRPO stage has data: charts, gradient flow and samples;
- data-tatoeba: the Data tab checking a file laid out as the Tatoeba/Anki export is
  (English, Chinese, attribution), made by the project's realistic-corpus generator, at
  both sizes: window-data-tatoeba[-1024x700].png;
- window-settings.png (the Settings tab);
- explain-<preset>: a quick Micro-GPT, a quick grid world, the translation preset and the
  Lite-ResNet shapes preset as they ship, paused once GRPO has data and a few policy
  snapshots, on the first group whose rewards differ: explain-<preset>.png (the Explain
  tab's top), explain-<preset>-update.png (its end: the log-probs after the update) and
  policy-<preset>.png (the Policy tab);
- lesson: the shipped lesson "what a group is" chosen among the Presets tab's lessons
  (lesson-what-a-group-is.png: its card and banner), its short Settings form
  (-settings.png), and its run 60 s after Start (-training.png);
- presentation: that lesson's run as a teacher shows it on a projector (View menu: text
  three steps larger, the high-contrast theme, the Setup and Log panels hidden):
  presentation.png.
Everything is written beside this file; the full presets take several minutes each on a
2-core CPU. The chinese scene: the window in Chinese (as a Chinese locale or View > Language
opens it), a quick Micro-GPT run once GRPO has samples: window-chinese.png (charts),
window-chinese-settings.png and window-chinese-samples.png.
The own-model scene (with --model FOLDER, a Hugging Face model folder): the folder opened on
the Presets tab's shelf of models on this computer (own-model-shelf.png), then "Use this
model" with LoRA and Start, 60 s later, at both sizes: own-model[-1024x700].png (charts)
and -samples.png; the stopped run asked once in the Playground (own-model-playground.png).
A translator's folder (Marian) gives the same scenes with the translation task, as
own-translator*.png.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QSettings
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from studio.app.common import resources
from studio.app.common.background import wait_for_background
from studio.app.shell import ui_language
from studio.app.shell.main_window import MainWindow
from studio.app.views.charts.grad_flow import GradFlowWidget
from studio.app.views.charts.panel import ChartPanel
from studio.app.views.explain.panel import ExplainPanel
from studio.app.views.log_panel import LogPanel
from studio.app.views.playground.tab import PlaygroundTab
from studio.app.views.policy.view import PolicyView
from studio.app.views.samples import SamplesPanel
from studio.core.config.preset_files import lesson_files

OUT = Path(__file__).resolve().parent
QUICK = ("quick_micro_gpt", "quick_grid_world")
FULL = ("micro_gpt", "tiny_transformer", "lite_resnet")
EXPLAINED = ("quick_micro_gpt", "quick_grid_world", "tiny_transformer", "shapes")
LESSON = "what_a_group_is"
PRESENTATION_STEPS = 3  # "Larger text" three times: readable from the back of a classroom
SCENES = (
    "first-start",
    *QUICK,
    *FULL,
    "data-tatoeba",
    "window-settings",
    "chinese",
    *(f"explain-{key}" for key in EXPLAINED),
    "lesson",
    "presentation",
    "own-model",
)
QUICK_SECONDS = 60.0  # what a newcomer sees a minute after pressing Start
# The quick presets and the Data tab at a laptop's size and at a projector's (file suffix).
SIZES = ((1280, 800, ""), (1024, 700, "-1024x700"))


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
    store = window.view(ChartPanel).store
    return (
        len(store.series.get("reward/mean", [])) >= 10  # GRPO steps
        and window.view(GradFlowWidget).latest is not None
        and bool(window.view(SamplesPanel).samples)
    )


def train_and_shoot(
    app: QApplication,
    window: MainWindow,
    key: str,
    save_dir: Path,
    seconds: float | None,
    suffix: str = "",
) -> None:
    """Train `key` as shipped; shoot after `seconds` (quick presets) or once GRPO has data;
    the files' names end in `suffix`."""
    if not window.load_preset(key, [f"run.save_dir={save_dir}"]):
        raise SystemExit(f"cannot load the {key} preset")
    window.tabs.setCurrentWidget(window.view(ChartPanel))
    window.setup.setCurrentIndex(0)
    started = time.perf_counter()
    if not window.session.start():
        raise SystemExit(f"the window did not start {key}")
    limit = seconds if seconds is not None else 900.0
    if seconds is not None:
        settle(app, seconds)
    elif not wait_until(app, lambda: has_data(window), timeout=limit):
        log = "\n".join(text for _, text in window.view(LogPanel).lines[-8:])
        raise SystemExit(f"{key}: no GRPO data after {limit:.0f} s; the log:\n{log}")
    print(f"{key}: {time.perf_counter() - started:.0f} s after Start", flush=True)
    stem = f"training-{key.replace('_', '-')}{suffix}"
    shoot(app, window, stem, lambda: window.tabs.setCurrentWidget(window.view(ChartPanel)))
    if seconds is None:
        shoot(
            app,
            window,
            f"{stem}-gradflow",
            lambda: window.tabs.setCurrentWidget(window.view(GradFlowWidget)),
        )
    shoot(
        app,
        window,
        f"{stem}-samples",
        lambda: window.tabs.setCurrentWidget(window.view(SamplesPanel)),
    )
    window.session.controller.stop()
    if not window.session.controller.wait(120_000):
        raise SystemExit(f"{key}: the run did not stop")
    window.tabs.setCurrentWidget(window.view(ChartPanel))


def explain_and_policy(app: QApplication, window: MainWindow, key: str, save_dir: Path) -> None:
    """`key` as shipped, paused once GRPO has data: the Explain tab (with the trainer's
    after-update log-probs) and the Policy tab."""
    if not window.load_preset(key, [f"run.save_dir={save_dir}"]):
        raise SystemExit(f"cannot load the {key} preset")
    window.tabs.setCurrentWidget(window.view(ChartPanel))
    if not window.session.start():
        raise SystemExit(f"the window did not start {key}")
    started = time.perf_counter()

    def ready() -> bool:
        return has_data(window) and len(window.view(PolicyView).snapshots) >= 3

    if not wait_until(app, ready, timeout=1800.0):
        raise SystemExit(f"{key}: no GRPO data and policy snapshots after 1800 s")
    window.session.controller.pause()
    if not wait_until(app, lambda: window.session.controller.state == "paused", timeout=120.0):
        raise SystemExit(f"{key}: the run did not pause")
    print(f"{key}: paused {time.perf_counter() - started:.0f} s after Start", flush=True)
    stem = key.replace("_", "-")
    window.tabs.setCurrentWidget(window.view(ExplainPanel))  # seen: it asks the trainer
    if not wait_until(app, lambda: window.view(ExplainPanel).answer is not None, timeout=120.0):
        raise SystemExit(f"{key}: the trainer did not answer the explanation")
    # The first group whose rewards differ: a group of equal rewards teaches nothing.
    groups = window.view(ExplainPanel).record["samples"] if window.view(ExplainPanel).record else []
    spread = [i for i, g in enumerate(groups) if any(abs(a) >= 5e-4 for a in g["advantages"])]
    if spread:
        window.view(ExplainPanel).groups.setCurrentIndex(spread[0])
    bar = window.view(ExplainPanel).body.verticalScrollBar()

    def explain_top() -> None:
        window.tabs.setCurrentWidget(window.view(ExplainPanel))
        bar.setValue(0)  # the page keeps its reader's place, from the preset before too

    shoot(app, window, f"explain-{stem}", explain_top)
    shoot(app, window, f"explain-{stem}-update", lambda: bar.setValue(bar.maximum()))
    shoot(
        app, window, f"policy-{stem}", lambda: window.tabs.setCurrentWidget(window.view(PolicyView))
    )
    window.session.controller.stop()
    if not window.session.controller.wait(120_000):
        raise SystemExit(f"{key}: the run did not stop")
    window.tabs.setCurrentWidget(window.view(ChartPanel))


def lesson_and_presentation(
    app: QApplication, window: MainWindow, save_dir: Path, scenes: Sequence[str]
) -> None:
    """The shipped lesson chosen in the Presets tab, its short form and its run 60 s after
    Start; then that run as presented on a projector (the View menu's choices)."""
    path = lesson_files()[LESSON]
    if not window.load_preset(str(path), [f"run.save_dir={save_dir}"]):
        raise SystemExit(f"cannot load the {LESSON} lesson")
    stem = f"lesson-{LESSON.replace('_', '-')}"
    card = window.setup.gallery.cards[LESSON]
    gallery_scroll = window.setup.gallery.findChild(QScrollArea)
    window.tabs.setCurrentWidget(window.view(ChartPanel))
    if "lesson" in scenes:
        window.setup.setCurrentIndex(0)
        shoot(app, window, stem, lambda: gallery_scroll.ensureWidgetVisible(card))
        shoot(app, window, f"{stem}-settings", lambda: window.setup.setCurrentIndex(1))
    window.setup.setCurrentIndex(0)
    if not window.session.start():
        raise SystemExit(f"the window did not start the {LESSON} lesson")
    settle(app, QUICK_SECONDS)
    if "lesson" in scenes:
        shoot(app, window, f"{stem}-training", lambda: None)
    if "presentation" in scenes:
        shown = window.presentation
        shown.zoom(PRESENTATION_STEPS)
        shown.contrast.trigger()  # the View menu's "High-contrast theme"
        window.setup_dock.hide()
        window.docks["log"].hide()
        shoot(app, window, "presentation", lambda: None)
        shown.reset_zoom()
        shown.contrast.trigger()
        window.setup_dock.show()
        window.docks["log"].show()
    window.session.controller.stop()
    if not window.session.controller.wait(120_000):
        raise SystemExit(f"the {LESSON} lesson's run did not stop")


def chinese(app: QApplication, scratch: Path) -> None:
    """The Chinese window: its catalogue installed before it is built, as at a start."""
    ui_language.install(ui_language.CHINESE)
    try:
        settings = QSettings(str(scratch / "chinese.ini"), QSettings.IniFormat)
        settings.setValue("tour/done", True)
        window = MainWindow(settings=settings)
        window.resize(1280, 800)
        window.show()
        wait_for_background(60_000)
        if not window.load_preset("quick_micro_gpt", [f"run.save_dir={scratch / 'runs-zh'}"]):
            raise SystemExit("cannot load the quick_micro_gpt preset")
        window.setup.setCurrentIndex(0)
        if not window.session.start():
            raise SystemExit("the Chinese window did not start quick_micro_gpt")
        if not wait_until(app, lambda: bool(window.view(SamplesPanel).samples), timeout=900.0):
            raise SystemExit("the Chinese window's run has no GRPO samples after 900 s")
        settle(app, 10.0)
        shoot(
            app,
            window,
            "window-chinese",
            lambda: window.tabs.setCurrentWidget(window.view(ChartPanel)),
        )
        shoot(app, window, "window-chinese-settings", lambda: window.setup.setCurrentIndex(1))
        shoot(
            app,
            window,
            "window-chinese-samples",
            lambda: window.tabs.setCurrentWidget(window.view(SamplesPanel)),
        )
        window.session.controller.stop()
        if not window.session.controller.wait(120_000):
            raise SystemExit("the Chinese window's run did not stop")
        window.close()
    finally:
        ui_language.remove()


def first_start(app: QApplication, scratch: Path) -> None:
    """A window on a fresh settings file, at two sizes: the tour, the default preset."""
    for width, height in ((1280, 800), (1024, 700)):
        settings = QSettings(str(scratch / f"first-{width}.ini"), QSettings.IniFormat)
        window = MainWindow(settings=settings)
        window.resize(width, height)
        window.show()
        wait_for_background(60_000)
        settle(app, 1.0)
        shoot(app, window, f"first-start-{width}x{height}", lambda: None)
        window.tour.close(forever=False)
        window.close()


def data_tatoeba(app: QApplication, window: MainWindow, scratch: Path, suffix: str = "") -> None:
    """The Data tab checking a Tatoeba-layout file with the zh->en preset."""
    from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file

    path = write_tatoeba_file(scratch / "cmn.txt", realistic_pairs(3000, seed=1))
    window.load_preset("tiny_transformer")
    window.setup.data_panel.set_path(str(path))
    window.setup.setCurrentIndex(2)
    window.setup.data_panel.check()
    wait_for_background(120_000)
    shoot(app, window, f"window-data-tatoeba{suffix}", lambda: window.setup.setCurrentIndex(2))


def scrolled_to(widget: QWidget) -> None:
    """`widget` brought into view in the scroll area that holds it."""
    area = widget.parentWidget()
    while area is not None and not isinstance(area, QScrollArea):
        area = area.parentWidget()
    if area is not None:
        area.ensureWidgetVisible(widget)


def own_model(app: QApplication, window: MainWindow, folder: Path) -> None:
    """A model of the user's: opened on the shelf, used with LoRA, trained for a minute;
    the files are own-model* for a language model, own-translator* for a translator."""
    from studio.core.models.pretrained.folders import read_model_folder

    name = "own-translator" if read_model_folder(folder).languages else "own-model"
    window.setup.setCurrentIndex(0)
    shelf = window.setup.gallery.models
    if shelf.open_folder(folder) is None:
        raise SystemExit(f"the shelf did not open {folder}")
    wait_for_background(120_000)  # the card's costs
    shoot(app, window, f"{name}-shelf", lambda: scrolled_to(shelf))
    for width, height, suffix in SIZES:
        window.resize(width, height)
        if not window.use_model(str(folder), True):
            raise SystemExit(f"the window did not take {folder}")
        window.tabs.setCurrentWidget(window.view(ChartPanel))
        if not window.session.start():
            raise SystemExit("the window did not start the run on the model")
        settle(app, QUICK_SECONDS)
        stem = f"{name}{suffix}"
        shoot(app, window, stem, lambda: window.tabs.setCurrentWidget(window.view(ChartPanel)))
        shoot(
            app,
            window,
            f"{stem}-samples",
            lambda: window.tabs.setCurrentWidget(window.view(SamplesPanel)),
        )
        window.session.controller.stop()
        if not window.session.controller.wait(120_000):
            raise SystemExit("the run on the model did not stop")
        if not suffix:
            ask_the_playground(app, window, f"{name}-playground")


def ask_the_playground(app: QApplication, window: MainWindow, name: str) -> None:
    """The finished run's model asked one question in the Playground tab, then shot."""
    playground = window.view(PlaygroundTab)
    window.tabs.setCurrentWidget(playground)
    page = playground.page
    if page is None:
        raise SystemExit("the playground has no page for this run")
    if hasattr(page, "sentence"):  # a translator: a sentence of the source language
        page.sentence.setText("我们明天早上去公园散步。")
    page.button.click()
    wait_until(app, lambda: bool(playground.answers.answers), timeout=120)
    shoot(app, window, name, lambda: window.tabs.setCurrentWidget(playground))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", choices=SCENES, action="append", help="these scenes")
    p.add_argument("--model", type=Path, help="a Hugging Face model folder (own-model scene)")
    args = p.parse_args(argv)
    app = QApplication(sys.argv[:1])
    app.setStyleSheet(resources.stylesheet())
    scratch = Path(tempfile.mkdtemp(prefix="studio-shots-"))
    scenes = args.only or SCENES
    if "first-start" in scenes:
        first_start(app, scratch)
    settings = QSettings(str(scratch / "settings.ini"), QSettings.IniFormat)
    settings.setValue("tour/done", True)  # the tour has its own pictures
    window = MainWindow(settings=settings)
    window.resize(1280, 800)
    window.show()
    wait_for_background(60_000)  # the preset cards' parameter counts
    settle(app, 0.5)
    for key in QUICK:
        for width, height, suffix in SIZES if key in scenes else ():
            window.resize(width, height)
            train_and_shoot(app, window, key, scratch / "runs", QUICK_SECONDS, suffix)
    window.resize(1280, 800)
    for key in FULL:
        if key in scenes:
            train_and_shoot(app, window, key, scratch / "runs", None)
    if "window-settings" in scenes:
        window.load_preset("quick_micro_gpt")
        shoot(app, window, "window-settings", lambda: window.setup.setCurrentIndex(1))
    for width, height, suffix in SIZES if "data-tatoeba" in scenes else ():
        window.resize(width, height)
        data_tatoeba(app, window, scratch, suffix)
    window.resize(1280, 800)
    later_scenes(app, window, scratch, scenes, args.model)
    window.close()
    if "chinese" in scenes:
        chinese(app, scratch)
    return 0


def later_scenes(
    app: QApplication, window: MainWindow, scratch: Path, scenes: Sequence[str], model: Path | None
) -> None:
    """The scenes after the trained presets', in the same window."""
    for key in EXPLAINED:
        if f"explain-{key}" in scenes:
            explain_and_policy(app, window, key, scratch / "runs")
    if "lesson" in scenes or "presentation" in scenes:
        lesson_and_presentation(app, window, scratch / "runs", scenes)
    if "own-model" in scenes and model is not None:
        own_model(app, window, model)


if __name__ == "__main__":
    raise SystemExit(main())
