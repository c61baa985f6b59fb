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
                    f"{where}: variants {other.label!r} and {variant.label!r} have the same "
                    "settings, so they would draw the same curves; change a setting of one"
                )
    return variants


def _check_count(raw: Any, where: str) -> None:
    """ConfigError unless `raw` is a list of MIN_VARIANTS to MAX_VARIANTS items."""
    if not isinstance(raw, list):
        raise ConfigError(
            f"{where}: must be a list of variants ({{label: ..., settings: {{...}}}}), "
            f"got {shown(raw)}"
        )
    if len(raw) < MIN_VARIANTS:
        raise ConfigError(
            f"{where}: an experiment compares at least {MIN_VARIANTS} variants, got "
            f"{len(raw)}; add another variant or remove the experiment"
        )
    if len(raw) > MAX_VARIANTS:
        raise ConfigError(
            f"{where}: at most {MAX_VARIANTS} variants train side by side on this machine, "
            f"got {len(raw)}; remove {len(raw) - MAX_VARIANTS}"
        )


def _variant(item: Any, here: str, taken: list[str]) -> Variant:
    """One variant, `here` in the list, its label not one of the `taken` ones."""
    if not isinstance(item, dict):
        raise ConfigError(
            f"{here}: must be a mapping {{label: ..., settings: {{...}}}}, got {shown(item)}"
        )
    unknown = sorted(set(item) - {"label", "settings"})
    if unknown:
        raise ConfigError(
            f"{here}.{unknown[0]}: unknown key; a variant has a label and its settings"
        )
    label = _label(item.get("label"), here, taken)
    settings = item.get("settings", {})
    if settings is None:
        settings = {}
    if not isinstance(settings, dict):
        raise ConfigError(
            f"{here}.settings: must map setting paths to values, e.g. "
            f"{{grpo.num_generations: 2}}, got {shown(settings)}"
        )
    for path in settings:
        _check_path(str(path), f"{here} ({label})")
    return Variant(label, {str(k): v for k, v in settings.items()})


def _label(label: Any, here: str, taken: list[str]) -> str:
    """A variant's label, stripped: a short name of its own for the legend."""
    if not isinstance(label, str) or not label.strip():
        raise ConfigError(
            f'{here}.label: give each variant a short name for the legend, e.g. "G=2"'
        )
    label = label.strip()
    if len(label) > MAX_LABEL:
        raise ConfigError(
            f"{here}.label: {label[:40]!r} is longer than {MAX_LABEL} characters; a "
            'legend needs a short name such as "beta 0.04"'
        )
    if label in taken:
        raise ConfigError(f"{here}.label: {label!r} names two variants; name each its own")
    return label


def _check_path(path: str, who: str) -> None:
    if not path.startswith(VARIABLE):
        raise ConfigError(
            f"{who}: {path} cannot differ between variants: they share the model, the "
            "task, the data and the warm-up; a variant changes grpo.* or stages.grpo.* "
            "settings (group size, beta, the learning rate, a shuffled reward)"
        )


def describe(variants: list[Variant]) -> str:
    """The variants in one line for a log: 'G=2 (grpo.num_generations=2) | G=16 (...)'."""
    parts = []
    for v in variants:
        changed = ", ".join(f"{k}={shown(val)}" for k, val in v.settings.items())
        parts.append(f"{v.label} ({changed or 'as the preset'})")
    return " | ".join(parts)
