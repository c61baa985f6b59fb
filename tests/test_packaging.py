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


def test_the_wheel_carries_presets_lessons_and_resources(tmp_path):
    import subprocess
    import sys
    import zipfile

    pip_wheel = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    out = subprocess.run(
        [*pip_wheel, "-q", str(ROOT), "-w", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"studio/presets/{p.name}" for p in (ROOT / "presets").glob("*.yaml")}
    shipped |= {
        f"studio/presets/lessons/{p.name}" for p in (ROOT / "presets/lessons").glob("*.yaml")
    }
    shipped |= {f"studio/resources/{p.name}" for p in (ROOT / "resources").glob("*.qss")}
    # the warm starts a quick lesson starts from (a pip install without them: the lesson
    # card warns and Start refuses)
    warm_starts = {
        f"studio/presets/warm_starts/{p.name}" for p in (ROOT / "presets/warm_starts").glob("*.pt")
    }
    assert warm_starts, "presets/warm_starts/ holds no warm start"
    shipped |= warm_starts
    assert shipped <= names, sorted(shipped - names)
