"""Every string a window shows, read widget by widget: texts, tooltips, titles, placeholders,
tab texts, menu entries and the charts' titles and axis labels.

The translation tests read the Chinese window with it and fail on any string still in
English; `english_words` is the check, with the short list of words allowed as they are
(names, units, keys).
"""

from __future__ import annotations

import dataclasses
import html
import re
import typing
from collections.abc import Iterator

from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

# Proper names, units, keys and file formats: the same in every language.
ALLOWED = {
    "GRPO", "Dr", "KL", "chrF", "BLEU", "ONNX", "PyTorch", "onnxruntime", "YAML", "TSV", "CSV",
    "JSONL", "JSON", "CPU", "GPU", "NVML", "GIF", "Micro-GPT", "Tiny-Transformer",
    "Lite-ResNet", "ResNet", "AdamW", "Ctrl", "Shift", "Alt", "F1", "F5", "F6", "F7", "F8",
    "GRPO Studio", "English", "RSS", "MiB", "GiB", "KiB", "MB", "GB", "KB", "ms", "eps",
    "std", "mean", "int8", "fp16", "bf16", "fp32", "zh", "en", "G", "B", "P", "UTF-8",
    "top-k", "top-p", "k3", "it/s", "tok/s", "steps/s", "nats", "exp", "log", "clip", "min",
    "max", "lr", "Adam", "ID", "NaN", "nan", "inf", "Transformer", "dropout",
    "Top-k", "Top-p", "beta", "beta1", "beta2", "mu", "epsilon", "sqrt", "torch", "sacrebleu",
    "NVIDIA", "Studio", "DAPO", "TRL", "clip-higher", "BPE", "CUDA", "RAM", "VRAM", "EOS",
    "ALBERT", "LibreTranslate", "Mastodon", "Python", "Debian", "Ubuntu", "Hugging", "Face",
    "LoRA", "Llama", "Qwen2", "Qwen3", "GPT-2", "Marian", "SmolLM2", "safetensors",
}  # fmt: skip
# Diagnostics quoted from a library as they are (the NVML driver's own words), and
# commands to type as they are (a package to install).
QUOTED = [
    re.compile(r"[(（]NVML: [^)）]*[)）]"),
    re.compile(r"sudo apt install [a-z0-9.+\- ]+"),
    re.compile(r"grpo-studio [a-z]+(?: --?[a-z][a-z-]*)*"),  # the studio's own command line
]

_TAG = re.compile(r"<[^>]+>")
# a word; not the letters of a number (1e-4, 2x2)
_WORD = re.compile(r"(?<![0-9A-Za-z])(?:[A-Za-z][A-Za-z0-9_\-/.:]*[A-Za-z0-9]|[A-Za-z]{2,})")


def plain(text: str) -> str:
    """A label's text without its HTML markup."""
    return html.unescape(_TAG.sub(" ", text))


def english_words(text: str, allowed: set[str] = ALLOWED) -> list[str]:
    """The words of `text` that are English: runs of Latin letters not in `allowed`, not
    a key or a path (`grpo.beta`, `reward/<name>/mean`, `step_3.pt`)."""
    words = []
    text = plain(text)
    for quoted in QUOTED:
        text = quoted.sub(" ", text)
    for word in _WORD.findall(text):
        if word in allowed or any(c in word for c in "._/:") or (word.isupper() and len(word) <= 4):
            continue
        words.append(word)
    return words


def _action_texts(actions, where: str) -> Iterator[tuple[str, str]]:
    for action in actions:
        if action.isSeparator():
            continue
        if action.menu() is not None:
            yield from menu_texts(action.menu(), where)
            continue
        yield f"{where} › action", action.text()
        if action.toolTip() != action.text().replace("&", ""):
            yield f"{where} › {action.text()} tooltip", action.toolTip()


def menu_texts(menu: QMenu, where: str = "menu") -> Iterator[tuple[str, str]]:
    yield f"{where} title", menu.title()
    yield from _action_texts(menu.actions(), f"{where} › {menu.title()}")


