"""Corrections that readers of a run's translations sent back, as pairs to train on.

A LibreTranslate client (GNOME's Dialect, LibreTranslate's own page) lets its user correct
a translation and send the correction with POST /suggest. The studio's server, started
with `serve --suggestions`, keeps each one in the folder of the run that translated it,
in SUGGESTIONS_FILE (studio/core/serving/suggestion_box.py writes it): a TSV whose first
line names the two languages as the run's task names them, then one pair a line, the
source first, in the run's own direction. It is a file the studio's pair reader takes as
it takes any (studio.core.data.bilingual), so a person can read, edit or delete it too.

`task.suggestions` names such a run folder; the translation task then adds its pairs to
the training split (prepare.py), never to the held-out ones, so the scores stay
comparable with a run trained without them. `suggested_pairs` reads them: the load report
counts them as it counts a file's pairs, a suggestion the data already holds as a
duplicate, each bad line by its reason. `waiting_suggestions` counts a folder's before
any loading, for the window's Data tab to say how many wait.

The setting is off unless the user names a folder: a run trains on the data it is given,
and corrections from strangers join it only when the user asks.
"""

from __future__ import annotations

from pathlib import Path

from studio.core.data.bilingual import FIRST_PAIRS, load_pairs
from studio.core.data.columns import ColumnRequest
from studio.core.data.load_report import DataError, LoadReport
from studio.core.messages import say
from studio.core.tasks.translation.config import TranslationConfig

SUGGESTIONS_FILE = "suggestions.tsv"
MAX_SUGGESTIONS_BYTES = 4 * 1024 * 1024  # the file's bound: some 40,000 sentence pairs

Pair = tuple[str, str]


def header_line(source_lang: str, target_lang: str) -> str:
    """The file's first line: the languages of its two columns, which the pair reader
    matches to a task's languages whichever way that task translates."""
    return f"{source_lang}\t{target_lang}\n"


def suggestion_line(source: str, target: str) -> str:
    """One pair as a line of the file: each side's whitespace (tabs and line breaks
    included) made single spaces, so a pair is always one line of two cells."""
    return " ".join(source.split()) + "\t" + " ".join(target.split()) + "\n"


def waiting_suggestions(folder: str | Path) -> int | None:
    """How many corrections `folder`'s SUGGESTIONS_FILE holds (its lines but the header and
    blank ones); None when the folder has no such file or it cannot be read."""
    path = Path(folder).expanduser() / SUGGESTIONS_FILE
    try:
        with path.open("rb") as f:
            data = f.read(MAX_SUGGESTIONS_BYTES + 1)  # the writer's bound: read no more
    except OSError:  # none, a folder, unreadable: nothing to count
        return None
    lines = [line for line in data.splitlines()[1:] if line.strip()]
    return len(lines)


def suggested_pairs(cfg: TranslationConfig, known: set[Pair]) -> tuple[list[Pair], LoadReport]:
    """The pairs of task.suggestions' file that `known` (the data's pairs) lacks, and the
    file's load report; DataError naming the setting when there is no such file."""
    folder = Path(cfg.suggestions or "").expanduser()
    path = folder / SUGGESTIONS_FILE
    if not path.is_file():
        raise DataError(
            say(
                "task.suggestions: {path} does not exist; serve that run with `grpo-studio "
                "serve RUN --suggestions` and send corrections from a client, or clear "
                "task.suggestions",
                path=path,
            )
        )
    request = ColumnRequest(source_lang=cfg.source_lang, target_lang=cfg.target_lang)
    pairs, report = load_pairs(path, columns=request)
    new: list[Pair] = []
    lines: list[int] = []
    for pair, line in zip(pairs, report.kept_lines, strict=True):
        if pair in known:
            report.skip("duplicate", line)
        else:
            new.append(pair)
            lines.append(line)
    if "duplicate" in report.skipped:
        report.skipped["duplicate"].sort()
    report.kept, report.kept_lines = len(new), lines
    report.first_pairs = new[:FIRST_PAIRS]
    return new, report
