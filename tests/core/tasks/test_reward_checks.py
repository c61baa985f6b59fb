"""Reward checks as data: each kind scores as documented, bad checks are refused in one line,
and each check is its own named reward part of a rollout."""

import random
import re
import time

import pytest
import torch

from studio.core.tasks.base import Example, Rollout
from studio.core.tasks.chrf import CHRF_BETA, sentence_chrf
from studio.core.tasks.reward_checks import (
    READERS,
    CheckError,
    check_rewards,
    parse_checks,
    score_parts,
    scorer,
)
from studio.core.tasks.reward_kinds import KINDS, edit_similarity, first_number, normalise
from studio.core.tasks.user_reward import UserCodeRefused, allow_user_code, forget_allowed_code


def score(kind, completion, given=(), **options):
    (check,) = parse_checks([{"kind": kind, "options": options}])
    return scorer(check)(completion, given)


def test_exact_ignores_surrounding_spaces_and_punctuation_and_case_when_asked():
    assert score("exact", " the. ", ("the",)) == 1.0
    assert score("exact", "The", ("the",)) == 0.0
    assert score("exact", "The", ("the",), ignore_case=True) == 1.0
    assert score("exact", "th e", ("the",)) == 0.0  # only around the text
    assert score("exact", "the.", ("the",), ignore_punctuation=False) == 0.0
    assert score("exact", "ache", ("cache", "ache")) == 1.0  # any acceptable answer


def test_one_of_uses_the_answers_listed_in_the_check():
    assert score("one_of", "Yes!", (), answers=["yes", "no"], ignore_case=True) == 1.0
    assert score("one_of", "maybe", (), answers=["yes", "no"]) == 0.0


def test_number_within_a_tolerance():
    assert first_number("about 1,234.5 metres") == 1234.5
    assert first_number("no digits") is None
    assert score("number", "x = 3.14", ("3.14159",), tolerance=0.01) == 1.0
    assert score("number", "x = 3.2", ("3.14159",), tolerance=0.01) == 0.0
    assert score("number", "105", ("100",), tolerance=0.05, relative=True) == 1.0
    assert score("number", "none", ("100",)) == 0.0


def test_contains_regex_and_format():
    assert score("contains", "I think YES", (), text="yes", ignore_case=True) == 1.0
    assert score("contains", "I think YES", (), text="yes") == 0.0
    assert score("regex", "date: 2024-01-05 ok", (), pattern=r"\d{4}-\d\d-\d\d") == 1.0
    assert score("format", " 2024-01-05 ", (), pattern=r"\d{4}-\d\d-\d\d") == 1.0
    assert score("format", "on 2024-01-05", (), pattern=r"\d{4}-\d\d-\d\d") == 0.0


def test_length_in_range():
    assert score("length", "abcd", min=2, max=4) == 1.0
    assert score("length", "abcde", min=2, max=4) == 0.0
    assert score("length", "a", min=2) == 0.0


def test_similarity_is_the_studios_chrf_to_the_nearest_answer_with_the_checks_beta():
    rng = random.Random(0)
    for beta in (None, 0.5, 1.5, 3):
        given = {} if beta is None else {"beta": beta}
        for _ in range(20):
            hyp, *answers = ("".join(rng.choices("abcde ", k=rng.randint(1, 12))) for _ in "123")
            want = max(sentence_chrf(hyp, [a], beta=beta or CHRF_BETA) for a in answers)
            assert score("similarity", hyp, answers, **given) == want, (hyp, answers, beta)
    # the recall weight moves the score: a short completion of a long answer gains with 0.5
    short = score("similarity", "the", ("the cat sat",), beta=0.5)
    assert short > score("similarity", "the", ("the cat sat",)) > 0
    assert score("similarity", "the cat", ("the cat", "dog")) == pytest.approx(1.0)
    assert score("similarity", "the cat", ()) == 0.0  # no answer to be near
    assert 0 < score("similarity", "the ca", ("the cat",)) < 1
    assert edit_similarity("kitten", "sitting") == pytest.approx(1 - 3 / 7)
    assert score("similarity", "acess", ("access", "xyz"), metric="edit") == pytest.approx(5 / 6)


def test_every_kind_is_declared_whole_in_the_registry():
    for name, kind in KINDS.items():
        assert kind.name == name and kind.label and kind.description, name
        assert (kind.score is None) != (kind.whole is None), name
        for key, option in kind.options.items():
            assert option.label and option.help and option.type in READERS, (name, key)
            if option.default is not None:  # a default its own reader takes as it is
                assert READERS[option.type](option.default, option) == option.default
        # a check that gives only the required options gets every default
        given = {k: "x" if o.type != "texts" else ["x"] for k, o in kind.options.items()
                 if o.required}  # fmt: skip
        (check,) = parse_checks([{"kind": name, "options": given}])
        defaults = {k: o.default for k, o in kind.options.items() if not o.required}
        assert check.options == {**defaults, **given} and check.to_dict()["options"] == given


