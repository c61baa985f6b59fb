"""The sections of a preset, as plain dataclasses: what a run is configured with.

Layout of a preset: name, description, model (picked by `arch`), task (picked by `name`),
data, grpo, training, stages, eval, curriculum, distill, sparsity, run, ui. Defaults follow
Hugging Face TRL's GRPOConfig where the studio has no reason to differ; the differences
are noted on the fields. The model and task sections are declared beside their model
and task (a `ModelSection` or `TaskSection` of fields.py); this module names neither:
loading.py fills them in, chosen by a catalogue of architectures and tasks (choice.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from studio.core.config.arguments import MAX_EVAL_LIMIT
from studio.core.config.decoding import GREEDY, MAX_BEAMS, Decoding, Method
from studio.core.config.fields import ModelSection, TaskSection, param


@dataclass
class DataConfig:
    """Where the task's examples come from."""

    path: str | None = param(
        None,
        "The user's data file or folder; empty uses the built-in demo data",
        label="My file or folder",
    )
    max_length: int = param(
        64,
        "Longest example kept, in tokens (longer ones are skipped)",
        positive=True,
        label="Longest example (tokens)",
    )
    augment: bool = param(
        False,
        "Source-side noise during warm-up (token dropout and swaps)",
        label="Source-side noise",
    )
    valid_fraction: float = param(
        0.05,
        "Share of the data held out for validation",
        min=0.0,
        max=0.5,
        label="Validation share",
    )
    test_fraction: float = param(
        0.05, "Share of the data held out for the final test", min=0.0, max=0.5, label="Test share"
    )
    split_seed: int = param(
        1234,
        "Seed of the train/valid/test split (fixed so runs compare)",
        min=0,
        max=2**32 - 1,  # as training.seed
        label="Split seed",
    )
    max_unusable: float = param(
        0.3,
        "Stop before training when more than this share of your data cannot be used (lines "
        "malformed, empty or too long; images unreadable); the load report says which",
        min=0.0,
        max=1.0,
        advanced=True,
        label="Most unusable data",
    )


@dataclass
class GRPOConfig:
    """Group Relative Policy Optimization. Names and defaults follow TRL's GRPOConfig."""

    num_generations: int = param(
        8, "G: completions sampled per prompt (the group)", min=2, label="Group size (G)"
    )
    num_iterations: int = param(
        1,
        "mu: optimisation passes over each batch of samples",
        positive=True,
        label="Passes per batch (mu)",
    )
    beta: float = param(
        0.0,
        "Weight of the KL penalty to the reference model (0 skips it)",
        min=0.0,
        label="KL weight (beta)",
    )
    epsilon_low: float = param(
        0.2, "Lower clip range of the probability ratio", min=0.0, max=1.0, label="Clip range, low"
    )
    epsilon_high: float = param(
        0.2, "Upper clip range (DAPO's clip-higher raises it)", min=0.0, label="Clip range, high"
    )
    loss_type: Literal["grpo", "dr_grpo", "dapo"] = param(
        "dapo",
        "grpo: mean per sequence; dr_grpo: sum/(N*T); dapo: mean over all tokens",
        label="Loss aggregation",
    )
    scale_rewards: Literal["group", "batch", "none"] = param(
        "group",
        "Divide advantages by the group's std, the batch's std, or not at all (Dr. GRPO)",
        label="Advantage scaling",
    )
    temperature: float = param(
        1.0, "Sampling temperature of the rollouts", positive=True, label="Sampling temperature"
    )
    unsure_temperature: float | None = param(
        None,
        "When set, GRPO's first step measures how unsure the policy is of its words (its "
        "entropy at temperature 1); above 1.4 nats a sampled token GRPO samples at this "
        "temperature instead, and the run's config keeps the choice (empty: never)",
        positive=True,
        advanced=True,
        label="Temperature when unsure",
    )
    top_k: int = param(0, "Sample only from the k likeliest tokens (0: all)", min=0, label="Top-k")
    top_p: float = param(
        1.0,
        "Nucleus sampling mass: the likeliest tokens that hold this much (1: all; above 0)",
        positive=True,
        max=1.0,
        label="Top-p",
    )
    max_new_tokens: int = param(
        16, "Longest completion sampled", positive=True, label="Longest sample (tokens)"
    )
    mask_truncated_completions: bool = param(
        False,
        "Leave completions that never reached EOS out of the loss",
        label="Ignore unfinished samples",
    )
    reward_weights: dict[str, float] = param(
        default_factory=dict,
        help="Weight per reward function by name (missing: the task's default)",
        label="Reward weights",
    )
    shuffle_rewards: bool = param(
        False,
        "Control experiment: shuffle rewards across the batch, so they no longer say which "
        "sample was good (learning should stop)",
        advanced=True,
        label="Shuffle rewards (control)",
    )
    ref_sync_steps: int = param(
        0,
        "Copy the policy into the reference model every N steps (0: never)",
        min=0,
        advanced=True,
        label="Reference refresh (steps)",
    )
    advantage_eps: float = param(
        1e-4,
        "Added to the std before dividing (TRL: 1e-4)",
        min=0.0,
        advanced=True,
        label="Advantage epsilon",
    )


