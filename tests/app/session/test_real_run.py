"""The real trainer from the window: a tiny Micro-GPT run, paused, stepped, resumed, stopped."""

from pathlib import Path

import pytest

from studio.app.common import dialogs
from studio.app.views.charts.grad_flow import GradFlowWidget
from studio.app.views.charts.panel import ChartPanel
from studio.app.views.log_panel import LogPanel
from studio.app.views.samples import SamplesPanel
from tests.helpers import WINDOW_RUN


def grpo_steps(window) -> int:
    return len(window.view(ChartPanel).store.series.get("reward/mean", []))


def test_micro_gpt_from_the_window(qtbot, window, tmp_path):
    assert window.load_preset("micro_gpt", [*WINDOW_RUN, f"run.save_dir={tmp_path / 'runs'}"])
    assert window.session.start()
    qtbot.waitUntil(lambda: grpo_steps(window) >= 3, timeout=20_000)
    assert window.errors == []
    qtbot.waitUntil(lambda: window.view(GradFlowWidget).redraw_count > 0, timeout=2000)
    assert len(window.view(GradFlowWidget).latest["layers"]) > 2
    assert window.view(ChartPanel).store.series["loss"].steps[:2] == [
        1.0,
        2.0,
    ]  # the warm-up's steps
    assert (
        window.view(SamplesPanel).samples
        and len(window.view(SamplesPanel).samples[0]["completions"]) == 2
    )

    window.controls.pause_action.trigger()
    qtbot.wait(400)  # a step in flight finishes
    paused_at = grpo_steps(window)
    qtbot.wait(400)
    assert grpo_steps(window) == paused_at
    window.controls.step_action.trigger()
    qtbot.waitUntil(lambda: grpo_steps(window) == paused_at + 1, timeout=2000)
    qtbot.wait(300)
    assert grpo_steps(window) == paused_at + 1
    window.controls.pause_action.trigger()  # "Resume"
    qtbot.waitUntil(lambda: grpo_steps(window) > paused_at + 3, timeout=5000)
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=3000)

    run_dir = Path(window.session.run_dir)
    assert run_dir.parent == tmp_path / "runs"
    last_step = int(window.view(ChartPanel).store.series["loss"].steps[-1])
    saved = [text for _, text in window.view(LogPanel).lines if "checkpoint saved" in text]
    assert saved[-1].startswith(f"[step {last_step}] checkpoint saved: ")  # written on stop
    assert Path(saved[-1].split(": ", 1)[1]).is_file()
    assert Path(saved[-1].split(": ", 1)[1]).parent == run_dir / "checkpoints"
    assert (
        "[step" in window.view(LogPanel).lines[-1][1]
        and "run ended: stopped" in window.view(LogPanel).lines[-1][1]
    )


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_closing_mid_run_asks_then_checkpoints_and_closes(qtbot, window, tmp_path, monkeypatch):
    questions = []
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda p, t, q: questions.append(q) or True)
    assert window.load_preset("micro_gpt", [*WINDOW_RUN, f"run.save_dir={tmp_path / 'runs'}"])
    assert window.session.start()
    window.show()
    qtbot.waitUntil(lambda: grpo_steps(window) >= 2, timeout=20_000)
    window.controls.pause_action.trigger()  # closing a paused run works the same
    assert not window.close()  # asks, starts stopping, stays open until stopped
    assert len(questions) == 1
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=10_000)
    assert window.errors == [] and not window.session.controller.running
    checkpoints = sorted((Path(window.session.run_dir) / "checkpoints").glob("*.pt"))
    last = int(window.view(ChartPanel).store.series["loss"].steps[-1])
    saved = [t for _, t in window.view(LogPanel).lines if "checkpoint saved" in t]
    assert checkpoints and saved[-1].startswith(f"[step {last}] checkpoint saved: ")
