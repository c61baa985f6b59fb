"""The window with a fake trainer: runs reach the panels, errors one dialog, state persists."""

import json
from pathlib import Path

import pytest

from studio.app.common import dialogs
from studio.app.common.background import wait_for_background
from studio.app.views.charts.grad_flow import GradFlowWidget
from studio.app.views.charts.panel import ChartPanel
from studio.app.views.explain.panel import ExplainPanel
from studio.app.views.log_panel import LogPanel
from studio.app.views.samples import SamplesPanel
from studio.core.catalogue import load_config
from studio.core.config.loading import save_config
from tests.helpers import factory, make_window, step_record


class Dialogs:
    """Records what would have been shown instead of blocking the test."""

    def __init__(self, monkeypatch, answer=True):
        self.errors, self.questions, self.answer = [], [], answer
        self.infos: list[str] = []
        self.choices: list[tuple[str, list[str]]] = []
        self.pick: int | None = 1  # which choice to answer (None: cancel)
        monkeypatch.setattr(
            dialogs, "show_error", lambda parent, title, msg: self.errors.append(msg)
        )
        monkeypatch.setattr(dialogs, "show_info", lambda parent, title, msg: self.infos.append(msg))
        monkeypatch.setattr(dialogs, "ask_yes_no", self._ask)
        monkeypatch.setattr(dialogs, "choose", self._choose)

    def _choose(self, parent, title, question, choices):
        self.choices.append((question, choices))
        return None if self.pick is None else choices[self.pick]

    def _ask(self, parent, title, question):
        self.questions.append(question)
        return self.answer


@pytest.fixture
def shown(monkeypatch):
    return Dialogs(monkeypatch)


@pytest.fixture
def window(qtbot, tmp_path, shown):
    w = make_window(qtbot, tmp_path, fake={"steps": 10_000, "delay": 0.002})
    yield w
    if w.session.controller.running:
        w.session.controller.stop()
        assert w.session.controller.wait(5000)
    wait_for_background()


def test_a_run_reaches_every_panel_and_the_controls_follow(qtbot, window):
    assert (
        window.setup.form.config().name == "Micro-GPT quick"
    )  # the default: learns within a minute
    assert window.controls.start_action.isEnabled() and not window.controls.stop_action.isEnabled()
    shortcuts = [
        a.shortcut().toString()
        for a in (
            window.controls.start_action,
            window.controls.pause_action,
            window.controls.step_action,
            window.controls.stop_action,
        )
    ]
    assert shortcuts == ["F5", "F6", "F10", "Shift+F5"]
    assert window.session.start()
    qtbot.waitUntil(
        lambda: len(window.view(ChartPanel).store.series.get("loss", [])) > 20, timeout=3000
    )
    assert window.controls.stop_action.isEnabled() and not window.controls.start_action.isEnabled()
    qtbot.waitUntil(
        lambda: window.view(GradFlowWidget).redraw_count > 0 and window.view(SamplesPanel).step > 0,
        timeout=2000,
    )
    assert window.controls.progress.maximum() == 10_000 and window.controls.progress.value() > 0
    assert "steps/s" in window.controls.rate.text()
    assert window.view(ChartPanel).live  # training: the charts draw paced
    window.controls.pause_action.trigger()
    assert window.controls.pause_action.text() == "Resume"
    assert not window.view(ChartPanel).live  # paused: whatever changed is drawn at once
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=1000)
    assert window.controls.start_action.isEnabled()
    assert window.view(LogPanel).lines[-1] == (
        "info",
        f"[step {window.view(ChartPanel).store.series['loss'].steps[-1]:.0f}] run ended: stopped",
    )


