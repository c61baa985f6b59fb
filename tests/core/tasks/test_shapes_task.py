"""The image task: GRPO over sampled labels (a contextual bandit), on shapes or folders."""

import random

import pytest
import torch
from PIL import Image
from torch import nn

from studio.core.config.fields import ConfigError, from_dict
from studio.core.config.sections import DataConfig
from studio.core.models.lite_resnet import LiteResNetConfig
from studio.core.tasks import task_class
from studio.core.tasks.base import Sampling
from studio.core.tasks.shapes import ShapesConfig, ShapesTask


def tiny_task(**kw) -> ShapesTask:
    cfg = ShapesConfig(**{"image_size": 16, "demo_size": 40, "demo_eval_size": 20, **kw})
    return ShapesTask(cfg, DataConfig(), seed=0)


def tiny_model(task: ShapesTask) -> nn.Module:
    return task.build_model(LiteResNetConfig(channels=4, stem_stride=2, stages=[3, 2], head="avg"))


class AlwaysClass(nn.Module):
    """A stand-in policy that always prefers one class."""

    def __init__(self, k: int, choice: int) -> None:
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(k))
        self.choice = choice

    def forward(self, images: torch.Tensor) -> torch.Tensor:
        logits = torch.zeros(images.shape[0], self.bias.shape[0])
        logits[:, self.choice] = 5.0
        return logits + self.bias


def test_registry_and_config_errors():
    assert task_class("shapes") is ShapesTask and ShapesTask.CONFIG is ShapesConfig
    with pytest.raises(ConfigError, match='task.classes: unknown shape "hexagon"; choose from'):
        from_dict(ShapesConfig, {"classes": ["circle", "hexagon"]}, "task")
    with pytest.raises(ConfigError, match="task.classes: need at least two different shapes"):
        from_dict(ShapesConfig, {"classes": ["circle", "circle"]}, "task")


def test_demo_set_splits_and_report():
    task = tiny_task()
    assert {k: len(v.labels) for k, v in task.splits.items()} == {
        "train": 40, "valid": 20, "test": 20
    }  # fmt: skip
    assert task.class_names == ["circle", "square", "triangle", "cross"]
    assert task.report().startswith("kept 40 images in 4 classes")
    assert not torch.equal(task.splits["valid"].images, task.splits["test"].images)


def test_model_has_one_output_per_class_and_image_size_is_checked():
    task = tiny_task(classes=["circle", "ring", "star"])
    assert tiny_model(task)(torch.zeros(2, 3, 16, 16)).shape == (2, 3)
    with pytest.raises(ConfigError, match="model.image_size: images are resized to task.image"):
        task.build_model(LiteResNetConfig(image_size=32))


def test_rollout_samples_g_labels_per_image_and_rewards_the_right_one():
    torch.manual_seed(0)
    task = tiny_task()
    model = tiny_model(task)
    examples = task.sample(5, random.Random(0), 0)
    r = task.rollout(model, examples, 6, Sampling())
    assert r.actions.shape == (30, 1) and r.mask.tolist() == [[1.0]] * 30
    assert r.context.shape == (5, 3, 16, 16) and not r.truncated.any()
    assert r.completions == [task.class_names[a] for a in r.actions[:, 0].tolist()]
    labels = [ex.reference for ex in examples for _ in range(6)]
    expected = [float(a == y) for a, y in zip(r.actions[:, 0].tolist(), labels)]
    assert task.reward_functions()[0].name == "correct"
    assert task.reward_functions()[0].fn(r) == expected


def test_token_logprobs_agree_with_the_rollout_at_temperature_one():
    torch.manual_seed(0)
    task = tiny_task()
    model = tiny_model(task)
    r = task.rollout(model, task.sample(4, random.Random(1), 0), 5, Sampling(temperature=1.0))
    logp, entropy = task.token_logprobs(model, r, 1.0)
    torch.testing.assert_close(logp, r.logp, rtol=1e-5, atol=1e-6)
    assert logp.shape == entropy.shape == (20, 1) and logp.requires_grad
    # the G samples of one image share its distribution, hence its entropy
    assert torch.allclose(entropy.view(4, 5), entropy.view(4, 5)[:, :1].expand(4, 5))


def test_supervised_loss_is_cross_entropy_at_chance_for_a_fresh_model():
    torch.manual_seed(0)
    task = tiny_task()
    loss = task.supervised_loss(tiny_model(task), task.sample(16, random.Random(2), 0))
    assert loss.requires_grad and loss.item() == pytest.approx(
        torch.log(torch.tensor(4.0)).item(), abs=0.05
    )


def test_evaluate_is_the_share_of_right_guesses():
    task = tiny_task()
    labels = task.splits["valid"].labels[:15]
    for choice in range(4):
        got = task.evaluate(AlwaysClass(4, choice), split="valid", limit=15)
        assert got["accuracy"] == pytest.approx((labels == choice).float().mean().item())
    with pytest.raises(ValueError, match="split must be 'valid' or 'test'"):
        task.evaluate(AlwaysClass(4, 0), split="train")


def test_a_user_folder_is_split_per_class_and_reported(tmp_path):
    for name, colour in (("red", (255, 0, 0)), ("blue", (0, 0, 255))):
        (tmp_path / name).mkdir()
        for i in range(10):
            Image.new("RGB", (20, 20), colour).save(tmp_path / name / f"{i}.png")
    (tmp_path / "red" / "oops.txt").write_text("x")
    data = DataConfig(path=str(tmp_path), valid_fraction=0.2, test_fraction=0.2)
    task = ShapesTask(ShapesConfig(image_size=16), data, seed=0)
    assert task.class_names == ["blue", "red"]
    assert {k: len(v.labels) for k, v in task.splits.items()} == {
        "train": 12,
        "valid": 4,
        "test": 4,
    }
    assert "1 not an image (red/oops.txt)" in task.report()
    assert task.evaluate(AlwaysClass(2, 1), split="test")["accuracy"] == 0.5
    with pytest.raises(ConfigError, match="use the same data folder to resume"):
        task.load_state_dict({"class_names": ["cat", "dog"]})
    task.load_state_dict(task.state_dict())


def test_shipped_preset_loads_and_builds_the_model():
    from studio.core.catalogue import load_config

    cfg = load_config("shapes", ["task.demo_size=20", "task.demo_eval_size=4"])
    task = ShapesTask(cfg.task, cfg.data, seed=0)
    model = task.build_model(cfg.model)
    assert model(torch.zeros(2, 3, 32, 32, dtype=torch.uint8)).shape == (2, 4)
