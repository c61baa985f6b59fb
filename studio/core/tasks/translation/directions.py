"""One model, both ways: a tag on the source names the language to write.

With `task.both_directions` every sentence pair teaches the Tiny-Transformer twice:
source_lang -> target_lang with `<2en> ` (the target language's code) before the source,
and target_lang -> source_lang with `<2zh> ` before the target. The encoder reads both
languages and the decoder writes both, so one model (one set of weights, one budget)
serves both directions; the tag alone says which to take. Translating then means
putting the tag of the wanted language before the sentence (`tagged`).

References: Johnson et al. 2017, "Google's Multilingual Neural Machine Translation
System: Enabling Zero-Shot Translation" (the target-language token).
"""

from __future__ import annotations

from dataclasses import dataclass

from studio.core.tasks.translation.config import TranslationConfig


def direction_token(lang: str) -> str:
    """The tag (one token of the source tokenizer) that asks for `lang`: "<2en>"."""
    return f"<2{lang}>"


def direction_tag(lang: str) -> str:
    """The source prefix that asks for `lang`: "<2en> "."""
    return direction_token(lang) + " "


def tagged(sentence: str, lang: str) -> str:
    return direction_tag(lang) + sentence


def direction_tokens(cfg: TranslationConfig) -> list[str]:
    """The direction tags a source may begin with: both languages' for a both-ways run."""
    if not cfg.both_directions:
        return []
    return [direction_token(cfg.target_lang), direction_token(cfg.source_lang)]


def written_lang(tags: list[str], default: str) -> str:
    """The language a source's leading tags ask for ("<2zh>" -> "zh"), else `default`."""
    for tag in tags:
        if tag.startswith("<2") and tag.endswith(">"):
            return tag[2:-1]
    return default


def both_ways(
    pairs: list[tuple[str, str]], source_lang: str, target_lang: str
) -> list[tuple[str, str]]:
    """Each (source, target) pair as two tagged examples, one each way."""
    forward = [(tagged(s, target_lang), t) for s, t in pairs]
    backward = [(tagged(t, source_lang), s) for s, t in pairs]
    return forward + backward


@dataclass
class HeldOutWay:
    """Held-out pairs read in one direction: what the model is given and should write."""

    source_lang: str
    target_lang: str
    sources: list[str]
    references: list[str]

    @property
    def name(self) -> str:
        return f"{self.source_lang}->{self.target_lang}"


def held_out_ways(pairs: list[tuple[str, str]], cfg: TranslationConfig) -> list[HeldOutWay]:
    """The held-out pairs as the model is scored on them: source_lang -> target_lang, and
    for a both-ways model (cfg.both_directions) the other way too, each source tagged."""
    sources, targets = [s for s, _ in pairs], [t for _, t in pairs]
    if not cfg.both_directions:
        return [HeldOutWay(cfg.source_lang, cfg.target_lang, sources, targets)]
    return [
        HeldOutWay(
            cfg.source_lang, cfg.target_lang, [tagged(s, cfg.target_lang) for s in sources], targets
        ),
        HeldOutWay(
            cfg.target_lang, cfg.source_lang, [tagged(t, cfg.source_lang) for t in targets], sources
        ),
    ]