def test_the_run_menu_lists_every_run_action_with_its_shortcut_export_included(
    qtbot, window, shown
):
    menus = {a.text(): a.menu() for a in window.menuBar().actions()}
    entries = [
        (a.text(), a.shortcut().toString()) for a in menus["&Run"].actions() if not a.isSeparator()
    ]
    assert entries == [
        ("Start", "F5"),
        ("Pause", "F6"),
        ("Step", "F10"),
        ("Stop", "Shift+F5"),
        ("Reset", "Ctrl+Shift+F5"),
        ("Pause when GRPO starts", ""),  # a check, remembered (test_pause_at_grpo.py)
        ("Export ONNX", "Ctrl+E"),
    ]
    export = window.session.exporter.action
    assert export is window.session.exporter.button.defaultAction()  # button = menu entry
    assert "(Ctrl+E)" in export.toolTip()
    export.trigger()  # no run yet: says so, as a note
    assert shown.infos == ["No run to export yet: start a run, or open one in the Runs list."]
    assert shown.errors == []


def test_a_failing_run_shows_its_message_and_the_app_stays_usable(qtbot, tmp_path, shown):
    window = make_window(qtbot, tmp_path, fake={"steps": 5, "fail_at": 2})
    window.session.start()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=3000)
    assert shown.errors == ["data/train.txt line 3: expected 'a+b=c'; fix the line"]
    # the log says it in one line; the traceback is its details, never the panel's text
    assert [line for line in window.view(LogPanel).lines if line[0] == "error"] == [
        ("error", "training failed: data/train.txt line 3: expected 'a+b=c'; fix the line")
    ]
    assert "Traceback" not in window.view(LogPanel).toPlainText()
    assert window.view(LogPanel).details[-1].startswith("Traceback")
    window.session._make_factory = lambda cfg, save_dir, resume_from: factory(steps=3)
    assert window.session.start()  # usable: a new run starts and finishes
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=3000)
    assert window.view(ChartPanel).store.series["loss"].steps == [1.0, 2.0, 3.0]


def test_a_bad_preset_file_shows_the_loader_message(qtbot, window, shown, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("model:\n  arch: micro-gpt\n  n_layers: [\n")
    before = window.setup.form.config()
    assert not window.load_preset(str(bad))
    assert len(shown.errors) == 1 and "not valid YAML at line" in shown.errors[0]
    assert window.setup.form.config() == before
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("training:\n  batch_size: 3\n")
    assert not window.load_preset(str(wrong))
    assert "training.batch_size: unknown key" in shown.errors[1]


def test_an_invalid_setting_stops_start_with_its_label_and_path(qtbot, window, shown):
    window.setup.form.editors["stages.grpo.lr"].widget.setText("fast")
    assert not window.session.start()
    assert shown.errors == [
        'Stage 2: GRPO › Learning rate (stages.grpo.lr): must be a number, got "fast"'
    ]
    assert not window.session.controller.running


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_closing_during_training_asks_then_stops_cleanly(qtbot, tmp_path, monkeypatch):
    shown = Dialogs(monkeypatch, answer=False)
    window = make_window(qtbot, tmp_path, fake={"steps": 10_000, "delay": 0.002})
    window.session.start()
    qtbot.waitUntil(
        lambda: len(window.view(ChartPanel).store.series.get("loss", [])) > 0, timeout=3000
    )
    assert not window.close()  # "no": keep training
    assert window.session.controller.running and len(shown.questions) == 1
    shown.answer = True
    window.show()
    assert not window.close()  # "yes": the run stops; the window stays live meanwhile
    assert window.session.controller.state == "stopping" and window.isVisible()
    assert not window.close()  # a second close while stopping asks nothing more
    assert len(shown.questions) == 2 and "Closing" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)  # closed by itself
    assert not window.session.controller.running
    assert window.view(LogPanel).lines[-1][1].endswith("run ended: stopped")


def test_layout_last_preset_and_recent_runs_persist(qtbot, tmp_path, shown):
    first = make_window(qtbot, tmp_path)
    assert first.load_preset("tiny_transformer")
    first.resize(640, 480)  # inside the offscreen screen (800x600): restore clamps to it
    first.setup.runs.add_recent(str(tmp_path / "some-run"))
    assert first.close()
    second = make_window(qtbot, tmp_path)
    assert second.setup.form.config().name == load_config("tiny_transformer").name
    assert (second.width(), second.height()) == (640, 480)
    assert second.setup.runs.recent == [str(tmp_path / "some-run")]


