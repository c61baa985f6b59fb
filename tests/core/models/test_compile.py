"""training.compile: compiled and eager passes give the same rollout, loss and gradients on
every preset's architecture and task, and turning the setting off runs eager again.

Tolerances: compiled kernels fuse and reorder float32 sums, so numbers agree to rounding,
not bit for bit: the loss to 1e-5 relative, log-probs to 1e-5 absolute, every gradient to
1e-4 relative (plus 1e-6 absolute for entries near zero). The sampled tokens or moves of a
seeded rollout are the same. The models are the presets' architectures at small sizes,
with dropout off (a compiled graph draws its dropout masks from its own generator).
"""

from __future__ import annotations

import copy
import random

import pytest
import torch

import studio.core.models.compiled as compiled_module
from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.grpo import grpo_loss
from studio.core.models.compiled import set_compiled
from studio.core.tasks import build_task
from studio.core.tasks.base import Sampling

# each preset compiles its passes once: seconds on a quiet machine, minutes on a busy one
# (inductor's on-disk cache makes a second run quick)
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1200)]

SMALL = {
    "micro_gpt": [
        "model.n_layers=2",
        "model.n_heads=4",
        "model.d_model=64",
        "model.d_ff=128",
        "grpo.max_new_tokens=4",
    ],
    "tiny_transformer": [
        "model.n_encoder_layers=1",
        "model.n_decoder_layers=2",
        "model.d_model=32",
        "model.n_heads=4",
        "model.d_ff=64",
        "model.dropout=0",
        "grpo.max_new_tokens=8",
    ],
    "lite_resnet": ["model.channels=8"],
}


def setup(preset: str):
    cfg = load_config(preset, [*SMALL[preset], "training.device=cpu"])
    task = build_task(cfg)
    loaded = task.load_report()
    if loaded is not None:
        loaded.apply_settings(cfg)
    task.begin_stage("grpo")
    torch.manual_seed(0)
    model = task.build_model(cfg.model)
    prompts = task.sample(3, random.Random(0), task.num_levels - 1)
    return cfg, task, model, prompts


def rollout_of(task, model, prompts, cfg):
    g = cfg.grpo
    torch.manual_seed(1)
    model.eval()
    with torch.no_grad():
        return task.rollout(model, prompts, 4, Sampling(g.temperature, 0, 1.0, g.max_new_tokens))


def loss_and_grads(task, model, ref, rollout, cfg):
    """The GRPO loss of `rollout` under `model` (train mode) and each parameter's gradient."""
    g = cfg.grpo
    model.train()
    model.zero_grad(set_to_none=True)
    with torch.no_grad():
        ref_logp = task.token_logprobs(ref, rollout, g.temperature)[0]
    logp, _ = task.token_logprobs(model, rollout, g.temperature)
    adv = torch.linspace(-1.0, 1.0, rollout.num_sequences)
    loss, _ = grpo_loss(
        logp,
        rollout.logp.to(logp.dtype),
        ref_logp,
        adv,
        rollout.mask.float(),
        beta=0.04,
        epsilon_low=0.2,
        epsilon_high=0.2,
        loss_type="dapo",
    )
    loss.backward()
    grads = {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}
    return loss.detach(), logp.detach(), grads


@pytest.mark.parametrize("preset", list(SMALL))
def test_compiled_passes_give_the_eager_rollout_loss_and_gradients(preset):
    cfg, task, model, prompts = setup(preset)
    ref = copy.deepcopy(model).eval().requires_grad_(False)
    eager_rollout = rollout_of(task, model, prompts, cfg)
    eager = loss_and_grads(task, model, ref, eager_rollout, cfg)

    assert set_compiled(model, True) and set_compiled(ref, True)
    compiled_rollout = rollout_of(task, model, prompts, cfg)
    assert torch.equal(compiled_rollout.actions, eager_rollout.actions)
    assert torch.equal(compiled_rollout.mask, eager_rollout.mask)
    torch.testing.assert_close(compiled_rollout.logp, eager_rollout.logp, rtol=0, atol=1e-5)
    loss, logp, grads = loss_and_grads(task, model, ref, eager_rollout, cfg)
    torch.testing.assert_close(loss, eager[0], rtol=1e-5, atol=1e-7)
    torch.testing.assert_close(logp, eager[1], rtol=0, atol=1e-5)
    assert grads.keys() == eager[2].keys() and len(grads) > 3
    for name, grad in grads.items():
        torch.testing.assert_close(grad, eager[2][name], rtol=1e-4, atol=1e-6, msg=name)


@pytest.mark.parametrize("preset", list(SMALL))
def test_the_setting_off_runs_the_eager_passes(preset, monkeypatch):
    cfg, task, model, prompts = setup(preset)
    asked = []

    def spy(fn):
        asked.append(fn)
        return fn  # the eager function itself: nothing is compiled here

    for name in ("micro_gpt", "tiny_transformer", "lite_resnet"):
        monkeypatch.setattr(f"studio.core.models.{name}.compiled", spy)
    ref = copy.deepcopy(model).eval().requires_grad_(False)
    rollout = rollout_of(task, model, prompts, cfg)
    loss_and_grads(task, model, ref, rollout, cfg)
    assert asked == []  # off by default: no pass asks for a compiled function
    set_compiled(model, True)
    rollout_of(task, model, prompts, cfg)
    assert asked, "the setting on must route the passes through compiled()"
    asked.clear()
    set_compiled(model, False)
    rollout_of(task, model, prompts, cfg)
    loss_and_grads(task, model, ref, rollout, cfg)
    assert asked == []
    assert compiled_module.set_compiled(torch.nn.Linear(2, 2), True) is False  # nothing to set


def test_compile_with_the_gradient_penalty_is_refused():
    with pytest.raises(ConfigError, match="training.compile and training.grad_penalty_lambda"):
        load_config("micro_gpt", ["training.compile=true", "training.grad_penalty_lambda=0.1"])


def test_the_trainer_compiles_when_asked(tmp_path):
    from studio.core.training.loop.trainer import Trainer

    cfg = load_config("micro_gpt", [*SMALL["micro_gpt"], "training.compile=true"])
    trainer = Trainer(cfg, save_dir=tmp_path)
    assert all(m.compiled for m in trainer.model.modules() if hasattr(m, "compiled"))
    plain = Trainer(load_config("micro_gpt", SMALL["micro_gpt"]), save_dir=tmp_path)
    assert not plain.model.compiled