@dataclass
class TrainingConfig:
    """Optimizer, precision and device, shared by all stages."""

    seed: int = param(
        0,
        "Seed of every random number generator; same seed, same run",
        min=0,
        max=2**32 - 1,  # numpy's legacy generator takes no more
        label="Seed",
    )
    device: Literal["auto", "cpu", "cuda"] = param(
        "auto", "auto: CUDA when present, else CPU", label="Device"
    )
    amp: Literal["off", "bf16", "fp16"] = param(
        "off",
        "Mixed precision: bf16 autocast (CPU and CUDA) or fp16 with a gradient scaler (CUDA)",
        label="Mixed precision",
    )
    grad_accum: int = param(
        1,
        "Micro-batches accumulated per optimizer step",
        positive=True,
        label="Gradient accumulation",
    )
    grad_norm_clip: float = param(
        1.0,
        "Clip the global gradient norm to this (0: off; TRL: 1.0)",
        min=0.0,
        label="Gradient clip (norm)",
    )
    grad_penalty_lambda: float = param(
        0.0,
        "Weight of (||grad|| - target)^2; costs a second backward (0: off)",
        min=0.0,
        advanced=True,
        label="Gradient penalty weight",
    )
    grad_penalty_target: float = param(
        0.0,
        "Target gradient norm of the penalty",
        min=0.0,
        advanced=True,
        label="Gradient penalty target",
    )
    weight_decay: float = param(0.0, "AdamW weight decay (TRL: 0)", min=0.0, label="Weight decay")
    adam_beta1: float = param(
        0.9, "AdamW beta1", min=0.0, below=1.0, advanced=True, label="AdamW beta1"
    )
    adam_beta2: float = param(
        0.99,
        "AdamW beta2; 0.99 is steadier than 0.999 at small batches",
        min=0.0,
        below=1.0,
        advanced=True,
        label="AdamW beta2",
    )
    scale_lr_with_batch: bool = param(
        False,
        "Scale each stage's lr by sqrt(batch / lr_reference_batch)",
        label="Scale learning rate with batch",
    )
    lr_reference_batch: int = param(
        32,
        "Batch size at which a stage's lr is used as is",
        positive=True,
        advanced=True,
        label="Reference batch size",
    )
    deterministic: bool = param(
        True,
        "Deterministic algorithms (same seed -> same numbers)",
        advanced=True,
        label="Deterministic",
    )
    threads: int = param(
        0,
        "CPU threads for torch (0: one in the window; headless, one unless OMP_NUM_THREADS "
        "names more; more than one pays only on an otherwise idle CPU)",
        min=0,
        advanced=True,
        label="CPU threads",
    )
    compile: bool = param(
        False,
        "Run the model's layers through torch.compile: faster steps once compiled, but the "
        "first steps wait while it compiles (kept on disk for later runs)",
        advanced=True,
        label="Compile the model",
    )
    max_skipped_in_a_row: int = param(
        20,
        "Stop the run when this many updates in a row are skipped as not finite: it has "
        "diverged, most often from a learning rate far too high (0: never stop). fp16's "
        "gradient scaler skips a few on purpose while it finds its scale",
        min=0,
        advanced=True,
        label="Stop after skipped updates in a row",
    )
    init_from: str | None = param(
        None,
        "Start from these weights instead of random ones: the file name of a warm start the "
        "studio ships (presets/warm_starts/) or a path to one (tools/make_warm_start.py "
        "writes them); the model settings must be those it was trained with",
        advanced=True,
        label="Start from weights",
    )
    memory_budget: str = param(
        "",
        "Fit the run into this much memory: a size such as 4GB, 6 GB or 512MB (a plain "
        "number is GB), or free: what the GPU has free, on the CPU the RAM available. The "
        "trainer splits batches into micro-batches, then recomputes blocks (gradient "
        "checkpointing), then uses mixed precision, and last lowers G, as far as needed, "
        "and says what it changed (empty: no budget)",
        label="Memory budget",
    )


