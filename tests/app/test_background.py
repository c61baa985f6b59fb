"""A slow job whose window closed before it ended (its relay deleted with the window's
objects at exit) ends without a traceback on the terminal."""

from __future__ import annotations

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
