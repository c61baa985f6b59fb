"""Text tasks: tokenizer, arithmetic and strings problems and rewards, held-out splits,
the user's reward, and the Task contract run end to end on a tiny Micro-GPT."""

from __future__ import annotations

import random
import re
import sys

import pytest
import torch
from torch import nn

from studio.core.config.decoding import Decoding
from studio.core.config.sections import DataConfig
from studio.core.models.decoder import GenerationOutput
from studio.core.models.micro_gpt import MicroGPTConfig
from studio.core.tasks.arithmetic import (
    ArithmeticConfig,
    ArithmeticTask,
    digit_credit,
    is_integer,
)
from studio.core.tasks.base import Example, Rollout, Sampling, TaskError
from studio.core.tasks.char_tokenizer import CharTokenizer
from studio.core.tasks.strings import StringsConfig, StringsTask, position_match
from studio.core.tasks.text import pad_rows
from studio.core.tasks.user_reward import allow_user_code, forget_allowed_code, load_user_reward

TINY = MicroGPTConfig(n_layers=2, n_heads=4, d_model=32, d_ff=64, max_len=16)


def arithmetic(**changes) -> ArithmeticTask:
    return ArithmeticTask(ArithmeticConfig(**changes), DataConfig(), seed=0)


def hand_rollout(task, examples: list[Example], completions: list[str], g: int) -> Rollout:
    """A rollout with given completion texts (G per example), for scoring rewards."""
    n = len(examples) * g
    return Rollout(
        examples=examples,
        group_size=g,
        actions=torch.zeros(n, 1, dtype=torch.long),
        mask=torch.ones(n, 1),
        logp=torch.zeros(n, 1),
        truncated=torch.zeros(n, dtype=torch.bool),
        completions=completions,
        info={
            "prompts": [e.prompt for e in examples for _ in range(g)],
            "references": [e.reference for e in examples for _ in range(g)],
        },
    )


def rewards_by_name(task, rollout) -> dict[str, list[float]]:
    return {f.name: list(f.fn(rollout)) for f in task.reward_functions()}


# ---- tokenizer


def test_tokenizer_round_trip_and_ids():
    tok = CharTokenizer("0123456789+=", bos=True)
    ids = tok.encode("12+3=", eos=True)
    assert ids[0] == tok.bos_id and ids[-1] == tok.eos_id
    assert tok.vocab_size == 15
    assert tok.decode(ids[1:]) == "12+3="  # EOS ends the text
    assert tok.decode([*tok.encode("7", bos=False), tok.eos_id, 5, 6]) == "7"
    again = CharTokenizer.from_dict(tok.to_dict())
    assert again.encode("9=") == tok.encode("9=") and again.vocab_size == tok.vocab_size


def test_tokenizer_names_an_unknown_character():
    with pytest.raises(TaskError, match=r"character 'x' in '1x2' is not in the vocabulary"):
        CharTokenizer("0123456789").encode("1x2")
    with pytest.raises(TaskError, match="repeats"):
        CharTokenizer("aba")


def test_stray_pad_reads_as_its_name():
    tok = CharTokenizer("01")
    assert tok.decode([2, tok.pad_id, 3]) == "0<pad>1"


# ---- arithmetic problems


def test_integer_format_and_digit_credit_by_hand():
    assert is_integer("46") and is_integer("-7") and not is_integer("4 6")
    assert not is_integer("") and not is_integer("+4") and not is_integer("4-")
    assert digit_credit("46", "46") == 1.0
    assert digit_credit("56", "46") == 0.5
    assert digit_credit("146", "46") == pytest.approx(2 / 3)
    assert digit_credit("6", "146") == pytest.approx(1 / 3)  # aligned from the right
    assert digit_credit("-3", "-5") == 0.5
    assert digit_credit("4=", "46") == 0.0