@dataclass
class StageConfig:
    """One stage of training: the supervised warm-up or GRPO."""

    steps: int = param(0, "Optimizer steps in this stage (0 skips it)", min=0, label="Steps")
    lr: float = param(1e-4, "Peak learning rate", positive=True, label="Learning rate")
    batch_size: int = param(
        32,
        "Warm-up: examples per step. GRPO: prompts per step (P)",
        positive=True,
        label="Batch size",
    )
    batch_tokens: int = param(
        0,
        "Warm-up: build each batch from examples of like length, as many as fill this many "
        "tokens (padding included), instead of batch_size examples of any length (0: off; "
        "tasks without lengths draw batch_size examples)",
        min=0,
        advanced=True,
        label="Tokens per batch",
    )
    average_last: int = param(
        0,
        "At the stage's end, average the weights of its last this many evaluations (the "
        "final one among them) and go on with the average if it scores better on the "
        "held-out split (0 or 1: off; at most 20, each a copy of the weights in memory)",
        min=0,
        max=20,  # a file handed over cannot fill the memory with copies
        advanced=True,
        label="Average the last evaluations",
    )
    lr_schedule: Literal["constant", "cosine", "plateau"] = param(
        "cosine",
        "After warm-up steps: constant, cosine decay to 10%, or halve on a plateau",
        label="Learning-rate schedule",
    )
    lr_warmup_steps: int = param(
        0, "Linear learning-rate warm-up steps", min=0, label="Learning-rate warm-up steps"
    )
    plateau_patience: int = param(
        3,
        "Evals without improvement before the lr halves",
        positive=True,
        advanced=True,
        label="Plateau patience",
    )
    stop_at: float | None = param(
        None,
        "End the stage early once the eval metric reaches this (empty: never)",
        label="Stop at metric",
    )
    patience: int = param(
        0,
        "End the stage early after this many evals without improvement (0: never)",
        min=0,
        label="Stop after evaluations without gain",
    )
    min_gain: float = param(
        0.0,
        "How far an eval must beat the best so far to count as an improvement (0: any rise)",
        min=0.0,
        advanced=True,
        label="Least gain that counts",
    )
    fills_budget: bool = param(
        False,
        "With run.time_budget: this stage gets the time the other stages leave, its steps "
        "a cap (the budget shortens it first, the others only once it is at its least)",
        advanced=True,
        label="Fill the time budget",
    )
    budget_share: float = param(
        0.0,
        "With run.time_budget: the most of it this stage may take, as a share (0.2: a "
        "fifth); the budget shortens it to fit (0: no share of its own)",
        min=0.0,
        max=1.0,
        advanced=True,
        label="Share of the time budget",
    )


