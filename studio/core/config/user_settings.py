"""Which settings are the user's: the record a config carries.

The studio fits some settings itself: `task.fit_to_data` to the size of the user's data,
a memory budget's levers to the machine. What the user set wins over what the studio
fits, so a config records the settings the user gave, as dotted paths, in its `user_set`
field; and because it is a field, the record goes wherever the config goes: into the
run's config.yaml, back out of it when the run resumes (a resumed run neither re-fits
what the user set nor loses the record), into a preset saved from the window.

Where the record comes from:

- the command line: each `--set` key and each option that sets a field (--steps,
  --data_path, --device, --amp, --memory_budget, --save_dir); the Python API alike: each
  key of `settings` (load_preset, configure and the helpers over it);
- the window's Settings form: each field whose value the user changed from the config
  the form showed (a file chosen in the Data tab, a column picked, count too);
- a preset or lesson file of the user's own: every key written in it, as opposed to the
  defaults it leaves out; unless the file holds a `user_set` record (the studio wrote it:
  a run's config.yaml, a preset or lesson saved from the window), which then says.

A shipped preset's values are the studio's defaults, tuned for its demo data: they are
what a fit may replace, so none of their keys is the user's. A run folder's config.yaml
written before the record existed has none: nothing in it is known to be the user's.

A path may name a field ("eval.every"), a section ("stages.warmup", all of its fields)
or a key under a mapping field ("grpo.reward_weights.chrf"). What a fit does with the
record (keeps those settings, and says so) is fit.py's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from studio.core.config.fields import to_dict

RECORD = "user_set"  # the config field (and YAML key) that holds the record


def leaf_paths(data: Any, prefix: str = "") -> list[str]:
    """The dotted paths of the values in nested mappings: {"eval": {"every": 0}} ->
    ["eval.every"]. A value that is not a mapping (or an empty one) is a leaf."""
    return list(_flat(data, prefix))


def given_paths(keys: Iterable[str], value: Any) -> list[str]:
    """What one override sets: `stages.warmup` = {steps: 1} -> ["stages.warmup.steps"]."""
    return leaf_paths(value, ".".join(keys))


def covers(user_set: Iterable[str], path: str) -> bool:
    """Whether the record names `path`: itself, a section above it, or a key under it."""
    return any(
        path == given or path.startswith(given + ".") or given.startswith(path + ".")
        for given in user_set
    )


def merged(user_set: Iterable[str], paths: Iterable[str]) -> list[str]:
    """The record with `paths` added, sorted, each once."""
    return sorted({*user_set, *paths} - {RECORD})


def changed_paths(before: Any, after: Any) -> list[str]:
    """The leaves whose values differ between two configs (or their dicts): what an edit
    of the window's form changed."""
    old, new = _flat(to_dict(before)), _flat(to_dict(after))
    return sorted(p for p in old.keys() | new.keys() if old.get(p) != new.get(p))


def user_settings(cfg: Any) -> dict[str, Any]:
    """The settings the user gave, dotted path -> value, one per field (a section in the
    record gives each of its fields): what a fit leaves alone."""
    record = getattr(cfg, RECORD)
    return {p: v for p, v in _flat(to_dict(cfg)).items() if p != RECORD and covers(record, p)}


def _flat(data: Any, prefix: str = "") -> dict[str, Any]:
    """Leaf path -> value, as leaf_paths walks them."""
    if not isinstance(data, Mapping) or not data:
        return {prefix: data} if prefix else {}
    out: dict[str, Any] = {}
    for key, value in data.items():
        out.update(_flat(value, f"{prefix}.{key}" if prefix else str(key)))
    return out
