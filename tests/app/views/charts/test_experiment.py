"""An experiment on the charts: each variant's curves in its own colour with a legend that
names it, the table of headline figures following the records, the lesson's one-click
button, the editor, and a real experiment run from the window."""

import re
from pathlib import Path

import pytest

from studio.app.i18n.messages import translate_message
from studio.app.shell import ui_language
from studio.app.views.charts.experiment_editor import ExperimentEditor, parse_settings
from studio.app.views.charts.metric_chart import VARIANT_COLOURS
from studio.app.views.charts.panel import ChartPanel
from studio.app.views.explain.panel import ExplainPanel
from studio.app.views.log_panel import LogPanel
from studio.app.views.samples import SamplesPanel
from studio.core.catalogue import load_config
from studio.core.config.experiments import parse_variants
from studio.core.config.fields import ConfigError
from studio.core.runs.metrics_file import read_metrics
from tests.helpers import ARITHMETIC_LEN, MICRO_GPT, ONE_THREAD, step_record


def logged_lines(window) -> list[str]:
    return [text for _, text in window.view(LogPanel).lines]


def _pen(curve) -> str:
    return curve.opts["pen"].color().name().upper()


def _feed(panel: ChartPanel, index: int, record: dict) -> None:
    """As the window hands an experiment's records on: variant 0's to every view too."""
    if index == 0:
        panel.add_record(record)
    panel.add_variant_record(index, record)


