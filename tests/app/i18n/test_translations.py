"""The Chinese interface: the catalogue covers the code, the Chinese window shows no
English, the English window is untouched, and the language follows the locale or the menu."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings

from studio.app.i18n import sources, update
from studio.app.i18n.messages import translate_message
from studio.app.shell import ui_language
from studio.app.views.charts.words import unbroken
from studio.core.config.fields import ConfigError, from_dict
from tests.support.i18n_walk import (
    ALLOWED,
    allowed_words,
    english_texts,
    english_words,
    window_texts,
)

TS = update.ts_path(ui_language.CHINESE)
CJK = re.compile(r"[\u4e00-\u9fff]")


def _entries(ts: Path) -> list[ET.Element]:
    return [m for c in ET.parse(ts).getroot().iter("context") for m in c.iter("message")]


def _needs_tools():
    for name in ("pyside6-lupdate", "pyside6-lrelease"):
        try:
            update.tool(name)
        except FileNotFoundError:
            pytest.skip(f"{name} is not installed (it comes with PySide6-Essentials)")


# ---- the catalogue


def test_the_code_reads_cleanly_for_translation():
    found = sources.all_strings()
    assert found.problems == []
    assert ("MainWindow", "Charts") in found.messages
    assert ("config", "Group size (G)") in found.messages  # a core label
    assert ("metrics", "equal-reward groups") in found.messages  # the metric catalogue
    assert ("tasks", "episode (moves)") in found.messages


def test_every_string_of_the_code_is_translated_in_the_catalogue(tmp_path):
    """lupdate into a copy of the shipped .ts: nothing new, nothing unfinished."""
    _needs_tools()
    fresh = tmp_path / TS.name
    shutil.copy(TS, fresh)
    update.lupdate(fresh)
    unfinished = [
        (m.findtext("source"), m.find("translation").get("type"))
        for m in _entries(fresh)
        if m.find("translation").get("type") not in (None, "vanished")
        or not m.findtext("translation")
    ]
    assert unfinished == [], f"python -m studio.app.i18n.update, then translate: {unfinished[:20]}"


def test_the_shipped_catalogue_is_finished_and_keeps_placeholders():
    for m in _entries(TS):
        source, translation = m.findtext("source"), m.find("translation")
        # vanished: a string the code no longer has, kept with its translation
        assert translation.get("type") in (None, "vanished") and translation.text, source
        marks = re.compile(r"\{[^{}]*\}|%[vm1-9]")
        assert sorted(marks.findall(source)) == sorted(marks.findall(translation.text)), source


def test_the_shipped_qm_is_compiled_from_the_shipped_ts(tmp_path):
    _needs_tools()
    ts = tmp_path / TS.name
    shutil.copy(TS, ts)
    qm = update.lrelease(ts)
    assert qm.read_bytes() == ui_language.catalogue_path(ui_language.CHINESE).read_bytes()


# ---- loading and choosing


@pytest.fixture
def chinese(qapp):
    assert ui_language.install(ui_language.CHINESE)
    yield
    ui_language.remove()


def test_installing_chinese_translates_app_and_core_strings(chinese):
    assert QCoreApplication.translate("MainWindow", "Charts") == "图表"
    assert QCoreApplication.translate("config", "Group size (G)") != "Group size (G)"
    ui_language.remove()
    assert QCoreApplication.translate("MainWindow", "Charts") == "Charts"


def test_the_language_follows_the_locale_until_one_is_chosen(tmp_path):
    assert ui_language.system_language(QLocale(QLocale.Chinese, QLocale.China)) == "zh_CN"
    assert ui_language.system_language(QLocale(QLocale.Chinese, QLocale.Taiwan)) == "zh_CN"
    assert ui_language.system_language(QLocale(QLocale.German)) == "en"
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)
    assert ui_language.chosen_language(settings) == ui_language.system_language()
    settings.setValue(ui_language.SETTING, "klingon")  # unknown: the locale decides
    assert ui_language.chosen_language(settings) == ui_language.system_language()
    settings.setValue(ui_language.SETTING, "zh_CN")
    assert ui_language.chosen_language(settings) == "zh_CN"


def test_the_language_menu_remembers_the_choice(window, qtbot):
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    menu = next(a.menu() for a in view.actions() if a.menu() and a.text() == "Language")
    entries = {a.text(): a for a in menu.actions()}
    assert set(entries) == {"English", "中文"}
    entries["中文"].trigger()
    assert window.settings.value(ui_language.SETTING) == "zh_CN"
    assert window.questions and "starts again" in window.questions[-1]
    assert "下次启动时，窗口将使用中文。" in window.questions[-1]  # for the reader of Chinese
    assert ui_language.chosen_language(window.settings) == "zh_CN"
    entries["English"].trigger()
    assert ui_language.chosen_language(window.settings) == "en"


# ---- the core's messages


def test_settings_and_data_errors_are_shown_in_chinese(chinese):
    from studio.core.config.sections import TrainingConfig

    with pytest.raises(ConfigError) as err:
        from_dict(TrainingConfig, {"seed": -1}, "training")
    shown = translate_message(str(err.value))
    assert shown.startswith("training.seed:") and CJK.search(shown) and "-1" in shown
    with pytest.raises(ConfigError) as err:
        from_dict(TrainingConfig, {"sed": 1}, "training")
    assert CJK.search(translate_message(str(err.value)))
    from studio.core.messages import say

    shown = translate_message(  # what the core says of a data file it cannot read
        say(
            "{path}: cannot be read ({reason}); check its permissions",
            path="/x/pairs.tsv",
            reason="Permission denied",
        )
    )
    assert CJK.search(shown) and "/x/pairs.tsv" in shown
    assert translate_message("something else entirely") == "something else entirely"
    from studio.core.catalogue import load_config
    from studio.core.tasks import build_task

    report = build_task(load_config("quick_micro_gpt")).report()  # the Data tab, the log
    assert CJK.search(translate_message(report))
    assert english_words(translate_message(report), allowed_words()) == []


# ---- the windows


@pytest.mark.qt_log_ignore("propagateSizeHints")  # an offscreen window shown
def test_the_chinese_window_shows_no_english(chinese, window, qtbot):
    from studio.core.config.preset_files import lesson_files, preset_files

    window.show()
    untranslated = []
    for path in [*preset_files().values(), *lesson_files().values()]:
        assert window.load_preset(str(path))
        for i in range(window.tabs.count()):  # every tab, so each page is built and shown
            window.tabs.setCurrentIndex(i)
        for i in range(window.setup.count()):
            window.setup.setCurrentIndex(i)
        window.setup.form.show_advanced.setChecked(True)
        window.setup.form.lesson_mode.setChecked(True)
        untranslated += [(path.stem, *e) for e in english_texts(window) if e not in untranslated]
    for page in (window.show_chart_guide(), window.show_grpo_guide()):
        untranslated += [("help", *e) for e in english_texts(page)]
    window.tour.start()
    untranslated += [("tour", *e) for e in english_texts(window.tour.panel)]
    assert untranslated == [], "\n".join(map(str, untranslated))


def _group_of(task, names: dict[str, float]) -> dict:
    """A sampled group of `task` as a step record holds it: a real prompt of the task and
    a score from each of its reward parts."""
    import random

    example = task.sample(1, random.Random(0), 0)[0]
    return {
        "prompt": example.display or str(example.prompt),
        "completions": ["a", "b"],
        "rewards": [1.0, 0.0],
        "advantages": [0.7071, -0.7071],
        "parts": {name: [1.0, 0.0] for name in names},
        "weights": names,
        "mean": 0.5,
        "std": 0.7071,
        "scale": "group",
        "scale_std": 0.7071,
        "eps": 1e-4,
        "beta": 0.0,
        "loss_type": "dapo",
        "pieces": [["a"], ["b"]],
        "logp": [[-0.2], [-1.0]],
    }


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_reward_parts_prompts_and_lesson_names_are_in_chinese(chinese, window, qtbot):
    """Every shipped preset and lesson, a GRPO step of its task shown: the Reward chart's
    legend, the Samples and Explain tabs and the Policy tab name its reward parts and say
    its prompts (a grid's level, a shape's image) in Chinese; the settings show the
    lesson's name in Chinese, and keep the preset's own words when left as shown."""
    import torch

    from studio.app.views.charts.panel import ChartPanel
    from studio.app.views.explain.panel import ExplainPanel
    from studio.app.views.policy.view import PolicyView
    from studio.app.views.samples import SamplesPanel
    from studio.core.catalogue import load_config
    from studio.core.config.preset_files import lesson_files, preset_files
    from studio.core.tasks import build_task
    from tests.helpers import step_record

    window.show()
    untranslated = []
    for path in [*preset_files().values(), *lesson_files().values()]:
        cfg = load_config(path)
        assert window.load_preset(str(path))
        task = build_task(cfg)
        names = {r.name: r.weight for r in task.reward_functions()}
        record = {k: v for k, v in step_record(1).items() if not k.startswith("reward/")}
        for name in names:
            record[f"reward/{name}/mean"], record[f"reward/{name}/std"] = 0.5, 0.1
        record["reward/mean"], record["reward/std"] = 0.5, 0.1
        record["samples"] = [_group_of(task, names)]
        if cfg.task.NAME == "own_text":  # the user's own prompts are shown as written
            record["samples"][0]["prompt"] = "12+3="
        window.session.record_arrived.emit(record)
        torch.manual_seed(0)
        probe = task.probe(task.build_model(cfg.model))
        if probe is not None:
            window.session.record_arrived.emit(
                {"kind": "probe", "stage": "grpo", "step": 1, "probe": probe}
            )
        for view in (ChartPanel, SamplesPanel, ExplainPanel, PolicyView):
            window.tabs.setCurrentWidget(window.view(view))
            window.view(view).refresh()
        (chart,) = [c for c in window.view(ChartPanel).charts if c.spec.id == "reward"]
        legend = chart.legend.text()
        for name in names:  # each part by its Chinese name, not the key
            said = QCoreApplication.translate("RewardParts", name)
            assert CJK.search(said) or said in ALLOWED, name
            shown, english = unbroken(said), unbroken(name)  # as a legend entry writes them
            assert shown in legend and f"&nbsp;{english} " not in legend
            assert not legend.endswith(f"&nbsp;{english}")
            assert said in window.view(ExplainPanel).body.toPlainText()
        untranslated += [(path.stem, *e) for e in english_texts(window) if e not in untranslated]
        name_field = window.setup.form.editors["name"]
        assert name_field.get() == QCoreApplication.translate("presets", cfg.name)
        assert window.setup.read_config().name == cfg.name  # the preset's own words kept
    assert untranslated == [], "\n".join(map(str, untranslated))


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_english_window_is_as_written(window):
    tabs = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert [t for t in tabs if t in ("Charts", "Gradient flow", "Samples", "Playground")] == [
        "Charts",
        "Gradient flow",
        "Samples",
        "Playground",
    ]
    assert [a.text() for a in window.menuBar().actions()] == ["&File", "&Run", "&View", "&Help"]
    chinese = [(w, t) for w, t in window_texts(window) if CJK.search(t) and t != "中文"]
    assert chinese == []


LAUNCH = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from studio.app.shell.application import run_app
from studio.app.shell.main_window import MainWindow
shown = []
def look():
    shown.extend(w.tabs.tabText(0) for w in app.topLevelWidgets() if isinstance(w, MainWindow))
    app.quit()
QTimer.singleShot(1500, look)
run_app(["grpo-studio"])
print("tab", shown[0])
"""


