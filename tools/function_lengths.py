"""List the functions longer than a bound, 80 lines unless told.

    python tools/function_lengths.py [--max 80] [studio tools]

ruff's C901 bounds how many paths a function has, not how long it is; a function past a
screen and a half is asking to be split along a seam too, so this counts each function's
lines (from its `def` to its last line, its docstring and any function nested in it
included), prints each one over the bound as `path:line name lines`, longest first, and
exits with status 1 when there is one.
"""

from __future__ import annotations

import argparse
import ast
import sys
from dataclasses import dataclass
from pathlib import Path

MAX_LINES = 80  # a screen and a half: past it a function does more than one thing


@dataclass(frozen=True)
class Long:
    path: Path
    line: int  # the line of its `def`
    name: str
    lines: int


def long_functions(roots: list[Path], max_lines: int = MAX_LINES) -> list[Long]:
    """Every function and method under `roots` (files or folders of .py files) longer
    than `max_lines`, longest first."""
    found = []
    for root in roots:
        for path in sorted(root.rglob("*.py")) if root.is_dir() else [root]:
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    lines = (node.end_lineno or node.lineno) - node.lineno + 1
                    if lines > max_lines:
                        found.append(Long(path, node.lineno, node.name, lines))
    return sorted(found, key=lambda long: -long.lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="*", type=Path, default=[Path("studio"), Path("tools")])
    parser.add_argument("--max", type=int, default=MAX_LINES, help="lines a function may have")
    args = parser.parse_args(argv)
    found = long_functions(args.roots, args.max)
    for long in found:
        print(f"{long.path}:{long.line} {long.name} {long.lines} lines")
    if not found:
        print(f"no function over {args.max} lines in {' '.join(map(str, args.roots))}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
