"""The window's system libraries: what the linker lacks is named as packages to install."""

import subprocess
import sys

import pytest

from studio.app.shell import system_libraries
from studio.cli import main as cli

LDD_OUTPUT = """\
\tlinux-vdso.so.1 (0x00007ffc)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => /lib/x86_64-linux-gnu/libxcb-icccm.so.4 (0x00007f64)
\tlibxkbcommon-x11.so.0 => not found
\tlibweird.so.9 => not found
"""


@pytest.fixture
def fake_ldd(monkeypatch):
    monkeypatch.setattr(system_libraries.sys, "platform", "linux")
    monkeypatch.setattr(system_libraries.shutil, "which", lambda name: "/usr/bin/ldd")

    def run(args, **kwargs):
        return subprocess.CompletedProcess(args, 0, stdout=LDD_OUTPUT, stderr="")

    monkeypatch.setattr(system_libraries.subprocess, "run", run)


def test_missing_libraries_are_named_with_the_packages_that_provide_them(fake_ldd, tmp_path):
    plugin = tmp_path / "libqxcb.so"
    plugin.write_bytes(b"")
    missing = system_libraries.missing_libraries([plugin, plugin])
    assert missing == ["libxcb-cursor.so.0", "libxkbcommon-x11.so.0", "libweird.so.9"]
    text = system_libraries.advice(missing)
    assert "sudo apt install libxcb-cursor0 libxkbcommon-x11-0" in text
    assert "libweird.so.9" in text and "command line" in text


def test_the_gui_command_says_what_to_install_instead_of_a_qt_abort(monkeypatch, capsys):
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(system_libraries, "missing_libraries", lambda: ["libxcb-cursor.so.0"])
    assert cli.main(["gui"]) == 2
    err = capsys.readouterr().err
    assert "libxcb-cursor.so.0" in err and "sudo apt install libxcb-cursor0" in err


def test_offscreen_needs_no_x11_libraries(monkeypatch):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.setattr(system_libraries, "missing_libraries", lambda: ["libxcb.so.1"])
    assert system_libraries.window_can_start() is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the xcb plugin is Linux's")
def test_the_check_finds_the_real_plugin_of_this_install():
    files = system_libraries.xcb_plugin_files()
    assert [f.name for f in files][:1] == ["libqxcb.so"]
    assert any(f.name.startswith("libQt6XcbQpa.so") for f in files)