STAGE_NAMES = ("warmup", "grpo")  # the order a run takes its stages in


@dataclass
class StagesConfig:
    warmup: StageConfig = param(
        default_factory=lambda: StageConfig(steps=200, lr=1e-3),
        help="Supervised warm-up",
        label="Supervised warm-up",
    )
    grpo: StageConfig = param(
        default_factory=lambda: StageConfig(steps=200, lr=1e-4, batch_size=16),
        help="GRPO",
        label="GRPO",
    )

    def all(self) -> list[tuple[str, StageConfig]]:
        """Every stage by its name, in the order a run takes them."""
        return [(name, getattr(self, name)) for name in STAGE_NAMES]

    def planned(self) -> list[tuple[str, StageConfig]]:
        """The stages a run of this config takes, in order: those with steps > 0. The
        trainer, the memory estimate and the window's stage strip and charts all ask here."""
        return [(name, stage) for name, stage in self.all() if stage.steps > 0]


@dataclass
class EvalConfig:
    every: int = param(
        50,
        "Evaluate on held-out data every N steps (0: only at stage ends)",
        min=0,
        label="Evaluate every (steps)",
    )
    size: int = param(
        200,
        "Held-out examples per evaluation",
        positive=True,
        max=MAX_EVAL_LIMIT,  # a grid world makes its held-out grids on demand
        label="Held-out examples",
    )
    decoding: Method = param(GREEDY, "How evaluation decodes", label="Decoding")
    beam_size: int = param(
        4,
        f"Beams for beam-search evaluation and a run's translations (at most {MAX_BEAMS})",
        positive=True,
        max=MAX_BEAMS,
        advanced=True,
        label="Beams",
    )
    test_decoding: Method = param(
        GREEDY,
        "How the test split decodes: once, at the end, where a beam search pays for its "
        "time (the valid split, evaluated again and again, decodes as eval.decoding)",
        advanced=True,
        label="Test decoding",
    )

    def decoding_of(self, split: str) -> Decoding:
        """How `split` decodes: the valid split, evaluated again and again during training,
        as eval.decoding; the test split, once at the end, as eval.test_decoding."""
        method = self.test_decoding if split == "test" else self.decoding
        return Decoding.named(method, self.beam_size)


@dataclass
class CurriculumConfig:
    enabled: bool = param(False, "Unlock harder examples as the reward rises", label="Curriculum")
    start_level: int = param(
        0, "Difficulty level unlocked at the start", min=0, label="Start level"
    )
    threshold: float = param(
        0.8, "Mean reward over the window that unlocks the next level", label="Unlock at reward"
    )
    window: int = param(
        20, "Steps averaged for the unlock decision", positive=True, label="Unlock window (steps)"
    )
    difficulty: Literal["level", "perplexity"] = param(
        "level",
        "What makes an example hard: the task's levels (longer sentences, more digits, larger "
        "grids; GRPO only), or the model's own perplexity on its reference (text tasks; the "
        "warm-up and GRPO each start at the easiest stage, scored by the model as it is then)",
        label="Difficulty by",
    )
    stages: int = param(
        5,
        "Perplexity: equal shares of the scored examples, easiest first; stage k trains on "
        "the k easiest shares, the last on the whole training set. The warm-up moves on at equal "
        "shares of its steps, GRPO when the reward passes the unlock threshold; each stage "
        "scores the examples again",
        min=2,
        label="Perplexity stages",
    )
    pool: int = param(
        2000,
        "Perplexity: training examples scored at each stage (a fresh seeded sample when "
        "there are more); one forward pass each, its time is in the log",
        positive=True,
        advanced=True,
        label="Examples scored",
    )


