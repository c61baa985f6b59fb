"""Preset gallery and data panel: counts filled off the GUI thread, data errors shown inline."""

import pytest
from PySide6.QtCore import QSettings

from studio.app.common import dialogs
from studio.app.common.background import wait_for_background
from studio.app.setup.data import panel as panel_module
from studio.app.setup.data.panel import HEAD_LINES, DataPanel, file_head
from studio.app.setup.data.part import DataPart
from studio.app.setup.data.translation_part import TranslationDataPart
from studio.app.setup.preset_gallery import (
    PresetGallery,
    PresetSummary,
    card_details,
    format_count,
    summarize_preset,
)
from studio.app.shell.main_window import MainWindow
from studio.core.catalogue import load_config
from studio.core.config.preset_files import lesson_files, preset_files
from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file
from studio.core.machine.hardware import estimate_training_memory
from tests.helpers import checked


def test_micro_gpt_summary_counts_its_model():
    s = summarize_preset(preset_files()["micro_gpt"])
    cfg = load_config("micro_gpt")
    assert (s.name, s.task, s.arch, s.layers) == (
        "Micro-GPT",
        "arithmetic",
        "micro-gpt",
        "6 layers",
    )
    assert 3.7e6 < s.num_params < 3.9e6  # the preset's documented size: about 3.8M
    assert s.memory_bytes == estimate_training_memory(cfg, s.num_params)
    assert format_count(s.num_params) == "3.8M" and format_count(99044) == "99K"


def test_gallery_fills_cards_from_the_background_and_emits_the_choice(qtbot):
    calls = []

    def fake_summary(path):
        calls.append(path)
        return PresetSummary("X", "", "lite-resnet", "gridworld", "12 weight layers", 99044, 2**20)

    PresetGallery._cache.clear()
    gallery = PresetGallery(summarize=fake_summary)
    qtbot.addWidget(gallery)
    assert set(gallery.cards) == set(preset_files()) | set(lesson_files())
    qtbot.waitUntil(
        lambda: all(" · " in c.details.text() for c in gallery.cards.values()), timeout=3000
    )
    assert gallery.cards["lite_resnet"].details.text() == card_details(fake_summary(None))
    assert (
        "12 weight layers · 99K parameters · ~1.0 MB" in gallery.cards["lite_resnet"].details.text()
    )
    with qtbot.waitSignal(gallery.preset_chosen) as chosen:
        gallery.cards["micro_gpt"].use.click()
    assert chosen.args == [str(preset_files()["micro_gpt"])]
    n = len(calls)
    PresetGallery(summarize=fake_summary).deleteLater()  # cached: no new builds
    assert len(calls) == n


def test_a_preset_that_cannot_build_says_so_on_its_card(qtbot):
    def broken(path):
        raise ValueError("task.max_digits: too many; use at most 3")

    PresetGallery._cache.clear()
    gallery = PresetGallery(summarize=broken)
    qtbot.addWidget(gallery)
    card = gallery.cards["micro_gpt"]
    qtbot.waitUntil(lambda: "Could not build" in card.details.text(), timeout=3000)
    assert "use at most 3" in card.details.text()


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    errors = []
    monkeypatch.setattr(dialogs, "show_error", lambda p, t, m: errors.append(m))
    w = MainWindow(
        settings=QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat), count_presets=False
    )
    w.errors = errors
    qtbot.addWidget(w)
    yield w
    wait_for_background()


def test_opening_a_bad_yaml_from_the_gallery_shows_the_message(window, tmp_path, monkeypatch):
    bad = tmp_path / "lesson.yaml"
    bad.write_text("grpo: {beta: 0.1\n")
    monkeypatch.setattr(dialogs, "open_file", lambda *a, **k: str(bad))
    window.setup.gallery.open_file_dialog()
    assert len(window.errors) == 1 and window.errors[0].startswith(f"{bad}: not valid YAML")


