"""Your own text: a decoder learns the user's prompts (and answers), rewarded by checks.

The prompts come from data.path (studio.core.data.prompt_files reads the layouts people
have: TSV/CSV, JSON Lines, `prompt -> answer` lines with several acceptable answers,
prompts alone) or, without a file, from a built-in demo (dates into ISO form). The reward
is the weighted sum of task.rewards, a list of checks stored as data
(studio.core.tasks.reward_checks), each recorded as its own reward part.

Fitted to the data (task.fit_to_data), each choice written in the load report: the
tokenizer, one token per character (the characters the file uses) or BPE pieces for a
large file of longer text (own_text_tokens.py holds the rule; task.tokenizer overrides
it); model.max_len and grpo.max_new_tokens from the longest prompt and answer, in
tokens; no supervised warm-up when the file has no answers; and, for at least MIN_FITTED
items, held-out splits of 5% (100 to 1,000 prompts each) and evaluation on up to 500 of
them. The built-in demo's warm-up is capped at WARMUP_EPOCHS passes and ends at the
preset's stop_at. A user's file gets a time budget instead, as a file of sentence pairs
does (FILE_TIME_BUDGET): its warm-up's cap is FILE_WARMUP_PASSES passes, more than the
budget can hold, and it fills the budget (stages.warmup.fills_budget): the measurement
before the first step plans its end from the time GRPO's steps leave, and patience
(FILE_PATIENCE evaluations without a gain of FILE_MIN_GAIN) still ends a warm-up that has
stopped learning.

A run needs MIN_ITEMS prompts at least: one to train on, one to validate each stage on
and one to test; a file of fewer is refused before any run folder is made.
Evaluation reports exact-answer accuracy (the greedy answer is one of the acceptable
ones) and mean sentence chrF against the nearest answer; for prompts alone, accuracy is
the share of greedy answers that pass every check.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

import torch
from torch import nn

from studio.core.config.decoding import Decoding
from studio.core.config.fields import ModelSection, param
from studio.core.config.fit import Proposal, settle
from studio.core.config.sections import DataConfig
from studio.core.data.load_report import LoadReport
from studio.core.data.prompt_files import PromptItem, read_prompts, split_items
from studio.core.messages import say
from studio.core.models.decoder import as_decoder
from studio.core.tasks.base import (
    Example,
    RewardFunction,
    Rollout,
    Sampling,
    TaskError,
    UserSettings,
    empty_split,
    model_device,
)
from studio.core.tasks.char_tokenizer import CharTokenizer
from studio.core.tasks.chrf import sentence_chrf
from studio.core.tasks.own_text_tokens import TokenizerChoice, fit_kind, pieces_for
from studio.core.tasks.reward_checks import Check, CheckError, check_rewards, parse_checks, scorer
from studio.core.tasks.reward_kinds import KINDS
from studio.core.tasks.text import TextTask, repeat_each
from studio.core.tasks.user_reward import UserRewardSection, user_reward_param

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig

PROMPT_ENDS = ("=", "→", "\x1f")  # the first the data does not use ends every prompt
MIN_FITTED = 1000  # items from which the trainer's settings are fitted too
HELD_OUT_SHARE, HELD_OUT_MIN, HELD_OUT_MAX = 0.05, 100, 1000
EVAL_MAX = 500  # held-out prompts an evaluation answers, at most
WARMUP_BATCH = 64  # the preset's, for the cap in passes
WARMUP_EPOCHS = 10
WARMUP_MIN, WARMUP_MAX = 300, 3000
# A user's file: the warm-up fills a time budget a person waits for at the machine. At
# the demo's cap of 10 passes 20,000 prompts ended in 6 minutes, held-out exact answers
# still rising; the readings of this plan are in benchmarks/RESULTS.md.
FILE_TIME_BUDGET = "20 min"
FILE_WARMUP_PASSES = 50  # a cap the budget shortens: never the end of a rising warm-up
FILE_EVAL_EVERY = 200  # steps between evaluations of up to EVAL_MAX prompts (a few s each)
FILE_PATIENCE = 4  # evaluations without a better exact-answer share before it ends...
FILE_MIN_GAIN = 0.01  # ...better by a point: 500 prompts' share moves by that in noise
MIN_ITEMS = 3  # one to train on, one for the valid split, one for the test split
NEW_TOKENS_ALONE = 32  # a completion's room when there are no answers to measure


def default_checks() -> list[dict[str, Any]]:
    return [
        {"kind": "exact", "weight": 1.0, "options": {}},
        {"kind": "similarity", "weight": 0.5, "options": {"metric": "chrf"}},
    ]


@dataclass
class OwnTextConfig(UserRewardSection):
    """Prompts (and answers) of your own, rewarded by the checks you list."""

    NAME: ClassVar[str] = "own_text"

    rewards: list[dict[str, Any]] = param(
        None,
        "The reward: a list of checks, each {kind, weight, options}; kinds: " + ", ".join(KINDS),
        label="Reward checks",
        default_factory=default_checks,
    )
    tokenizer: Literal["auto", "char", "bpe"] = param(
        "auto",
        "Tokens: one a character (char), BPE pieces (bpe), or fitted to your file (auto: "
        "BPE for a large file of longer text, characters otherwise)",
        label="Tokens",
    )
    max_prompt_chars: int = param(
        200, "Longest prompt kept, in characters", min=1, max=4000, label="Longest prompt"
    )
    max_answer_chars: int = param(
        200, "Longest answer kept, in characters", min=1, max=4000, label="Longest answer"
    )
    fit_to_data: bool = param(
        True,
        "Fit model.max_len, grpo.max_new_tokens, the splits, evaluation and the warm-up to "
        "your file (the load report lists each choice)",
        label="Fit settings to my data",
    )
    demo_size: int = param(
        3000, "Dates in the built-in demo (used without a file)", min=10, max=20000,
        label="Demo size",
    )  # fmt: skip
    user_reward: str | None = user_reward_param()

    def __post_init__(self) -> None:
        try:
            checks = parse_checks(self.rewards)
        except CheckError as err:
            raise ValueError(str(err)) from None
        named = [c.options["function"] for c in checks if c.kind == "function"]
        if named and self.user_reward and self.user_reward != named[0]:
            raise ValueError(
                say(
                    "task.user_reward ({user}) and the function check ({named}) name different "
                    "functions; keep one",
                    user=self.user_reward,
                    named=named[0],
                )
            )
        if named and not self.user_reward:
            self.user_reward = named[0]  # the front doors ask consent for this file

    def checks(self) -> list[Check]:
        return parse_checks(self.rewards)


def _check_enough(items: list[PromptItem], data: DataConfig) -> None:
    """TaskError before any run folder is made when the prompts cannot fill a training,
    a valid and a test split (every stage ends with an evaluation on the valid split)."""
    where = data.path or say("the built-in demo")
    if len(items) == 1:
        raise TaskError(
            say(
                "{path}: holds 1 usable prompt; a run needs at least {least}, one to train on, "
                "one to validate each stage on and one to test; add lines to the file",
                path=where,
                least=MIN_ITEMS,
            )
        )
    if len(items) < MIN_ITEMS:
        raise TaskError(
            say(
                "{path}: holds {n} usable prompts; a run needs at least {least}, one to train "
                "on, one to validate each stage on and one to test; add lines to the file",
                path=where,
                n=len(items),
                least=MIN_ITEMS,
            )
        )
    if data.valid_fraction <= 0:
        raise TaskError(
            say(
                "data.valid_fraction: 0 leaves no prompt to evaluate each stage on; give it "
                "a share above 0 (e.g. 0.05)"
            )
        )


def _alphabet(items: list[PromptItem]) -> str:
    return "".join(sorted({ch for it in items for text in (it.prompt, *it.answers) for ch in text}))


class OwnTextTask(TextTask[OwnTextConfig]):
    """The user's prompts for a decoder, rewarded by task.rewards."""

    NAME = "own_text"
    CONFIG = OwnTextConfig
    EVAL_SECOND = "chrf"  # a model far from exact answers still shows learning in chrF
    SECOND_GAIN = 0.5  # chrF points: about the noise of 500 held-out prompts
    DATA_FIELDS: ClassVar[tuple[str, ...]] = (
        "path",
        "valid_fraction",
        "test_fraction",
        "split_seed",
        "max_unusable",
    )

    def __init__(
        self,
        cfg: OwnTextConfig,
        data: DataConfig | None,
        *,
        seed: int,
        user_settings: UserSettings | None = None,
        model: ModelSection | None = None,
    ) -> None:
        # the user's settings the fit leaves alone: the trainer's by the load report
        # (propose, then apply_settings), the splits and the tokens, chosen here, here
        super().__init__(cfg, data, seed=seed, user_settings=user_settings, model=model)
        self.checks = cfg.checks()
        if self.data.path:
            loaded = read_prompts(
                self.data.path,
                max_prompt_chars=cfg.max_prompt_chars,
                max_answer_chars=cfg.max_answer_chars,
            )
            items, self.has_answers, self._report = loaded.items, loaded.has_answers, loaded.report
        else:
            from studio.core.data.demo_dates import demo_dates

            pairs = demo_dates(cfg.demo_size)
            items = [PromptItem(p, (a,), i) for i, (p, a) in enumerate(pairs, start=1)]
            self.has_answers = True
            self._report = LoadReport(
                path="", origin=say("Built-in demo (dates into ISO form)"), kept=len(items),
                noun="prompt", first_pairs=pairs[:5],
            )  # fmt: skip
        needy = [c for c in self.checks if c.needs_answers]
        if needy and not self.has_answers:
            raise TaskError(
                say(
                    "task.rewards: {check} compares with an answer, but {path} has prompts "
                    "alone; use checks that need none ({kinds}) or give answers",
                    check=needy[0].name,
                    path=self.data.path,
                    kinds=", ".join(k for k, kind in KINDS.items() if not kind.needs_answers),
                )
            )
        _check_enough(items, self.data)
        alphabet = _alphabet(items)
        self.prompt_end = next((c for c in PROMPT_ENDS if c not in alphabet), PROMPT_ENDS[-1])
        self.tokenizer = CharTokenizer(alphabet + self.prompt_end)
        fitted = cfg.fit_to_data and len(items) >= MIN_FITTED
        shares = (self.data.valid_fraction, self.data.test_fraction)
        notes: list[str] = []
        kept: list[str] = []  # the user's settings the fit leaves as set
        if fitted:
            shares, notes = self._held_out_shares(len(items), kept)
        split = split_items(
            items, valid_fraction=shares[0], test_fraction=shares[1], seed=self.data.split_seed
        )
        if not split["train"]:
            raise TaskError(
                say("{path}: no prompt left to train on; give more", path=self.data.path)
            )
        self._answers: dict[str, tuple[str, ...]] = {}
        self._items = {name: [self._example(it) for it in part] for name, part in split.items()}
        self._held_out_prompts = {e.prompt for e in self._items["valid"] + self._items["test"]}
        self._longest_prompt = max(len(it.prompt) for it in items) + 1  # with its end
        self._longest_answer = max((len(a) for it in items for a in it.answers), default=0)
        self._all = items
        tokens = self._choose_tokenizer(cfg, split["train"], alphabet, kept)
        self._report.split = {name: len(part) for name, part in split.items()}
        self._report.fitted = notes + tokens
        self._report.kept_as_set = kept
        proposals = self._fit(cfg, fitted, len(split["train"]), len(split["valid"]))
        self._report.propose(proposals, self.user_settings)

    def _held_out_shares(self, n: int, kept: list[str]) -> tuple[tuple[float, float], list[str]]:
        """The valid and test shares fitted to `n` prompts, as the user gave those they gave
        (their lines added to `kept`), and the notes of those fitted."""
        k = min(HELD_OUT_MAX, max(HELD_OUT_MIN, round(HELD_OUT_SHARE * n)))
        share = k / n
        proposals = [
            Proposal(
                f"data.{name}_fraction",
                share,
                say(
                    "data.{name}_fraction {share}: {k} prompts, 5%, between 100 and 1,000",
                    name=name,
                    share=f"{share:.3g}",
                    k=f"{k:,}",
                ),
                say("the fit would choose {value}", value=f"{share:.3g}"),
            )
            for name in ("valid", "test")
        ]
        fit = settle(proposals, self.user_settings)
        kept += fit.kept_lines
        given = (self.data.valid_fraction, self.data.test_fraction)
        valid, test = (fit.settings.get(p.path, g) for p, g in zip(proposals, given))
        return (valid, test), fit.notes

    def _example(self, item: PromptItem) -> Example:
        prompt = item.prompt + self.prompt_end
        self._answers[prompt] = item.answers
        reference = item.answers[0] if item.answers else ""
        return Example(prompt, reference, display=prompt)

    def _choose_tokenizer(
        self, cfg: OwnTextConfig, train: list[PromptItem], alphabet: str, kept: list[str]
    ) -> list[str]:
        """Characters or BPE (task.tokenizer, else the fit's rule when task.fit_to_data is
        on); the report's line on it, or a kept line when the user chose. A model that
        brings its own tokenizer (a pretrained one) decides instead."""
        if self.model_tokenizer is not None:
            self._measure()
            return [
                say(
                    "tokens: the model's own tokenizer ({size} tokens); prompts end with "
                    "{end} (the playground adds it to a prompt)",
                    size=f"{self.model_tokenizer.vocab_size:,}",
                    end=repr(self.prompt_end),
                )
            ]
        if cfg.tokenizer == "auto" and not cfg.fit_to_data:
            choice = TokenizerChoice("char", say("task.fit_to_data is off"))
        else:
            choice = fit_kind(train, alphabet, self.prompt_end)
        if cfg.tokenizer != "auto" and cfg.tokenizer != choice.kind:
            # "char" or "bpe" is the user's choice, "auto" the fit's: the value says whose
            would = say("the fit would choose {kind}: {why}", kind=choice.kind, why=choice.why)
            proposal = Proposal("task.tokenizer", choice.kind, "", would)
            kept += settle([proposal], {"task.tokenizer": cfg.tokenizer}).kept_lines
            choice = TokenizerChoice(cfg.tokenizer, say("as you set it"))
        elif cfg.tokenizer == "bpe" and choice.pieces is not None and choice.pieces.spelled:
            # the user's "bpe" is pieces on both sides, not the fit's spelled one
            why = say("as you set it, on prompts and answers alike; the fit: {why}", why=choice.why)
            choice = TokenizerChoice("bpe", why)
        elif cfg.tokenizer != "auto":
            choice.why = say("as you set it, and as the fit would choose: {why}", why=choice.why)
        if choice.kind == "bpe":
            self.tokenizer = choice.pieces or pieces_for(train, alphabet, self.prompt_end)
        self._measure()
        end = say(
            "prompts end with {end} (the playground adds it to a prompt)",
            end=repr(self.prompt_end),
        )
        if choice.kind == "bpe":
            what = say(
                "BPE, {n} pieces learned on the training split",
                n=f"{self.tokenizer.vocab_size:,}",
            )
        else:
            what = say("one token per character, the {n} characters the data uses", n=len(alphabet))
        return [
            say(
                "task.tokenizer {kind}: {what}; {why}; {end}",
                kind=choice.kind,
                what=what,
                why=choice.why,
                end=end,
            )
        ]

    def _measure(self) -> None:
        """The longest prompt (with its end) and answer in the tokenizer's tokens."""
        tok = self.tokenizer
        self._prompt_tokens = max(len(tok.encode(it.prompt + self.prompt_end)) for it in self._all)
        self._answer_tokens = max(
            (len(tok.encode(a, bos=False)) for it in self._all for a in it.answers), default=0
        )

    def _fit(self, cfg: OwnTextConfig, fitted: bool, n_train: int, n_valid: int) -> list[Proposal]:
        """The trainer's settings for the data, each with its reason: no warm-up without
        answers; with task.fit_to_data the room a completion needs, and for a file of
        MIN_FITTED prompts or more (`fitted`) the evaluation's size and the warm-up's cap."""
        proposals: list[Proposal] = []
        if not self.has_answers:
            why = say("stages.warmup.steps 0: no answers to learn from before GRPO")
            proposals.append(Proposal("stages.warmup.steps", 0, why))
        if not cfg.fit_to_data:
            return proposals
        proposals += self._room()
        if fitted:
            size = min(n_valid, EVAL_MAX)
            why = say(
                "eval.size {n}: the valid split, at most {most}", n=f"{size:,}", most=EVAL_MAX
            )
            proposals.append(Proposal("eval.size", size, why))
        if fitted and self.has_answers:
            own = self._file_warmup(n_train) if self.data.path else self._demo_warmup(n_train)
            proposals += own
        return proposals

    def _demo_warmup(self, n_train: int) -> list[Proposal]:
        """The built-in demo's warm-up: capped at WARMUP_EPOCHS passes, ended by the
        preset's stop_at (the first minutes of a lesson, no budget)."""
        cap = int(min(WARMUP_MAX, max(WARMUP_MIN, math.ceil(
            WARMUP_EPOCHS * n_train / WARMUP_BATCH))))  # fmt: skip
        passes = cap * WARMUP_BATCH / n_train
        why = say(
            "stages.warmup.steps {n}: {passes} passes over the training prompts ({epochs}, "
            "kept between {low} and {high} steps); the preset's stop_at can end it sooner",
            n=f"{cap:,}",
            passes=f"{passes:.1f}",
            epochs=WARMUP_EPOCHS,
            low=WARMUP_MIN,
            high=f"{WARMUP_MAX:,}",
        )
        return [Proposal("stages.warmup.steps", cap, why)]

    def _file_warmup(self, n_train: int) -> list[Proposal]:
        """A user's file: a time budget, and a warm-up that fills what GRPO leaves of it
        (its steps a cap) until patience finds it has stopped learning."""
        batch = self.user_settings.get("stages.warmup.batch_size", WARMUP_BATCH)
        cap = max(WARMUP_MIN, math.ceil(FILE_WARMUP_PASSES * n_train / max(1, int(batch))))
        every = self.user_settings.get("eval.every", FILE_EVAL_EVERY)
        return [
            Proposal(
                "run.time_budget",
                FILE_TIME_BUDGET,
                say(
                    "run.time_budget {n}: the stages are planned from a short measurement on "
                    "this machine to end within it (empty: no budget)",
                    n=FILE_TIME_BUDGET,
                ),
            ),
            Proposal(
                "stages.warmup.fills_budget",
                True,
                say(
                    "stages.warmup.fills_budget on: the warm-up gets the time GRPO's steps "
                    "leave of the budget; stages.warmup.steps {n} ({passes} passes) is only "
                    "its cap",
                    n=f"{cap:,}",
                    passes=FILE_WARMUP_PASSES,
                ),
            ),
            Proposal("stages.warmup.steps", cap, ""),
            Proposal(
                "stages.warmup.stop_at",
                None,
                say(
                    "stages.warmup.stop_at off: the demo's target would end a warm-up on your "
                    "file while it still learns"
                ),
            ),
            Proposal(
                "stages.warmup.patience",
                FILE_PATIENCE,
                say(
                    "stages.warmup.patience {n}: the warm-up ends sooner after {n} evaluations "
                    "({steps} steps) without {gain} more exact answers or {chrf} more chrF",
                    n=FILE_PATIENCE,
                    steps=f"{FILE_PATIENCE * int(every or 1):,}",
                    gain=f"{FILE_MIN_GAIN:.0%}",
                    chrf=f"{self.SECOND_GAIN:g}",
                ),
            ),
            Proposal("stages.warmup.min_gain", FILE_MIN_GAIN, ""),
            Proposal(
                "eval.every",
                FILE_EVAL_EVERY,
                say(
                    "eval.every {n}: a long warm-up needs fewer evaluations of up to {most} "
                    "prompts",
                    n=FILE_EVAL_EVERY,
                    most=EVAL_MAX,
                ),
            ),
        ]

    def _room(self) -> list[Proposal]:
        """grpo.max_new_tokens and model.max_len for the longest answer (or the length
        check's most, for prompts alone) and the longest prompt."""
        if self.has_answers:
            new = self.max_completion_tokens
            n = self._answer_tokens
            if isinstance(self.tokenizer, CharTokenizer):
                why = say("the longest answer, {n} characters, and its end", n=n)
            else:
                why = say("the longest answer, {n} BPE pieces, and its end", n=n)
        else:
            longest = [c.options["max"] for c in self.checks if c.kind == "length"]
            new = (longest[0] + 1) if longest and longest[0] is not None else NEW_TOKENS_ALONE
            if longest:
                why = say("the length check's most, and the end")
            else:
                why = say("room for a sentence")
        max_len = self.max_prompt_tokens + new
        return [
            Proposal(
                "grpo.max_new_tokens",
                new,
                say("grpo.max_new_tokens {n}: {why}", n=new, why=why),
            ),
            Proposal(
                "model.max_len",
                max_len,
                say(
                    "model.max_len {n}: the longest prompt ({prompt} tokens) and the answer's room",
                    n=max_len,
                    prompt=self.max_prompt_tokens,
                ),
            ),
        ]

    # ---- examples

    def level_size(self, level: int) -> int:
        return len(self._items["train"])

    def draw(self, rng: random.Random, level: int) -> Example:
        return rng.choice(self._items["train"])

    def splits(self) -> dict[str, list[Example]]:
        return {"valid": self._items["valid"], "test": self._items["test"]}

    def sample(self, n: int, rng: random.Random, max_level: int) -> list[Example]:
        return [rng.choice(self._items["train"]) for _ in range(n)]

    def training_pool(self, limit: int, rng: random.Random) -> list[Example]:
        train = self._items["train"]
        return list(train) if len(train) <= limit else rng.sample(train, limit)

    @property
    def max_prompt_chars(self) -> int:
        return self._longest_prompt

    @property
    def max_reference_chars(self) -> int:
        return self._longest_answer

    # lengths in tokens, as the tokenizer reads them (BPE's pieces are not characters)
    @property
    def max_prompt_tokens(self) -> int:
        return self._prompt_tokens

    @property
    def max_completion_tokens(self) -> int:
        return self._answer_tokens + 1  # EOS

    def load_state_dict(self, state: dict[str, Any]) -> None:
        super().load_state_dict(state)
        self._measure()  # the saved tokenizer's lengths

    def answers(self, example: Example) -> tuple[str, ...]:
        return self._answers.get(str(example.prompt), ())

    def check_settings(self, cfg: StudioConfig) -> None:
        if not self.has_answers:
            warmup = cfg.stages.warmup
            if warmup.steps:
                raise TaskError(
                    say("stages.warmup.steps: the file has no answers to warm up on; set it to 0")
                )
            self._check_rollout_room(cfg)
            return
        super().check_settings(cfg)

    def _check_rollout_room(self, cfg: StudioConfig) -> None:
        max_len = cfg.model.shape().max_len
        if max_len is not None and self.max_prompt_tokens + cfg.grpo.max_new_tokens > max_len:
            raise TaskError(
                say(
                    "model.max_len: {max_len} cannot hold the longest prompt ({prompt} tokens) "
                    "and grpo.max_new_tokens {n}; raise it to {need} or keep task.fit_to_data on",
                    max_len=max_len,
                    prompt=self.max_prompt_tokens,
                    n=cfg.grpo.max_new_tokens,
                    need=self.max_prompt_tokens + cfg.grpo.max_new_tokens,
                )
            )

    def build_model(self, model_cfg: Any) -> nn.Module:
        if self.has_answers:
            return super().build_model(model_cfg)
        spec = self.model_spec(model_cfg)  # prompts alone: no answer length to check
        return spec.model(model_cfg, self.tokenizer.vocab_size, self.tokenizer.pad_id)

    def report(self) -> str:
        return self._report.text()

    def load_report(self) -> LoadReport:
        return self._report

    # ---- GRPO

    def task_rewards(self) -> list[RewardFunction]:
        return check_rewards(self.checks)

    def reward_functions(self) -> list[RewardFunction]:
        rewards = self.task_rewards()
        named = any(c.kind == "function" for c in self.checks)
        if self._user_reward is not None and not named:  # task.user_reward on its own
            rewards.append(self._user_reward)
        return rewards

    def rollout(
        self, model: nn.Module, examples: list[Example], group_size: int, sampling: Sampling
    ) -> Rollout:
        out = super().rollout(model, examples, group_size, sampling)
        out.info["answers"] = repeat_each([self.answers(e) for e in examples], group_size)
        return out

    # ---- evaluation

    def held_out_metrics(
        self, model: nn.Module, split: str, limit: int, decoding: Decoding
    ) -> dict[str, float]:
        """Greedy answers: `accuracy` (one of the acceptable answers, exactly; for prompts
        alone, every check passed), `chrf` (mean sentence chrF to the nearest answer,
        0-100; with answers only), `completion_len` and `finished`."""
        del decoding
        examples = self.splits()[split][:limit]
        if not examples:
            raise TaskError(empty_split(split))
        net = as_decoder(model)
        device = model_device(model)
        scorers = [scorer(c) for c in self.checks if c.spec.score is not None]
        right = close = length = ended = 0.0
        for i in range(0, len(examples), self.EVAL_BATCH):
            chunk = examples[i : i + self.EVAL_BATCH]
            out = self._greedy(net, chunk, device)
            texts = [self.tokenizer.decode(r) for r in out.tokens.tolist()]
            for text, ex in zip(texts, chunk):
                answers = self.answers(ex)
                if self.has_answers:
                    right += text in answers
                    close += sentence_chrf(text, answers)  # to the nearest answer
                else:
                    right += all(s(text, answers) == 1.0 for s in scorers)
            length += float(out.mask.sum())
            ended += float(out.finished.sum())
        n = len(examples)
        metrics = {"accuracy": right / n, "completion_len": length / n, "finished": ended / n}
        if self.has_answers:
            metrics["chrf"] = 100.0 * close / n
        return metrics

    @torch.no_grad()
    def probe(self, model: nn.Module) -> dict[str, Any]:
        """The likeliest next characters along the answers; none for prompts alone."""
        if self.has_answers:
            return super().probe(model)
        return {"kind": "next_tokens", "prompts": []}