def widget_texts(widget: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) for one widget's own visible strings."""
    name = type(widget).__name__
    yield from _own_texts(widget, name)
    yield from _item_texts(widget, name)
    if isinstance(widget, QMenu):
        yield from menu_texts(widget)
    else:
        yield from _action_texts(widget.actions(), name)
    yield from _chart_texts(widget, name)


def _own_texts(widget: QWidget, name: str) -> Iterator[tuple[str, str]]:
    """Its tooltip, title, text, placeholder, or page."""
    if widget.toolTip():
        yield f"{name} tooltip", widget.toolTip()
    if isinstance(widget, QMainWindow | QDockWidget) or widget.isWindow():
        yield f"{name} title", widget.windowTitle()
    if isinstance(widget, QLabel | QAbstractButton):
        yield f"{name} text", widget.text()
    if isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
        yield f"{name} placeholder", widget.placeholderText()
    if isinstance(widget, QTextEdit) and widget.isReadOnly():
        yield f"{name} page", widget.toPlainText()
    if isinstance(widget, QGroupBox):
        yield f"{name} title", widget.title()


def _item_texts(widget: QWidget, name: str) -> Iterator[tuple[str, str]]:
    """A tab widget's tabs and their tooltips, a fixed combo box's items."""
    if isinstance(widget, QTabWidget):
        for i in range(widget.count()):
            yield f"{name} tab", widget.tabText(i)
            yield f"{name} tab tooltip", widget.tabToolTip(i)
    if isinstance(widget, QComboBox) and not widget.isEditable():
        for i in range(widget.count()):
            yield f"{name} item", widget.itemText(i)


def _chart_texts(widget: QWidget, name: str) -> Iterator[tuple[str, str]]:
    """A chart's title and its plot's axis labels."""
    title = getattr(widget, "title_text", None)
    if callable(title):
        yield f"{name} chart title", title()
    plot = getattr(widget, "plot", None)
    if plot is not None and hasattr(plot, "getAxis"):
        for side in ("left", "bottom"):
            yield f"{name} axis", plot.getAxis(side).labelText


def window_texts(window: QWidget) -> list[tuple[str, str]]:
    """Every non-empty string of `window` and of every widget in it, menus included."""
    found = list(widget_texts(window))
    if isinstance(window, QMainWindow):
        found += list(_action_texts(window.menuBar().actions(), "menu bar"))
    for child in window.findChildren(QWidget):
        found += list(widget_texts(child))
    return [(where, text) for where, text in found if text and text.strip()]


def allowed_words() -> set[str]:
    """Words shown as written in files: the settings' names and choices (a preset says
    `cosine`; a reward check's kind and its keys), the metric keys, the names of tasks,
    architectures and shapes. Reward parts are not among them: the window names them in
    its language."""
    from studio.app.i18n import sources
    from studio.core.data.shapes import SHAPES
    from studio.core.models import ARCHS
    from studio.core.tasks import TASKS
    from studio.core.tasks.reward_kinds import KINDS
    from studio.core.training.reporting.metrics import METRICS

    words = set(ALLOWED) | set(TASKS) | set(ARCHS) | set(SHAPES)
    words |= set(KINDS) | {"kind", "weight", "options", "name"}  # task.rewards' entries
    for cls in sources._config_classes():
        for f in dataclasses.fields(cls):
            words.add(f.name)
            tp = typing.get_type_hints(cls)[f.name]
            if typing.get_origin(tp) is typing.Literal:
                words |= {str(a) for a in typing.get_args(tp)}
    for m in METRICS:
        words |= set(re.findall(r"[A-Za-z]+", m.key))
    # a reward check as a preset writes it: {kind, weight, options}, its kinds and options
    words |= {"kind", "weight", "options", *KINDS}
    # an experiment's variant as a preset writes it (ui.experiment): {label, settings}
    words |= {"label", "settings"}
    for kind in KINDS.values():
        for name, option in kind.options.items():
            words |= {name, *option.choices}
    return words


def english_texts(widget) -> list[tuple[str, str, list[str]]]:
    """The texts of `widget` and its children with English words outside allowed_words:
    (where, the text's start, the words)."""
    allowed = allowed_words()
    found = []
    for where, text in window_texts(widget):
        words = english_words(text, allowed)
        if words:
            found.append((where, text[:120], words))
    return found