def test_a_bad_data_file_shows_the_loader_message(qtbot, window, tmp_path):
    bad = tmp_path / "pairs.tsv"
    bad.write_text("hello there\nno tab on this line either\n")
    assert window.load_preset("tiny_transformer")
    window.setup.data_panel.set_path(str(bad))
    window.setup.data_panel._emit_path()
    assert window.setup.form.config().data.path == str(bad)  # the settings follow the panel
    window.setup.form.editors["data.path"].widget.setText("/elsewhere.tsv")
    window.setup.form.editors["data.path"].widget.textEdited.emit("/elsewhere.tsv")
    assert window.setup.data_panel.path() == "/elsewhere.tsv"  # and the panel follows the settings
    window.setup.data_panel.set_path(str(bad))
    window.setup.data_panel._emit_path()
    with qtbot.waitSignal(window.setup.data_panel.checked, timeout=20_000):
        window.setup.data_panel.check()
    panel = window.setup.data_panel
    assert panel.error.startswith(f"{bad}: no usable sentence pair")
    assert "separated by a tab" in panel.status.text() and "✘" in panel.status.text()
    assert "hello there" in panel.preview.toPlainText()  # the file's first lines, to compare
    assert window.errors == []  # inline, not a dialog


def test_a_check_of_a_users_file_shows_the_fitted_plan_in_the_stage_strip(qtbot, window, tmp_path):
    """The strip says when the warm-up will end as Start will train it, not as the preset
    had it: the check fits the stages to the file; a verdict cleared puts the preset's back."""
    from studio.app.views.stage_strip import StageStrip

    data = write_tatoeba_file(tmp_path / "cmn.txt", realistic_pairs(1500, seed=2))
    assert window.load_preset("tiny_transformer", [f"data.path={data}"])
    rule = window.view(StageStrip).boxes["warmup"].rule
    preset_rule = rule.text()
    assert "ends early at chrF ≥ 60" in preset_rule
    with qtbot.waitSignal(window.setup.data_panel.checked, timeout=120_000):
        window.setup.data_panel.check()
    assert window.setup.data_panel.error is None
    rule = window.view(StageStrip).boxes["warmup"].rule
    assert rule.text() == "up to 5000 steps · or after 4 evaluations without a better chrF"
    # a hand edit after the check shows at once, and wins over what the fit chose
    form = window.setup.form

    def type_in(path: str, text: str) -> None:
        editor = form.editors[path].widget
        editor.selectAll()
        qtbot.keyClicks(editor, text)

    type_in("stages.warmup.patience", "6")
    rule = window.view(StageStrip).boxes["warmup"].rule
    assert rule.text() == "up to 5000 steps · or after 6 evaluations without a better chrF"
    type_in("stages.warmup.steps", "12x")  # "12x" is no number: "12" stays shown
    assert window.view(StageStrip).boxes["warmup"].rule.text().startswith("up to 12 steps · ")
    assert window.errors == []
    type_in("stages.warmup.steps", "1200")
    rule = window.view(StageStrip).boxes["warmup"].rule
    assert rule.text() == "up to 1200 steps · or after 6 evaluations without a better chrF"
    type_in("stages.warmup.patience", "3")
    type_in("stages.warmup.steps", "3000")
    window.setup.data_panel.clear_verdict()  # the settings moved away from what was checked
    assert window.view(StageStrip).boxes["warmup"].rule.text() == preset_rule


def test_a_started_run_shows_the_fitted_plan_while_it_prepares(qtbot, window, tmp_path):
    """Between Start and the run's first record (reading the file, fitting, measuring
    this machine) the strip keeps the fitted plan, not the preset's stopping rules."""
    from studio.app.views.stage_strip import StageStrip

    data = write_tatoeba_file(tmp_path / "cmn.txt", realistic_pairs(1500, seed=2))
    save = f"run.save_dir={tmp_path / 'runs'}"
    assert window.load_preset("tiny_transformer", [f"data.path={data}", save])
    with qtbot.waitSignal(window.setup.data_panel.checked, timeout=120_000):
        window.setup.data_panel.check()
    fitted = "up to 5000 steps · or after 4 evaluations without a better chrF"
    assert window.view(StageStrip).boxes["warmup"].rule.text() == fitted
    assert window.session.start(max_steps=1)
    preparing = window.view(StageStrip).boxes["warmup"].rule.text()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=120_000)
    assert preparing == fitted and window.errors == []


