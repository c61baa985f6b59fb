import os
import signal
import sys
import threading
import time

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Tests started in the background by a non-interactive shell (`cmd &`) inherit Ctrl-C
# ignored, and so would every command they run: the tests that send a command Ctrl-C
# would then wait for nothing. Heard here, a child starts with it heard too.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def one_thread() -> None:
    # Tiny test models gain nothing from a second thread, and on a shared 2-core machine
    # two threads contending made optimizer steps ~10x slower.
    import torch

    torch.set_num_threads(1)


def pytest_configure(config):
    one_thread()  # before any fixture, module-scoped ones included
    # torch's compiler, imported once per test process before any test: the first
    # background job or trainer would import it otherwise (1.5 s here, more on a slower
    # machine), inside the time limits of whichever test came first
    # (tests/app/common/test_background.py races the first import in a process of its own)
    from studio.core.machine.torch_imports import import_torch_compiler

    import_torch_compiler()
    if not hasattr(config, "workerinput"):  # the process that reports (xdist's controller)
        _reporting.set()
        threading.Thread(target=_watch, daemon=True).start()


# CI shows the start of a long log, and the summary at its end may never come (a hang):
# in the process that reports (xdist's controller), a failure is named the moment it
# happens, and a test still running long after its time limit every few minutes.
_reporting = threading.Event()
_running: dict[str, float] = {}  # nodeid -> when it started
_told: dict[str, float] = {}  # nodeid -> when it was last named as still running
_last_report = [time.monotonic()]
LONG_S = 420.0  # past pytest-timeout's 300 s: something it could not stop


def _watch() -> None:
    while True:
        time.sleep(30)
        now = time.monotonic()
        if not _running and now - _last_report[0] > LONG_S:
            _last_report[0] = now
            sys.stderr.write(
                "\nNO TEST RUNNING OR REPORTED for 7 min: a worker stuck at its exit?\n"
            )
            sys.stderr.flush()
        for nodeid, since in list(_running.items()):
            if now - since > LONG_S and now - _told.get(nodeid, since) > LONG_S:
                _told[nodeid] = now
                sys.stderr.write(f"\nSTILL RUNNING after {(now - since) / 60:.0f} min: {nodeid}\n")
                sys.stderr.flush()


def pytest_runtest_logstart(nodeid, location):
    if _reporting.is_set():
        _running[nodeid] = time.monotonic()


def pytest_runtest_logreport(report):
    if not _reporting.is_set():
        return
    _last_report[0] = time.monotonic()
    if report.when == "teardown":
        _running.pop(report.nodeid, None)
    if report.failed:
        crash = getattr(report.longrepr, "reprcrash", None)
        why = crash.message.splitlines()[0][:300] if crash and crash.message else ""
        sys.stderr.write(f"\nFAILED {report.nodeid} ({report.when}): {why}\n")
        sys.stderr.flush()


@pytest.fixture(autouse=True)
def one_thread_per_test():
    one_thread()  # again: a test's Trainer (training.threads) may have changed it


def pytest_collection_modifyitems(config, items):
    """Tests marked `cuda` need a CUDA GPU; without one they are skipped, saying why."""
    import torch

    if torch.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU")
    for item in items:
        if "cuda" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def translation_run(tmp_path_factory):
    """A tiny translation run and its ONNX export (helpers.make_translation_run), made
    once for the tests that only read it."""
    from tests.helpers import make_translation_run

    return make_translation_run(tmp_path_factory.mktemp("translation"))


@pytest.fixture(scope="session")
def translation_model(translation_run):
    """(config, task, model) of translation_run."""
    from studio.core.runs.loading import load_trained

    return load_trained(translation_run)
