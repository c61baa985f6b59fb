"""A file of sentences in one language, or in both, beside the pairs (`task.text_path`).

A person building a translator rarely has many pairs but often has plenty of text in one
of the two languages. This module reads such a file (one sentence a line) and sorts its
lines by language the way a pair file's columns are matched to the task's languages
(studio.core.data.columns): by script when the two languages are written differently
(zh and en: each line by its own letters), else by the language identifier restricted to
the pair (en and fr: the whole file when it is clearly one language, each line when it
mixes the two). A file mixing both languages is split into the two sides.

Nothing is skipped without a count: the load report says the lines read, the sentences
kept in each language, and the duplicates, the lines in neither language, the empty,
undecodable and too long ones dropped. A file that cannot be meant here (missing, empty,
a tab-separated pair file, or a file in a third language) is refused in one line with
the fix, before any training, so nothing saved is lost.

What each side is for: target-language sentences become synthetic pairs by
back-translation (back_translation.py) when `task.back_translation` is on; source-language
sentences become GRPO prompts scored by the round trip (round_trip.py) when the model
translates both ways.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from studio.core.data.columns import SAMPLE_ROWS
from studio.core.data.language_id import column_language, rank_languages
from studio.core.data.languages import language_label, script_of, text_script
from studio.core.data.load_report import DataError
from studio.core.data.pair_files import LINE_GROWTH, SMALLER
from studio.core.files import RunError, read_within_memory
from studio.core.messages import Message, joined, say
from studio.core.tasks.translation.back_translation import describe
from studio.core.tasks.translation.config import TranslationConfig
from studio.core.tasks.translation.round_trip import round_trip_report
from studio.core.tasks.translation.text_fit import round_trip_left_off

PAIR_SHARE = 0.5  # a file with a tab on at least this share of its lines is a pair file
WHOLE_SHARE = 0.9  # line-by-line answers that must agree before the whole file is one language
SHOWN_LINES = 5  # line numbers a report names for one reason

# why a line was dropped, in the order the report says them
EMPTY, UNDECODABLE, DUPLICATE, NEITHER, TOO_LONG = (
    "empty",
    "undecodable",
    "duplicate",
    "neither",
    "too long",
)


@dataclass
class OneLanguageText:
    """What a one-language file gave: its distinct sentences per language (in file order)
    and every line dropped, by why."""

    path: str
    langs: tuple[str, str]  # (source, target), as the task names them
    read: int  # lines read
    sentences: dict[str, list[str]]  # language -> its sentences
    dropped: dict[str, list[int]] = field(default_factory=dict)  # why -> line numbers
    found_by: str = ""  # how the lines' languages were found: a message

    @property
    def source(self) -> list[str]:
        return self.sentences[self.langs[0]]

    @property
    def target(self) -> list[str]:
        return self.sentences[self.langs[1]]

    def summary(self) -> Message:
        """One line: lines read, kept per language and how found, and each drop counted."""
        src, tgt = self.langs
        kept = say(
            "kept {n_source} in {source} and {n_target} in {target} ({how})",
            n_source=f"{len(self.source):,}",
            source=language_label(src),
            n_target=f"{len(self.target):,}",
            target=language_label(tgt),
            how=self.found_by,
        )
        parts = [say("{n} lines read", n=f"{self.read:,}"), kept]
        drops = [_dropped(why, lines) for why, lines in self.dropped.items() if lines]
        if drops:
            parts.append(say("dropped {drops}", drops=joined(", ", drops)))
        return say("one-language text {path}: {parts}", path=self.path, parts=joined("; ", parts))


def _dropped(why: str, lines: list[int]) -> Message:
    """ "2 duplicates (lines 4, 9)": the lines dropped for one reason."""
    n = f"{len(lines):,}"
    shown = ", ".join(str(i) for i in lines[:SHOWN_LINES]) + (
        ", ..." if len(lines) > SHOWN_LINES else ""
    )
    where = (
        say("line {numbers}", numbers=shown)
        if len(lines) == 1
        else say("lines {numbers}", numbers=shown)
    )
    if why == EMPTY:
        return say("{n} empty ({where})", n=n, where=where)
    if why == UNDECODABLE:
        return say("{n} undecodable ({where})", n=n, where=where)
    if why == DUPLICATE and len(lines) == 1:
        return say("{n} duplicate ({where})", n=n, where=where)
    if why == DUPLICATE:
        return say("{n} duplicates ({where})", n=n, where=where)
    if why == NEITHER:
        return say("{n} in neither language of the pair ({where})", n=n, where=where)
    return say("{n} too long for data.max_length ({where})", n=n, where=where)


def read_text(
    path: str | Path,
    langs: tuple[str, str],
    max_length: int,
    lengths: dict[str, Callable[[str], int]],
) -> OneLanguageText:
    """The file's sentences sorted by language, as the module says; `lengths`: each
    language's token count (the tokenizer that reads or writes it), against max_length.
    DataError for a file that cannot be meant here, naming the fix."""
    p = Path(path).expanduser()
    lines, dropped = _lines(p)
    _refuse_pairs(p, [line for _, line in lines])
    if not lines:
        raise DataError(
            say(
                "{path}: holds no sentence ({n} lines, none with text); give one sentence a "
                "line, in {source} or {target}, or clear task.text_path",
                path=p,
                n=f"{sum(len(v) for v in dropped.values()):,}",
                source=language_label(langs[0]),
                target=language_label(langs[1]),
            )
        )
    found, how = line_languages([line for _, line in lines], langs)
    text = OneLanguageText(str(p), langs, 0, {lang: [] for lang in langs}, dropped, how)
    text.read = len(lines) + sum(len(v) for v in dropped.values())
    for (number, line), lang in zip(lines, found):
        if lang is None:
            dropped.setdefault(NEITHER, []).append(number)
        elif lengths[lang](line) > max_length:
            dropped.setdefault(TOO_LONG, []).append(number)
        else:
            text.sentences[lang].append(line)
    if not text.source and not text.target:
        _refuse_empty(text, lines)
    text.dropped = {why: sorted(v) for why, v in _ordered(dropped).items()}
    return text


def _ordered(dropped: dict[str, list[int]]) -> dict[str, list[int]]:
    order = (DUPLICATE, NEITHER, EMPTY, UNDECODABLE, TOO_LONG)
    return {why: dropped[why] for why in order if dropped.get(why)}


def _lines(p: Path) -> tuple[list[tuple[int, str]], dict[str, list[int]]]:
    """(line number, text) of each distinct non-empty line, and the lines dropped."""
    if not p.is_file():
        raise DataError(
            say(
                "{path}: no such file; task.text_path names a text file of sentences, one a line",
                path=p,
            )
        )
    try:
        whole = read_within_memory(p, LINE_GROWTH, SMALLER)
    except RunError as err:  # larger than memory can take, or a named pipe
        raise DataError(str(err)) from None
    dropped: dict[str, list[int]] = {}
    seen: set[str] = set()
    kept: list[tuple[int, str]] = []
    for number, raw in enumerate(whole.removeprefix(b"\xef\xbb\xbf").splitlines(), 1):
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            dropped.setdefault(UNDECODABLE, []).append(number)
            continue
        why = EMPTY if not line else DUPLICATE if line in seen else ""
        if why:
            dropped.setdefault(why, []).append(number)
            continue
        seen.add(line)
        kept.append((number, line))
    return kept, dropped


def _refuse_pairs(p: Path, lines: list[str]) -> None:
    """A tab-separated pair file given as one-language text: refused, naming where it goes."""
    tabbed = sum("\t" in line for line in lines)
    if lines and tabbed >= PAIR_SHARE * len(lines):
        raise DataError(
            say(
                "{path}: {n} of its {total} lines hold tab-separated columns, as a pair file "
                "does; give a pair file as data.path, and task.text_path a file of sentences "
                "alone, one a line",
                path=p,
                n=f"{tabbed:,}",
                total=f"{len(lines):,}",
            )
        )


def _refuse_empty(text: OneLanguageText, lines: list[tuple[int, str]]) -> None:
    """No line kept: in a third language, or every one too long; refused with the fix."""
    src, tgt = (language_label(lang) for lang in text.langs)
    if not text.dropped.get(NEITHER):
        raise DataError(
            say(
                "{path}: every sentence is longer than data.max_length tokens; raise "
                "data.max_length (and model.max_len), or give shorter sentences",
                path=text.path,
            )
        )
    sample = lines[0][1]
    script = text_script(sample)
    raise DataError(
        say(
            "{path}: none of its lines is in {source} or {target} (e.g. {sample}, {script} "
            "script); give sentences in one of the pair's languages, or set task.source_lang "
            "and task.target_lang to the languages of your text",
            path=text.path,
            source=src,
            target=tgt,
            sample=repr(sample[:40]),
            script=script or say("no letters"),
        )
    )


def line_languages(lines: list[str], langs: tuple[str, str]) -> tuple[list[str | None], Message]:
    """Each line's language (None: neither of `langs`), and how they were found: by script
    when the two are written differently, else by the language identifier (columns.py)."""
    scripts = [script_of(lang) for lang in langs]
    if scripts[0] and scripts[1] and scripts[0] != scripts[1]:
        by_script = {scripts[0]: langs[0], scripts[1]: langs[1]}
        return [by_script.get(text_script(line) or "") for line in lines], say("by script")
    script = scripts[0]
    written = [not script or text_script(line) == script for line in lines]
    each = [_best(line, langs) if ok else None for line, ok in zip(lines, written)]
    answered = [lang for lang in each if lang]
    # a line the identifier cannot call ("Go.") goes with most of the file
    most = max(langs, key=answered.count)
    each = [most if lang == "" else lang for lang in each]
    # one short line is a poor guess; a file that is clearly one language is so whole
    sample = " ".join(line for line, ok in zip(lines[:SAMPLE_ROWS], written) if ok)
    whole = column_language(sample, langs)
    if whole and answered and answered.count(whole) >= WHOLE_SHARE * len(answered):
        return [whole if ok else None for ok in written], say("by language identification")
    return each, say("by language identification, line by line")


def _best(line: str, langs: tuple[str, str]) -> str | None:
    """The more likely of the pair's languages for one line; "" when the identifier
    rates them alike; None when the line has no letters of theirs."""
    (best, confidence), (_, second) = rank_languages(line, list(langs))
    if confidence <= 0:
        return None
    return best if confidence > second else ""


def text_report(cfg: TranslationConfig, text: OneLanguageText, *, fitted: bool) -> list[str]:
    """The load report's lines: what the file gave, and what each language's sentences
    are used for (or that they are not, and why: the fit's reason when it chose,
    `fitted`). Back-translation with no target-language sentence to translate, and a
    round trip that cannot run (round_trip.round_trip_report), are refused, naming the
    fix."""
    lines: list[str] = [text.summary()]
    if cfg.renamed:  # a config written before the setting took either language
        lines.append(
            say(
                "task.monolingual_path is the former name of task.text_path: read as "
                "task.text_path (a config saved from now on writes the new name)"
            )
        )
    target = language_label(cfg.target_lang)
    if cfg.back_translation and not text.target:
        raise DataError(
            say(
                "task.back_translation: {path} holds no {target} sentence to back-translate; "
                "give sentences in {target}, or turn task.back_translation off",
                path=text.path,
                target=target,
            )
        )
    if cfg.back_translation:
        lines.append(describe(cfg, len(text.target)))
    elif text.target:
        lines.append(
            say(
                "the {n} {target} sentences are not used: task.back_translation is off; turn "
                "it on to back-translate them into pairs for the warm-up",
                n=f"{len(text.target):,}",
                target=target,
            )
        )
    one_way = not cfg.both_directions and not cfg.round_trip_share
    if fitted and text.source and text.target and one_way:
        lines.append(round_trip_left_off(cfg, len(text.source)))
    else:
        lines += round_trip_report(cfg, text.path, len(text.source), bool(text.target))
    return lines
