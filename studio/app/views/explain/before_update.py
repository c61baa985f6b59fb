"""One GRPO step's group explained in plain language with its numbers, as HTML: the
step's numbers before the update.

The Explain tab (panel.py) renders a group of a step record's `samples` (the
entries studio.core.training.steps.explain documents) in six parts. This module writes the first
four: the prompt; the G samples with each reward function's part of their reward; the
group's mean and spread and the scaling the step used; each advantage as
(r - mean) / (std + eps) with the numbers filled in. after_update.py writes the other two
(what the update pushes, how each sample's probability changed). A record from before
these details existed shows what it has.

Every sentence goes through QCoreApplication.translate (context "Explain") whole, with
named placeholders; the helpers here are shared by both modules.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from studio.app.i18n.messages import prompt_shown
from studio.app.views.charts.words import reward_part
from studio.app.views.samples import advantage_colour, is_flat, signed

END_TOKEN = "<eos>"


EXPLAIN_CONTEXT = "Explain"  # the translation context of the Explain tab's words


def tr(text: str) -> str:
    """A string of the Explain tab, translated."""
    return QCoreApplication.translate("Explain", text)


def num(x: float | None, digits: int = 4) -> str:
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "—"
    return f"{x:.{digits}f}"


def piece_html(piece: str) -> str:
    if piece == END_TOKEN:
        return f"<i>{html.escape(tr('(end)'))}</i>"
    return html.escape(piece.replace(" ", "␣")) or "<i>∅</i>"


def sample_text(text: str) -> str:
    return f"<code>{html.escape(text)}</code>" if text else f"<i>{tr('(empty)')}</i>"


def heading(title: str) -> str:
    return f"<h3 style='margin:14px 0 4px 0'>{html.escape(title)}</h3>"


def para(text: str, style: str = "") -> str:
    return f"<p style='margin:2px 0 6px 0;{style}'>{text}</p>"


def say(text: str, style: str = "", **values: object) -> str:
    """A translated sentence as a paragraph, its {named} placeholders filled in."""
    return para(tr(text).format(**values), style)


def table(header: list[str], rows: list[list[str]], *, colours: list[str] | None = None) -> str:
    head = "".join(f"<th align=left>{h}</th>" for h in header)
    body = "".join(
        f"<tr style='background:{colours[i] if colours else 'transparent'}'>"
        + "".join(f"<td>{c}</td>" for c in row)
        + "</tr>"
        for i, row in enumerate(rows)
    )
    return (
        "<table cellspacing=0 cellpadding=4 style='border:1px solid #ccc; margin:2px 0 6px 0'>"
        f"<tr style='background:#eee'>{head}</tr>{body}</table>"
    )


def outcome_text(outcome: str) -> str:
    """How an episode ended, for people."""
    if outcome == "goal":
        return tr("reached the goal")
    if outcome == "lava":
        return tr("walked into lava")
    if outcome == "limit":
        return tr("ran out of moves")
    return outcome


def percent(p: float) -> str:
    """A probability as a pupil reads it: 42%, 4.2%, 0.42%, or "under 0.01%"."""
    if not math.isfinite(p):
        return "—"
    for floor, digits in ((0.1, 0), (0.01, 1), (0.0001, 2)):
        if p >= floor:
            return f"{100 * p:.{digits}f}%"
    return tr("under 0.01%")


def likelier(delta_logp: float) -> str:
    """A change of log-prob as how much likelier (or less likely) it made the thing:
    +3%, −12%, 0%; a change of more than 10x says ×N."""
    factor = math.exp(max(min(delta_logp, 50.0), -50.0))
    if factor >= 10:
        return f"×{factor:.0f}"
    change = 100 * (factor - 1)
    text = f"{change:+.0f}%" if abs(change) >= 1 else f"{change:+.1f}%"
    return text[1:] if float(text[:-1]) == 0 else text.replace("-", "−")


def prompt_part(group: dict, plain: bool = True) -> str:
    prompt = prompt_shown(group.get("prompt", ""))  # a grid's level said in words
    parts = [heading(tr("1. The prompt")), para(sample_text(prompt))]
    if group.get("reference") is not None:
        line = (
            tr("The right answer: {reference}")
            if plain
            else tr("The right answer (reference): {reference}")
        )
        parts.append(para(line.format(reference=sample_text(str(group["reference"])))))
    elif group.get("way_back"):
        parts.append(
            say(
                "No right answer is known: each sample is translated back by the model's "
                "other direction, and the round trip scores how much of this sentence comes "
                "back."
            )
        )
    return "".join(parts)


def rewards_part(group: dict, noun: str, plain: bool = True, typed: bool = False) -> str:
    """The samples and each check's part of their rewards; `typed`: the completions are
    the user's own (the reward lab), which no model wrote."""
    completions, rewards = group.get("completions", []), group.get("rewards", [])
    weights, parts = group.get("weights", {}), group.get("parts", {})
    if typed:
        out = [heading(tr("2. {count} completions and their rewards").format(count=len(rewards)))]
        out.append(say("{count} completions you typed for this prompt.", count=len(rewards)))
    else:
        out = [heading(tr("2. {count} samples and their rewards").format(count=len(rewards)))]
        out.append(
            say(
                "The model wrote {count} samples ({noun}) for this prompt."
                if plain
                else "The policy wrote {count} samples ({noun}) for this prompt.",
                count=len(rewards),
                noun=html.escape(noun),
            )
        )
    if weights:
        terms = " + ".join(
            f"{num(w, 2).rstrip('0').rstrip('.')} × {html.escape(reward_part(n))}"
            for n, w in weights.items()
        )
        if typed:
            line = say(
                "Each completion gets a score for each thing that counts; its reward adds "
                "them up: reward = {terms}.",
                terms=terms,
            )
        elif plain:
            line = say(
                "Each sample gets a score for each thing that counts; its reward adds them "
                "up: reward = {terms}.",
                terms=terms,
            )
        else:
            line = say(
                "Each reward function scores every sample; the reward is their weighted "
                "sum: reward = {terms}.",
                terms=terms,
            )
        out.append(line)
    if group.get("shuffled"):
        out.append(
            say(
                "A control experiment: the rewards were shuffled between the samples, so a "
                "sample's reward is not its own score."
                if plain
                else "Control experiment (grpo.shuffle_rewards): the total rewards were "
                "shuffled across the batch, so a sample's reward is not its own score.",
                style="color:#b3441e",
            )
        )
    header = ["#", html.escape(noun), *(html.escape(reward_part(n)) for n in parts), tr("reward")]
    outcome = group.get("outcome")
    if outcome:
        header.append(tr("how it ended"))
    backs = group.get("way_back") or [None] * len(completions)
    rows = []
    for i, (text, reward) in enumerate(zip(completions, rewards)):
        back = backs[i] if i < len(backs) else None
        way = "" if back is None else "<br>" + tr("back: {text}").format(text=sample_text(back))
        row = [
            str(i + 1),
            sample_text(text) + way,
            *(num(p[i]) for p in parts.values()),
            f"<b>{num(reward)}</b>",
        ]
        if outcome:
            row.append(html.escape(outcome_text(outcome[i])))
        rows.append(row)
    out.append(table(header, rows))
    return "".join(out)


