"""The contract between the GRPO trainer and a task.

A task owns everything problem-specific: its examples, the model it trains, how that
model acts on an example (a rollout), how acts are scored, and how the model is
evaluated. The trainer owns everything generic: stages, optimizer, group advantages,
the GRPO loss, checkpoints and metrics. Shapes: P examples per step, G samples per
example (the group), N = P*G sequences, T steps (tokens or moves) per sequence.

Rules every task keeps, so that runs are reproducible and work under DDP:
- randomness comes from the `rng` the trainer passes (example choice) and, for sampling,
  from `models.sampling.draw` (every shipped model's sampler calls it): the
  trainer feeds it noise shared by all ranks, so a rollout split over processes samples
  what the whole one would; a rollout that samples only some of its rows (episodes still
  running) names them with `rows=`; never from an unseeded source;
- `supervised_count` (optional) says how many terms `supervised_loss` averages over, so
  that a warm-up split over processes weighs every term alike;
- `supervised_loss` and `token_logprobs` run the model through `model(...)` (its
  forward), because DDP only synchronises gradients of forward calls; `rollout` and
  `evaluate` may call `unwrap(model).generate(...)` and the like, under no_grad;
- a task whose warm-up is a token-level cross-entropy exposes the logits behind it
  (`supervised_logits`), so a teacher's soft targets can be compared with them position
  by position (studio.core.training.steps.distillation).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import torch
import torch.nn.functional as F
from torch import nn

from studio.core.config.decoding import GREEDY, GREEDY_DECODING, Decoding, Method
from studio.core.config.fields import ConfigError, ModelSection, TaskSection
from studio.core.data.load_report import LoadReport
from studio.core.messages import Message, say
from studio.core.models import ArchSpec, ModelKind, Question, arch_spec, archs_of_kind

if TYPE_CHECKING:
    from studio.core.config.sections import DataConfig, StudioConfig


class TaskError(ValueError):
    """A task's setting or input is wrong; the message names it and the fix."""


@dataclass
class Example:
    """One problem: what the policy sees, the right answer if known, and how hard it is."""

    prompt: Any  # text, a grid world's seed, an image tensor (C, H, W)...
    reference: Any = None  # the answer text, the class label...; None when there is none
    difficulty: int = 0  # curriculum level, 0 = easiest
    display: str = ""  # how the prompt reads in the samples panel


@dataclass(frozen=True)
class Unusable:
    """What loading the user's data (`where`) could not use: `count` of `total` items
    (`unit`: "lines", "images"), and the load report's line saying which and why."""

    where: str
    count: int
    total: int
    summary: str
    unit: str

    @property
    def share(self) -> float:
        return self.count / self.total if self.total else 0.0


def check_split(split: str) -> None:
    """A TaskError unless `split` names a held-out split ('valid' or 'test')."""
    if split not in ("valid", "test"):
        raise TaskError(say("split must be 'valid' or 'test', got {split}", split=repr(split)))


def empty_split(split: str) -> Message:
    """What every task says when asked to evaluate a split its data left empty."""
    return say(
        "the {split} split is empty; set data.{split}_fraction above 0 to evaluate it",
        split=split,
    )


@dataclass(frozen=True)
class Sampling:
    """How a rollout samples (from GRPOConfig)."""

    temperature: float = 1.0
    top_k: int = 0  # 0: no top-k filter
    top_p: float = 1.0  # 1.0: no nucleus filter
    max_new_tokens: int = 16


@dataclass
class Rollout:
    """G samples for each of P examples: N = P*G sequences of T steps.

    Group i is rows i*G .. i*G+G-1 of every (N, ...) tensor.
    """

    examples: list[Example]  # P
    group_size: int  # G
    actions: torch.Tensor  # (N, T) long: sampled tokens or moves, padding where mask is 0
    mask: torch.Tensor  # (N, T) float: 1 where a step is real (EOS included)
    logp: torch.Tensor  # (N, T) log-probs at sampling time, temperature applied
    truncated: torch.Tensor  # (N,) bool: stopped by the length limit, not by finishing
    completions: list[str]  # N readable samples (text, or arrows for moves)
    context: Any = None  # task-private: whatever token_logprobs needs (prompt ids, frames)
    info: dict[str, Any] = field(default_factory=dict)  # task extras (episode returns, frames)

    @property
    def num_sequences(self) -> int:
        return self.actions.shape[0]


