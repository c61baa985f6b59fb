"""torch's compiler, imported one thread at a time.

torch imports its compiler (torch._dynamo and torch._inductor) on first use: the first
optimizer step, `torch.use_deterministic_algorithms`, an ONNX export. The two packages
import each other, so two threads importing them at once can each hold the half the
other waits for; Python then raises ImportError ("partially initialized module") in one
of them. In the window a data check's time measurement and a run started beside it did
that about one time in three. A thread that may be the first to use them calls
`import_torch_compiler` before it touches torch.
"""

from __future__ import annotations

import threading

_lock = threading.Lock()


def import_torch_compiler() -> None:
    """Import torch._dynamo and torch._inductor (about a second, once per process)."""
    with _lock:
        import torch._dynamo
        import torch._inductor.config  # noqa: F401
