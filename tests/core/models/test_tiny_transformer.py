"""Tiny-Transformer: cached decoding, padding, sampling groups, grouped teacher forcing,
token choice, beam search, config errors."""

from typing import ClassVar

import pytest
import torch

from studio.core.config.fields import ConfigError, from_dict
from studio.core.models.beam_search import beam_search
from studio.core.models.tiny_transformer import (
    TinyTransformer,
    TinyTransformerConfig,
)

PAD, BOS = 0, 1
EOS = 9  # a token the untrained test model emits mid-sequence on some rows, never on others


def tiny(**kw) -> TinyTransformer:
    torch.manual_seed(0)
    base = dict(
        d_model=32,
        n_heads=4,
        n_encoder_layers=2,
        n_decoder_layers=2,
        d_ff=64,
        max_len=16,
        dropout=0.0,
        tie_output=False,
    )
    base.update(kw)
    return TinyTransformer(
        TinyTransformerConfig(**base), src_vocab=19, tgt_vocab=23, pad_id=PAD
    ).eval()


def sources() -> tuple[torch.Tensor, torch.Tensor]:
    src = torch.tensor([[5, 6, 7, 8, 2], [9, 10, 2, PAD, PAD], [11, 12, 13, 2, PAD]])
    return src, src != PAD


def test_cached_steps_match_full_decoder_logits():
    model = tiny()
    src, mask = sources()
    tgt_in = torch.tensor([[BOS, 4, 5, 6, 7], [BOS, 8, 9, 3, 3], [BOS, 10, 4, 4, 12]])
    with torch.no_grad():
        full = model(src, mask, tgt_in)  # (B, T, V)
        memory = model.encode(src, mask)
        cache = model.init_cache(memory, mask, max_steps=tgt_in.shape[1])
        steps = torch.stack([model.decode_step(tgt_in[:, t], t, cache) for t in range(5)], 1)
    torch.testing.assert_close(steps, full, atol=1e-5, rtol=1e-5)


def test_cached_and_uncached_generation_agree():
    model = tiny()
    src, mask = sources()
    kw = dict(
        num_samples=4,
        max_new_tokens=12,
        temperature=1.3,
        top_k=10,
        top_p=0.95,
        bos_id=BOS,
        eos_id=EOS,
    )
    torch.manual_seed(7)
    cached = model.generate(src, mask, use_cache=True, **kw)
    torch.manual_seed(7)
    plain = model.generate(src, mask, use_cache=False, **kw)
    assert torch.equal(cached.tokens, plain.tokens)
    assert torch.equal(cached.mask, plain.mask)
    torch.testing.assert_close(cached.logp, plain.logp, atol=1e-5, rtol=1e-5)


def test_grouped_forward_equals_repeated_sources_with_the_same_gradients():
    """group_size=G encodes each source once; the logits and every gradient must equal
    those of the same sources repeated G times (the encoder's gradient sums over G)."""
    src, mask = sources()  # (3, 5), rows 1 and 2 padded
    g = 2
    torch.manual_seed(4)
    tgt_in = torch.randint(3, 23, (3 * g, 6))
    tgt_in[:, 0] = BOS
    results = []
    for grouped in (True, False):
        model = tiny()  # same seed: same weights
        if grouped:
            logits = model(src, mask, tgt_in, group_size=g)
        else:
            logits = model(src.repeat_interleave(g, 0), mask.repeat_interleave(g, 0), tgt_in)
        weights = torch.linspace(-1, 1, logits.numel()).view_as(logits)
        (logits * weights).sum().backward()  # every logit matters, unevenly
        grads = {name: p.grad.clone() for name, p in model.named_parameters()}
        results.append((logits.detach(), grads))
    (grouped_logits, grouped_grads), (plain_logits, plain_grads) = results
    torch.testing.assert_close(grouped_logits, plain_logits, atol=1e-5, rtol=1e-5)
    assert grouped_grads.keys() == plain_grads.keys()
    for name in plain_grads:
        torch.testing.assert_close(grouped_grads[name], plain_grads[name], atol=1e-5, rtol=1e-4)
    assert plain_grads["encoder.0.attn.q_proj.weight"].abs().sum() > 0  # the encoder learns
    with pytest.raises(ValueError, match="do not make groups of 4 for 3 sources"):
        tiny()(src, mask, tgt_in, group_size=4)