def token_nll(logits: torch.Tensor, labels: torch.Tensor, smoothing: float = 0.0) -> torch.Tensor:
    """Cross-entropy of each token (B, T) of logits (B, T, V), with label `smoothing`; 0
    where a label is -100. Over rows of (B*T, V), not (B, V, T): the log-softmax of a
    transposed tensor copies it first."""
    per_token = F.cross_entropy(
        logits.flatten(0, 1).float(), labels.flatten(), reduction="none", label_smoothing=smoothing
    )
    return per_token.view_as(labels)


@dataclass
class SupervisedLogits:
    """What a token-level supervised loss is computed from: a teacher-forced batch's logits
    at every target position, the targets, and how much each position counts. A teacher
    given to `Task.supervised_logits` ran on the very same inputs (the same source noise),
    so its logits line up with the student's position by position."""

    logits: torch.Tensor  # (B, T, V), with grad
    targets: torch.Tensor  # (B, T) long; positions off the mask hold any id or -100
    mask: torch.Tensor  # (B, T) bool: the target positions; a mean divides by their count
    weights: torch.Tensor  # (B, T) float: each position's weight in the sum, 0 off the mask
    teacher_logits: torch.Tensor | None = None  # (B, T, V) without grad; None: no teacher
    smoothing: float = 0.0  # label smoothing of the loss (not of token_nll, a likelihood)

    def token_mean(self, values: torch.Tensor) -> torch.Tensor:
        """Per-position `values` (B, T): their weighted sum over the number of target
        positions, so that lower weights lower what some rows teach without changing the
        scale of the others (nor the counts a distributed warm-up weighs ranks by)."""
        return (values * self.weights).sum() / self.mask.sum()

    def token_nll(self, smoothing: float = 0.0) -> torch.Tensor:
        """Cross-entropy of each target (B, T); 0 where a target is -100."""
        return token_nll(self.logits, self.targets, smoothing)

    def cross_entropy(self) -> torch.Tensor:
        """The supervised loss: mean teacher-forced cross-entropy of the targets, each
        spreading `smoothing` of its probability evenly over the vocabulary."""
        return self.token_mean(self.token_nll(self.smoothing))


RewardFn = Callable[[Rollout], Sequence[float]]


@dataclass
class RewardFunction:
    """A named reward: one float per sequence of a rollout. Weighted sum -> the reward."""

    name: str
    fn: RewardFn
    weight: float = 1.0


def unwrap(model: nn.Module) -> nn.Module:
    """The model inside a DistributedDataParallel (or compiled) wrapper."""
    inner = getattr(model, "module", None)
    while isinstance(inner, nn.Module):
        model, inner = inner, getattr(inner, "module", None)
    return model


def model_device(model: nn.Module) -> torch.device:
    return next(model.parameters()).device


C = TypeVar("C", bound=TaskSection, covariant=True)  # a task's own config section
UserSettings = Mapping[str, Any]  # the settings the user gave: dotted path -> value


