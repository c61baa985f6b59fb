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


class ArgumentError(ConfigError):
    """A value given to a command that it refuses: `name` is the argument's name (as the
    API spells it), `text` what follows the name in the message."""

    def __init__(self, name: str, text: str) -> None:
        super().__init__(f"{option(name)}: {text}")
        self.name, self.text = name, text

    @property
    def as_argument(self) -> str:
        """The message naming the API's argument instead of the command line's option."""
        return f"{self.name}: {self.text}"


def option(name: str) -> str:
    """The command line's option for an API argument: finetune_steps -> --finetune-steps."""
    return "--" + name.replace("_", "-")


def check_eval_limit(limit: int) -> None:
    """How many held-out examples to evaluate: one at least."""
    if limit < 1:
        raise ArgumentError("limit", f"must be 1 or more examples, got {limit}")
