"""The values a command takes beside its config (how many examples to evaluate, how much
to prune), checked once for the two front doors that take them.

The command line names such a value by its option (`--limit`, `--finetune-steps`), the
Python API by its argument (`limit`, `finetune_steps`); the rule and the fix are the same
words in both. So a check raises an ArgumentError holding the argument's name and the
rest of the message: its text is the command line's (`--limit: must be 1 or more
examples, got -5`), and `as_argument` is the API's (`limit: must be 1 or more examples,
got -5`).
"""

from __future__ import annotations

from studio.core.config.fields import ConfigError
from studio.core.messages import say


class ArgumentError(ConfigError):
    """A value given to a command that it refuses: `name` is the argument's name (as the
    API spells it), `text` what follows the name in the message."""

    def __init__(self, name: str, text: str) -> None:
        super().__init__(say("{where}: {problem}", where=option(name), problem=text))
        self.name, self.text = name, text

    @property
    def as_argument(self) -> str:
        """The message naming the API's argument instead of the command line's option."""
        return say("{where}: {problem}", where=self.name, problem=self.text)


def option(name: str) -> str:
    """The command line's option for an API argument: finetune_steps -> --finetune-steps."""
    return "--" + name.replace("_", "-")


# held-out examples one evaluation may take: more than a split of the fitted data holds,
# and a grid world's are made on demand (10^9 of them would fill any memory)
MAX_EVAL_LIMIT = 100_000


def check_eval_limit(limit: int) -> None:
    """How many held-out examples to evaluate: one at least, MAX_EVAL_LIMIT at most."""
    if limit < 1:
        raise ArgumentError("limit", say("must be 1 or more examples, got {limit}", limit=limit))
    if limit > MAX_EVAL_LIMIT:
        raise ArgumentError(
            "limit",
            say(
                "must be at most {most} examples, got {limit}; a split is evaluated whole "
                "with any limit above its size",
                most=f"{MAX_EVAL_LIMIT:,}",
                limit=limit,
            ),
        )


def check_index(index: int, count: int, what: str) -> None:
    """An index into `count` things (`what`: "held-out grids of the test split"),
    counted from 0."""
    if not 0 <= index < count:
        raise ArgumentError(
            "index",
            say(
                "must be from 0 to {last}, one of the {count} {what}, got {index}",
                last=f"{count - 1:,}",
                count=f"{count:,}",
                what=what,
                index=index,
            ),
        )
