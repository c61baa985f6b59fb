"""The last two parts of a step's explanation, as HTML: what the update pushes, token by
token, and how each sample's probability changed (before_update.py writes the first four).

The after-update log-probs come from the live trainer (`After`): it computes them on its
own thread with the weights after the step (studio.core.training.explain). Without them
(an opened run, a run still training) the last part says why, and the token tables show
the log-probs recorded when each sample was drawn.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from studio.app.views.explain.before_update import (
    EXPLAIN_CONTEXT,
    advantages_part,
    heading,
    num,
    para,
    piece_html,
    prompt_part,
    rewards_part,
    sample_text,
    say,
    signed,
    spread_part,
    table,
    tr,
)
from studio.app.views.samples import advantage_colour
from studio.core.grpo import LOSS_TYPES

GREEN, RED = "#0a7d4f", "#b3441e"
TOKENS_PER_ROW = 12  # a long sample's token table wraps after this many steps


@dataclass
class After:
    """The after-update column: each sample's log-probs before (when sampled) and after
    the update, [G][T_i] each; or None with a `note` that says why there are none."""

    before: list[list[float]] | None = None
    after: list[list[float]] | None = None
    note: str = ""


def loss_note(loss_type: str) -> str:
    """How the step's loss_type weighs each token's push (grpo.py declares it in words)."""
    loss = LOSS_TYPES.get(loss_type)
    return QCoreApplication.translate(EXPLAIN_CONTEXT, loss.explained) if loss else ""


def push_part(group: dict, after: After) -> str:
    advs, pieces = group.get("advantages", []), group.get("pieces")
    out = [heading(tr("5. What the update pushes, token by token"))]
    out.append(
        say(
            "The loss raises the log-probability of every token of a sample with a positive "
            "advantage (green: made likelier) and lowers it for a negative one (red: made "
            "less likely), in proportion to the advantage."
        )
    )
    note = loss_note(str(group.get("loss_type")))
    if note:
        out.append(para(html.escape(note)))
    if group.get("beta"):
        out.append(
            say(
                "The KL term (grpo.beta = {beta}) pulls every token back towards the "
                "reference model at the same time.",
                beta=f"{group['beta']:g}",
            )
        )
    if not pieces:
        out.append(say("This record does not hold the samples' tokens."))
        return "".join(out)
    recorded = group.get("logp", [])
    for i, (sample, adv) in enumerate(zip(pieces, advs)):
        before = after.before[i] if after.before else recorded[i] if i < len(recorded) else []
        later = after.after[i] if after.after else None
        trained = group.get("trained", [True] * len(pieces))[i]
        label = (
            tr("Sample {number}, advantage {advantage}")
            if trained
            else tr(
                "Sample {number}, advantage {advantage}: cut at the length limit and left out of "
                "the loss (grpo.mask_truncated_completions)"
            )
        )
        label = label.format(number=i + 1, advantage=signed(adv))
        out.append(para(f"<b>{label}</b>"))
        out.append(tokentable(sample, before, later, adv if trained else 0.0))
    return "".join(out)


def tokentable(
    pieces: list[str], before: list[float], after: list[float] | None, adv: float
) -> str:
    """Each step's piece (coloured by the push), its log-prob when sampled, after the
    update and the change, in rows of TOKENS_PER_ROW steps."""
    out = []
    for start in range(0, len(pieces), TOKENS_PER_ROW):
        span = range(start, min(start + TOKENS_PER_ROW, len(pieces)))
        colour = advantage_colour(adv)
        rows = [
            f"<tr><td style='color:#666'>{tr('token')}</td>"
            + "".join(
                f"<td align=center style='background:{colour}'><b>{piece_html(pieces[t])}</b></td>"
                for t in span
            )
            + "</tr>",
            f"<tr><td style='color:#666'>{tr('log-prob before')}</td>"
            + "".join(
                f"<td align=right>{num(before[t], 3) if t < len(before) else ''}</td>" for t in span
            )
            + "</tr>",
        ]
        if after is not None:
            rows.append(
                f"<tr><td style='color:#666'>{tr('after')}</td>"
                + "".join(f"<td align=right>{num(after[t], 3)}</td>" for t in span)
                + "</tr>"
            )
            rows.append(
                f"<tr><td style='color:#666'>{tr('change')}</td>"
                + "".join(f"<td align=right>{_change(after[t] - before[t])}</td>" for t in span)
                + "</tr>"
            )
        out.append(
            "<table cellspacing=0 cellpadding=3 style='border:1px solid #ddd; margin:0 0 4px 0'>"
            + "".join(rows)
            + "</table>"
        )
    return "".join(out)


ZERO_ADVANTAGE = 0.0005  # below it an advantage shows as 0.000 and counts as none


def _change(delta: float) -> str:
    colour = GREEN if delta > 0 else RED if delta < 0 else "#666"
    return f"<span style='color:{colour}'>{signed(delta)}</span>"


def change_part(group: dict, after: After, noun: str) -> str:
    out = [heading(tr("6. How the update changed each sample's probability"))]
    if after.after is None or after.before is None:
        out.append(para(html.escape(after.note), "color:#666"))
        return "".join(out)
    out.append(
        say(
            "The log-probability of a sample is the sum of its tokens' log-probs; its "
            "probability is e to that power. Before: when it was sampled. After: computed "
            "just now with the updated weights."
        )
    )
    advs, completions = group.get("advantages", []), group.get("completions", [])
    rows, ups, downs, pos, neg = [], 0, 0, 0, 0
    for i, (before, later) in enumerate(zip(after.before, after.after)):
        lp0, lp1 = sum(before), sum(later)
        adv = advs[i] if i < len(advs) else 0.0
        if adv >= ZERO_ADVANTAGE:
            pos, ups = pos + 1, ups + (lp1 > lp0)
        elif adv <= -ZERO_ADVANTAGE:
            neg, downs = neg + 1, downs + (lp1 < lp0)
        rows.append(
            [
                str(i + 1),
                sample_text(completions[i] if i < len(completions) else ""),
                signed(adv),
                num(lp0, 3),
                num(lp1, 3),
                _change(lp1 - lp0),
                f"{_probability(lp0)} → {_probability(lp1)}",
            ]
        )
    out.append(
        table(
            [
                "#",
                html.escape(noun),
                tr("advantage"),
                tr("log P before"),
                tr("log P after"),
                tr("change"),
                tr("probability"),
            ],
            rows,
            colours=[advantage_colour(a) for a in advs],
        )
    )
    if not pos and not neg:  # equal rewards: a -0.000 advantage was counted as negative
        out.append(
            say(
                "Every sample of this group has an advantage of 0 (their rewards are equal), "
                "so the group pushes on none of them: the changes come from the other groups "
                "of the batch and the KL term, which move the same weights."
            )
        )
        return "".join(out)
    out.append(
        say(
            "{up} of the {positive} samples with a positive advantage became likelier, and "
            "{down} of the {negative} with a negative advantage less likely. (The other "
            "groups of the batch and the KL term move the same weights, so not every sample "
            "follows its own advantage.)",
            up=ups,
            positive=pos,
            down=downs,
            negative=neg,
        )
    )
    return "".join(out)


def _probability(logp: float) -> str:
    p = math.exp(logp)
    return f"{p:.3f}" if p >= 0.01 else f"{p:.2e}"


def explanation_html(
    group: dict, *, step: int, index: int, groups: int, noun: str, after: After
) -> str:
    """The whole explanation of `group`, entry `index` of a step record's `groups` samples."""
    title = tr("Step {step}, group {group} of {groups}").format(
        step=step, group=index + 1, groups=groups
    )
    intro = tr(
        "In one GRPO step the policy writes a group of samples for each prompt, each is scored, "
        "compared with the others of its group, and the update makes the better-than-average ones"
        " likelier. This is one group of the step, with its real numbers."
    )
    return "".join(
        [
            f"<h2 style='margin:4px 0'>{html.escape(title)}</h2>",
            para(html.escape(intro), "color:#444"),
            prompt_part(group),
            rewards_part(group, noun),
            spread_part(group),
            advantages_part(group),
            push_part(group, after),
            change_part(group, after, noun),
        ]
    )
