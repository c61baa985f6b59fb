"""Charts: appending is cheap, redraws are bounded by the timer, exports hold the data."""

import gc
import math
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt

from studio.app.views.charts.panel import ChartPanel
from studio.app.views.charts.series import MetricStore, Series, ema, to_csv
from studio.core.training.reporting.metrics import CHARTS, chart_of
from tests.helpers import ROOT, step_record


def test_ema_by_hand():
    assert ema([1.0, 2.0, 3.0], 0.5) == pytest.approx([1.0, 5 / 3, 2.125 / 0.875])
    assert ema([4.0, 6.0], 0.0) == [4.0, 6.0]
    # A non-finite point keeps the previous smoothed value instead of poisoning the rest.
    out = ema([1.0, math.nan, 3.0], 0.5)
    assert out[1] == out[0] == 1.0 and out[2] == pytest.approx((0.25 + 1.5) / 0.75)


def test_incremental_smoothing_equals_recomputing():
    s = Series()
    for i, v in enumerate([3.0, 1.0, 4.0, 1.0]):
        s.append(i, v)
    s.smoothed(0.9)
    s.append(4, 5.0)
    assert s.smoothed(0.9) == pytest.approx(ema([3.0, 1.0, 4.0, 1.0, 5.0], 0.9))
    assert s.smoothed(0.5) == pytest.approx(ema([3.0, 1.0, 4.0, 1.0, 5.0], 0.5))


def test_store_keeps_numbers_and_stage_starts():
    store = MetricStore()
    store.add({"kind": "stage", "stage": "grpo", "step": 40, "event": "start", "reason": ""})
    store.add(step_record(41, total=90))
    store.add(
        {"kind": "eval", "stage": "grpo", "step": 41, "metric": "accuracy", "eval/accuracy": 0.5}
    )
    store.add({"kind": "log", "level": "info", "message": "hi", "step": 41})
    assert store.stage_starts == [(40, "grpo")] and store.total_steps == 90
    assert store.series["eval/accuracy"].values == [0.5]
    assert "grad_flow" not in store.series and "stage" not in store.series
    assert "step" not in store.series and "total_steps" not in store.series
    assert {"loss", "eval/accuracy", "__stage__"} <= store.take_changed()
    assert store.take_changed() == set()


def test_csv_aligns_series_by_step():
    a, b = Series(), Series()
    a.append(1, 0.5)
    a.append(2, 0.25)
    b.append(2, 7.0)
    assert to_csv({"loss": a, "eval/x": b}) == "step,loss,eval/x\n1,0.5,\n2,0.25,7.0\n"


