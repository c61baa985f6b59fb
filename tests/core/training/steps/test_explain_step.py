"""Explain this step: a GRPO step's record restates its rewards, advantages and log-probs,
and the trainer says, from the weights after the update, how each shown sample moved."""

import math
import threading

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.training.loop.control import TrainerControl
from studio.core.training.loop.trainer import Trainer
from studio.core.training.steps.explain import AFTER_UPDATE
from studio.core.training.steps.grpo_step import score
from tests.helpers import ONE_GRPO_STEP, ONE_STEP_PRESETS


def one_step(tmp_path, preset, *extra):
    """A trainer after one GRPO step of `preset`, and that step's record."""
    records = []
    cfg = load_config(preset, [*ONE_GRPO_STEP, *ONE_STEP_PRESETS[preset], *extra])
    trainer = Trainer(cfg, save_dir=tmp_path, listeners=[records.append])
    trainer.run()
    (step,) = [r for r in records if r["kind"] == "step" and r["stage"] == "grpo"]
    return trainer, step


@pytest.mark.parametrize("preset", sorted(ONE_STEP_PRESETS))
def test_each_shown_group_restates_the_steps_rewards_advantages_and_logprobs(tmp_path, preset):
    trainer, record = one_step(tmp_path, preset)
    rollout = trainer.explainer._rollout
    parts, total = score(trainer.task, rollout, trainer.cfg.grpo.reward_weights)
    G = rollout.group_size
    assert len(record["samples"]) == 2
    # the two shown, of the step's groups: every prompt of its batch made one
    trained = rollout.num_sequences // G
    assert trained >= 2
    assert all(group["step_groups"] == trained for group in record["samples"])
    for i, group in enumerate(record["samples"]):
        rows = slice(i * G, (i + 1) * G)
        assert group["rewards"] == pytest.approx(total[rows].tolist(), abs=1e-6)
        for name, values in group["parts"].items():
            assert values == pytest.approx(parts[name][rows].tolist(), abs=1e-6)
        weighted = [
            sum(group["weights"][n] * group["parts"][n][j] for n in group["parts"])
            for j in range(G)
        ]
        assert weighted == pytest.approx(group["rewards"], abs=1e-6)
        rewards = torch.tensor(group["rewards"])
        assert group["mean"] == pytest.approx(float(rewards.mean()), abs=1e-6)
        assert group["std"] == pytest.approx(float(rewards.std()), abs=1e-6)
        assert group["scale"] == "group" and group["scale_std"] == group["std"]
        # the advantage the loss used is the formula the panel writes out
        formula = [
            (r - group["mean"]) / (group["scale_std"] + group["eps"]) for r in group["rewards"]
        ]
        assert group["advantages"] == pytest.approx(formula, abs=1e-5)
        for j, (pieces, logp) in enumerate(zip(group["pieces"], group["logp"])):
            row = i * G + j
            steps = int(rollout.mask[row].sum())
            assert len(pieces) == len(logp) == steps
            assert logp == pytest.approx(rollout.logp[row, :steps].tolist(), abs=1e-4)
        if preset == "micro_gpt":  # the pieces spell the answer, then the end token
            for pieces, text in zip(group["pieces"], group["completions"]):
                assert "".join(p for p in pieces if p != "<eos>") == text
        if preset == "lite_resnet":
            assert ["".join(p) for p in group["pieces"]] == group["completions"]
            assert set(group["outcome"]) <= {"goal", "lava", "limit"}


@pytest.mark.parametrize("scale", ["batch", "none"])
def test_the_explanation_names_the_scaling_the_step_used(tmp_path, scale):
    trainer, record = one_step(tmp_path, "micro_gpt", f"grpo.scale_rewards={scale}")
    _, total = score(trainer.task, trainer.explainer._rollout, trainer.cfg.grpo.reward_weights)
    for group in record["samples"]:
        assert group["scale"] == scale
        centred = [r - group["mean"] for r in group["rewards"]]
        if scale == "none":
            assert group["scale_std"] is None
            assert group["advantages"] == pytest.approx(centred, abs=1e-6)
        else:  # the std of the whole batch, not of the group
            assert group["scale_std"] == pytest.approx(float(total.std()), abs=1e-6)
            expected = [c / (group["scale_std"] + group["eps"]) for c in centred]
            assert group["advantages"] == pytest.approx(expected, abs=1e-5)


