"""The Explain and Policy tabs: a real paused run explained with its recorded numbers and
the trainer's after-update log-probs, a Samples row's link, an opened run; the policy
picture follows the run, freezes while paused, and scrubs back."""

from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QSettings, QUrl, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF
from PySide6.QtWidgets import QTextBrowser

from studio.app.views.explain.after_update import After, explanation_html
from studio.app.views.explain.before_update import num, outcome_text, piece_html, signed
from studio.app.views.explain.panel import TERMS_KEY, ExplainPanel
from studio.app.views.policy.canvas import CELL_COLOURS, PolicyCanvas
from studio.app.views.policy.view import PolicyView
from studio.app.views.samples import SamplesPanel
from studio.core.catalogue import load_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer
from studio.core.training.steps.explain import AFTER_UPDATE
from tests.helpers import GRID_WORLD, MICRO_GPT, TRANSLATION, WINDOW_RUN

# a tiny Micro-GPT straight into GRPO, so that Step takes one GRPO step
GRPO_FIRST = [*WINDOW_RUN, "stages.warmup.steps=0", "grpo.num_generations=4", "run.probe_every=1"]


def paused_after_one_step(qtbot, window, tmp_path) -> dict:
    """Step before Start on the real trainer; the step's record as metrics.jsonl has it."""
    assert window.load_preset("micro_gpt", [*GRPO_FIRST, f"run.save_dir={tmp_path / 'runs'}"])
    assert window.session.step()
    qtbot.waitUntil(lambda: window.session.controller.state == "paused", timeout=60_000)
    qtbot.waitUntil(lambda: window.view(ExplainPanel).record is not None, timeout=5000)
    (record,) = [r for r in read_metrics(Path(window.session.run_dir)) if r["kind"] == "step"]
    return record


def test_a_paused_step_is_explained_with_its_recorded_numbers_and_the_update(
    qtbot, window, tmp_path
):
    record = paused_after_one_step(qtbot, window, tmp_path)
    panel = window.view(ExplainPanel)
    assert not panel.isVisible() or window.tabs.currentWidget() is not panel
    panel.terms.setChecked(True)  # the engineer's terms: log-probs and the formula
    window.tabs.setCurrentWidget(panel)  # seen: it asks the trainer now
    qtbot.waitUntil(lambda: panel.answer is not None, timeout=30_000)
    assert panel.answer["available"] and panel.answer["step"] == record["step"]
    qtbot.waitUntil(lambda: "log P after" in panel.body.toPlainText(), timeout=2000)
    text = panel.body.toPlainText()
    group = record["samples"][0]
    assert panel.record["samples"][0] == group
    mean, std, eps = group["mean"], group["scale_std"], group["eps"]
    assert f"mean = ({' + '.join(num(r) for r in group['rewards'])})" in text
    for r, a in zip(group["rewards"], group["advantages"]):
        assert f"({num(r)} − {num(mean)}) / ({num(std)} + {eps:g})" in text
        assert signed(a) in text
    after = panel.answer["groups"][0]
    for before, logp, later in zip(after["before"], group["logp"], after["after"]):
        assert [round(b, 4) for b in before] == logp  # the recorded log-probs, exactly
        assert num(sum(before), 3) in text and num(sum(later), 3) in text
        for value in later:
            assert num(value, 3) in text
    assert window.errors == []
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=20_000)
    panel.refresh()
    assert "log P after" in panel.body.toPlainText()  # computed for this step: still true
    panel.terms.setChecked(False)  # plain words: the after-update column in percent
    assert "how likely before" in panel.body.toPlainText()

    # the run opened from its folder: everything but the after-update column
    window.session.open_run(window.session.run_dir)
    panel.refresh()
    text = panel.body.toPlainText()
    assert "opened from its folder" in text and signed(group["advantages"][0]) in text
    assert [r["step"] for r in window.view(PolicyView).snapshots] == [0, 1]
    window.view(
        PolicyView
    ).refresh()  # the opened run's newest snapshot is drawn, the slider spans both
    assert window.view(PolicyView).shown is window.view(PolicyView).snapshots[-1]
    assert window.view(PolicyView).canvas.snapshot is window.view(PolicyView).shown["probe"]
    assert window.view(PolicyView).slider.maximum() == 1


