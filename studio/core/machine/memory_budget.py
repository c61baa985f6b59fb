"""Fitting a run into a memory budget (training.memory_budget).

A budget is a size ("4GB", "6 GB", "512MB", a plain number of GB) or "free": what the GPU
has free (NVML, through a `GpuBackend`), on the CPU the RAM available plus what this
process holds already. Given a memory estimate of a config (`MemoryEstimate`, see
hardware.py), `fit_budget` changes as little as it needs to, one lever after the other in
this order, each tried only when the ones before it at their most do not fit:

1. micro-batches: each stage's batch split into more gradient-accumulation passes
   (stages.*.batch_size / k, training.grad_accum * k), the examples per optimizer step
   the same; only slower;
2. gradient checkpointing (model.gradient_checkpointing, where the architecture has it):
   more blocks recomputed in the backward pass; the same numbers, slower;
3. mixed precision (training.amp: bf16, or fp16 on a CUDA GPU without bf16): 16-bit
   activations; slightly different numbers;
4. G (grpo.num_generations), last, because it changes the algorithm: smaller groups
   give noisier advantages.

Once a lever fits, the levers before it are eased back as far as the budget allows (the
largest micro-batch that still fits, the fewest recomputed blocks), so what changes is as
little as needed. A budget that nothing fits is refused with the smallest estimate
reached, the part that dominates it and what to do.

The budget proposes its settings to the one settings fit (studio.core.config.fit), and what
the user set (StudioConfig.user_set) wins over them, as far as the numbers go: the two
levers that keep them (micro-batches: the examples per optimizer step stay as the user
set them; checkpointing: the same numbers) still split a batch or recompute blocks the
user set, and the report says whose setting it was ("you set stages.grpo.batch_size to
16"); the two that change them leave a training.amp or grpo.num_generations the user
gave as it is, the report says so when the budget does not fit as the settings are, and
a budget only they would fit is refused naming them.
"""

from __future__ import annotations

import copy
import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import psutil

from studio.core.config.budgets import parse_budget
from studio.core.config.fields import ConfigError
from studio.core.config.fit import (
    Proposal,
    SettingsFit,
    apply_fit,
    get_path,
    set_path,
    settle,
    taken,
)
from studio.core.config.user_settings import user_settings
from studio.core.machine.hardware import (
    GpuBackend,
    GpuUnavailable,
    MemoryEstimate,
    NvmlBackend,
    format_bytes,
    visible_device_index,
)
from studio.core.messages import Message, joined, say

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig

Estimator = Callable[["StudioConfig"], MemoryEstimate]


@dataclass(frozen=True)
class Budget:
    """Bytes to fit into, and where the figure came from (shown with every fit)."""

    bytes: int
    source: str  # "4.0 GB (training.memory_budget)", "free on NVIDIA ... (GPU 0)"


def resolve_budget(
    text: str,
    device_type: str,
    *,
    backend: GpuBackend | None = None,
    held_bytes: int | None = None,
) -> Budget | None:
    """The budget `text` means on `device_type` ("cuda" or "cpu"), or None for none.

    "free" on CUDA asks NVML (through `backend`, NvmlBackend by default) for the device
    torch calls cuda:0; on the CPU it is the RAM available plus `held_bytes` (what this
    process holds already, which the estimate counts as its runtime; default: its
    resident memory now)."""
    value = parse_budget(text)
    if value is None:
        return None
    if isinstance(value, int):
        return Budget(value, say("{size} (training.memory_budget)", size=format_bytes(value)))
    if device_type == "cuda":
        return _free_gpu(backend)
    held = psutil.Process(os.getpid()).memory_info().rss if held_bytes is None else held_bytes
    free = int(psutil.virtual_memory().available) + int(held)
    return Budget(
        free, say("{size}: the RAM available and this process's", size=format_bytes(free))
    )


def _free_gpu(backend: GpuBackend | None) -> Budget:
    index = visible_device_index()
    try:
        gpu = backend if backend is not None else NvmlBackend()
        gpu.init()
        try:
            count = gpu.device_count()
            if not 0 <= index < count:
                raise GpuUnavailable(
                    say("GPU {index} does not exist (NVML sees {count})", index=index, count=count)
                )
            used, total = gpu.memory(index)
            name = gpu.device_name(index)
        finally:
            gpu.shutdown()
    except GpuUnavailable as err:
        raise ConfigError(
            say(
                "training.memory_budget: free reads the GPU's free memory through NVML, which "
                "failed ({reason}); give a size such as 6GB instead",
                reason=str(err),
            )
        ) from None
    free = max(0, total - used)
    return Budget(
        free,
        say("{size} free on {gpu} (GPU {index})", size=format_bytes(free), gpu=name, index=index),
    )


