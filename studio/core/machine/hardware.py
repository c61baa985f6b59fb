"""What the machine has: GPU memory from NVML, this process's memory, and a training estimate.

The studio's memory gauge polls `MemoryProbe.read()` about twice a second. On a machine
with an NVIDIA GPU and driver the reading comes from NVML (the library behind
`nvidia-smi`, through `pynvml` from the nvidia-ml-py package): used and total memory of
the device, and this process's share of it. Without a GPU or driver, `pynvml.nvmlInit()`
raises `pynvml.NVMLError`; the probe then says so plainly and reports the process's
resident memory (psutil) instead. It never raises on a reading.

NVML is reached through a small backend interface (`GpuBackend`) so tests can inject a
fake one. No Qt here: this module is part of the headless core.

References: NVML API reference (nvmlDeviceGetMemoryInfo,
nvmlDeviceGetComputeRunningProcesses); Korthikanti et al. 2022, "Reducing Activation
Recomputation in Large Transformer Models" (activation memory per transformer layer).
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import psutil

from studio.core.config.fields import ModelShape
from studio.core.messages import say

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig

MIB = 1024**2


class GpuBackend(Protocol):
    """The few NVML calls the probe makes. Every method may raise `GpuUnavailable`."""

    def init(self) -> None: ...

    def device_count(self) -> int: ...

    def device_name(self, index: int) -> str: ...

    def memory(self, index: int) -> tuple[int, int]:
        """(used, total) bytes of device `index`."""
        ...

    def process_memory(self, index: int, pid: int) -> int | None:
        """Bytes process `pid` holds on device `index`; None when NVML cannot tell."""
        ...

    def shutdown(self) -> None: ...


class GpuUnavailable(RuntimeError):
    """No usable NVIDIA GPU: no driver, no device, or NVML failed. The message says which."""


class NvmlBackend:
    """The real backend: pynvml. Its errors become `GpuUnavailable` with NVML's words."""

    def __init__(self) -> None:
        try:
            import pynvml
        except ImportError as err:  # the dependency is declared; this guards broken installs
            raise GpuUnavailable(
                say("pynvml is not installed ({reason}); pip install nvidia-ml-py", reason=str(err))
            ) from None
        self._nvml = pynvml

    def _call(self, fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except self._nvml.NVMLError as err:
            raise GpuUnavailable(say("NVML: {reason}", reason=str(err))) from None

    def init(self) -> None:
        self._call(self._nvml.nvmlInit)

    def device_count(self) -> int:
        return int(self._call(self._nvml.nvmlDeviceGetCount))

    def _handle(self, index: int) -> Any:
        return self._call(self._nvml.nvmlDeviceGetHandleByIndex, index)

    def device_name(self, index: int) -> str:
        name = self._call(self._nvml.nvmlDeviceGetName, self._handle(index))
        return name.decode() if isinstance(name, bytes) else str(name)

    def memory(self, index: int) -> tuple[int, int]:
        info = self._call(self._nvml.nvmlDeviceGetMemoryInfo, self._handle(index))
        return int(info.used), int(info.total)

    def process_memory(self, index: int, pid: int) -> int | None:
        procs = self._call(self._nvml.nvmlDeviceGetComputeRunningProcesses, self._handle(index))
        # In a container NVML sees host PIDs, so our PID may be absent: then "unknown".
        mine = [p.usedGpuMemory for p in procs if p.pid == pid and p.usedGpuMemory is not None]
        return int(sum(mine)) if mine else None

    def shutdown(self) -> None:
        with contextlib.suppress(self._nvml.NVMLError):
            self._nvml.nvmlShutdown()


@dataclass(frozen=True)
class MemoryReading:
    """One poll of the gauge.

    source "gpu": used/total are the device's, process_bytes this process's share (None:
    NVML could not attribute memory to processes). source "process": no GPU reading;
    used is this process's resident memory, total the machine's RAM, and `message` says why.
    """

    source: str  # "gpu" | "process"
    device: str  # "NVIDIA GeForce RTX 4060 (GPU 0)" or "CPU RAM"
    used_bytes: int
    total_bytes: int
    process_bytes: int | None
    message: str = ""

    @property
    def fraction(self) -> float:
        return self.used_bytes / self.total_bytes if self.total_bytes > 0 else 0.0


def visible_device_index() -> int:
    """The NVML index of the GPU torch calls cuda:0: the first entry of CUDA_VISIBLE_DEVICES.

    NVML numbers all devices, torch only the visible ones. Entries that are UUIDs cannot
    be mapped without NVML lookups, so they fall back to 0.
    """
    first = os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")[0].strip()
    return int(first) if first.isdigit() else 0


def _torch_reserved(index: int) -> int | None:
    """Bytes torch's caching allocator holds, if torch has started CUDA (never starts it)."""
    torch = sys.modules.get("torch")
    if torch is None:
        return None
    try:
        if not torch.cuda.is_initialized():
            return None
        return int(torch.cuda.memory_reserved(index))
    except Exception:  # a reading aid only: any CUDA trouble here means "unknown"
        return None


class MemoryProbe:
    """Reads GPU memory through a backend, or process RAM when there is no GPU.

    The backend is initialised on first use; if that fails the probe remembers why and
    stays on process memory (a missing driver does not appear while the app runs).
    """

    def __init__(
        self,
        backend: GpuBackend | None = None,
        device_index: int | None = None,
        pid: int | None = None,
    ) -> None:
        self._backend = backend
        self._index = visible_device_index() if device_index is None else device_index
        self._pid = os.getpid() if pid is None else pid
        self._ready = False
        self.unavailable_reason: str | None = None

    def _start(self) -> None:
        if self._ready or self.unavailable_reason is not None:
            return
        try:
            if self._backend is None:
                self._backend = NvmlBackend()
            self._backend.init()
            count = self._backend.device_count()
            if count == 0:
                raise GpuUnavailable(say("NVML found no NVIDIA GPU"))
            if not 0 <= self._index < count:
                raise GpuUnavailable(
                    say(
                        "GPU {index} does not exist (NVML sees {count})",
                        index=self._index,
                        count=count,
                    )
                )
            self._name = self._backend.device_name(self._index)
            self._ready = True
        except GpuUnavailable as err:
            self.unavailable_reason = str(err)

    @property
    def has_gpu(self) -> bool:
        self._start()
        return self._ready

    def read(self) -> MemoryReading:
        """A reading now; never raises."""
        self._start()
        if self._ready:
            assert self._backend is not None
            try:
                used, total = self._backend.memory(self._index)
                share = self._backend.process_memory(self._index, self._pid)
            except GpuUnavailable as err:
                # A GPU that vanished mid-run (driver reset): report it, fall back this time.
                return self._process_reading(say("GPU reading failed: {reason}", reason=str(err)))
            if share is None and self._pid == os.getpid():
                share = _torch_reserved(0)
            return MemoryReading("gpu", f"{self._name} (GPU {self._index})", used, total, share)
        return self._process_reading(
            say("No NVIDIA GPU in use ({reason})", reason=self.unavailable_reason)
        )

    def _process_reading(self, message: str) -> MemoryReading:
        try:
            rss = psutil.Process(self._pid).memory_info().rss
        except psutil.Error:
            rss = 0
        total = psutil.virtual_memory().total
        return MemoryReading("process", "CPU RAM", int(rss), int(total), int(rss), message)

    def close(self) -> None:
        if self._ready and self._backend is not None:
            self._backend.shutdown()
        self._ready = False


# ---- how much memory training a config will need


@dataclass(frozen=True)
class ActivationSizes:
    """Bytes kept for the backward pass by one micro-batch, measured on the real model and
    task (training/probes/memory_probe.py) for one checkpointing and precision setting: per
    warm-up example and per GRPO sequence (prompt plus completion), and per pass whatever
    its size (under autocast, the 16-bit copies of the weights)."""

    warmup_per_example: float
    grpo_per_sequence: float
    warmup_fixed: float = 0.0
    grpo_fixed: float = 0.0


# The backward pass's own peak over the bytes its forward saved (gradients of activations
# as they flow back, the recomputed block under checkpointing): 0.5-1.4x measured on the
# three presets (benchmarks/RESULTS.md), taken at the top so that a fit errs on the safe side.
BACKWARD_FACTOR = 1.4


@dataclass(frozen=True)
class MemoryEstimate:
    """Bytes per part of each stage's peak; the run's peak is its largest stage's.

    Parts: weights, gradients, adamw (two fp32 moments), reference (the frozen KL model,
    GRPO with grpo.beta > 0), teacher (the frozen teacher of a warm-up with
    distill.teacher, let go when GRPO starts), activations (one micro-batch's forward and
    backward), kv_cache (keys and values while sampling one micro-batch's completions)
    and runtime (what the process holds besides training: Python, torch, the data; given
    by the caller, 0 when unknown). Sampling, the backward and the optimizer's step take
    turns, so a stage's peak counts the largest of activations, kv_cache and the step's
    temporary (the size of the weights), not their sum.
    """

    stages: dict[str, dict[str, int]]

    @staticmethod
    def stage_total(parts: dict[str, int]) -> int:
        rest = sum(v for k, v in parts.items() if k not in ("activations", "kv_cache"))
        # AdamW's step (foreach) holds a temporary the size of the weights, after the
        # backward has freed the activations (measured: benchmarks/RESULTS.md)
        return rest + max(parts["activations"], parts["kv_cache"], parts["weights"])

    @property
    def peak_stage(self) -> str:
        return max(self.stages, key=lambda name: self.stage_total(self.stages[name]))

    @property
    def parts(self) -> dict[str, int]:
        return self.stages[self.peak_stage]

    @property
    def total(self) -> int:
        return self.stage_total(self.parts)

    def largest_part(self) -> tuple[str, int]:
        return max(self.parts.items(), key=lambda kv: kv[1])


def checkpointed_share(shape: ModelShape) -> float:
    """Share of the blocks model.gradient_checkpointing recomputes (every N-th block)."""
    every = shape.checkpoint_every or 0
    if every <= 0 or shape.blocks == 0:
        return 0.0
    return min(1.0, math.ceil(shape.blocks / every) / shape.blocks)


LOGIT_COPIES = 3  # the logits, their log-softmax and its gradient, kept at once


def _formula_activations(cfg: StudioConfig, seqs: int, seq_len: int, scored: int) -> float:
    """Korthikanti et al. (Table 2, no recomputation): 34*h + 5*a*T bytes per token per
    layer at 16-bit, scaled by the element size used; a recomputed block keeps its input
    only (2*h bytes a token at 16-bit). A fixed output vocabulary's logits are kept for
    the `scored` positions of each sequence (the answer's, or the completion's)."""
    act_bytes = 2 if cfg.training.amp in ("bf16", "fp16") else 4
    shape = cfg.model.shape()
    full = (34 * shape.width + 5 * max(shape.heads, 1) * seq_len) * act_bytes / 2
    share = checkpointed_share(shape)
    per_token_layer = (1 - share) * full + share * shape.width * act_bytes
    # a fixed output vocabulary: the logits, their log-softmax and its gradient, in fp32
    head = LOGIT_COPIES * shape.vocab * 4 * scored
    return seqs * (seq_len * shape.layers * per_token_layer + head)


def kv_cache_bytes(cfg: StudioConfig, seqs: int, seq_len: int) -> int:
    """Keys and values of every decoder layer for `seqs` sequences of `seq_len` tokens
    (2 * layers * N * T * width elements), in the autocast precision; 0 for models with
    no attention heads (they sample without a cache)."""
    shape = cfg.model.shape()
    if not shape.heads:
        return 0
    elem = 2 if cfg.training.amp in ("bf16", "fp16") else 4
    return 2 * shape.kv_layers * seqs * seq_len * shape.width * elem


def memory_estimate(
    cfg: StudioConfig,
    num_params: int,
    activations: ActivationSizes | None = None,
    runtime_bytes: int = 0,
    teacher_bytes: int = 0,
    trainable: int | None = None,
    lengths: tuple[int, int] | None = None,
) -> MemoryEstimate:
    """Each stage's peak bytes, part by part, for `cfg` with a `num_params` model, of which
    `trainable` train (None: all; fewer under LoRA, whose KL reference is the model itself
    with its adapters off, no copy).

    Weights, gradients and AdamW state are exact for fp32 parameters (16 bytes a trained
    parameter, 4 a frozen one; autocast keeps fp32 master weights). A model whose output
    vocabulary is part of its shape (a pretrained one, ModelShape.vocab) adds the logits
    a step keeps for the backward: the log-softmax over that vocabulary dominates a small
    model's activations. Activations are one micro-batch's
    (stage batch_size items; training.grad_accum runs more micro-batches one after the
    other, not bigger ones): `activations` saved per item, measured, when given (times
    BACKWARD_FACTOR for the backward's own peak), else the
    transformer-layer formula of Korthikanti et al. with sequences at their longest: the
    task's longest prompt and answer in tokens when it knows them (`lengths`), else
    data.max_length; plus grpo.max_new_tokens in GRPO. An upper bound for short examples.
    The KV cache is the formula of `kv_cache_bytes` for P*G sequences of prompt plus
    completion. `teacher_bytes` are a distillation teacher's weights, held through the
    warm-up (its soft targets' share of the activations is in `activations` when they
    were measured with it). benchmarks/RESULTS.md compares each part with measured peaks.
    """
    p = int(num_params)
    t = p if trainable is None else int(trainable)
    static = {"weights": 4 * p, "gradients": 4 * t, "adamw": 8 * t}
    stages: dict[str, dict[str, int]] = {}
    planned = dict(cfg.stages.planned())
    warm, grpo = cfg.stages.warmup, cfg.stages.grpo
    if "warmup" in planned:
        if activations is not None:
            act = activations.warmup_fixed + activations.warmup_per_example * warm.batch_size
            act *= BACKWARD_FACTOR
        else:
            seq = sum(lengths) if lengths else cfg.data.max_length
            act = _formula_activations(cfg, warm.batch_size, seq, lengths[1] if lengths else seq)
        stages["warmup"] = {
            **static,
            "reference": 0,
            "teacher": teacher_bytes,
            "activations": int(act),
            "kv_cache": 0,
            "runtime": runtime_bytes,
        }
    if "grpo" in planned or not stages:
        seqs = grpo.batch_size * cfg.grpo.num_generations
        prompt = lengths[0] if lengths else cfg.data.max_length
        seq_len = prompt + cfg.grpo.max_new_tokens
        if activations is not None:
            act = activations.grpo_fixed + activations.grpo_per_sequence * seqs
            act *= BACKWARD_FACTOR
        else:
            act = _formula_activations(cfg, seqs, seq_len, cfg.grpo.max_new_tokens)
        stages["grpo"] = {
            **static,
            "reference": 4 * p if cfg.grpo.beta > 0 and t == p else 0,
            "teacher": 0,
            "activations": int(act),
            "kv_cache": kv_cache_bytes(cfg, seqs, seq_len),
            "runtime": runtime_bytes,
        }
    return MemoryEstimate(stages)


def memory_breakdown(cfg: StudioConfig, num_params: int) -> dict[str, int]:
    """Bytes per part of the largest stage's peak, by formula; see `memory_estimate`."""
    return memory_estimate(cfg, num_params).parts


def estimate_training_memory(cfg: StudioConfig, num_params: int) -> int:
    """Rough peak bytes to train `cfg` with a model of `num_params` parameters.

    How rough: weights, gradients and AdamW state are exact; activations come from the
    transformer-layer formula of Korthikanti et al. with the width, heads and layer count
    the model's config declares (ModelSection.shape; a convolutional model declares its
    channel count as the width), with sequences at their longest, so short examples make
    it an upper bound. Not included: the CUDA context and kernels (~300-500 MB per process
    on a GPU), the Python runtime, allocator fragmentation, and the data set itself. A
    memory budget (training.memory_budget) uses activations measured on the real model
    instead.
    """
    return memory_estimate(cfg, num_params).total


def format_bytes(n: float) -> str:
    """1536 -> '1.5 KB' (binary units, as nvidia-smi and task managers show)."""
    if abs(n) < 1024:
        return f"{n:.0f} B"
    for unit in ("KB", "MB", "GB", "TB"):
        n /= 1024
        if abs(n) < 1024 or unit == "TB":
            break
    return f"{n:.1f} {unit}"
