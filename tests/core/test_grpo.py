"""GRPO's numbers, checked against values worked out by hand."""

import math
import typing

import pytest
import torch

from studio.core.config.sections import GRPOConfig
from studio.core.grpo import (
    LOSS_TYPES,
    combine_rewards,
    group_advantages,
    grpo_loss,
    token_advantages,
    zero_std_fraction,
)

# Two sequences of two tokens; the second sequence's last token is padding.
LOGP = torch.tensor([[-1.0, -2.0], [-0.5, -1.5]])
OLD = torch.tensor([[-1.1, -2.0], [-0.5, -1.0]])
REF = torch.tensor([[-1.2, -2.0], [-0.5, -1.5]])
MASK = torch.tensor([[1.0, 1.0], [1.0, 0.0]])
ADV = torch.tensor([1.0, -1.0])
E01 = math.exp(0.1)  # ratio of token (0, 0)
# per-token loss: row 0 (A=+1): -1.10517, -1; row 1 (A=-1): +1, (masked)
KL00 = math.exp(-0.2) + 0.2 - 1.0  # k3 at token (0, 0), the only token where ref != logp


def loss_of(loss_type, beta=0.0):
    return grpo_loss(
        LOGP, OLD, REF, ADV, MASK, beta=beta, epsilon_low=0.2, epsilon_high=0.2, loss_type=loss_type
    )


def test_grpo_loss_is_mean_per_sequence_then_batch():
    loss, _ = loss_of("grpo")
    assert loss.item() == pytest.approx(((-E01 - 1.0) / 2 + 1.0) / 2, abs=1e-6)


def test_dr_grpo_loss_divides_the_sum_by_n_times_t():
    loss, _ = loss_of("dr_grpo")
    assert loss.item() == pytest.approx((-E01 - 1.0 + 1.0) / 4, abs=1e-6)


def test_dapo_loss_is_mean_over_unmasked_tokens():
    loss, _ = loss_of("dapo")
    assert loss.item() == pytest.approx((-E01 - 1.0 + 1.0) / 3, abs=1e-6)


def test_k3_kl_penalty_adds_beta_times_kl_and_reports_its_mean():
    loss, stats = loss_of("dapo", beta=0.5)
    assert loss.item() == pytest.approx((-E01 - 1.0 + 1.0 + 0.5 * KL00) / 3, abs=1e-6)
    assert stats.kl.item() == pytest.approx(KL00 / 3, abs=1e-6)


def test_reference_is_ignored_when_beta_is_zero():
    with_ref, _ = loss_of("dapo")
    without, stats = grpo_loss(
        LOGP, OLD, None, ADV, MASK, beta=0.0, epsilon_low=0.2, epsilon_high=0.2, loss_type="dapo"
    )
    assert without.item() == with_ref.item()
    assert stats.kl.item() == 0.0


def test_clip_fractions_count_only_where_the_clip_binds():
    logp = torch.zeros(4, 1)
    old = torch.log(torch.tensor([[1 / 1.5], [1 / 0.5], [1 / 1.5], [1 / 0.5]]))  # ratios
    adv = torch.tensor([1.0, -1.0, -1.0, 1.0])  # binds, binds, free, free
    loss, stats = grpo_loss(
        logp,
        old,
        None,
        adv,
        torch.ones(4, 1),
        beta=0.0,
        epsilon_low=0.2,
        epsilon_high=0.2,
        loss_type="dapo",
    )
    assert stats.clip_high.item() == pytest.approx(0.25)
    assert stats.clip_low.item() == pytest.approx(0.25)
    assert stats.clip_region.item() == pytest.approx(0.5)
    # clipped: -(1.2*1) and -(0.8*-1); free: -(1.5*-1) and -(0.5*1)
    assert loss.item() == pytest.approx((-1.2 + 0.8 + 1.5 - 0.5) / 4, abs=1e-6)
    assert stats.ratio.item() == pytest.approx((1.5 + 0.5 + 1.5 + 0.5) / 4, abs=1e-6)