def test_normalise():
    assert normalise(' "Hello, world!" ', ignore_case=True, ignore_punctuation=True) == (
        "hello, world"
    )


@pytest.mark.parametrize(
    ("checks", "words"),
    [
        ([], "at least one check"),
        ([{"kind": "exactly"}], "task.rewards[0]: kind must be one of exact, one_of"),
        ([{"kind": "exact", "weight": "high"}], "task.rewards[0] (exact): weight must be a number"),
        ([{"kind": "number", "options": {"tol": 1}}], "unknown option 'tol'; number takes"),
        ([{"kind": "number", "options": {"tolerance": -1}}], "must be a number of at least 0"),
        ([{"kind": "regex"}], "task.rewards[0] (regex): needs option pattern"),
        ([{"kind": "regex", "options": {"pattern": "(a"}}], "not a valid regular expression"),
        ([{"kind": "similarity", "options": {"metric": "bleu"}}], "one of chrf, edit"),
        ([{"kind": "similarity", "options": {"beta": 1e300}}],
         "task.rewards[0] (similarity): option beta must be at most 10, got 1e+300; give a "
         "number from 0 to 10 (the default is 2)"),
        ([{"kind": "similarity", "options": {"beta": float("nan")}}], "option beta must be at"),
        ([{"kind": "length", "options": {"min": 2.5}}], "option min must be a whole number"),
        ([{"kind": "length", "options": {"min": 5, "max": 2}}], "max 2 is below min 5"),
        ([{"kind": "exact", "weight": 0}], "every weight is 0"),
        ([{"kind": "exact", "name": "Bad name"}], "lower-case letters"),
        ([{"kind": "exact", "colour": 1}], "unknown key 'colour'"),
        (["exact"], "must be a mapping"),
    ],
)  # fmt: skip
def test_bad_checks_are_refused_with_the_fix(checks, words):
    with pytest.raises(CheckError, match=re.escape(words)) as err:
        parse_checks(checks)
    assert "\n" not in str(err.value)


def rollout(completions, answers):
    n = len(completions)
    return Rollout(
        examples=[Example("p", answers[0][0])],
        group_size=n,
        actions=torch.zeros(n, 1, dtype=torch.long),
        mask=torch.ones(n, 1),
        logp=torch.zeros(n, 1),
        truncated=torch.zeros(n, dtype=torch.bool),
        completions=completions,
        info={"prompts": ["p"] * n, "references": [a[0] for a in answers], "answers": answers},
    )


def test_each_check_is_a_named_weighted_reward_part():
    checks = parse_checks(
        [
            {"kind": "exact", "weight": 1.0},
            {"kind": "similarity", "weight": 0.5},
            {"kind": "exact", "weight": 0.2, "options": {"ignore_case": True}},
        ]
    )
    rewards = check_rewards(checks)
    assert [(r.name, r.weight) for r in rewards] == [
        ("exact", 1.0),
        ("similarity", 0.5),
        ("exact_2", 0.2),
    ]
    r = rollout(["cache", "Ache", "x"], [("cache", "ache")] * 3)
    assert rewards[0].fn(r) == [1.0, 0.0, 0.0]
    assert rewards[2].fn(r) == [1.0, 1.0, 0.0]
    parts = score_parts(checks, r.completions, r.info["answers"])
    assert parts["exact_2"] == [1.0, 1.0, 0.0] and parts["similarity"] == rewards[1].fn(r)


def test_a_completion_cut_off_by_the_length_limit_scores_0_on_every_check():
    # "2024-05-01-" passes a lenient exact check, but it never ended: rewarded, the policy
    # learnt to run past every answer and held-out accuracy fell from 31% to 5%
    checks = parse_checks([{"kind": "exact"}, {"kind": "similarity"}, {"kind": "length"}])
    r = rollout(["2024-05-01-", "2024-05-01-", "2024-05-01"], [("2024-05-01",)] * 3)
    r.truncated = torch.tensor([True, False, False])
    exact, similarity, length = (reward.fn(r) for reward in check_rewards(checks))
    assert exact == [0.0, 1.0, 1.0]
    assert similarity[0] == 0.0 and 0.0 < similarity[1] < 1.0 and similarity[2] == 1.0
    assert length[0] == 0.0 and length[1] == 1.0