def scaling_words(plain: bool = True) -> dict[str, Callable[[str], str]]:
    """grpo.scale_rewards -> the paragraph that says how the step scaled the advantages
    (given the batch's std, as HTML), in plain words or in the config's terms."""
    if plain:
        return {
            "group": lambda std: say(
                "Each sample is measured against its own group: how many spreads "
                "above or below the average it lies."
            ),
            "batch": lambda std: say(
                "Each sample is measured in the spread of every reward of the step, {std}, "
                "not of its group's.",
                std=std,
            ),
            "none": lambda std: say(
                "Each sample is measured by how far above or below the average it "
                "lies, not divided by any spread."
            ),
        }
    return {
        "group": lambda std: say(
            "This step divides by the group's own std (grpo.scale_rewards: group)."
        ),
        "batch": lambda std: say(
            "This step divides by the std of every reward in the batch, {std}, not by the"
            " group's (grpo.scale_rewards: batch).",
            std=std,
        ),
        "none": lambda std: say(
            "This step divides by no std (grpo.scale_rewards: none, as in Dr. GRPO): the "
            "advantage is the reward minus the mean."
        ),
    }


def spread_part(group: dict, plain: bool = True) -> str:
    rewards = group.get("rewards", [])
    g = len(rewards)
    mean = group.get("mean", sum(rewards) / g if g else 0.0)
    out = [
        heading(
            tr("3. The group's average and spread")
            if plain
            else tr("3. The group's mean and spread")
        )
    ]
    listed = (
        " + ".join(num(r) for r in rewards)
        if g <= 16
        else tr("the {count} rewards").format(count=g)
    )
    out.append(
        say(
            "average = ({rewards}) / {count} = {mean}"
            if plain
            else "mean = ({rewards}) / {count} = {mean}",
            rewards=listed,
            count=g,
            mean=f"<b>{num(mean)}</b>",
        )
    )
    if "std" in group:
        out.append(
            say(
                "spread = {std}: how far the {count} rewards lie from their average (0: all "
                "the same): the squared distances are added up, divided by {count} − 1 (one "
                "less than the number of rewards) and square-rooted."
                if plain
                else "std = {std}: how far the {count} rewards spread around their mean (the "
                "unbiased standard deviation, dividing by n − 1 = {count} − 1).",
                std=f"<b>{num(group['std'])}</b>",
                count=g,
            )
        )
    scaled = scaling_words(plain).get(str(group.get("scale")))
    if scaled is not None:
        out.append(scaled(f"<b>{num(group.get('scale_std'))}</b>"))
    if g and is_flat(group):
        out.append(
            say(
                "All {count} rewards are equal: there is no spread, no sample is better than "
                "another, so every advantage is exactly 0 and this group teaches the model "
                "nothing."
                if plain
                else "All {count} rewards are equal (no spread), so every advantage is exactly"
                " 0, not divided by eps: this group teaches the policy nothing.",
                style="color:#b3441e; font-weight:bold",
                count=g,
            )
        )
    return "".join(out)