def test_demo_data_check_shows_the_report_and_examples(qtbot, window):
    assert window.load_preset("micro_gpt")
    with qtbot.waitSignal(window.setup.data_panel.checked, timeout=20_000):
        window.setup.data_panel.check()
    panel = window.setup.data_panel
    assert panel.error is None and "validation" in panel.report
    text = panel.preview.toPlainText()
    assert text.startswith("Examples as the task reads them:") and "=" in text and "→" in text


def test_file_head_of_files_and_folders(tmp_path):
    (tmp_path / "a.txt").write_text("".join(f"line {i}\n" for i in range(20)))
    (tmp_path / "cats").mkdir()
    (tmp_path / "cats" / "1.png").write_bytes(b"")
    assert file_head(tmp_path / "a.txt", 3) == "line 0\nline 1\nline 2"
    assert file_head(tmp_path) == "a.txt\ncats/  (1 files)"
    (tmp_path / "one-line.txt").write_text("x" * 5_000_000)  # no newline: read no further
    assert file_head(tmp_path / "one-line.txt") == "x" * 300 + "…"


def test_file_head_of_a_huge_folder_reads_only_so_far(tmp_path, monkeypatch):
    """The head of a folder runs on the window's thread: a folder of very many files is
    read no further than FOLDER_ENTRIES entries, and its counts say so."""
    monkeypatch.setattr(panel_module, "FOLDER_ENTRIES", 10)
    (tmp_path / "cats").mkdir()
    for i in range(12):
        (tmp_path / "cats" / f"{i}.png").write_bytes(b"")
        (tmp_path / f"f{i:02d}.txt").write_text("")
    head = file_head(tmp_path).splitlines()  # 13 entries, 10 of them read
    assert len(head) == HEAD_LINES + 1 and head[-1] == "… 2+ more"
    assert head[0] == "cats/  (10+ files)" or "cats/" not in " ".join(head)
    assert file_head(tmp_path / "cats").splitlines()[-1] == "… 2+ more"
    monkeypatch.setattr(panel_module, "FOLDER_ENTRIES", 100)
    head = file_head(tmp_path).splitlines()
    assert head[:2] == ["cats/  (12 files)", "f00.txt"] and head[-1] == "… 5 more"


def test_data_panel_without_a_path_means_demo_data(qtbot):
    panel = DataPanel()
    qtbot.addWidget(panel)
    panel.set_path("/data/x.tsv")
    assert panel.path() == "/data/x.tsv"
    panel.demo.setChecked(True)
    assert panel.path() is None


# ---- the Data tab's columns: shown, swapped, picked; the verdict follows the settings

# Sentences written for these tests, laid out as a Tatoeba/Anki export (English first).
TATOEBA = [
    ("We walk home.", "我们走回家。"),
    ("The tea is hot.", "茶很热。"),
    ("My brother reads.", "我哥哥看书。"),
    ("The dog sleeps.", "狗在睡觉。"),
    ("I like rice.", "我喜欢米饭。"),
    ("The river is long.", "河很长。"),
    ("We plant trees.", "我们种树。"),
    ("The bird flies.", "鸟在飞。"),
    ("I write letters.", "我写信。"),
    ("The road is wide.", "路很宽。"),
]


def tiny_translation(window, path):
    assert window.load_preset("tiny_transformer")
    window.setup.form.set_value("task.demo_size", 0)
    window.setup.data_panel.set_path(str(path))
    window.setup.data_panel._emit_path()