@pytest.mark.parametrize("preset", ["micro_gpt", "lite_resnet"])
def test_after_update_logprobs_equal_a_direct_computation_with_the_updated_model(tmp_path, preset):
    trainer, record = one_step(tmp_path, preset, "stages.grpo.lr=0.05")
    answer = trainer.explainer.answer(AFTER_UPDATE, {"step": record["step"]})
    assert answer["available"] and answer["step"] == record["step"]
    rollout, model = trainer.explainer._rollout, trainer.model
    model.eval()
    with torch.no_grad():
        direct, _ = trainer.task.token_logprobs(model, rollout, trainer.cfg.grpo.temperature)
    G, moved = rollout.group_size, 0.0
    for i, group in enumerate(answer["groups"]):
        for j, (before, after) in enumerate(zip(group["before"], group["after"])):
            row = i * G + j
            steps = int(rollout.mask[row].sum())
            assert after == pytest.approx(direct[row, :steps].tolist(), abs=1e-5)
            assert before == pytest.approx(record["samples"][i]["logp"][j], abs=1e-4)
            moved += sum(abs(a - b) for a, b in zip(after, before))
    assert moved > 1e-3  # the update changed the probabilities it is asked about


def test_an_explanation_of_weights_that_moved_on_says_so(tmp_path):
    trainer, _ = one_step(tmp_path, "micro_gpt")
    explainer = trainer.explainer
    assert explainer.after_update(2) == {"step": 2, "available": False, "reason": "moved_on"}
    with torch.no_grad():  # an update under way changes the weights in place
        next(trainer.model.parameters()).add_(0.0)
    assert explainer.after_update(1)["reason"] == "updating"
    with pytest.raises(ValueError, match="does not answer"):
        explainer.answer("weather", {})


def test_a_paused_live_run_answers_through_its_control(tmp_path):
    control = TrainerControl()
    cfg = load_config(
        "micro_gpt", [*ONE_GRPO_STEP, *ONE_STEP_PRESETS["micro_gpt"], "stages.grpo.steps=3"]
    )
    records = []
    trainer = Trainer(cfg, save_dir=tmp_path, control=control, listeners=[records.append])
    control.step_once()  # start paused after exactly one step
    thread = threading.Thread(target=trainer.run, daemon=True)
    thread.start()
    try:
        future = None
        for _ in range(600):
            if any(r["kind"] == "step" for r in records):
                future = control.ask(AFTER_UPDATE, step=1)
                break
            thread.join(0.1)
        assert future is not None, "the step never came"
        answer = future.result(timeout=60)
        assert answer["available"] and len(answer["groups"]) == 2
        assert all(math.isfinite(v) for g in answer["groups"] for s in g["after"] for v in s)
        assert [r["step"] for r in records if r["kind"] == "step"] == [1]  # still paused
    finally:
        control.stop()
        thread.join(60)
    assert not thread.is_alive()


def test_a_group_of_equal_rewards_is_recorded_flat_with_zero_std_and_advantages():
    """Eight rewards of 0.99: float32's mean misses them by 1e-7, which the record and the
    advantages no longer turn into a spread (the panel then says 0 and shows 0)."""
    from types import SimpleNamespace

    from studio.core.config.sections import GRPOConfig
    from studio.core.grpo import group_advantages
    from studio.core.tasks.base import RewardFunction
    from studio.core.training.steps.explain import shown_groups
    from studio.core.training.steps.grpo_step import BatchRewards

    G = 8
    total = torch.tensor([0.99] * G + [1.0, 0.0] * (G // 2))
    rewards = BatchRewards({"correct": total.clone()}, total, torch.zeros(2 * G))
    task = SimpleNamespace(
        reward_functions=lambda: [RewardFunction("correct", lambda *a: None)],
        action_pieces=lambda rollout, row: ["a"],
    )
    rollout = SimpleNamespace(
        group_size=G,
        examples=[SimpleNamespace(display="p", prompt="p", reference="r")] * 2,
        completions=["a"] * (2 * G),
        truncated=torch.zeros(2 * G, dtype=torch.bool),
        info={},
        logp=torch.zeros(2 * G, 1),
        mask=torch.ones(2 * G, 1),
    )
    adv = group_advantages(total, G)
    flat, spread = shown_groups(task, rollout, rewards, slice(0, 2 * G), adv, GRPOConfig(), 2)
    assert flat["flat"] is True and flat["std"] == 0.0 and flat["scale_std"] == 0.0
    assert flat["advantages"] == [0.0] * G
    assert spread["flat"] is False and spread["std"] > 0.5
