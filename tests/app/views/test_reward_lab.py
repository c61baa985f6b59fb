"""The Reward lab tab: a reward built by clicking, its numbers equal to the trainer's, a
flat group warned, the edited checks round-tripping through a preset's YAML, and consent
asked before the user's own function runs."""

from __future__ import annotations

import sys

import pytest
import torch
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox

from studio.app.common import dialogs
from studio.app.views.reward_lab import RewardLab
from studio.core.catalogue import load_config
from studio.core.config.loading import save_config
from studio.core.grpo import group_advantages
from studio.core.tasks import build_task
from studio.core.tasks.base import Example, Rollout
from studio.core.tasks.chrf import CHRF_BETA_MAX
from studio.core.tasks.reward_checks import parse_checks
from studio.core.tasks.reward_kinds import KINDS
from studio.core.tasks.text import repeat_each
from studio.core.tasks.user_reward import forget_allowed_code
from studio.core.training.steps.grpo_step import score
from studio.core.training.tools import reward_lab as reward_lab_core
from tests.helpers import TINY_GPT, checked

MODULE = "lab_rewards_mod"
# the window is shown (clicks land on laid-out widgets); offscreen Qt warns of size hints
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def click(qtbot, widget) -> None:
    if isinstance(widget, QCheckBox):  # on its box: a wide check box's middle is blank
        where = QPoint(8, widget.height() // 2)
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=where)
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def lab_of(qtbot, window) -> RewardLab:
    assert window.load_preset("own_text", ["task.demo_size=50"])
    lab = window.view(RewardLab)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentWidget(lab)
    return lab


def add(qtbot, lab: RewardLab, kind: str):
    lab.kind_pick.setCurrentIndex(lab.kind_pick.findData(kind))
    click(qtbot, lab.add_button)
    row = lab.rows[-1]
    lab.rows_host.layout().activate()  # laid out now, as on screen, before it is clicked
    qtbot.waitUntil(lambda: row.isVisible() and row.height() > 0)
    return row


def remove_all(qtbot, lab: RewardLab) -> None:
    while lab.rows:
        click(qtbot, lab.rows[0].remove)


def type_group(qtbot, lab: RewardLab, prompt: str, answers: str, lines: list[str]) -> None:
    lab.prompt.setEditText(prompt)
    lab.answers.clear()
    qtbot.keyClicks(lab.answers, answers)
    lab.completions.setPlainText("\n".join(lines))


def test_building_a_reward_by_clicking(qtbot, window):
    lab = lab_of(qtbot, window)
    assert [r.kind for r in lab.rows] == ["exact", "similarity"]  # the preset's checks
    remove_all(qtbot, lab)
    assert lab.error  # no check: the lab says what to do
    exact = add(qtbot, lab, "exact")
    click(qtbot, exact.option("ignore_case"))  # a check box: on
    length = add(qtbot, lab, "length")
    length.option("min").setValue(3)
    length.option("max").setValue(10)
    length.weight.setValue(0.5)
    type_group(qtbot, lab, "5 Jan 2024", "2024-01-05", ["2024-01-05", "JAN", "2024-01-05 is it"])
    g = lab.group
    assert g is not None and g.names == ["exact", "length"]
    assert g.parts == {"exact": [1.0, 0.0, 0.0], "length": [1.0, 1.0, 0.0]}
    assert g.rewards == pytest.approx([1.5, 0.5, 0.0])
    # stored back into the settings as data, defaults left out
    cfg = window.setup.read_config()
    assert cfg is not None
    assert cfg.task.rewards == [
        {"kind": "exact", "weight": 1.0, "options": {"ignore_case": True}},
        {"kind": "length", "weight": 0.5, "options": {"min": 3, "max": 10}},
    ]
    # an option a kind requires, left empty, is named and not stored
    contains = add(qtbot, lab, "contains")
    assert "needs option text" in lab.check_error.text()
    assert len(window.setup.read_config().task.rewards) == 2
    qtbot.keyClicks(contains.option("text"), "2024")
    assert lab.error == "" and lab.group.parts["contains"] == [1.0, 0.0, 1.0]
    assert len(window.setup.read_config().task.rewards) == 3
    click(qtbot, lab.rows[0].remove)  # remove a check: the numbers follow at once
    assert lab.group.names == ["length", "contains"]
    assert [r["kind"] for r in window.setup.read_config().task.rewards] == ["length", "contains"]