def test_arithmetic_rewards_on_hand_made_completions():
    task = arithmetic(partial_credit=True)
    ex = [Example("12+34=", "46"), Example("99+9=", "108")]
    roll = hand_rollout(task, ex, ["46", "47", "4+6", "", "108", "18", "0108", "x"], g=4)
    got = rewards_by_name(task, roll)
    assert got["correct"] == [1, 0, 0, 0, 1, 0, 0, 0]
    assert got["format"] == [1, 1, 0, 0, 1, 1, 1, 0]
    assert got["partial"] == pytest.approx([1, 0.5, 0, 0, 1, 1 / 3, 3 / 4, 0])
    weights = {f.name: f.weight for f in task.reward_functions()}
    assert weights == {"correct": 1.0, "format": 0.1, "partial": 0.5}
    assert "partial" not in rewards_by_name(arithmetic(), roll)


def test_arithmetic_answers_for_every_operation():
    task = arithmetic(operations=["+", "-", "*"], max_digits=2)
    examples = task.sample(300, random.Random(0), max_level=1)
    for ex in examples:
        a, op, b = re.fullmatch(r"(\d+)([-+*])(\d+)=", ex.prompt).groups()
        assert ex.reference == str(
            {"+": int.__add__, "-": int.__sub__, "*": int.__mul__}[op](int(a), int(b))
        )
    assert {op for ex in examples for op in "+-*" if op in ex.prompt[1:]} == {"+", "-", "*"}
    assert task.max_prompt_chars == 6 and task.max_reference_chars == 4


def test_levels_are_operand_digits():
    task = arithmetic(max_digits=3)
    assert task.num_levels == 3
    assert [task.level_size(k) for k in range(3)] == [100, 9_900, 990_000]
    rng = random.Random(0)
    for ex in task.sample(200, rng, max_level=0):
        assert ex.difficulty == 0 and len(ex.prompt) == 4  # "7+6="
    seen = set()
    for ex in task.sample(500, rng, max_level=1):
        a, b = ex.prompt[:-1].split("+")
        assert ex.difficulty == max(len(a), len(b)) - 1 <= 1
        seen.add(ex.difficulty)
    assert seen == {0, 1}
    # a level beyond the last is the last
    assert max(e.difficulty for e in task.sample(200, rng, max_level=9)) == 2


def test_held_out_problems_are_fixed_and_never_drawn_for_training():
    task = arithmetic()
    splits = task.splits()
    assert len(splits["valid"]) == len(splits["test"]) == 500  # 5% of each level
    valid = {e.prompt for e in splits["valid"]}
    test = {e.prompt for e in splits["test"]}
    assert len(valid) == 500 and not valid & test
    trained = {e.prompt for e in task.sample(20_000, random.Random(1), max_level=1)}
    assert len(trained) > 8_000  # most of the 9,000 trainable problems were drawn...
    assert not trained & (valid | test)  # ...and none held out
    # the split depends on data.split_seed only, not on the run's seed
    again = ArithmeticTask(ArithmeticConfig(), DataConfig(), seed=99).splits()
    assert [e.prompt for e in again["valid"]] == [e.prompt for e in splits["valid"]]
    other = ArithmeticTask(ArithmeticConfig(), DataConfig(split_seed=7), seed=0).splits()
    assert {e.prompt for e in other["valid"]} != valid


def test_everything_held_out_is_a_clear_error():
    task = ArithmeticTask(
        ArithmeticConfig(max_digits=1), DataConfig(valid_fraction=0.5, test_fraction=0.5), seed=0
    )
    with pytest.raises(TaskError, match="held out.*valid_fraction"):
        task.sample(1, random.Random(0), max_level=0)


def test_bad_operations_are_refused():
    with pytest.raises(ValueError, match='task.operations: "/" is not an operation'):
        ArithmeticConfig(operations=["/"])
    with pytest.raises(ValueError, match="task.operations: is empty"):
        ArithmeticConfig(operations=[])


# ---- strings


def test_strings_examples_and_rewards():
    task = StringsTask(
        StringsConfig(operation="sort", alphabet="abc", min_length=2, max_length=4),
        DataConfig(),
        seed=0,
    )
    assert task.num_levels == 3 and task.level_size(2) == 81
    for ex in task.sample(50, random.Random(0), max_level=2):
        text = ex.prompt[:-1]
        assert ex.reference == "".join(sorted(text)) and len(text) == 2 + ex.difficulty
    assert position_match("abd", "abc") == pytest.approx(2 / 3)
    assert position_match("ab", "abc") == pytest.approx(2 / 3)
    assert position_match("", "abc") == 0.0
    roll = hand_rollout(task, [Example("cab=", "abc")], ["abc", "acb", "abcc"], g=3)
    got = rewards_by_name(task, roll)
    assert got == {"correct": [1, 0, 0], "partial": pytest.approx([1, 1 / 3, 3 / 4])}


