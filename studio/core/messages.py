"""What core says to a person: an English text that carries its id and its values.

studio.core never imports Qt, yet the window shows what core says in the user's language.
So core says each message with `say(template, **values)`. The result is a `Message`, a
str whose text is the template filled in (the English the command line prints, a file
keeps and a test compares) and which also carries the template, the message's id, and
the values that filled it in. The window translates the template by its id and fills in
the values itself (studio/app/i18n/messages.py); the catalogue's list of templates is
every `say("…")` in core, read from its code (studio/app/i18n/sources.py), so a message
added or reworded here is a string to translate, and a test says so until it is.

A template is a `str.format` template with named parts, `{path}: must be an integer, got
{value}`; a part is written bare (its value formatted here, `f"{n:,}"`), so a translator
moves `{value}` around and nothing else. A value may be a Message itself (a message
naming another: `{where}: {problem}`), which the window says in its language in turn;
a plain string (a path, a number, the user's text) is shown as it is. `joined` says
several messages one after another, each translated on its own (a report's lines, the
parts of a summary).

An error raised with a Message keeps it as its first argument, and str() of a Message
is the Message itself, so `str(err)` hands the message on, id and all, to the code that
words it into a wider one or shows it. An f-string makes plain English of it: a
message built on another passes it as a value.

It imports nothing of the studio: it is core's lowest floor (pyproject's layers contract).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class Message(str):
    """A message in English (the str itself) with its `template`, which is its id, and
    the `values` that fill it in."""

    __slots__ = ("template", "values")
    template: str
    values: Mapping[str, Any]

    def __new__(cls, template: str, values: Mapping[str, Any] | None = None) -> Message:
        values = dict(values or {})
        message = super().__new__(cls, template.format(**values))
        message.template = template
        message.values = values
        return message

    def __str__(self) -> str:
        return self  # str(err), str(message): the message itself, its id kept

    def __reduce__(self) -> tuple[type[Message], tuple[str, Mapping[str, Any]]]:
        # copied and pickled by its template and values (a record sent between processes,
        # a report deep-copied by dataclasses.asdict), not by its English text
        return type(self), (self.template, self.values)


def say(template: str, /, **values: Any) -> Message:
    """The message `template` (a literal: it is the id the catalogue lists) with its
    `values`: say("{path}: must be an integer, got {value}", path=path, value=shown)."""
    return Message(template, values)


def joined(separator: str, parts: Iterable[str]) -> Message:
    """`parts` said one after another, `separator` between them ("; ", a line break): one
    message whose parts are translated each on its own. Its template, made of the parts'
    places, is no string to translate."""
    values = {f"part{i}": part for i, part in enumerate(parts)}
    escaped = separator.replace("{", "{{").replace("}", "}}")
    return Message(escaped.join(f"{{{name}}}" for name in values), values)