# ---- the levers, in the order they are pulled


@dataclass(frozen=True)
class Lever:
    """One way to save memory: settings from the least change to the most, each a
    mapping of dotted config paths to values."""

    name: str  # "micro-batches", "checkpointing", "mixed precision", "G"
    options: list[dict[str, Any]]

    def proposals(self, i: int) -> list[Proposal]:
        """Option `i` proposed to the settings fit, each setting with why the lever is
        pulled. The levers that keep the numbers carry out what the user set (the same
        examples per optimizer step, the same gradients): they change a setting of theirs
        too; the others leave it as they set it."""
        same = self.name not in CHANGE_NUMBERS
        return [
            Proposal(path, value, WHY[self.name], self._would(value), keeps_meaning=same)
            for path, value in self.options[i].items()
        ]

    def _would(self, value: Any) -> Message:
        """How a kept line ends: what the budget would do with the setting."""
        if self.name == "G":
            return say("the budget would lower it")
        return say("the budget would try {value}", value=value)


# the levers that change the numbers a run computes: they leave the user's settings alone
CHANGE_NUMBERS = ("mixed precision", "G")


def levers(cfg: StudioConfig, amp_choice: str | None) -> list[Lever]:
    """The levers this config has that the budget may pull, in the order they are
    pulled. `amp_choice`: the mixed precision the device runs ("bf16", "fp16"), None for
    none."""
    return [lever for lever in all_levers(cfg, amp_choice) if not users_lever(cfg, lever)]


def users_lever(cfg: StudioConfig, lever: Lever) -> bool:
    """A lever whose settings the fit would keep as the user set them."""
    return not all(taken(p, cfg.user_set) for p in lever.proposals(0))


def held_for_user(cfg: StudioConfig, amp_choice: str | None) -> list[Proposal]:
    """What the levers the budget leaves to the user would try first: the settings fit
    keeps each and says so ("training.amp: kept at off, you set it; the budget would try
    bf16")."""
    return [
        proposal
        for lever in all_levers(cfg, amp_choice)
        if users_lever(cfg, lever)
        for proposal in lever.proposals(0)
    ]


