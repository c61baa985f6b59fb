"""torch's compiler imported one thread at a time, and a fork taken meanwhile is not
left waiting for a thread it does not have."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from studio.core.machine import torch_imports
from tests.support.bounded_child import wait_or_kill


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork")
def test_a_fork_taken_while_another_thread_imports_can_import_too():
    holding, release = threading.Event(), threading.Event()

    def import_slowly() -> None:  # the lock held as a long first import holds it
        with torch_imports._lock:
            holding.set()
            release.wait(60)

    thread = threading.Thread(target=import_slowly)
    thread.start()
    try:
        assert holding.wait(10)
        pid = os.fork()
        if pid == 0:  # the child: nothing here returns
            code = 1
            try:
                torch_imports.import_torch_compiler()
                code = 0
            finally:
                os._exit(code)
        status, ended = wait_or_kill(pid, 60)
        assert ended, "the forked child waited on a lock no thread of its own held"
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    finally:
        release.set()
        thread.join()
