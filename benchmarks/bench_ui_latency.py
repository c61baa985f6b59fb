"""How the studio window keeps up with a fast trainer: slot cost, redraw cost, latency.

Measures, offscreen, with records shaped like the trainer's (tests/app/fakes.step_record):
1. the record slot (MainWindow._on_record: append to every panel's buffers), per record;
2. one refresh of all charts with n points per curve (what the 100 ms timer pays);
3. a worker thread emitting steps as fast as it can for a few seconds: records
   delivered, chart redraws per second, and the delay from emit to the GUI thread's slot
   (median and 99th percentile) while the charts redraw.

Usage: QT_QPA_PLATFORM=offscreen python benchmarks/bench_ui_latency.py [seconds]
(about 20 s of CPU with the default 3 s stream). Prints a table; nothing is written.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QObject, QSettings, Qt, QTimer, Signal
from PySide6.QtWidgets import QApplication

import studio.app  # noqa: F401  (the PySide6 guards)
from studio.app.charts import ChartPanel
from studio.app.main_window import MainWindow

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from tests.app.fakes import step_record


def bench_slot(app: QApplication, window: MainWindow, n: int = 5000) -> float:
    records = [step_record(s, n) for s in range(1, n + 1)]
    t = time.perf_counter()
    for r in records:
        window._on_record(r)
    return (time.perf_counter() - t) / n * 1e6  # microseconds per record


def bench_refresh(points: int) -> float:
    panel = ChartPanel()
    panel.resize(900, 700)
    panel.timer.stop()
    panel.add_records([step_record(s, points) for s in range(1, points + 1)])
    panel.refresh()  # first draw creates the curves
    times = []
    for _ in range(5):
        panel._full_redraw = True
        t = time.perf_counter()
        panel.refresh()
        panel.grab()  # paint too: downsampling and clipping happen at paint time
        times.append(time.perf_counter() - t)
    panel.deleteLater()
    return statistics.median(times) * 1e3  # ms


class Emitter(QObject):
    record = Signal(object)


class Sink(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.window, self.delays = window, []

    def on_record(self, record: dict) -> None:
        self.delays.append(time.perf_counter() - record["sent"])
        self.window._on_record(record)


def bench_stream(app: QApplication, seconds: float) -> dict:
    window = MainWindow(settings=QSettings(os.devnull, QSettings.IniFormat), count_presets=False)
    window.resize(1280, 800)
    window.show()
    emitter, sink = Emitter(), Sink(window)
    emitter.record.connect(sink.on_record, Qt.QueuedConnection)
    stop = threading.Event()
    sent = [0]

    def produce() -> None:
        step = 0
        while not stop.is_set():
            step += 1
            r = step_record(step, 10**6)
            r["sent"] = time.perf_counter()
            emitter.record.emit(r)
            sent[0] = step
            time.sleep(0.0005)  # ~1000-2000 steps/s: far faster than any real step

    before = window.charts.redraw_count
    thread = threading.Thread(target=produce)
    t0 = time.perf_counter()
    thread.start()
    QTimer.singleShot(int(seconds * 1000), stop.set)
    QTimer.singleShot(int(seconds * 1000) + 300, app.quit)
    app.exec()
    thread.join()
    app.processEvents()
    elapsed = time.perf_counter() - t0
    delays = sorted(sink.delays)
    return {
        "sent": sent[0],
        "delivered": len(delays),
        "steps_per_s": sent[0] / seconds,
        "chart_redraws_per_s": (window.charts.redraw_count - before) / elapsed,
        "charts": len(window.charts.charts),
        "delay_median_ms": delays[len(delays) // 2] * 1e3,
        "delay_p99_ms": delays[int(len(delays) * 0.99)] * 1e3,
    }


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    app = QApplication(sys.argv[:1])
    window = MainWindow(settings=QSettings(os.devnull, QSettings.IniFormat), count_presets=False)
    print(f"record slot: {bench_slot(app, window):.1f} us per record (append only)")
    window.deleteLater()
    for points in (1_000, 10_000, 100_000):
        print(
            f"refresh + paint, 13 charts, {points:>7} points each: {bench_refresh(points):.1f} ms"
        )
    s = bench_stream(app, seconds)
    print(
        f"stream: {s['steps_per_s']:.0f} steps/s emitted for {seconds:.0f} s, "
        f"{s['delivered']}/{s['sent']} delivered; {s['chart_redraws_per_s']:.0f} chart redraws/s "
        f"over {s['charts']} charts (<= {s['charts'] * 10} by design); emit-to-slot delay "
        f"median {s['delay_median_ms']:.1f} ms, p99 {s['delay_p99_ms']:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
