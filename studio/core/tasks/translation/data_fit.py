"""Settings that depend on how much data there is, chosen for the user's own file.

The Tiny-Transformer preset is tuned on the built-in demo corpus: 10,000 pairs of an
easy grammar, a warm-up stopped at valid chrF 60 (`stop_at`), a 5% valid split of which
200 sentences are evaluated, patience of three evaluations. On real text those choices
fail: 200 sentences give a chrF too noisy to compare evaluations by, three evaluations
are too impatient for a curve that still rises slowly, `stop_at` 60 is never reached (or
reached for the wrong reasons), and the vocabulary sizes do not follow the data. So when
the user's file replaces the demo corpus (and `task.fit_to_data` is on) the task picks:

- valid and test splits of 5% of the pairs, at least 500 and at most 1000 each (a
  tenth under 5,000 pairs), and evaluation on the whole valid split;
- evaluation every `EVAL_EVERY` steps, and a warm-up that ends only after `PATIENCE`
  evaluations without a valid chrF better by `MIN_GAIN`, with its step cap raised to
  `MAX_EPOCHS` passes over the training pairs (never below `MIN_WARMUP_STEPS`), and no
  `stop_at`; with a time budget, a warm-up that fills what GRPO's share
  (`GRPO_BUDGET_SHARE`) leaves of it, its cap `BUDGET_PASSES` passes, and whose
  patience, run out while the rate is still high, first decays the rate
  (training.stages.plan.decay_instead);
- vocabularies from the training text: characters seen at least twice (the rest are
  too rare to learn an embedding for); BPE sized by the square root of the number of
  words, the larger the corpus the finer its pieces may be;
- the warm-up's recipe for real text, each part measured on Tatoeba exports
  (benchmarks/RESULTS.md): batches of pairs of like length by token count (a batch of
  pairs drawn at random is about half padding on such files, the share is measured and
  reported), label smoothing, a learning rate that warms up and then decays along a
  cosine to the warm-up's planned end, the average of the weights at its last
  evaluations; for a file of `DROPOUT_FREE_PAIRS` training pairs or more, weight decay
  instead of dropout: both hold back learning the pairs by heart, but dropout slows the
  warm-up more than it helps within the time budget, and weight decay costs no time;
- a GRPO reward that counts how close each translation's length is to the reference's
  besides its chrF (which weighs recall as the test's chrF does), for a large file
  smaller GRPO steps, and samples at a lower temperature if the policy at GRPO's start is
  unsure of its words;
- a beam search for the test split, decoded once at the end (the valid split, evaluated
  again and again while training, keeps greedy decoding);
- a time budget (`run.time_budget`) a person waits for on a laptop: the stages are
  planned from a short measurement on this machine to fit it.

A translator of the user's (a pretrained model) keeps its own vocabularies, and its
learning rates are its model section's (studio.core.models.pretrained.section): the fit
then proposes no warm-up learning rate and no GRPO one, no dropout and no weight decay,
which are a model made from scratch's.

Each choice comes with its reason in the load report. A file of fewer than
`MIN_PAIRS` pairs (a test, a classroom toy) keeps the preset's values. Every choice is a
proposal to the one settings fit (studio.core.config.fit), which leaves a setting the user
gave as they set it, and the report says so too: "eval.every: kept at 0, you set it; the
fit would choose 250".
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from studio.core.config.fit import Proposal, settle
from studio.core.messages import Message, say

MIN_PAIRS = 1000  # below this a file keeps the preset's settings
HELD_OUT_SHARE = 0.05
HELD_OUT_MIN, HELD_OUT_MAX = 500, 1000  # sentences per held-out split, when there are enough
# Steps between evaluations of a whole valid split: a tenth of a laptop's time goes to them.
EVAL_EVERY = 500
PATIENCE = 4  # evaluations without a better chrF before the warm-up ends...
# ...better by this much: a levelled-off warm-up's evaluations wander by more than noise.
MIN_GAIN = 0.5
# The warm-up's step cap, in passes over the pairs: high enough that the patience, not the
# cap, ends a real file's warm-up within the budget. (The readings behind these constants
# are in benchmarks/RESULTS.md, "Translation on a real corpus".)
MAX_EPOCHS = 30
# With a time budget the warm-up fills what GRPO leaves of it, its cap in passes only a
# bound the budget cuts: at a cap of 30 passes, warm-ups on the Tatoeba cmn-eng file ended
# with a third of the budget unused and valid chrF still rising.
BUDGET_PASSES = 100
# GRPO's most of the budget: on real text a minute of warm-up gains more test chrF than a
# minute of GRPO, which is shortened to this share when the budget is short.
GRPO_BUDGET_SHARE = 0.2
NOMINAL_BATCH = 32  # the preset's warm-up batch, in pairs
# The least cap: the preset's 3,000 steps and the patience after them, so a small file's
# warm-up is ended by its patience, not cut an evaluation before it.
MIN_WARMUP_STEPS = 3000 + PATIENCE * EVAL_EVERY
BATCH_TOKENS = 800  # stages.warmup.batch_tokens: padded source and target positions
LABEL_SMOOTHING = 0.1
WARMUP_LR = 1e-3
LR_WARMUP_STEPS = 400
# From this many pairs the data regularizes enough: dropout costs time and valid chrF.
DROPOUT_FREE_PAIRS = 10_000
# AdamW's decoupled weight decay: higher test chrF on real text, at no cost in step time.
WEIGHT_DECAY = 0.3
# The warm-up ends with the average of the weights at its last evaluations (the best and
# the PATIENCE after it), which beats the last weights once the warm-up has levelled off.
AVERAGE_LAST = PATIENCE + 1
# GRPO's reward on real text: chrF plus this weight of a reward for the reference's
# length, which keeps GRPO's translations from growing longer than the references.
LENGTH_REWARD = 0.2
# GRPO's chrF reward weighs recall this many times as much as precision, as the test's
# corpus chrF does: weighed alike, GRPO's translations came out shorter than the references.
REWARD_CHRF_BETA = 2.0
# GRPO's learning rate on real text: the preset's 1e-4 undid part of the warm-up.
GRPO_LR = 3e-5
# GRPO's sampling temperature when the policy at its start is unsure of its words
# (training.steps.unsure_temperature measures it): the warm-up's label smoothing leaves
# every token a sliver of probability, so samples at temperature 1 carry stray words.
UNSURE_TEMPERATURE = 0.7
# How the test split decodes: a beam search scores higher in several times the time; the
# valid split keeps greedy decoding, evaluated again and again while training.
TEST_DECODING = "beam"
TIME_BUDGET = "25 min"  # within half an hour with the last evaluations and the test
RANDOM_BATCHES = 200  # random batches drawn to measure their share of padding
CHAR_MIN_COUNT = 2  # characters seen fewer times become <unk>
BPE_PER_ROOT_WORD = 12  # BPE size = this * sqrt(training words), within the bounds below
BPE_MIN, BPE_MAX = 1000, 8000


def held_out_share(n: int) -> tuple[float, Message]:
    """The valid (and the test) share for n pairs, and why."""
    if n < 5000:
        return max(1, n // 10) / n, say("a tenth of the pairs")
    k = min(HELD_OUT_MAX, max(HELD_OUT_MIN, int(n * HELD_OUT_SHARE)))
    return k / n, say("5% of the pairs, between 500 and 1,000: enough for a steady chrF")


def vocab_size(kind: str, texts: list[str]) -> tuple[int, Message]:
    """A tokenizer size for the training texts of one side, and why."""
    if kind == "char":
        counts = Counter(ch for t in texts for ch in t)
        size = 4 + sum(1 for c in counts.values() if c >= CHAR_MIN_COUNT)
        return size, say("the characters seen at least {n} times", n=CHAR_MIN_COUNT)
    words = sum(len(t.split()) for t in texts)
    size = int(min(BPE_MAX, max(BPE_MIN, round(BPE_PER_ROOT_WORD * math.sqrt(words), -2))))
    return size, say("{k} x the square root of its {n} words", k=BPE_PER_ROOT_WORD, n=f"{words:,}")


@dataclass
class DataFit:
    """What fitting to the data chose, setting by setting, against the settings the user
    gave (`user`, dotted path -> value): the notes of what the task chose itself (the
    splits, the vocabularies), the lines of the settings kept as the user set them, and
    the trainer's settings proposed (made when the trainer is built, LoadReport.propose)."""

    user: Mapping[str, Any]
    notes: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    proposals: list[Proposal] = field(default_factory=list)

    def has_time_budget(self) -> bool:
        """Whether the run gets a time budget: the fit's TIME_BUDGET, unless the user
        cleared run.time_budget (or gave their own)."""
        return bool(str(self.user.get("run.time_budget", TIME_BUDGET)).strip())

    def choose(self, proposals: list[Proposal]) -> dict[str, Any]:
        """The values the fit takes for what the task chooses itself (path -> value), their
        reasons noted; the user's settings kept and said."""
        fit = settle(proposals, self.user)
        self.notes += fit.notes
        self.kept += fit.kept_lines
        return fit.settings


