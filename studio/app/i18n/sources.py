"""Every string the window translates, with its translation context, read from the code.

Two sources:

- the app's calls, found in its syntax tree: `self.tr("…")` (the context is the class,
  as PySide6 looks it up), `QCoreApplication.translate("context", "…")`,
  `QT_TRANSLATE_NOOP("context", "…")`, and calls of wrappers, functions that hand their
  text on to translate such as `def _tr(text): return QCoreApplication.translate(
  "SamplesPanel", text)` (or to another wrapper, imported ones too);
- the core's messages, every `say("…")` in studio.core (its templates, read from its
  syntax tree: `core_templates`), which the window translates by their template under the
  context "messages" (messages.py); a say() whose template is not one string literal is
  reported, so that no message the core can say is missing from the catalogue;
- the core's words, which cannot be marked with Qt's macros (studio.core never imports
  Qt) and which the app translates at display time under fixed contexts: every config
  field's label and help ("config"), the metric catalogue ("metrics"), each task's
  sample noun ("tasks"), each loss type in words ("Explain", the tab that says them),
  the registry of reward check kinds (their names as reward parts, "RewardParts"; their
  labels and descriptions, their options' labels and help, "RewardLab"), the names,
  descriptions and lesson texts of the shipped presets and lessons ("presets"), the
  language and script names a data report gives ("languages", "scripts") and the shapes
  a shapes task's prompt names ("shapes").

pyside6-lupdate reads Python, but takes a wrapper's argument for a context of its own and
names `self.tr` contexts after the wrong object in some files; so the strings found here
are written out as `QT_TRANSLATE_NOOP` lines (`noop_source`), which it reads exactly.
A call this reader cannot resolve (an f-string given to tr(), `other.tr(…)`) is
reported, not guessed.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import pkgutil
import typing
from dataclasses import dataclass, field
from pathlib import Path

APP_DIR = Path(__file__).resolve().parent.parent
CORE_DIR = APP_DIR.parent / "core"
MESSAGES = "messages"  # the context of the core's messages (messages.CONTEXT)

Message = tuple[str, str]  # (context, source text)


@dataclass
class Found:
    """What reading the code gave: the messages in order, and calls it could not read."""

    messages: list[Message] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def add(self, context: str, text: str) -> None:
        if (context, text) not in self.messages:
            self.messages.append((context, text))


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _is_translate(func: ast.AST) -> bool:
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "translate"
        and isinstance(func.value, ast.Name)
        and func.value.id in ("QCoreApplication", "QApplication")
    )


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _aliases(tree: ast.Module) -> set[str]:
    """The module's names for translate (`tr = QCoreApplication.translate`)."""
    return {
        t.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and _is_translate(node.value)
        for t in node.targets
        if isinstance(t, ast.Name)
    }


def _passes_on(node: ast.FunctionDef, wrappers: dict[str, str]) -> str | None:
    """The context a function translates its first argument in, when it hands that
    argument to `translate("context", it)`, `QT_TRANSLATE_NOOP("context", it)` or to a
    wrapper; None otherwise (methods too)."""
    params = [a.arg for a in node.args.args]
    if not params or params[0] in ("self", "cls"):
        return None
    for call in ast.walk(node):
        if not isinstance(call, ast.Call):
            continue
        args = call.args
        hands_on = bool(args) and _is_name(args[-1 if len(args) == 2 else 0], params[0])
        if not hands_on:
            continue
        marks = _is_translate(call.func) or _is_name(call.func, "QT_TRANSLATE_NOOP")
        if marks and len(args) == 2 and _text(args[0]) is not None:
            return _text(args[0])
        if isinstance(call.func, ast.Name) and call.func.id in wrappers and len(args) == 1:
            return wrappers[call.func.id]
    return None


