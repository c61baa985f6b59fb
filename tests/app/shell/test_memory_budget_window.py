"""A memory budget from the window: what fitting it changed reaches the log and the status
bar while the run goes on, a budget nothing fits ends in a clear dialog (no traceback, the
window idle again), and both read in Chinese."""

import pytest
import torch

from studio.app.i18n.messages import translate_message
from studio.app.shell import ui_language
from studio.app.views.charts.panel import ChartPanel
from studio.app.views.log_panel import LogPanel
from studio.core.catalogue import load_config
from studio.core.tasks import build_task
from studio.core.training.probes import memory_probe
from studio.core.training.probes.memory_probe import MeasuredEstimate
from tests.helpers import MICRO_GPT_2, ONE_THREAD
from tests.support.i18n_walk import english_words

TINY = [
    *MICRO_GPT_2,
    "stages.warmup.steps=2",
    "stages.warmup.batch_size=32",
    "stages.grpo.steps=400",
    "stages.grpo.batch_size=8",
    "grpo.num_generations=2",
    "eval.every=0",
    "eval.size=4",
    "run.checkpoint_every=0",
    *ONE_THREAD,
]

CPU = torch.device("cpu")


@pytest.fixture
def no_runtime(monkeypatch):
    """The process's own memory left out, so that a budget means the same in any test."""
    monkeypatch.setattr(memory_probe, "runtime_bytes", lambda device: 0)


def tight_budget() -> str:
    """A budget that a third less of the activations fits: half the micro-batch."""
    cfg = load_config("micro_gpt", TINY)
    before = MeasuredEstimate(build_task(cfg), CPU)(cfg)
    return f"{(before.total - before.parts['activations'] // 3) / 1024**2:.4f}MB"


def fit_lines(window) -> list[str]:
    lines = [text for _, text in window.view(LogPanel).lines]
    start = next(i for i, t in enumerate(lines) if "memory budget" in t or "内存预算" in t)
    return lines[start].split("\n")


def steps(window) -> int:
    return len(window.view(ChartPanel).store.series.get("loss", []))


def test_the_window_shows_what_the_budget_changed(qtbot, window, tmp_path, no_runtime):
    budget = tight_budget()
    runs = f"run.save_dir={tmp_path / 'runs'}"
    assert window.load_preset("micro_gpt", [*TINY, runs, f"training.memory_budget={budget}"])
    assert window.session.start()
    qtbot.waitUntil(lambda: steps(window) >= 2, timeout=20_000)  # it trains on
    lines = fit_lines(window)
    assert "does not fit; changed:" in lines[0]
    assert any("stages.grpo.batch_size 8 -> 4" in line for line in lines)
    assert "Memory budget: 3 settings changed" in window.statusBar().currentMessage()
    assert window.errors == []
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=5000)


def test_a_budget_nothing_fits_ends_in_a_dialog_not_a_traceback(qtbot, window, tmp_path):
    runs = f"run.save_dir={tmp_path / 'runs'}"
    assert window.load_preset("micro_gpt", [*TINY, runs, "training.memory_budget=1MB"])
    assert window.session.start()
    qtbot.waitUntil(lambda: window.errors != [], timeout=20_000)
    (message,) = window.errors
    assert message.startswith("training.memory_budget: 1.0 MB (training.memory_budget) is less")
    assert "raise the budget" in message and "Traceback" not in message
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=5000)
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


@pytest.fixture
def chinese(qapp):
    assert ui_language.install(ui_language.CHINESE)
    yield
    ui_language.remove()


def test_the_fit_reads_in_chinese(qtbot, window, tmp_path, no_runtime, chinese):
    budget = tight_budget()
    runs = f"run.save_dir={tmp_path / 'runs'}"
    assert window.load_preset("micro_gpt", [*TINY, runs, f"training.memory_budget={budget}"])
    assert window.session.start()
    qtbot.waitUntil(lambda: steps(window) >= 1, timeout=20_000)
    lines = fit_lines(window)
    assert len(lines) == 4 and "内存预算" in lines[0]
    assert [line for line in lines if english_words(line)] == []
    assert english_words(window.statusBar().currentMessage()) == []
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=5000)


def test_the_refusal_reads_in_chinese(qtbot, window, tmp_path, chinese):
    runs = f"run.save_dir={tmp_path / 'runs'}"
    assert window.load_preset("micro_gpt", [*TINY, runs, "training.memory_budget=1MB"])
    assert window.session.start()
    qtbot.waitUntil(lambda: window.errors != [], timeout=20_000)
    shown = translate_message(window.errors[-1])  # what the dialog shows
    assert "请提高预算" in shown and english_words(shown) == []
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=5000)
