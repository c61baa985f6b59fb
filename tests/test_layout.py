"""The tests keep studio/'s layout: a test file sits in the folder of the package it tests
(tests/core/runs/ for studio/core/runs/, this folder for the studio as a whole), every
folder is a package, and no module of the tests imports a test module: what tests share
is in helpers.py, or in support/ (data tables and programs run in a child process)."""

import ast
from pathlib import Path

import pytest

from tests.helpers import ROOT

TESTS = ROOT / "tests"
STUDIO = ROOT / "studio"
SUPPORT = TESTS / "support"


def folders() -> list[Path]:
    """tests/ and every folder under it."""
    found = [TESTS, *(p for p in TESTS.rglob("*") if p.is_dir())]
    return [p for p in found if "__pycache__" not in p.parts and not p.name.startswith(".")]


def test_every_folder_of_tests_mirrors_a_package_of_the_studio():
    strays = [
        str(folder.relative_to(ROOT))
        for folder in folders()
        if folder != SUPPORT
        and SUPPORT not in folder.parents
        and not (STUDIO / folder.relative_to(TESTS) / "__init__.py").is_file()
    ]
    assert strays == [], (
        "these folders mirror no package of studio/: put each test file in the folder of "
        f"the package it tests (shared code goes to tests/helpers.py): {strays}"
    )


def test_support_holds_no_tests_and_every_folder_is_a_package():
    assert sorted(p.name for p in SUPPORT.glob("test_*.py")) == []
    # two folders may hold test files of one name: each is known by its package's path
    assert [str(f.relative_to(ROOT)) for f in folders() if not (f / "__init__.py").is_file()] == []


def imported(tree: ast.AST, package: str) -> set[str]:
    """Every module an import of `tree` may name (relative ones resolved from `package`),
    imports inside functions included: `from a.b import c` may name a.b and a.b.c."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}
    return names


def test_modules(names: set[str]) -> list[str]:
    return sorted(n for n in names if any(part.startswith("test_") for part in n.split(".")))


test_modules.__test__ = False  # a helper of this module, not a test


@pytest.mark.parametrize(
    ("source", "named"),
    [
        ("from tests.app.shell.test_main_window import make_window", True),
        ("from tests.core.runs import test_runs", True),
        ("from test_trainer import tiny_config", True),
        ("def f():\n    import tests.cli.test_cli\n", True),
        ("from .test_chrf import text", True),
        ("from tests.helpers import make_run", False),
        ("from tests.support.servers import call", False),
        ("import torch.testing", False),
    ],
    ids=[
        "from-a-test",
        "a-test-itself",
        "by-basename",
        "in-a-function",
        "relative",
        "helpers",
        "support",
        "torch-testing",
    ],
)
def test_an_import_of_a_test_module_is_found(source, named):
    found = test_modules(imported(ast.parse(source), "tests.core.tasks"))
    assert bool(found) is named, found


def test_no_module_of_the_tests_imports_a_test_module():
    offenders = {}
    for path in sorted(TESTS.rglob("*.py")):
        package = ".".join(path.parent.relative_to(ROOT).parts)
        found = test_modules(imported(ast.parse(path.read_text(encoding="utf-8")), package))
        if found:
            offenders[str(path.relative_to(ROOT))] = found
    assert offenders == {}, (
        f"a test module imports another; move what they share to tests/helpers.py: {offenders}"
    )
