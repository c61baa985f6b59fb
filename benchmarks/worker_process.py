"""A benchmark's worker process: this same script started with a worker flag, kept alive
for a whole sitting, spoken to one line of JSON at a time.

The driver writes commands to the worker's stdin; the worker answers each on the stdout it
claimed at start (`claim_stdout`), so that whatever its libraries print goes to its log
instead of into the protocol. Used by bench_step_profile.py and bench_vs_trl.py, which
time one worker while the others wait.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
from pathlib import Path
from typing import IO, Any


class BenchError(RuntimeError):
    """The benchmark cannot give a result; the message says why."""


def claim_stdout() -> IO[str]:
    """The protocol's stream: the real stdout. What libraries print goes to stderr."""
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    return proto


class WorkerProcess:
    """`command` run with `env` in `cwd`, its stderr in `log`; `name` in error messages.
    Its first reply (the `ready` event, or whatever `first` names) is kept as `info`."""

    def __init__(
        self,
        name: str,
        command: list[str],
        env: dict[str, str],
        cwd: Path,
        log: Path,
        first: str | None = "ready",
    ) -> None:
        self.name = name
        self.log = log
        self.log_file = log.open("w")
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log_file,
            text=True,
            bufsize=1,
            env=env,
            cwd=cwd,
        )
        self.info = self.reply(first)

    def reply(self, event: str | None) -> dict[str, Any]:
        """The worker's next reply, which must be `event` (any, with None)."""
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            tail = "\n".join(self.log.read_text(errors="replace").splitlines()[-30:])
            raise BenchError(
                f"the {self.name} worker ended (exit code {self.proc.returncode}) before "
                f"replying '{event}'; the end of its log {self.log}:\n{tail}"
            )
        reply = json.loads(line)
        if event is not None and reply.get("event") != event:
            raise BenchError(f"the {self.name} worker replied {reply!r}, expected '{event}'")
        return reply

    def ask(self, command: str, event: str | None) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self.reply(event)

    def close(self) -> None:
        if self.proc.poll() is None and self.proc.stdin is not None:
            with contextlib.suppress(BrokenPipeError):
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log_file.close()
