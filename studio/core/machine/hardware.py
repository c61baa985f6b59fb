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
import os
import sys
from dataclasses import dataclass
from typing import Any, Protocol

import psutil

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
                f"pynvml is not installed ({err}); pip install nvidia-ml-py"
            ) from None
        self._nvml = pynvml

    def _call(self, fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except self._nvml.NVMLError as err:
            raise GpuUnavailable(f"NVML: {err}") from None

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
                raise GpuUnavailable("NVML found no NVIDIA GPU")
            if not 0 <= self._index < count:
                raise GpuUnavailable(f"GPU {self._index} does not exist (NVML sees {count})")
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
                return self._process_reading(f"GPU reading failed: {err}")
            if share is None and self._pid == os.getpid():
                share = _torch_reserved(0)
            return MemoryReading("gpu", f"{self._name} (GPU {self._index})", used, total, share)
        return self._process_reading(f"No NVIDIA GPU in use ({self.unavailable_reason})")

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


def _attr(cfg: Any, names: tuple[str, ...], default: int) -> int:
    for name in names:
        value = getattr(cfg, name, None)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return value
    return default


def memory_breakdown(cfg: Any, num_params: int) -> dict[str, int]:
    """Bytes per part of a training run's peak memory; see `estimate_training_memory`.

    Parts: weights, gradients, AdamW state (two fp32 moments), the frozen reference
    model when the KL penalty is on (grpo.beta > 0), and activations of the largest
    batch either stage pushes through the model at once.
    """
    p = int(num_params)
    parts = {
        "weights": 4 * p,  # fp32 master weights, also under autocast
        "gradients": 4 * p,
        "adamw": 8 * p,  # exp_avg and exp_avg_sq
        "reference": 4 * p if cfg.grpo.beta > 0 else 0,
    }
    act_bytes = 2 if cfg.training.amp in ("bf16", "fp16") else 4
    accum = max(1, cfg.training.grad_accum)
    m = cfg.model
    layers = _attr(m, ("n_layers", "n_layer", "num_layers", "layers"), 0)
    layers += _attr(m, ("n_encoder_layers", "encoder_layers", "num_encoder_layers"), 0)
    layers += _attr(m, ("n_decoder_layers", "decoder_layers", "num_decoder_layers"), 0)
    width = _attr(m, ("d_model", "n_embd", "dim", "hidden", "channels", "width"), 128)
    heads = _attr(m, ("n_heads", "n_head", "num_heads", "nhead"), 1)
    layers = layers or _attr(m, ("depth", "blocks"), 6)

    # Korthikanti et al. (Table 2, no recomputation): 34*h + 5*a*T bytes per token per layer
    # at 16-bit; scaled by the element size actually used.
    def stage_bytes(seqs: int, seq_len: int) -> float:
        per_token_layer = (34 * width + 5 * heads * seq_len) * act_bytes / 2
        return seqs / accum * seq_len * layers * per_token_layer

    # Warm-up: a batch of references (<= max_length tokens). GRPO: N = P*G sequences of
    # prompt + completion. The larger of the two sets the peak.
    warm = cfg.stages.warmup
    grpo = cfg.stages.grpo
    warm_bytes = stage_bytes(warm.batch_size, cfg.data.max_length) if warm.steps > 0 else 0.0
    grpo_len = cfg.data.max_length + cfg.grpo.max_new_tokens
    grpo_seqs = grpo.batch_size * cfg.grpo.num_generations
    grpo_bytes = stage_bytes(grpo_seqs, grpo_len) if grpo.steps > 0 else 0.0
    parts["activations"] = int(max(warm_bytes, grpo_bytes))
    return parts


def estimate_training_memory(cfg: Any, num_params: int) -> int:
    """Rough peak bytes to train `cfg` with a model of `num_params` parameters.

    How rough: weights, gradients and AdamW state are exact for fp32 parameters (16 bytes
    a parameter). Activations use the transformer-layer formula of Korthikanti et al. with
    the model's width, heads and layer count read from its config where it has them
    (other architectures, e.g. convolutional ones, get the same formula with their channel
    count as the width). Sequences are taken at their longest (data.max_length, plus
    grpo.max_new_tokens in GRPO), so short examples make it an upper bound; expect the
    total within a factor of about two of the real peak. Not included: the
    CUDA context and kernels (~300-500 MB per process on a GPU), allocator fragmentation,
    and the data set itself.
    """
    return int(sum(memory_breakdown(cfg, num_params).values()))


def format_bytes(n: float) -> str:
    """1536 -> '1.5 KB' (binary units, as nvidia-smi and task managers show)."""
    if abs(n) < 1024:
        return f"{n:.0f} B"
    for unit in ("KB", "MB", "GB"):
        n /= 1024
        if abs(n) < 1024 or unit == "GB":
            break
    return f"{n:.1f} {unit}"
