"""Where the studio's icon and stylesheet are: the package's resources, or the repository's."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve()
# Installed: studio/resources/ (package data). From a checkout: resources/ at the top.
_CANDIDATES = (_HERE.parents[2] / "resources", _HERE.parents[3] / "resources")


def resource(name: str) -> Path:
    """The path of a resource file; the first candidate's path if none has it."""
    for folder in _CANDIDATES:
        if (folder / name).is_file():
            return folder / name
    return _CANDIDATES[0] / name


def icon_path() -> Path:
    return resource("icon.png")


def stylesheet() -> str:
    """The light theme, or no styling if the file is missing (the app still works)."""
    path = resource("theme.qss")
    return path.read_text(encoding="utf-8") if path.is_file() else ""