def test_data_tab_shows_and_swaps_the_columns(qtbot, window, tmp_path):
    data = tmp_path / "cmn.txt"
    lines = [
        f"{en}\t{zh}\tCC-BY 2.0 (France) Attribution: #{i}" for i, (en, zh) in enumerate(TATOEBA)
    ]
    data.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tiny_translation(window, data)
    panel = window.setup.data_panel
    part = panel.part  # the translation task's part of the tab: its columns
    assert isinstance(part, TranslationDataPart)
    checked(qtbot, panel, panel.check)
    assert panel.error is None and part.columns.isVisibleTo(panel)
    assert part.columns.chosen() == (1, 0)  # Chinese is the source of the zh->en preset
    assert part.columns.source_label.text() == "Source (zh)"
    assert "Han" in part.columns.source.currentText()
    text = panel.preview.toPlainText()
    assert "我们走回家。  →  We walk home." in text
    assert "source zh (Chinese): column 1" in text and "ignored column 2" in text

    checked(qtbot, panel, part.columns.swap.click)  # the other way round: en->zh
    cfg = window.setup.form.config()
    assert (cfg.task.source_lang, cfg.task.target_lang) == ("en", "zh")
    assert part.columns.chosen() == (0, 1)
    assert "We walk home.  →  我们走回家。" in panel.preview.toPlainText()

    # changing the columns in the settings clears the verdict: it spoke of other columns
    editor = window.setup.form.editors["task.source_column"].widget
    editor.setText("2")
    editor.textEdited.emit("2")
    assert panel.status.text() == "" and panel.report == "" and not part.columns.isVisibleTo(panel)


def test_columns_the_file_cannot_tell_are_picked_in_the_data_tab(qtbot, window, tmp_path):
    data = tmp_path / "fra.tsv"
    data.write_text("Go.\tVa !\nHi.\tSalut !\nRun!\tCours !\nWait!\tAttends !\n", "utf-8")
    tiny_translation(window, data)
    window.setup.form.set_value("task.source_lang", "en")
    window.setup.form.set_value("task.target_lang", "fr")
    panel = window.setup.data_panel
    part = panel.part
    assert isinstance(part, TranslationDataPart)
    checked(qtbot, panel, panel.check)
    assert "cannot tell which column is en (English)" in panel.error
    assert part.columns.isVisibleTo(panel) and part.columns.chosen() == (None, None)
    assert window.errors == []  # inline, not a dialog

    picker = part.columns.source
    checked(qtbot, panel, lambda: (picker.setCurrentIndex(1), picker.activated.emit(1)))
    cfg = window.setup.form.config()
    assert (cfg.task.source_column, cfg.task.target_column) == (0, 1)
    assert panel.error is None and "✔" in panel.status.text()
    assert "Go.  →  Va !" in panel.preview.toPlainText()


def test_a_new_preset_clears_the_verdict(qtbot, window):
    assert window.load_preset("micro_gpt")
    panel = window.setup.data_panel
    checked(qtbot, panel, panel.check)
    assert panel.report
    assert window.load_preset("tiny_transformer")
    assert panel.report == "" and panel.status.text() == ""


def test_the_text_file_and_the_back_translation_switch_set_the_task_and_follow_the_preset(
    qtbot, window, tmp_path
):
    mono = tmp_path / "mono.en"
    mono.write_text("We walk home.\n我们走回家。\n", "utf-8")
    assert window.load_preset("tiny_transformer")
    panel = window.setup.data_panel
    part = panel.part
    assert isinstance(part, TranslationDataPart)
    assert part.text_row.isVisibleTo(panel) and not part.back_translate.isChecked()
    assert "either language" in part.text_edit.placeholderText()
    part.text_edit.setText(str(mono))
    part.text_edit.editingFinished.emit()
    cfg = window.setup.form.config()
    assert cfg.task.text_path == str(mono) and not cfg.task.back_translation
    part.back_translate.setChecked(True)
    cfg = window.setup.form.config()
    assert cfg.task.back_translation and cfg.task.text_path == str(mono)
    part.text_edit.setText("")
    part.text_edit.editingFinished.emit()  # no file left: nothing to back-translate
    cfg = window.setup.form.config()
    assert cfg.task.text_path is None and not cfg.task.back_translation
    assert not part.back_translate.isChecked()
    assert window.load_preset("micro_gpt")
    assert panel.part is None and not part.text_row.isVisibleTo(panel)  # its task has none