def test_a_past_run_opens_from_its_metrics_and_overlays(qtbot, window, tmp_path):
    run = tmp_path / "runs" / "20260101-000000-micro-gpt"
    run.mkdir(parents=True)
    save_config(load_config("micro_gpt"), run / "config.yaml")
    records = [{"kind": "stage", "stage": "grpo", "step": 0, "event": "start", "reason": ""}]
    records += [step_record(s, total=30) for s in range(1, 31)]
    records.append({"kind": "done", "step": 30, "reason": "finished"})
    (run / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    window.setup.form.set_value("run.save_dir", str(tmp_path / "runs"))
    window.setup.runs.refresh()
    assert window.setup.runs.list.count() == 1
    window.setup.runs.list.setCurrentRow(0)
    assert "step 30 of 30 · finished" in window.setup.runs.info.text()
    window.setup.runs.buttons["open"].click()
    assert window.view(ChartPanel).store.series["loss"].steps[-1] == 30.0
    window.view(ChartPanel).refresh()
    window.setup.runs.buttons["overlay"].click()
    window.view(ChartPanel).refresh()
    assert ("loss", True) in window.view(ChartPanel).chart("loss")._curves
    window.setup.runs.buttons["clear"].click()
    assert window.view(ChartPanel).overlay is None


def test_save_as_preset_writes_what_reopens_identically(qtbot, window, tmp_path, monkeypatch):
    target = tmp_path / "my lesson.yaml"
    monkeypatch.setattr(dialogs, "save_file", lambda *a, **k: str(target))
    window.setup.form.editors["training.seed"].widget.setText("77")
    window.setup.form.editors["ui.hidden"].widget.setText("[grpo.beta, eval]")
    window.setup.save_preset_dialog()
    assert load_config(target) == window.setup.form.config()
    assert load_config(target).training.seed == 77


def test_resume_passes_the_run_folder_to_the_trainer(qtbot, window, tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    save_config(load_config("micro_gpt", ["training.seed=5"]), run / "config.yaml")
    (run / "metrics.jsonl").write_text(json.dumps(step_record(1, total=9)) + "\n")
    calls = []

    def make(cfg, save_dir, resume_from):
        calls.append((cfg.training.seed, resume_from))
        return factory(steps=2)

    window.session._make_factory = make
    window.session.resume_run(str(run))
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=3000)
    assert calls == [(5, run)]
    assert window.setup.form.config().training.seed == 5  # the run's own settings are shown
    assert window.view(ChartPanel).store.series["loss"].steps[0] == 1.0  # earlier records redrawn


def test_a_run_started_right_after_waiting_for_the_last_shows_only_its_own_records(
    qtbot, tmp_path, shown
):
    window = make_window(qtbot, tmp_path, fake={"steps": 10_000, "delay": 0.001})
    assert window.session.start()
    qtbot.waitUntil(
        lambda: len(window.view(ChartPanel).store.series.get("loss", [])) > 50, timeout=3000
    )
    window.session.controller.stop()
    assert window.session.controller.wait(5000)  # its last records may still be queued
    window.session._make_factory = lambda cfg, save_dir, resume_from: factory(steps=5)
    assert window.session.start()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=3000)
    qtbot.wait(100)
    assert window.view(ChartPanel).store.series["loss"].steps == [1.0, 2.0, 3.0, 4.0, 5.0]
    assert window.view(LogPanel).lines[-1][1] == "[step 5] run ended: finished"


def test_start_after_a_stop_offers_to_continue_the_stopped_run(qtbot, tmp_path, shown):
    window = make_window(qtbot, tmp_path)
    run = tmp_path / "stopped-run"
    run.mkdir()
    save_config(load_config("micro_gpt"), run / "config.yaml")
    calls = []
    window.session._make_factory = lambda cfg, save_dir, resume_from: (
        calls.append(resume_from) or factory(steps=10_000, delay=0.002, run_dir=run)
    )
    assert window.session.start()
    qtbot.waitUntil(lambda: window.session.controller.state == "running", timeout=3000)
    qtbot.waitUntil(lambda: bool(window.session.run_dir), timeout=3000)
    window.session.controller.stop()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=5000)
    qtbot.waitUntil(lambda: window.session.stopped_run is not None, timeout=3000)
    stopped = window.session.stopped_run[0]
    shown.pick = None  # cancel: nothing starts
    assert not window.session.start() and not window.session.controller.running
    assert "Continue it from its checkpoint" in shown.choices[-1][0]
    shown.pick = 0  # continue: the same folder is resumed
    assert window.session.start()
    assert calls[-1] == Path(stopped)
    window.session.controller.stop()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=5000)
    shown.pick = 1  # a new run: no folder to resume
    assert window.session.start()
    assert calls[-1] is None
    window.session.controller.stop()
    assert window.session.controller.wait(5000)


