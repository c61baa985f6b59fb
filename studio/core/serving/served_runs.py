"""The runs one server translates with, and the language pairs they cover.

`grpo-studio serve RUN_A RUN_B ...` and the window's server open each run folder once
(`open_runs`): a translation run's model in PyTorch or its ONNX export, behind a live
translator and its cache (live_translation.py). A run translates source_lang ->
target_lang, and a run trained both ways (task.both_directions, directions.py) the way
back as well, by the direction tag it was trained with. `ServedRuns` maps each (source,
target) pair to the run and tag that translate it (a `Way`), lists the pairs for
/languages, and ranks the languages a text may be written in when a client asks for
"auto" (language_id.rank_languages).

Languages are named by the codes LibreTranslate reports (language_codes.py): a client's
"zh", "zh-CN" or "Chinese" reads as "zh-Hans". A both-ways run's direction tags keep the
languages as its task names them ("<2zh>"), whatever code the server answers with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from studio.core.data.language_id import rank_languages
from studio.core.messages import say
from studio.core.runs.loading import load_run_config
from studio.core.serving.engines import ServingError, has_export
from studio.core.serving.language_codes import served_code
from studio.core.serving.live_translation import LiveTranslator
from studio.core.serving.translation_backends import open_backend
from studio.core.tasks.translation.config import TranslationConfig, TranslationError


@dataclass(frozen=True)
class ServedRun:
    """One run behind the server."""

    name: str  # the run folder's name: answers name a run by it, never by its full path
    translator: LiveTranslator
    source_lang: str  # as the run's task names them: its direction tags' languages
    target_lang: str
    both_directions: bool
    folder: Path | None = None  # the run folder (where its suggestions go); None: not known

    @property
    def ways(self) -> list[Way]:
        source, target = served_code(self.source_lang), served_code(self.target_lang)
        ways = [Way(source, target, self, self.both_directions)]
        if self.both_directions:
            ways.append(Way(target, source, self, True))
        return ways

    def trained_lang(self, code: str) -> str:
        """The language of served code `code` as the run's task names it."""
        return self.source_lang if served_code(self.source_lang) == code else self.target_lang


@dataclass(frozen=True)
class Way:
    """A language pair and the run that translates it."""

    source: str  # served codes (language_codes.py)
    target: str
    run: ServedRun
    tagged: bool  # a both-ways run: each sentence gets the tag of `target`

    @property
    def name(self) -> str:
        return f"{self.source}->{self.target}"

    @property
    def write_lang(self) -> str | None:
        """The language tag the sentences carry (None: a one-way run's own direction)."""
        return self.run.trained_lang(self.target) if self.tagged else None

    @property
    def reversed(self) -> bool:
        """Whether this way translates the run's target language into its source."""
        return self.source != served_code(self.run.source_lang)


class ServedRuns:
    """The runs of one server and the ways they translate; two runs of one pair are
    refused (which would answer would be a guess)."""

    def __init__(self, runs: Sequence[ServedRun]) -> None:
        if not runs:
            raise ServingError(say("give at least one translation run to serve"))
        self.runs = list(runs)
        self.ways: dict[tuple[str, str], Way] = {}
        for run in self.runs:
            for way in run.ways:
                other = self.ways.get((way.source, way.target))
                if other is not None:
                    raise ServingError(
                        say(
                            "{run} and {other} both translate {way}; serve one of them",
                            run=run.name,
                            other=other.run.name,
                            way=way.name,
                        )
                    )
                self.ways[way.source, way.target] = way

    @property
    def sources(self) -> list[str]:
        return list(dict.fromkeys(source for source, _ in self.ways))

    @property
    def languages(self) -> list[str]:
        """Every language served, from or into, in the order the runs name them."""
        return list(dict.fromkeys(lang for pair in self.ways for lang in pair))

    def targets(self, source: str) -> list[str]:
        return sorted(target for s, target in self.ways if s == source)

    def pairs_text(self) -> str:
        """ "zh->en, en->zh": what a client is told it may ask for."""
        return ", ".join(way.name for way in self.ways.values())

    def way(self, source: str, target: str) -> Way:
        """The way from `source` to `target`, or a ServingError naming the pairs served."""
        way = self.ways.get((source, target))
        if way is None:
            raise ServingError(
                say(
                    "no run here translates {source}->{target}; this server translates {pairs}",
                    source=source,
                    target=target,
                    pairs=self.pairs_text(),
                )
            )
        return way

    def detect(self, text: str, target: str | None = None) -> list[tuple[str, float]]:
        """The languages `text` may be written in, best first, with a confidence 0..1:
        every language served; or, to translate into `target`, those translated from and
        `target` itself (a text already in the target language needs no translation)."""
        candidates = self.languages if target is None else [*self.sources, target]
        return rank_languages(text, list(dict.fromkeys(candidates)))


def open_run(run_dir: Path, *, onnx: bool | None = False, threads: int = 1) -> ServedRun:
    """A translation run ready to serve: its latest checkpoint, or (onnx) its export;
    onnx None: the export when the run has one (faster on a CPU), else the checkpoint."""
    run_dir = Path(run_dir)
    cfg = load_run_config(run_dir)
    task = cfg.task
    if not isinstance(task, TranslationConfig):
        raise TranslationError(
            say(
                "{path}: a run of the {task} task, not translation; give the folder of a "
                "Tiny-Transformer translation run",
                path=run_dir,
                task=task.NAME,
            )
        )
    if onnx is None:
        onnx = has_export(run_dir, cfg.model.ARCH)
    backend = open_backend(run_dir, onnx=onnx, onnx_threads=threads)
    return ServedRun(
        name=run_dir.resolve().name,
        translator=LiveTranslator(backend),
        source_lang=task.source_lang,
        target_lang=task.target_lang,
        both_directions=task.both_directions,
        folder=run_dir,
    )


def open_runs(
    run_dirs: Sequence[Path], *, onnx: bool | None = False, threads: int = 1
) -> ServedRuns:
    return ServedRuns([open_run(Path(d), onnx=onnx, threads=threads) for d in run_dirs])
