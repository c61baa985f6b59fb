"""Which system libraries Qt's X11 window plugin lacks, named as packages to install.

PySide6 ships Qt itself but not the X11 client libraries its `xcb` platform plugin links
against (libxcb-cursor0 and a dozen others on Debian and Ubuntu). Without one of them
Qt aborts at start with a message that names the plugin, not the missing library. This
module asks the dynamic linker (`ldd`) which libraries the plugin cannot find and names
the Debian/Ubuntu packages that provide them, so `grpo-studio` and the installer can
say exactly what to install. It imports nothing of Qt: it must work where Qt cannot.

`python -m studio.app.shell.system_libraries` prints the check (exit status 1 when something
is missing); the installer runs it.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

# library file (soname) -> the Debian/Ubuntu package that provides it
DEBIAN_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
}
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)


def xcb_plugin_files() -> list[Path]:
    """The X11 platform plugin and the Qt library behind it, inside the PySide6 install."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return []
    qt = Path(next(iter(spec.submodule_search_locations))) / "Qt"
    candidates = [
        qt / "plugins" / "platforms" / "libqxcb.so",
        *sorted(qt.glob("lib/libQt6XcbQpa.so*")),
    ]
    return [p for p in candidates if p.is_file()]


def missing_libraries(files: list[Path] | None = None) -> list[str]:
    """Sonames the dynamic linker cannot find for `files` (default: the xcb plugin); empty
    where nothing is missing or the check cannot run (not Linux, no ldd)."""
    if not sys.platform.startswith("linux") or shutil.which("ldd") is None:
        return []
    missing: list[str] = []
    for path in xcb_plugin_files() if files is None else files:
        try:
            out = subprocess.run(
                ["ldd", str(path)], capture_output=True, text=True, timeout=20, check=False
            ).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        missing += [name for name in _NOT_FOUND.findall(out) if name not in missing]
    return missing


def advice(missing: list[str]) -> str:
    """What to tell the person: the missing libraries and the command that installs them."""
    packages = sorted({DEBIAN_PACKAGES[m] for m in missing if m in DEBIAN_PACKAGES})
    unknown = [m for m in missing if m not in DEBIAN_PACKAGES]
    lines = [
        "The studio window needs system libraries that are not installed: "
        + ", ".join(missing)
        + "."
    ]
    if packages:
        lines.append("On Debian or Ubuntu: sudo apt install " + " ".join(packages))
    if unknown:
        lines.append(
            "Install the packages providing " + ", ".join(unknown) + " with your system's "
            "package manager."
        )
    lines.append("The command line (grpo-studio train, eval, export...) works without them.")
    return "\n".join(lines)


def window_can_start() -> str | None:
    """None when the window can open (or another platform than X11 is chosen); else the
    message that names what to install."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb"):
        return None  # offscreen, wayland...: the xcb plugin is not loaded
    missing = missing_libraries()
    return advice(missing) if missing else None


if __name__ == "__main__":
    problem = window_can_start()
    print(problem or "The studio window has every system library it needs.")
    raise SystemExit(1 if problem else 0)