def test_a_samples_link_opens_the_explanation_of_that_group(qtbot, window):
    record = {
        "kind": "step",
        "stage": "grpo",
        "step": 7,
        "samples": [
            {
                "prompt": p,
                "completions": ["5", "6"],
                "rewards": [1.0, 0.0],
                "advantages": [0.7, -0.7],
            }
            for p in ("2+3=", "4+4=")
        ],
    }
    window._on_record(record)
    window.view(SamplesPanel).refresh()
    assert "Explain this group" in window.view(SamplesPanel).toPlainText()
    window.view(SamplesPanel).anchorClicked.emit(QUrl("explain:1"))
    assert window.tabs.currentWidget() is window.view(ExplainPanel)
    assert window.view(ExplainPanel).groups.currentIndex() == 1
    window.view(ExplainPanel).refresh()
    text = window.view(ExplainPanel).body.toPlainText()
    assert "group 2 of 2" in text and "4+4=" in text
    assert "not how they were computed" in text  # a record without the step's details
    # the step trained 16 groups, 2 of them kept in the record: said as the 2 shown
    for group in record["samples"]:
        group["step_groups"] = 16
    window._on_record({**record, "step": 8})
    window.view(ExplainPanel).refresh()
    text = window.view(ExplainPanel).body.toPlainText()
    assert "Step 8, group 2 of the 2 shown (the step trained 16)" in text


# one GRPO step of each shipped preset's model and task, made tiny
ONE_STEP = [
    "training.device=cpu",
    "eval.every=0",
    "eval.size=4",
    "run.checkpoint_every=0",
    "run.probe_every=1",
    "run.sample_groups=2",
    "stages.warmup.steps=0",
    "stages.grpo.steps=1",
    "stages.grpo.batch_size=2",
]
PRESETS = {
    "micro_gpt": MICRO_GPT,
    "tiny_transformer": [*TRANSLATION, "grpo.num_generations=3"],
    "lite_resnet": [*GRID_WORLD, "grpo.num_generations=4"],
}


def plain(html_text: str) -> str:
    """What a reader sees of `html_text` in the panel's browser."""
    browser = QTextBrowser()
    browser.setHtml(html_text)
    return browser.toPlainText()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_each_presets_step_is_explained_and_its_policy_drawn(qtbot, tmp_path, preset):
    records = []
    cfg = load_config(preset, [*PRESETS[preset], *ONE_STEP])
    trainer = Trainer(cfg, save_dir=tmp_path, listeners=[records.append])
    trainer.run()
    (step,) = [r for r in records if r["kind"] == "step" and r["stage"] == "grpo"]
    answer = trainer.explainer.answer(AFTER_UPDATE, {"step": step["step"]})
    assert answer["available"]
    for index, group in enumerate(step["samples"]):
        moved = After(answer["groups"][index]["before"], answer["groups"][index]["after"])
        text = plain(
            explanation_html(
                group,
                step=step["step"],
                index=index,
                groups=2,
                noun="sample",
                after=moved,
                plain=False,
            )
        )
        assert f"Step {step['step']}, group {index + 1} of 2" in text
        assert "change (after − before)" in text  # a difference of log-probs, labelled
        assert group["prompt"] in text
        for r, a in zip(group["rewards"], group["advantages"]):
            assert num(r) in text and signed(a) in text
        for name in group["parts"]:
            assert name in text  # each reward function's column
        for pieces, later in zip(group["pieces"], moved.after):
            for piece in pieces:  # each step of each sample, as the token table shows it
                assert plain(piece_html(piece)) in text
            assert num(sum(later), 3) in text
        if preset == "lite_resnet":  # episodes: their moves and how each ended
            assert all(set(p) <= set("↑→↓←") for p in group["completions"])
            for outcome in group["outcome"]:
                assert outcome_text(outcome) in text
        if preset == "tiny_transformer":
            assert group["reference"] in text
    snapshots = [r["probe"] for r in records if r["kind"] == "probe"]
    assert len(snapshots) == 2  # before training and after the step
    canvas = PolicyCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(canvas.minimumSizeHint().expandedTo(canvas.size()))
    canvas.show_snapshot(None, "")
    blank = canvas.grab().toImage()
    canvas.show_snapshot(snapshots[-1])
    assert canvas.grab().toImage() != blank


