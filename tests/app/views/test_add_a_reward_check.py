"""docs/architecture.md's "Add a reward check", followed on a throwaway kind of check.

The kind (same_ending: 1 when the completion ends with the answer's last characters) is
declared the way the steps say, one section of this module per file the steps name: its
scorer and its `Kind` in the registry (the monkeypatch stands for its entry in KINDS), its
words as the Chinese catalogue's sources list them, and a preset YAML whose task.rewards
uses it. Nothing else is touched: the preset loads and refuses an option out of its
bounds, a GRPO step's scoring (grpo_step.score, through the task's reward functions)
scores with it, and the Reward lab offers it in its picker, builds its option editors,
says its label and description and shows its scores. If the steps and the code drift
apart, this test fails.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest
import torch
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QSpinBox

from studio.app.i18n.sources import core_strings
from studio.app.views.reward_lab import RewardLab
from studio.core.catalogue import load_config
from studio.core.tasks import build_task
from studio.core.tasks.base import Example, Rollout
from studio.core.tasks.reward_kinds import (
    CONTEXT,
    KINDS,
    PARTS_CONTEXT,
    Kind,
    Option,
    Options,
    Score,
)
from studio.core.tasks.text import repeat_each
from studio.core.training.steps.grpo_step import score
from tests.helpers import ROOT

KIND = "same_ending"

# The files the documented steps touch, in their order; <name> is the preset's.
FILES = [
    "studio/core/tasks/reward_kinds.py",
    "studio/app/i18n/studio_zh_CN.ts",
    "presets/<name>.yaml",
]


# ---- step 1, studio/core/tasks/reward_kinds.py: its scorer and one Kind(...) in KINDS


def _same_ending(options: Options) -> Score:
    n = options["chars"]

    def score_one(completion: str, answers: Sequence[str]) -> float:
        return float(any(completion.strip()[-n:] == a.strip()[-n:] for a in answers))

    return score_one


SAME_ENDING = Kind(
    KIND,
    "Ends as the answer does",
    "1 when the completion's last characters are the answer's",
    {
        "chars": Option(
            "integer", 2, "Characters compared", "How many characters at the end", min=1, max=20
        ),
    },
    score=_same_ending,
    needs_answers=True,
)


@pytest.fixture
def declared(monkeypatch):
    # its entry in KINDS ("same_ending": SAME_ENDING), made here for the test only
    monkeypatch.setitem(KINDS, KIND, SAME_ENDING)


# ---- step 2, studio/app/i18n/studio_zh_CN.ts: its words, as the catalogue's sources list them


def test_its_words_go_to_the_catalogue(declared):
    found = core_strings().messages
    for text in ("Ends as the answer does", "1 when the completion's last characters are the "
                 "answer's", "Characters compared", "How many characters at the end"):  # fmt: skip
        assert (CONTEXT, text) in found
    assert (PARTS_CONTEXT, KIND) in found  # its checks' reward part, in the charts


# ---- step 3, presets/<name>.yaml: a preset whose task.rewards uses it

PRESET = """\
name: Dates that end right
description: The built-in dates, rewarded for the answer and for its ending
model:
  arch: micro-gpt
task:
  name: own_text
  demo_size: 50
  rewards:
    - {kind: exact, weight: 1.0}
    - {kind: same_ending, weight: 0.5, options: {chars: 3}}
