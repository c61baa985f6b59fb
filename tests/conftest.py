import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


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
