"""The hardware probe: NVML readings through a fake backend, the no-GPU fallback, estimates."""

from dataclasses import dataclass

import psutil
import pytest

from studio.core.config.fields import ModelSection, ModelShape
from studio.core.config.sections import StudioConfig
from studio.core.machine.hardware import (
    GpuUnavailable,
    MemoryProbe,
    NvmlBackend,
    estimate_training_memory,
    format_bytes,
    memory_breakdown,
    visible_device_index,
)
from studio.core.tasks.arithmetic import ArithmeticConfig

GIB = 1024**3


class FakeNvml:
    """Two GPUs; this test's PID holds 1 GiB on GPU 1."""

    def __init__(self, fail_init: bool = False, count: int = 2) -> None:
        self.fail_init, self.count, self.inits, self.shutdowns = fail_init, count, 0, 0
        self.fail_reads = False

    def init(self) -> None:
        self.inits += 1
        if self.fail_init:
            raise GpuUnavailable("NVML: Driver Not Loaded")

    def device_count(self) -> int:
        return self.count

    def device_name(self, index: int) -> str:
        return f"Fake GPU {index}"

    def memory(self, index: int) -> tuple[int, int]:
        if self.fail_reads:
            raise GpuUnavailable("NVML: GPU is lost")
        return (3 * GIB, 8 * GIB) if index == 1 else (0, 16 * GIB)

    def process_memory(self, index: int, pid: int) -> int | None:
        return 1 * GIB if (index, pid) == (1, 4242) else None

    def shutdown(self) -> None:
        self.shutdowns += 1


def test_gpu_reading_comes_from_the_backend():
    backend = FakeNvml()
    probe = MemoryProbe(backend, device_index=1, pid=4242)
    r = probe.read()
    assert (r.source, r.device) == ("gpu", "Fake GPU 1 (GPU 1)")
    assert (r.used_bytes, r.total_bytes, r.process_bytes) == (3 * GIB, 8 * GIB, 1 * GIB)
    assert r.fraction == pytest.approx(3 / 8)
    probe.read()
    assert backend.inits == 1  # initialised once, not per poll
    probe.close()
    assert backend.shutdowns == 1


def test_unknown_process_share_is_none_not_zero():
    r = MemoryProbe(FakeNvml(), device_index=0, pid=1).read()
    assert r.source == "gpu" and r.process_bytes is None


def test_no_driver_falls_back_to_process_ram_and_says_why():
    backend = FakeNvml(fail_init=True)
    probe = MemoryProbe(backend, device_index=0)
    r = probe.read()
    assert r.source == "process" and r.device == "CPU RAM"
    assert "No NVIDIA GPU" in r.message and "Driver Not Loaded" in r.message
    assert 0 < r.used_bytes == r.process_bytes < r.total_bytes == psutil.virtual_memory().total
    probe.read()
    assert backend.inits == 1 and not probe.has_gpu  # a failed init is not retried every poll


def test_missing_device_index_and_zero_devices_are_reported():
    assert "GPU 5 does not exist (NVML sees 2)" in MemoryProbe(FakeNvml(), 5).read().message
    assert "found no NVIDIA GPU" in MemoryProbe(FakeNvml(count=0), 0).read().message


def test_a_gpu_lost_mid_run_gives_a_process_reading_not_an_exception():
    backend = FakeNvml()
    probe = MemoryProbe(backend, device_index=1, pid=4242)
    assert probe.read().source == "gpu"
    backend.fail_reads = True
    r = probe.read()
    assert r.source == "process" and "GPU is lost" in r.message


def test_real_nvml_never_raises_on_this_machine():
    # With no NVIDIA driver (CI, these machines) nvmlInit fails; with one we get a GPU reading.
    r = MemoryProbe(NvmlBackend()).read()
    assert r.source in ("gpu", "process") and r.total_bytes > 0
    if r.source == "process":
        assert r.message.startswith("No NVIDIA GPU in use (NVML:")


def test_visible_device_index(monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "3,1")
    assert visible_device_index() == 3
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "GPU-8f0e2c1a")
    assert visible_device_index() == 0
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES")
    assert visible_device_index() == 0


@dataclass
class TinyModelCfg(ModelSection):
    n_layers: int = 2
    d_model: int = 8
    n_heads: int = 2

    def shape(self) -> ModelShape:
        n = self.n_layers
        return ModelShape(n, self.d_model, self.n_heads, n, n, None, None)


def tiny_cfg() -> StudioConfig:
    cfg = StudioConfig(model=TinyModelCfg(), task=ArithmeticConfig())
    cfg.stages.warmup.steps = 0
    cfg.stages.grpo.steps = 10
    cfg.stages.grpo.batch_size = 2
    cfg.grpo.num_generations = 2
    cfg.data.max_length = 4
    cfg.grpo.max_new_tokens = 4
    return cfg


def test_memory_estimate_by_hand():
    cfg = tiny_cfg()
    parts = memory_breakdown(cfg, 1000)
    assert parts["weights"] == 4000 and parts["gradients"] == 4000 and parts["adamw"] == 8000
    assert parts["reference"] == 0  # beta = 0: no reference model kept
    # N = 2*2 sequences of T = 4+4 tokens, 2 layers, (34*8 + 5*2*8) * 4/2 bytes per token-layer
    assert parts["activations"] == 4 * 8 * 2 * (34 * 8 + 5 * 2 * 8) * 2
    assert estimate_training_memory(cfg, 1000) == 16000 + 45056


def test_memory_estimate_follows_settings():
    cfg = tiny_cfg()
    base = memory_breakdown(cfg, 1000)
    cfg.grpo.beta = 0.04
    assert memory_breakdown(cfg, 1000)["reference"] == 4000
    cfg.training.amp = "bf16"
    assert memory_breakdown(cfg, 1000)["activations"] == base["activations"] // 2
    # grad_accum runs more micro-batches of batch_size one after the other (trainer._step):
    # a micro-batch's activations stay; half the batch in two micro-batches halves them
    cfg.training.grad_accum = 2
    assert memory_breakdown(cfg, 1000)["activations"] == base["activations"] // 2
    cfg.stages.grpo.batch_size = 1
    assert memory_breakdown(cfg, 1000)["activations"] == base["activations"] // 4
    # A warm-up of 64 references of 4 tokens outweighs GRPO's 2 sequences of 8 tokens.
    cfg.stages.warmup.steps, cfg.stages.warmup.batch_size = 5, 64
    warm = 64 * 4 * 2 * (34 * 8 + 5 * 2 * 4) * 2 / 2  # (bf16)
    assert memory_breakdown(cfg, 1000)["activations"] == warm
    assert memory_breakdown(cfg, 1000)["reference"] == 0  # the warm-up has no KL reference


def test_format_bytes():
    assert format_bytes(512) == "512 B"
    assert format_bytes(1536) == "1.5 KB"
    assert format_bytes(3 * GIB) == "3.0 GB"
    assert format_bytes(2.5 * 1024**4) == "2.5 TB"
    assert format_bytes(3 * 1024**5) == "3072.0 TB"