def held_out_shares(fit: DataFit, n: int, given: tuple[float, float]) -> tuple[float, float]:
    """The valid and the test share for n pairs: fitted, or as the user gave them."""
    share, why = held_out_share(n)
    paths = {name: f"data.{name}_fraction" for name in ("valid", "test")}
    would = say("the fit would choose {value}", value=f"{share:.3g}")
    chosen = fit.choose([Proposal(path, share, "", would) for path in paths.values()])
    fitted = [name for name, path in paths.items() if path in chosen]
    k = f"{round(share * n):,}"
    if len(fitted) == 2:
        fit.notes.append(say("valid and test splits of {n}: {why}", n=k, why=why))
    elif fitted == ["valid"]:
        fit.notes.append(say("valid split of {n}: {why}", n=k, why=why))
    elif fitted == ["test"]:
        fit.notes.append(say("test split of {n}: {why}", n=k, why=why))
    valid, test = (chosen.get(path, g) for path, g in zip(paths.values(), given))
    return valid, test


def padding_share(lengths: list[tuple[int, int]], batch_size: int) -> float:
    """The share of padding in batches of `batch_size` pairs drawn at random (a fixed
    draw), each pair's (source, target) tokens padded to the batch's longest."""
    rng = random.Random(0)
    real = padded = 0
    for _ in range(RANDOM_BATCHES):
        batch = [rng.choice(lengths) for _ in range(batch_size)]
        real += sum(s + t for s, t in batch)
        padded += batch_size * (max(s for s, _ in batch) + max(t for _, t in batch))
    return 1 - real / padded


