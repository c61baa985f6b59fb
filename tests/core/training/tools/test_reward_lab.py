"""The reward lab's arithmetic (studio.core.training.tools.reward_lab): the trainer's functions on
a typed group, a group of one, and the user's function run only once allowed."""

import sys

import pytest
import torch

from studio.core.grpo import group_advantages
from studio.core.tasks.reward_checks import parse_checks
from studio.core.tasks.user_reward import allow_user_code, forget_allowed_code
from studio.core.training.tools.reward_lab import try_group

MODULE = "core_lab_rewards_mod"


def test_a_group_is_scored_and_advanced_as_a_grpo_step_does():
    checks = parse_checks([{"kind": "exact"}, {"kind": "length", "weight": 0.5,
                                               "options": {"max": 4}}])  # fmt: skip
    g = try_group(checks, "p", ["ab"], ["ab", "abcdef", " ab. "], scale="none")
    assert g.parts == {"exact": [1.0, 0.0, 1.0], "length": [1.0, 0.0, 1.0]}  # spaces aside
    assert g.rewards == [1.5, 0.0, 1.5]
    assert g.advantages == group_advantages(torch.tensor([1.5, 0.0, 1.5]), 3, "none").tolist()
    assert g.always_zero == [] and not g.flat and g.always_same == {}


def test_a_check_with_one_score_for_all_moves_no_advantage():
    checks = parse_checks([{"kind": "exact"}, {"kind": "length", "options": {"max": 4}}])
    g = try_group(checks, "p", ["ab", "abcdef"], ["ab", "abcdef"], scale="none")
    assert g.parts["exact"] == [1.0, 1.0] and g.always_same == {"exact": 1.0}
    without = try_group(checks[1:], "p", ["ab", "abcdef"], ["ab", "abcdef"], scale="none")
    assert g.advantages == without.advantages  # it adds 1 to each reward: no signal
    one = try_group(checks, "p", ["ab"], ["ab"])
    assert one.always_same == {}  # a group of one is flat anyway, warned as such


def test_a_group_of_one_or_of_equals_teaches_nothing():
    checks = parse_checks([{"kind": "exact"}])
    one = try_group(checks, "p", ["a"], ["a"])
    assert one.flat and one.advantages == [0.0] and one.std == 0.0
    same = try_group(checks, "p", ["a"], ["b", "b"])
    assert same.flat and same.advantages == [0.0, 0.0] and same.always_zero == ["exact"]
    with pytest.raises(ValueError, match="no completions"):
        try_group(checks, "p", ["a"], [])


@pytest.fixture
def user_file(tmp_path, monkeypatch):
    path = tmp_path / f"{MODULE}.py"
    path.write_text(
        "import pathlib\n"
        "pathlib.Path('IMPORTED').write_text('yes')\n"
        "def score(prompts, completions, references):\n"
        "    if completions[0] == 'boom':\n"
        "        raise RuntimeError('my reward broke')\n"
        "    return [1.0 if c == references[0] else 0.0 for c in completions]\n"
    )
    monkeypatch.chdir(tmp_path)
    yield path
    sys.modules.pop(MODULE, None)
    forget_allowed_code()


def test_the_users_function_runs_only_once_allowed(user_file):
    function = {"kind": "function", "options": {"function": f"{MODULE}:score"}}
    checks = parse_checks([{"kind": "length"}, function])
    g = try_group(checks, "p", ["a"], ["a", "b"])
    assert g.not_run == ["function"] and list(g.parts) == ["length"]
    assert not (user_file.parent / "IMPORTED").exists()
    allow_user_code(user_file)
    g = try_group(checks, "p", ["a"], ["a", "b"])
    assert g.not_run == [] and g.parts["function"] == [1.0, 0.0]
    g = try_group(checks, "p", ["a"], ["boom", "b"])  # its error is said; the rest scores
    assert g.errors == {"function": "my reward broke"} and list(g.parts) == ["length"]