class Controller(QObject):
    """What the policy view reads of the run controller: its state and its changes."""

    state_changed = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.state = "running"

    def set(self, state: str) -> None:
        self.state = state
        self.state_changed.emit(state)


def probe(step: int, p_right: float) -> dict:
    cells = [["empty", "goal"], ["empty", "wall"]]
    rest = (1 - p_right) / 3
    move = [rest, p_right, rest, rest]
    return {
        "kind": "probe",
        "stage": "grpo",
        "step": step,
        "probe": {
            "kind": "grid",
            "title": "a 2x2 grid",
            "actions": ["up", "right", "down", "left"],
            "cells": cells,
            "start": [1, 0],
            "probs": [[move, None], [move, None]],
        },
    }


def test_the_policy_picture_follows_the_run_freezes_when_paused_and_scrubs_back(qtbot):
    controller = Controller()
    view = PolicyView(controller)
    qtbot.addWidget(view)
    for step in (0, 10, 20):
        view.add_record(probe(step, 0.25 + step / 40))
    view.refresh()
    assert view.shown["step"] == 20 and view.canvas.snapshot is view.shown["probe"]
    assert "step 20 (3 of 3)" in view.where.text()

    controller.set("paused")
    view.add_record(probe(30, 0.1))  # a snapshot arriving while paused
    view.refresh()
    assert view.shown["step"] == 20  # frozen
    assert view.slider.maximum() == 3  # but kept: the slider reaches it
    view.show_index(0)  # scrubbing back works while paused
    assert view.shown["step"] == 0 and view.canvas.snapshot is view.snapshots[0]["probe"]
    assert "step 0 (1 of 4)" in view.where.text()

    controller.set("running")
    view.add_record(probe(40, 0.5))
    view.refresh()
    assert view.shown["step"] == 0  # an earlier snapshot stays until dragged to the end
    view.show_index(view.slider.maximum())
    view.add_record(probe(50, 0.5))
    view.refresh()
    assert view.shown["step"] == 50  # following the run again
    view.clear_run()
    view.refresh()
    assert view.shown is None and view.canvas.snapshot is None


def test_a_grid_snapshot_draws_each_moves_probability_as_an_arrow_length(qtbot):
    canvas = PolicyCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(224, 224)  # two cells of 100 px, 12 px margins
    snapshot = probe(0, 1.0)["probe"]
    snapshot["probs"] = [[[0.0, 1.0, 0.0, 0.0], None], [[1.0, 0.0, 0.0, 0.0], None]]
    canvas.show_snapshot(snapshot)
    image = canvas.grab().toImage()

    def colour(x: int, y: int) -> str:
        return QColor(image.pixel(x, y)).name()

    empty = QColor(CELL_COLOURS["empty"]).name()
    # top-left cell (centre 62, 62): certain to move right; bottom-left: certain to move up
    assert colour(62 + 35, 62) != empty and colour(62, 62 - 35) == empty
    assert colour(62, 162 - 35) != empty and colour(62 + 35, 162) == empty
    assert colour(125, 25) == QColor(CELL_COLOURS["goal"]).name()
    assert colour(150, 190) == QColor(CELL_COLOURS["wall"]).name()


def test_every_kind_of_snapshot_draws(qtbot):
    canvas = PolicyCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(600, 400)
    tokens = {
        "kind": "next_tokens",
        "prompts": [
            {
                "prompt": "12+34=",
                "reference": "46",
                "positions": [
                    {"target": "4", "p_target": 0.6, "candidates": [["4", 0.6], ["5", 0.3]]},
                    {"target": "<eos>", "p_target": 0.01, "candidates": [["6", 0.9]]},
                ],
                "p_answer": 0.006,
            }
        ],
    }
    labels = {
        "kind": "labels",
        "classes": ["circle", "square"],
        "images": [{"title": "valid image 0", "label": "square", "probs": [0.2, 0.8]}],
    }
    blank = canvas.grab().toImage()
    for snapshot in (tokens, labels, probe(0, 0.5)["probe"]):
        canvas.show_snapshot(snapshot)
        assert canvas.minimumSizeHint().height() > 0
        assert canvas.grab().toImage() != blank


