"""What a chart says in words, from the metric catalogue: curve names, the legend line,
the "?" help, and what an empty chart waits for.

The catalogue's own strings (studio.core.training.reporting.metrics) are shown through
QCoreApplication.translate("metrics", ...); the charts' own words use the context
"MetricChart", as the chart's tr() does.
"""

from __future__ import annotations

import html
from typing import NamedTuple

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from studio.app.views.charts.series import MetricStore
from studio.core.tasks.reward_kinds import KINDS, PARTS_CONTEXT
from studio.core.training.reporting import metrics
from studio.core.training.reporting.metrics import Chart, chart_metrics, find


def translated(text: str) -> str:
    """A catalogue string in the user's language (context "metrics"; see the catalogue)."""
    return QCoreApplication.translate(metrics.CONTEXT, text) if text else ""


def _tr(text: str) -> str:
    return QCoreApplication.translate("MetricChart", text)


def stage_name(stage: str) -> str:
    """A stage's short name on the charts' stage lines ("warmup" -> "warm-up")."""
    return {"warmup": _tr("warm-up"), "grpo": _tr("GRPO")}.get(stage, stage)


# The reward parts the studio's own tasks name (a task's RewardFunction), and the kinds of
# reward check (the registry, tasks/reward_kinds.py; sources.py lists their names), whose
# name a check takes unless it is given one: the window says them in its language. A part
# a preset names itself is shown as named.
REWARD_PARTS = (
    QT_TRANSLATE_NOOP("RewardParts", "correct"),
    QT_TRANSLATE_NOOP("RewardParts", "format"),
    QT_TRANSLATE_NOOP("RewardParts", "partial"),
    QT_TRANSLATE_NOOP("RewardParts", "chrf"),
    QT_TRANSLATE_NOOP("RewardParts", "bleu"),
    QT_TRANSLATE_NOOP("RewardParts", "length"),
    QT_TRANSLATE_NOOP("RewardParts", "return"),
    QT_TRANSLATE_NOOP("RewardParts", "user"),
    QT_TRANSLATE_NOOP("RewardParts", "round_trip"),
)


def reward_part(name: str) -> str:
    """A reward part's name (a reward function's) in the window's language."""
    known = name in REWARD_PARTS or name in KINDS
    return QCoreApplication.translate(PARTS_CONTEXT, name) if known else name


def curve_label(key: str) -> str:
    """A curve's name: the catalogue's label of `key`, translated (a reward part's name
    too); the key if undeclared."""
    metric = find(key)
    if metric is None:
        return key
    return metric.label_for(key, translated(metric.label), reward_part)


def scale_of(key: str) -> float:
    metric = find(key)
    return 1.0 if metric is None else metric.scale


def _escape(text: str) -> str:
    return html.escape(text, quote=False)  # in text, not in an attribute: keep ' and "


def named_label(label: str) -> str:
    """A translated label of a key pattern as help text (HTML): its `<name>` stands for
    each reward function, said in words, not shown as a literal `<name>`."""
    return _escape(label.replace("<name>", "\0")).replace(
        "\0", f"<i>{_escape(_tr('each reward function'))}</i>"
    )


def key_html(key: str) -> str:
    """A recorded key as help text (HTML): `reward/<name>/mean` -> reward/<i>name</i>/mean,
    the part a reward function's name takes in italics, no angle brackets."""
    return _escape(key.replace("<name>", "\0")).replace("\0", f"<i>{_escape(_tr('name'))}</i>")


class LegendEntry(NamedTuple):
    label: str
    colour: str
    dashed: bool = False  # an overlaid run's curve


def legend_html(entries: list[LegendEntry]) -> str:
    """A legend: each curve's name after a stroke of its colour (dashed for an overlaid
    run's); a line too long for the chart breaks between entries, never inside one."""
    return " &nbsp; ".join(
        f"<span style='color:{e.colour}'>{'┅┅' if e.dashed else '━━'}</span>&nbsp;"
        f"{unbroken(e.label)}"
        for e in entries
    )


def unbroken(label: str) -> str:
    """`label` as HTML whose spaces do not break (a legend entry stays whole)."""
    return html.escape(label).replace(" ", "&nbsp;")


def help_html(chart: Chart) -> str:
    """What a chart's metrics mean, and what healthy and a problem look like."""
    parts = [f"<b>{_escape(translated(chart.title))}</b>"]
    for metric in chart_metrics(chart.id):
        if metric.band:
            continue  # said with its mean
        unit = f" ({_escape(translated(metric.unit))})" if metric.unit else ""
        parts.append(
            f"<p><b>{named_label(translated(metric.label))}</b>{unit}: "
            f"{_escape(translated(metric.meaning))}<br>"
            f"<i>{_escape(_tr('Healthy:'))}</i> "
            f"{_escape(translated(metric.healthy))}<br>"
            f"<i>{_escape(_tr('A problem:'))}</i> "
            f"{_escape(translated(metric.problem))}</p>"
        )
    return "".join(parts)


def waiting_for(chart: Chart, store: MetricStore) -> str:
    """What an empty chart waits for, from what the run has recorded so far.

    Only a stage that has recorded a step without this chart's keys (and no later stage
    to come) says the run records nothing here: until then the chart's data may still
    be on its way (a stage just begun, or its first points recorded but not drawn yet)."""
    coming = bool(metrics.curves(chart.id, store.keys()))  # recorded, not drawn yet
    if chart.id in ("eval", "eval_other"):
        if chart.id == "eval_other" and store.headline and not coming:
            return _tr("this task has no other held-out metrics")
        return _tr("waiting for the first evaluation")
    if store.stage == "grpo" and (coming or not store.stage_steps):
        return _tr("waiting for the first GRPO step")
    if coming or not (store.stage_steps or store.series):
        return _tr("waiting for the first step")
    if store.stage != "grpo" and (not store.planned or "grpo" in store.planned):
        return _tr("waiting for GRPO")  # the warm-up: sampled groups are GRPO's only
    return _tr("this run records nothing for this chart")