def test_from_the_data_offers_the_file_the_data_tab_checked(qtbot, window, tmp_path):
    lab = lab_of(qtbot, window)
    data = tmp_path / "spelling.tsv"
    data.write_text("".join(f"recieve{i}\treceive{i}\n" for i in range(40)), encoding="utf-8")
    panel = window.setup.data_panel
    panel.set_path(str(data))
    panel._emit_path()  # as the File… button does
    checked(qtbot, panel, panel.check_button.click)
    assert panel.loaded is not None  # checked: the plan is this file's
    click(qtbot, lab.from_data)
    qtbot.waitUntil(lambda: lab.prompt.count() > 0, timeout=30_000)
    assert lab.prompt.itemText(0).startswith("recieve")  # the user's prompts, not the demo's
    assert lab.answers.text().startswith("receive")
    assert "spelling.tsv" in lab.sample_note
    # the demo chosen again: the file's prompts are no longer offered
    panel.demo.setChecked(True)
    assert lab.prompt.count() == 0


def test_the_kinds_their_words_and_bounds_come_from_the_registry(qtbot):
    lab = RewardLab()
    qtbot.addWidget(lab)
    pick = lab.kind_pick
    assert [pick.itemData(i) for i in range(pick.count())] == list(KINDS)
    for i, kind in enumerate(KINDS.values()):
        assert pick.itemText(i) == kind.label
        assert pick.itemData(i, Qt.ItemDataRole.ToolTipRole) == kind.description
    lab.set_checks([{"kind": name, "options": {}} for name in KINDS], stores=False)
    for row, kind in zip(lab.rows, KINDS.values(), strict=True):
        assert row.title.toolTip() == kind.description
        assert list(row.options) == list(kind.options)
        for name, option in kind.options.items():
            assert row.option(name).toolTip() == option.help
    beta = lab.rows[list(KINDS).index("similarity")].option("beta")
    assert (beta.minimum(), beta.maximum()) == (0.0, CHRF_BETA_MAX)  # the bound, in the box


def test_rewards_edited_by_hand_in_the_settings_show_in_the_lab(qtbot, window):
    lab = lab_of(qtbot, window)
    type_group(qtbot, lab, "5 Jan 2024", "2024-01-05", ["2024-01-05", "05-01-2024"])
    field = window.setup.form.editors["task.rewards"].widget
    field.setFocus()
    field.selectAll()
    # typed key by key, as a person edits the field: half-typed YAML leaves the lab be
    qtbot.keyClicks(field, "[{kind: length, weight: 2, options: {max: 10}}]")
    assert [r.kind for r in lab.rows] == ["length"]
    assert lab.rows[0].weight.value() == 2.0
    assert lab.group is not None and lab.group.parts == {"length": [1.0, 1.0]}
    assert lab.group.rewards == pytest.approx([2.0, 2.0])
    # an edit in the lab goes into the settings and does not come back to rebuild the rows
    row = lab.rows[0]
    row.weight.setValue(0.5)
    assert lab.rows == [row]
    assert window.setup.read_config().task.rewards == [
        {"kind": "length", "weight": 0.5, "options": {"max": 10}}
    ]
    # a check the settings cannot read is not shown: the form names the problem
    field.setText("[{kind: nonsense}]")
    field.textEdited.emit(field.text())
    assert lab.rows == [row]


def test_the_labs_numbers_equal_the_trainers(qtbot, window):
    lab = lab_of(qtbot, window)
    lines = ["2024-01-05", "2024-01-06", "5 January", "2024-01-05.", "", "x"]
    type_group(qtbot, lab, "5 January 2024", "2024-01-05 | 2024-1-5", lines)
    g = lab.group
    assert g is not None
    completions = [t for t in lines if t.strip()]
    # the trainer's path: the task's reward functions on a rollout, scored and advanced
    cfg = window.setup.read_config()
    task = build_task(cfg)
    prompt = "5 January 2024"
    answers = ("2024-01-05", "2024-1-5")
    n = len(completions)
    rollout = Rollout(
        examples=[Example(prompt, answers[0])],
        group_size=n,
        actions=torch.zeros(n, 1, dtype=torch.long),
        mask=torch.ones(n, 1),
        logp=torch.zeros(n, 1),
        truncated=torch.zeros(n, dtype=torch.bool),
        completions=completions,
        info={
            "prompts": [prompt] * n,
            "references": [answers[0]] * n,
            "answers": repeat_each([answers], n),
        },
    )
    per, total = score(task, rollout, cfg.grpo.reward_weights)
    adv = group_advantages(total, n, cfg.grpo.scale_rewards, cfg.grpo.advantage_eps)
    assert g.parts == {k: v.tolist() for k, v in per.items()}
    assert g.rewards == total.tolist()
    assert g.advantages == adv.tolist()
    assert g.mean == pytest.approx(float(total.mean()))
    assert g.std == pytest.approx(float(total.std()))
    assert not g.flat and g.parts["exact"] == [1.0, 0.0, 0.0, 1.0, 0.0]
    shown = lab.results.toPlainText()  # worded as the Explain tab words it
    assert "average = (" in shown and "advantage = (reward − average) / spread" in shown
    lab.terms.setChecked(True)
    assert "A = (r − mean) / (std + eps)" in lab.results.toPlainText()


