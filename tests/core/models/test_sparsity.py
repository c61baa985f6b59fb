"""Magnitude sparsification: masks prune the smallest weights to the target count on the
cubic schedule, pruned weights stay zero through training and an exact resume, a shared
weight is pruned once, bad settings are refused with the fix."""

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.checks import config_warnings
from studio.core.config.fields import ConfigError
from studio.core.models.micro_gpt import MicroGPT, MicroGPTConfig
from studio.core.models.sparsity import (
    Pruner,
    Schedule,
    magnitude_masks,
    prunable_weights,
    zero_share,
)
from studio.core.runs.checkpoints import latest_checkpoint, load_checkpoint
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer
from studio.core.training.reporting.metrics import undeclared
from tests.helpers import ARITHMETIC_LEN, MICRO_GPT_2, ONE_THREAD

TINY = [
    *MICRO_GPT_2,
    ARITHMETIC_LEN,
    "stages.warmup.steps=3",
    "stages.warmup.batch_size=8",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=3",
    "stages.grpo.batch_size=4",
    "grpo.num_generations=4",
    "grpo.num_iterations=2",  # two optimizer steps per GRPO step: both keep the zeros
    "eval.size=8",
    "eval.every=0",
    "run.checkpoint_every=0",
    "run.probe_every=0",
    *ONE_THREAD,
]
RAMP = ["sparsity.target=0.6", "sparsity.start_step=1", "sparsity.end_step=5", "sparsity.every=2"]


def tiny_config(*extra):
    return load_config("micro_gpt", [*TINY, *extra])


def test_masks_prune_the_smallest_magnitudes_over_all_layers_or_in_each():
    weights = {
        "a": torch.tensor([[0.1, -0.5], [2.0, -0.05]]),
        "b": torch.tensor([[1.0, 0.2, -3.0]]),
    }
    masks = magnitude_masks(weights, 3 / 7, "global")  # the 3 smallest |w| of all 7
    assert masks["a"].tolist() == [[False, True], [True, False]]
    assert masks["b"].tolist() == [[True, False, True]]
    per_layer = magnitude_masks(weights, 0.5, "layer")  # 2 of a's 4, round(1.5) = 2 of b's 3
    assert per_layer["a"].tolist() == [[False, True], [True, False]]
    assert per_layer["b"].tolist() == [[False, False, True]]
    # a weight pruned before goes first, however large it has grown back
    kept = {"a": torch.tensor([[True, True], [False, True]]), "b": torch.ones(1, 3, dtype=bool)}
    again = magnitude_masks(weights, 1 / 7, "global", kept)
    assert again["a"].tolist() == [[True, True], [False, True]] and again["b"].all()


def test_the_schedule_is_the_cubic_ramp_and_says_when_masks_are_recomputed():
    ramp = Schedule(target=0.8, start=10, end=20, every=5)
    assert [ramp.at(t) for t in (0, 10, 20, 30)] == [0.0, 0.0, 0.8, 0.8]
    assert ramp.at(15) == pytest.approx(0.8 * (1 - 0.5**3))  # 0.7: most of it early
    assert ramp.at(12) == pytest.approx(0.8 * (1 - 0.8**3))
    assert [t for t in range(30) if ramp.due(t)] == [10, 15, 20]
    odd = Schedule(target=0.5, start=0, end=7, every=3)
    assert [t for t in range(10) if odd.due(t)] == [0, 3, 6, 7]  # the end step too
    once = Schedule(target=0.9, start=4, end=4, every=10)
    assert [t for t in range(10) if once.due(t)] == [4] and once.at(4) == 0.9


def test_linear_weights_are_pruned_not_embeddings_norms_biases_or_the_tied_head():
    model = MicroGPT(MicroGPTConfig(n_layers=2, d_model=32, n_heads=2, d_ff=64), 16, 0)
    names = set(prunable_weights(model))
    assert names == {
        f"blocks.{i}.{w}.weight" for i in range(2) for w in ("attn.qkv", "attn.proj", "mlp.fc")
    } | {f"blocks.{i}.mlp.proj.weight" for i in range(2)}
    assert model.lm_head.weight is model.wte.weight  # tied: it is the embedding table
    assert {"wte.weight", "wpe.weight"} <= set(prunable_weights(model, embeddings=True))
    untied = MicroGPT(MicroGPTConfig(n_layers=1, tie_weights=False), 16, 0)
    assert "lm_head.weight" in prunable_weights(untied)  # an untied head is a Linear


def test_a_shared_weight_is_pruned_once():
    cfg = MicroGPTConfig(n_layers=4, d_model=32, n_heads=2, d_ff=64, share_layers=2)
    model = MicroGPT(cfg, 16, 0)
    weights = prunable_weights(model)
    assert len(weights) == 2 * 4  # two distinct blocks of four matrices, not four blocks
    pruner = Pruner(model, Schedule(0.5, 0, 0, 1), "global", False)
    pruner.at_step(0)
    total = sum(w.numel() for w in weights.values())
    assert zero_share(model) == (round(0.5 * total), total)
    assert model.block_list[1] is model.block_list[0]  # the layers that share still do
    assert pruner.sparsity() == round(0.5 * total) / total


