"""Check exported graphs against the PyTorch model before an export is called done.

Two checks, on the files as written:

1. Parity on fresh random inputs: every graph's outputs against the model's own
   forward (not the export wrappers), at two batch sizes and two lengths, with padding;
   the step graphs are run twice (a prefix with an empty past, then the rest with the
   cache the first call returned) and compared with one teacher-forced forward over the
   whole sequence. The largest absolute difference must stay within TOLERANCE (fp32).
2. Greedy decoding on held-out examples: onnxruntime through the example program's own
   runner (step graph with cache) against the model's greedy `generate` (or greedy
   actions/labels), output for output; and the runner's plain-Python tokenizer against
   the task's.

onnx.checker runs on every graph before it is written (see the package's __init__).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from onnxruntime.capi import onnxruntime_pybind11_state as _ort_state
from torch import nn

from studio.core.export.adapters import Adapter
from studio.core.export.snippets import snippet_module

TOLERANCE = 1e-4  # largest |onnxruntime - PyTorch| accepted in fp32
# what onnxruntime raises when it cannot load or run a graph (none derive from one base)
ORT_ERRORS: tuple[type[BaseException], ...] = tuple(
    getattr(_ort_state, name)
    for name in ("Fail", "InvalidArgument", "InvalidGraph", "RuntimeException", "NotImplemented")
    if hasattr(_ort_state, name)
)


@dataclass
class Verification:
    """What the checks found; `passed` says whether the export may be called done."""

    max_abs_diff: float  # over every parity case and output
    cases: dict[str, float]  # max abs difference of each parity case ("step B=3 past=8 new=8")
    examples: int  # held-out examples decoded greedily by both
    greedy_matches: int  # of those, decoded identically
    metric: str  # the task's headline metric, e.g. "accuracy"
    torch_metric: float
    onnx_metric: float
    tokenizers_agree: bool
    mismatches: list[int] = field(default_factory=list)  # indices of differing examples

    @property
    def passed(self) -> bool:
        return (
            self.max_abs_diff <= TOLERANCE
            and self.greedy_matches == self.examples
            and self.tokenizers_agree
        )

    def summary(self) -> str:
        return (
            f"max |ORT - PyTorch| {self.max_abs_diff:.1e} over {len(self.cases)} random-input "
            f"cases; greedy outputs equal on {self.greedy_matches}/{self.examples} held-out "
            f"examples; {self.metric} {self.onnx_metric:.4g} (PyTorch {self.torch_metric:.4g})"
        )

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "passed": self.passed, "tolerance": TOLERANCE}


def _diff(a: np.ndarray, b: torch.Tensor) -> float:
    b = b.detach().numpy()
    if a.shape != b.shape:
        return float("inf")
    return float(np.abs(a.astype(np.float64) - b.astype(np.float64)).max(initial=0.0))


def _padding_mask(rng: np.random.Generator, batch: int, length: int, *, left: bool) -> np.ndarray:
    """(B, T) int64, 1 at real tokens; rows of random lengths 1..T, padded left or right."""
    lengths = rng.integers(1, length + 1, batch)
    lengths[0] = length  # one full row, so the widest case is always covered
    cols = np.arange(length)[None, :]
    real = cols >= (length - lengths)[:, None] if left else cols < lengths[:, None]
    return real.astype(np.int64)


class _Graphs:
    def __init__(self, arch: str, folder: Path) -> None:
        snippet = snippet_module(arch)
        self.sessions = {
            name: snippet.load_session(Path(folder) / file) for name, file in snippet.FILES.items()
        }

    def run(self, name: str, **feeds: np.ndarray) -> list[np.ndarray]:
        return self.sessions[name].run(None, feeds)


def _micro_gpt(model: nn.Module, graphs: _Graphs, rng: np.random.Generator) -> list[tuple]:
    cfg, v = model.cfg, model.vocab_size
    hd = cfg.d_model // cfg.n_heads
    results = []
    small, full = min(3, cfg.max_len), cfg.max_len
    for batch, length in ((1, small), (3, full)):
        ids = rng.integers(0, v, (batch, length)).astype(np.int64)
        mask = _padding_mask(rng, batch, length, left=True)
        with torch.no_grad():
            ref = model(torch.from_numpy(ids), torch.from_numpy(mask).bool())  # (B, T, V)
        (out,) = graphs.run("logits", input_ids=ids, attention_mask=mask)
        results.append((f"logits B={batch} T={length}", _diff(out, ref)))

        past = max(length // 2, 1) if length > 1 else 0
        empty = np.zeros((cfg.n_layers, batch, cfg.n_heads, 0, hd), dtype=np.float32)
        keys = values = empty
        diffs = []
        if past:
            first, keys, values = graphs.run(
                "step",
                input_ids=ids[:, :past],
                attention_mask=mask[:, :past],
                past_keys=empty,
                past_values=empty,
            )
            diffs.append(_diff(first, ref[:, :past]))
        rest, _, _ = graphs.run(
            "step", input_ids=ids[:, past:], attention_mask=mask, past_keys=keys, past_values=values
        )
        diffs.append(_diff(rest, ref[:, past:]))
        results.append((f"step B={batch} past={past} new={length - past}", max(diffs)))
    return results


def _tiny_transformer(model: nn.Module, graphs: _Graphs, rng: np.random.Generator) -> list[tuple]:
    cfg = model.cfg
    hd = cfg.d_model // cfg.n_heads
    results = []
    small, full = min(3, cfg.max_len), cfg.max_len
    for batch, length in ((1, small), (3, full)):
        src = rng.integers(0, model.src_vocab, (batch, length)).astype(np.int64)
        src_mask = _padding_mask(rng, batch, length, left=False)
        tgt = rng.integers(0, model.tgt_vocab, (batch, length)).astype(np.int64)
        src_t, mask_t = torch.from_numpy(src), torch.from_numpy(src_mask).bool()
        with torch.no_grad():
            memory = model.encode(src_t, mask_t)  # (B, S, D)
            kv = [block.cross_attn.keys_values(memory) for block in model.decoder]
            ref_k = torch.stack([k for k, _ in kv])  # (L, B, H, S, hd)
            ref_v = torch.stack([v for _, v in kv])
            ref = model.decode(memory, mask_t, torch.from_numpy(tgt))  # (B, T, V)
        mem, cross_k, cross_v = graphs.run("encoder", src_ids=src, src_mask=src_mask)
        enc_diff = max(_diff(mem, memory), _diff(cross_k, ref_k), _diff(cross_v, ref_v))
        results.append((f"encoder B={batch} S={length}", enc_diff))

        past = max(length // 2, 1) if length > 1 else 0
        empty = np.zeros((cfg.n_decoder_layers, batch, cfg.n_heads, 0, hd), dtype=np.float32)
        keys = values = empty
        shared = {"src_mask": src_mask, "cross_keys": cross_k, "cross_values": cross_v}
        diffs = []
        if past:
            first, keys, values = graphs.run(
                "decoder_step",
                input_ids=tgt[:, :past],
                past_keys=empty,
                past_values=empty,
                **shared,
            )
            diffs.append(_diff(first, ref[:, :past]))
        rest, _, _ = graphs.run(
            "decoder_step", input_ids=tgt[:, past:], past_keys=keys, past_values=values, **shared
        )
        diffs.append(_diff(rest, ref[:, past:]))
        results.append((f"decoder_step B={batch} past={past} new={length - past}", max(diffs)))
    return results


def _lite_resnet(model: nn.Module, graphs: _Graphs, rng: np.random.Generator) -> list[tuple]:
    side = model.cfg.image_size
    results = []
    for batch in (1, 5):
        obs = rng.integers(0, 256, (batch, model.stem.in_channels, side, side)).astype(np.uint8)
        with torch.no_grad():
            ref = model(torch.from_numpy(obs))
        (out,) = graphs.run("policy", observation=obs)
        results.append((f"policy B={batch}", _diff(out, ref)))
    return results


_PARITY = {
    "micro-gpt": _micro_gpt,
    "tiny-transformer": _tiny_transformer,
    "lite-resnet": _lite_resnet,
}


def parity(
    arch: str, model: nn.Module, folder: Path, seed: int | None = None
) -> list[tuple[str, float]]:
    """(case, max abs difference) for every random-input case of the graphs in `folder`."""
    rng = np.random.default_rng(seed)
    return _PARITY[arch](model.eval(), _Graphs(arch, folder), rng)


def verify_export(
    arch: str, model: nn.Module, folder: Path, adapter: Adapter, seed: int | None = None
) -> tuple[Verification, list[Any]]:
    """Both checks on the graphs written in `folder`; also the onnxruntime outputs on the
    held-out examples (the int8 comparison reuses them)."""
    cases = dict(parity(arch, model, folder, seed))
    runner = adapter.runner(folder)
    expected = adapter.torch_outputs(model.eval())
    got = adapter.onnx_outputs(runner)
    mismatches = [i for i, (a, b) in enumerate(zip(expected, got)) if a != b]
    found = Verification(
        max_abs_diff=max(cases.values()),
        cases=cases,
        examples=len(expected),
        greedy_matches=len(expected) - len(mismatches),
        metric=adapter.METRIC,
        torch_metric=adapter.score(expected),
        onnx_metric=adapter.score(got),
        tokenizers_agree=adapter.tokenizers_agree(runner),
        mismatches=mismatches,
    )
    return found, got