class Task(ABC, Generic[C]):
    """A problem GRPO can learn, configured by its task section C (self.cfg). Subclasses
    set NAME, CONFIG, MODEL_KIND and EVAL_METRIC, and name their EXPORT_ADAPTER
    (studio.core.tasks lists them by name)."""

    NAME: ClassVar[str]
    CONFIG: ClassVar[type[TaskSection]]  # the dataclass of its preset section (same NAME): C
    # the kind of model it trains (ArchSpec.kind): every architecture of that kind
    MODEL_KIND: ClassVar[ModelKind]
    EVAL_METRIC: ClassVar[str] = "accuracy"  # headline key of evaluate(); higher is better
    # a second key of evaluate() whose rise by SECOND_GAIN also counts as learning for a
    # stage's patience (an exact-answer rate can sit at 0 while the answers come closer)
    EVAL_SECOND: ClassVar[str | None] = None
    SECOND_GAIN: ClassVar[float] = 0.0
    # "module:Class" of its ONNX export adapter (studio.core.export.adapters); None: none
    EXPORT_ADAPTER: ClassVar[str | None] = None
    # the kind of question the playground asks its models; None: its architecture's
    QUESTION: ClassVar[Question | None] = None
    # the data.* settings the task reads (the window shows only these)
    DATA_FIELDS: ClassVar[tuple[str, ...]] = ("valid_fraction", "test_fraction", "split_seed")
    SAMPLE_NOUN: ClassVar[str] = "completion"  # what one of the G samples is, for people
    # the eval.decoding values it offers; a task with nothing to decode reads none of it
    DECODINGS: ClassVar[tuple[Method, ...]] = (GREEDY,)
    # the task.* settings that decide its vocabulary (beyond its data): a student takes its
    # teacher's tokenizer (distillation), so a teacher trained with others is refused
    VOCABULARY_FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(
        self,
        cfg: C,
        data: DataConfig,
        *,
        seed: int,
        user_settings: UserSettings | None = None,
        model: ModelSection | None = None,
    ) -> None:
        self.cfg: C = cfg  # the task's own config section
        self.data = data
        self.seed = seed
        # the model section it will train (None: not known yet); a model that brings its
        # own tokenizer (ArchSpec.tokenizer) decides a text task's tokens
        self.model_cfg = model
        # the settings the user gave, dotted path -> value (studio.core.config.user_settings): what
        # a task that fits settings to its data (translation) leaves as they are
        self.user_settings: UserSettings = user_settings or {}

    # ---- examples

    @classmethod
    def scores_references(cls) -> bool:
        """Whether the task scores its examples by the model's loss (`example_losses`)."""
        return cls.example_losses is not Task.example_losses

    @classmethod
    def has_supervised_logits(cls) -> bool:
        """Whether the task exposes its warm-up's logits (`supervised_logits`), so that a
        teacher can distil into it."""
        return cls.supervised_logits is not Task.supervised_logits

    @property
    def num_levels(self) -> int:
        """Curriculum levels (1: no curriculum)."""
        return 1

    @abstractmethod
    def sample(self, n: int, rng: random.Random, max_level: int) -> list[Example]:
        """n training examples of difficulty <= max_level."""

    def sample_tokens(
        self, tokens: int, rng: random.Random, max_level: int
    ) -> list[Example] | None:
        """Training examples of like length filling about `tokens` padded positions
        (stages.*.batch_tokens); None: this task draws batch_size examples instead."""
        del tokens, rng, max_level
        return None

    def report(self) -> str:
        """What loading the data did (kept, skipped and why), for the user."""
        return ""

    def check_settings(self, cfg: StudioConfig) -> None:
        """Refuse, before the first step, settings of the whole config that cannot work
        with this task's data and model, e.g. a prompt plus grpo.max_new_tokens longer
        than model.max_len; raise ConfigError naming the field and the fix. The trainer
        calls it once the task is built."""
        del cfg

    def unusable(self) -> Unusable | None:
        """How much of the user's data loading could not use, for the trainer's
        data.max_unusable check; None without user data. By default from the load report
        of a sentence-pair file (duplicates dropped on purpose are not counted)."""
        loaded = self.load_report()
        if loaded is None or loaded.origin or not loaded.path:
            return None
        bad = loaded.total_skipped - loaded.count("duplicate")
        return Unusable(loaded.path, bad, loaded.kept + bad, loaded.summary(), say("lines"))

    def begin_stage(self, name: str) -> None:
        """Stage `name` ("warmup", "grpo") starts, fresh or resumed: a task may prepare for
        it (translation back-translates its monolingual sentences for the warm-up)."""
        del name

    def preparing(self, name: str) -> str | None:
        """What begin_stage(name) is about to do that takes minutes, in one line for the
        run's log, so a person watching knows why no step comes yet; None: nothing."""
        del name
        return None

    def prepared(self, name: str) -> str | None:
        """What that preparation made, in one line for the run's log; None: nothing."""
        del name
        return None

    def load_report(self) -> LoadReport | None:
        """The same, in fields (columns, split, first pairs), for a task that reads the
        user's sentence-pair files; None for the others."""
        return None

    # ---- the model

    def model_spec(self, model_cfg: ModelSection) -> ArchSpec:
        """The spec of the config's architecture, or a ConfigError when it is not of the
        kind this task trains (MODEL_KIND)."""
        spec = arch_spec(model_cfg.ARCH)
        if spec.kind != self.MODEL_KIND:
            raise ConfigError(
                say(
                    "model.arch: the {task} task trains {archs}, not {arch}; pick a matching "
                    "preset",
                    task=self.NAME,
                    archs=", ".join(archs_of_kind(self.MODEL_KIND)),
                    arch=model_cfg.ARCH,
                )
            )
        return spec

    @abstractmethod
    def build_model(self, model_cfg: ModelSection) -> nn.Module:
        """A fresh model for this task (vocabulary sizes etc. come from the task), of an
        architecture of its MODEL_KIND (build_task has checked it: model_spec)."""

    def count_parameters(self, model_cfg: ModelSection) -> int:
        """The parameters `build_model` would make (see `parameter_counts`)."""
        return self.parameter_counts(model_cfg)[0]

    def token_lengths(self) -> tuple[int, int] | None:
        """(the longest prompt, the longest answer) in tokens, when the task knows them: what
        the memory estimate takes a sequence to be instead of data.max_length."""
        return None

    def parameter_counts(self, model_cfg: ModelSection) -> tuple[int, int]:
        """(all, trainable) parameters `build_model` would make, counted on a model built
        on the meta device: shapes without storage, so a size no machine holds costs
        nothing to count (and draws no random numbers). They differ under LoRA, where only
        the adapters train."""
        with torch.device("meta"):
            model = self.build_model(model_cfg)
        return sum(p.numel() for p in model.parameters()), sum(
            p.numel() for p in model.parameters() if p.requires_grad
        )

    # ---- supervised warm-up

    @abstractmethod
    def supervised_loss(self, model: nn.Module, examples: list[Example]) -> torch.Tensor:
        """Mean teacher-forced cross-entropy on the references (a scalar with grad)."""

    def supervised_logits(
        self, model: nn.Module, examples: list[Example], teacher: nn.Module | None = None
    ) -> SupervisedLogits:
        """The logits behind `supervised_loss` (which then is their `cross_entropy()`), and
        `teacher`'s on the same inputs, under no_grad, when one is given. Optional: tasks
        whose warm-up is not a cross-entropy over tokens have none, and cannot learn from a
        teacher's soft targets (has_supervised_logits)."""
        del model, examples, teacher
        raise TaskError(
            say(
                "the {task} task's warm-up has no token logits to compare with a teacher's; "
                "clear distill.teacher (arithmetic, strings and translation can learn from a "
                "teacher)",
                task=self.NAME,
            )
        )

    def greedy_answers(self, model: nn.Module, examples: list[Example]) -> list[str]:
        """`model`'s greedy answer to each example's prompt, as text a reference could be
        (a teacher writing training examples). Optional, with `supervised_logits`."""
        del model, examples
        raise TaskError(
            say("the {task} task cannot have a teacher write its examples", task=self.NAME)
        )

    def supervised_count(self, examples: list[Example]) -> int | None:
        """How many terms (tokens, steps) `supervised_loss(model, examples)` averages over.

        Optional; override it when the count varies with the examples. Under torchrun each
        rank's share of a warm-up batch may hold a different number of terms, and DDP's
        plain average of the ranks' means then weights their terms unequally; with the
        counts the trainer scales each rank's loss so that the step equals one process on
        the whole batch (training.warmup_step.supervised_scales). None, the default: not
        counted, each rank's mean weighs the same (exact when every example is one term).
        """
        del examples
        return None

    # ---- scoring examples by the model's loss (the perplexity curriculum)

    def training_pool(self, limit: int, rng: random.Random) -> list[Example]:
        """Distinct training examples (never held-out ones), at most `limit`: all of them
        when there are no more, else a sample drawn with `rng`. Tasks that implement
        `example_losses` implement this too."""
        del limit, rng
        raise TaskError(
            say("{task}: has no pool of training examples with references", task=self.NAME)
        )

    def example_losses(self, model: nn.Module, examples: list[Example]) -> torch.Tensor:
        """Each example's mean teacher-forced cross-entropy on its reference, in nats per
        token: (B,), the same terms `supervised_loss` averages (without augmentation
        noise). Optional; a task without references to score keeps this default."""
        del model, examples
        raise TaskError(say("{task}: has no references to score examples by", task=self.NAME))

    # ---- GRPO

    def answer_length(self, example: Example) -> int | None:
        """The tokens a model trained on the references writes for `example` (its
        reference's, the end token included), or None: not known (the time probe then
        takes an untrained model's samples, grpo.max_new_tokens long, as the run's)."""
        del example
        return None

    @abstractmethod
    def rollout(
        self, model: nn.Module, examples: list[Example], group_size: int, sampling: Sampling
    ) -> Rollout:
        """Sample G completions per example in one batch (called under no_grad)."""

    @abstractmethod
    def token_logprobs(
        self, model: nn.Module, rollout: Rollout, temperature: float
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """(logp, entropy), each (N, T), of rollout.actions under `model`, with grad."""

    @abstractmethod
    def reward_functions(self) -> list[RewardFunction]:
        """The task's rewards with their default weights."""

    # ---- evaluation

    def evaluate(
        self,
        model: nn.Module,
        *,
        split: str = "valid",
        limit: int = 200,
        decoding: Decoding = GREEDY_DECODING,
    ) -> dict[str, float]:
        """Held-out metrics (EVAL_METRIC among them) on the first `limit` examples of
        `split` ('valid' or 'test'), decoding as `decoding` says where the task decodes.
        The bare model runs in eval mode without gradients; its mode is restored after."""
        check_split(split)
        if decoding.method not in self.DECODINGS:
            raise TaskError(
                say(
                    "eval.decoding: {decoding} is not available for {task}; it decodes with "
                    "{decodings} (set eval.decoding: {first})",
                    decoding=decoding.method,
                    task=self.NAME,
                    decodings=" or ".join(self.DECODINGS),
                    first=self.DECODINGS[0],
                )
            )
        net = unwrap(model)
        was_training = net.training
        net.eval()
        try:
            with torch.no_grad():
                return self.held_out_metrics(net, split, limit, decoding)
        finally:
            net.train(was_training)

    @abstractmethod
    def held_out_metrics(
        self, model: nn.Module, split: str, limit: int, decoding: Decoding
    ) -> dict[str, float]:
        """`evaluate`'s metrics, the arguments checked and the model made ready."""

    # ---- what a run must keep to rebuild the task (tokenizers, vocabularies)

    def state_dict(self) -> dict[str, Any]:
        return {}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        del state

    # ---- what the window shows of the policy (optional)

    def action_pieces(self, rollout: Rollout, row: int) -> list[str]:
        """Sample `row`'s steps as people read them (a character, a word piece, a move, a
        label), one per real step, for the explanation of a step; the end token reads
        "<eos>". By default the action ids."""
        steps = int(rollout.mask[row].sum())
        return [str(a) for a in rollout.actions[row, :steps].tolist()]

    def probe(self, model: nn.Module) -> dict[str, Any] | None:
        """What the policy does on a small fixed probe of held-out inputs, as plain values
        (studio.core.training.stages.probe documents each kind); the trainer calls it every
        run.probe_every steps under no_grad, in eval mode and a forked random state.
        None: the task has no probe."""
        del model
        return None