def pruned_zeros(trainer) -> tuple[int, int]:
    """(pruned weights at zero, pruned weights) of a trainer's model now."""
    pruner = trainer.pruner
    at_zero = sum(int((w[~pruner.keep[n]] == 0).sum()) for n, w in pruner.weights.items())
    return at_zero, sum(int((~k).sum()) for k in pruner.keep.values())


def test_pruned_weights_stay_zero_through_training_and_the_sparsity_is_recorded(tmp_path):
    seen = []
    trainer = Trainer(tiny_config(*RAMP), save_dir=tmp_path)
    trainer.listeners.append(
        lambda record: seen.append(pruned_zeros(trainer)) if record["kind"] == "step" else None
    )
    trainer.run()
    assert all(zeros == pruned for zeros, pruned in seen)  # after every step, exactly 0
    assert [pruned for _, pruned in seen] == sorted(pruned for _, pruned in seen)
    sizes = [w.numel() for w in trainer.pruner.weights.values()]
    assert seen[-1][1] == sum(round(0.6 * n) for n in sizes)  # 60% of each layer at the end

    steps = [r for r in read_metrics(trainer.run_dir) if r["kind"] == "step"]
    assert [undeclared(r) for r in steps] == [[]] * len(steps)  # the catalogue knows them
    ramp = Schedule(0.6, 1, 5, 2)
    assert [r["sparsity/target"] for r in steps] == [ramp.at(t) for t in range(1, 7)]
    # recomputed at steps 1, 3, 5: the sparsity reached steps up to the ramp there
    reached = [r["sparsity/weights"] for r in steps]
    assert reached[0] == reached[1] == 0.0 and reached[2] == reached[3] > 0
    assert reached[4] == reached[5] > reached[3]
    assert reached[4] == pytest.approx(seen[-1][1] / sum(sizes))
    # biases, norms and the tied embedding were not touched
    untouched = [p for n, p in trainer.model.named_parameters() if n not in trainer.pruner.weights]
    assert all(int((p == 0).sum()) == 0 for p in untouched)


def test_masks_are_checkpointed_and_a_resumed_run_equals_an_uninterrupted_one(tmp_path):
    cfg = tiny_config(*RAMP, "run.checkpoint_every=2")
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()

    first = Trainer(cfg, save_dir=tmp_path / "b")
    assert first.run(max_steps=4)["reason"] == "step limit"  # between two mask updates
    saved = load_checkpoint(latest_checkpoint(first.run_dir))["sparsity"]["masks"]
    assert {n: m.dtype for n, m in saved.items()} == {n: torch.bool for n in first.pruner.keep}
    assert all(torch.equal(saved[n], m) for n, m in first.pruner.keep.items())
    resumed = Trainer(cfg, resume_from=first.run_dir)
    assert resumed.run()["reason"] == "finished"

    for (name, a), (_, b) in zip(
        whole.model.named_parameters(), resumed.model.named_parameters(), strict=True
    ):
        assert torch.equal(a, b), name
    assert all(torch.equal(whole.pruner.keep[n], m) for n, m in resumed.pruner.keep.items())
    keys = ("step", "loss", "sparsity/weights", "sparsity/target")
    records = [
        [{k: r[k] for k in keys} for r in read_metrics(t.run_dir) if r["kind"] == "step"]
        for t in (whole, resumed)
    ]
    assert records[0] == records[1]


@pytest.mark.parametrize(
    ("overrides", "named", "fix"),
    [
        (["sparsity.target=0.99"], "sparsity.target", "0.95"),
        (["sparsity.target=-0.1"], "sparsity.target", "0"),
        (
            ["sparsity.target=0.5", "sparsity.start_step=4", "sparsity.end_step=2"],
            "sparsity.end_step",
            "at or after the start step",
        ),
        (["sparsity.target=0.5", "sparsity.start_step=50"], "sparsity.start_step", "start earlier"),
        (["sparsity.target=0.5", "sparsity.every=0"], "sparsity.every", "positive"),
        (["sparsity.scope=rows"], "sparsity.scope", "global"),
    ],
)
def test_bad_sparsity_settings_are_refused_naming_the_field_and_the_fix(overrides, named, fix):
    with pytest.raises(ConfigError) as caught:
        tiny_config(*overrides)
    assert named in str(caught.value) and fix in str(caught.value)


def test_an_end_step_past_the_run_is_a_warning_and_no_target_means_no_pruner(tmp_path):
    cfg = tiny_config("sparsity.target=0.5", "sparsity.end_step=100")
    assert any("never reaches sparsity.target" in note for note in config_warnings(cfg))
    assert Trainer(tiny_config(), save_dir=tmp_path).pruner is None


def test_masks_that_do_not_fit_the_model_are_refused_with_the_fix():
    model = MicroGPT(MicroGPTConfig(n_layers=1, d_model=32, n_heads=2, d_ff=64), 16, 0)
    pruner = Pruner(model, Schedule(0.5, 0, 0, 1), "layer", False)
    with pytest.raises(ValueError, match="name other weights"):
        pruner.load_state_dict({"masks": {"wte.weight": torch.ones(16, 32, dtype=torch.bool)}})
    wrong = {n: torch.ones(3, dtype=torch.bool) for n in pruner.keep}
    with pytest.raises(ValueError, match="does not fit its weight"):
        pruner.load_state_dict({"masks": wrong})
    assert pruner.sparsity() == 0.0 and all(k.all() for k in pruner.keep.values())
