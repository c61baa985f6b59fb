"""What every command shares: the program's name and the error for a command line used
wrongly."""

PROG = "grpo-studio"


class UsageError(ValueError):
    """The command line was used wrongly; the message says how to use it."""
