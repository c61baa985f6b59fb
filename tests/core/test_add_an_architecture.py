"""The "add an architecture" steps of docs/architecture.md, followed on a throwaway decoder.

The architecture (a mean mixer: each position reads the mean of the tokens so far) is
written the way the steps say, one section of this module per file the steps name: its
model module (config with its shape, the nn.Module, SPEC), its export graphs module
(the decoder graph contract's two graphs; parity and the example program are the
contract's), one entry in studio.core.models.ARCHS, and a preset YAML. Nothing else is
touched: the arithmetic task takes it because it is a decoder, the memory estimate reads
its shape, the text export adapter and Micro-GPT's snippet run it. The run is the real
trainer (warm-up and GRPO steps, evaluation), read back, exported to ONNX, checked
against PyTorch, and the exported program runs. If the steps and the code drift apart,
or the steps come to touch more than four files, this test fails.
"""

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
import torch
from tiny_runs import TINY_TRAINING_YAML, train_tiny_preset
from torch import nn

from studio.core.catalogue import load_config
from studio.core.config.fields import ModelSection, ModelShape, param
from studio.core.export.graphs import GraphSpec
from studio.core.export.metadata import read_metadata
from studio.core.export.pipeline import export_run
from studio.core.export.snippets import SNIPPET_NAME
from studio.core.machine.hardware import memory_breakdown
from studio.core.models import ARCHS, ArchSpec, arch_spec
from studio.core.models.decoder import RecomputingDecoder
from studio.core.runs.loading import load_trained
from studio.core.tasks import TASKS

ROOT = Path(__file__).resolve().parents[2]
ARCH = "mean-mixer"

# The files the documented steps touch, in their order; <arch> is the new architecture's
# module name, <name> its preset's.
FILES = [
    "studio/core/models/<arch>.py",
    "studio/core/export/archs/<arch>.py",
    "studio/core/models/__init__.py",
    "presets/<name>.yaml",
]


# ---- step 1, studio/core/models/<arch>.py: the config, the nn.Module, the SPEC


@dataclass
class MeanMixerConfig(ModelSection):
    """A decoder whose every position reads the mean of the tokens up to it."""

    ARCH: ClassVar[str] = ARCH

    d_model: int = param(16, "Width of the token embeddings", positive=True, label="Width")
    max_len: int = param(12, "Context length in tokens: prompt plus completion", positive=True)

    def shape(self) -> ModelShape:
        # one mixing layer of d_model features; no attention, so nothing cached
        return ModelShape(
            layers=1,
            width=self.d_model,
            heads=0,
            kv_layers=0,
            blocks=1,
            checkpoint_every=None,
            max_len=self.max_len,
        )


