"""The engine never imports Qt: it runs headless, in tests and under torchrun."""

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "studio" / "core"
FORBIDDEN = ("PySide6", "pyqtgraph", "shiboken6", "studio.app", "PyQt5", "PyQt6")


def test_no_core_module_names_qt():
    offenders = []
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.startswith(FORBIDDEN)]
    assert offenders == []


def test_importing_the_engine_loads_no_qt():
    code = (
        "import sys, studio.core.catalogue, studio.core.grpo, studio.core.training.loop.trainer;"
        "import studio.cli.main;"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph', 'shiboken6'))];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
