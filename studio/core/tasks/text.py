"""Shared machinery of text tasks with verifiable rewards, for any decoder-only model.

A text task's example is a prompt string and a reference completion. This module holds
the held-out splits (drawn once from a fixed seed and never sampled for training), and
`TextTask`, which implements the whole Task contract of base.py for any decoder-only
model (ArchSpec.kind "decoder": Micro-GPT, or any architecture that keeps the contract
of studio.core.models.decoder): teacher-forced warm-up, grouped rollouts, per-token
log-probs, greedy evaluation, and an optional reward written by the user. Subclasses
(arithmetic.py, strings.py) only say how examples are drawn and scored.

References: DeepSeekMath (Shao et al. 2024) and TRL's GRPOTrainer for the rollout and
log-prob conventions; TRL's reward functions for the (prompts, completions) signature.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import torch
from torch import nn

from studio.core.config.decoding import Decoding
from studio.core.config.fields import ModelSection, TaskSection
from studio.core.config.sections import DataConfig
from studio.core.messages import say
from studio.core.models import arch_spec
from studio.core.models.decoder import GenerationOutput, TextDecoder, as_decoder
from studio.core.models.sampling import token_logprobs_and_entropy
from studio.core.tasks.base import (
    Example,
    RewardFunction,
    Rollout,
    Sampling,
    SupervisedLogits,
    Task,
    TaskError,
    UserSettings,
    empty_split,
    model_device,
    unwrap,
)
from studio.core.tasks.char_tokenizer import CharTokenizer
from studio.core.tasks.piece_tokenizer import PieceTokenizer, is_pieces
from studio.core.tasks.probing import next_token_positions
from studio.core.tasks.user_reward import user_reward_function, user_reward_spec

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig

T = TypeVar("T")

PROBE_PROMPTS = 3  # held-out problems the policy probe follows
HELD_OUT_PER_LEVEL = 500  # most held-out examples per split and level (eval stays quick)
_MAX_DRAWS = 10_000  # rejection-sampling attempts before concluding nothing is left to draw


# ---- batching helpers


def repeat_each(items: Sequence[T], times: int) -> list[T]:
    """[a, b] -> [a, a, b, b] for times=2: per-example values aligned with a group's rows."""
    return [x for x in items for _ in range(times)]