def _all_wrappers(trees: dict[str, ast.Module]) -> dict[str, dict[str, str]]:
    """Per module, the names it may call to translate a literal (name -> context): its
    functions that pass their text on to translate or to another wrapper (`say(text)` ->
    `tr(text)` -> `translate("Explain", text)`), and those it imports from other modules."""
    wrappers: dict[str, dict[str, str]] = {module: {} for module in trees}
    changed = True
    while changed:
        changed = False
        for module, tree in trees.items():
            known = wrappers[module]
            for node in ast.walk(tree):
                found: dict[str, str] = {}
                if isinstance(node, ast.ImportFrom) and node.module in wrappers:
                    source = wrappers[node.module]
                    found = {
                        a.asname or a.name: source[a.name] for a in node.names if a.name in source
                    }
                elif isinstance(node, ast.FunctionDef):
                    context = _passes_on(node, known)
                    found = {node.name: context} if context is not None else {}
                for name, context in found.items():
                    if known.get(name) != context:
                        known[name] = context
                        changed = True
    return wrappers


class _Reader(ast.NodeVisitor):
    def __init__(
        self, found: Found, where: str, tree: ast.Module, wrappers: dict[str, str]
    ) -> None:
        self.found, self.where = found, where
        self.wrappers, self.aliases = wrappers, _aliases(tree)
        self.classes: list[str] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def _problem(self, node: ast.Call, what: str) -> None:
        self.found.problems.append(f"{self.where}:{node.lineno}: {what}")

    def _take(self, node: ast.Call, context: str | None, arg: ast.AST | None) -> None:
        if isinstance(arg, ast.IfExp):  # say("plain words" if plain else "the terms")
            self._take(node, context, arg.body)
            self._take(node, context, arg.orelse)
            return
        text = _text(arg) if arg is not None else None
        if context is None or text is None:
            if isinstance(arg, ast.JoinedStr | ast.BinOp):
                self._problem(node, "the text to translate must be one string literal")
            return  # a variable: a string from elsewhere (the core's, a catalogue's)
        self.found.add(context, text)

    def visit_Call(self, node: ast.Call) -> None:
        func, args = node.func, node.args
        if isinstance(func, ast.Attribute) and func.attr == "tr" and args:
            if isinstance(func.value, ast.Name) and func.value.id == "self" and self.classes:
                self._take(node, self.classes[-1], args[0])
            else:
                self._problem(node, "tr() on another object: use QCoreApplication.translate")
        elif _is_translate(func) or (isinstance(func, ast.Name) and func.id in self.aliases):
            if len(args) >= 2:
                self._take(node, _text(args[0]), args[1])
        elif isinstance(func, ast.Name) and func.id == "QT_TRANSLATE_NOOP" and len(args) == 2:
            self._take(node, _text(args[0]), args[1])
        elif isinstance(func, ast.Name) and func.id in self.wrappers and args:
            self._take(node, self.wrappers[func.id], args[0])
        self.generic_visit(node)


def app_strings(root: Path = APP_DIR) -> Found:
    """Every literal the app's code translates, file by file in path order."""
    found = Found()
    top = root.parent.parent  # the folder that holds the studio package
    trees: dict[str, ast.Module] = {}
    paths: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(top).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        trees[module] = ast.parse(path.read_text(encoding="utf-8"), str(path))
        paths[module] = path
    wrappers = _all_wrappers(trees)
    for module, tree in trees.items():
        where = str(paths[module].relative_to(top))
        _Reader(found, where, tree, wrappers[module]).visit(tree)
    return found


class _Templates(ast.NodeVisitor):
    """The templates of a module's say() calls: `say("…", ...)`, or either literal of
    `say("…" if plural else "…")`; a call with any other first argument is a problem."""

    def __init__(self, found: Found, where: str) -> None:
        self.found, self.where = found, where

    def visit_Call(self, node: ast.Call) -> None:
        if _is_name(node.func, "say"):
            self._take(node, node.args[0] if node.args else None)
        self.generic_visit(node)

    def _take(self, node: ast.Call, arg: ast.AST | None) -> None:
        if isinstance(arg, ast.IfExp):
            self._take(node, arg.body)
            self._take(node, arg.orelse)
            return
        text = _text(arg) if arg is not None else None
        if text is None:
            self.found.problems.append(
                f"{self.where}:{node.lineno}: say() takes its template as one string literal"
            )
            return
        self.found.add(MESSAGES, text)


def core_templates(root: Path = CORE_DIR) -> Found:
    """Every template the core's code says (say("…") in the modules under `root`), file by
    file in path order: the ids of the messages the window translates."""
    found = Found()
    top = root.parent.parent
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        _Templates(found, str(path.relative_to(top))).visit(tree)
    return found