def test_the_corrections_switch_adds_a_runs_suggestions_and_the_check_counts_them(
    qtbot, window, tmp_path, monkeypatch
):
    run = tmp_path / "served-run"
    run.mkdir()
    (run / "suggestions.tsv").write_text(
        "zh\ten\n\n紫色的鲸鱼会唱歌。\tPurple whales sing.\n", encoding="utf-8"
    )
    assert window.load_preset("tiny_transformer")
    panel = window.setup.data_panel
    part = panel.part
    assert isinstance(part, TranslationDataPart)
    assert part.suggestions_row.isVisibleTo(panel) and not part.add_suggestions.isChecked()
    monkeypatch.setattr(dialogs, "open_folder", lambda *a: "")  # the user chooses no folder
    part.add_suggestions.setChecked(True)
    assert not part.add_suggestions.isChecked()  # nothing to add: the switch goes off again
    assert window.setup.form.config().task.suggestions is None
    monkeypatch.setattr(dialogs, "open_folder", lambda *a: str(run))
    part.add_suggestions.setChecked(True)
    assert window.setup.form.config().task.suggestions == str(run)
    assert part.suggestions_waiting.text() == "1 waiting"  # the header and a blank not counted
    checked(qtbot, panel, panel.check)
    assert panel.error is None
    added = f"added to the training pairs: {run / 'suggestions.tsv'}: kept 1 pair; skipped 1 empty"
    assert added + " (line 2)" in panel.preview.toPlainText()
    part.add_suggestions.setChecked(False)
    assert window.setup.form.config().task.suggestions is None
    assert part.suggestions_edit.text() == str(run)  # kept, to switch on again
    part.suggestions_edit.setText(str(tmp_path))
    part.suggestions_edit.editingFinished.emit()
    assert part.suggestions_waiting.text() == "no suggestions.tsv there"


def test_every_data_part_serves_a_task():
    from studio.app.setup.data.panel import PARTS
    from studio.core.tasks import TASKS

    assert "translation" in PARTS
    for task, part in PARTS.items():
        assert task in TASKS and task == part.TASK and issubclass(part, DataPart)


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen plugin, when shown
def test_a_hidden_part_leaves_the_data_tab_its_width(qtbot, window, tmp_path):
    """The translation part's column picker, shown by a check, takes no room once another
    task is shown: the Setup dock can narrow again (a 1024-pixel window)."""
    window.show()  # a shown window lays out what it shows: the hidden part must not count
    qtbot.waitExposed(window)
    panel = window.setup.data_panel
    window.setup.setCurrentIndex(2)
    narrow = panel.minimumSizeHint().width()  # the default preset: no part
    data = tmp_path / "cmn.txt"
    data.write_text("".join(f"{en}\t{zh}\tCC-BY 2.0\n" for en, zh in TATOEBA), encoding="utf-8")
    tiny_translation(window, data)
    checked(qtbot, panel, panel.check)
    assert panel.part is not None and panel.part.columns.isVisibleTo(panel)
    assert window.load_preset("micro_gpt")
    window.setup.setCurrentIndex(1)
    qtbot.wait(200)  # the layout settles
    assert panel.minimumSizeHint().width() == narrow


def test_the_data_tab_says_which_fitted_settings_the_user_set_in_the_form(qtbot, window, tmp_path):
    # 1,200 pairs of the project's realistic corpus, a Tatoeba export: enough to be fitted
    data = write_tatoeba_file(tmp_path / "cmn.txt", realistic_pairs(1200, seed=3))
    tiny_translation(window, data)
    panel = window.setup.data_panel
    checked(qtbot, panel, panel.check)
    assert "  eval.every 500: a whole valid split" in panel.preview.toPlainText()  # the preset's
    for path, value in (("eval.every", "0"), ("task.vocab_size", "150")):  # the user's edits
        editor = window.setup.form.editors[path].widget
        editor.setText(value)
        editor.textEdited.emit(value)
    assert {"eval.every", "task.vocab_size"} <= set(window.setup.form.config().user_set)
    checked(qtbot, panel, panel.check)
    text = panel.preview.toPlainText()
    assert "  eval.every: kept at 0, you set it; the fit would choose 500" in text
    assert "  task.vocab_size: kept at 150, you set it; the fit would choose " in text
    assert "eval.every 500" not in text and "eval.size" in text  # the rest still fitted
