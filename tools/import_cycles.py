"""Find import circles among a package's modules, imports inside functions counted.

    python tools/import_cycles.py [studio]

import-linter's contracts see the imports a module makes, but a circle closed by an import
inside a function (written there to dodge the circle at load time) is a circle still: the
two modules cannot be understood, tested or moved apart. This reads every module's source,
takes each `import` and `from ... import` wherever it stands (a function, a method, a
try), except those under `if TYPE_CHECKING:` (annotations, never run), and prints each
group of modules that reach one another, with the lines that close it. Exit status 1 when
there is one.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Edge:
    source: str  # the importing module
    target: str  # the module imported (a submodule when the name is one)
    line: int


def modules(package: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every module of the package folder."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _runs(tree: ast.Module) -> Iterator[ast.AST]:
    """Every node of the module but those under `if TYPE_CHECKING:`."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def edges(found: dict[str, Path]) -> list[Edge]:
    def known(name: str) -> str | None:
        while name and name not in found:
            name = name.rpartition(".")[0]
        return name or None

    out = []
    for name, path in found.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _runs(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the package, up level - 1
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                targets = [f"{base}.{alias.name}" for alias in node.names] or [base]
                targets = [t if t in found else base for t in targets]
            for target in targets:
                module = known(target)
                if module and module != name:
                    out.append(Edge(name, module, node.lineno))
    return out


def circles(found: dict[str, Path]) -> list[list[str]]:
    """The groups of two or more modules that import one another (Tarjan's strongly
    connected components), each sorted."""
    graph: dict[str, set[str]] = {name: set() for name in found}
    for edge in edges(found):
        graph[edge.source].add(edge.target)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(graph)))
    tarjan = _Tarjan(graph)
    for node in graph:
        if node not in tarjan.index:
            tarjan.visit(node)
    return [sorted(group) for group in tarjan.groups if len(group) > 1]


class _Tarjan:
    """Tarjan's algorithm over `graph`: `visit` each node not yet indexed, then `groups`
    holds every strongly connected component (a lone module is one of its own)."""

    def __init__(self, graph: dict[str, set[str]]) -> None:
        self.graph = graph
        self.index: dict[str, int] = {}
        self.low: dict[str, int] = {}
        self.stack: list[str] = []
        self.on_stack: set[str] = set()
        self.groups: list[list[str]] = []

    def visit(self, node: str) -> None:
        index, low = self.index, self.low
        index[node] = low[node] = len(index)
        self.stack.append(node)
        self.on_stack.add(node)
        for nxt in self.graph[node]:
            if nxt not in index:
                self.visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in self.on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            self.groups.append(self._pop_to(node))

    def _pop_to(self, node: str) -> list[str]:
        """The stack's modules down to `node`: one component."""
        group = []
        while True:
            top = self.stack.pop()
            self.on_stack.discard(top)
            group.append(top)
            if top == node:
                return group


def main(argv: list[str]) -> int:
    package = Path(argv[0] if argv else "studio")
    found = modules(package)
    groups = circles(found)
    all_edges = edges(found)
    for group in groups:
        members = set(group)
        print(f"circle of {len(group)} modules:")
        for edge in all_edges:
            if edge.source in members and edge.target in members:
                print(f"  {found[edge.source]}:{edge.line}: {edge.source} -> {edge.target}")
    if not groups:
        print(f"no import circle among the {len(found)} modules of {package}")
    return 1 if groups else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