def all_levers(cfg: StudioConfig, amp_choice: str | None) -> list[Lever]:
    """Every lever this config has, the user's settings or not, in the order they are
    pulled."""
    trained = [name for name, _ in cfg.stages.planned()]
    sizes = [getattr(cfg.stages, n).batch_size for n in trained]
    common = math.gcd(*sizes) if sizes else 1
    micro = [
        {
            **{f"stages.{n}.batch_size": getattr(cfg.stages, n).batch_size // k for n in trained},
            "training.grad_accum": cfg.training.grad_accum * k,
        }
        for k in range(2, common + 1)
        if common % k == 0
    ]
    found = [Lever("micro-batches", micro), checkpointing(cfg)]
    if cfg.training.amp == "off" and amp_choice:
        found.append(Lever("mixed precision", [{"training.amp": amp_choice}]))
    if "grpo" in trained:
        G = cfg.grpo.num_generations
        found.append(Lever("G", [{"grpo.num_generations": g} for g in range(G - 1, 1, -1)]))
    return [lever for lever in found if lever.options]


def checkpointing(cfg: StudioConfig) -> Lever:
    """Gradient checkpointing's options: more blocks recomputed than now, one count of
    blocks each (none where the architecture has no such lever)."""
    shape = cfg.model.shape()
    every, blocks = shape.checkpoint_every, shape.blocks
    options: list[dict[str, Any]] = []
    if every is None or not blocks:
        return Lever("checkpointing", options)
    counts = {e: math.ceil(blocks / e) for e in range(blocks, 0, -1)}
    now = counts.get(every, 0) if every else 0
    seen = {now}
    for e, n in counts.items():
        if n > now and n not in seen and (not every or e < every):
            seen.add(n)
            options.append({"model.gradient_checkpointing": e})
    return Lever("checkpointing", options)


# ---- fitting


@dataclass
class Fit:
    """What fitting a budget found: what it proposed (the levers' settings, and those of
    the user's it keeps), the estimates before and after, what the settings fit made of
    it, and the lines that say what and why."""

    budget: Budget
    before: MemoryEstimate
    after: MemoryEstimate
    proposals: list[Proposal] = field(default_factory=list)
    settled: SettingsFit = field(default_factory=SettingsFit)
    lines: list[Message] = field(default_factory=list)

    @property
    def settings(self) -> dict[str, Any]:
        """The settings changed: path -> value, as applied to the config."""
        return self.settled.settings

    @property
    def changed(self) -> bool:
        return bool(self.settings)

    def text(self) -> Message:
        return joined("\n", self.lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able, for the run's log record: the budget, the settings, the estimates."""
        return {
            "budget": self.budget.bytes,
            "source": self.budget.source,
            "settings": dict(self.settings),
            "before": self.before.total,
            "after": self.after.total,
            "parts": dict(self.after.parts),
            "stage": self.after.peak_stage,
        }

    def apply(self, cfg: StudioConfig) -> None:
        apply_fit(cfg, self.proposals)


Choice = list[int | None]  # an option of each lever pulled (None: not pulled)


@dataclass
class _Search:
    """The levers' options tried on copies of a config, against a budget in bytes."""

    cfg: StudioConfig
    pulled: list[Lever]
    estimate: Estimator
    budget: int

    def settings(self, choice: Choice) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for lever, i in zip(self.pulled, choice):
            if i is not None:
                out.update(lever.options[i])
        return out

    def proposals(self, choice: Choice) -> list[Proposal]:
        """What `choice` changes, proposed to the settings fit."""
        chosen = [lever.proposals(i) for lever, i in zip(self.pulled, choice) if i is not None]
        return [p for group in chosen for p in group if get_path(self.cfg, p.path) != p.value]

    def estimate_of(self, choice: Choice) -> MemoryEstimate:
        trial = copy.deepcopy(self.cfg)
        for path, value in self.settings(choice).items():
            set_path(trial, path, value)
        return self.estimate(trial)

    def fits(self, choice: Choice) -> bool:
        return self.estimate_of(choice).total <= self.budget

    def least_change(self) -> tuple[Choice, bool]:
        """The levers pulled in order, each only when the ones before it at their most do
        not fit, then the earlier ones eased back; the levers at their most and False
        when nothing fits."""
        chosen: Choice = [None] * len(self.pulled)
        for j, lever in enumerate(self.pulled):
            for i in range(len(lever.options)):
                chosen[j] = i
                if self.fits(chosen):
                    return self._eased(chosen, j), True
        return chosen, False

    def _eased(self, chosen: Choice, j: int) -> Choice:
        """The levers before the `j`th eased back, the last first, as far as it fits."""
        for r in reversed(range(j)):
            for i in [None, *range(chosen[r] or 0)]:
                trial = [*chosen[:r], i, *chosen[r + 1 :]]
                if self.fits(trial):
                    chosen = trial
                    break
        return chosen


def fit_budget(
    cfg: StudioConfig, budget: Budget, estimate: Estimator, amp_choice: str | None
) -> Fit:
    """The least change to `cfg` whose estimate fits `budget` (see the module's
    docstring); `cfg` itself is left as it is. ConfigError when nothing fits."""
    search = _Search(cfg, levers(cfg, amp_choice), estimate, budget.bytes)
    before = estimate(cfg)
    chosen: Choice = [None] * len(search.pulled)
    held: list[Proposal] = []
    if before.total > budget.bytes:
        chosen, fits = search.least_change()
        held = held_for_user(cfg, amp_choice)
        if not fits:
            kept = list(settle(held, user_settings(cfg)).kept)
            least = search.estimate_of(chosen)
            raise ConfigError(refusal(cfg, budget, least, search.settings(chosen), kept))
    proposals = search.proposals(chosen) + held
    after = search.estimate_of(chosen)
    fit = Fit(budget, before, after, proposals, settle(proposals, user_settings(cfg)))
    fit.lines = report_lines(cfg, fit)
    return fit


# ---- what it says

WHY = {
    "micro-batches": say(
        "the same examples per optimizer step, in more passes of fewer (slower, the same numbers)"
    ),
    "checkpointing": say(
        "recompute blocks in the backward pass instead of keeping their activations (slower, "
        "the same numbers)"
    ),
    "mixed precision": say("16-bit activations (slightly different numbers)"),
    "G": say(
        "fewer samples per prompt: this changes the algorithm (smaller groups, noisier "
        "advantages), so it comes last"
    ),
}

_SMALLER = say("use a smaller model (fewer layers, a narrower d_model)")
FIXES = {
    "weights": _SMALLER,
    "gradients": _SMALLER,
    "adamw": _SMALLER,
    "reference": say("set grpo.beta: 0 (no KL reference model) or use a smaller model"),
    "teacher": say("pick a smaller teacher run (distill.teacher) or clear distill.teacher"),
    "activations": say(
        "shorten the sequences (data.max_length, grpo.max_new_tokens) or lower stages.*.batch_size"
    ),
    "kv_cache": say(
        "shorten the completions (grpo.max_new_tokens) or lower stages.grpo.batch_size"
    ),
    "runtime": say("close other programs (this process holds that much before training starts)"),
}


PART_NAMES = {
    "weights": say("weights"),
    "gradients": say("gradients"),
    "adamw": say("AdamW state"),
    "reference": say("reference model"),
    "teacher": say("teacher model"),
    "activations": say("activations"),
    "kv_cache": say("KV cache"),
    "runtime": say("the process itself"),
}
STAGE_NAMES = {"warmup": say("warm-up"), "grpo": "GRPO"}


def breakdown(estimate: MemoryEstimate) -> Message:
    """'weights 15.0 MB; gradients 15.0 MB; ...': the peak stage's parts above 0."""
    return joined(
        "; ",
        [
            say("{part} {size}", part=PART_NAMES[k], size=format_bytes(v))
            for k, v in estimate.parts.items()
            if v > 0
        ],
    )


def report_lines(cfg: StudioConfig, fit: Fit) -> list[Message]:
    """What the CLI prints and the run's log says: the budget, the estimate, each change
    with why (and whose settings it changed), the settings kept as the user set them,
    and the estimate now, part by part."""
    budget, before = fit.budget, format_bytes(fit.before.total)
    if not fit.changed:
        return [
            say(
                "memory budget {budget}: the estimate, {estimate}, fits; nothing changed",
                budget=budget.source,
                estimate=before,
            )
        ]
    lines = [
        say(
            "memory budget {budget}: the estimate, {estimate}, does not fit; changed:",
            budget=budget.source,
            estimate=before,
        )
    ]
    for why, paths in _changes_by_lever(fit):
        what = ", ".join(f"{p} {get_path(cfg, p)} -> {fit.settings[p]}" for p in paths)
        yours = [
            say("you set {path} to {value}", path=p, value=get_path(cfg, p))
            for p in paths
            if p in fit.settled.yours
        ]
        change = say("{changes}: {why}", changes=what, why=why)
        lines.append(say("  {setting}", setting=joined("; ", [change, *yours])))
    lines += [say("  {setting}", setting=line) for line in fit.settled.kept_lines]
    lines.append(
        say(
            "estimate now {estimate} of {budget}, at the peak of the {stage} stage:",
            estimate=format_bytes(fit.after.total),
            budget=format_bytes(budget.bytes),
            stage=STAGE_NAMES[fit.after.peak_stage],
        )
    )
    lines.append(breakdown(fit.after))
    return lines


def _changes_by_lever(fit: Fit) -> list[tuple[str, list[str]]]:
    """The settings changed, by the lever that changed them (its reason), in the order
    the levers were pulled."""
    groups: dict[str, list[str]] = {}
    for proposal in fit.proposals:
        if proposal.path in fit.settings:
            groups.setdefault(proposal.reason, []).append(proposal.path)
    return list(groups.items())


def refusal(
    cfg: StudioConfig,
    budget: Budget,
    least: MemoryEstimate,
    settings: dict[str, Any],
    held: list[str],
) -> Message:
    """Why no settings fit: the smallest estimate reached, with what, its largest part,
    the settings it left as the user set them (`held`, their paths) and what would make
    the run fit."""
    part, size = least.largest_part()
    changed = {p: v for p, v in settings.items() if get_path(cfg, p) != v}
    tried = ", ".join(f"{p} {v}" for p, v in changed.items()) or say("the settings as they are")
    least_said = say(
        "training.memory_budget: {budget} is less than the smallest estimate reached, "
        "{estimate} (with {settings}), of which {part} takes {size}",
        budget=budget.source,
        estimate=format_bytes(least.total),
        settings=tried,
        part=PART_NAMES[part],
        size=format_bytes(size),
    )
    kept = [say("it keeps {path} as you set it", path=path) for path in held]
    fix = say("raise the budget, or {fix}", fix=FIXES[part])
    return joined("; ", [least_said, *kept, fix])
