"""Arithmetic with a verifiable answer: the Micro-GPT preset's task ("12+34=" -> "46").

Problems are generated, so the reward is exact: the completion is the integer answer or
it is not. Difficulty level L (1..max_digits; Example.difficulty = L - 1) holds the
problems whose larger operand has exactly L digits: both operands are drawn from
0 .. 10^L - 1, and at least one of them is >= 10^(L-1) (for L = 1: any pair 0..9). The
levels partition all problems with operands below 10^max_digits, so 2-digit addition is
10,000 problems: 100 at level 1 and 9,900 at level 2. Training draws uniformly among
the problems of the unlocked levels (a level in proportion to its size).

A held-out validation and test set (data.valid_fraction and data.test_fraction of each
level, at most 500 per level; 500 + 500 for 2-digit addition) is fixed by
data.split_seed and never drawn for training, so held-out accuracy measures arithmetic,
not memory.

References: the countdown / arithmetic tasks of TinyZero and GRPO-Zero, where a rule
checks the answer instead of a learned reward model.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import ClassVar

from studio.core.config.fields import ModelSection, param, shown
from studio.core.config.sections import DataConfig
from studio.core.messages import say
from studio.core.tasks.base import Example, RewardFunction, UserSettings
from studio.core.tasks.char_tokenizer import CharTokenizer
from studio.core.tasks.text import TextTask, per_row
from studio.core.tasks.user_reward import UserRewardSection, user_reward_param

OPERATIONS = ("+", "-", "*")
ALPHABET = "0123456789+-*="  # one vocabulary for every operation, so checkpoints interchange
_INTEGER = re.compile(r"-?[0-9]+")

# 0.1: enough that in a group of all-wrong answers the well-formed ones still get a
# positive advantage early in training, too little to compete with a right answer (1.0)
FORMAT_WEIGHT = 0.1
# 0.5: a near miss earns less than half of what the exact answer earns on top of it
PARTIAL_WEIGHT = 0.5


@dataclass
class ArithmeticConfig(UserRewardSection):
    """Integer arithmetic problems with exact answers."""

    NAME: ClassVar[str] = "arithmetic"

    operations: list[str] = param(
        default_factory=lambda: ["+"],
        help='Operations drawn, any of "+", "-", "*"',
        label="Operations",
    )
    max_digits: int = param(
        2,
        "Digits of the largest operand; also the number of difficulty "
        "levels (level L: larger operand has exactly L digits)",
        min=1,
        max=8,
        label="Max digits",
    )
    partial_credit: bool = param(
        False,
        "Add a 'partial' reward: share of answer digits right, aligned from the right",
        label="Partial credit",
    )
    user_reward: str | None = user_reward_param()

    def __post_init__(self) -> None:
        if not self.operations:
            raise ValueError(say('task.operations: is empty; list at least one of "+", "-", "*"'))
        bad = [op for op in self.operations if op not in OPERATIONS]
        if bad:
            raise ValueError(
                say(
                    'task.operations: {value} is not an operation; use "+", "-" or "*"',
                    value=shown(bad[0]),
                )
            )
        if len(set(self.operations)) != len(self.operations):
            raise ValueError(say("task.operations: lists an operation twice; list each once"))


def solve(a: int, op: str, b: int) -> int:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    raise ValueError(f'unknown operation {op!r}; use "+", "-" or "*"')


def is_integer(text: str) -> bool:
    """True for a plain integer: optional minus sign, digits, nothing else."""
    return _INTEGER.fullmatch(text) is not None


def exact_match(completion: str, reference: str) -> float:
    return 1.0 if completion == reference else 0.0


def digit_credit(completion: str, reference: str) -> float:
    """Share of characters (digits and sign) that match, aligned from the right.

    Divided by the longer of the two, so extra or missing digits cost credit:
    "46" vs "46" -> 1, "56" vs "46" -> 0.5, "146" vs "46" -> 2/3, "x" vs "46" -> 0.
    """
    if not is_integer(completion):
        return 0.0
    same = sum(c == r for c, r in zip(reversed(completion), reversed(reference)))
    return same / max(len(completion), len(reference))


class ArithmeticTask(TextTask[ArithmeticConfig]):
    NAME = "arithmetic"
    CONFIG = ArithmeticConfig

    def __init__(
        self,
        cfg: ArithmeticConfig,
        data: DataConfig | None,
        *,
        seed: int,
        user_settings: UserSettings | None = None,
        model: ModelSection | None = None,
    ) -> None:
        super().__init__(cfg, data, seed=seed, user_settings=user_settings, model=model)
        self.tokenizer = CharTokenizer(ALPHABET)
        self.prompt_end = "="  # every problem ends with it: "12+34="

    @property
    def num_levels(self) -> int:
        return self.cfg.max_digits

    def level_size(self, level: int) -> int:
        digits = level + 1
        low = 10 ** (digits - 1) if digits > 1 else 0  # pairs with both operands below this
        return len(self.cfg.operations) * (10 ** (2 * digits) - low**2)

    def draw(self, rng: random.Random, level: int) -> Example:
        digits = level + 1
        high, low = 10**digits, (10 ** (digits - 1) if digits > 1 else 0)
        while True:  # rejects fewer than 1 draw in 100
            a, b = rng.randrange(high), rng.randrange(high)
            if max(a, b) >= low:
                break
        op = rng.choice(self.cfg.operations)
        prompt = f"{a}{op}{b}="
        return Example(
            prompt=prompt, reference=str(solve(a, op, b)), difficulty=level, display=prompt
        )

    @property
    def max_prompt_chars(self) -> int:
        return 2 * self.cfg.max_digits + 2  # "99+99="

    @property
    def max_reference_chars(self) -> int:
        d = self.cfg.max_digits
        return max(2 * d if op == "*" else d + 1 for op in self.cfg.operations)

    def task_rewards(self) -> list[RewardFunction]:
        rewards = [
            RewardFunction("correct", per_row(exact_match), 1.0),
            RewardFunction("format", per_row(lambda c, r: float(is_integer(c))), FORMAT_WEIGHT),
        ]
        if self.cfg.partial_credit:
            rewards.append(RewardFunction("partial", per_row(digit_credit), PARTIAL_WEIGHT))
        return rewards

    def report(self) -> str:
        ops = " ".join(self.cfg.operations)
        return say(
            "{task}; {held_out}",
            task=say(
                "arithmetic ({ops}) with operands up to {n} digits", ops=ops, n=self.cfg.max_digits
            ),
            held_out=super().report(),
        )
