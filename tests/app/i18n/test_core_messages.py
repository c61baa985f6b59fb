"""The core's messages carry their id: every template the core says has its Chinese text,
no error of the studio is raised with English made by hand, and the Chinese window shows
the core's nested messages in Chinese, values as they are."""

from __future__ import annotations

import ast
import builtins
import copy
import pickle
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from studio.app.i18n import update
from studio.app.i18n.messages import translate_message
from studio.app.i18n.sources import CORE_DIR, MESSAGES, Found, core_templates
from studio.app.shell import ui_language
from studio.core.messages import Message, joined, say
from tests.support.i18n_walk import allowed_words, english_words

TS = update.ts_path(ui_language.CHINESE)
CJK = re.compile(r"[\u4e00-\u9fff]")
PARTS = re.compile(r"\{[^{}]*\}")  # a template's parts, as the catalogue test compares them
PROBLEM = "say() takes its template as one string literal"


@pytest.fixture
def chinese(qapp):
    assert ui_language.install(ui_language.CHINESE)
    yield
    ui_language.remove()


# ---- the message type


def test_a_message_is_its_english_text_with_its_template_and_values():
    where = say(
        "{path}: must be at least {low}, got {value}", path="training.seed", low=0, value=-1
    )
    said = say("{where}: {problem}", where="ui.experiment[0] (a)", problem=where)
    assert said == "ui.experiment[0] (a): training.seed: must be at least 0, got -1"
    assert isinstance(said, str) and said.template == "{where}: {problem}"
    assert said.values["problem"] is where
    err = ValueError(said)
    assert str(err) is said and err.args[0] is said  # the error hands its message on, id and all
    assert type(f"! {said}") is str  # an f-string makes plain English of it
    for again in (copy.deepcopy(said), pickle.loads(pickle.dumps(said))):
        assert again == said and again.template == said.template
        assert again.values["problem"].template == where.template
    lines = joined("\n", [where, "as it is"])
    assert lines == f"{where}\nas it is" and lines.values["part0"] is where


# ---- (a) every template the core can say has a finished Chinese text


def catalogue(ts: Path = TS) -> dict[str, ET.Element]:
    """The catalogue's entries of the core's messages: template -> translation element."""
    root = ET.parse(ts).getroot()
    return {
        m.findtext("source"): m.find("translation")
        for c in root.iter("context")
        if c.findtext("name") == MESSAGES
        for m in c.iter("message")
    }


def untranslated(found: Found, ts: Path = TS) -> list[str]:
    """The templates of `found` without a finished Chinese text of the same parts."""
    entries = catalogue(ts)
    missing = []
    for context, template in found.messages:
        entry = entries.get(template) if context == MESSAGES else None
        done = entry is not None and entry.get("type") is None and entry.text
        same = done and sorted(PARTS.findall(template)) == sorted(PARTS.findall(entry.text))
        if not same:
            missing.append(template)
    return missing


def test_every_template_the_core_says_has_a_chinese_text():
    found = core_templates()
    assert found.problems == [], "say() takes one string literal:\n" + "\n".join(found.problems)
    assert len(found.messages) > 500  # the whole core, not one module
    missing = untranslated(found)
    assert missing == [], f"python -m studio.app.i18n.update, then translate: {missing[:10]}"


# ---- (c) a message added or reworded in the core is found untranslated


def test_a_reworded_core_message_is_found_untranslated(tmp_path):
    core = tmp_path / "studio" / "core"
    core.mkdir(parents=True)
    (core / "reworded.py").write_text(
        "from studio.core.messages import say\n\n"
        "def said(n, reworded):\n"
        "    if reworded:\n"
        "        return say('kept {n} pairs, all of them' if n else 'no pairs at all', n=n)\n"
        "    return say('kept {n} pairs', n=n)\n\n"  # as the core says it
        "def unread(template):\n"
        "    return say(template)\n",
        encoding="utf-8",
    )
    found = core_templates(core)
    assert ("messages", "kept {n} pairs") in found.messages
    assert untranslated(found) == ["kept {n} pairs, all of them", "no pairs at all"]
    # a template the catalogue cannot list is named, not guessed
    assert found.problems == [f"{Path('studio', 'core', 'reworded.py')}:9: {PROBLEM}"]


def test_a_translation_whose_parts_differ_is_not_finished(tmp_path):
    ts = tmp_path / TS.name
    text = TS.read_text(encoding="utf-8")
    source = "<source>kept {n} pairs</source>"
    start = text.index(source) + len(source)
    end = text.index("</translation>", start)
    ts.write_text(text[:start] + "<translation>保留了句对" + text[end:], encoding="utf-8")
    found = Found()
    found.add(MESSAGES, "kept {n} pairs")
    assert untranslated(found, ts) == ["kept {n} pairs"]
    assert untranslated(found) == []


# ---- (b) the studio's errors are raised with messages, not English made by hand

BUILTIN_ERRORS = {
    name
    for name in dir(builtins)
    if isinstance(getattr(builtins, name), type)
    and issubclass(getattr(builtins, name), BaseException)
}


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def studio_errors(trees: dict[Path, ast.Module]) -> set[str]:
    """The exception classes the modules define (their bases followed to a builtin one)."""
    classes = [
        (node.name, {_name(b) for b in node.bases})
        for tree in trees.values()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    ]
    known: set[str] = set()
    grew = True
    while grew:
        grew = False
        for name, bases in classes:
            if name not in known and bases & (BUILTIN_ERRORS | known):
                known.add(name)
                grew = True
    return known


