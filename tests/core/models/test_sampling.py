"""The sampling every model shares: top-k / top-p filters, choosing the next token, and
scoring the taken tokens again for the loss."""

import math

import pytest
import torch

from studio.core.models.sampling import choose, filter_logits, token_logprobs_and_entropy


def test_filter_logits_on_hand_made_numbers():
    logits = torch.log(torch.tensor([[0.5, 0.3, 0.15, 0.05]]))
    assert filter_logits(logits, top_k=2).isinf().tolist() == [[False, False, True, True]]
    # nucleus 0.7: 0.5 alone is short of it, 0.5 + 0.3 reaches it, the rest is dropped
    assert filter_logits(logits, top_p=0.7).isinf().tolist() == [[False, False, True, True]]
    assert filter_logits(logits, top_p=0.4).isinf().tolist() == [[False, True, True, True]]
    # the likeliest token survives even a tiny nucleus; no filter changes nothing
    assert filter_logits(logits, top_p=0.01).isfinite().tolist() == [[True, False, False, False]]
    assert torch.equal(filter_logits(logits), logits)


def test_choose_samples_the_filtered_distribution_and_reports_the_full_logp():
    probs = torch.tensor([0.5, 0.3, 0.15, 0.05])
    rows = 20_000
    logits = probs.log().repeat(rows, 1) * 2.0  # temperature 2 gives back probs
    torch.manual_seed(0)
    nxt, logp = choose(logits, temperature=2.0, top_k=2)
    share = torch.bincount(nxt, minlength=4).float() / rows
    # top-2 renormalised: 0.5/0.8 and 0.3/0.8; the standard error of a share is <= 0.0035
    torch.testing.assert_close(share, torch.tensor([0.625, 0.375, 0, 0]), atol=0.015, rtol=0)
    torch.testing.assert_close(logp, probs.log()[nxt])  # the unfiltered log-prob
    # nucleus 0.9: 0.5 + 0.3 fall short of it, 0.15 reaches it, 0.05 is cut
    nxt, _ = choose(logits, temperature=2.0, top_p=0.9)
    share = torch.bincount(nxt, minlength=4).float() / rows
    torch.testing.assert_close(share, torch.tensor([0.5, 0.3, 0.15, 0]) / 0.95, atol=0.015, rtol=0)


def test_greedy_picks_the_best_and_scores_it_under_the_temperature():
    logits = torch.tensor([[2.0, 0.0, -1.0]])
    picked, logp = choose(logits, greedy=True, temperature=2.0)
    assert picked.tolist() == [0]
    assert logp.item() == pytest.approx(1.0 - math.log(math.e + 1.0 + math.exp(-0.5)), rel=1e-6)
    picked, logp = choose(logits, greedy=True, temperature=0.0)  # greedy needs no temperature
    assert picked.tolist() == [0]
    assert logp.item() == pytest.approx(torch.log_softmax(logits, -1)[0, 0].item(), rel=1e-6)


def test_sampling_at_temperature_zero_is_a_clear_error():
    with pytest.raises(ValueError, match="temperature must be positive"):
        choose(torch.zeros(2, 3), temperature=0.0)


def test_top_k_one_always_samples_the_best_choice():
    torch.manual_seed(0)
    logits = torch.randn(50, 4)
    picked, _ = choose(logits, top_k=1)
    assert torch.equal(picked, logits.argmax(-1))


def test_taken_tokens_are_scored_as_they_were_sampled_with_the_entropy_beside():
    logits = torch.tensor([[2.0, 0.0, -1.0]])
    picked, logp = choose(logits, greedy=True, temperature=2.0)
    lp, ent = token_logprobs_and_entropy(logits, picked, temperature=2.0)
    expected = 1.0 - math.log(math.e + 1.0 + math.exp(-0.5))
    assert lp.item() == pytest.approx(expected, rel=1e-6) and torch.equal(lp, logp)
    p = torch.softmax(logits / 2, -1)
    assert ent.item() == pytest.approx(-(p * p.log()).sum().item(), rel=1e-6)


def test_token_logprobs_keep_the_sequence_shape_and_their_gradient():
    g = torch.Generator().manual_seed(0)
    logits = torch.randn(3, 5, 7, generator=g, requires_grad=True)  # (N, T, V)
    actions = torch.randint(0, 7, (3, 5), generator=g)
    logp, entropy = token_logprobs_and_entropy(logits, actions, temperature=0.5)
    assert logp.shape == entropy.shape == (3, 5)
    want = torch.log_softmax(logits.detach() / 0.5, -1)
    torch.testing.assert_close(logp.detach(), want.gather(-1, actions[..., None]).squeeze(-1))
    (grad,) = torch.autograd.grad(logp.sum(), logits)
    # d logp / d logits = (one_hot(action) - softmax) / temperature
    one_hot = torch.nn.functional.one_hot(actions, 7).float()
    torch.testing.assert_close(grad, (one_hot - want.exp()) / 0.5)
