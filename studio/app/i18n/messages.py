"""The core's messages in the window's language, by their id.

studio.core says what it has to say with `say(template, **values)` (studio/core/messages.py):
a `Message` is its English text and carries its template, which is its id, and its values.
The window translates the template under the context "messages" (sources.py lists every
template core has, read from its code) and fills in the values itself: a value that is a
Message is translated in turn (a message naming another: "{where}: {problem}"), and a
plain value (a path, a number, the user's text) is shown as it is. A few parts are words
of the core's own tables, translated by their name: `{language}` and `{script}` (the
language table, studio.core.data.languages: contexts "languages" and "scripts"),
`{split}` (a data split: "DataSplits"), `{shape}` (a shapes task's shape: "shapes") and
`{metric}` (a held-out metric by its key, shown by its label in the metric catalogue).

A plain string, not a Message, is shown as it is: English the core did not say through
`say` (an OSError's words), the user's own text, or a run's records read back from its
metrics.jsonl, which keeps the English text alone.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from studio.core.messages import Message
from studio.core.training.reporting import metrics
from studio.core.training.reporting.metrics import find

CONTEXT = "messages"
# a part's name -> the context its word is translated in
WORDS = {"language": "languages", "script": "scripts", "split": "DataSplits", "shape": "shapes"}

SPLITS = [  # the data's parts as a prompt names them (context "DataSplits")
    QT_TRANSLATE_NOOP("DataSplits", "train"),
    QT_TRANSLATE_NOOP("DataSplits", "valid"),
    QT_TRANSLATE_NOOP("DataSplits", "test"),
]


def shape_name(name: str) -> str:
    """A shape's name (studio.core.data.shapes) in the window's language."""
    return QCoreApplication.translate("shapes", name)


def said(message: object) -> object:
    """What an error (or any object) says: the message an exception was raised with (its
    first argument, a Message when the core said it), else the object itself."""
    if isinstance(message, BaseException):
        first = message.args[0] if len(message.args) == 1 else None
        return first if isinstance(first, Message) else str(message)
    return message


def translate_message(message: object) -> str:
    """`message` in the window's language: a core Message by its template, its values
    filled in (nested messages and word parts translated too); an exception by the message
    it was raised with; anything else as it is."""
    message = said(message)
    if not isinstance(message, Message):
        return str(message)
    values = {name: _value(name, value) for name, value in message.values.items()}
    try:
        return QCoreApplication.translate(CONTEXT, message.template).format(**values)
    except (KeyError, IndexError, ValueError):  # a translation whose parts are not the id's
        return message.template.format(**values)


def prompt_shown(prompt: object) -> str:
    """A task's prompt (an example's display) in the window's language: one the task words
    itself is a Message (a grid's level, a shapes task's image); the user's own prompt,
    plain text, is shown as written."""
    return translate_message(prompt)


def _value(name: str, value: Any) -> Any:
    """One value of a message, as the window shows it."""
    if isinstance(value, Message):
        return translate_message(value)
    if name in WORDS and isinstance(value, str):
        return QCoreApplication.translate(WORDS[name], value)
    if name in ("metric", "second") and isinstance(value, str):  # held-out metrics by key
        metric = find(f"eval/{value}")
        if metric is not None:
            return QCoreApplication.translate(metrics.CONTEXT, metric.label)
    return value