def large_file_settings(n_train: int) -> list[Proposal]:
    """For a training set large enough: no dropout, weight decay in its stead, smaller
    GRPO steps. Below it the preset's values: a smaller file's warm-up is still rising at
    its cap, where weight decay and the smaller GRPO steps cost test chrF."""
    if n_train < DROPOUT_FREE_PAIRS:
        return []
    return [
        Proposal(
            "model.dropout",
            0.0,
            say(
                "model.dropout {n}: with {k} training pairs dropout slows the warm-up more "
                "than it helps within the time budget; weight decay holds back learning the "
                "pairs by heart instead, at no cost in time",
                n=0,
                k=f"{n_train:,}",
            ),
        ),
        Proposal(
            "training.weight_decay",
            WEIGHT_DECAY,
            say(
                "training.weight_decay {n}: every step draws the weights a little towards "
                "zero; the warm-up learns fewer of the pairs by heart and translates new "
                "sentences better",
                n=f"{WEIGHT_DECAY:g}",
            ),
        ),
        Proposal(
            "stages.grpo.lr",
            GRPO_LR,
            say(
                "stages.grpo.lr {n}: smaller steps than the preset's; on real text GRPO's "
                "larger ones lose more of what the warm-up learned than its reward wins",
                n=f"{GRPO_LR:g}",
            ),
        ),
    ]


def unsure_temperature(fit: DataFit) -> list[Proposal]:
    """GRPO's temperature chosen at its start from how unsure the policy is; not when the
    user set grpo.temperature (theirs is the temperature GRPO samples at)."""
    if "grpo.temperature" in fit.user:
        return []
    return [
        Proposal(
            "grpo.unsure_temperature",
            UNSURE_TEMPERATURE,
            say(
                "grpo.unsure_temperature {n}: GRPO samples at {t} if the policy at its start "
                "is unsure of its words; sampled at 1, an unsure policy's translations carry "
                "stray words",
                n=f"{UNSURE_TEMPERATURE:g}",
                t=f"{UNSURE_TEMPERATURE:g}",
            ),
        )
    ]


