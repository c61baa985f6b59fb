"""No function of studio/ or tools/ is over 80 lines (tools/function_lengths.py); ruff's
C901 bounds their paths."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import function_lengths  # noqa: E402


def test_no_function_of_the_studio_is_over_80_lines():
    found = function_lengths.long_functions([ROOT / "studio", ROOT / "tools"])
    assert [f"{f.path.relative_to(ROOT)}:{f.line} {f.name} {f.lines}" for f in found] == []


def function(name: str, lines: int, indent: str = "") -> str:
    """Source of a function of `lines` lines, its `def` line included."""
    body = "".join(f"{indent}    x = {i}\n" for i in range(lines - 1))
    return f"{indent}def {name}(*args):\n{body}"


def test_a_long_function_and_a_long_method_are_found(tmp_path):
    (tmp_path / "a.py").write_text(
        function("at_the_bound", 80)
        + function("long", 81)
        + "class C:\n"
        + function("method", 82, indent="    ")
    )
    found = function_lengths.long_functions([tmp_path])
    assert [(f.name, f.lines, f.line) for f in found] == [("method", 82, 163), ("long", 81, 81)]
