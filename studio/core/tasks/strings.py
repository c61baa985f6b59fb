"""String transformations with a verifiable answer: reverse or sort ("cab=" -> "bac").

A second text task on the same machinery as arithmetic, to show that the Task contract
is not shaped around numbers. Difficulty level k (0-based) holds the strings of length
min_length + k over the alphabet (|alphabet|^length of them); training picks a level
uniformly among the unlocked ones, then a string uniformly within it, so short strings
are not drowned out by the far more numerous long ones. Held-out validation and test
strings (data.valid_fraction / data.test_fraction of each level, at most 500 per level)
are fixed by data.split_seed and never drawn for training.

Reference: the copy / reverse / sort toy tasks long used to probe sequence models
(e.g. Graves et al. 2014, Neural Turing Machines).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar, Literal

from studio.core.config.fields import ModelSection, param
from studio.core.config.sections import DataConfig
from studio.core.messages import say
from studio.core.tasks.arithmetic import exact_match
from studio.core.tasks.base import Example, RewardFunction, UserSettings
from studio.core.tasks.char_tokenizer import CharTokenizer
from studio.core.tasks.text import TextTask, per_row
from studio.core.tasks.user_reward import UserRewardSection, user_reward_param

SEPARATOR = "="  # ends every prompt: where the answer starts
PARTIAL_WEIGHT = 0.5  # a near miss earns at most half of what the exact answer earns


@dataclass
class StringsConfig(UserRewardSection):
    """Reverse or sort a random string."""

    NAME: ClassVar[str] = "strings"

    operation: Literal["reverse", "sort"] = param(
        "reverse",
        "reverse: the string backwards; sort: its characters in code-point order",
        label="Operation",
    )
    alphabet: str = param("abcdef", "Characters the strings are made of", label="Alphabet")
    min_length: int = param(2, "Shortest string (level 1)", min=1, max=30, label="Shortest string")
    max_length: int = param(
        8, "Longest string (the last level)", min=1, max=30, label="Longest string"
    )
    user_reward: str | None = user_reward_param()

    def __post_init__(self) -> None:
        if not self.alphabet:
            raise ValueError(say("task.alphabet: is empty; give at least one character"))
        if SEPARATOR in self.alphabet:
            raise ValueError(
                say(
                    "task.alphabet: must not contain {separator}, which ends the prompt; remove it",
                    separator=repr(SEPARATOR),
                )
            )
        if len(set(self.alphabet)) != len(self.alphabet):
            raise ValueError(say("task.alphabet: repeats a character; list each once"))
        if self.max_length < self.min_length:
            raise ValueError(
                say(
                    "task.max_length: {high} is below task.min_length {low}; raise it or lower "
                    "min_length",
                    high=self.max_length,
                    low=self.min_length,
                )
            )


def transform(text: str, operation: str) -> str:
    if operation == "reverse":
        return text[::-1]
    if operation == "sort":
        return "".join(sorted(text))
    raise ValueError(f"unknown operation {operation!r}; use reverse or sort")


def position_match(completion: str, reference: str) -> float:
    """Share of positions holding the right character, over the longer of the two:
    "abc" vs "abc" -> 1, "abd" vs "abc" -> 2/3, "ab" vs "abc" -> 2/3, "" vs "abc" -> 0."""
    same = sum(c == r for c, r in zip(completion, reference))
    longest = max(len(completion), len(reference))
    return same / longest if longest else 1.0


class StringsTask(TextTask[StringsConfig]):
    NAME = "strings"
    CONFIG = StringsConfig

    def __init__(
        self,
        cfg: StringsConfig,
        data: DataConfig | None,
        *,
        seed: int,
        user_settings: UserSettings | None = None,
        model: ModelSection | None = None,
    ) -> None:
        super().__init__(cfg, data, seed=seed, user_settings=user_settings, model=model)
        self.tokenizer = CharTokenizer(cfg.alphabet + SEPARATOR)
        self.prompt_end = SEPARATOR

    @property
    def num_levels(self) -> int:
        return self.cfg.max_length - self.cfg.min_length + 1

    def level_size(self, level: int) -> int:
        return len(self.cfg.alphabet) ** (self.cfg.min_length + level)

    def level_weights(self, max_level: int) -> list[float]:
        return [1.0] * (max_level + 1)

    def draw(self, rng: random.Random, level: int) -> Example:
        text = "".join(rng.choices(self.cfg.alphabet, k=self.cfg.min_length + level))
        prompt = text + SEPARATOR
        return Example(
            prompt=prompt,
            reference=transform(text, self.cfg.operation),
            difficulty=level,
            display=prompt,
        )

    @property
    def max_prompt_chars(self) -> int:
        return self.cfg.max_length + 1

    @property
    def max_reference_chars(self) -> int:
        return self.cfg.max_length

    def task_rewards(self) -> list[RewardFunction]:
        return [
            RewardFunction("correct", per_row(exact_match), 1.0),
            RewardFunction("partial", per_row(position_match), PARTIAL_WEIGHT),
        ]

    def report(self) -> str:
        return say(
            "{task}; {held_out}",
            task=say(
                "strings: {operation} strings of {low}..{high} characters from {alphabet}",
                operation=self.cfg.operation,
                low=self.cfg.min_length,
                high=self.cfg.max_length,
                alphabet=repr(self.cfg.alphabet),
            ),
            held_out=super().report(),
        )
