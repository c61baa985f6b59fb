"""One settings fit: what the studio proposes for a run, applied, and what the user set, kept.

Three parts of the studio change a run's settings for the user: the data fit (a task's
settings for the size of the user's file), the memory budget (its levers, from splitting
batches to lowering G) and the time budget (the stages' steps). Each is a proposer: it
says what it would set as plain data, a `Proposal` a setting (the dotted path, the value,
the reason in one line). `settle` decides, and `apply_fit` does it to a config: a setting
the user set (StudioConfig.user_set, user_settings.py) is kept as they set it and said in
one line ("eval.every: kept at 0, you set it; the fit would choose 500"); the others
change, each with its reason. What the user gives (--set, the API's configure) joins
the record here too (`user_gives`), so that a later fit leaves it alone.

A proposal may carry out a setting of the user's rather than replace it (`keeps_meaning`:
a batch split into micro-batches keeps the examples per optimizer step the user set):
it is made all the same, and the fit names whose setting it changed (`yours`).

The same path proposed twice, by two proposers, is settled by the later proposal. The
proposers run in the order a run is planned (the data fit when the task is built, then
the memory budget, then the time budget), each from the settings the ones before it
chose, so the later one has seen the earlier's value: a time budget's shorter warm-up
stands over the data fit's cap on it, as it does when the fits are applied one by one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from studio.core.config.fields import apply_override
from studio.core.config.user_settings import RECORD, covers, given_paths, merged, user_settings
from studio.core.messages import Message, say

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig


@dataclass(frozen=True)
class Proposal:
    """A value a fit proposes for one setting, and why."""

    path: str  # the setting's dotted path: "eval.every"
    value: Any  # what the fit would set it to
    reason: str  # one line, "eval.every 500: ..."; "" when a neighbour's line says it
    # how a kept line ends: what the fit would do instead ("the budget would lower it");
    # "" says "the fit would choose <value>"
    would: str = ""
    # made to a setting the user set too: it carries out what they set (the same examples
    # per optimizer step in smaller micro-batches), it does not replace it
    keeps_meaning: bool = False

    def would_do(self) -> str:
        return self.would or say("the fit would choose {value}", value=setting_shown(self.value))


@dataclass
class SettingsFit:
    """What a fit made of its proposals: the settings it sets, with their reasons; the
    settings the user set, kept, with their lines; and the user's settings it changed
    all the same because the proposal keeps what they meant."""

    settings: dict[str, Any] = field(default_factory=dict)  # path -> value, as applied
    notes: list[str] = field(default_factory=list)  # the reasons of those, in order
    kept: dict[str, str] = field(default_factory=dict)  # path -> "...: kept at ..., you set it"
    yours: list[str] = field(default_factory=list)  # paths the user set, changed (keeps_meaning)

    @property
    def kept_lines(self) -> list[str]:
        return list(self.kept.values())


def taken(proposal: Proposal, user_set: Iterable[str]) -> bool:
    """Whether a fit makes `proposal`: not when the user set its path (`user_set`, the
    record or the paths of the settings they gave), unless it keeps what they meant."""
    return proposal.keeps_meaning or not covers(user_set, proposal.path)


def latest(proposals: Iterable[Proposal]) -> list[Proposal]:
    """Each path's last proposal, in the order the last ones came (see the module's
    docstring: the later proposer has seen the earlier's value)."""
    last: dict[str, Proposal] = {}
    for proposal in proposals:
        last.pop(proposal.path, None)
        last[proposal.path] = proposal
    return list(last.values())


def settle(proposals: Iterable[Proposal], user: Mapping[str, Any]) -> SettingsFit:
    """Which of `proposals` are made, against the settings the user gave (`user`, dotted
    path -> value, as user_settings() gives them): every setting of theirs is kept and
    said, unless the proposal keeps what they meant."""
    fit = SettingsFit()
    for proposal in latest(proposals):
        path = proposal.path
        if not taken(proposal, user):
            fit.kept[path] = kept_line(path, _users_value(user, path), proposal.would_do())
            continue
        fit.settings[path] = proposal.value
        if proposal.reason:
            fit.notes.append(proposal.reason)
        if covers(user, path):
            fit.yours.append(path)
    return fit


def apply_fit(
    cfg: StudioConfig, proposals: Iterable[Proposal], *, resumed: bool = False
) -> SettingsFit:
    """Settle `proposals` against the settings the user gave in `cfg` and set the rest on
    it. A `resumed` run's config already holds what the fit chose when the run started,
    so a value that differs from its proposal now was changed in its config.yaml since:
    it is the user's, kept, and joins the record."""
    proposals = latest(proposals)
    user = user_settings(cfg)
    if resumed:
        since = {
            p.path: get_path(cfg, p.path)
            for p in proposals
            if not covers(user, p.path) and get_path(cfg, p.path) != p.value
        }
        cfg.user_set = merged(cfg.user_set, since)
        user.update(since)
    fit = settle(proposals, user)
    for path, value in fit.settings.items():
        set_path(cfg, path, value)
    return fit


def user_gives(
    data: dict[str, Any], settings: Iterable[tuple[Sequence[str], Any]], record: Iterable[str]
) -> list[str]:
    """Settings the user gives ((keys, value) each: --set, the API's configure) written
    into a config's `data` (as config_to_dict or a preset file holds it), and their paths
    joined to `record` as its RECORD: a later fit leaves them as given. The paths given."""
    given: list[str] = []
    for keys, value in settings:
        apply_override(data, list(keys), value)
        given += given_paths(keys, value)
    data[RECORD] = merged(record, given)
    return given


def _users_value(user: Mapping[str, Any], path: str) -> Any:
    """The user's value at `path`: itself, or the keys they gave under it (a mapping)."""
    if path in user:
        return user[path]
    return {p[len(path) + 1 :]: v for p, v in user.items() if p.startswith(path + ".")}


def get_path(cfg: Any, path: str) -> Any:
    """The value at a dotted path of a config: get_path(cfg, "eval.every")."""
    node = cfg
    for part in path.split("."):
        node = getattr(node, part)
    return node


def set_path(cfg: Any, path: str, value: Any) -> None:
    """Set the value at a dotted path of a config."""
    *parents, name = path.split(".")
    node = cfg
    for part in parents:
        node = getattr(node, part)
    setattr(node, name, value)


# ---- how a fit says what it kept


def setting_shown(value: Any) -> str:
    """A setting's value as a report line shows it: 1,000; 0.5; empty (None or a blank
    text, as the settings form says it); true."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return say("empty")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def kept_line(path: str, value: Any, would: str) -> Message:
    """'eval.every: kept at 0, you set it; the fit would choose 500': a setting a fit
    leaves as the user set it, and what the fit would have done (`would`, whole)."""
    return say(
        "{path}: kept at {value}, you set it; {would}",
        path=path,
        value=setting_shown(value),
        would=would,
    )
