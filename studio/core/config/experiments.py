"""An experiment: two to four variants of one preset that differ in a few GRPO settings,
trained side by side (training/loop/experiment.py runs them; the window draws them together).

A preset or lesson names its variants under `ui.experiment`:

    ui:
      experiment:
        - {label: "G=2", settings: {grpo.num_generations: 2}}
        - {label: "G=16", settings: {grpo.num_generations: 16}}

A variant may change only `grpo.*` and `stages.grpo.*`: the variants share the model,
the task, the data and the warm-up (the warm-up is trained once and each variant's GRPO
stage starts from it), so what differs between their curves is the GRPO settings alone.
Each variant's config is checked like any preset, and every refusal is one line naming
the variant, the setting and the fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from studio.core.config.fields import ConfigError, shown
from studio.core.messages import Message, joined, say

MIN_VARIANTS = 2
MAX_VARIANTS = 4
MAX_LABEL = 24  # characters: a legend entry and a table row, not a sentence
VARIABLE = ("grpo.", "stages.grpo.")  # the settings a variant may change
WHERE = "ui.experiment"


@dataclass(frozen=True)
class Variant:
    """One side of an experiment: its name in legends and the settings it changes."""

    label: str
    settings: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "settings": dict(self.settings)}


def parse_variants(raw: Any, where: str = WHERE) -> list[Variant]:
    """The variants of `raw` (a preset's ui.experiment, or what the window's editor
    built), checked for shape; an empty list is no experiment. ConfigError otherwise."""
    if raw is None or raw == []:
        return []
    _check_count(raw, where)
    variants: list[Variant] = []
    for i, item in enumerate(raw):
        variants.append(_variant(item, f"{where}[{i}]", [v.label for v in variants]))
    for i, variant in enumerate(variants):
        for other in variants[:i]:
            if variant.settings == other.settings:
                raise ConfigError(
                    say(
                        "{where}: variants {first} and {second} have the same settings, so "
                        "they would draw the same curves; change a setting of one",
                        where=where,
                        first=repr(other.label),
                        second=repr(variant.label),
                    )
                )
    return variants


def _check_count(raw: Any, where: str) -> None:
    """ConfigError unless `raw` is a list of MIN_VARIANTS to MAX_VARIANTS items."""
    if not isinstance(raw, list):
        raise ConfigError(
            say(
                "{where}: must be a list of variants ({{label: ..., settings: {{...}}}}), got "
                "{value}",
                where=where,
                value=shown(raw),
            )
        )
    if len(raw) < MIN_VARIANTS:
        raise ConfigError(
            say(
                "{where}: an experiment compares at least {n} variants, got {got}; add "
                "another variant or remove the experiment",
                where=where,
                n=MIN_VARIANTS,
                got=len(raw),
            )
        )
    if len(raw) > MAX_VARIANTS:
        raise ConfigError(
            say(
                "{where}: at most {n} variants train side by side on this machine, got "
                "{got}; remove {extra}",
                where=where,
                n=MAX_VARIANTS,
                got=len(raw),
                extra=len(raw) - MAX_VARIANTS,
            )
        )


def _variant(item: Any, here: str, taken: list[str]) -> Variant:
    """One variant, `here` in the list, its label not one of the `taken` ones."""
    if not isinstance(item, dict):
        raise ConfigError(
            say(
                "{where}: must be a mapping {{label: ..., settings: {{...}}}}, got {value}",
                where=here,
                value=shown(item),
            )
        )
    unknown = sorted(set(item) - {"label", "settings"})
    if unknown:
        raise ConfigError(
            say(
                "{where}: unknown key; a variant has a label and its settings",
                where=f"{here}.{unknown[0]}",
            )
        )
    label = _label(item.get("label"), here, taken)
    settings = item.get("settings", {})
    if settings is None:
        settings = {}
    if not isinstance(settings, dict):
        raise ConfigError(
            say(
                "{where}: must map setting paths to values, e.g. {{grpo.num_generations: 2}}, "
                "got {value}",
                where=f"{here}.settings",
                value=shown(settings),
            )
        )
    flat = _flattened(settings, f"{here} ({label})")
    for path in flat:
        _check_path(path, f"{here} ({label})")
    return Variant(label, flat)


def _flattened(settings: dict[Any, Any], who: str, prefix: str = "") -> dict[str, Any]:
    """{grpo: {beta: 0.1}} as {grpo.beta: 0.1}: a mapping under a section is its
    settings, written nested; under a setting a variant may change (grpo.reward_weights)
    it is that setting's value.
    A setting given twice (grpo.beta and grpo: {beta}) is refused naming it."""
    flat: dict[str, Any] = {}
    for key, value in settings.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and not path.startswith(VARIABLE):
            inner = _flattened(value, who, path + ".")
        else:
            inner = {path: value}
        for name, given in inner.items():
            if name in flat:
                raise ConfigError(
                    say(
                        "{who}: {path} is given twice; keep one value",
                        who=who,
                        path=name,
                    )
                )
            flat[name] = given
    return flat


def _label(label: Any, here: str, taken: list[str]) -> str:
    """A variant's label, stripped: a short name of its own for the legend."""
    if not isinstance(label, str) or not label.strip():
        raise ConfigError(
            say(
                '{where}: give each variant a short name for the legend, e.g. "G=2"',
                where=f"{here}.label",
            )
        )
    label = label.strip()
    if len(label) > MAX_LABEL:
        raise ConfigError(
            say(
                "{where}: {label} is longer than {n} characters; a legend needs a short name "
                'such as "beta 0.04"',
                where=f"{here}.label",
                label=repr(label[:40]),
                n=MAX_LABEL,
            )
        )
    if label in taken:
        raise ConfigError(
            say(
                "{where}: {label} names two variants; name each its own",
                where=f"{here}.label",
                label=repr(label),
            )
        )
    return label


def _check_path(path: str, who: str) -> None:
    if not path.startswith(VARIABLE):
        raise ConfigError(
            say(
                "{who}: {path} cannot differ between variants: they share the model, the "
                "task, the data and the warm-up; a variant changes grpo.* or stages.grpo.* "
                "settings (group size, beta, the learning rate, a shuffled reward)",
                who=who,
                path=path,
            )
        )


def describe(variants: list[Variant]) -> Message:
    """The variants in one line for a log: 'G=2 (grpo.num_generations=2) | G=16 (...)'."""
    parts = []
    for v in variants:
        changed = ", ".join(f"{k}={shown(val)}" for k, val in v.settings.items())
        said = changed or say("as the preset")
        parts.append(say("{label} ({settings})", label=v.label, settings=said))
    return joined(" | ", parts)
