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

A key written twice in one mapping is refused too, naming both lines: YAML would keep the
second silently, and the first would be blamed for what the second does (two variants of
an experiment "with the same settings" when one of them sets grpo.beta twice).
"""

from __future__ import annotations

from typing import Any

import yaml

from studio.core.messages import Message, say

MAX_DEPTH = 50  # levels of nesting a document may have (a preset has four)
MAX_VALUES = 100_000  # values once every alias is expanded (a preset has a few hundred)


class YamlRefused(yaml.YAMLError):
    """A document past the bounds: `problem` says which and `line` (1-based) where."""

    def __init__(self, problem: str, mark: Any) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line: int | None = mark.line + 1 if mark is not None else None

    def __str__(self) -> str:
        if self.line:
            return say("line {line}: {problem}", line=self.line, problem=self.problem)
        return self.problem


class DuplicateKey(yaml.constructor.ConstructorError):
    """A mapping that writes one key twice; `problem` names it and both lines."""


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
            raise YamlRefused(_too_many(self._aliased), mark)

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        """A mapping whose keys are each written once (a merge's `<<` aside: its keys may
        be set again below it)."""
        if isinstance(node, yaml.MappingNode):
            seen: dict[tuple[str, str], Any] = {}
            for key_node, _ in node.value:
                if not isinstance(key_node, yaml.ScalarNode) or key_node.tag.endswith(":merge"):
                    continue
                key = (key_node.tag, key_node.value)
                if key in seen:
                    raise DuplicateKey(
                        None, None, _twice(key_node.value, seen[key], key_node.start_mark),
                        key_node.start_mark,
                    )  # fmt: skip
                seen[key] = key_node.start_mark
        return super().construct_mapping(node, deep=deep)

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
                        say(
                            "the alias *{name} repeats a value that holds it, which never "
                            "ends; remove the alias",
                            name=event.anchor,
                        ),
                        event.start_mark,
                    )
                self._aliased = True
                self._count(size, event.start_mark)
            return super().compose_node(parent, index)  # an undefined alias: yaml's error
        mark = self.peek_event().start_mark
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise YamlRefused(
                say(
                    "nested more than {n} levels deep (a preset is four): made to exhaust the "
                    "stack, or damaged",
                    n=MAX_DEPTH,
                ),
                mark,
            )
        before = self._values
        self._count(1, mark)
        node = super().compose_node(parent, index)
        self._depth -= 1
        self._sizes[id(node)] = self._values - before
        return node


def _twice(key: str, first: Any, second: Any) -> Message:
    """A key written twice, where: two lines, or two columns of one (a flow mapping)."""
    if first.line == second.line:
        return say(
            "the key {key} is written twice in one mapping (line {line}, columns {first} and "
            "{second}); keep one",
            key=repr(key),
            line=first.line + 1,
            first=first.column + 1,
            second=second.column + 1,
        )
    return say(
        "the key {key} is written twice in one mapping (lines {first} and {second}); keep one",
        key=repr(key),
        first=first.line + 1,
        second=second.line + 1,
    )


def _too_many(aliased: bool) -> Message:
    if aliased:
        return say(
            "its aliases (*name) expand to more than {n} values, far more than a preset holds "
            "(a few hundred): made to exhaust memory, and refused before expanding them",
            n=f"{MAX_VALUES:,}",
        )
    return say(
        "it holds more than {n} values, far more than a preset holds (a few hundred): made "
        "to exhaust memory, and refused before expanding them",
        n=f"{MAX_VALUES:,}",
    )


def load(text: str) -> Any:
    """The value of one YAML document, within the bounds; yaml.YAMLError (YamlRefused
    past them) otherwise."""
    loader = BoundedLoader(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()
