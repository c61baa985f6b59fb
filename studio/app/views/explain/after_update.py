"""The last two parts of a step's explanation, as HTML: what the update pushes, token by
token, and how each sample's probability changed (before_update.py writes the first four).

The after-update log-probs come from the live trainer (`After`): it computes them on its
own thread with the weights after the step (studio.core.training.steps.explain). Without them
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
    likelier,
    num,
    para,
    percent,
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


def push_part(group: dict, after: After, plain: bool = True) -> str:
    advs, pieces = group.get("advantages", []), group.get("pieces")
    out = [
        heading(
            tr("5. What the update pushes, piece by piece")
            if plain
            else tr("5. What the update pushes, token by token")
        )
    ]
    out.append(
        say(
            "The update makes every piece of a better-than-average sample more likely "
            "(green) and every piece of a worse-than-average one less likely (red), the "
            "more so the bigger its advantage."
            if plain
            else "The loss raises the log-probability of every token of a sample with a "
            "positive advantage (green: made likelier) and lowers it for a negative one (red:"
            " made less likely), in proportion to the advantage."
        )
    )
    note = "" if plain else loss_note(str(group.get("loss_type")))
    if note:
        out.append(para(html.escape(note)))
    if group.get("beta"):
        out.append(
            say(
                "A brake (beta = {beta}) also pulls every piece back towards how likely the "
                "model found it before training."
                if plain
                else "The KL term (grpo.beta = {beta}) pulls every token back towards the "
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
        if trained:
            label = tr("Sample {number}, advantage {advantage}")
        elif plain:
            label = tr(
                "Sample {number}, advantage {advantage}: cut off at the length limit, so the "
                "update leaves it alone"
            )
        else:
            label = tr(
                "Sample {number}, advantage {advantage}: cut at the length limit and left out of "
                "the loss (grpo.mask_truncated_completions)"
            )
        label = label.format(number=i + 1, advantage=signed(adv))
        out.append(para(f"<b>{label}</b>"))
        out.append(tokentable(sample, before, later, adv if trained else 0.0, plain))
    return "".join(out)


def tokentable(
    pieces: list[str],
    before: list[float],
    after: list[float] | None,
    adv: float,
    plain: bool = True,
) -> str:
    """Each step's piece (coloured by the push), its log-prob when sampled, after the
    update and the change, in rows of TOKENS_PER_ROW steps; `plain`: how likely each
    piece was and is, in percent, and how much likelier the update made it."""
    if plain:
        names = (tr("piece"), tr("how likely before"), tr("after"), tr("relative change"))
        value = lambda logp: percent(math.exp(logp))  # noqa: E731
        change = lambda d: _change(d, likelier(d))  # noqa: E731
    else:
        names = (tr("token"), tr("log-prob before"), tr("after"), tr("change (after − before)"))
        value = lambda logp: num(logp, 3)  # noqa: E731
        change = lambda d: _change(d, signed(d))  # noqa: E731
    out = []
    for start in range(0, len(pieces), TOKENS_PER_ROW):
        span = range(start, min(start + TOKENS_PER_ROW, len(pieces)))
        colour = advantage_colour(adv)
        rows = [
            f"<tr><td style='color:#666'>{names[0]}</td>"
            + "".join(
                f"<td align=center style='background:{colour}'><b>{piece_html(pieces[t])}</b></td>"
                for t in span
            )
            + "</tr>",
            f"<tr><td style='color:#666'>{names[1]}</td>"
            + "".join(
                f"<td align=right>{value(before[t]) if t < len(before) else ''}</td>" for t in span
            )
            + "</tr>",
        ]
        if after is not None:
            rows.append(
                f"<tr><td style='color:#666'>{names[2]}</td>"
                + "".join(f"<td align=right>{value(after[t])}</td>" for t in span)
                + "</tr>"
            )
            rows.append(
                f"<tr><td style='color:#666'>{names[3]}</td>"
                + "".join(f"<td align=right>{change(after[t] - before[t])}</td>" for t in span)
                + "</tr>"
            )
        out.append(
            "<table cellspacing=0 cellpadding=3 style='border:1px solid #ddd; margin:0 0 4px 0'>"
            + "".join(rows)
            + "</table>"
        )
    return "".join(out)


ZERO_ADVANTAGE = 0.0005  # below it an advantage shows as 0.000 and counts as none


def _change(delta: float, text: str) -> str:
    colour = GREEN if delta > 0 else RED if delta < 0 else "#666"
    return f"<span style='color:{colour}'>{text}</span>"


def change_part(group: dict, after: After, noun: str, plain: bool = True) -> str:
    out = [
        heading(
            tr("6. How the update changed how likely each sample is")
            if plain
            else tr("6. How the update changed each sample's probability")
        )
    ]
    if after.after is None or after.before is None:
        out.append(para(html.escape(after.note), "color:#666"))
        return "".join(out)
    out.append(
        say(
            "How likely the model is to write each sample: before the update (when it wrote "
            "it) and after it (worked out just now with the new weights)."
            if plain
            else "The log-probability of a sample is the sum of its tokens' log-probs; its "
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
        sample = sample_text(completions[i] if i < len(completions) else "")
        rows.append([str(i + 1), sample, signed(adv), *_likelihoods(lp0, lp1, plain)])
    header = (
        [tr("how likely before"), tr("after"), tr("relative change")]
        if plain
        else [
            tr("log P before"),
            tr("log P after"),
            tr("change (after − before)"),
            tr("probability"),
        ]
    )
    out.append(
        table(
            ["#", html.escape(noun), tr("advantage"), *header],
            rows,
            colours=[advantage_colour(a) for a in advs],
        )
    )
    out.append(_followed(ups, pos, downs, neg, plain))
    return "".join(out)


def _likelihoods(lp0: float, lp1: float, plain: bool) -> list[str]:
    """A sample's row after its number, text and advantage: how likely it was and is, and
    the change (plain: in percent; else its log P before and after, the change, and its
    probability before and after)."""
    if plain:
        return [
            percent(math.exp(lp0)),
            percent(math.exp(lp1)),
            _change(lp1 - lp0, likelier(lp1 - lp0)),
        ]
    return [
        num(lp0, 3),
        num(lp1, 3),
        _change(lp1 - lp0, signed(lp1 - lp0)),
        f"{_probability(lp0)} → {_probability(lp1)}",
    ]


def _followed(ups: int, positive: int, downs: int, negative: int, plain: bool) -> str:
    """How many samples moved the way their advantage pushed: `ups` of the `positive`
    ones became likelier, `downs` of the `negative` ones less likely."""
    if not positive and not negative:  # equal rewards: a -0.000 advantage was counted as negative
        return say(
            "Every sample of this group has an advantage of 0 (their rewards are equal), "
            "so the group pushes none of them: the changes come from the other groups of "
            "the step, which move the same weights."
            if plain
            else "Every sample of this group has an advantage of 0 (their rewards are "
            "equal), so the group pushes on none of them: the changes come from the other "
            "groups of the batch and the KL term, which move the same weights."
        )
    return say(
        "{up} of the {positive} better-than-average samples became likelier, and {down} "
        "of the {negative} worse-than-average ones less likely. (The other groups of the "
        "step move the same weights, so not every sample follows its own advantage.)"
        if plain
        else "{up} of the {positive} samples with a positive advantage became likelier, "
        "and {down} of the {negative} with a negative advantage less likely. (The other "
        "groups of the batch and the KL term move the same weights, so not every sample "
        "follows its own advantage.)",
        up=ups,
        positive=positive,
        down=downs,
        negative=negative,
    )


def _probability(logp: float) -> str:
    p = math.exp(logp)
    return f"{p:.3f}" if p >= 0.01 else f"{p:.2e}"


def explanation_html(
    group: dict,
    *,
    step: int,
    index: int,
    groups: int,
    noun: str,
    after: After,
    plain: bool = True,
) -> str:
    """The whole explanation of `group`, entry `index` of a step record's `groups` samples:
    in plain words (`plain`, how likely, spread, percentages) or in the engineer's terms
    (log-probs, std, eps, the config's names)."""
    trained = int(group.get("step_groups", groups))
    if trained > groups:  # a few of the step's groups are kept: said as the few they are
        title = tr("Step {step}, group {group} of the {groups} shown (the step trained {trained})")
    else:
        title = tr("Step {step}, group {group} of {groups}")
    title = title.format(step=step, group=index + 1, groups=groups, trained=trained)
    intro = (
        tr(
            "In one step the model writes a group of samples for each prompt; each is scored "
            "and compared with the others of its group, and the update makes the "
            "better-than-average ones more likely. This is one group of the step, with its "
            "real numbers."
        )
        if plain
        else tr(
            "In one GRPO step the policy writes a group of samples for each prompt, each is "
            "scored, compared with the others of its group, and the update makes the "
            "better-than-average ones likelier. This is one group of the step, with its real "
            "numbers."
        )
    )
    return "".join(
        [
            f"<h2 style='margin:4px 0'>{html.escape(title)}</h2>",
            para(html.escape(intro), "color:#444"),
            prompt_part(group, plain),
            rewards_part(group, noun, plain),
            spread_part(group, plain),
            advantages_part(group, plain),
            push_part(group, after, plain),
            change_part(group, after, noun, plain),
        ]
    )