def test_a_long_answer_wraps_its_columns_instead_of_widening_or_clipping(qtbot):
    canvas = PolicyCanvas()
    qtbot.addWidget(canvas)
    canvas.resize(420, 300)
    words = ["▁yesterday", "▁morning", "▁umbrella", "▁bicycle", "▁doctor", "▁garden", "."]
    positions = [
        {"target": w, "p_target": 0.5, "candidates": [[w, 0.5], ["▁the", 0.2]]} for w in words
    ]
    prompt = {"prompt": "昨天早上", "reference": "...", "positions": positions, "p_answer": 0.01}
    canvas.show_snapshot({"kind": "next_tokens", "prompts": [prompt]})
    text_w, width, per_row = canvas._layout(prompt)
    font = QFont(canvas.font())
    font.setPointSize(10)  # the candidates' size
    widest = max(QFontMetricsF(font).horizontalAdvance(w) for w in words)
    assert text_w >= widest and per_row * width <= 420 - 24  # every piece fits its column
    assert 1 <= per_row < len(words)  # so the answer wraps onto more rows
    assert canvas.minimumSizeHint().width() <= 420  # no sideways scrolling
    one_row = 30 + canvas._block_height(prompt) + 6
    assert canvas.minimumSizeHint().height() > one_row


def test_a_group_of_equal_rewards_is_said_to_push_on_no_sample(qtbot):
    from studio.app.views.explain.after_update import change_part

    before, later = [[-1.0, -0.5], [-2.0], [-0.7]], [[-1.1, -0.5], [-1.9], [-0.8]]
    # equal rewards: advantages of 0 give or take rounding (the screenshot's -0.000)
    flat = {"advantages": [-1e-9, 0.0, 1e-9], "completions": ["56", "59", "58"]}
    text = plain(change_part(flat, After(before, later), "answer", plain=False))
    assert "has an advantage of 0" in text
    assert "with a negative advantage less likely" not in text
    words = plain(change_part(flat, After(before, later), "answer"))
    assert "has an advantage of 0" in words and "less likely" not in words
    signal = {"advantages": [1.2, -0.6, -0.6], "completions": ["56", "59", "58"]}
    text = plain(change_part(signal, After(before, later), "answer", plain=False))
    assert "0 of the 1 samples with a positive advantage became likelier" in text
    assert "1 of the 2 with a negative advantage less likely" in text
    words = plain(change_part(signal, After(before, later), "answer"))
    assert "0 of the 1 better-than-average samples became likelier" in words
    assert "1 of the 2 worse-than-average ones less likely" in words


def flat_group(**extra) -> dict:
    """Eight rewards of 0.99 as a record from before the trainer zeroed flat groups holds
    them: a float mean that misses the rewards, advantages of +-0.0012 and -0.0000."""
    return {
        "prompt": "2+3=",
        "completions": ["5"] * 8,
        "rewards": [0.99] * 8,
        "advantages": [0.0012, -0.00001] * 4,
        "mean": 0.9899998,
        "std": 0.0,
        "scale": "group",
        "scale_std": 0.0,
        "eps": 1e-4,
        **extra,
    }


def test_equal_rewards_read_as_exactly_zero_in_the_explanation_and_samples(qtbot):
    for terms in (True, False):
        text = plain(
            explanation_html(
                flat_group(), step=3, index=0, groups=1, noun="answer", after=After(), plain=terms
            )
        )
        assert "every advantage is exactly 0" in text
        assert "no spread: 0" in text and "/ (0.0000 + 0.0001)" not in text
        assert "0.001" not in text and "−0.000" not in text and "-0.000" not in text
    samples = SamplesPanel()
    qtbot.addWidget(samples)
    samples.add_record({"kind": "step", "step": 3, "samples": [flat_group(flat=True)]})
    samples.refresh()
    text = samples.toPlainText()
    assert "all rewards equal" in text and "0.000" in text
    assert "-0.000" not in text and "+0.001" not in text and "−0.000" not in text
    # a tiny negative advantage of a group with a spread never shows as -0.000 either
    spread = {"prompt": "p", "completions": ["a", "b"], "rewards": [1.0, 0.0]}
    samples.add_record(
        {"kind": "step", "step": 4, "samples": [{**spread, "advantages": [0.7, -0.0001]}]}
    )
    samples.refresh()
    assert "-0.000" not in samples.toPlainText() and "+0.700" in samples.toPlainText()