def test_strings_reverse_and_bad_alphabet():
    task = StringsTask(StringsConfig(), DataConfig(), seed=0)
    ex = task.sample(5, random.Random(3), max_level=6)
    assert all(e.reference == e.prompt[:-1][::-1] for e in ex)
    with pytest.raises(ValueError, match="task.alphabet: must not contain '='"):
        StringsConfig(alphabet="ab=")


# ---- the user's reward


@pytest.fixture
def user_module(tmp_path, monkeypatch):
    (tmp_path / "my_rewards_mod.py").write_text(
        "def short(prompts, completions, references):\n"
        "    return [1.0 / (1 + len(c)) for c in completions]\n"
        "def wrong_count(prompts, completions, references):\n"
        "    return [0.0]\n"
        "NOT_A_FUNCTION = 3\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    allow_user_code(tmp_path / "my_rewards_mod.py")
    yield "my_rewards_mod"
    sys.modules.pop("my_rewards_mod", None)
    forget_allowed_code()


def test_user_reward_is_called_with_texts(user_module):
    task = arithmetic(user_reward=f"{user_module}:short")
    roll = hand_rollout(task, [Example("1+1=", "2")], ["2", "22"], g=2)
    assert rewards_by_name(task, roll)["user"] == [0.5, pytest.approx(1 / 3)]


def test_user_reward_is_found_in_the_working_folder(tmp_path, monkeypatch):
    (tmp_path / "cwd_rewards_mod.py").write_text("def one(p, c, r):\n    return [1.0] * len(c)\n")
    monkeypatch.chdir(tmp_path)
    allow_user_code("cwd_rewards_mod.py")
    try:
        fn = load_user_reward("cwd_rewards_mod:one")
    finally:
        sys.modules.pop("cwd_rewards_mod", None)
        forget_allowed_code()
    assert fn([], ["a", "b"], []) == [1.0, 1.0]
    assert str(tmp_path) not in sys.path  # the folder was only borrowed for the import


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_colon", 'expected "module:function"'),
        ("surely_missing_module_xyz:f", "cannot import module 'surely_missing_module_xyz'"),
        ("{mod}:absent", "has no function 'absent'"),
        ("{mod}:NOT_A_FUNCTION", "not a function"),
    ],
)
def test_user_reward_errors_are_clear(user_module, spec, message):
    with pytest.raises(TaskError, match=message):
        load_user_reward(spec.format(mod=user_module))


def test_user_reward_with_the_wrong_count_is_reported(user_module):
    task = arithmetic(user_reward=f"{user_module}:wrong_count")
    roll = hand_rollout(task, [Example("1+1=", "2")], ["2", "3"], g=2)
    user = next(f for f in task.reward_functions() if f.name == "user")
    with pytest.raises(TaskError, match="returned 1 values for 2 completions"):
        user.fn(roll)


# ---- the Task contract on a tiny model


def test_model_must_fit_prompt_and_answer():
    task = arithmetic(max_digits=4)  # "9999+9999=" and "19999" + EOS: 16 tokens
    assert task.build_model(TINY) is not None
    with pytest.raises(TaskError, match="raise model.max_len to at least 23"):
        arithmetic(operations=["*"], max_digits=5).build_model(TINY)


def test_supervised_loss_decreases_with_training():
    task = arithmetic(max_digits=1)
    torch.manual_seed(0)
    model = task.build_model(TINY)
    examples = task.sample(32, random.Random(0), max_level=0)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    first = None
    for _ in range(15):
        loss = task.supervised_loss(model, examples)
        first = first if first is not None else loss.item()
        opt.zero_grad()
        loss.backward()
        opt.step()
    assert task.supervised_loss(model, examples).item() < 0.8 * first


