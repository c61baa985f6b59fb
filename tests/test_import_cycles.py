"""No import circle in studio/, imports inside functions counted (tools/import_cycles.py)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import import_cycles  # noqa: E402


def test_studio_has_no_import_circle():
    found = import_cycles.modules(ROOT / "studio")
    assert len(found) > 200
    assert import_cycles.circles(found) == []


def test_a_circle_closed_inside_a_function_is_found(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def later():\n    from pkg import b\n")
    (package / "b.py").write_text("from pkg.a import later\n")
    # an annotation-only import does not close one
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.d import D\n"
    )
    (package / "d.py").write_text("from pkg import c\n")
    assert import_cycles.circles(import_cycles.modules(package)) == [["pkg.a", "pkg.b"]]
