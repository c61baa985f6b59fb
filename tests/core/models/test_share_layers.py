"""Cross-layer weight sharing (model.share_layers) in Micro-GPT and Tiny-Transformer: every
k consecutive blocks are one module, counted once; training, checkpoints and resume keep
them one; the ONNX export checks out and stores each shared weight once."""

import math

import onnx
import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.export.pipeline import export_run
from studio.core.machine.hardware import estimate_training_memory
from studio.core.models.micro_gpt import MicroGPT, MicroGPTConfig, num_parameters
from studio.core.models.tiny_transformer import TinyTransformer, TinyTransformerConfig
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_run
from studio.core.runs.resume import resume_config
from studio.core.training.loop.trainer import Trainer
from tests.helpers import COMMON, TRANSLATION

GPT = [
    "model.n_layers=4",
    "model.n_heads=2",
    "model.d_model=32",
    "model.d_ff=64",
    "model.max_len=12",
    "stages.warmup.steps=2",
    "stages.warmup.batch_size=4",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=2",
    "grpo.num_generations=2",
]


def block_numel(block: torch.nn.Module) -> int:
    return sum(p.numel() for p in block.parameters())


@pytest.mark.parametrize(("layers", "k"), [(6, 2), (6, 3), (6, 6), (5, 2)])
def test_micro_gpt_shares_every_k_blocks_and_counts_each_weight_once(layers, k):
    alone = MicroGPT(MicroGPTConfig(n_layers=layers, share_layers=1), 16, 0)
    shared = MicroGPT(MicroGPTConfig(n_layers=layers, share_layers=k), 16, 0)
    blocks = shared.block_list
    assert len(blocks) == layers  # the depth that runs is unchanged
    assert all(blocks[i] is blocks[i // k * k] for i in range(layers))
    distinct = math.ceil(layers / k)
    assert len({id(b) for b in blocks}) == distinct
    saved = (layers - distinct) * block_numel(blocks[0])
    assert num_parameters(shared) == num_parameters(alone) - saved


def test_tiny_transformer_shares_within_the_encoder_and_within_the_decoder():
    cfg = TinyTransformerConfig(n_encoder_layers=4, n_decoder_layers=2, share_layers=2)
    model = TinyTransformer(cfg, 50, 60, 0)
    alone = TinyTransformer(
        TinyTransformerConfig(n_encoder_layers=4, n_decoder_layers=2), 50, 60, 0
    )
    assert [id(b) for b in model.encoder][::2] == [id(b) for b in model.encoder][1::2]
    assert model.decoder[0] is model.decoder[1]
    assert model.encoder[0] is not model.encoder[2]
    saved = 2 * block_numel(model.encoder[0]) + block_numel(model.decoder[0])
    count = sum(p.numel() for p in model.parameters())
    assert count == sum(p.numel() for p in alone.parameters()) - saved


def test_the_memory_estimate_counts_the_shared_weights_once():
    cfg = load_config("micro_gpt", ["model.share_layers=2"])
    shared = MicroGPT(cfg.model, 16, 0)
    alone = MicroGPT(load_config("micro_gpt").model, 16, 0)
    saved = num_parameters(alone) - num_parameters(shared)
    assert saved > 0
    # weights, gradients, AdamW's two moments and the KL reference: 20 bytes a weight
    drop = estimate_training_memory(cfg, num_parameters(alone)) - estimate_training_memory(
        cfg, num_parameters(shared)
    )
    assert drop == 20 * saved


@pytest.mark.parametrize(
    ("preset", "overrides", "named"),
    [
        ("micro_gpt", ["model.share_layers=7"], "model.n_layers"),
        ("tiny_transformer", ["model.share_layers=3", "model.n_decoder_layers=2"], "decoder"),
        ("micro_gpt", ["model.share_layers=0"], "model.share_layers"),
    ],
)
def test_a_sharing_larger_than_the_stack_is_refused_with_the_fix(preset, overrides, named):
    with pytest.raises(ConfigError, match="model.share_layers") as err:
        load_config(preset, overrides)
    assert named in str(err.value)


def weights(model: torch.nn.Module) -> dict[str, torch.Tensor]:
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def test_training_checkpoints_and_resume_keep_the_blocks_one(tmp_path):
    cfg = load_config("micro_gpt", [*COMMON, *GPT, "model.share_layers=2"])
    whole = Trainer(cfg, save_dir=tmp_path / "whole")
    before = weights(whole.model)
    whole.run()
    # the optimizer holds each shared weight once
    assert sum(p.numel() for g in whole.optimizer.param_groups for p in g["params"]) == (
        num_parameters(whole.model)
    )
    after = weights(whole.model)
    assert not torch.equal(before["blocks.1.mlp.fc.weight"], after["blocks.1.mlp.fc.weight"])

    first = Trainer(cfg, save_dir=tmp_path / "cut")
    first.run(max_steps=3)  # stopped inside GRPO, checkpointed
    resumed = Trainer(resume_config(first.run_dir), resume_from=first.run_dir)
    assert resumed.run()["reason"] == "finished"
    loaded = load_run(resumed.run_dir).model
    blocks = loaded.block_list
    assert blocks[0] is blocks[1] and blocks[2] is blocks[3] and blocks[1] is not blocks[2]
    for name, value in weights(loaded).items():
        assert torch.equal(value, after[name]), name  # resumed equals uninterrupted

    # the checkpoint file stores a shared weight once, however many layers name it
    alone = Trainer(load_config("micro_gpt", [*COMMON, *GPT]), save_dir=tmp_path / "alone")
    alone.run()
    sizes = [latest_checkpoint(t.run_dir).stat().st_size for t in (whole, alone)]
    assert sizes[0] < 0.8 * sizes[1]


def onnx_weights(path) -> tuple[int, int]:
    """(initializers, bytes of initializer data) of an exported graph."""
    graph = onnx.load(str(path)).graph
    return len(graph.initializer), sum(len(t.raw_data) for t in graph.initializer)


@pytest.mark.slow
def test_a_shared_micro_gpt_exports_checked_and_stores_its_weights_once(tmp_path):
    graphs = {}
    for k in (1, 2):
        cfg = load_config("micro_gpt", [*COMMON, *GPT, f"model.share_layers={k}"])
        trainer = Trainer(cfg, save_dir=tmp_path / f"k{k}")
        trainer.run()
        result = export_run(trainer.run_dir, examples=8)
        assert result.verification.passed, result.summary
        graphs[k] = onnx_weights(result.model_path)
    (count1, bytes1), (count2, bytes2) = graphs[1], graphs[2]
    block = block_numel(
        MicroGPT(MicroGPTConfig(n_layers=4, n_heads=2, d_model=32, d_ff=64), 16, 0).blocks[0]
    )
    assert bytes1 - bytes2 == pytest.approx(2 * block * 4, rel=0.02)  # two fp32 blocks fewer
    assert count2 < count1


@pytest.mark.slow
def test_a_shared_tiny_transformer_exports_checked(tmp_path):
    overrides = [
        *COMMON,
        *TRANSLATION,
        "model.n_encoder_layers=2",
        "model.n_decoder_layers=2",
        "model.share_layers=2",
    ]
    trainer = Trainer(load_config("tiny_transformer", overrides), save_dir=tmp_path)
    trainer.run()
    result = export_run(trainer.run_dir, examples=4)
    assert result.verification.passed, result.summary