class MeanMixer(RecomputingDecoder):
    """Mean of the real tokens' embeddings so far, plus the position's, then an MLP and
    a head. Left padding embeds as zeros and takes no position, so it changes nothing."""

    def __init__(self, cfg: MeanMixerConfig, vocab_size: int, pad_id: int) -> None:
        super().__init__()
        self.cfg, self.vocab_size, self.pad_id = cfg, vocab_size, pad_id
        d = cfg.d_model
        self.wte = nn.Embedding(vocab_size, d)
        self.wpe = nn.Embedding(cfg.max_len, d)
        self.mlp = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))
        self.head = nn.Linear(d, vocab_size)

    def embed(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return self.wte(ids) * mask[..., None]  # (B, T, D), zeros at padding

    def mix(self, sums: torch.Tensor, count: torch.Tensor) -> torch.Tensor:
        """Logits (B, T, V) from the running sums (B, T, D) of the embedded tokens and the
        count (B, T) of real tokens up to each position."""
        h = sums / count.clamp(min=1)[..., None] + self.wpe((count - 1).clamp(min=0))
        return self.head(h + self.mlp(h))

    def logits(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return self.mix(self.embed(ids, mask).cumsum(dim=1), mask.long().cumsum(dim=1))


SPEC = ArchSpec(
    config=MeanMixerConfig,
    kind="decoder",
    model=MeanMixer,
    title="Mean mixer (a throwaway decoder)",
    layers=lambda cfg: "1 layer",
    graphs=f"{__name__}:graphs",
    # its graphs follow the decoder contract: its parity cases and its example program
    parity="studio.core.export.archs.micro_gpt:parity",
    snippet="studio.core.export.snippets.micro_gpt",
    runner="MicroGPTOnnx",
    question=None,
)


# ---- step 2, studio/core/export/archs/<arch>.py: the graphs, by the decoder contract
# (the logits graph is its forward; the step graph is its own)


class MixerStep(nn.Module):
    """The contract's step graph. The cache (L = H = 1, hd = d_model) holds each token's
    embedding in the keys and the running sum up to it in the values, which the new
    tokens' sums continue."""

    def __init__(self, model: MeanMixer) -> None:
        super().__init__()
        self.model = model

    def forward(
        self,
        input_ids: torch.Tensor,
        attention_mask: torch.Tensor,
        past_keys: torch.Tensor,
        past_values: torch.Tensor,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        t = input_ids.shape[1]
        real = attention_mask.bool()  # (B, P + T)
        x = self.model.embed(input_ids, real[:, -t:])  # (B, T, D)
        # the sum so far (0 with no past), then the new tokens added one by one, in the
        # order the whole sequence's cumsum adds them
        last = torch.cat([torch.zeros_like(x[:, :1]), past_values[0, :, 0]], dim=1)[:, -1:]
        sums = torch.cat([last, x], dim=1).cumsum(dim=1)[:, 1:]  # (B, T, D)
        logits = self.model.mix(sums, real.long().cumsum(dim=1)[:, -t:])  # (B, T, V)
        keys = torch.cat([past_keys, x[None, :, None]], dim=3)  # (1, B, 1, P + T, D)
        values = torch.cat([past_values, sums[None, :, None]], dim=3)
        return logits, keys, values


def graphs(model: MeanMixer) -> list[GraphSpec]:
    from studio.core.export.archs.micro_gpt import decoder_graphs

    return decoder_graphs(model, MixerStep(model), cache=(1, 1, model.cfg.d_model))


# ---- step 4, presets/<name>.yaml: a preset that trains it (tiny sizes)

PRESET = (
    f"""\
name: Mean mixer
description: A throwaway decoder learns one-digit sums
model:
  arch: {ARCH}
  d_model: 16
  max_len: 12
task:
  name: arithmetic
  max_digits: 1
"""
    + TINY_TRAINING_YAML
)


@pytest.fixture
def mixer_registered(monkeypatch):
    # step 3, studio/core/models/__init__.py: one line in ARCHS, made here for the test only
    monkeypatch.setitem(ARCHS, ARCH, f"{__name__}:SPEC")


def test_the_documented_steps_give_an_architecture_that_trains_evaluates_and_exports(
    tmp_path, mixer_registered
):
    tasks_before = dict(TASKS)
    assert arch_spec(ARCH) is SPEC
    preset = tmp_path / "mean_mixer.yaml"
    preset.write_text(PRESET, encoding="utf-8")
    cfg = load_config(preset)
    assert isinstance(cfg.model, MeanMixerConfig) and cfg.model.d_model == 16

    # the real trainer: warm-up and GRPO steps on arithmetic, rewarded, evaluated
    trainer = train_tiny_preset(cfg, tmp_path / "runs")
    assert isinstance(trainer.model, MeanMixer)  # the arithmetic task took it as a decoder

    # the memory estimate reads its shape: one layer, no attention and so no KV cache
    params = sum(p.numel() for p in trainer.model.parameters())
    parts = memory_breakdown(cfg, params)
    assert parts["weights"] == 4 * params and parts["kv_cache"] == 0
    assert parts["activations"] > 0

    # the run folder reads back and evaluates again
    again, task, model = load_trained(trainer.run_dir)
    assert again.model == cfg.model and isinstance(model, MeanMixer)
    assert 0.0 <= task.evaluate(model, limit=10)["accuracy"] <= 1.0

    # the export: the contract's parity and the text adapter check it against PyTorch
    result = export_run(trainer.run_dir, examples=5, seed=0)
    assert result.verification.passed and result.verification.examples == 5
    assert len(result.verification.cases) == 4  # both graphs, two sizes each
    assert read_metadata(result.model_path)["arch"] == ARCH

    # Micro-GPT's example program runs it, with onnxruntime and numpy alone
    snippet = result.folder / SNIPPET_NAME
    done = subprocess.run(
        [sys.executable, str(snippet), "1+2=", "3+4="],
        capture_output=True,
        text=True,
        cwd=snippet.parent,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert [line.split(" -> ")[0] for line in done.stdout.splitlines()] == ["1+2=", "3+4="]
    assert tasks_before == TASKS  # no task was told about the new architecture


def documented_steps() -> list[str]:
    """The file each numbered step of docs/architecture.md's "Add an architecture" names
    first (its bold heading)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("\n## Add an architecture\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\d+\. \*\*`([^`]+)`", section, flags=re.MULTILINE)


def test_the_steps_touch_at_most_four_files_and_the_docs_name_them():
    assert len(set(FILES)) == len(FILES) <= 4
    assert documented_steps() == FILES
    for path in FILES:  # each names a place that exists (the new files' folders)
        assert (ROOT / path.replace("<arch>.py", "").replace("<name>.yaml", "")).exists()
