"""Micro-GPT: size, padding invariance, cached decoding, sampling outputs, checkpointing."""

from __future__ import annotations

import pytest
import torch
import torch.nn.functional as F

from studio.core.catalogue import config_from_dict
from studio.core.config.preset_files import read_yaml
from studio.core.models.micro_gpt import (
    MicroGPT,
    MicroGPTConfig,
    MicroGPTError,
    num_parameters,
)
from tests.helpers import ROOT

PAD, EOS = 0, 1
PRESET = ROOT / "presets" / "micro_gpt.yaml"


def tiny(vocab: int = 12, **changes) -> MicroGPT:
    torch.manual_seed(0)
    cfg = MicroGPTConfig(n_layers=2, n_heads=4, d_model=32, d_ff=64, max_len=32, **changes)
    return MicroGPT(cfg, vocab, PAD).eval()


def left_padded_prompts() -> tuple[torch.Tensor, torch.Tensor]:
    """Three prompts of lengths 5, 3 and 1, left-padded to (3, 5)."""
    g = torch.Generator().manual_seed(1)
    ids = torch.randint(2, 12, (3, 5), generator=g)
    mask = torch.ones(3, 5, dtype=torch.bool)
    mask[1, :2] = False
    mask[2, :4] = False
    ids[~mask] = PAD
    return ids, mask


def test_default_size_is_about_3_8_million_parameters():
    model = MicroGPT(MicroGPTConfig(), vocab_size=20, pad_id=PAD)
    assert 3.7e6 < num_parameters(model) < 3.9e6


def test_tied_head_shares_the_embedding_and_is_counted_once():
    tied, untied = tiny(), tiny(tie_weights=False)
    assert tied.lm_head.weight is tied.wte.weight
    assert num_parameters(untied) - num_parameters(tied) == 12 * 32


def test_heads_must_divide_width():
    with pytest.raises(MicroGPTError, match="n_heads.*divide"):
        MicroGPTConfig(n_heads=3, d_model=32)


def test_padded_row_gives_the_same_logits_as_the_row_alone():
    model = tiny()
    ids, mask = left_padded_prompts()
    batch = model(ids, mask)  # (3, 5, V)
    for i in range(3):
        n = int(mask[i].sum())
        alone = model(ids[i : i + 1, 5 - n :])  # (1, n, V)
        torch.testing.assert_close(batch[i, 5 - n :], alone[0], atol=1e-5, rtol=1e-5)


def test_pad_tokens_are_never_attended_to():
    model = tiny()
    ids, mask = left_padded_prompts()
    other = ids.clone()
    other[~mask] = 7  # what sits under the mask must not matter
    torch.testing.assert_close(model(ids, mask)[mask], model(other, mask)[mask])


def test_input_longer_than_context_is_refused():
    model = tiny()
    with pytest.raises(MicroGPTError, match="max_len"):
        model(torch.zeros(1, 33, dtype=torch.long))
    ids, mask = left_padded_prompts()
    with pytest.raises(MicroGPTError, match="max_len"):
        model.generate(ids, mask, num_samples=2, max_new_tokens=28, eos_id=EOS)


@pytest.mark.parametrize("greedy", [True, False])
def test_cached_decoding_gives_the_same_logits_as_recomputing(greedy):
    model = tiny()
    ids, mask = left_padded_prompts()
    kw = dict(num_samples=4, max_new_tokens=10, eos_id=None, greedy=greedy, return_logits=True)
    torch.manual_seed(3)
    cached = model.generate(ids, mask, use_cache=True, **kw)
    torch.manual_seed(3)
    full = model.generate(ids, mask, use_cache=False, **kw)
    assert cached.logits.shape == (12, 10, 12)
    torch.testing.assert_close(cached.logits, full.logits, atol=1e-5, rtol=1e-5)
    assert torch.equal(cached.tokens, full.tokens)
    torch.testing.assert_close(cached.logp, full.logp, atol=1e-5, rtol=1e-5)


def test_generate_groups_rows_by_prompt():
    model = tiny()
    ids, mask = left_padded_prompts()
    out = model.generate(ids, mask, num_samples=3, max_new_tokens=6, eos_id=None, greedy=True)
    assert out.tokens.shape == out.logp.shape == out.mask.shape == (9, 6)
    assert out.finished.shape == (9,)
    for i in range(3):
        n = int(mask[i].sum())
        alone = model.generate(
            ids[i : i + 1, 5 - n :],
            mask[i : i + 1, 5 - n :],
            num_samples=1,
            max_new_tokens=6,
            eos_id=None,
            greedy=True,
        )
        for j in range(3):  # rows i*G .. i*G+G-1 are prompt i's
            assert torch.equal(out.tokens[i * 3 + j], alone.tokens[0])


def test_sampling_is_reproducible_under_manual_seed():
    model = tiny()
    ids, mask = left_padded_prompts()
    torch.manual_seed(5)
    a = model.generate(ids, mask, num_samples=4, max_new_tokens=8, eos_id=EOS)
    torch.manual_seed(5)
    b = model.generate(ids, mask, num_samples=4, max_new_tokens=8, eos_id=EOS)
    assert torch.equal(a.tokens, b.tokens)