def test_a_function_check_runs_only_once_allowed(tmp_path, monkeypatch):
    (tmp_path / "my_checks.py").write_text(
        "def longer(prompts, completions, references):\n"
        "    return [float(len(c)) for c in completions]\n"
    )
    monkeypatch.chdir(tmp_path)
    forget_allowed_code()
    (check,) = parse_checks([{"kind": "function", "options": {"function": "my_checks:longer"}}])
    (reward,) = check_rewards([check])
    r = rollout(["ab", "abc"], [("a",)] * 2)
    with pytest.raises(UserCodeRefused, match="allow-code"):
        reward.fn(r)
    allow_user_code(tmp_path / "my_checks.py")
    try:
        assert reward.name == "function" and reward.fn(r) == [2.0, 3.0]
    finally:
        forget_allowed_code()


# ---- patterns from someone else's preset: bounded in time, never a freeze


def test_a_pattern_that_backtracks_without_end_is_refused_when_parsed():
    started = time.perf_counter()
    with pytest.raises(CheckError) as refused:
        parse_checks([{"kind": "exact"}, {"kind": "format", "options": {"pattern": "(a|aa)+$"}}])
    assert time.perf_counter() - started < 5  # a few timed-out tries, not an exponential
    message = str(refused.value)
    assert "\n" not in message and "task.rewards[1] (format): option pattern '(a|aa)+$'" in message
    assert "takes over 0.05 s" in message and "rewrite" in message and "as a+" in message
    # a pattern the regex engine takes cubic time on: refused on any machine, fast or not
    with pytest.raises(CheckError, match=r"option pattern '\(a\+\)\+\$' takes over 0.05 s"):
        parse_checks([{"kind": "regex", "options": {"pattern": "(a+)+$"}}])
    assert time.perf_counter() - started < 10
    assert score("regex", "a" * 500 + "!", pattern="a+$") == 0.0  # its rewrite, at once
    assert score("regex", "a" * 500, pattern="a+$") == 1.0


def test_a_slow_pattern_the_parse_missed_stops_the_scoring_counted_and_named():
    from studio.core.tasks.reward_checks import PatternTimeout
    from studio.core.training.tools.reward_lab import lab_rollout, try_group

    # '#' written as \x23 is named by no literal: the parse's tries miss it, #s trip it
    slow = r"([\x23]|[\x23]{2})+$"
    checks = parse_checks(
        [{"kind": "length", "options": {"max": 5}},
         {"kind": "regex", "weight": 0.5, "options": {"pattern": slow}}]
    )  # fmt: skip
    texts = ["ok", "#" * 40 + "!", "fine"]
    rewards = check_rewards(checks)
    started = time.perf_counter()
    with pytest.raises(PatternTimeout) as stopped:
        rewards[1].fn(lab_rollout("p", (), texts))
    assert time.perf_counter() - started < 5
    message = str(stopped.value)
    assert message.startswith(f"task.rewards: check regex (regex): the pattern {slow!r}")
    assert "completion 2 of 3 timed out (1 scored before it, 1 left unscored)" in message
    assert "41 characters" in message and "rewrite" in message
    # a long completion of a format check: bounded, not a freeze
    fmt = {"kind": "format", "options": {"pattern": r"([\x23]|\x23\x23)+"}}
    (whole,) = check_rewards(parse_checks([fmt]))
    started = time.perf_counter()
    with pytest.raises(PatternTimeout, match="20001 characters .*; it timed out"):
        whole.fn(lab_rollout("p", (), ["#" * 20000 + "!"]))
    assert time.perf_counter() - started < 5
    # the lab shows it on the check and scores the others
    group = try_group(checks, "p", (), texts)
    assert "completion 2 of 3 timed out" in group.errors["regex"]
    assert group.parts == {"length": [1.0, 0.0, 1.0]}


def test_edit_similarity_is_levenshtein_and_quick_on_long_texts():
    """Pinned on hand-counted distances; two texts of 2,000 characters score in well under
    a second (the Reward lab scores as one types, on the window's thread)."""
    from studio.core.tasks.reward_kinds import edit_similarity

    assert edit_similarity("kitten", "sitting") == pytest.approx(1 - 3 / 7)
    assert edit_similarity("", "") == 1.0 and edit_similarity("abc", "") == 0.0
    assert edit_similarity("flaw", "lawn") == pytest.approx(1 - 2 / 4)
    assert edit_similarity("中文", "中文字") == pytest.approx(1 - 1 / 3)
    rng = __import__("random").Random(0)
    a, b = ("".join(rng.choices("abcdefgh ", k=2000)) for _ in range(2))
    started = time.perf_counter()
    edit_similarity(a, b)
    assert time.perf_counter() - started < 0.5