def test_a_burst_of_1000_steps_causes_a_bounded_number_of_redraws(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    t0 = time.perf_counter()
    for step in range(1, 1001):
        panel.add_record(step_record(step, total=1000))
    burst = time.perf_counter() - t0
    with_data = [c for c in panel.charts if c.spec.id in {chart_of(k) for k in step_record(1)}]
    qtbot.waitUntil(lambda: panel.redraw_count >= len(with_data), timeout=10_000)
    # Each chart redraws once for the whole burst, not once a record (that would be 12000).
    assert panel.redraw_count == len(with_data) and not panel._pending
    assert burst < 1.0  # appending is cheap: the slot never draws
    x, y = panel.chart("loss")._curves[("loss", False)].getOriginalDataset()
    assert len(x) == 1000 and y[-1] == pytest.approx(0.1 / 1000)
    # Nothing new: no redraws.
    qtbot.wait(250)
    assert panel.redraw_count == len(with_data)


def test_reward_chart_draws_a_curve_and_band_per_reward_function(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_records([step_record(s) for s in range(1, 6)])
    panel.refresh()
    chart = panel.chart("reward")
    assert {k for k, _ in chart._curves} == {
        "reward/mean",
        "reward/correct/mean",
        "reward/format/mean",
    }
    upper, lower = chart._bands["reward/correct/mean"].curves
    assert upper.getData()[1][0] - lower.getData()[1][0] == pytest.approx(2 * 0.2)
    assert chart.readout_at(3.2).startswith("step 3: total reward ")


def test_smoothing_redraws_every_chart_with_the_ema(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_records([step_record(s) for s in range(1, 11)])
    panel.refresh()
    panel.smoothing.setValue(50)
    panel.refresh()
    y = panel.chart("loss")._curves[("loss", False)].getOriginalDataset()[1]
    assert list(y) == pytest.approx(ema([0.1 / s for s in range(1, 11)], 0.5))


def overlaid_panel(qtbot) -> ChartPanel:
    """Charts of a 3-step run with a 7-step run "run B" overlaid, drawn."""
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_records([step_record(s) for s in range(1, 4)])
    panel.set_overlay([step_record(s) for s in range(1, 8)], "run B")
    panel.refresh()
    return panel


def test_overlay_draws_a_second_run_dashed(qtbot):
    panel = overlaid_panel(qtbot)
    loss = panel.chart("loss")
    assert len(loss._curves[("loss", True)].getOriginalDataset()[0]) == 7
    panel.set_overlay(None)
    panel.refresh()
    assert ("loss", True) not in loss._curves


def test_an_overlaid_run_has_colours_of_its_own_and_legend_entries_naming_it(qtbot):
    from studio.app.views.charts.metric_chart import PALETTE

    panel = overlaid_panel(qtbot)
    loss, reward = panel.chart("loss"), panel.chart("reward")
    live, dashed = loss._curves[("loss", False)], loss._curves[("loss", True)]
    assert dashed.opts["pen"].style() == Qt.DashLine
    overlay_colours = {
        c.opts["pen"].color().name().upper() for (_, o), c in reward._curves.items() if o
    }
    assert len(overlay_colours) == 3 and not overlay_colours & set(PALETTE)
    assert dashed.opts["pen"].color() != live.opts["pen"].color()
    # a lone live curve needs no legend; with an overlay both are named, the run's first
    assert loss.legend.isVisibleTo(loss)
    text = loss.legend.text()
    assert "━━</span>&nbsp;loss" in text and "┅┅</span>&nbsp;loss&nbsp;(run&nbsp;B)" in text
    assert text.index("━━") < text.index("┅┅")
    assert "total&nbsp;reward&nbsp;(run&nbsp;B)" in reward.legend.text()
    panel.set_overlay(None)
    panel.refresh()
    assert not loss.legend.isVisibleTo(loss) and "run&nbsp;B" not in reward.legend.text()


def test_an_overlay_stays_for_runs_of_its_task_and_goes_for_another(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.set_overlay([step_record(s) for s in range(1, 8)], "run B", task="arithmetic")
    panel.keep_overlay_for("arithmetic")  # a new run of the same task: compare them
    assert panel.overlay is not None
    panel.keep_overlay_for("gridworld")  # another preset: its metrics mean something else
    assert panel.overlay is None and panel.overlay_label.text() == ""
    panel.set_overlay([step_record(s) for s in range(1, 8)], "run C")  # task unknown
    panel.keep_overlay_for("arithmetic")
    assert panel.overlay is None


def test_a_new_run_gets_its_own_x_range(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_records([step_record(s, total=500) for s in range(1, 501)])
    panel.refresh()
    loss = panel.chart("loss")
    loss.plot.getViewBox().setXRange(300, 500)  # the person zoomed on the end
    panel.clear_run()
    panel.add_records([step_record(s) for s in range(1, 4)])
    panel.refresh()
    low, high = view_range(loss)[0]
    assert 0 < low < 1 and 3 < high < 4


def test_chart_exports_png_and_csv(qtbot, tmp_path):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_records([step_record(s) for s in range(1, 4)])
    panel.refresh()
    chart = panel.chart("clip")
    assert chart.save_png(tmp_path / "c.png") and (tmp_path / "c.png").stat().st_size > 0
    chart.save_csv(tmp_path / "c.csv")
    lines = (tmp_path / "c.csv").read_text().splitlines()
    assert lines[0] == "step,grpo/clip_low,grpo/clip_high" and lines[3] == "3,0.0,0.02"


def test_the_eval_chart_draws_the_headline_metric_and_the_rest_go_apart(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    for step in (10, 20):
        panel.add_record(
            {
                "kind": "eval",
                "stage": "grpo",
                "step": step,
                "metric": "chrf",
                "eval/chrf": 30.0 + step,
                "eval/bleu": 12.0,
                "eval/length_ratio": 1.1,
            }
        )
    panel.refresh()
    assert {k for k, _ in panel.chart("eval")._curves} == {"eval/chrf"}
    assert {k for k, _ in panel.chart("eval_other")._curves} == {
        "eval/bleu",
        "eval/length_ratio",
    }


def test_log_axis_ticks_are_one_two_five_per_decade():
    from studio.app.views.charts.plot_items import DecadeAxis

    ticks = DecadeAxis("left").logTickValues(-4.1, -2.9, 150, [])
    assert ticks[0] == (1.0, [-4.0, -3.0])
    assert ticks[1][1] == pytest.approx([-4 + math.log10(2), -4 + math.log10(5)])
    assert DecadeAxis("left").logTickValues(-9, -1, 150, []) == [
        (1.0, [float(v) for v in range(-9, 0)])
    ]


def test_band_decimation_keeps_the_envelope():
    from studio.app.views.charts.plot_items import decimate_band

    x = np.arange(10.0)
    lo, hi = -np.arange(10.0), np.arange(10.0) * 2
    xs, los, his = decimate_band(x, lo, hi, points=4)  # buckets of 3: [0-2] [3-5] [6-8] [9]
    assert list(xs) == [0, 3, 6, 9]
    assert list(los) == [-2, -5, -8, -9] and list(his) == [4, 10, 16, 18]
    assert decimate_band(x, lo, hi, points=20)[0] is x  # small: untouched


def test_the_timer_interval_follows_the_cost_of_a_drawing_pass(qtbot, monkeypatch):
    from studio.app.views.charts import panel as charts

    panel = ChartPanel(charts=CHARTS[:1])
    qtbot.addWidget(panel)
    panel.timer.stop()  # ticks by hand
    panel.set_live(True)
    monkeypatch.setattr(charts.MetricChart, "redraw", lambda *a: time.sleep(0.03))
    for step in range(1, 6):
        panel.add_record(step_record(step))
        panel._on_timer()
    panel._on_timer()  # a tick counts the previous pass (its paint comes after it)
    # A 30 ms pass at a 4% share of wall time: one pass every 750 ms (or a little more).
    assert charts.DRAW_SHARE == 0.04 and 750 <= panel.timer.interval() <= charts.SLOWEST_MS
    slow = panel.timer.interval()
    for _ in range(5):
        panel._on_timer()  # nothing changed: nothing drawn, the interval stays
    assert panel.timer.interval() == slow
    monkeypatch.setattr(charts.MetricChart, "redraw", lambda *a: None)
    for step in range(6, 30):
        panel.add_record(step_record(step))
        panel._on_timer()
    assert panel.timer.interval() == charts.REDRAW_MS
    monkeypatch.setattr(charts.MetricChart, "redraw", lambda *a: time.sleep(0.03))
    for step in range(30, 35):
        panel.add_record(step_record(step))
        panel._on_timer()
    assert panel.timer.interval() > charts.REDRAW_MS
    panel.set_live(False)  # the run ended: no pacing
    assert panel.timer.interval() == charts.REDRAW_MS
    panel.add_record(step_record(35))
    panel._on_timer()
    panel._on_timer()
    assert panel.timer.interval() == charts.REDRAW_MS


def test_while_training_a_timer_pass_draws_a_few_charts_and_each_gets_its_turn(qtbot, monkeypatch):
    from studio.app.views.charts import panel as charts

    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.timer.stop()
    drawn = []
    monkeypatch.setattr(charts.MetricChart, "redraw", lambda chart, *a: drawn.append(chart))
    panel.add_record(step_record(1))
    panel._on_timer()  # not training: every changed chart at once
    with_data = list(drawn)
    assert len(with_data) > 2 * charts.CHARTS_PER_PASS
    drawn.clear()
    panel.set_live(True)
    n, per_pass = len(with_data), charts.CHARTS_PER_PASS
    step = 1
    while len(drawn) < 2 * n:
        step += 1
        panel.add_record(step_record(step))  # every chart changes every pass
        panel._on_timer()
        assert len(drawn) == (step - 1) * per_pass  # a few per pass, however many changed
    # Oldest change first: every chart once per round, in the same order, none skipped.
    assert drawn[:n] == drawn[n : 2 * n] == with_data
    panel.refresh()  # by hand: everything pending at once, each chart once
    assert not panel._pending and len(set(drawn[2 * n :])) == len(drawn[2 * n :])


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_charts_out_of_sight_wait_until_seen(qtbot):
    from PySide6.QtWidgets import QTabWidget, QWidget

    tabs = QTabWidget()
    panel = ChartPanel()
    tabs.addTab(QWidget(), "other")
    tabs.addTab(panel, "charts")
    qtbot.addWidget(tabs)
    tabs.resize(900, 600)
    tabs.show()
    qtbot.waitExposed(tabs)
    panel.add_records([step_record(s) for s in range(1, 4)])
    panel.refresh()
    assert panel.redraw_count == 0  # on the hidden tab: nothing drawn yet
    panel.set_live(True)  # even while training, opening the tab draws what it shows at once
    panel.timer.stop()
    tabs.setCurrentWidget(panel)
    qtbot.waitUntil(lambda: panel.redraw_count > 0, timeout=2000)
    seen = panel.redraw_count
    assert 1 < seen < len(panel.charts)  # the charts in the scroll area's view, no others
    assert ("loss", False) in panel.chart("loss")._curves


def test_stage_lines_are_rebuilt_only_when_a_stage_starts(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    stage = {"kind": "stage", "stage": "grpo", "step": 5, "event": "start", "reason": ""}
    panel.add_records([step_record(s) for s in range(1, 6)] + [stage])
    panel.refresh()
    loss = panel.chart("loss")
    lines = list(loss._stage_lines)
    assert [line.value() for line in lines] == [5]
    panel.add_records([step_record(s) for s in range(6, 9)])
    panel.refresh()
    assert loss._stage_lines == lines  # the same items, not new ones
    panel.add_record({**stage, "stage": "next", "step": 8})
    panel.refresh()
    assert [line.value() for line in loss._stage_lines] == [5, 8]
    panel.clear_run()
    panel.add_records([step_record(s) for s in range(1, 3)])
    panel.refresh()
    assert loss._stage_lines == [] and lines[0].scene() is None  # removed from the plot


def test_a_stage_line_is_drawn_only_where_the_chart_has_data_before_it(qtbot):
    # The reward chart's data begin where GRPO does: its line sat on the chart's left
    # edge with the stage's name cut to "RPO". The loss chart has warm-up data before it.
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_records([stage_start("warmup", 0), *(warmup_step(s) for s in range(1, 41))])
    panel.add_records([stage_start("grpo", 40), *(step_record(s) for s in range(41, 46))])
    panel.refresh()
    assert [line.value() for line in panel.chart("loss")._stage_lines] == [40]
    assert panel.chart("reward")._stage_lines == []
    assert panel.chart("kl")._stage_lines == []


def test_a_legend_line_names_the_curves_of_charts_with_more_than_one(qtbot):
    from studio.app.views.charts.words import LegendEntry, legend_html

    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_records([step_record(s) for s in range(1, 4)])
    panel.refresh()
    reward, loss = panel.chart("reward"), panel.chart("loss")
    assert not loss.legend.isVisibleTo(loss)  # one curve: the title names it
    assert reward.legend.isVisibleTo(reward)
    # The run's own curves, in order.
    assert reward.legend.text() == legend_html(
        [
            LegendEntry("total reward", "#0072B2"),
            LegendEntry("correct", "#D55E00"),
            LegendEntry("format", "#009E73"),
        ]
    )
    assert "━━</span>&nbsp;correct" in reward.legend.text()
    assert legend_html([LegendEntry("a<b", "#000")]) == (
        "<span style='color:#000'>━━</span>&nbsp;a&lt;b"
    )
    assert "total reward" not in reward.legend.text()  # never broken inside an entry
    assert not reward.legend.wordWrap()  # one line: the rows of charts keep their height
    panel.clear_run()
    panel.refresh()
    assert not reward.legend.isVisibleTo(reward) and reward.legend.text() == ""


def eval_record(step: int, metric: str, value: float) -> dict:
    return {
        "kind": "eval",
        "stage": "grpo",
        "step": step,
        "metric": metric,
        f"eval/{metric}": value,
    }


def test_chart_titles_are_the_catalogues_and_name_their_unit(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    assert [c.title_text() for c in panel.charts] == [c.title for c in CHARTS]
    assert panel.chart("time").title_text() == "Time per phase (s)"
    assert panel.chart("kl").title_text() == "KL to reference (nats/token)"


@pytest.mark.parametrize(
    ("metric", "value", "title", "drawn"),
    [
        ("accuracy", 0.5, "Held-out accuracy (%)", 50.0),
        ("chrf", 33.0, "Held-out chrF (0-100)", 33.0),
        ("success", 0.25, "Held-out success (%)", 25.0),
    ],
)
def test_the_held_out_chart_names_its_metric_and_draws_shares_in_percent(
    qtbot, metric, value, title, drawn
):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    chart = panel.chart("eval")
    assert chart.title_text() == "Held-out metric"  # before the first evaluation
    panel.add_records([step_record(1), eval_record(1, metric, value)])
    panel.refresh()
    assert chart.title_text() == title
    assert chart._curves[(f"eval/{metric}", False)].getOriginalDataset()[1][0] == drawn
    assert chart.readout_at(1).endswith(f"{drawn:.4g}" + ("%" if "%" in title else ""))
    # the CSV keeps the recorded value
    assert chart.columns()[f"eval/{metric}"].values == [value]
    zero_std = panel.chart("zero_std")._curves[("grpo/zero_std_frac", False)]
    assert zero_std.getOriginalDataset()[1][0] == 25.0  # 0.25 of the groups, in %
    panel.clear_run()
    panel.refresh()
    assert chart.title_text() == "Held-out metric"


def test_each_chart_has_a_help_saying_what_healthy_and_a_problem_look_like(qtbot, monkeypatch):
    from PySide6.QtWidgets import QToolTip

    from studio.core.training.reporting.metrics import chart_metrics

    panel = ChartPanel()
    qtbot.addWidget(panel)
    for chart in panel.charts:
        text = chart.help_button.toolTip()
        shown = [m for m in chart_metrics(chart.spec.id) if not m.band]
        assert shown and all(m.healthy in text and m.problem in text for m in shown)
    shown = []
    monkeypatch.setattr(QToolTip, "showText", lambda pos, text, widget: shown.append(text))
    panel.chart("zero_std").help_button.click()
    assert len(shown) == 1 and "teach nothing" in shown[0]


def test_catalogue_strings_reach_the_window_through_qt_translation(qtbot):
    from PySide6.QtCore import QCoreApplication, QTranslator

    class Marked(QTranslator):
        def translate(self, context, source, disambiguation=None, n=-1):
            return f"«{source}»" if context == "metrics" else None

        def isEmpty(self):
            return False

    marked = Marked()
    QCoreApplication.installTranslator(marked)
    try:
        panel = ChartPanel()
        qtbot.addWidget(panel)
        panel.add_records([step_record(s) for s in range(1, 3)] + [eval_record(2, "chrf", 30.0)])
        panel.refresh()
        assert panel.chart("time").title_text() == "«Time per phase (s)»"
        assert panel.chart("eval").title_text() == "Held-out «chrF» («0-100»)"
        assert "━━</span>&nbsp;«total&nbsp;reward»" in panel.chart("reward").legend.text()
        assert "«<name>»" not in panel.chart("reward").legend.text()  # the name is filled in
        assert "«Steady within a stage.»" in panel.chart("throughput").help_button.toolTip()
    finally:
        QCoreApplication.removeTranslator(marked)


def view_range(chart) -> list[list[float]]:
    """The chart's [x, y] ranges once pyqtgraph has fitted them to the data (as a paint does)."""
    view = chart.plot.getViewBox()
    view.updateAutoRange()
    return view.viewRange()


def y_range(chart) -> tuple[float, float]:
    return tuple(view_range(chart)[1])


def test_a_single_point_shows_as_a_marker_and_a_line_once_there_are_two(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_record(eval_record(0, "accuracy", 0.3))  # the baseline before the first step
    panel.refresh()
    curve = panel.chart("eval")._curves[("eval/accuracy", False)]
    assert curve.opts["symbol"] == "o"
    x_low, x_high = view_range(panel.chart("eval"))[0]
    assert x_low < 0 < x_high and x_high - x_low < 5  # the step, not a stray width
    panel.add_record(eval_record(10, "accuracy", 0.5))
    panel.refresh()
    assert curve.opts["symbol"] is None


def test_a_constant_series_gets_a_range_around_its_value(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    flat = [
        {**step_record(s), "grpo/kl": 0.0, "grpo/clip_low": 0.0, "grpo/clip_high": 0.0}
        for s in range(1, 4)
    ]
    flat = [{**r, "policy/entropy": 1e-3, "grpo/zero_std_frac": 1.0} for r in flat]
    panel.add_records(flat)
    panel.refresh()
    low, high = y_range(panel.chart("kl"))  # all zeros: 0..1, not -0.5..0.5
    assert -0.1 < low < 0 < 0.9 < high < 1.1
    low, high = y_range(panel.chart("clip"))  # zeros in %: not -50..50
    assert -0.1 < low < 0 and high < 1.1
    low, high = y_range(panel.chart("entropy"))  # a small constant: around it, not 0 +-0.5
    assert 0.0008 < low < 1e-3 < high < 0.0012
    low, high = y_range(panel.chart("zero_std"))  # 100 % of the groups: 90..100, not above
    assert 89 < low < 91 and 100 <= high < 101
    low, high = y_range(panel.chart("lr"))  # 1e-4 throughout, log axis: a decade around it
    assert low == pytest.approx(-4.5, abs=0.1) and high == pytest.approx(-3.5, abs=0.1)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_empty_charts_say_what_they_wait_for_instead_of_placeholder_ticks(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 900)
    panel.show()
    for chart in panel.charts:  # before any run: no numbers on the axes, one line instead
        assert chart.placeholder.isVisible()
        assert not chart.plot.getAxis("left").style["showValues"]
        assert not chart.plot.getAxis("bottom").style["showValues"]
    assert panel.chart("lr").waiting_text == "waiting for the first step"
    assert panel.chart("eval").waiting_text == "waiting for the first evaluation"
    warmup = {**step_record(1, stage="warmup")}
    warmup = {k: v for k, v in warmup.items() if not k.startswith(("reward/", "grpo/", "policy/"))}
    panel.add_records(
        [{"kind": "stage", "stage": "warmup", "step": 0, "event": "start", "reason": ""}, warmup]
    )
    panel.refresh()
    loss, reward = panel.chart("loss"), panel.chart("reward")
    assert not loss.placeholder.isVisible() and loss.plot.getAxis("left").style["showValues"]
    assert reward.placeholder.isVisible()
    assert reward.waiting_text.startswith("waiting for GRPO")
    grpo = {"kind": "stage", "stage": "grpo", "step": 1, "event": "start", "reason": ""}
    panel.add_records([grpo, step_record(2)])
    panel.refresh()
    assert not reward.placeholder.isVisible()
    assert reward.plot.getAxis("bottom").style["showValues"]
    panel.clear_run()
    panel.refresh()
    assert reward.placeholder.isVisible() and reward.waiting_text == "waiting for the first step"


def warmup_step(step: int) -> dict:
    """A warm-up step record: loss, learning rate, gradient norm, time; no sampled groups."""
    record = step_record(step, stage="warmup")
    return {k: v for k, v in record.items() if not k.startswith(("reward/", "grpo/", "policy/"))}


def stage_start(stage: str, step: int) -> dict:
    return {"kind": "stage", "stage": stage, "step": step, "event": "start", "reason": ""}


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_chart_whose_stage_has_just_begun_says_its_data_is_coming_not_that_none_is_recorded(
    qtbot,
):
    # As in the Chinese screenshot: the warm-up has drawn, GRPO has begun, its first step's
    # points are not drawn yet. The reward chart waits for them; it is not a chart this run
    # never records.
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.resize(1000, 900)
    panel.show()
    panel.set_plan(("warmup", "grpo"))
    panel.add_records([stage_start("warmup", 0), warmup_step(1), warmup_step(2)])
    panel.refresh()
    reward, kl = panel.chart("reward"), panel.chart("kl")
    assert reward.waiting_text == "waiting for GRPO"
    panel.add_record(stage_start("grpo", 2))
    panel.refresh()
    assert reward.placeholder.isVisible()
    assert reward.waiting_text == "waiting for the first GRPO step"
    # A GRPO step that records no KL (beta 0 in some configs): only now is that chart's
    # emptiness the run's, and every empty chart re-reads its line on that first step.
    first = {k: v for k, v in step_record(3).items() if k != "grpo/kl"}
    panel.add_record(first)
    panel.refresh()
    assert not reward.placeholder.isVisible()
    assert kl.placeholder.isVisible()
    assert kl.waiting_text == "this run records nothing for this chart"


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_warm_up_only_run_does_not_promise_grpo_charts(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.set_plan(("warmup",))
    panel.add_records([stage_start("warmup", 0)])
    panel.refresh()
    reward = panel.chart("reward")
    assert reward.waiting_text == "waiting for the first step"
    panel.add_records([warmup_step(1)])
    panel.refresh()
    assert reward.waiting_text == "this run records nothing for this chart"
    panel.clear_run()  # the next run's plan is not known until the window sets it
    panel.add_records([stage_start("warmup", 0), warmup_step(1)])
    panel.refresh()
    assert reward.waiting_text == "waiting for GRPO"


def past_run(folder: Path, preset: str, steps: int) -> Path:
    """A finished run folder of `preset` with `steps` step records."""
    import json

    from studio.core.catalogue import load_config
    from studio.core.config.loading import save_config

    folder.mkdir(parents=True)
    save_config(load_config(preset), folder / "config.yaml")
    records = [step_record(s, total=steps) for s in range(1, steps + 1)]
    records.append({"kind": "done", "step": steps, "reason": "finished"})
    (folder / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    return folder


def test_the_window_keeps_an_overlay_only_with_presets_and_runs_of_its_task(window, tmp_path):
    run = past_run(tmp_path / "20260101-000000-micro-gpt", "micro_gpt", 30)
    window.session.overlay_run(str(run))
    charts = window.view(ChartPanel)
    assert charts.overlay is not None and charts.overlay_task == "arithmetic"
    assert window.load_preset("quick_micro_gpt")  # the same task: still compared
    assert charts.overlay is not None and charts.overlay_name == run.name
    assert window.load_preset("quick_grid_world")  # another task: the overlay goes
    assert charts.overlay is None and charts.overlay_label.text() == ""
    window.session.overlay_run(str(run))
    window.session.open_run(str(past_run(tmp_path / "grid-run", "quick_grid_world", 5)))
    assert charts.overlay is None


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_chart_grid_takes_two_columns_where_three_would_scroll_sideways(qtbot):
    from PySide6.QtWidgets import QScrollArea

    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.show()
    scroll = panel.findChild(QScrollArea)
    for width, columns in ((1000, 3), (690, 2), (1000, 3)):  # 690: the charts at 1024 wide
        panel.resize(width, 700)
        qtbot.wait(100)  # laid out
        assert not scroll.horizontalScrollBar().isVisible()
        row = [c for c in panel.charts if c.y() == panel.charts[0].y()]
        assert row == panel.charts[:columns]  # reading order kept, `columns` to a row


# A chart panel that Python drops while Qt still has its layout requests to deliver. Its
# title labels' resizeEvent (a Python override) collects as an allocation there may when
# automatic collection is on: the panel was freed inside that handler and Qt went on with
# the freed layout (a segfault, seen in this file once the grid had a 14th chart).
DROPPED_PANEL = """
import gc, weakref
from pyqtgraph.graphicsItems.LabelItem import LabelItem
from PySide6.QtWidgets import QApplication
app = QApplication([])
{collector}
from studio.app.views.charts.panel import ChartPanel
resize = LabelItem.resizeEvent
def resize_after_a_collection(self, event):
    if gc.isenabled():  # what automatic collection does when this allocation passes a threshold
        gc.collect()
    resize(self, event)
LabelItem.resizeEvent = resize_after_a_collection
panel = ChartPanel()
gone = weakref.ref(panel)
del panel  # its C++ side lives on until a collection frees its Python cycles
for _ in range(20):  # the events, and the collector's ticks between them
    app.processEvents()
    app.thread().msleep(50)
gc.collect()
print("freed" if gone() is None else "alive")
"""


def drop_a_panel(collector: str) -> subprocess.CompletedProcess:
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "OMP_NUM_THREADS": "1"}
    env["PYTHONPATH"] = str(ROOT)
    code = DROPPED_PANEL.format(collector=collector)
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )


def test_a_dropped_panel_is_freed_between_events_when_the_gui_thread_collects():
    start = "from studio.app.common.qt_compat import collect_garbage_on_gui_thread\n"
    result = drop_a_panel(start + "collect_garbage_on_gui_thread()")
    assert result.returncode == 0, result.stderr[-800:]
    assert result.stdout.strip() == "freed"


def test_a_dropped_panel_freed_inside_its_own_event_handler_crashes():
    # Why the app and its tests collect on the GUI thread's timer (see the test above).
    result = drop_a_panel("")
    assert result.returncode != 0 and "already deleted" in result.stderr


def test_app_tests_collect_garbage_as_the_app_does():
    from studio.app.common import qt_compat

    assert not gc.isenabled() and qt_compat._collector is not None
    assert qt_compat._collector.timer.isActive()


def pruned_step(step: int, total: int = 100) -> dict:
    """A GRPO step record of a run with a sparsity section: the pruned share and its target."""
    return {
        **step_record(step, total),
        "sparsity/weights": 0.1 * step,
        "sparsity/target": 0.12 * step,
    }


def test_the_sparsity_chart_is_shown_only_for_a_run_that_prunes(qtbot):
    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_records([step_record(s) for s in range(1, 4)])
    panel.refresh()
    chart = panel.chart("sparsity")
    assert not chart.isVisibleTo(panel) and chart not in panel.shown_charts()
    assert chart not in panel._pending and not chart._curves  # nor drawn
    panel.clear_run()
    panel.add_records([pruned_step(s) for s in range(1, 4)])
    panel.refresh()
    assert chart.isVisibleTo(panel) and panel.shown_charts()[-1] is chart  # last in the grid
    assert chart.title_text() == "Sparsity (weights at zero, %)"
    x, y = chart._curves[("sparsity/weights", False)].getOriginalDataset()
    assert list(x) == [1, 2, 3] and list(y) == pytest.approx([10.0, 20.0, 30.0])  # in %
    assert "sparsity&nbsp;target" in chart.legend.text()
    assert chart.readout_at(2).endswith("sparsity 20%, sparsity target 24%")
    panel.clear_run()  # the next run prunes nothing: the chart goes again
    panel.add_records([step_record(1)])
    panel.refresh()
    assert not chart.isVisibleTo(panel)


def test_a_past_run_that_pruned_redraws_its_sparsity_chart_from_its_metrics(window, tmp_path):
    import json

    run = past_run(tmp_path / "20260101-000000-micro-gpt", "micro_gpt", 3)
    lines = [json.dumps(pruned_step(s, total=3)) for s in range(1, 4)]
    (run / "metrics.jsonl").write_text("\n".join(lines) + "\n")
    window.session.open_run(str(run))
    window.view(ChartPanel).refresh()
    chart = window.view(ChartPanel).chart("sparsity")
    assert chart.isVisibleTo(window.view(ChartPanel)) and not chart.waiting
    assert len(chart._curves[("sparsity/target", False)].getOriginalDataset()[0]) == 3
    window.session.open_run(str(past_run(tmp_path / "unpruned", "micro_gpt", 3)))
    window.view(ChartPanel).refresh()
    assert not chart.isVisibleTo(window.view(ChartPanel))


def test_a_run_of_another_task_is_not_overlaid_and_the_line_names_both(window, tmp_path):
    grid = past_run(tmp_path / "20260101-000000-grid", "quick_grid_world", 5)
    assert window.load_preset("micro_gpt")
    charts = window.view(ChartPanel)
    window.session.overlay_run(str(grid))
    assert charts.overlay is None  # success is not drawn on the accuracy axis
    line = charts.overlay_label.text()
    assert line.startswith("Not overlaid:") and grid.name in line
    assert "Lite-ResNet grid world quick" in line and "Micro-GPT" in line
    assert all(not chart._curves or not any(o for _, o in chart._curves) for chart in charts.charts)
    # another preset of the same task is overlaid, and the line says which over which
    quick = past_run(tmp_path / "20260101-000001-quick", "quick_micro_gpt", 5)
    window.session.overlay_run(str(quick))
    assert charts.overlay is not None
    assert charts.overlay_label.text() == (
        f"Overlay (dashed): {quick.name}, a run of Micro-GPT quick over Micro-GPT"
    )


def test_the_reward_charts_help_says_each_reward_function_not_a_literal_name(qtbot):
    from PySide6.QtWidgets import QTextBrowser

    panel = ChartPanel()
    qtbot.addWidget(panel)
    browser = QTextBrowser()
    browser.setHtml(panel.chart("reward").help_html())
    text = browser.toPlainText()
    assert "<name>" not in text and "each reward function" in text


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_saved_chart_has_the_export_size_and_no_hover_readout_or_cursor(qtbot, tmp_path):
    from PySide6.QtGui import QImage

    from studio.app.views.charts.metric_chart import EXPORT_SIZE

    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.resize(800, 600)
    panel.show()
    panel.add_records([step_record(s) for s in range(1, 30)])
    panel.refresh()
    chart = panel.chart("reward")
    qtbot.waitUntil(lambda: chart.width() > 0)
    assert (chart.width(), chart.height()) != EXPORT_SIZE
    # the mouse over step 15: the readout and the cursor line show on screen
    chart.readout.setText(chart.readout_at(15))
    chart._cursor.setVisible(True)
    assert chart.readout.text().startswith("step 15")
    on_screen = chart.grab().toImage()
    assert chart.save_png(tmp_path / "reward.png")
    saved = QImage(str(tmp_path / "reward.png"))
    assert (saved.width(), saved.height()) == EXPORT_SIZE
    assert (on_screen.width(), on_screen.height()) != EXPORT_SIZE
    # what the export drew: the same curves, no readout, no cursor line
    image = chart.export_image((400, 300))
    assert image.size().width() == 400
    assert chart.readout.text().startswith("step 15")  # the screen keeps its readout
    assert chart._cursor.isVisible()


def test_the_export_copy_shows_no_readout_and_no_cursor(qtbot):
    from studio.app.views.charts.metric_chart import MetricChart

    panel = ChartPanel()
    qtbot.addWidget(panel)
    panel.add_records([step_record(s) for s in range(1, 30)])
    panel.refresh()
    made = []
    original = MetricChart.grab

    def grab(self):
        made.append((self.readout.text(), self._cursor.isVisible(), self.width()))
        return original(self)

    chart = panel.chart("reward")
    chart.readout.setText("step 15: total 0.5")
    chart._cursor.setVisible(True)
    MetricChart.grab = grab
    try:
        chart.export_image()
    finally:
        MetricChart.grab = original
    assert made == [("", False, 1200)]
