"""The memory gauge: GPU memory used/total (and this process's share) from NVML, twice a second.

Reads `studio.core.machine.hardware.MemoryProbe` on a QTimer of the GUI thread: an NVML query
takes microseconds and never touches the training thread. Without an NVIDIA GPU or
driver the probe falls back to this process's RAM and the gauge says so in words.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from studio.app.i18n.messages import translate_message
from studio.core.machine.hardware import MemoryProbe, MemoryReading, format_bytes

POLL_MS = 500


def gauge_text(r: MemoryReading) -> tuple[str, str]:
    """(the short line beside the bar, the tooltip) for one reading; short so that the
    toolbar keeps it on a 1024-pixel screen."""
    tr = QCoreApplication.translate
    used, total = format_bytes(r.used_bytes), format_bytes(r.total_bytes)
    if r.source == "gpu":
        share = (
            tr("MemoryGauge", "app {size}").format(size=format_bytes(r.process_bytes))
            if r.process_bytes is not None
            else tr("MemoryGauge", "app's share unknown")
        )
        return tr("MemoryGauge", "VRAM {used} / {total} · {share}").format(
            used=used, total=total, share=share
        ), r.device
    line = tr("MemoryGauge", "No GPU · app RAM {used}").format(used=used)
    tip = tr(
        "MemoryGauge",
        "No NVIDIA GPU found: the bar shows this app's memory (RAM) of the machine's {total}.",
    ).format(total=total)
    return line, f"{tip}\n{translate_message(r.message)}" if r.message else tip


class MemoryGauge(QWidget):
    """A bar and a line of text, refreshed every POLL_MS by polling the probe."""

    def __init__(self, probe: MemoryProbe | None = None, poll_ms: int = POLL_MS) -> None:
        super().__init__()
        self.probe = probe if probe is not None else MemoryProbe()
        self.bar = QProgressBar()
        self.bar.setRange(0, 1000)
        self.bar.setTextVisible(False)
        self.bar.setMinimumWidth(1)  # narrows, down to nothing, before its text goes
        self.bar.setMaximumWidth(110)
        self.bar.setFixedHeight(12)
        self.label = QLabel("")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bar)
        layout.addWidget(self.label)
        self.reading: MemoryReading | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self.poll)
        self.timer.start()
        self.poll()

    def poll(self) -> None:
        r = self.reading = self.probe.read()
        self.bar.setValue(round(1000 * min(1.0, r.fraction)))
        text, tip = gauge_text(r)
        self.label.setText(text)
        self.setToolTip(tip)
        # Red above 90 %: the next batch may not fit.
        colour = "#D55E00" if r.source == "gpu" and r.fraction > 0.9 else "#0072B2"
        self.bar.setStyleSheet(f"QProgressBar::chunk {{ background: {colour}; }}")
