"""torch's compiler, imported one thread at a time.

torch imports its compiler (torch._dynamo and torch._inductor) on first use: the first
optimizer step, `torch.use_deterministic_algorithms`, an ONNX export. The two packages
import each other, so two threads importing them at once can each hold the half the
other waits for; Python then raises ImportError ("partially initialized module") in one
of them. In the window a data check's time measurement and a run started beside it did
that about one time in three. A thread that may be the first to use them calls
`import_torch_compiler` before it touches torch.

A process forked while another thread held the lock (a data loader's worker, a test's
fork) gets a fresh one: the thread that would release it does not exist there.
"""

from __future__ import annotations

import os
import threading

_lock = threading.Lock()


def _fresh_lock_in_child() -> None:
    global _lock
    _lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_fresh_lock_in_child)


def import_torch_compiler() -> None:
    """Import torch._dynamo and torch._inductor (about a second, once per process)."""
    with _lock:
        import torch._dynamo
        import torch._inductor.config  # noqa: F401
