"""Gauge, gradient flow, samples and log panels, each fed the records the trainer emits."""

import math

import pytest

from studio.app.shell.memory_gauge import MemoryGauge
from studio.app.views.charts.grad_flow import GradFlowWidget, classify_layers
from studio.app.views.log_panel import LogPanel, format_record
from studio.app.views.samples import SamplesPanel, advantage_colour, group_html
from studio.core.machine.hardware import GpuUnavailable, MemoryProbe
from tests.helpers import step_record

GIB = 1024**3


class FakeNvml:
    def __init__(self, used=7.5 * GIB, fail=False):
        self.used, self.fail = used, fail

    def init(self):
        if self.fail:
            raise GpuUnavailable("NVML: NVML Shared Library Not Found")

    def device_count(self):
        return 1

    def device_name(self, index):
        return "NVIDIA GeForce RTX 4060"

    def memory(self, index):
        return int(self.used), 8 * GIB

    def process_memory(self, index, pid):
        return 2 * GIB

    def shutdown(self):
        pass


def test_gauge_with_a_gpu_shows_used_total_and_this_process(qtbot):
    backend = FakeNvml(used=3 * GIB)
    gauge = MemoryGauge(MemoryProbe(backend, device_index=0), poll_ms=20)
    qtbot.addWidget(gauge)
    assert gauge.label.text() == "VRAM 3.0 GB / 8.0 GB · app 2.0 GB"
    assert gauge.bar.value() == 375 and "RTX 4060" in gauge.toolTip()
    backend.used = 7.5 * GIB  # the gauge follows by polling, with no record from the trainer
    qtbot.waitUntil(lambda: gauge.bar.value() == 938, timeout=1000)
    assert "D55E00" in gauge.bar.styleSheet()  # above 90 %: warning colour


def test_gauge_without_a_gpu_says_so_and_shows_process_ram(qtbot):
    gauge = MemoryGauge(MemoryProbe(FakeNvml(fail=True), device_index=0))
    qtbot.addWidget(gauge)
    assert gauge.label.text().startswith("No GPU · app RAM ")
    assert "No NVIDIA GPU found" in gauge.toolTip()
    assert "Shared Library Not Found" in gauge.toolTip()
    assert gauge.reading.source == "process" and gauge.reading.used_bytes > 0


def test_classify_layers():
    flags = classify_layers([1e-3, 1e-9, 0.5, math.nan], [1e-2, 5e-8, 12.0, 1.0])
    assert flags == ["ok", "vanishing", "exploding", "exploding"]


def test_grad_flow_draws_the_latest_step_and_flags_layers(qtbot):
    widget = GradFlowWidget()
    qtbot.addWidget(widget)
    widget.add_record(step_record(1))
    widget.add_record(step_record(2))
    widget.refresh()
    widget.refresh()
    assert widget.redraw_count == 1 and widget.step == 2
    assert widget.flags == ["ok", "vanishing", "exploding"]
    assert (
        "block0 (vanishing)" in widget.footer.text() and "head (exploding)" in widget.footer.text()
    )
    bars = widget._mean_bars.opts
    assert list(bars["x1"]) == pytest.approx([-3, -9, math.log10(2e-2)])


def test_advantage_colours_follow_one_scale_for_every_group():
    assert advantage_colour(1.5).startswith("rgba(0,158,115,0.58")  # full strength
    assert advantage_colour(3.0) == advantage_colour(1.5)
    assert advantage_colour(-0.75).startswith("rgba(213,94,0,0.33")
    # a near-zero advantage is not painted, whatever the rest of its group
    assert advantage_colour(0.001) == advantage_colour(-0.001) == "transparent"


def test_a_group_with_equal_rewards_is_not_painted_and_samples_are_named_by_the_task():
    flat = group_html(
        {"prompt": "p", "completions": ["a", "b"], "rewards": [1, 1], "advantages": [1e-3, -1e-3]},
        noun="episode (moves)",
    )
    assert "no learning signal" in flat and "rgba(" not in flat
    assert "<th align=left>episode (moves)</th>" in flat