# what only a model made from scratch is fitted: a pretrained one's rates are its own, and
# its weights are no dropout's or weight decay's to hold back
FROM_SCRATCH = (
    "stages.warmup.lr",
    "stages.warmup.lr_warmup_steps",
    "stages.grpo.lr",
    "model.dropout",
    "training.weight_decay",
)


def trainer_settings(
    fit: DataFit, n_valid: int, lengths: list[tuple[int, int]], *, pretrained: bool = False
) -> None:
    """The trainer's settings (dotted config paths) for the valid split's size and the
    training pairs' token `lengths` (source, target; EOS and BOS counted), with reasons,
    proposed in `fit`; for a `pretrained` model, none of FROM_SCRATCH."""
    proposals = [
        *evaluation_settings(fit, n_valid),
        *warmup_settings(fit, lengths),
        *reward_and_test_settings(),
        *large_file_settings(len(lengths)),
        *unsure_temperature(fit),
        Proposal(
            "run.time_budget",
            TIME_BUDGET,
            say(
                "run.time_budget {n}: the stages are planned from a short measurement on "
                "this machine to end within it (empty: no budget)",
                n=TIME_BUDGET,
            ),
        ),
    ]
    fit.proposals += [p for p in proposals if not (pretrained and p.path in FROM_SCRATCH)]


def evaluation_settings(fit: DataFit, n_valid: int) -> list[Proposal]:
    """Evaluation on the whole valid split, and a warm-up that ends when it stops
    improving rather than at the demo corpus's target."""
    every = fit.user.get("eval.every", EVAL_EVERY)  # what the patience counts in
    if every:
        patience = say(
            "stages.warmup.patience {n}: the warm-up ends after {evals} evaluations ({steps} "
            "steps) without a better valid chrF",
            n=PATIENCE,
            evals=PATIENCE,
            steps=f"{PATIENCE * every:,}",
        )
    else:  # the user's eval.every 0: no steps between evaluations to count
        patience = say(
            "stages.warmup.patience {n}: the warm-up ends after {evals} evaluations without a "
            "better valid chrF",
            n=PATIENCE,
            evals=PATIENCE,
        )
    return [
        Proposal(
            "eval.size",
            n_valid,
            say("eval.size {n}: the whole valid split", n=f"{n_valid:,}"),
        ),
        Proposal(
            "eval.every",
            EVAL_EVERY,
            say("eval.every {n}: a whole valid split takes longer to evaluate", n=EVAL_EVERY),
        ),
        Proposal(
            "stages.warmup.stop_at",
            None,
            say("stages.warmup.stop_at off: the demo corpus's target means nothing for other data"),
        ),
        Proposal("stages.warmup.patience", PATIENCE, patience),
        Proposal(
            "stages.warmup.min_gain",
            MIN_GAIN,
            say(
                "stages.warmup.min_gain {n}: better means {gain} chrF above the best; smaller "
                "rises are the noise of a few hundred sentences",
                n=f"{MIN_GAIN:g}",
                gain=f"{MIN_GAIN:g}",
            ),
        ),
    ]