def test_the_explain_tab_speaks_plain_words_until_the_engineers_terms_are_asked(qtbot):
    group = {
        "prompt": "2+3=",
        "completions": ["5", "6"],
        "rewards": [1.0, 0.0],
        "advantages": [0.7070, -0.7070],
        "mean": 0.5,
        "std": 0.7071,
        "scale": "group",
        "scale_std": 0.7071,
        "eps": 1e-4,
        "beta": 0.04,
        "loss_type": "dapo",
        "pieces": [["5", "<eos>"], ["6", "<eos>"]],
        "logp": [[-0.2, -4.78], [-1.0, -0.1]],
    }
    record = {"kind": "step", "stage": "grpo", "step": 5, "samples": [group]}
    samples = SamplesPanel()
    qtbot.addWidget(samples)

    class Idle(QObject):
        state_changed = Signal(str)
        running, state, worker = False, "idle", None

    QSettings().remove(TERMS_KEY)  # Qt keeps one settings file per process: start afresh
    panel = ExplainPanel(Idle(), samples)
    qtbot.addWidget(panel)
    assert not panel.terms.isChecked()  # plain words by default
    panel.add_record(record)
    panel.refresh()
    text = panel.body.toPlainText()
    for words in ("average", "spread", "how likely before", "82%", "0.84%", "brake"):
        assert words in text
    assert "divided by 2 − 1" in text  # how the spread is made, in plain words
    for term in ("log-prob", "std", "standard deviation", "grpo.", "dapo", "8.40e-03", "KL"):
        assert term not in text

    panel.terms.setChecked(True)  # one click: the engineer's terms, and remembered
    text = panel.body.toPlainText()
    for term in ("log-prob before", "std = 0.7071", "unbiased standard deviation", "-4.780"):
        assert term in text
    assert "dividing by n − 1 = 2 − 1" in text
    assert "grpo.beta = 0.04" in text and "82%" not in text
    again = ExplainPanel(Idle(), samples)
    qtbot.addWidget(again)
    assert again.terms.isChecked()
    again.terms.setChecked(False)
    last = ExplainPanel(Idle(), samples)
    qtbot.addWidget(last)
    assert not last.terms.isChecked()


def test_a_round_trip_group_shows_each_translation_and_its_way_back(qtbot):
    group = {
        "prompt": "<2en> 茶很热。",
        "reference": None,
        "completions": ["The tea is hot.", "Tea."],
        "way_back": ["茶很热。", "茶。"],
        "rewards": [0.9, 0.3],
        "advantages": [0.7, -0.7],
        "parts": {"chrf": [0.0, 0.0], "round_trip": [0.9, 0.3]},
        "weights": {"chrf": 1.0, "round_trip": 1.0},
        "mean": 0.6,
        "std": 0.42,
        "scale": "group",
        "scale_std": 0.42,
        "eps": 1e-4,
    }
    for terms in (True, False):
        text = plain(
            explanation_html(
                group, step=2, index=0, groups=1, noun="translation", after=After(), plain=terms
            )
        )
        assert "No right answer is known: each sample is translated back" in text
        assert "The tea is hot.\nback: 茶很热。" in text and "Tea.\nback: 茶。" in text
    samples = SamplesPanel()
    qtbot.addWidget(samples)
    samples.add_record({"kind": "step", "step": 2, "samples": [group]})
    samples.refresh()
    text = samples.toPlainText()
    # each way back under its own translation, the best first
    assert text.index("The tea is hot.") < text.index("back: 茶很热。") < text.index("Tea.")
    assert text.index("Tea.") < text.index("back: 茶。")
    # a pair's group shows no way back
    pair = {**group, "reference": "The tea is hot.", "way_back": None}
    samples.add_record({"kind": "step", "step": 3, "samples": [pair]})
    samples.refresh()
    assert "back:" not in samples.toPlainText()