def advantages_part(group: dict, plain: bool = True) -> str:
    rewards, advs = group.get("rewards", []), group.get("advantages", [])
    mean, std, eps = group.get("mean"), group.get("scale_std"), group.get("eps")
    flat = bool(rewards) and is_flat(group)
    out = [
        heading(
            tr("4. Better or worse than average: each sample's advantage")
            if plain
            else tr("4. Each sample's advantage")
        )
    ]
    if mean is None or group.get("scale") is None:
        out.append(say("This record holds the advantages but not how they were computed."))
        formula = [""] * len(advs)
    elif flat:
        out.append(say("No spread: every advantage is 0."))
        formula = [tr("no spread: 0")] * len(advs)
    elif group["scale"] == "none":
        out.append(
            say(
                "advantage = reward − average: better than average is positive, worse negative."
                if plain
                else "A = r − mean: above the group's mean is positive, below it negative."
            )
        )
        formula = [f"{num(r)} − {num(mean)}" for r in rewards]
    else:
        out.append(
            say(
                "advantage = (reward − average) / spread: better than average is positive, "
                "worse negative. A tiny {eps} is added to the spread so that it is never 0."
                if plain
                else "A = (r − mean) / (std + eps), with eps = {eps} so that a group with no "
                "spread does not divide by 0: above the group's mean is positive, below it "
                "negative.",
                eps=f"{eps:g}",
            )
        )
        formula = [f"({num(r)} − {num(mean)}) / ({num(std)} + {eps:g})" for r in rewards]
    shown = [0.0 if flat else a for a in advs]
    rows = [
        [str(i + 1), num(r), f, f"<b>{signed(a)}</b>"]
        for i, (r, f, a) in enumerate(zip(rewards, formula, shown))
    ]
    colours = [advantage_colour(a) for a in shown]
    header = (
        ["#", tr("reward"), tr("how it is worked out"), tr("advantage")]
        if plain
        else ["#", tr("reward r"), tr("formula"), tr("advantage A")]
    )
    out.append(table(header, rows, colours=colours))
    return "".join(out)