@dataclass
class DistillConfig:
    """Learning from a bigger model: a finished run teaches this run's supervised warm-up
    by its soft targets (Hinton et al. 2015) and, optionally, by examples it writes."""

    teacher: str | None = param(
        None,
        "A finished run folder of the same task whose model teaches the warm-up; the "
        "student takes its tokenizer so their outputs align (empty: no teacher)",
        label="Teacher run folder",
    )
    temperature: float = param(
        2.0,
        "Softens both models' next-token distributions before they are compared (T); "
        "the KL term is scaled by T^2 so its gradients keep their size",
        positive=True,
        label="Distillation temperature",
    )
    weight: float = param(
        0.5,
        "Share of the warm-up loss that is the KL term to the teacher; the rest is the "
        "cross-entropy of the references (0: references alone)",
        min=0.0,
        max=1.0,
        label="Teacher's share of the loss",
    )
    synthetic: int = param(
        0,
        "Extra warm-up examples the teacher writes: its greedy answers to this many "
        "training prompts (0: none)",
        min=0,
        label="Examples the teacher writes",
    )
    synthetic_share: float = param(
        0.5,
        "Share of each warm-up batch drawn from the teacher's examples (when there are any)",
        min=0.0,
        max=1.0,
        advanced=True,
        label="Teacher's examples per batch",
    )
    checkpoint: str | None = param(
        None,
        "The teacher's checkpoint, a file in its checkpoints/ folder (empty: its newest "
        "readable one); recorded here when the run starts",
        advanced=True,
        label="Teacher checkpoint",
    )
    sha256: str | None = param(
        None,
        "SHA-256 of the teacher's checkpoint, recorded when the run starts; a run refuses "
        "a teacher whose checkpoint no longer has it",
        advanced=True,
        label="Teacher checkpoint hash",
    )


@dataclass
class SparsityConfig:
    """Magnitude pruning while training: the smallest weights set to zero, kept zero."""

    target: float = param(
        0.0,
        "Share of the weight matrices' entries set to zero by the end step, the smallest "
        "first (0: off). Linear and convolution weights; biases and norms never",
        min=0.0,
        max=0.95,
        label="Target sparsity",
    )
    start_step: int = param(
        0,
        "Step of the run (over both stages) at which pruning starts",
        min=0,
        label="Start pruning at step",
    )
    end_step: int | None = param(
        None,
        "Step at which the target is reached, on a cubic ramp from the start step (Zhu and "
        "Gupta 2017); the same as the start step prunes all at once (empty: the run's last "
        "planned step)",
        min=0,
        label="Reach the target at step",
    )
    every: int = param(
        10,
        "Raise the sparsity every N steps on the way to the target",
        positive=True,
        advanced=True,
        label="Prune every (steps)",
    )
    scope: Literal["layer", "global"] = param(
        "layer",
        "layer: the same share of each layer; global: the smallest weights of all layers "
        "together, which may empty a layer whose weights start small (GPT-2's output "
        "projections)",
        advanced=True,
        label="Pruning scope",
    )
    embeddings: bool = param(
        False,
        "Prune the embedding tables too; an output head tied to its embedding is that "
        "table, an untied head is a Linear layer and is pruned anyway",
        advanced=True,
        label="Prune embeddings",
    )