@pytest.mark.slow  # a fresh interpreter imports torch and Qt
@pytest.mark.parametrize(("lang", "chosen", "tab"), [
    ("zh_CN.UTF-8", None, "图表"), ("zh_CN.UTF-8", "en", "Charts"),
])  # fmt: skip
def test_the_studio_starts_in_the_locales_or_the_chosen_language(tmp_path, lang, chosen, tab):
    env = {
        "QT_QPA_PLATFORM": "offscreen",
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "LANG": lang,
        "LC_ALL": lang,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    if chosen:
        ini = tmp_path / "config" / "grpo-studio" / "GRPO Studio.conf"
        ini.parent.mkdir(parents=True)
        ini.write_text(f"[ui]\nlanguage={chosen}\n")
    result = subprocess.run(
        [sys.executable, "-c", LAUNCH], capture_output=True, text=True, timeout=120, env=env
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip().splitlines()[-1] == f"tab {tab}"


@pytest.mark.qt_log_ignore("propagateSizeHints")  # windows shown by the tests before
def test_a_bad_setting_and_unusable_data_are_named_in_chinese(chinese, window, tmp_path):
    from studio.core.data.bilingual import load_pairs
    from studio.core.data.load_report import DataError

    window.setup.form.editors["training.seed"].set(-1)
    message = window.setup.form.check()  # what the form says under its fields
    assert message.startswith(window.setup.form.label_of("training.seed")) and CJK.search(message)
    assert "-1" in message and window.setup.form.problem.text() == message
    pairs = tmp_path / "pairs.tsv"
    pairs.write_text("only one column\nanother\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_pairs(pairs)
    shown = translate_message(str(err.value))
    assert str(pairs) in shown and "task.source_column" in shown
    assert english_words(shown.replace(str(pairs), ""), allowed_words()) == []


def test_an_early_stage_end_and_a_run_end_are_said_in_chinese(chinese, qtbot):
    from studio.app.shell.run_toolbar import ControlBar

    bar = ControlBar()
    qtbot.addWidget(bar)
    bar.set_state("running")
    end = {"kind": "stage", "stage": "warmup", "step": 220, "event": "end"}
    from studio.core.messages import say

    reached = say(
        "reached {metric} {value} >= {target}", metric="accuracy", value="0.350", target=0.3
    )
    bar.show_record(end | {"reason": reached})
    bar.show_record({"kind": "done", "step": 400, "reason": "finished"})
    said = bar.rate.text()
    assert "reached" not in said and "accuracy" not in said and "0.350" in said


def test_the_status_line_of_a_run_that_ended_says_how_in_chinese(chinese, window, qtbot):
    said = []
    window.session.status_said.connect(said.append)
    window.session.run_dir = "runs/x"
    window.session._from_current_run = lambda: True
    window.session._on_finished({"kind": "done", "step": 3, "reason": "stopped"})
    assert said and "stopped" not in said[-1] and "已停止" in said[-1]


def test_a_tasks_own_prompt_is_said_in_chinese_and_a_users_prompt_as_written(chinese):
    from studio.app.i18n.messages import prompt_shown
    from studio.core.messages import say
    from studio.core.tasks.gridworld import level_title

    grid = prompt_shown(level_title(1, 5, 98720000001, 2))
    assert grid == "第 1 级，5×5，种子 98720000001，最短 2 步"
    image = say("{split} image {index} ({shape})", split="valid", index=3, shape="circle")
    assert prompt_shown(image) == "验证图像 3（圆形）"
    for own in ("5 layers", "level up, please", "12+34="):  # a message's shape is not tried
        assert prompt_shown(own) == own


def test_a_missing_warm_start_is_said_in_chinese_on_the_card_and_at_start(
    chinese, window, tmp_path, monkeypatch
):
    """The quick translation lesson's card warning and Start's refusal, in Chinese."""
    from studio.app.setup.preset_gallery import PresetGallery
    from studio.core.runs import warm_start

    monkeypatch.setattr(warm_start, "shipped_file", lambda *parts: tmp_path.joinpath(*parts))
    gallery = PresetGallery(count_now=False)
    window.setup.gallery.layout().addWidget(gallery)  # the window's to close at the end
    card = gallery.cards["quick_translation"]
    allowed = allowed_words() | {"python"}  # the command it names: python tools/make_warm_start.py
    assert not card.warning.isHidden() and CJK.search(card.warning.text())
    assert english_words(card.warning.text(), allowed) == []
    assert window.load_preset("quick_translation")
    assert not window.session.start()
    (error,) = window.errors
    assert CJK.search(error) and english_words(error, allowed) == []