def warmup_settings(fit: DataFit, lengths: list[tuple[int, int]]) -> list[Proposal]:
    """The warm-up's cap in passes over the training pairs and its recipe for real text:
    batches of like length, label smoothing, a cosine schedule, the weights averaged."""
    n_train, batch_size = len(lengths), NOMINAL_BATCH
    per_batch = BATCH_TOKENS / (sum(s + t for s, t in lengths) / n_train)
    waste = padding_share(lengths, batch_size)
    if fit.user.get("stages.warmup.batch_tokens", BATCH_TOKENS) == 0:  # pairs at random
        per_batch = batch_size
    budget = fit.has_time_budget()
    passes = BUDGET_PASSES if budget else MAX_EPOCHS
    cap = max(MIN_WARMUP_STEPS, math.ceil(passes * n_train / per_batch))
    return [
        *(budget_settings(cap) if budget else []),
        Proposal(
            "stages.warmup.steps",
            cap,
            ""
            if budget
            else say(
                "stages.warmup.steps {n}: at most {epochs} passes over the training pairs; a "
                "cap for a warm-up still improving: the patience should end it first",
                n=f"{cap:,}",
                epochs=MAX_EPOCHS,
            ),
        ),
        Proposal(
            "stages.warmup.batch_tokens",
            BATCH_TOKENS,
            say(
                "stages.warmup.batch_tokens {n}: pairs of like length, about {k} a batch; "
                "{pairs} pairs drawn at random are {share} padding in this file",
                n=BATCH_TOKENS,
                k=f"{per_batch:.0f}",
                pairs=batch_size,
                share=f"{waste:.0%}",
            ),
        ),
        Proposal(
            "task.label_smoothing",
            LABEL_SMOOTHING,
            say(
                "task.label_smoothing {n}: real text has many right translations; the warm-up "
                "is not taught to be sure of one",
                n=f"{LABEL_SMOOTHING:g}",
            ),
        ),
        Proposal(
            "stages.warmup.lr_schedule",
            "cosine",
            say(
                "stages.warmup.lr_schedule cosine: the learning rate decays to the warm-up's "
                "planned end, where a small step polishes what a large one found"
            ),
        ),
        Proposal(
            "stages.warmup.lr",
            WARMUP_LR,
            say(
                "stages.warmup.lr {n}, warmed up over {k} steps",
                n=f"{WARMUP_LR:g}",
                k=LR_WARMUP_STEPS,
            ),
        ),
        Proposal("stages.warmup.lr_warmup_steps", LR_WARMUP_STEPS, ""),
        Proposal(
            "stages.warmup.average_last",
            AVERAGE_LAST,
            say(
                "stages.warmup.average_last {n}: the warm-up ends with the average of the "
                "weights at its last {k} evaluations when it scores better than the last "
                "weights; a levelled-off warm-up's weights wander around a better point",
                n=AVERAGE_LAST,
                k=AVERAGE_LAST,
            ),
        ),
    ]


def budget_settings(cap: int) -> list[Proposal]:
    """With a time budget: a warm-up that fills what GRPO's share leaves of it, its cap of
    `cap` steps (BUDGET_PASSES passes) only a bound."""
    return [
        Proposal(
            "stages.warmup.fills_budget",
            True,
            say(
                "stages.warmup.fills_budget on: the warm-up gets the time GRPO leaves of the "
                "budget, its learning rate decaying to that end; stages.warmup.steps {n} "
                "({passes} passes) is only its cap. When its patience runs out with the rate "
                "still high, the rate decays over one more patience first",
                n=f"{cap:,}",
                passes=BUDGET_PASSES,
            ),
        ),
        Proposal(
            "stages.grpo.budget_share",
            GRPO_BUDGET_SHARE,
            say(
                "stages.grpo.budget_share {n}: GRPO takes at most {share} of the budget; on "
                "real text a minute of warm-up gains more than a minute of GRPO",
                n=f"{GRPO_BUDGET_SHARE:g}",
                share=f"{GRPO_BUDGET_SHARE:.0%}",
            ),
        ),
    ]


def reward_and_test_settings() -> list[Proposal]:
    """GRPO's reward for real text (the length besides chrF, recall weighed as the test's
    chrF weighs it) and the test split's decoding."""
    return [
        Proposal(
            "task.length_penalty",
            LENGTH_REWARD,
            say(
                "task.length_penalty {n}: GRPO's reward also counts how close a translation's "
                "length is to the reference's; on chrF alone GRPO's translations of real text "
                "grow longer than the references",
                n=f"{LENGTH_REWARD:g}",
            ),
        ),
        Proposal(
            "task.chrf_beta",
            REWARD_CHRF_BETA,
            say(
                "task.chrf_beta {n}: GRPO's reward weighs recall {k} times as much as "
                "precision, as the test's chrF does; weighed alike, GRPO's translations of "
                "real text sampled at {t} came out shorter than the references",
                n=f"{REWARD_CHRF_BETA:g}",
                k=f"{REWARD_CHRF_BETA:g}",
                t=f"{UNSURE_TEMPERATURE:g}",
            ),
        ),
        Proposal(
            "eval.test_decoding",
            TEST_DECODING,
            say(
                "eval.test_decoding {n}: the test split is translated by a beam search, once "
                "at the end; on real text it scored higher than greedy decoding, in several "
                "times the time",
                n=TEST_DECODING,
            ),
        ),
    ]