def test_everything_after_eos_is_masked_and_padded():
    model = tiny(vocab=3)  # pad, eos, one symbol: about a third of the draws end a row
    ids = torch.full((4, 2), 2)
    torch.manual_seed(0)
    out = model.generate(
        ids, torch.ones_like(ids, dtype=torch.bool), num_samples=6, max_new_tokens=8, eos_id=EOS
    )
    assert out.finished.any() and not out.finished.all()
    for row in range(24):
        toks = out.tokens[row].tolist()
        end = toks.index(EOS) + 1 if EOS in toks else len(toks)
        assert bool(out.finished[row]) == (EOS in toks)
        assert out.mask[row].tolist() == [1.0] * end + [0.0] * (len(toks) - end)
        assert toks[end:] == [PAD] * (len(toks) - end)
        assert (out.logp[row, end:] == 0).all() and (out.logp[row, :end] < 0).all()


def test_decoding_stops_once_every_row_has_ended():
    model = tiny(tie_weights=False)
    with torch.no_grad():  # a model that always says EOS: constant hidden state, EOS row on
        model.ln_f.weight.zero_()
        model.ln_f.bias.fill_(1.0)
        model.lm_head.weight.zero_()
        model.lm_head.weight[EOS] = 1.0
    ids, mask = left_padded_prompts()
    out = model.generate(ids, mask, num_samples=2, max_new_tokens=10, eos_id=EOS)
    assert out.tokens.shape == (6, 1)
    assert (out.tokens == EOS).all() and out.finished.all() and (out.mask == 1).all()


def test_generate_logp_equals_a_recomputation_under_temperature():
    model = tiny()
    ids, mask = left_padded_prompts()
    torch.manual_seed(2)
    out = model.generate(
        ids, mask, num_samples=2, max_new_tokens=7, temperature=0.7, top_k=4, eos_id=EOS
    )
    full_ids = torch.cat([ids.repeat_interleave(2, 0), out.tokens], dim=1)
    full_mask = torch.cat([mask.repeat_interleave(2, 0), torch.ones_like(out.tokens).bool()], 1)
    logits = model(full_ids, full_mask)[:, 4:-1] / 0.7  # positions that predict the new tokens
    # TRL's convention: the full tempered distribution, before the top-k filter
    expected = F.log_softmax(logits, -1).gather(-1, out.tokens[..., None]).squeeze(-1)
    torch.testing.assert_close(out.logp, expected * out.mask, atol=1e-5, rtol=1e-5)


def test_gradient_checkpointing_gives_the_same_gradients():
    plain = tiny().train()
    ckpt = tiny(gradient_checkpointing=1).train()
    ckpt.load_state_dict(plain.state_dict())
    ids, mask = left_padded_prompts()
    for model in (plain, ckpt):
        model(ids, mask)[mask].logsumexp(-1).sum().backward()
    for (name, a), (_, b) in zip(plain.named_parameters(), ckpt.named_parameters()):
        torch.testing.assert_close(a.grad, b.grad, atol=1e-6, rtol=1e-5, msg=name)


def test_preset_builds_the_seed_model():
    from studio.core.tasks.arithmetic import ArithmeticTask

    cfg = config_from_dict(read_yaml(PRESET))
    assert cfg.model.ARCH == "micro-gpt" and cfg.task.NAME == "arithmetic"
    task = ArithmeticTask(cfg.task, cfg.data, seed=0)
    model = task.build_model(cfg.model)
    assert 3.7e6 < num_parameters(model) < 3.9e6
    assert cfg.grpo.max_new_tokens >= task.max_completion_tokens  # answer + EOS fits


def test_grouped_forward_equals_running_each_prompt_with_each_completion():
    torch.manual_seed(0)
    model = tiny()
    prompts, mask = left_padded_prompts()  # (P, Tp)
    P, G = prompts.shape[0], 3
    completion = torch.randint(3, 12, (P * G, 4))  # (N, Tc)
    grouped = model(prompts, mask, completion=completion, group_size=G)  # (N, Tc, V)
    grouped.square().sum().backward()
    grads = {n: p.grad.clone() for n, p in model.named_parameters()}
    model.zero_grad()

    full_ids = torch.cat([prompts.repeat_interleave(G, 0), completion], dim=1)
    full_mask = torch.cat(
        [mask.repeat_interleave(G, 0), torch.ones_like(completion, dtype=torch.bool)], 1
    )
    Tp = prompts.shape[1]
    plain = model(full_ids, full_mask)[:, Tp - 1 : -1]  # logits predicting each completion token
    plain.square().sum().backward()
    assert torch.allclose(grouped, plain, atol=1e-5)
    for name, p in model.named_parameters():
        assert torch.allclose(grads[name], p.grad, atol=1e-4), name
