"""App tests run offscreen with throwaway settings."""

import gc
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path, monkeypatch):
    # QSettings and run folders go to a temp dir, never the developer's real ones.
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture(autouse=True, scope="package")
def _automatic_gc_after_app_tests():
    # The app moves garbage collection onto the GUI thread's timer (qt_compat); tests
    # outside tests/app run no event loop, so give them automatic collection back.
    yield
    from studio.app import qt_compat

    if qt_compat._collector is not None:
        qt_compat._collector.stop()
    gc.enable()
