"""The child of tests/test_bounded_resources.py: runs command lines, each in a process of
its own whose address space is held to 1 GB above what the imports took, and prints one
JSON line per command (how it ended, its stderr, its time).

    python tests/support/bounded_child.py CASES.json

CASES.json is a list of argument lists. The imports (torch, onnx, onnxruntime, the
studio) happen once, here; each command runs in a fork of this process, which sets the
limit and calls the CLI's main. Why RLIMIT_AS above a measured baseline rather than 1 GB
flat or RLIMIT_DATA: importing torch alone maps well over 1 GB of address space (shared
libraries, reserved arenas), so a flat 1 GB would fail the import and test nothing; and
RLIMIT_DATA is not what the studio reads to know its bound (files.memory_left reads
RLIMIT_AS), so a file refused under RLIMIT_AS is refused for the reason a user with
`ulimit -v` meets. Counting from the baseline gives every command the same 1 GB to spend
on what it reads.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time

LIMIT = 1024**3  # bytes of address space a command may add to what the imports mapped
PATIENCE = 60.0  # seconds before a command that has not ended is killed (and reported)


def vms() -> int:
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def wait_or_kill(pid: int, patience: float) -> tuple[int, bool]:
    """A child's wait status, killed first if it has not ended within `patience` seconds,
    and whether it ended by itself."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status, True
        time.sleep(0.02)
    os.kill(pid, 9)
    return os.waitpid(pid, 0)[1], False


def run_limited(argv: list[str]) -> dict:
    """argv run by the CLI in a fork held to LIMIT above this process's address space."""
    err_path = f"/tmp/bounded-child-{os.getpid()}-{time.monotonic_ns()}.err"
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the command's own process: nothing here returns
        code = 70
        try:
            fd = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(fd, 2)
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            sys.stderr = os.fdopen(2, "w", buffering=1)
            baseline = vms()
            resource.setrlimit(resource.RLIMIT_AS, (baseline + LIMIT, baseline + LIMIT))
            from studio.cli.main import main

            code = main(argv)
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
        except BaseException:  # a traceback is a failure the test shows
            import traceback

            traceback.print_exc()
            code = 71
        finally:
            sys.stderr.flush()
            os._exit(code)
    status, _ = wait_or_kill(pid, PATIENCE)
    seconds = time.monotonic() - started
    with open(err_path, encoding="utf-8", errors="replace") as f:
        err = f.read()
    os.unlink(err_path)
    signal = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    return {"argv": argv, "code": code, "signal": signal, "seconds": seconds, "err": err}


def import_the_studio() -> None:
    """Every module of the studio but the window's, so that a command's time is its work
    on the file and not the imports the CLI leaves until a command needs them."""
    import importlib
    import pkgutil

    import torch._inductor  # noqa: F401  (training's first call to torch imports it: 8 s)

    import studio

    for module in pkgutil.walk_packages(studio.__path__, "studio."):
        if module.name.startswith(("studio.app", "studio.__main__")):
            continue
        try:
            importlib.import_module(module.name)
        except Exception:  # an optional part (a GPU library) missing here: not needed
            continue


def main() -> None:
    import onnx  # noqa: F401  (imported once here: the forks share them)
    import onnxruntime  # noqa: F401
    import torch

    torch.set_num_threads(1)
    import_the_studio()
    with open(sys.argv[1], encoding="utf-8") as f:
        cases = json.load(f)
    print(json.dumps({"baseline": vms(), "limit": LIMIT}), flush=True)
    for argv in cases:
        print(json.dumps(run_limited(argv)), flush=True)


if __name__ == "__main__":
    main()