def test_padded_source_row_equals_unpadded():
    model = tiny()
    src, mask = sources()
    tgt_in = torch.tensor([[BOS, 4, 5]])
    with torch.no_grad():
        batched = model(src, mask, tgt_in.expand(3, -1))[1]
        alone = model(src[1:2, :3], mask[1:2, :3], tgt_in)[0]
    torch.testing.assert_close(batched, alone, atol=1e-5, rtol=1e-5)


def test_generate_groups_samples_by_source_and_masks_after_eos():
    model = tiny()
    src, mask = sources()
    torch.manual_seed(1)
    out = model.generate(src, mask, num_samples=5, max_new_tokens=10, bos_id=BOS, eos_id=EOS)
    n, t = out.tokens.shape
    assert n == 15 and t <= 10
    assert out.finished.any() and not out.finished.all()
    for row in range(n):
        toks, m = out.tokens[row].tolist(), out.mask[row].tolist()
        if out.finished[row]:
            end = toks.index(EOS)
            assert m == [1.0] * (end + 1) + [0.0] * (t - end - 1)
            assert all(tok == PAD for tok in toks[end + 1 :])
            assert (out.logp[row, end + 1 :] == 0).all()
        else:
            assert all(m) and EOS not in toks
    assert (out.logp[out.mask.bool()] < 0).all()
    # grouping: greedy samples of one source are identical, and equal that source decoded alone
    greedy = model.generate(
        src, mask, num_samples=3, max_new_tokens=8, bos_id=BOS, eos_id=EOS, greedy=True
    )
    alone = model.generate(
        src[2:3], mask[2:3], max_new_tokens=8, bos_id=BOS, eos_id=EOS, greedy=True
    )
    block = greedy.tokens[6:9, : alone.tokens.shape[1]]
    assert torch.equal(block, alone.tokens.expand(3, -1))


def test_generate_logp_is_full_temperature_softmax_not_filtered():
    model = tiny()
    src, mask = sources()
    torch.manual_seed(3)
    out = model.generate(
        src[:1], mask[:1], max_new_tokens=1, temperature=2.0, top_k=1, bos_id=BOS, eos_id=EOS
    )
    with torch.no_grad():
        logits = model(src[:1], mask[:1], torch.tensor([[BOS]]))[0, 0]
    tok = out.tokens[0, 0]
    assert tok == logits.argmax()  # top_k=1 samples the likeliest token
    expected = (logits / 2.0).log_softmax(-1)[tok]
    torch.testing.assert_close(out.logp[0, 0], expected)
    assert out.logp[0, 0] < -1e-3  # not the filtered distribution's log(1) = 0


def test_beam_one_equals_greedy():
    model = tiny()
    src, mask = sources()
    greedy = model.generate(src, mask, max_new_tokens=12, bos_id=BOS, eos_id=EOS, greedy=True)
    beams = beam_search(
        model, src, mask, beam_size=1, max_new_tokens=12, bos_id=BOS, eos_id=EOS, length_penalty=1.0
    )
    expected = []
    for row in greedy.tokens.tolist():
        expected.append(row[: row.index(EOS)] if EOS in row else row)
    assert beams == expected
    assert len({len(b) for b in beams}) == 3  # rows end at different steps (one never does)


def test_beam_search_of_a_batch_equals_each_source_alone():
    """Beams are reordered within their source and share its cross-attention keys; a
    mix-up between sources would change some source's answer."""
    model = tiny()
    src, mask = sources()
    together = beam_search(model, src, mask, beam_size=3, max_new_tokens=10, bos_id=BOS, eos_id=EOS)
    for i in range(3):
        width = int(mask[i].sum())
        alone = beam_search(
            model,
            src[i : i + 1, :width],
            mask[i : i + 1, :width],
            beam_size=3,
            max_new_tokens=10,
            bos_id=BOS,
            eos_id=EOS,
        )
        assert together[i] == alone[0]