def test_a_flat_group_and_a_check_always_zero_are_warned(qtbot, window):
    lab = lab_of(qtbot, window)
    type_group(qtbot, lab, "1 May 2020", "2020-05-01", ["2020-05-01", "2020-05-01"])
    assert lab.group is not None and lab.group.flat
    assert lab.group.advantages == [0.0, 0.0]
    assert not lab.warnings.isHidden()
    assert "GRPO gets no signal from this group" in lab.warnings.text()
    lab.completions.setPlainText("2020-05-01\nmay")  # a spread: the warning goes at once
    assert lab.warnings.isHidden() and not lab.group.flat
    lab.completions.setPlainText("zz\nqq")  # both checks 0 for each completion
    text = lab.warnings.text()
    assert "The check exact is 0 for every completion" in text
    assert "The check similarity is 0 for every completion" in text


def test_a_check_giving_every_completion_the_same_score_is_warned(qtbot, window):
    lab = lab_of(qtbot, window)
    lab.rows[1].weight.setValue(0.5)  # similarity counts: it tells the two apart
    # both exact (punctuation around ignored): exact gives 1 to each
    type_group(qtbot, lab, "1 May 2020", "2020-05-01", ["2020-05-01", "2020-05-01 !!"])
    assert lab.group is not None and not lab.group.flat
    assert lab.group.always_same == {"exact": 1.0}
    text = lab.warnings.text()
    assert "The check exact gives 1 to every completion" in text
    assert "GRPO learns nothing from it" in text
    assert "similarity gives" not in text


def test_the_lab_says_whose_completions_it_scores(qtbot, window):
    lab = lab_of(qtbot, window)
    type_group(qtbot, lab, "1 May 2020", "2020-05-01", ["2020-05-01", "may", "1/5"])
    shown = lab.results.toPlainText()
    assert "3 completions you typed" in shown and "The model wrote" not in shown
    assert "Each completion gets a score" in shown and "Each sample gets" not in shown, shown
    lab._sampled(["2020-05-01", "may"])  # as a group sampled from the run's model comes
    shown = lab.results.toPlainText()
    assert "The model wrote 2 samples" in shown and "you typed" not in shown
    lab.completions.setPlainText("2020-05-01\nmay\nmine")  # edited: the user's now
    assert "3 completions you typed" in lab.results.toPlainText()


def test_the_edited_reward_round_trips_through_the_presets_yaml(qtbot, window, tmp_path):
    lab = lab_of(qtbot, window)
    remove_all(qtbot, lab)
    number = add(qtbot, lab, "number")
    number.option("tolerance").setValue(0.5)
    click(qtbot, number.option("relative"))
    one_of = add(qtbot, lab, "one_of")
    qtbot.keyClicks(one_of.option("answers"), "yes | no")
    sim = add(qtbot, lab, "similarity")
    sim.option("metric").setCurrentText("edit")
    sim.weight.setValue(0.25)
    path = tmp_path / "mine.yaml"
    save_config(window.setup.read_config(), path)
    expected = [
        {"kind": "number", "weight": 1.0, "options": {"tolerance": 0.5, "relative": True}},
        {"kind": "one_of", "weight": 1.0, "options": {"answers": ["yes", "no"]}},
        {"kind": "similarity", "weight": 0.25, "options": {"metric": "edit"}},
    ]
    assert load_config(str(path)).task.rewards == expected
    assert window.load_preset(str(path))  # reopened: the lab shows the same checks
    assert [c.to_dict() for c in parse_checks(lab.raw_checks())] == expected


