import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_configure(config):
    # Tiny test models gain nothing from a second thread, and on a shared 2-core machine
    # two threads contending made optimizer steps ~10x slower.
    import torch

    torch.set_num_threads(1)


def pytest_collection_modifyitems(config, items):
    """Tests marked `cuda` need a CUDA GPU; without one they are skipped, saying why."""
    import torch

    if torch.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU")
    for item in items:
        if "cuda" in item.keywords:
            item.add_marker(skip)