"""

PROMPT, ANSWERS = "5 January 2024", ("2024-01-05",)
COMPLETIONS = ["2024-01-05", "2023-12-05", "2024-01-06"]


def preset(tmp_path: Path, text: str = PRESET) -> Path:
    path = tmp_path / "dates_that_end_right.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def rollout() -> Rollout:
    n = len(COMPLETIONS)
    return Rollout(
        examples=[Example(PROMPT, ANSWERS[0])],
        group_size=n,
        actions=torch.zeros(n, 1, dtype=torch.long),
        mask=torch.ones(n, 1),
        logp=torch.zeros(n, 1),
        truncated=torch.zeros(n, dtype=torch.bool),
        completions=COMPLETIONS,
        info={
            "prompts": [PROMPT] * n,
            "references": [ANSWERS[0]] * n,
            "answers": repeat_each([ANSWERS], n),
        },
    )


def test_a_preset_that_uses_it_loads_and_a_grpo_step_scores_with_it(declared, tmp_path):
    cfg = load_config(preset(tmp_path))
    assert cfg.task.rewards[1] == {
        "kind": KIND, "weight": 0.5, "options": {"chars": 3}
    }  # fmt: skip
    task = build_task(cfg)
    per, total = score(task, rollout(), cfg.grpo.reward_weights)  # as a GRPO step scores
    assert per[KIND].tolist() == [1.0, 1.0, 0.0]  # "-05", "-05", "-06"
    assert total.tolist() == pytest.approx([1.5, 0.5, 0.0])


def test_an_option_out_of_its_bounds_is_refused_with_the_fix(declared, tmp_path):
    with pytest.raises(ValueError) as refused:
        load_config(preset(tmp_path, PRESET.replace("chars: 3", "chars: 50")))
    message = str(refused.value)
    assert "task.rewards[1] (same_ending): option chars must be at most 20, got 50" in message
    assert "give a number from 1 to 20" in message and "\n" not in message


@pytest.mark.qt_log_ignore("propagateSizeHints")  # an offscreen widget shown
def test_the_reward_lab_offers_it_edits_it_and_shows_its_scores(declared, qtbot, tmp_path):
    lab = RewardLab()
    qtbot.addWidget(lab)
    lab.show()
    lab.show_config(load_config(preset(tmp_path)))
    # the picker offers it by its label, its description the item's tooltip
    index = lab.kind_pick.findData(KIND)
    assert lab.kind_pick.itemText(index) == "Ends as the answer does"
    tip = lab.kind_pick.itemData(index, Qt.ItemDataRole.ToolTipRole)
    assert tip == "1 when the completion's last characters are the answer's"
    # the preset's check, with its title, and its option's editor built from the declaration
    row = lab.rows[1]
    assert row.kind == KIND and "Ends as the answer does" in row.title.text()
    assert row.title.toolTip() == tip
    chars = row.option("chars")
    assert isinstance(chars, QSpinBox) and chars.value() == 3
    assert (chars.minimum(), chars.maximum()) == (1, 20)
    assert chars.toolTip() == "How many characters at the end"
    # its scores in the lab equal the GRPO step's
    lab.prompt.setEditText(PROMPT)
    lab.answers.setText(ANSWERS[0])
    lab.completions.setPlainText("\n".join(COMPLETIONS))
    assert lab.group is not None and lab.group.parts[KIND] == [1.0, 1.0, 0.0]
    chars.setValue(2)  # "05", "05", "06"
    assert lab.group.parts[KIND] == [1.0, 1.0, 0.0]
    chars.setValue(6)  # "-01-05", "-12-05", "-01-06"
    assert lab.group.parts[KIND] == [1.0, 0.0, 0.0]
    assert lab.raw_checks()[1] == {"kind": KIND, "weight": 0.5, "options": {"chars": 6}}
    # added from the picker: the declared default, no editor of another kind's
    lab.kind_pick.setCurrentIndex(index)
    added = lab.add_picked()
    assert added.options.keys() == {"chars"} and added.option("chars").value() == 2
    assert not any(isinstance(w, QLineEdit) for w in (e.widget for e in added.options.values()))


def documented_steps() -> list[str]:
    """The file each numbered step of docs/architecture.md's "Add a reward check" names
    first (its bold heading)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("\n## Add a reward check\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\d+\. \*\*`([^`]+)`", section, flags=re.MULTILINE)


def test_the_steps_name_the_files_this_test_stands_for():
    assert documented_steps() == FILES
    for path in FILES:  # each names a place that exists (the new preset's folder)
        assert (ROOT / path.replace("<name>.yaml", "")).exists()
