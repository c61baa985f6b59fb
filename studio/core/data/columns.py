"""Which column of a sentence-pair file is the source and which the target.

Public corpora lay their columns out in their own order: a Tatoeba/Anki export puts
English first, the other language second and an attribution third, whatever direction
the user wants to train. So the loader looks at each column (`profile_columns`): the
script its letters are written in (Han, Latin, Cyrillic, ...), whether it holds text or
metadata (licence notes, ids, URLs), and its name when the file gives one (a header row,
an aligned file's suffix, a JSON key). `choose_columns` then matches the columns to
`task.source_lang` and `task.target_lang`, in this order of trust:

1. the column settings, when the user gave them (checked against the scripts);
2. the names: a header naming the languages, or naming source and target;
3. the scripts, when the two languages are written differently (zh and en);
4. a language identifier on the whole column, when they are not (en and fr);
5. otherwise the user is asked: `ColumnsUnclear` names the two settings (the window
   shows a column picker from its `profiles`).

A file whose languages contradict the task (no Han column for `source_lang: zh`) is
refused with what the file holds and which setting to change. Columns that are neither
language are ignored, and the load report says so.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from studio.core.data.language_id import column_language
from studio.core.data.languages import (
    counted_script,
    language_code,
    language_label,
    normalized_language,
    script_counts,
    script_name,
    script_of,
)
from studio.core.data.load_report import ColumnProfile, DataError
from studio.core.data.pair_files import word_set
from studio.core.messages import Message, joined, say

SAMPLE_ROWS = 300  # rows a column is judged on
METADATA_SHARE = 0.6  # a column is metadata when this share of its cells look like it
SOURCE_NAMES = word_set("source src original input from")
TARGET_NAMES = word_set("target tgt translation output to")
META_NAMES = word_set(
    "attribution attributions license licence licenses licences author authors id ids url "
    "urls link links note notes comment comments credit credits number index source_id "
    "target_id tags tag level"
)
# A cell that is a licence note or a link rather than a sentence, whatever else it holds.
_METADATA = re.compile(
    r"\bCC[- ]?(BY|0)\b|licen[cs]e|attribution|copyright|©|https?://|www\.|\S+@\S+\.\w+",
    re.IGNORECASE,
)
# An id ("#2877272"): a sentence may hold one ("Room #12 is free"), so only a hint.
_ID = re.compile(r"#\d{2,}")


class ColumnsUnclear(DataError):
    """The file does not say which column is which; `profiles` lets a window ask."""

    def __init__(self, message: str, profiles: list[ColumnProfile]) -> None:
        super().__init__(message)
        self.profiles = profiles


@dataclass(frozen=True)
class ColumnRequest:
    """What the task asks of a file: two languages, and the columns if the user set them
    (None: matched by the loader). Without languages the first two columns are taken."""

    source_lang: str | None = None
    target_lang: str | None = None
    source_column: int | None = None
    target_column: int | None = None


@dataclass
class ColumnChoice:
    """The columns taken, and how they were matched (for the report)."""

    source: int
    target: int
    matched_by: str  # a message: "by script"
    notes: list[str] = field(default_factory=list)


# ---- what each column holds


def name_role(name: str) -> str:
    """ "source", "target", "metadata", a language code, or "" for a name that says nothing."""
    key = name.strip().lower()
    if key in SOURCE_NAMES:
        return "source"
    if key in TARGET_NAMES:
        return "target"
    if key in META_NAMES:
        return "metadata"
    return language_code(key) or ""


def is_header(cells: list[str]) -> bool:
    """A first row whose cells all name columns (languages, source/target, attribution)."""
    named = [c for c in cells if c.strip()]
    return len(named) >= 2 and all(name_role(c) for c in named)


def _is_metadata_cell(cell: str) -> bool:
    """A licence note, a link or a cell without letters (an id, a number)."""
    text = cell.strip()
    return bool(_METADATA.search(text)) or not any(ch.isalpha() for ch in text)


def _column_kind(cells: list[str], role: str) -> tuple[str, float]:
    """ "empty", "metadata" (named so, or most cells licence notes, links or numbers),
    "hinted" (most cells repeat a template or carry ids: metadata only if other columns
    hold the text) or "text"; and how strong the hints are (0 to 2)."""
    if not cells:
        return "empty", 0.0
    sure = sum(_is_metadata_cell(c) for c in cells)
    if role == "metadata" or sure >= METADATA_SHARE * len(cells):
        return "metadata", 0.0
    ids = sum(_is_metadata_cell(c) or bool(_ID.search(c)) for c in cells) / len(cells)
    template = _shared_prefix_share(cells)
    if ids >= METADATA_SHARE or template > 0.5:
        return "hinted", ids + template
    return "text", 0.0


def _settle_hints(profiles: list[ColumnProfile], hints: dict[int, float]) -> None:
    """A column of sentences is text whatever digits, ids or repeated openings it carries
    ("I have 3 cats.", "I have 4 dogs."): hinted columns become text, the faintest hints
    first, until two columns hold text; the rest are metadata."""
    texts = sum(p.kind == "text" for p in profiles)
    for index in sorted(hints, key=lambda i: (hints[i], i)):
        profile = profiles[index]
        profile.kind = "text" if texts < 2 else "metadata"
        texts += profile.kind == "text"
        if profile.kind == "metadata":
            profile.text = ""


def _shared_prefix_share(cells: list[str]) -> float:
    """Share of cells that start with the column's most common first two words: licence
    notes repeat a template, sentences do not."""
    heads = Counter(" ".join(c.split()[:2]) for c in cells)
    return heads.most_common(1)[0][1] / len(cells) if len(cells) >= 4 else 0.0


def profile_columns(rows: list[list[str]], names: list[str]) -> list[ColumnProfile]:
    """One profile per column of `rows` (a sample of the file's rows, header excluded)."""
    widths = Counter(len(r) for r in rows if any(c.strip() for c in r))
    width = max(widths.most_common(1)[0][0] if widths else 0, len(names))
    profiles = []
    hints: dict[int, float] = {}  # hinted columns: how strong their hints are
    for i in range(width):
        cells = [r[i].strip() for r in rows if i < len(r) and r[i].strip()]
        name = names[i] if i < len(names) else ""
        role = name_role(name) if name else ""
        counts: Counter[str] = Counter()
        for c in cells:
            counts.update(script_counts(c))
        kind, hint = _column_kind(cells, role)
        if kind == "hinted":
            hints[i] = hint
        profiles.append(
            ColumnProfile(
                index=i,
                name=name,
                script=counted_script(counts),
                kind=kind,
                language=role if role not in ("", "source", "target", "metadata") else None,
                sample=cells[0] if cells else "",
                text=" ".join(cells) if kind in ("text", "hinted") else "",
            )
        )
    _settle_hints(profiles, hints)
    return profiles


# ---- matching columns to the task's languages


def choose_columns(profiles: list[ColumnProfile], req: ColumnRequest, where: str) -> ColumnChoice:
    """The source and target columns for `req`; DataError (or ColumnsUnclear) when the
    file cannot give them, naming the problem and the fix. `where` names the file."""
    src, tgt = req.source_column, req.target_column
    if (src is None) != (tgt is None):
        raise DataError(
            say(
                "only one of task.source_column and task.target_column is set; set both "
                "(counted from 0), or neither to let the studio match the columns to the "
                "languages"
            )
        )
    if src is not None and tgt is not None:
        return _given(profiles, (src, tgt), req, where)
    if not req.source_lang or not req.target_lang:
        return ColumnChoice(0, 1, say("the first two columns (no languages given)"))
    langs = (normalized_language(req.source_lang), normalized_language(req.target_lang))
    for match in (_by_name, _by_script, _by_identifier):
        choice = match(profiles, langs, where)
        if choice is not None:
            return choice
    raise ColumnsUnclear(_unclear_message(profiles, langs, where), profiles)


def _given(
    profiles: list[ColumnProfile], columns: tuple[int, int], req: ColumnRequest, where: str
) -> ColumnChoice:
    src, tgt = columns
    if src == tgt:
        raise DataError(
            say(
                "task.source_column and task.target_column are both {n}: the source and "
                "target must be two different columns",
                n=src,
            )
        )
    for side, column, lang in (("source", src, req.source_lang), ("target", tgt, req.target_lang)):
        if column >= len(profiles):
            continue  # the rows will be counted as having a wrong column count
        col, want = profiles[column], script_of(lang) if lang else None
        if lang and want and col.kind == "text" and col.script and col.script != want:
            raise DataError(_wrong_script(profiles, col, side, lang, want, where))
    return ColumnChoice(src, tgt, say("set by task.source_column and task.target_column"))


def _wrong_script(
    profiles: list[ColumnProfile], col: ColumnProfile, side: str, lang: str, want: str, where: str
) -> Message:
    """A column the user set holds another script than its language is written in."""
    better = [p.index for p in profiles if p.kind == "text" and p.script == want]
    if better:
        fix = say(
            "column {index} holds {script}: set task.{side}_column={index}",
            index=better[0],
            script=want,
            side=side,
        )
    else:
        fix = say("no column holds {script} text: check task.{side}_lang", script=want, side=side)
    return say(
        "{where}: task.{side}_column={column} holds {script}-script text (e.g. {sample}), but "
        "task.{side}_lang is {language}, written in {want}; {fix}, or leave "
        "task.source_column and task.target_column empty to match them by language",
        where=where,
        side=side,
        column=col.index,
        script=col.script,
        sample=repr(col.sample),
        language=language_label(lang),
        want=script_name(want),
        fix=fix,
    )


def _by_name(profiles: list[ColumnProfile], langs: tuple[str, str], where: str):
    roles = {p.index: name_role(p.name) for p in profiles if p.name}
    by_role = {role: i for i, role in reversed(roles.items())}  # the first column named so
    if "source" in by_role and "target" in by_role:
        return ColumnChoice(by_role["source"], by_role["target"], say("named source and target"))
    if langs[0] in by_role and langs[1] in by_role:
        names = say(
            "{first} and {second}",
            first=repr(profiles[by_role[langs[0]]].name),
            second=repr(profiles[by_role[langs[1]]].name),
        )
        choice = ColumnChoice(
            by_role[langs[0]], by_role[langs[1]], say("named by the file ({names})", names=names)
        )
        _check_scripts(profiles, choice, langs, where)
        return choice
    named_langs = [r for r in roles.values() if r not in ("", "source", "target", "metadata")]
    if len(set(named_langs)) >= 2:
        listed = joined(", ", [language_label(c) for c in dict.fromkeys(named_langs)])
        raise DataError(
            say(
                "{where}: the file names its columns {listed}, but the task translates "
                "{source}->{target}; set task.source_lang and task.target_lang to two of the "
                "file's languages, or choose a file in the task's languages",
                where=where,
                listed=listed,
                source=langs[0],
                target=langs[1],
            )
        )
    return None


def _check_scripts(profiles, choice: ColumnChoice, langs: tuple[str, str], where: str) -> None:
    for column, lang in ((choice.source, langs[0]), (choice.target, langs[1])):
        col, want = profiles[column], script_of(lang)
        if want and col.kind == "text" and col.script and col.script != want:
            raise DataError(
                say(
                    "{where}: column {column} is named {name} ({language}, written in {want}) "
                    "but holds {script}-script text (e.g. {sample}); fix the header row, or "
                    "set task.source_column and task.target_column",
                    where=where,
                    column=column,
                    name=repr(col.name),
                    language=language_label(lang),
                    want=script_name(want),
                    script=col.script,
                    sample=repr(col.sample),
                )
            )


def _by_script(profiles: list[ColumnProfile], langs: tuple[str, str], where: str):
    scripts = [script_of(lang) for lang in langs]
    if None in scripts or scripts[0] == scripts[1]:
        return None  # the scripts cannot tell these two languages apart
    text = [p for p in profiles if p.kind == "text"]
    found = [[p.index for p in text if p.script == s] for s in scripts]
    for lang, script, columns in zip(langs, scripts, found):
        if not columns:
            raise DataError(_no_script(text, lang, script, langs, where))
    if len(found[0]) == 1 and len(found[1]) == 1:
        return ColumnChoice(found[0][0], found[1][0], say("by script"))
    # several columns of one script (English beside French notes): ask the identifier
    picked = []
    for lang, columns in zip(langs, found):
        if len(columns) == 1:
            picked.append(columns[0])
            continue
        hits = [c for c in columns if _identified(profiles[c], lang, langs)]
        if len(hits) != 1:
            return None
        picked.append(hits[0])
    return ColumnChoice(picked[0], picked[1], say("by script and language identification"))


def _no_script(
    text: list[ColumnProfile], lang: str, script: str | None, langs: tuple[str, str], where: str
) -> Message:
    """No text column is written in the script of one of the task's languages."""
    held = [
        say(
            "column {index} {script} (e.g. {sample})",
            index=p.index,
            script=p.script,
            sample=repr(p.sample),
        )
        for p in text
    ]
    return say(
        "{where}: no column holds {script}-script text for {language}; the file's text "
        "columns are {held}. Set task.source_lang and task.target_lang to the file's "
        "languages, or choose a file in {source} and {target}",
        where=where,
        script=script,
        language=language_label(lang),
        held=joined(", ", held) if held else say("none"),
        source=langs[0],
        target=langs[1],
    )


def _identified(profile: ColumnProfile, lang: str, langs: tuple[str, str]) -> bool:
    other = langs[1] if lang == langs[0] else langs[0]
    return column_language(profile.text, (lang, other)) == lang


def _by_identifier(profiles: list[ColumnProfile], langs: tuple[str, str], where: str):
    scripts = [script_of(lang) for lang in langs]
    text = [p for p in profiles if p.kind == "text"]
    if scripts[0] is not None:
        text = [p for p in text if p.script == scripts[0]]
    said = {p.index: column_language(p.text, langs) for p in text}
    found = {lang: [i for i, said_lang in said.items() if said_lang == lang] for lang in langs}
    if all(len(found[lang]) == 1 for lang in langs):
        return ColumnChoice(
            found[langs[0]][0], found[langs[1]][0], say("by language identification")
        )
    return None


def _unclear_message(profiles: list[ColumnProfile], langs: tuple[str, str], where: str) -> Message:
    text = [p for p in profiles if p.kind == "text"]
    listed = [
        say(
            "column {index} ({script}, e.g. {sample})",
            index=p.index,
            script=script_name(p.script) if p.script else say("no letters"),
            sample=repr(p.sample),
        )
        for p in text
    ]
    scripts = {p.script for p in text}
    if len(scripts) == 1 and len(text) >= 2:
        why = say("both are written in {script} script", script=next(iter(scripts)))
    else:
        why = say("the columns do not say")
    return say(
        "{where}: cannot tell which column is {first} and which is {second}: {listed}; {why}. "
        "Add a header row naming the languages (e.g. {source}<TAB>{target}), or set "
        "task.source_column and task.target_column (counted from 0), e.g. --set "
        "task.source_column=0 --set task.target_column=1",
        where=where,
        first=language_label(langs[0]),
        second=language_label(langs[1]),
        listed=joined(", ", listed),
        why=why,
        source=langs[0],
        target=langs[1],
    )
