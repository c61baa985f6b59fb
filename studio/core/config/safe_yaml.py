"""YAML from someone else, read within bounds: what every preset, lesson, run config.yaml
and `--set` value goes through.

`yaml.safe_load` builds no objects but plain values, yet two kinds of file still exhaust
the machine. An alias bomb ("billion laughs": an anchor holding ten aliases of the one
before, nine deep) composes into a few dozen nodes that share each other; anything that
walks the loaded value (a check, an error message quoting it) walks 10^9 of them. A
mapping or list nested thousands deep ends in a RecursionError in the composer or in
whatever walks it. Here the composer counts as it goes: the values the document holds
once every alias is expanded (an alias counts the whole value it repeats), and how deep
it nests. A document past either bound is refused at the line where it crossed it, before
anything is constructed; an alias that repeats a value holding it (which never ends) too.

A preset is a few hundred values, four levels deep; the bounds are far above that.
"""

from __future__ import annotations

from typing import Any

import yaml

MAX_DEPTH = 50  # levels of nesting a document may have (a preset has four)
MAX_VALUES = 100_000  # values once every alias is expanded (a preset has a few hundred)


class YamlRefused(yaml.YAMLError):
    """A document past the bounds: `problem` says which and `line` (1-based) where."""

    def __init__(self, problem: str, mark: Any) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line: int | None = mark.line + 1 if mark is not None else None

    def __str__(self) -> str:
        return (f"line {self.line}: " if self.line else "") + self.problem


class BoundedLoader(yaml.SafeLoader):
    """SafeLoader whose composer counts expanded values and nesting (see the module)."""

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self._depth = 0
        self._values = 0
        self._aliased = False  # whether an alias was expanded (the message says so)
        self._sizes: dict[int, int] = {}  # id(node) -> values it holds, once composed

    def _count(self, n: int, mark: Any) -> None:
        self._values += n
        if self._values > MAX_VALUES:
            how = (
                "its aliases (*name) expand to more than" if self._aliased else "it holds more than"
            )
            raise YamlRefused(
                f"{how} {MAX_VALUES:,} values, far more than a preset holds (a few "
                "hundred): made to exhaust memory, and refused before expanding them",
                mark,
            )

    def compose_document(self) -> Any:
        self._depth, self._values, self._aliased, self._sizes = 0, 0, False, {}
        return super().compose_document()

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            node = self.anchors.get(event.anchor)
            if node is not None:
                size = self._sizes.get(id(node))
                if size is None:  # composed yet unfinished: an ancestor of this alias
                    raise YamlRefused(
                        f"the alias *{event.anchor} repeats a value that holds it, which "
                        "never ends; remove the alias",
                        event.start_mark,
                    )
                self._aliased = True
                self._count(size, event.start_mark)
            return super().compose_node(parent, index)  # an undefined alias: yaml's error
        mark = self.peek_event().start_mark
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise YamlRefused(
                f"nested more than {MAX_DEPTH} levels deep (a preset is four): made to "
                "exhaust the stack, or damaged",
                mark,
            )
        before = self._values
        self._count(1, mark)
        node = super().compose_node(parent, index)
        self._depth -= 1
        self._sizes[id(node)] = self._values - before
        return node


def load(text: str) -> Any:
    """The value of one YAML document, within the bounds; yaml.YAMLError (YamlRefused
    past them) otherwise."""
    loader = BoundedLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()