class ChainModel:
    """A decoder whose next-token probabilities depend only on the previous token: PAD 0,
    BOS 1, EOS 2, A 3, B 4. Greedy takes A (0.5) then loops on A (0.4 each); the best
    sequence is B EOS (0.4 * 0.9 = 0.36)."""

    pad_id = 0
    table: ClassVar[dict[int, list[float]]] = {
        1: [0, 0, 0.1, 0.5, 0.4],
        3: [0, 0, 0.3, 0.4, 0.3],
        4: [0, 0, 0.9, 0.05, 0.05],
    }

    class Cache:
        def reorder(self, rows):
            pass

    def encode(self, src, src_mask):
        return torch.zeros(src.shape[0], 1, 1)

    def init_cache(self, memory, src_mask, max_steps, repeat=1):
        return self.Cache()

    def decode_step(self, tokens, pos, cache):
        rows = [self.table.get(t, [1.0, 0, 0, 0, 0]) for t in tokens.tolist()]
        return torch.tensor(rows).clamp(min=1e-9).log()


def test_beam_search_beats_greedy_on_a_hand_made_chain():
    src = torch.zeros(1, 1, dtype=torch.long)
    mask = torch.ones(1, 1, dtype=torch.bool)
    kw = dict(max_new_tokens=6, bos_id=1, eos_id=2)
    assert beam_search(ChainModel(), src, mask, beam_size=1, length_penalty=0.0, **kw) == [[3] * 6]
    assert beam_search(ChainModel(), src, mask, beam_size=2, length_penalty=0.0, **kw) == [[4]]
    assert beam_search(ChainModel(), src, mask, beam_size=2, length_penalty=1.0, **kw) == [[4]]


def test_shared_vocab_and_tied_output_share_weights():
    cfg = TinyTransformerConfig(
        d_model=16,
        n_heads=2,
        n_encoder_layers=1,
        n_decoder_layers=1,
        d_ff=32,
        max_len=8,
        shared_vocab=True,
        tie_output=True,
    )
    model = TinyTransformer(cfg, 30, 30, PAD)
    assert model.src_embed.weight is model.tgt_embed.weight is model.head.weight
    with pytest.raises(ValueError, match="shared_vocab needs one vocabulary"):
        TinyTransformer(cfg, 30, 31, PAD)


def test_gradient_checkpointing_gives_the_same_gradients():
    src, mask = sources()
    tgt_in = torch.tensor([[BOS, 4, 5], [BOS, 6, 7], [BOS, 8, 9]])
    grads = []
    for every in (0, 1):
        model = tiny(gradient_checkpointing=every).train()
        model(src, mask, tgt_in).square().mean().backward()
        grads.append(model.encoder[0].attn.q_proj.weight.grad.clone())
    torch.testing.assert_close(grads[0], grads[1])


def test_latent_noise_only_in_training_mode():
    model = tiny(latent_noise=0.5)
    src, mask = sources()
    with torch.no_grad():
        assert torch.equal(model.encode(src, mask), model.encode(src, mask))
        model.train()
        assert not torch.equal(model.encode(src, mask), model.encode(src, mask))


def test_config_and_length_errors_name_the_fix():
    with pytest.raises(ConfigError, match="divisible by n_heads"):
        from_dict(TinyTransformerConfig, {"d_model": 30, "n_heads": 4}, "model")
    with pytest.raises(ConfigError, match="model.dropout: must be at most"):
        from_dict(TinyTransformerConfig, {"dropout": 1.5}, "model")
    model = tiny()
    src, mask = sources()
    with pytest.raises(ValueError, match="max_len is 16"):
        model.generate(src, mask, max_new_tokens=40, bos_id=BOS, eos_id=EOS)
