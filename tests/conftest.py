import os
import signal

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
    """A tiny translation run and its ONNX export (tiny_runs.make_translation_run), made
    once for the tests that only read it."""
    from tiny_runs import make_translation_run

    return make_translation_run(tmp_path_factory.mktemp("translation"))


@pytest.fixture(scope="session")
def translation_model(translation_run):
    """(config, task, model) of translation_run."""
    from studio.core.runs.loading import load_trained

    return load_trained(translation_run)
