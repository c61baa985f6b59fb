"""Choosing the device and precision, and reading the training process's peak memory."""

from __future__ import annotations

import contextlib
import sys

import psutil
import torch

from studio.core.config.fields import ConfigError
from studio.core.machine.hardware import format_bytes
from studio.core.messages import say


def resolve_device(name: str) -> torch.device:
    """ "auto" -> CUDA when present, else CPU; "cuda" without a GPU is a clear error."""
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise ConfigError(
            say(
                "training.device: cuda was asked for but no CUDA GPU is available; use "
                "--device cpu (or auto)"
            )
        )
    return torch.device(name)


def check_amp(amp: str, device: torch.device) -> None:
    if amp == "fp16" and device.type != "cuda":
        raise ConfigError(
            say(
                "training.amp: fp16 needs a CUDA GPU (its gradient scaler is CUDA only); use "
                "bf16 on the CPU, or off"
            )
        )


def autocast(amp: str, device: torch.device) -> contextlib.AbstractContextManager:
    """The autocast context for `amp` ("off", "bf16", "fp16")."""
    if amp == "off":
        return contextlib.nullcontext()
    dtype = torch.bfloat16 if amp == "bf16" else torch.float16
    return torch.autocast(device_type=device.type, dtype=dtype)


def peak_memory_mb(device: torch.device) -> float:
    """Peak memory of this process: allocated GPU memory on CUDA, resident RAM on the CPU."""
    if device.type == "cuda":
        return torch.cuda.max_memory_allocated(device) / 2**20
    if sys.platform != "win32":
        import resource

        peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak_kb / (2**20 if sys.platform == "darwin" else 2**10)  # macOS reports bytes
    import psutil

    return psutil.Process().memory_info().peak_wset / 2**20


def device_memory(device: torch.device) -> tuple[int, str]:
    """The most memory anything on `device` can have, and the words for it: the GPU's
    whole memory, or the machine's RAM (all of it: what cannot fit there cannot fit at
    all, however much is free now)."""
    if device.type == "cuda":
        props = torch.cuda.get_device_properties(device)
        total = int(props.total_memory)
        return total, say(
            "the {size} of this machine's GPU ({gpu})", size=format_bytes(total), gpu=props.name
        )
    total = int(psutil.virtual_memory().total)
    return total, say("this machine's {size} of RAM", size=format_bytes(total))
