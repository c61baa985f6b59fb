"""Jobs off the GUI thread: one whose window closed before it ended (its relay deleted
with the window's objects at exit) ends without a traceback on the terminal; two that
first use torch's compiler at once both succeed."""

from __future__ import annotations

import subprocess
import sys
import threading

import shiboken6

from studio.app.common import background


def test_a_job_outliving_its_window_ends_quietly(qapp, capfd):
    release, got = threading.Event(), []
    background.run_in_background(release.wait, got.append, lambda *error: got.append(error))
    (relay,) = background._alive
    shiboken6.delete(relay)  # what closing the window and quitting does to it
    background._alive.clear()
    release.set()
    assert background.wait_for_background(10_000)
    qapp.processEvents()
    assert got == [] and "Traceback" not in capfd.readouterr().err


# Two jobs that first use torch's compiler at the same moment, in a fresh process (where
# torch has not imported it yet): one asks for deterministic kernels, as a run's start does,
# the other takes an optimizer step, as a data check's time measurement does. Imported at
# once, its two packages deadlock on each other (ImportError in one job about half the time).
RACE = """
import sys, threading, torch
from PySide6.QtCore import QCoreApplication
from studio.app.common.background import run_in_background, wait_for_background
app = QCoreApplication([])
barrier, failed = threading.Barrier(2, timeout=60), []
def deterministic():
    barrier.wait()
    torch.use_deterministic_algorithms(True, warn_only=True)
def optimizer_step():
    barrier.wait()
    layer = torch.nn.Linear(2, 2)
    optimizer = torch.optim.AdamW(layer.parameters())
    layer(torch.ones(1, 2)).sum().backward()
    optimizer.step()
for job in (deterministic, optimizer_step):
    run_in_background(job, lambda _: None, lambda message, _: failed.append(message))
assert wait_for_background(120_000)
app.processEvents()
print(failed)
"""


def test_jobs_first_using_torchs_compiler_at_once_both_succeed():
    for _ in range(3):  # a race: each try catches it about half the time without the lock
        done = subprocess.run(
            [sys.executable, "-c", RACE], capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "[]", done.stdout
