"""Lite-ResNet: depth, width limit, shapes, norms, and gradient checkpointing."""

import pytest
import torch

from studio.core.config.fields import ConfigError, from_dict
from studio.core.models import arch_spec
from studio.core.models.lite_resnet import LiteResNet, LiteResNetConfig, count_weight_layers


def small(**kw) -> LiteResNetConfig:
    base = {"channels": 8, "image_size": 12, "stem_stride": 2}
    return LiteResNetConfig(**{**base, **kw})


def test_registry_finds_the_config():
    assert arch_spec("lite-resnet").config is LiteResNetConfig
    assert LiteResNetConfig.ARCH == "lite-resnet"


@pytest.mark.parametrize("stages", [[5], [2, 2, 1], [1, 4]])
@pytest.mark.parametrize("head", ["flatten", "avg"])
def test_twelve_weight_layers_whatever_the_layout(stages, head):
    model = LiteResNet(small(stages=stages, head=head), 3, 4)
    assert count_weight_layers(model) == 12
    convs = [m for m in model.modules() if isinstance(m, torch.nn.Conv2d)]
    assert len(convs) == 11  # stem + 5 blocks x 2
    assert all(c.kernel_size == (3, 3) for c in convs[1:])


def test_channels_above_64_are_rejected_by_the_loader_and_the_constructor():
    with pytest.raises(ConfigError, match=r"model\.channels: must be at most 64, got 128"):
        from_dict(LiteResNetConfig, {"channels": 128}, "model")
    with pytest.raises(ConfigError, match="at most 64"):
        LiteResNetConfig(channels=65)
    assert max(p.shape[0] for p in LiteResNet(small(channels=64), 3, 4).parameters()) <= 64


def test_stages_must_add_up_to_five_blocks():
    with pytest.raises(ConfigError, match=r"model\.stages: .*adding up to 5.*got \[2, 2\]"):
        from_dict(LiteResNetConfig, {"stages": [2, 2]}, "model")


def test_image_too_small_for_the_layout_names_the_fix():
    with pytest.raises(ConfigError, match="image_size: 4 px is too small"):
        LiteResNet(small(image_size=4, stem_stride=4, stages=[1, 1, 3]), 3, 4)


@pytest.mark.parametrize("norm", ["group", "batch"])
def test_forward_shapes_and_uint8_equals_float(norm):
    torch.manual_seed(0)
    model = LiteResNet(small(norm=norm, stages=[2, 2, 1]), 3, 5).eval()
    img = torch.randint(0, 256, (4, 3, 12, 12), dtype=torch.uint8)
    logits = model(img)
    assert logits.shape == (4, 5)
    torch.testing.assert_close(logits, model(img.float() / 255))


def test_group_norm_output_does_not_depend_on_the_rest_of_the_batch():
    # the reason group norm is the default: rollout and update batches differ in make-up
    torch.manual_seed(0)
    model = LiteResNet(small(), 3, 4).train()
    x = torch.rand(6, 3, 12, 12)
    torch.testing.assert_close(model(x)[:2], model(x[:2]), rtol=1e-5, atol=1e-6)


def test_first_policy_is_near_uniform():
    torch.manual_seed(0)
    probs = LiteResNet(small(), 3, 4)(torch.rand(8, 3, 12, 12)).softmax(-1)
    assert (probs - 0.25).abs().max() < 0.05


def test_gradient_checkpointing_gives_the_same_gradients():
    torch.manual_seed(0)
    plain = LiteResNet(small(), 3, 4)
    ckpt = LiteResNet(small(gradient_checkpointing=1), 3, 4)
    ckpt.load_state_dict(plain.state_dict())
    x = torch.rand(3, 3, 12, 12)
    for m in (plain, ckpt):
        m(x).square().sum().backward()
    for a, b in zip(plain.parameters(), ckpt.parameters()):
        torch.testing.assert_close(a.grad, b.grad)