def pad_rows(
    rows: Sequence[Sequence[int]], pad_id: int, *, left: bool, device: torch.device | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    """Token id lists -> ids (B, T) long and mask (B, T) bool of real tokens, padded on the
    left (prompts) or on the right (completions)."""
    width = max(len(r) for r in rows)
    ids = torch.full((len(rows), width), pad_id, dtype=torch.long)
    mask = torch.zeros(len(rows), width, dtype=torch.bool)
    for i, r in enumerate(rows):
        span = slice(width - len(r), width) if left else slice(0, len(r))
        ids[i, span] = torch.tensor(r, dtype=torch.long)
        mask[i, span] = True
    return ids.to(device), mask.to(device)


def completion_logits(
    model: nn.Module,
    prompt_ids: torch.Tensor,
    prompt_mask: torch.Tensor,
    completion_ids: torch.Tensor,
    completion_mask: torch.Tensor,
) -> torch.Tensor:
    """Logits (B, Tc, V) that predict each completion token, from one forward of the model.

    prompt (B, Tp) left-padded, completion (B, Tc) right-padded: the logits at position
    Tp - 1 + j predict completion token j.
    """
    Tp, Tc = prompt_ids.shape[1], completion_ids.shape[1]
    ids = torch.cat([prompt_ids, completion_ids], dim=1)  # (B, Tp + Tc)
    mask = torch.cat([prompt_mask, completion_mask.bool()], dim=1)
    logits = model(ids, mask)  # (B, Tp + Tc, V)
    return logits[:, Tp - 1 : Tp - 1 + Tc]


# ---- rewards


def per_row(score: Callable[[str, str], float]) -> Callable[[Rollout], list[float]]:
    """A reward function over a rollout from a score of (completion, reference)."""

    def fn(rollout: Rollout) -> list[float]:
        return [score(c, r) for c, r in zip(rollout.completions, rollout.info["references"])]

    return fn


# ---- the task


TC = TypeVar("TC", bound=TaskSection, covariant=True)  # a text task's own section


class TextTask(Task[TC]):
    """A Task whose examples are (prompt text, reference text) pairs, for a decoder.

    Subclasses set `tokenizer` in __init__ and implement `level_size`, `draw`,
    `max_prompt_chars`, `max_reference_chars` and `task_rewards`.
    Rollout.info holds "prompts" and "references": N strings each, aligned with the rows.
    """

    MODEL_KIND = "decoder"
    EVAL_METRIC = "accuracy"
    EXPORT_ADAPTER = "studio.core.export.adapters:TextAdapter"
    SAMPLE_NOUN = "answer"
    EVAL_BATCH = 256  # held-out prompts answered in one generate call
    # what every prompt ends with, where the answer starts ("" when prompts are free):
    # the playground adds it to a prompt typed without it
    prompt_end: str = ""

    def __init__(
        self,
        cfg: TC,
        data: DataConfig | None,
        *,
        seed: int,
        user_settings: UserSettings | None = None,
        model: ModelSection | None = None,
    ) -> None:
        data = data if data is not None else DataConfig()
        super().__init__(cfg, data, seed=seed, user_settings=user_settings, model=model)
        spec = user_reward_spec(cfg)
        # imported now, so a wrong name fails before training starts
        self._user_reward = user_reward_function(spec) if spec else None
        self._splits: dict[str, list[Example]] | None = None
        self._held_out_prompts: set[str] = set()
        # a model that brings its own tokenizer (a pretrained one) decides the tokens; the
        # task's own (set by the subclass) serves every other model
        bring = arch_spec(model.ARCH).tokenizer if model is not None else None
        self.model_tokenizer: Any = bring(model) if bring is not None else None

    @property
    def tokenizer(self) -> Any:
        """The tokens of this task's text: the model's own tokenizer when it brings one,
        else the task's (characters or BPE pieces)."""
        own = self.model_tokenizer is None
        return self._own_tokenizer if own else self.model_tokenizer

    @tokenizer.setter
    def tokenizer(self, own: CharTokenizer | PieceTokenizer) -> None:
        self._own_tokenizer = own

    # ---- what subclasses supply

    @abstractmethod
    def level_size(self, level: int) -> int:
        """How many distinct problems difficulty `level` (0-based) holds."""

    @abstractmethod
    def draw(self, rng: random.Random, level: int) -> Example:
        """One problem of difficulty `level`, uniformly among that level's problems."""

    @property
    @abstractmethod
    def max_prompt_chars(self) -> int:
        """Longest prompt, in characters."""

    @property
    @abstractmethod
    def max_reference_chars(self) -> int:
        """Longest reference completion, in characters."""

    @abstractmethod
    def task_rewards(self) -> list[RewardFunction]:
        """The task's own reward functions (the user's is added by reward_functions)."""

    def level_weights(self, max_level: int) -> list[float]:
        """How often training draws each level 0..max_level: by default uniformly over
        problems (each level in proportion to its size)."""
        return [float(self.level_size(k)) for k in range(max_level + 1)]

    # ---- examples

    def splits(self) -> dict[str, list[Example]]:
        """Held-out 'valid' and 'test' examples, fixed by data.split_seed.

        Each level gives floor(fraction x its size) problems per split, at most
        HELD_OUT_PER_LEVEL; the two splits are disjoint, and training never draws them.
        """
        if self._splits is None:
            rng = random.Random(f"{type(self).__name__}-held-out-{self.data.split_seed}")
            seen: set[str] = set()
            splits: dict[str, list[Example]] = {}
            for split, fraction in (
                ("valid", self.data.valid_fraction),
                ("test", self.data.test_fraction),
            ):
                chosen: list[Example] = []
                for level in range(self.num_levels):
                    size = self.level_size(level)
                    want = min(int(fraction * size), HELD_OUT_PER_LEVEL)
                    got = 0
                    while got < want:
                        ex = self.draw(rng, level)
                        if ex.prompt not in seen:
                            seen.add(ex.prompt)
                            chosen.append(ex)
                            got += 1
                rng.shuffle(chosen)  # so that evaluate's first `limit` mix the levels
                splits[split] = chosen
            self._splits = splits
            self._held_out_prompts = seen
        return self._splits

    def sample(self, n: int, rng: random.Random, max_level: int) -> list[Example]:
        self.splits()
        top = max(0, min(max_level, self.num_levels - 1))
        levels = list(range(top + 1))
        weights = self.level_weights(top)
        out = []
        for _ in range(n):
            for _ in range(_MAX_DRAWS):
                ex = self.draw(rng, rng.choices(levels, weights)[0])
                if ex.prompt not in self._held_out_prompts:
                    out.append(ex)
                    break
            else:
                raise TaskError(
                    say(
                        "{task}: nearly every problem up to level {level} is held out for "
                        "evaluation; lower data.valid_fraction and data.test_fraction or allow "
                        "harder problems",
                        task=self.NAME,
                        level=top + 1,
                    )
                )
        return out

    def report(self) -> str:
        s = self.splits()
        return say(
            "{valid} validation and {test} test problems held out (never used for training)",
            valid=len(s["valid"]),
            test=len(s["test"]),
        )

    def _check_context(self, max_len: int) -> None:
        """The longest prompt and answer must fit in model.max_len."""
        need = self.max_prompt_tokens + self.max_completion_tokens
        if need > max_len:
            raise TaskError(
                say(
                    "model.max_len: {max_len} is too short for task {task}: prompts take up to "
                    "{prompt} tokens and answers up to {answer} (EOS included); raise "
                    "model.max_len to at least {need} or choose smaller problems",
                    max_len=max_len,
                    task=self.NAME,
                    prompt=self.max_prompt_tokens,
                    answer=self.max_completion_tokens,
                    need=need,
                )
            )

    def check_settings(self, cfg: StudioConfig) -> None:
        """The longest prompt and answer, and a prompt plus grpo.max_new_tokens (a
        rollout), must fit in model.max_len (when the model has one)."""
        max_len = cfg.model.shape().max_len
        if max_len is None:
            return
        self._check_context(max_len)
        room = max_len - self.max_prompt_tokens
        if cfg.grpo.max_new_tokens > room:
            raise TaskError(
                say(
                    "grpo.max_new_tokens: {n} does not fit: {task} prompts take up to {prompt} "
                    "tokens of model.max_len {max_len}, leaving {room}; lower "
                    "grpo.max_new_tokens to at most {room} (answers need {answer}) or raise "
                    "model.max_len to {need}",
                    n=cfg.grpo.max_new_tokens,
                    task=self.NAME,
                    prompt=self.max_prompt_tokens,
                    max_len=max_len,
                    room=room,
                    answer=self.max_completion_tokens,
                    need=self.max_prompt_tokens + cfg.grpo.max_new_tokens,
                )
            )

    # ---- the model

    @property
    def max_prompt_tokens(self) -> int:
        if self.model_tokenizer is not None:
            return self.model_tokenizer.prompt_tokens(self.max_prompt_chars)
        return self.max_prompt_chars + (1 if self.tokenizer.bos else 0)

    @property
    def max_completion_tokens(self) -> int:
        return self.max_reference_chars + 1  # EOS

    def token_lengths(self) -> tuple[int, int] | None:
        return self.max_prompt_tokens, self.max_completion_tokens

    def build_model(self, model_cfg: ModelSection) -> nn.Module:
        """A decoder of the config's architecture (ArchSpec.model), sized to the
        tokenizer's vocabulary."""
        spec = self.model_spec(model_cfg)
        max_len = model_cfg.shape().max_len
        if max_len is not None:
            self._check_context(max_len)
        return spec.model(model_cfg, self.tokenizer.vocab_size, self.tokenizer.pad_id)

    def _prompts(
        self, examples: Sequence[Example], device: torch.device
    ) -> tuple[torch.Tensor, torch.Tensor]:
        rows = [self.tokenizer.encode(e.prompt) for e in examples]
        return pad_rows(rows, self.tokenizer.pad_id, left=True, device=device)

    # ---- supervised warm-up

    def supervised_logits(
        self, model: nn.Module, examples: list[Example], teacher: nn.Module | None = None
    ) -> SupervisedLogits:
        """Logits (B, Tc, V) predicting each reference token, EOS included, from the prompt
        and the reference before it; the teacher's on the same ids."""
        device = model_device(model)
        prompt_ids, prompt_mask = self._prompts(examples, device)  # (B, Tp)
        rows = [self.tokenizer.encode(e.reference, bos=False, eos=True) for e in examples]
        target, target_mask = pad_rows(rows, self.tokenizer.pad_id, left=False, device=device)
        logits = completion_logits(model, prompt_ids, prompt_mask, target, target_mask)
        taught = None
        if teacher is not None:
            with torch.no_grad():
                taught = completion_logits(teacher, prompt_ids, prompt_mask, target, target_mask)
        return SupervisedLogits(logits, target, target_mask, target_mask.float(), taught)

    def supervised_loss(self, model: nn.Module, examples: list[Example]) -> torch.Tensor:
        return self.supervised_logits(model, examples).cross_entropy()

    def example_losses(self, model: nn.Module, examples: list[Example]) -> torch.Tensor:
        sup = self.supervised_logits(model, examples)
        return (sup.token_nll() * sup.weights).sum(dim=1) / sup.weights.sum(dim=1)  # (B,)

    def training_pool(self, limit: int, rng: random.Random) -> list[Example]:
        """Distinct problems drawn as training draws them (uniformly over the problems of
        every level), held-out ones never: all of them when there are at most `limit`."""
        self.splits()
        sizes = sum(self.level_size(k) for k in range(self.num_levels))
        want = min(limit, sizes - len(self._held_out_prompts))
        found: dict[str, Example] = {}
        # a bounded number of draws: near `want` = all, the last few unseen ones are rare
        for _ in range(20 * want):
            if len(found) >= want:
                break
            ex = self.sample(1, rng, self.num_levels - 1)[0]
            found.setdefault(ex.prompt, ex)
        return list(found.values())

    def supervised_count(self, examples: list[Example]) -> int:
        """The answer tokens, EOS included, that supervised_loss averages over."""
        return sum(len(self.tokenizer.encode(e.reference, bos=False, eos=True)) for e in examples)

    # ---- GRPO

    def rollout(
        self, model: nn.Module, examples: list[Example], group_size: int, sampling: Sampling
    ) -> Rollout:
        device = model_device(model)
        prompt_ids, prompt_mask = self._prompts(examples, device)  # (P, Tp)
        out = as_decoder(unwrap(model)).generate(
            prompt_ids,
            prompt_mask,
            num_samples=group_size,
            max_new_tokens=sampling.max_new_tokens,
            temperature=sampling.temperature,
            top_k=sampling.top_k,
            top_p=sampling.top_p,
            eos_id=self.tokenizer.eos_id,
        )
        completions = [self.tokenizer.decode(row) for row in out.tokens.tolist()]
        return Rollout(
            examples=list(examples),
            group_size=group_size,
            actions=out.tokens,  # (N, T)
            mask=out.mask,  # (N, T)
            logp=out.logp,  # (N, T)
            truncated=~out.finished,  # (N,)
            completions=completions,
            context={
                "prompt_ids": prompt_ids.repeat_interleave(group_size, dim=0),  # (N, Tp)
                "prompt_mask": prompt_mask.repeat_interleave(group_size, dim=0),
            },
            info={
                "prompts": repeat_each([e.prompt for e in examples], group_size),
                "references": repeat_each([e.reference for e in examples], group_size),
            },
        )

    def token_logprobs(
        self, model: nn.Module, rollout: Rollout, temperature: float
    ) -> tuple[torch.Tensor, torch.Tensor]:
        ctx = rollout.context
        G = rollout.group_size
        # the completion is attended to in full: tokens after EOS only follow it, so
        # they cannot change the log-probs of the real tokens
        actions = rollout.actions  # (N, T)
        # each prompt runs once for its G completions (rows are grouped by prompt)
        logits = model(
            ctx["prompt_ids"][::G], ctx["prompt_mask"][::G], completion=actions, group_size=G
        )  # (N, T, V)
        return token_logprobs_and_entropy(logits, actions, temperature)  # (N, T) each

    def reward_functions(self) -> list[RewardFunction]:
        rewards = self.task_rewards()
        if self._user_reward is not None:
            rewards.append(self._user_reward)
        return rewards

    # ---- evaluation

    def held_out_metrics(
        self, model: nn.Module, split: str, limit: int, decoding: Decoding
    ) -> dict[str, float]:
        """Greedy answers to held-out problems: `accuracy` (exact match), `completion_len`
        (tokens, EOS included) and `finished` (share that ended with EOS)."""
        del decoding  # greedy, the only one text tasks offer (DECODINGS)
        examples = self.splits()[split][:limit]
        if not examples:
            raise TaskError(empty_split(split))
        net = as_decoder(model)
        device = model_device(model)
        correct = length = ended = 0.0
        for i in range(0, len(examples), self.EVAL_BATCH):
            chunk = examples[i : i + self.EVAL_BATCH]
            out = self._greedy(net, chunk, device)
            texts = [self.tokenizer.decode(r) for r in out.tokens.tolist()]
            correct += sum(t == e.reference for t, e in zip(texts, chunk))
            length += float(out.mask.sum())
            ended += float(out.finished.sum())
        n = len(examples)
        return {"accuracy": correct / n, "completion_len": length / n, "finished": ended / n}

    def _greedy(
        self, net: TextDecoder, examples: Sequence[Example], device: torch.device
    ) -> GenerationOutput:
        """One greedy answer per example, as generate returns it (tokens, mask, finished)."""
        ids, mask = self._prompts(examples, device)
        return net.generate(
            ids,
            mask,
            num_samples=1,
            max_new_tokens=self.max_completion_tokens,
            eos_id=self.tokenizer.eos_id,
            greedy=True,
        )

    @torch.no_grad()
    def greedy_answers(self, model: nn.Module, examples: list[Example]) -> list[str]:
        bare = unwrap(model)
        net = as_decoder(bare)
        was_training = bare.training
        bare.eval()
        device = model_device(bare)
        answers: list[str] = []
        try:
            for i in range(0, len(examples), self.EVAL_BATCH):
                out = self._greedy(net, examples[i : i + self.EVAL_BATCH], device)
                answers += [self.tokenizer.decode(r) for r in out.tokens.tolist()]
        finally:
            bare.train(was_training)
        return answers

    # ---- state

    def state_dict(self) -> dict[str, Any]:
        return {"tokenizer": self.tokenizer.to_dict()}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        if "tokenizer" not in state or self.model_tokenizer is not None:
            return  # a model's own tokenizer comes with the model, not the checkpoint
        if is_pieces(state["tokenizer"]):
            self.tokenizer = PieceTokenizer.from_dict(state["tokenizer"])
            return
        saved = CharTokenizer.from_dict(state["tokenizer"])
        ours = self.tokenizer.chars if isinstance(self.tokenizer, CharTokenizer) else ""
        missing = sorted(set(ours) - set(saved.chars))
        if missing:
            raise TaskError(
                say(
                    "{task}: the saved vocabulary lacks {chars}, which this task's problems use; "
                    "resume with the task settings the run was started with",
                    task=self.NAME,
                    chars=repr("".join(missing)),
                )
            )
        self.tokenizer = saved

    # ---- what the window shows of the policy

    def piece(self, token: int) -> str:
        """One token as it reads: its character (or BPE piece), or a special's name."""
        return self.tokenizer.piece(token)

    def action_pieces(self, rollout: Rollout, row: int) -> list[str]:
        steps = int(rollout.mask[row].sum())
        return [self.piece(t) for t in rollout.actions[row, :steps].tolist()]

    @torch.no_grad()
    def probe(self, model: nn.Module) -> dict[str, Any]:
        """A "next_tokens" snapshot (tasks/probing.py) of the first PROBE_PROMPTS validation
        problems: at each character of the right answer, the likeliest next characters."""
        splits = self.splits()
        examples = splits["valid"][:PROBE_PROMPTS] or splits["test"][:PROBE_PROMPTS]
        device = model_device(model)
        prompt_ids, prompt_mask = self._prompts(examples, device)
        rows = [self.tokenizer.encode(e.reference, bos=False, eos=True) for e in examples]
        target, target_mask = pad_rows(rows, self.tokenizer.pad_id, left=False, device=device)
        logits = completion_logits(model, prompt_ids, prompt_mask, target, target_mask)
        prompts = []
        for b, (ex, row) in enumerate(zip(examples, rows)):
            positions, p_answer = next_token_positions(logits[b, : len(row)], row, self.piece)
            prompts.append(
                {
                    "prompt": str(ex.prompt),
                    "reference": str(ex.reference),
                    "positions": positions,
                    "p_answer": p_answer,
                }
            )
        return {"kind": "next_tokens", "prompts": prompts}