def test_each_variant_is_drawn_in_its_own_colour_with_its_name_in_the_legend(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.set_variants(["G=2", "G=16"])
    for step in range(1, 6):
        _feed(panel, 0, step_record(step))
        slower = step_record(step)
        slower["loss"] = 0.5 / step
        _feed(panel, 1, slower)
    panel.refresh()
    loss = panel.chart("loss")
    own, other = loss._curves[("loss", 0)], loss._curves[("loss", 1)]
    assert _pen(own) == VARIANT_COLOURS[0] and _pen(other) == VARIANT_COLOURS[1]
    assert list(other.getOriginalDataset()[1]) == [0.5 / s for s in range(1, 6)]
    assert "G=2" in loss.legend.text() and "G=16" in loss.legend.text()
    assert not loss.legend.isHidden()
    # a chart of several curves names each with its variant, each variant in one colour
    reward = panel.chart("reward")
    colours = {src: {_pen(c) for (_, s), c in reward._curves.items() if s == src} for src in (0, 1)}
    assert colours == {0: {VARIANT_COLOURS[0]}, 1: {VARIANT_COLOURS[1]}}
    legend = reward.legend.text()  # each variant named once, each curve by its stroke
    assert legend.count("G=16") == 1 and legend.count("G=2<") + legend.count("G=2 ") >= 1
    assert "correct" in legend and "╍╍" in legend
    # too long for one line (at 1280x800 it lost "format"): a second line, broken between
    # entries, not names cut at the chart's edge
    one_line = reward.legend.heightForWidth(2000)
    assert reward.legend.wordWrap() and reward.legend.heightForWidth(150) >= 2 * one_line
    assert "[G=16]" in loss.readout_at(3)


def test_the_table_shows_each_variants_headline_figures_as_they_come(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.set_variants(["G=2", "G=16"])
    board = panel.board
    assert not board.table.isHidden() and board.table.rowCount() == 2
    assert board.row_texts(0)[0].endswith("G=2") and board.row_texts(1)[0].endswith("G=16")
    first = step_record(7)
    first["reward/mean"] = 0.25
    _feed(panel, 0, first)
    second = step_record(8)
    second["reward/mean"] = 0.5
    second["perf/steps_per_s"] = 4.0
    _feed(panel, 1, second)
    _feed(
        panel,
        1,
        {"kind": "eval", "stage": "grpo", "step": 8, "metric": "accuracy", "eval/accuracy": 0.42},
    )
    assert board.row_texts(0)[1:3] == ["7", "0.250"]
    assert board.row_texts(1)[1:5] == ["8", "0.500", "42%", "4.0"]
    header = board.table.horizontalHeaderItem(3).text()
    assert header.startswith("Held-out") and header != "Held-out"
    panel.clear_run()  # a single run next: the table and the other variants go
    assert board.table.isHidden() and panel.variant_runs == [] and panel.own_colour == ""


def test_a_lesson_with_an_experiment_offers_it_in_one_click(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.show_config(load_config("micro_gpt"))
    assert panel.board.run_button.isHidden()
    panel.show_config(load_config("what_a_group_is"))
    assert not panel.board.run_button.isHidden()
    assert "G=2 | G=16" in panel.board.run_button.text()
    asked = []
    panel.board.run_asked.connect(asked.append)
    panel.board.run_button.click()
    assert asked == [None]  # the preset's own experiment
    panel.board.set_state("running")
    assert panel.board.run_button.isHidden() and not panel.board.edit_button.isEnabled()
    panel.board.set_state("idle")  # the experiment ended: it can run again
    assert not panel.board.run_button.isHidden()


def test_the_editor_builds_variants_and_says_what_is_wrong_in_one_line(qtbot):
    editor = ExperimentEditor([])
    qtbot.addWidget(editor)
    assert [name.text() for name, _ in editor.rows] == ["G=2", "G=16"]
    assert editor.rows[0][1].text() == "grpo.num_generations=2"
    editor.add_row("beta", {})
    editor.setting.setCurrentText("grpo.beta")
    editor.insert_setting()
    assert editor.rows[2][1].text() == "grpo.beta="
    editor.rows[2][1].setText("grpo.beta=0.04, stages.grpo.lr=0.0001")
    assert editor.variants()[2] == {
        "label": "beta",
        "settings": {"grpo.beta": 0.04, "stages.grpo.lr": 1e-4},
    }
    editor.rows[2][1].setText("model.n_layers=4")
    editor.accept()
    assert "model.n_layers cannot differ" in editor.problem.text()
    assert "\n" not in editor.problem.text() and editor.result() == 0
    for _ in range(3):
        editor.add_row("x", {})
    assert len(editor.rows) == 4 and not editor.add_button.isEnabled()
    assert parse_settings("grpo.beta=0; grpo.shuffle_rewards=true") == {
        "grpo.beta": 0,
        "grpo.shuffle_rewards": True,
    }


def _tiny_experiment():
    return load_config(
        "micro_gpt",
        [
            *ONE_THREAD,
            *MICRO_GPT,
            ARITHMETIC_LEN,
            "eval.every=2",
            "eval.size=8",
            "run.checkpoint_every=0",
            "grpo.max_new_tokens=4",
            "stages.warmup.steps=3",
            "stages.warmup.batch_size=8",
            "stages.grpo.batch_size=2",
            "stages.grpo.steps=4",
            "ui.experiment=[{label: G=2, settings: {grpo.num_generations: 2}},"
            " {label: G=4, settings: {grpo.num_generations: 4}}]",
        ],
    )


def test_the_window_runs_an_experiment_and_draws_both_variants(window, qtbot, tmp_path):
    cfg = _tiny_experiment()
    window.session._read_settings = lambda: cfg
    window.session._save_dir = lambda: tmp_path / "runs"
    charts = window.view(ChartPanel)
    assert window.session.start_experiment()
    assert window.controls.eta.by_wall  # the variants' turns: one variant's step is a round
    qtbot.waitUntil(lambda: not window.session.controller.running, timeout=120_000)
    assert window.errors == []
    charts.refresh()
    # both variants' loss curves, each in its colour, named in the legend
    loss = charts.chart("loss")
    assert ("loss", 0) in loss._curves and ("loss", 1) in loss._curves
    assert _pen(loss._curves[("loss", 1)]) == VARIANT_COLOURS[1]
    assert "G=4" in loss.legend.text()
    assert [charts.board.row_texts(i)[1] for i in (0, 1)] == ["7", "7"]
    # the second variant's held-out curve starts where the shared warm-up ended (step 3)
    eval_chart = charts.chart("eval")
    first, second = (eval_chart._curves[("eval/accuracy", s)] for s in (0, 1))
    assert second.getOriginalDataset()[0][0] == 3 and 3 in first.getOriginalDataset()[0]
    # one run folder per variant, each with its own config and all its records
    folders = sorted(p.parent for p in Path(tmp_path / "runs").glob("*/metrics.jsonl"))
    assert len(folders) == 2
    for folder in folders:
        steps = [r for r in read_metrics(folder) if r["kind"] == "step"]
        assert [r["step"] for r in steps] == list(range(1, 8))
    assert window.session.stopped_run is None  # Start does not offer to continue one side
    # the views that follow one variant say which; the folders are named alike
    assert sorted(f.name[16:] for f in folders) == ["micro-gpt-g-2", "micro-gpt-g-4"]
    samples, explain = window.view(SamplesPanel), window.view(ExplainPanel)
    samples.refresh()
    explain.refresh()
    said = "this shows variant G=2 (the first of 2)"
    assert said in samples.toPlainText() and said in explain.body.toPlainText()
    assert any("follow variant G=2 (the first of 2)" in line for line in logged_lines(window))
    # and each line of the run's records says so, after that note has scrolled away
    assert any(line.startswith("[G=2] [step 7] run ended") for line in logged_lines(window))
    window.session.open_run(str(folders[0]))  # one run opened: no variant note
    samples.refresh()
    assert "variant" not in samples.toPlainText()


def test_a_bad_variant_is_refused_with_one_line(window):
    window.session._read_settings = _tiny_experiment
    bad = [
        {"label": "a", "settings": {"grpo.beta": 0.0}},
        {"label": "b", "settings": {"grpo.num_generations": 0}},
    ]
    assert not window.session.start_experiment(bad)
    assert len(window.errors) == 1 and "(b): grpo.num_generations" in window.errors[0]
    assert "\n" not in window.errors[0] and not window.session.controller.running


# ---- in Chinese


@pytest.fixture
def chinese(qapp):
    assert ui_language.install(ui_language.CHINESE)
    yield
    ui_language.remove()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_chinese_experiment_shows_no_english(chinese, window, qtbot):
    from tests.support.i18n_walk import allowed_words, english_texts, english_words

    window.show()
    assert window.load_preset("what_a_group_is")
    charts = window.view(ChartPanel)
    window.tabs.setCurrentWidget(charts)
    assert "并排运行" in charts.board.run_button.text()
    charts.set_variants(["G=2", "G=16"])
    for index in (0, 1):
        _feed(charts, index, step_record(3))
        _feed(
            charts,
            index,
            {
                "kind": "eval",
                "stage": "grpo",
                "step": 3,
                "metric": "accuracy",
                "eval/accuracy": 0.4,
            },
        )
    charts.refresh()
    found = english_texts(charts)  # the buttons, the table, the legends
    table = charts.board.table  # its headers and cells (the walk reads widgets' own texts)
    found += [
        ("header", t, words)
        for c in range(table.columnCount())
        if (words := english_words(t := table.horizontalHeaderItem(c).text(), allowed_words()))
    ]
    assert table.horizontalHeaderItem(3).text() != "留出集"  # the metric named: 留出集准确率
    editor = ExperimentEditor([])
    qtbot.addWidget(editor)
    found += english_texts(editor)
    assert found == [], "\n".join(map(str, found))
    # a refused variant is said in Chinese, its setting and variant named as written
    with pytest.raises(ConfigError) as err:
        parse_variants([{"label": "a", "settings": {}}, {"label": "b", "settings": {"model.x": 1}}])
    said = translate_message(str(err.value))
    assert re.search(r"[\u4e00-\u9fff]", said) and "model.x" in said and "(b)" in said


def test_the_editor_says_a_refused_variant_in_chinese(chinese, qtbot):
    editor = ExperimentEditor([])
    qtbot.addWidget(editor)
    editor.rows[1][1].setText("model.n_layers=4")
    editor.accept()
    said = editor.problem.text()
    assert re.search(r"[\u4e00-\u9fff]", said) and "model.n_layers" in said and "(G=16)" in said


def test_the_lessons_experiment_survives_the_settings_form(window):
    """Run side by side reads the settings shown: the form keeps the lesson's variants."""
    for lesson in ("what_a_group_is", "why_kl_to_a_reference", "too_hard_too_easy"):
        assert window.load_preset(lesson)
        cfg = window.setup.read_config()
        assert cfg is not None
        assert cfg.ui.experiment == load_config(lesson).ui.experiment
        assert len(parse_variants(cfg.ui.experiment)) >= 2


def test_one_click_runs_the_experiment_of_the_preset_shown(window, qtbot, tmp_path):
    from studio.core.config.loading import save_config

    preset = tmp_path / "tiny_experiment.yaml"
    save_config(_tiny_experiment(), preset)
    assert window.load_preset(str(preset))
    window.session._save_dir = lambda: tmp_path / "runs"
    charts = window.view(ChartPanel)
    assert "G=2 | G=4" in charts.board.run_button.text()
    charts.board.run_button.click()  # the settings shown, read by the form: nothing patched
    assert window.session.experiment_labels == ["G=2", "G=4"]
    qtbot.waitUntil(lambda: not window.session.controller.running, timeout=120_000)
    assert window.errors == []
    assert len(list(Path(tmp_path / "runs").glob("*/metrics.jsonl"))) == 2
    assert [charts.board.row_texts(i)[1] for i in (0, 1)] == ["7", "7"]
    # Reset: the experiment again, all its variants from step 0
    started: list = []
    window.session.experiment_started.connect(started.append)
    assert window.session.restart()
    assert started == [["G=2", "G=4"]]
    qtbot.waitUntil(lambda: not window.session.controller.running, timeout=120_000)
    assert len(list(Path(tmp_path / "runs").glob("*/metrics.jsonl"))) == 4


def test_an_experiment_draws_no_band_for_one_variant_alone(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_record(step_record(1))
    panel.refresh()
    assert panel.chart("reward")._bands  # a single run: its spread as a band
    panel.clear_run()
    panel.set_variants(["G=2", "G=16"])
    for index in (0, 1):
        _feed(panel, index, step_record(1))
    panel.refresh()
    assert not panel.chart("reward")._bands