def test_samples_show_completions_best_first_and_flag_equal_rewards(qtbot):
    html = group_html(
        {
            "prompt": "2+3=",
            "reference": "5",
            "completions": ["6", "5"],
            "rewards": [0.0, 1.0],
            "advantages": [-0.7, 0.7],
        }
    )
    assert html.index("<code>5</code></td>") < html.index("<code>6</code></td>")
    assert "no learning signal" not in html
    flat = group_html(
        {
            "prompt": "<b>",
            "completions": ["x", "y"],
            "rewards": [1.0, 1.0],
            "advantages": [0.0, 0.0],
        }
    )
    assert "no learning signal" in flat and "&lt;b&gt;" in flat  # text is escaped
    panel = SamplesPanel()
    qtbot.addWidget(panel)
    panel.add_record(step_record(7))
    panel.refresh()
    assert "Step 7" in panel.toPlainText() and "2+3=" in panel.toPlainText()


def test_log_panel_shows_events_not_steps(qtbot):
    log = LogPanel()
    qtbot.addWidget(log)
    log.add_record(step_record(1))
    log.add_record({"kind": "log", "level": "warning", "message": "loss not finite", "step": 3})
    log.add_record({"kind": "checkpoint", "step": 4, "path": "/r/ckpt-4.pt"})
    log.add_record(
        {"kind": "eval", "step": 4, "stage": "grpo", "metric": "accuracy", "eval/accuracy": 0.8125}
    )
    assert log.lines == [
        ("warning", "[step 3] loss not finite"),
        ("info", "[step 4] checkpoint saved: /r/ckpt-4.pt"),
        ("info", "[step 4] eval: accuracy 0.8125"),
    ]
    assert format_record({"kind": "done", "step": 9, "reason": "error"})[0] == "error"


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_samples_and_grad_flow_on_a_hidden_tab_draw_when_opened(qtbot):
    from PySide6.QtWidgets import QTabWidget, QWidget

    tabs = QTabWidget()
    samples, flow = SamplesPanel(), GradFlowWidget()
    tabs.addTab(QWidget(), "charts")
    tabs.addTab(samples, "samples")
    tabs.addTab(flow, "flow")
    qtbot.addWidget(tabs)
    tabs.show()
    qtbot.waitExposed(tabs)
    for panel in (samples, flow):
        panel.add_record(step_record(5))
        panel._on_timer()  # a tick while the tab is hidden: no drawing
    assert "2+3=" not in samples.toPlainText() and flow.redraw_count == 0
    tabs.setCurrentWidget(samples)
    assert "Step 5" in samples.toPlainText() and flow.redraw_count == 0
    tabs.setCurrentWidget(flow)
    assert flow.redraw_count == 1 and flow.step == 5


def test_grad_flow_fits_its_name_axis_to_the_layer_names(qtbot):
    from studio.app.views.charts import grad_flow

    widget = GradFlowWidget()
    qtbot.addWidget(widget)
    axis = widget.plot.getAxis("left")
    record = step_record(1)
    widget.add_record(record)
    widget.refresh()
    assert axis.fixedWidth == grad_flow.NAMES_MIN_WIDTH  # short names: the usual width
    long_names = ["decoder.0.cross_attn.kv_proj", "x" * 200, "head"]
    widget.add_record({**record, "grad_flow": {**record["grad_flow"], "layers": long_names}})
    widget.refresh()
    metrics = widget.fontMetrics()
    shown = [text for _, text in axis._tickLevels[0]]
    assert shown[0] == long_names[0]  # fits once the axis is widened
    assert axis.fixedWidth >= metrics.horizontalAdvance(long_names[0]) + grad_flow.NAMES_PAD
    assert axis.fixedWidth <= grad_flow.NAMES_MAX_WIDTH
    assert "…" in shown[1] and shown[1][:3] == "xxx"  # too long: cut in the middle
    assert "1e-7 vanishing, 10 exploding" in widget.plot.getAxis("bottom").labelText
