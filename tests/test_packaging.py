"""Every package of the studio ships: pyproject lists packages explicitly (package-dir maps
presets/ and resources/ into studio.*, which setuptools' find() would miss)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_under_studio_is_listed_in_pyproject():
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    on_disk = {
        ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "studio").rglob("__init__.py")
    }
    assert on_disk <= listed, f"add to pyproject packages: {sorted(on_disk - listed)}"
    assert {"studio.presets", "studio.resources"} <= listed