def field_label(name: str, meta: typing.Mapping) -> str:
    """A config field's name in the settings form: its declared label, or its key spelled
    out ("max_len" -> "Max len") when it declares none."""
    return meta.get("label") or name.replace("_", " ").capitalize()


def _config_classes() -> list[type]:
    from studio.core.config.sections import StudioConfig
    from studio.core.models import ARCHS
    from studio.core.tasks import TASKS

    roots = [StudioConfig]
    roots += [pkgutil.resolve_name(spec).CONFIG for spec in TASKS.values()]
    roots += [pkgutil.resolve_name(spec).config for spec in ARCHS.values()]
    seen: list[type] = []

    def walk(cls: type) -> None:
        if cls in seen:
            return
        seen.append(cls)
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            if dataclasses.is_dataclass(hints[f.name]):
                walk(hints[f.name])

    for cls in roots:
        walk(cls)
    return seen


def _config_strings(found: Found) -> None:
    """Every config field's label and help ("config")."""
    for cls in _config_classes():
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            if f.init and not dataclasses.is_dataclass(hints[f.name]):
                found.add("config", field_label(f.name, f.metadata))
                if f.metadata.get("help"):
                    found.add("config", f.metadata["help"])


def _reward_kind_strings(found: Found) -> None:
    """The registry of reward check kinds: each kind's name (a reward part in the charts),
    its label and description, each option's label and help, under the registry's
    contexts (the charts and the Reward lab show them)."""
    from studio.core.tasks.reward_kinds import CONTEXT, KINDS, PARTS_CONTEXT

    for kind in KINDS.values():
        found.add(PARTS_CONTEXT, kind.name)  # a check's reward part in the charts
        texts = [kind.label, kind.description]
        for option in kind.options.values():
            texts += [option.label, option.help]
        for text in texts:
            if text:
                found.add(CONTEXT, text)


def _preset_strings(found: Found) -> None:
    """The names, descriptions and lesson texts of the shipped presets and lessons."""
    from studio.core.catalogue import load_config
    from studio.core.config.preset_files import lesson_files, preset_files

    for path in [*preset_files().values(), *lesson_files().values()]:
        cfg = load_config(path)
        for text in (cfg.name, cfg.description, cfg.ui.lesson):
            if text:
                found.add("presets", text)


def core_strings() -> Found:
    """The core's words the window shows, each under the context the app translates it in."""
    from studio.core.data.languages import LANGUAGE_NAMES, LANGUAGE_SCRIPTS
    from studio.core.data.shapes import SHAPES
    from studio.core.grpo import LOSS_TYPES
    from studio.core.tasks import TASKS
    from studio.core.training.reporting import metric_docs, metrics

    found = core_templates()
    _config_strings(found)
    for text in metric_docs.translatable_strings():
        found.add(metrics.CONTEXT, text)
    for spec in TASKS.values():
        found.add("tasks", pkgutil.resolve_name(spec).SAMPLE_NOUN)
    for loss in LOSS_TYPES.values():  # the Explain tab's words for each loss type
        found.add("Explain", loss.explained)
    _reward_kind_strings(found)
    _preset_strings(found)
    for name in LANGUAGE_NAMES.values():
        found.add("languages", name)
    for script in sorted(set(LANGUAGE_SCRIPTS.values())):
        found.add("scripts", script)
    for shape in SHAPES:  # a shapes task's prompt names its shape (the {shape} of its display)
        found.add("shapes", shape)
    return found


def all_strings() -> Found:
    """The app's strings, then the core's."""
    found = app_strings()
    core = core_strings()
    for context, text in core.messages:
        found.add(context, text)
    found.problems += core.problems
    return found


def noop_source(messages: list[Message]) -> str:
    """Python source marking each message for pyside6-lupdate."""
    lines = ["# generated by python -m studio.app.i18n.update: the strings to translate", ""]
    for context, text in messages:
        lines.append(
            f"QT_TRANSLATE_NOOP({json.dumps(context)}, {json.dumps(text, ensure_ascii=False)})"
        )
    return "\n".join(lines) + "\n"