@dataclass
class RunConfig:
    save_dir: str | None = param(
        None, "Folder that holds runs (empty: the user data directory)", label="Runs folder"
    )
    max_steps: int | None = param(
        None,
        "Stop after this many optimizer steps over all stages, checkpointed (empty: when the "
        "stages end); the command line's --steps, kept by a resumed run",
        min=1,
        advanced=True,
        label="Stop after (steps)",
    )
    checkpoint_every: int = param(
        100,
        "Write a checkpoint every N steps (and on stop)",
        min=0,
        label="Checkpoint every (steps)",
    )
    keep_checkpoints: int = param(
        2, "Checkpoints kept besides the last", min=0, advanced=True, label="Checkpoints kept"
    )
    sample_groups: int = param(
        2, "Sample groups reported per step for display", min=0, label="Groups shown per step"
    )
    grad_flow_every: int = param(
        1,
        "Report per-layer gradients every N steps (0: never)",
        min=0,
        advanced=True,
        label="Gradient flow every (steps)",
    )
    time_budget: str = param(
        "",
        "Fit the run into this much time on this machine: a duration such as 30 min, 1h, "
        "1h30m or 90s (a plain number is seconds). A short measurement before the first "
        "step plans the stages' steps to fit (the steps you set stay as you set them), "
        "and the run ends at the budget if it overruns (empty: no budget)",
        label="Time budget",
    )
    probe_every: int = param(
        10,
        "Record what the policy does on a few fixed held-out inputs every N steps, and "
        "before the first (0: never); the Policy tab draws it",
        min=0,
        label="Policy snapshot every (steps)",
    )


@dataclass
class UIConfig:
    hidden: list[str] = param(
        default_factory=list,
        help="Field paths hidden in the settings form (a lesson's view)",
        label="Hidden fields",
    )
    lesson: str = param(
        "", "Text shown to the class with this preset", label="Lesson text", multiline=True
    )
    minutes: float | None = param(
        None,
        "Minutes a whole run of this preset takes on a 2-core laptop CPU, as measured "
        "(shown on its card; the gallery lists the quickest first)",
        min=0.0,
        label="Minutes on a laptop CPU",
    )
    pause_at_grpo: bool = param(
        False,
        "In the window, pause the run when its GRPO stage starts, before the first GRPO "
        "step, so that Step takes one GRPO step at a time (the command line ignores it)",
        label="Pause when GRPO starts",
    )
    experiment: list[dict[str, Any]] = param(
        default_factory=list,
        help="Two to four variants trained side by side and drawn on the same charts, each "
        "{label: ..., settings: {grpo.num_generations: 2}}; a variant changes grpo.* and "
        "stages.grpo.* settings only",
        label="Experiment variants",
    )


@dataclass
class StudioConfig:
    """A whole run: what a preset file holds, resolved."""

    name: str = param("Untitled", "Display name of the preset", label="Name")
    description: str = param("", "One line on what this preset trains", label="Description")
    # picked by model.arch and task.name (their dataclasses are declared beside the model
    # and the task, and loading.py chooses them); what one task or architecture alone has
    # is read after narrowing with isinstance, or by the task's own code (Task[C].cfg)
    model: ModelSection = field(kw_only=True)
    task: TaskSection = field(kw_only=True)
    data: DataConfig = field(default_factory=DataConfig)
    grpo: GRPOConfig = field(default_factory=GRPOConfig)
    training: TrainingConfig = field(default_factory=TrainingConfig)
    stages: StagesConfig = field(default_factory=StagesConfig)
    eval: EvalConfig = field(default_factory=EvalConfig)
    curriculum: CurriculumConfig = field(default_factory=CurriculumConfig)
    distill: DistillConfig = field(default_factory=DistillConfig)
    sparsity: SparsityConfig = field(default_factory=SparsityConfig)
    run: RunConfig = field(default_factory=RunConfig)
    ui: UIConfig = field(default_factory=UIConfig)
    # which of the settings above the user gave (studio.core.config.user_settings says how the
    # record is made); a fit to the data or to a memory budget leaves those as they are
    user_set: list[str] = param(
        default_factory=list,
        help="The settings you gave (on the command line, in the window's form or in your "
        "own preset file), as dotted paths: fitting to your data or to a memory budget "
        "leaves them as you set them. The studio writes this record",
        label="Settings you gave",
    )


DEFAULT_ARCH = "micro-gpt"  # model.arch of a preset that names none
DEFAULT_TASK = "arithmetic"  # task.name of a preset that names none


def model_arch(cfg: StudioConfig) -> str:
    return cfg.model.ARCH


def task_name(cfg: StudioConfig) -> str:
    return cfg.task.NAME