def english_by_hand(node: ast.AST) -> bool:
    """An f-string, a sentence literal (a space in it), or text joined from them."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and " " in node.value
    if isinstance(node, ast.BinOp):
        return english_by_hand(node.left) or english_by_hand(node.right)
    if isinstance(node, ast.IfExp):
        return english_by_hand(node.body) or english_by_hand(node.orelse)
    return False


def _made_by_hand(node: ast.Call, errors: set[str], inside: str | None) -> bool:
    """An error of the studio made with English by hand: `Error(f"...")`, or an error
    class's own `super().__init__(f"...")` (`inside`: the class the call is in)."""
    func = node.func
    made = _name(func) in errors
    if isinstance(func, ast.Attribute) and func.attr == "__init__":
        made = isinstance(func.value, ast.Call) and _name(func.value.func) == "super"
        made = made and inside in errors
    return made and any(english_by_hand(arg) for arg in node.args)


def plain_raises(root: Path) -> list[str]:
    """Where the modules under `root` make one of their errors with English by hand:
    'path:line: Error'."""
    trees = {
        path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(root.rglob("*.py"))
    }
    errors = studio_errors(trees)
    found = []
    for path, tree in trees.items():
        for cls in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef))]:
            inside = cls.name if isinstance(cls, ast.ClassDef) else None
            for node in ast.walk(cls):
                if isinstance(node, ast.Call) and _made_by_hand(node, errors, inside):
                    where = f"{path.relative_to(root.parent.parent)}:{node.lineno}"
                    found.append(f"{where}: {_name(node.func)}")
    return sorted(set(found))


def test_no_error_of_the_core_is_raised_with_english_made_by_hand():
    assert plain_raises(CORE_DIR) == [], "say the message: studio.core.messages.say"


def test_the_check_finds_an_error_raised_with_an_f_string(tmp_path):
    core = tmp_path / "studio" / "core"
    core.mkdir(parents=True)
    (core / "oops.py").write_text(
        "from studio.core.messages import say\n\n"
        "class OopsError(ValueError):\n"
        "    def __init__(self, n):\n"
        "        super().__init__(f'{n} oops')\n\n"
        "class Worse(OopsError):\n"
        "    pass\n\n"
        "def fail(n):\n"
        "    if n:\n"
        "        raise Worse(f'{n} went wrong')\n"
        "    raise OopsError(say('{n} went wrong', n=n))\n",
        encoding="utf-8",
    )
    where = str(Path("studio", "core", "oops.py"))
    assert plain_raises(core) == [f"{where}:12: Worse", f"{where}:5: __init__"]


# ---- (d) the Chinese window shows the core's nested messages in Chinese


def english_left(text: str) -> list[str]:
    return english_words(text, allowed_words())


def test_a_variants_bad_setting_is_said_in_chinese_inside_the_experiments_words(chinese):
    from studio.core.catalogue import load_config
    from studio.core.config.fields import ConfigError

    experiment = "[{label: a, settings: {grpo.beta: -1}}, {label: b, settings: {grpo.beta: 0}}]"
    with pytest.raises(ConfigError) as err:
        load_config("micro_gpt", [f"ui.experiment={experiment}"])
    said = err.value.args[0]
    assert said.template == "{where}: {problem}"  # the variant, around the setting's message
    assert said.values["problem"].template == "{path}: must be at least {low}, got {value}"
    shown = translate_message(err.value)
    assert CJK.search(shown) and "ui.experiment[0] (a)" in shown and "grpo.beta" in shown
    assert "-1" in shown and english_left(shown) == [], shown


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_value_of_the_wrong_kind_in_the_settings_form_is_said_in_chinese(chinese, window):
    form = window.setup.form
    form.editors["data.valid_fraction"].set("lots")
    message = form.check()  # "{path}: must be {what}, got {value}", what: "a number"
    label = form.label_of("data.valid_fraction")
    assert message is not None and message.startswith(label), message
    assert CJK.search(message) and '"lots"' in message and "数字" in message
    assert english_left(message.replace(label, " ").replace("lots", " ")) == [], message


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_data_file_the_data_tab_refuses_is_said_in_chinese(chinese, window, qtbot, tmp_path):
    pairs = tmp_path / "pairs.tsv"
    pairs.write_text("only one column\nanother\n\n\n", encoding="utf-8")
    assert window.load_preset("tiny_transformer", [f"data.path={pairs}"])
    panel = window.setup.data_panel
    with qtbot.waitSignal(panel.checked, timeout=120_000):
        panel.check()
    # "{path}: no usable sentence pair ({summary}); {hint}", the summary a list of parts
    assert isinstance(panel.error, Message) and panel.error.values["summary"].template
    shown = panel.status.text()
    assert shown.startswith("✘") and CJK.search(shown) and str(pairs) in shown
    assert "task.source_column" in shown and "2" in shown
    assert english_left(shown.replace(str(pairs), " ")) == [], shown