def test_continuing_a_finished_run_says_it_finished_and_starts_nothing(
    qtbot, window, tmp_path, shown
):
    run = tmp_path / "done-run"
    run.mkdir()
    save_config(load_config("micro_gpt"), run / "config.yaml")
    lines = [step_record(9, total=9), {"kind": "done", "step": 9, "reason": "finished"}]
    (run / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    assert not window.session.resume_run(str(run))
    assert not window.session.controller.running
    assert len(shown.infos) == 1 and "nothing left to continue" in shown.infos[0]


def test_the_preset_in_use_is_marked_in_the_gallery(window):
    window.load_preset("tiny_transformer")
    cards = window.setup.gallery.cards
    assert cards["tiny_transformer"].property("current") is True
    assert not cards["tiny_transformer"].use.isEnabled()
    assert cards["micro_gpt"].property("current") is False and cards["micro_gpt"].use.isEnabled()


def test_a_first_start_fits_the_window_to_the_screen(window):
    free = window.screen().availableGeometry()
    assert window.width() <= free.width() and window.height() <= free.height()


def test_choosing_another_preset_after_a_run_clears_that_runs_views(qtbot, window, shown):
    assert window.session.start()
    qtbot.waitUntil(
        lambda: (
            window.view(SamplesPanel).step > 0 and window.view(GradFlowWidget).latest is not None
        ),
        timeout=10_000,
    )
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.stopped_run is not None, timeout=10_000)
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=10_000)
    window.view(ChartPanel).refresh()
    assert window.view(ExplainPanel).record is not None and window.view(ChartPanel).store.series
    assert not window.view(ChartPanel).chart("reward").placeholder.isVisible()

    window.setup.gallery.cards["tiny_transformer"].use.click()  # "Use this preset"
    window.view(ChartPanel).refresh()
    assert window.setup.form.config().name == "Tiny-Transformer"
    assert window.view(ChartPanel).store.series == {}
    assert all(chart.placeholder.isVisible() for chart in window.view(ChartPanel).charts)
    assert window.view(SamplesPanel).samples == [] and window.view(GradFlowWidget).latest is None
    assert window.view(ExplainPanel).record is None
    assert window.controls.progress.value() <= 0
    # Start begins this preset: no offer to continue the other preset's stopped run.
    assert window.session.start() and shown.choices == []


def test_a_preset_chosen_mid_run_asks_to_stop_it_and_never_half_applies(qtbot, window, shown):
    assert window.session.start()
    qtbot.waitUntil(lambda: window.view(SamplesPanel).step > 0, timeout=10_000)
    window.controls.pause_action.trigger()
    card = window.setup.gallery.cards["tiny_transformer"]
    shown.answer = False  # "no": the run goes on, and nothing of the new preset shows
    card.use.click()
    assert len(shown.questions) == 1 and "Stop it" in shown.questions[0]
    assert window.session.controller.state == "paused"
    assert window.setup.form.config().name == "Micro-GPT quick"
    assert card.use.isEnabled() and card.property("current") is not True
    assert window.setup.gallery.cards["quick_micro_gpt"].property("current") is True
    shown.answer = True  # "yes": the run stops, then the preset is shown
    card.use.click()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=10_000)
    assert window.setup.form.config().name == "Tiny-Transformer"
    assert card.property("current") is True and not card.use.isEnabled()
    assert window.session.stopped_run is None  # Start does not offer the old run
    assert window.view(ChartPanel).store.series == {}  # the old run's views went
    assert window.session.restart()  # Reset starts the preset shown, not the old run
    assert window.session.run_config.name == "Tiny-Transformer"