def test_rollout_and_token_logprobs_agree():
    task = arithmetic()
    torch.manual_seed(0)
    model = task.build_model(TINY)
    examples = task.sample(3, random.Random(0), max_level=1)
    torch.manual_seed(1)
    roll = task.rollout(model, examples, 4, Sampling(temperature=1.0, max_new_tokens=4))
    assert roll.actions.shape == roll.mask.shape == roll.logp.shape
    assert roll.actions.shape[0] == 12 and len(roll.completions) == 12
    assert roll.info["references"][4:8] == [examples[1].reference] * 4
    assert torch.equal(
        roll.truncated,
        (roll.mask.sum(1) == roll.actions.shape[1])
        & (roll.actions != task.tokenizer.eos_id).all(1),
    )
    logp, entropy = task.token_logprobs(model, roll, temperature=1.0)
    assert logp.shape == entropy.shape == roll.actions.shape and logp.requires_grad
    torch.testing.assert_close(logp * roll.mask, roll.logp, atol=1e-5, rtol=1e-5)
    assert (entropy > 0).all() and (entropy <= torch.log(torch.tensor(16.0)) + 1e-5).all()


class Oracle(nn.Module):
    """Answers arithmetic prompts right when the first operand is even, else says '0'."""

    def __init__(self, tok: CharTokenizer) -> None:
        super().__init__()
        self.tok = tok
        self.weight = nn.Parameter(torch.zeros(1))
        # what every decoder declares (models/decoder.py's TextDecoder)
        self.cfg, self.vocab_size, self.pad_id = TINY, tok.vocab_size, tok.pad_id

    def generate(
        self, prompt_ids, prompt_mask, *, num_samples, max_new_tokens, eos_id, greedy, **_
    ):
        rows = []
        for ids, mask in zip(prompt_ids.tolist(), prompt_mask.tolist()):
            text = self.tok.decode([i for i, m in zip(ids, mask) if m])[:-1]
            a, b = (int(x) for x in text.split("+"))
            answer = str(a + b) if a % 2 == 0 else "0"
            rows.append(self.tok.encode(answer, eos=True))
        tokens, mask = pad_rows(rows, self.tok.pad_id, left=False)
        return GenerationOutput(
            tokens, torch.zeros(tokens.shape), mask.float(), torch.ones(len(rows), dtype=torch.bool)
        )


def test_evaluate_counts_exact_answers_on_the_held_out_split():
    task = arithmetic()
    examples = task.splits()["test"][:100]
    even = sum(int(e.prompt.split("+")[0]) % 2 == 0 for e in examples)
    task.EVAL_BATCH = 32  # several batches
    metrics = task.evaluate(Oracle(task.tokenizer), split="test", limit=100)
    wrong_zero = sum(int(e.prompt.split("+")[0]) % 2 == 1 and e.reference == "0" for e in examples)
    assert metrics["accuracy"] == pytest.approx((even + wrong_zero) / 100)
    assert metrics["finished"] == 1.0
    with pytest.raises(TaskError, match="greedy"):
        task.evaluate(Oracle(task.tokenizer), decoding=Decoding.beam(4))


def test_evaluate_a_real_model_restores_its_mode():
    task = arithmetic()
    model = task.build_model(TINY).train()
    metrics = task.evaluate(model, split="valid", limit=20)
    assert set(metrics) == {"accuracy", "completion_len", "finished"}
    assert 0 <= metrics["accuracy"] <= 1 and 1 <= metrics["completion_len"] <= 4
    assert model.training


def test_state_keeps_the_vocabulary():
    task = arithmetic()
    state = task.state_dict()
    fresh = arithmetic()
    fresh.load_state_dict(state)
    assert fresh.tokenizer.to_dict() == task.tokenizer.to_dict()
    strings = StringsTask(StringsConfig(alphabet="xyz"), DataConfig(), seed=0)
    with pytest.raises(TaskError, match="saved vocabulary lacks"):
        strings.load_state_dict(
            StringsTask(StringsConfig(alphabet="ab"), DataConfig(), seed=0).state_dict()
        )
