"""installer/install.sh: its refusals (fast) and a real install into a fresh environment (slow).

The slow test runs the installer as a user would, under a temporary HOME: it creates the
environment, installs torch==2.13.0 (the CPU build on local disk) and the studio from this
repository, checks the commands and the desktop entry, re-runs it (an upgrade in place),
then uninstalls and checks the home folder is exactly as it was before.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
INSTALL_SH = REPO / "installer" / "install.sh"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="install.sh is for Linux/macOS")


def run_installer(
    *args: str, home: Path, extra_env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GRPO_STUDIO_", "XDG_"))}
    # Keep pip's download cache outside the temporary home so re-runs of the test are quick
    # and the home folder holds only what the installer itself adds.
    env.setdefault("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip"))
    # Tools found on PATH keep their own state in the real home (rustup's proxies, when
    # pip's build touches them, would otherwise write ~/.rustup into the test's home).
    for name, folder in (("RUSTUP_HOME", ".rustup"), ("CARGO_HOME", ".cargo")):
        env.setdefault(name, str(Path.home() / folder))
    env["HOME"] = str(home)
    env.update(extra_env or {})
    return subprocess.run(
        ["bash", str(INSTALL_SH), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def fake_python(folder: Path, name: str, version: str) -> Path:
    """A stand-in interpreter that reports an old version."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"#!/bin/sh\necho {version}\n")
    path.chmod(0o755)
    return path


def tree(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


def test_old_python_given_is_refused_with_the_fix(tmp_path):
    old = fake_python(tmp_path / "bin", "python3", "3.10")
    home = tmp_path / "home"
    home.mkdir()
    out = run_installer("--python", str(old), home=home)
    assert out.returncode == 1
    assert "needs Python 3.11 or newer" in out.stderr and "is 3.10" in out.stderr
    assert "--python" in out.stderr
    assert tree(home) == set()


def test_no_new_enough_python_on_path_lists_what_was_found(tmp_path):
    fake_bin = tmp_path / "bin"
    for name, version in [("python3", "3.9"), ("python3.11", "3.8"), ("python3.12", "2.7")]:
        fake_python(fake_bin, name, version)
    # Shadow every python the search tries; the system tools stay reachable.
    fake_python(fake_bin, "python3.13", "3.10")
    home = tmp_path / "home"
    home.mkdir()
    out = run_installer(home=home, extra_env={"PATH": f"{fake_bin}:/usr/bin:/bin"})
    assert out.returncode == 1
    assert "found: python3 (3.9) python3.13 (3.10) python3.12 (2.7) python3.11 (3.8)" in out.stderr
    assert tree(home) == set()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--torch", "gpu"], "--torch must be auto, cpu, cuda or skip, got 'gpu'"),
        (["--frobnicate"], "unknown option '--frobnicate'"),
        (["--prefix"], "--prefix needs a value"),
        (["--source", "/no/such/folder"], "--source /no/such/folder does not exist"),
    ],
)
def test_bad_options_are_named(tmp_path, args, message):
    home = tmp_path / "home"
    home.mkdir()
    out = run_installer("--python", sys.executable, *args, home=home)
    assert out.returncode == 1
    assert message in out.stderr
    assert tree(home) == set()


def test_source_folder_without_pyproject_is_refused(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    out = run_installer("--python", sys.executable, "--source", str(tmp_path), home=home)
    assert out.returncode == 1
    assert "has no pyproject.toml" in out.stderr


def test_uninstall_without_an_install_removes_nothing(tmp_path):
    home = tmp_path / "home"
    (home / "keep").mkdir(parents=True)
    out = run_installer("--uninstall", home=home)
    assert out.returncode == 0
    assert "nothing to remove" in out.stdout
    assert tree(home) == {"keep"}


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_install_upgrade_uninstall_in_a_fresh_environment(tmp_path):
    home = tmp_path / "home"
    # Things the user already has: the installer must leave them as they are.
    apps = home / ".local" / "share" / "applications"
    apps.mkdir(parents=True)
    (apps / "editor.desktop").write_text("[Desktop Entry]\nName=Editor\n")
    before = tree(home)
    env = {"GRPO_STUDIO_TORCH": "torch==2.13.0", "GRPO_STUDIO_TORCH_INDEX": "default"}
    args = ("--python", sys.executable)

    out = run_installer(*args, home=home, extra_env=env, timeout=800)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "PyTorch build: cpu" in out.stdout  # no NVIDIA driver on this machine

    prefix = home / ".local" / "share" / "grpo-studio"
    venv = prefix / "venv"
    presets = subprocess.run(
        [str(home / ".local" / "bin" / "grpo-studio"), "presets"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert presets.returncode == 0, presets.stderr
    assert "micro_gpt" in presets.stdout and "tiny_transformer" in presets.stdout
    torch_version = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import torch; print(torch.__version__)"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert torch_version.stdout.strip() == "2.13.0+cpu"

    entry = (apps / "grpo-studio.desktop").read_text()
    assert f'Exec="{venv}/bin/grpo-studio-gui"' in entry.splitlines()
    icon = home / ".local" / "share" / "icons" / "hicolor" / "256x256" / "apps" / "grpo-studio.png"
    assert f"Icon={icon}" in entry.splitlines()
    assert icon.read_bytes() == (REPO / "resources" / "icon.png").read_bytes()
    assert os.access(venv / "bin" / "grpo-studio-gui", os.X_OK)
    manifest = (prefix / "install-manifest.txt").read_text()

    # A second run upgrades the same environment in place and adds nothing new.
    again = run_installer(*args, home=home, extra_env=env, timeout=800)
    assert again.returncode == 0, again.stdout + again.stderr
    assert f"upgrading the environment in {venv}" in again.stdout
    assert (prefix / "install-manifest.txt").read_text() == manifest

    gone = run_installer("--uninstall", home=home, timeout=120)
    assert gone.returncode == 0, gone.stdout + gone.stderr
    assert tree(home) == before
    assert (apps / "editor.desktop").read_text() == "[Desktop Entry]\nName=Editor\n"
