"""The metric catalogue: every key a run records, declared once, like config fields.

Each `Metric` says what a key means, its unit (a fixed range such as chrF's "0-100" is
stated; "%" marks a share recorded as 0..1 and shown x 100), the chart that draws it,
and two plain sentences for the charts' "what am I looking at" help: what healthy looks
like and what a problem looks like. Keys
whose middle part is a name (`reward/<name>/mean`: one per reward function) are declared
once as a pattern. `Chart` declares each chart of the window's Charts tab; its curves
are the metrics that name it. `FIELDS` names the parts of a record that are not metrics.

The window's charts, the CLI's progress line and the README's "What each chart means"
table all read this module (`python -m studio.core.training.reporting.metric_docs --markdown`
prints the table), and a test trains every shipped preset for a few steps and fails on
any key declared nowhere.

Translations: the window shows these strings through
`QCoreApplication.translate("metrics", text)`. The core cannot import Qt or mark them
with Qt's macros, so `python -m studio.core.training.reporting.metric_docs --lupdate` writes them as
`QT_TRANSLATE_NOOP("metrics", ...)` lines for `pyside6-lupdate` to read alongside the
app's sources.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

CONTEXT = "metrics"  # the translation context of every string here


@dataclass(frozen=True)
class Chart:
    """One chart of the Charts tab, in reading order."""

    id: str
    title: str  # names the unit, e.g. "Time per phase (s)"
    log_y: bool = False
    mixed_units: bool = False  # its curves differ in unit: the legend names each one
    # shown only for a run (or an overlaid run) that records its metrics: a section most
    # runs leave off (sparsity) would otherwise add an empty chart to every run
    when_recorded: bool = False


@dataclass(frozen=True)
class Metric:
    """One recorded key (or a pattern of keys with one `<name>` part)."""

    key: str
    label: str  # short name in legends, readouts and the CLI line; `<name>` is filled in
    unit: str  # "%": recorded as a share 0..1, shown x 100; "" for a plain number
    chart: str  # the Chart.id that draws it; "" when only metrics.jsonl keeps it
    meaning: str
    healthy: str
    problem: str
    band: bool = False  # drawn as the +-std band around its mean's curve, not as a curve

    @property
    def scale(self) -> float:
        """What a recorded value is multiplied by for display."""
        return 100.0 if self.unit == "%" else 1.0

    def format_value(self, value: float, digits: int = 4) -> str:
        """A recorded value as shown: 0.5 of a '%' metric -> '50%', 33.21 -> '33.21'."""
        return f"{value * self.scale:.{digits}g}" + ("%" if self.unit == "%" else "")

    def label_for(
        self, key: str, template: str = "", say_name: Callable[[str], str] | None = None
    ) -> str:
        """The label of `key`, one of this metric's keys: 'reward/format/mean' -> 'format'.
        `template` stands in for `label` (its translation, `<name>` kept); `say_name` says
        the name in `<name>`'s place (the window's words for a reward part)."""
        label = template or self.label
        name = re.fullmatch(_pattern(self.key), key)
        if not (name and name.groups()):
            return label
        return label.replace("<name>", say_name(name.group(1)) if say_name else name.group(1))


def _pattern(key: str) -> str:
    return re.escape(key).replace(re.escape("<name>"), "([^/]+)")


CHARTS: tuple[Chart, ...] = (
    # A GRPO loss near zero is normal, so reward, zero-std and KL come right after it.
    Chart("loss", "Loss (warm-up: nats/token; GRPO: unitless)"),
    Chart("reward", "Reward (mean ± std)"),
    Chart("eval", "Held-out metric"),  # the window names the metric once it is known
    Chart("zero_std", "Groups with equal rewards (%)"),
    Chart("kl", "KL to reference (nats/token)"),
    Chart("clip", "Clipped tokens (%)"),
    Chart("entropy", "Entropy (nats/token)"),
    Chart("length", "Completion length (tokens)"),
    Chart("lr", "Learning rate (log axis)", log_y=True),
    Chart("grad_norm", "Gradient norm (L2, log axis)", log_y=True),
    Chart("time", "Time per phase (s)"),
    Chart("throughput", "Throughput (per second)", mixed_units=True),
    Chart("eval_other", "Other held-out metrics", mixed_units=True),
    Chart("sparsity", "Sparsity (weights at zero, %)", when_recorded=True),
)

# One declaration a paragraph: key, label, unit, chart on its first line, then meaning,
# healthy and problem.
# fmt: off
METRICS: tuple[Metric, ...] = (
    # ---- every step
    Metric(
        "loss", "loss", "nats/token (warm-up), unitless (GRPO)", "loss",
        "Warm-up: cross-entropy of the references (with a teacher, mixed with the KL to "
        "it). GRPO: the clipped surrogate plus the KL term; it averages near 0 because "
        "advantages do, and says little on its own.",
        "Warm-up: falls fast, then flattens. GRPO: small values around 0.",
        "Warm-up: flat from the start (lr too low) or rising (lr too high). GRPO: large "
        "swings away from 0.",
    ),
    Metric(
        "distill/ce", "references' cross-entropy", "nats/token", "loss",
        "Warm-up with a teacher (distill.teacher): cross-entropy of the references, the "
        "part of the loss the teacher has no say in.",
        "Falls like a warm-up loss without a teacher.",
        "Rises while the KL to the teacher falls: the teacher pulls away from the "
        "references (lower distill.weight).",
    ),
    Metric(
        "distill/kl", "KL to teacher", "nats/token", "loss",
        "Warm-up with a teacher: KL from the teacher's softened next-token distribution "
        "to the student's, times T² (distill.temperature), over the answer tokens.",
        "Falls fast, then flattens above 0: a smaller student cannot copy its teacher "
        "exactly.",
        "Flat from the start: the learning rate is too low, or the teacher is poor.",
    ),
    Metric(
        "reward/mean", "total reward", "", "reward",
        "The weighted sum of the reward functions, averaged over every sampled answer of "
        "the step (the shipped rewards are 0-1 each, the grid world's return at most 1).",
        "Rises over GRPO steps, with a band that narrows as answers agree.",
        "Flat: groups teach nothing (see equal-reward groups). Rising while the held-out "
        "metric falls: the reward is being gamed.",
    ),
    Metric(
        "reward/std", "total reward std", "", "reward",
        "Spread of the total reward over the step's answers (the band around the curve).",
        "Some spread: answers to a prompt differ, so groups carry a signal.",
        "Zero: every answer scored the same and nothing is learned.",
        band=True,
    ),
    Metric(
        "reward/<name>/mean", "<name>", "", "reward",
        "One reward function on its own, unweighted (e.g. correct, format; chrF and BLEU "
        "rewards are sentence scores 0-1, not the 0-100 of the held-out chrF).",
        "The functions that matter most rise; an easy one (format) reaches 1 early.",
        "One function rises while the others fall: it is being traded for them.",
    ),
    Metric(
        "reward/<name>/std", "<name> std", "", "reward",
        "Spread of one reward function over the step's answers.",
        "Some spread while that reward is still being learned.",
        "Zero from the start: that function cannot tell the answers apart.",
        band=True,
    ),
    Metric(
        "grpo/zero_std_frac", "equal-reward groups", "%", "zero_std",
        "Share of groups whose G answers all got the same reward: their advantages are 0 "
        "and they teach nothing.",
        "Well below 100%, falling as the policy meets problems of its level.",
        "Near 100%: the task is too easy or too hard for the policy (curriculum, "
        "temperature or more samples per prompt).",
    ),
    Metric(
        "grpo/kl", "KL", "nats/token", "kl",
        "Mean k3 estimate of KL(policy ‖ reference) per token; 0 when grpo.beta is 0.",
        "Grows slowly from 0 and stays small (below about 0.1).",
        "Shoots up: the policy runs away from the reference (lower the lr or raise beta).",
    ),
    Metric(
        "grpo/clip_low", "clipped low", "%", "clip",
        "Share of tokens whose ratio fell below 1 - epsilon_low with a negative advantage: "
        "the clip stopped the update there.",
        "0 with one pass per step (num_iterations 1); a few % with more passes.",
        "Tens of %: each step moves the policy too far (lower the lr).",
    ),
    Metric(
        "grpo/clip_high", "clipped high", "%", "clip",
        "Share of tokens whose ratio rose above 1 + epsilon_high with a positive advantage.",
        "0 with one pass per step; a few % with more passes.",
        "Tens of %: each step moves the policy too far (lower the lr).",
    ),
    Metric(
        "grpo/clip_region", "clipped", "%", "",
        "Share of tokens where either clip bound binds (clipped low plus clipped high).",
        "0 with one pass per step; a few % with more passes.",
        "Tens of %: each step moves the policy too far.",
    ),
    Metric(
        "grpo/ratio", "ratio", "", "",
        "Mean probability ratio new/old policy over the tokens; exactly 1 when "
        "num_iterations is 1.",
        "Within a few % of 1.",
        "Far from 1: the passes of one step drift apart (fewer iterations or a lower lr).",
    ),
    Metric(
        "policy/entropy", "entropy", "nats/token", "entropy",
        "Mean entropy of the sampling distribution per token: how unsure the policy is.",
        "Falls slowly as the policy grows sure of its answers.",
        "Drops to near 0 early: the policy collapsed onto one answer and stops exploring.",
    ),
    Metric(
        "policy/completion_len", "length", "tokens", "length",
        "Mean length of the sampled answers in tokens (moves in the grid world).",
        "Settles near the length the task's answers need.",
        "Keeps growing towards grpo.max_new_tokens: a length-rewarding reward is being gamed.",
    ),
    Metric(
        "policy/truncated_frac", "truncated", "%", "",
        "Share of sampled answers cut at grpo.max_new_tokens before they ended.",
        "Near 0.",
        "High: answers run on (raise max_new_tokens, or check the reward for length).",
    ),
    Metric(
        "optim/grad_norm", "gradient norm", "", "grad_norm",
        "Global L2 norm of the gradient before clipping.",
        "Roughly steady, with spikes now and then.",
        "Climbs by orders of magnitude or turns nan: training diverges (lower the lr).",
    ),
    Metric(
        "optim/lr", "learning rate", "", "lr",
        "The learning rate the step used (each stage has its own schedule).",
        "Follows the stage's schedule: a short warm-up, then constant or decaying.",
        "Stuck far below the peak: a plateau schedule cut it too often.",
    ),
    Metric(
        "optim/skipped", "skipped updates", "updates", "",
        "Updates refused so far because the loss or gradient was not finite.",
        "0, or a rare one with fp16.",
        "Grows step after step: the model produces nan (lower the lr, or use bf16).",
    ),
    Metric(
        "time/rollout", "rollout", "s", "time",
        "Seconds spent sampling the groups of answers.",
        "The largest share of a GRPO step, steady.",
        "Grows over the run: answers get longer (see completion length).",
    ),
    Metric(
        "time/reward", "reward", "s", "time",
        "Seconds spent scoring the answers.",
        "A small share of the step.",
        "A large share: the reward function is slow (a user reward or sentence BLEU).",
    ),
    Metric(
        "time/update", "update", "s", "time",
        "Seconds spent on the loss, the backward pass and the optimizer step.",
        "Steady from step to step.",
        "Jumps: the machine is busy with other programs, or memory is short.",
    ),
    Metric(
        "time/step", "step", "s", "time",
        "Seconds of the whole step (evaluations not included); the ETA follows its "
        "average per stage.",
        "Steady within a stage; GRPO steps cost more than warm-up steps.",
        "Swings a lot: other programs compete for the CPU.",
    ),
    Metric(
        "perf/tokens_per_s", "tokens/s", "tokens/s", "throughput",
        "GRPO: sampled answer tokens per second of the step.",
        "Steady within a stage.",
        "Falls over the run while answers grow no longer: the machine is busier.",
    ),
    Metric(
        "perf/examples_per_s", "examples/s", "examples/s", "throughput",
        "Warm-up: training examples per second of the step.",
        "Steady within the warm-up.",
        "Falls over the run: the machine is busier, or memory is short.",
    ),
    Metric(
        "perf/steps_per_s", "steps/s", "steps/s", "",
        "Steps per second, from this step's time alone (the toolbar shows a smoothed rate).",
        "Steady within a stage.",
        "Swings a lot: other programs compete for the CPU.",
    ),
    Metric(
        "memory/peak_mb", "peak memory", "MB", "",
        "Peak GPU memory allocated (CUDA) or peak resident memory of the process (CPU).",
        "Levels off after the first steps, within the budget (8 GB on a laptop GPU).",
        "Keeps rising: something holds on to tensors; near the budget: lower the batch.",
    ),
    Metric(
        "curriculum/level", "curriculum level", "", "",
        "GRPO: the highest difficulty level unlocked so far (0 is the easiest).",
        "Climbs as the reward passes the curriculum threshold.",
        "Never moves: the reward stays under curriculum.threshold.",
    ),
    Metric(
        "curriculum/stage", "curriculum stage", "", "",
        "Perplexity curriculum: the stage unlocked in this training stage (0: the easiest "
        "share of the scored examples; curriculum.stages - 1: the whole training set).",
        "Warm-up: climbs at equal shares of its steps; GRPO: as the reward passes the threshold.",
        "Stays at 0 in GRPO: the reward never reaches curriculum.threshold.",
    ),
    Metric(
        "curriculum/unlocked_nll", "unlocked examples' loss", "nats/token", "",
        "Perplexity curriculum: mean reference loss of the unlocked examples, as the model "
        "scored them when the stage began (absent at the last stage: the whole set).",
        "Below curriculum/scored_nll, nearer it at each later stage.",
        "Equal to curriculum/scored_nll: the model tells the examples apart no better than chance.",
    ),
    Metric(
        "curriculum/scored_nll", "scored examples' loss", "nats/token", "",
        "Perplexity curriculum: mean reference loss of all the examples scored for the stage.",
        "Falls from stage to stage as the model learns.",
        "Rises: the model forgets what it learned on the easier examples.",
    ),
    Metric(
        "sparsity/weights", "sparsity", "%", "sparsity",
        "With sparsity.target set: share of the Linear and convolution weights that magnitude "
        "pruning holds at zero (a weight shared by several layers counts once).",
        "Follows the target curve up to sparsity.target, while the held-out metric holds.",
        "The held-out metric falls as it rises: too much too soon (prune less, later, or "
        "more slowly).",
    ),
    Metric(
        "sparsity/target", "sparsity target", "%", "sparsity",
        "The share the schedule asks for at this step: a cubic ramp from sparsity.start_step "
        "to sparsity.end_step, then sparsity.target.",
        "A smooth curve rising to the target; the sparsity reached steps up to it.",
        "Ends below sparsity.target: the run ended before sparsity.end_step.",
    ),
    # ---- evaluations on held-out examples
    Metric(
        "eval/accuracy", "accuracy", "%", "eval",
        "Share of held-out problems answered exactly right (greedy; images: the likeliest label).",
        "Rises in the warm-up and keeps rising in GRPO.",
        "Falls in GRPO: lr too high, or the reward pays for something else.",
    ),
    Metric(
        "eval/completion_len", "answer length", "tokens", "eval_other",
        "Mean length of the greedy held-out answers in tokens, end of text included.",
        "Near the length of the references.",
        "Far above it: answers run on instead of ending.",
    ),
    Metric(
        "eval/finished", "finished", "%", "eval_other",
        "Share of greedy held-out answers that ended by themselves.",
        "Near 100%.",
        "Low: answers hit the length limit (the model has not learned to stop).",
    ),
    Metric(
        "eval/chrf", "chrF", "0-100", "eval",
        "Corpus chrF of greedy translations of the held-out pairs (sacrebleu, beta 2: "
        "0-100, unlike the 0-1 chrF reward).",
        "Rises in the warm-up and still rises, slowly, in GRPO.",
        "Rises while BLEU falls and the length ratio grows: GRPO learned to write longer.",
    ),
    Metric(
        "eval/bleu", "BLEU", "0-100", "eval_other",
        "Corpus BLEU of the same held-out translations.",
        "Rises with chrF.",
        "Falls while chrF rises: the reward pays for length, not for better words.",
    ),
    Metric(
        "eval/length_ratio", "length ratio", "× reference", "eval_other",
        "Length of the held-out translations over their references' length.",
        "Close to 1.",
        "Well above 1 (rambling) or below 0.8 (cut short).",
    ),
    Metric(
        "eval/examples", "examples", "sentences", "",
        "How many held-out pairs the evaluation translated.",
        "eval.size, or the whole split when it is smaller.",
        "Very few: the scores are noisy (raise eval.size or data.valid_fraction).",
    ),
    Metric(
        "eval/success", "success", "%", "eval",
        "Share of held-out grids where the greedy agent reached the goal.",
        "Rises well above the random-moves line.",
        "Stays at or below random moves: the agent has not learned to steer.",
    ),
    Metric(
        "eval/random_success", "random moves", "%", "eval",
        "Success of uniformly random moves on the same grids: the baseline to beat.",
        "A flat line (it does not depend on training).",
        "Close to 100%: the grids are too easy to show learning.",
    ),
    Metric(
        "eval/episode_length", "episode length", "moves", "eval_other",
        "Mean number of moves of the greedy held-out episodes.",
        "Falls towards the shortest paths as success rises.",
        "Stays at task.max_steps: the agent wanders until the step limit.",
    ),
    Metric(
        "eval/return", "return", "reward", "eval_other",
        "Mean return of the greedy held-out episodes (1 at the goal, minus the step costs "
        "and any lava penalty).",
        "Rises with success.",
        "Below 0: the agent mostly wanders or walks into lava.",
    ),
    Metric(
        "eval/lava", "lava", "%", "eval_other",
        "Share of greedy held-out episodes that ended in lava.",
        "Near 0%.",
        "Rising: the agent has learned to move but not what to avoid.",
    ),
    Metric(
        "eval/path_efficiency", "path efficiency", "%", "eval_other",
        "For the solved grids, the shortest path's length over the moves taken.",
        "Near 100%: solved by shortest paths.",
        "Low: the agent reaches the goal by detours.",
    ),
)
# fmt: on

# The parts of a record that are not metrics: what it is, where and when it happened.
FIELDS: dict[str, str] = {
    "kind": "what the record is: step, eval, stage, checkpoint, log, probe or done",
    "stage": "the stage it happened in: warmup or grpo",
    "step": "the run's step count when it happened",
    "stage_step": "the step count within the stage",
    "total_steps": "the steps all stages plan (a stage that ends early does not change it)",
    "steps_left": "the planned steps still to run: the rest of the stage and the later ones "
    "(a stage that ended early leaves its unrun steps out); in step records and a stage's "
    "start record",
    "elapsed": "seconds of training so far, over every session of the run",
    "time/wall": "when the record was made: seconds since 1970 (UTC), the log's time stamps",
    "metric": "an eval record's headline metric (the eval/ key drawn on the held-out chart)",
    "grad_flow": "mean and max absolute gradient of each weight layer (Gradient flow tab)",
    "samples": "a few sampled groups with their rewards and advantages, and what explaining "
    "the step needs (Samples and Explain tabs)",
    "probe": "a probe record's snapshot of what the policy does on fixed inputs (Policy tab)",
}

# What the CLI's progress line shows after the bar, in order (the last evaluation follows).
PROGRESS_LINE = ("loss", "reward/mean")


@cache
def find(key: str) -> Metric | None:
    """The declaration of `key` (an exact key first, then a pattern), or None."""
    exact = _BY_KEY.get(key)
    if exact is not None:
        return exact
    return next((m for m in _PATTERNS if re.fullmatch(_pattern(m.key), key)), None)


def undeclared(record: dict) -> list[str]:
    """The keys of `record` that are neither a declared metric nor a record field."""
    return [k for k in record if k not in FIELDS and find(k) is None]


def chart_of(key: str) -> str:
    """The id of the chart that draws `key` as a curve or band ("" for none)."""
    metric = find(key)
    return metric.chart if metric is not None else ""


def curves(chart: str, keys: Iterable[str]) -> list[str]:
    """Which of `keys` chart `chart` draws as curves: declared keys in catalogue order,
    then keys of a pattern in the order given (the order they first arrived)."""
    present = list(keys)
    drawn = {k for k in present if (m := find(k)) is not None and m.chart == chart and not m.band}
    exact = [m.key for m in METRICS if m.key in drawn]
    return exact + [k for k in present if k in drawn and k not in _BY_KEY]


def band_key(mean_key: str) -> str | None:
    """The key holding the spread drawn around `mean_key`'s curve, if one is declared:
    'reward/mean' -> 'reward/std', 'reward/format/mean' -> 'reward/format/std'."""
    if not mean_key.endswith("/mean"):
        return None
    std = mean_key[: -len("mean")] + "std"
    metric = find(std)
    return std if metric is not None and metric.band else None


def chart_metrics(chart: str) -> list[Metric]:
    """The declarations a chart draws, in catalogue order (for its help)."""
    return [m for m in METRICS if m.chart == chart]


_BY_KEY = {m.key: m for m in METRICS if "<name>" not in m.key}
_PATTERNS = [m for m in METRICS if "<name>" in m.key]