@pytest.fixture
def rewards_file(tmp_path, monkeypatch):
    (tmp_path / f"{MODULE}.py").write_text(
        "import pathlib\n"
        "pathlib.Path('IMPORTED').write_text('yes')\n"
        "def score(prompts, completions, references):\n"
        "    return [float(len(c)) for c in completions]\n"
    )
    monkeypatch.chdir(tmp_path)
    yield tmp_path / f"{MODULE}.py"
    sys.modules.pop(MODULE, None)
    forget_allowed_code()


def test_consent_is_asked_before_a_users_function_runs(qtbot, window, rewards_file, monkeypatch):
    asked: list[tuple[object, str]] = []
    answer = [False]
    monkeypatch.setattr(
        dialogs, "ask_to_run_code", lambda p, file, spec: asked.append((file, spec)) or answer[0]
    )
    lab = lab_of(qtbot, window)
    type_group(qtbot, lab, "p", "ab", ["ab", "abc"])
    row = add(qtbot, lab, "function")
    qtbot.keyClicks(row.option("function"), f"{MODULE}:score")
    g = lab.group
    assert g is not None and g.not_run == ["function"] and "function" not in g.parts
    assert not (rewards_file.parent / "IMPORTED").exists()  # not even imported
    assert not row.allow.isHidden() and "Not run" in row.state.text()
    assert "has not run" in lab.warnings.text()
    assert asked == []  # typing never asks; the button does
    click(qtbot, row.allow)  # refused: still not run
    assert asked == [(rewards_file.resolve(), f"{MODULE}:score")]
    assert lab.group.not_run == ["function"]
    assert not (rewards_file.parent / "IMPORTED").exists()
    answer[0] = True
    click(qtbot, row.allow)
    assert len(asked) == 2
    # an allowed function runs on the pool, not the window's thread: its result comes after
    qtbot.waitUntil(lambda: lab.group is not None and "function" in lab.group.parts)
    assert lab.group.not_run == [] and lab.group.parts["function"] == [2.0, 3.0]
    assert (rewards_file.parent / "IMPORTED").exists()
    assert row.allow.isHidden() and "Allowed" in row.state.text()


def test_an_allowed_function_runs_off_the_windows_thread(qtbot, window, rewards_file, monkeypatch):
    import threading

    monkeypatch.setattr(dialogs, "ask_to_run_code", lambda p, file, spec: True)
    lab = lab_of(qtbot, window)
    type_group(qtbot, lab, "p", "ab", ["ab", "abc"])
    row = add(qtbot, lab, "function")
    qtbot.keyClicks(row.option("function"), f"{MODULE}:score")
    seen: list[bool] = []
    original = reward_lab_core.check_reward

    def watched(check):
        rf = original(check)
        if check.kind != "function":
            return rf
        return type(rf)(
            rf.name,
            lambda r: (
                seen.append(threading.current_thread() is threading.main_thread()) or rf.fn(r)
            ),
            rf.weight,
        )

    monkeypatch.setattr(reward_lab_core, "check_reward", watched)
    click(qtbot, row.allow)
    qtbot.waitUntil(lambda: lab.group is not None and "function" in lab.group.parts)
    assert seen and not any(seen)  # the user's function never ran on the window's thread
    # an edit while it runs: only the newest edit's numbers are shown
    lab.completions.setPlainText("ab\nabc\nabcd")
    qtbot.waitUntil(lambda: lab.group is not None and len(lab.group.rewards) == 3)
    assert lab.group.parts["function"][:2] == [2.0, 3.0]


@pytest.fixture(scope="module")
def text_run(tmp_path_factory):
    from tests.helpers import make_run

    return make_run(tmp_path_factory.mktemp("lab"), "micro_gpt", TINY_GPT, spread=0.5, seed=1)


def test_a_group_sampled_from_the_runs_model_is_scored(qtbot, window, text_run):
    from studio.app.common.background import wait_for_background

    lab = lab_of(qtbot, window)
    assert not lab.sample_button.isEnabled()  # no run in use yet
    window.session.open_run(str(text_run))
    assert lab.sample_button.isEnabled()
    lab.prompt.setEditText("12+34=")
    click(qtbot, lab.sample_button)
    assert not lab.sample_button.isEnabled()  # sampling on a pool thread, not here
    assert wait_for_background()
    qtbot.waitUntil(lambda: lab.sample_button.isEnabled())
    g = load_config(str(text_run / "config.yaml")).grpo.num_generations
    assert lab.completions.toPlainText().count("\n") == g - 1  # the run's group size
    assert "sampled from the run's model" in lab.warnings.text()
    assert lab.group is not None and len(lab.group.rewards) == len(lab.completion_texts())