def test_on_policy_gradient_is_minus_advantage_per_token():
    logp = LOGP.clone().requires_grad_(True)
    loss, _ = grpo_loss(
        logp,
        logp.detach(),
        None,
        ADV,
        MASK,
        beta=0.0,
        epsilon_low=0.2,
        epsilon_high=0.2,
        loss_type="dapo",
    )
    loss.backward()
    expected = -(ADV[:, None] * MASK) / MASK.sum()
    assert torch.allclose(logp.grad, expected)


def test_unknown_loss_type_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="grpo, dr_grpo, dapo"):
        loss_of("ppo")


def test_the_loss_types_a_preset_may_name_are_the_ones_declared():
    """grpo.loss_type's choices and LOSS_TYPES (aggregation and divisor) name the same
    loss types: a new one is declared in the table, where distributed runs find it too."""
    choices = typing.get_args(typing.get_type_hints(GRPOConfig)["loss_type"])
    assert set(choices) == set(LOSS_TYPES)


def test_group_advantages_use_unbiased_group_std_and_eps():
    adv = group_advantages(torch.tensor([1.0, 0.0, 3.0, 3.0]), 2, "group", eps=1e-4)
    s = math.sqrt(0.5)  # unbiased std of [1, 0]
    assert adv.tolist() == pytest.approx([0.5 / (s + 1e-4), -0.5 / (s + 1e-4), 0.0, 0.0])


def test_identical_rewards_in_a_group_give_zero_advantage_in_every_scaling():
    rewards = torch.tensor([2.0, 2.0, 2.0, 5.0, 1.0, 0.0])
    for scale in ("group", "batch", "none"):
        assert group_advantages(rewards, 3, scale)[:3].tolist() == [0.0, 0.0, 0.0]


def test_equal_rewards_whose_float_mean_misses_them_give_exactly_zero():
    # float32 mean of eight 0.99 is 0.99 - 1.2e-7: divided by (0 + eps) it was +0.0012
    rewards = torch.full((8,), 0.99)
    assert rewards.mean().item() != rewards[0].item()
    for scale in ("group", "batch", "none"):
        adv = group_advantages(rewards, 8, scale)
        assert adv.tolist() == [0.0] * 8
        assert not torch.signbit(adv).any()  # no -0.0 to print as "-0.000"


def test_a_spread_within_rounding_of_the_rewards_size_is_no_spread():
    rewards = torch.tensor([50.0, 50.0 + 2e-5, 50.0, 50.0, 1.0, 1.0 + 1e-3, 1.0, 1.0])
    adv = group_advantages(rewards, 4)
    assert adv[:4].tolist() == [0.0] * 4  # 2e-5 on a scale of 50 is rounding
    assert adv[5].item() > 1.0  # 1e-3 on a scale of 1 is a real spread
    assert zero_std_fraction(rewards, 4).item() == 0.5


def test_batch_scaling_divides_by_the_std_of_all_rewards():
    adv = group_advantages(torch.tensor([1.0, 0.0, 3.0, 3.0]), 2, "batch", eps=1e-4)
    assert adv.tolist() == pytest.approx([0.5 / 1.5001, -0.5 / 1.5001, 0.0, 0.0], abs=1e-6)


def test_no_scaling_only_centres_within_groups():
    adv = group_advantages(torch.tensor([1.0, 0.0, 4.0, 2.0]), 2, "none")
    assert adv.tolist() == [0.5, -0.5, 1.0, -1.0]


def test_rewards_must_divide_into_groups():
    with pytest.raises(ValueError, match="multiple of G=3"):
        group_advantages(torch.zeros(4), 3)


def test_zero_std_fraction_counts_flat_groups():
    rewards = torch.tensor([1.0, 1.0, 0.0, 1.0, 0.5, 0.5])
    assert zero_std_fraction(rewards, 2).item() == pytest.approx(2 / 3)


def test_token_advantages_spread_over_real_tokens_only():
    out = token_advantages(torch.tensor([2.0, -1.0]), torch.tensor([[1.0, 1, 0], [1, 0, 0]]))
    assert out.tolist() == [[2.0, 2.0, 0.0], [-1.0, 0.0, 0.0]]


def test_combine_rewards_weights_each_function():
    total = combine_rewards(
        {"correct": torch.tensor([1.0, 0.0]), "format": torch.tensor([1.0, 1.0])}, {"format": 0.1}
    )
    assert total.tolist() == pytest.approx([1.1, 0.1])
