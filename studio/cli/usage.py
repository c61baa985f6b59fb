"""What every command shares: the program's name, the error for a command line used
wrongly, and the parser that reports it in one line."""

from __future__ import annotations

import argparse
from typing import NoReturn

PROG = "grpo-studio"


class UsageError(ValueError):
    """The command line was used wrongly; the message says how to use it."""


class Parser(argparse.ArgumentParser):
    """argparse, with a misused command line reported like every other error: one line
    `grpo-studio: error: ...` naming the command's help, instead of the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{PROG}: error: {message}; see {self.prog} --help\n")
