"""A translator of the user's (a Marian folder) keeps the studio's encoder-decoder contract:
its logits are transformers' own, each source's G rows share its encoding and give the
logits of every row run alone, the cached decode step writes what the teacher-forced
decoder predicts, greedy decoding is transformers' greedy generate, its tokenizers are
the folder's; under LoRA the reference is the model without its adapters. Its language
pair comes from the folder, and what it cannot train is refused in one line."""

import json

import pytest
import torch

from studio.core.catalogue import load_config, model_of_yours
from studio.core.config.fields import ConfigError
from studio.core.data.load_report import DataError
from studio.core.models.encoder_decoder import EncoderDecoder
from studio.core.models.pretrained.folders import find_models, read_model_folder
from studio.core.models.pretrained.lora import BaseModelView
from studio.core.models.pretrained.translator import (
    PretrainedMTConfig,
    PretrainedTranslator,
    model_tokenizers,
)
from studio.core.tasks import build_task
from studio.core.tasks.translation.config import TranslationError
from tests.support.pretrained_folders import PAIRS, fake_cache, tiny_marian, tiny_model


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tiny_marian(tmp_path_factory.mktemp("m") / "opus-mt-zh-en")


@pytest.fixture(scope="module")
def loaded(folder):
    cfg = PretrainedMTConfig(path=str(folder), max_len=32)
    tokens = model_tokenizers(cfg)
    model = PretrainedTranslator(cfg, 0, 0, tokens.target.pad_id).eval()
    return cfg, tokens, model


def sources(tokens, texts):
    rows = [[*tokens.source.encode(t), tokens.source.eos_id] for t in texts]
    width = max(map(len, rows))
    src = torch.full((len(rows), width), tokens.source.pad_id)
    mask = torch.zeros(len(rows), width, dtype=torch.bool)
    for i, row in enumerate(rows):
        src[i, : len(row)] = torch.tensor(row)
        mask[i, : len(row)] = True
    return src, mask


def test_the_folder_is_a_translator_with_its_pair_its_shape_and_its_tokenizers(folder, loaded):
    cfg, tokens, model = loaded
    found = read_model_folder(folder)
    assert found.use == "translation" and found.languages == ("zh", "en") and not found.refused
    shape = cfg.shape()
    assert (shape.layers, shape.width, shape.heads, shape.kv_layers) == (4, 32, 4, 2)
    assert shape.vocab == model.tgt_vocab and shape.max_len == 32
    assert isinstance(model, EncoderDecoder)
    hf = tokens.source.hf
    for zh, en in PAIRS[:5]:
        assert tokens.source.encode(zh) == hf(zh, add_special_tokens=False)["input_ids"]
        ids = tokens.target.encode(en)
        assert ids == hf(text_target=en, add_special_tokens=False)["input_ids"]
        assert tokens.target.decode([*ids, tokens.target.eos_id]) == en


def test_a_pair_unsaid_in_its_files_comes_from_its_cache_name(tmp_path):
    bare = tiny_marian(tmp_path / "bare", languages=False)
    assert read_model_folder(bare).languages is None
    fake_cache(tmp_path / "hub", "Helsinki-NLP/opus-mt-en-de", bare)
    (model,) = find_models(env={"HF_HUB_CACHE": str(tmp_path / "hub")})
    assert model.name == "Helsinki-NLP/opus-mt-en-de" and model.languages == ("en", "de")


def test_its_logits_are_transformers_own_grouped_or_cached(loaded):
    _, tokens, model = loaded
    src, mask = sources(tokens, ["我喜欢猫。", "你好。"])
    G = 2
    tgt = torch.randint(0, model.tgt_vocab, (len(src) * G, 5))
    tgt[:, 0] = tokens.target.bos_id
    with torch.no_grad():
        theirs = model.lm(
            input_ids=src.repeat_interleave(G, 0),
            attention_mask=mask.long().repeat_interleave(G, 0),
            decoder_input_ids=tgt,
        ).logits
        grouped = model(src, mask, tgt, group_size=G)  # each source encoded once
        torch.testing.assert_close(grouped, theirs, atol=1e-5, rtol=1e-5)
        cache = model.init_cache(model.encode(src, mask), mask, tgt.shape[1], repeat=G)
        stepped = torch.stack(
            [model.decode_step(tgt[:, t], t, cache) for t in range(tgt.shape[1])], dim=1
        )
        torch.testing.assert_close(stepped, theirs, atol=1e-5, rtol=1e-5)


def test_greedy_decoding_is_transformers_greedy_generate(loaded):
    _, tokens, model = loaded
    src, mask = sources(tokens, ["我喜欢猫。", "他在家。"])
    ours = model.generate(
        src, mask, max_new_tokens=8, greedy=True, bos_id=tokens.target.bos_id, eos_id=0
    )
    with torch.no_grad():
        theirs = model.lm.generate(
            input_ids=src, attention_mask=mask.long(), max_new_tokens=8, do_sample=False,
            num_beams=1, forced_eos_token_id=None,
        )  # fmt: skip
    assert ours.tokens.tolist() == theirs[:, 1:].tolist()  # theirs begins with the start token


def test_under_lora_the_reference_is_the_model_without_adapters_and_no_copy(folder, loaded):
    _, tokens, plain = loaded
    cfg = PretrainedMTConfig(path=str(folder), max_len=32, lora=True, lora_rank=4)
    model = PretrainedTranslator(cfg, 0, 0, tokens.target.pad_id).eval()
    trainable = [n for n, p in model.named_parameters() if p.requires_grad]
    assert trainable and all("lora_" in n for n in trainable)
    assert any("fc1" in n for n in trainable) and any("encoder_attn.v_proj" in n for n in trainable)
    assert all("lora_" in k for k in model.state_dict())  # a checkpoint holds the adapters
    for p in (p for n, p in model.named_parameters() if "lora_B" in n):
        torch.nn.init.normal_(p, std=0.5)  # adapters that change the outputs
    reference = model.frozen_reference()
    assert isinstance(reference, BaseModelView) and not list(reference.parameters())
    src, mask = sources(tokens, ["我喜欢猫。"])
    tgt = torch.tensor([[tokens.target.bos_id, 5, 6]])
    with torch.no_grad():
        torch.testing.assert_close(reference(src, mask, tgt), plain(src, mask, tgt))
        assert not torch.allclose(model(src, mask, tgt), plain(src, mask, tgt))


def test_gradient_checkpointing_gives_the_same_gradients(folder, loaded):
    _, tokens, _ = loaded
    src, mask = sources(tokens, ["我喜欢猫。", "你好。"])
    tgt = torch.tensor([[tokens.target.bos_id, 5, 6], [tokens.target.bos_id, 7, 8]])
    grads = []
    for every in (0, 1):
        cfg = PretrainedMTConfig(path=str(folder), max_len=32, gradient_checkpointing=every)
        model = PretrainedTranslator(cfg, 0, 0, tokens.target.pad_id).train()
        for module in model.modules():  # no dropout: the two passes compare
            module.p = 0.0 if isinstance(module, torch.nn.Dropout) else getattr(module, "p", 0)
        model.marian.config.dropout = 0.0
        for stack in (model.marian.model.encoder, model.marian.model.decoder):
            stack.dropout = 0.0
            for layer in stack.layers:
                layer.dropout = layer.activation_dropout = 0.0
        model(src, mask, tgt).square().mean().backward()
        grads.append(model.marian.model.decoder.layers[0].fc1.weight.grad.clone())
    torch.testing.assert_close(grads[0], grads[1])


def preset(folder, *more):
    settings = model_of_yours(folder, task="translation")
    overrides = [f"{k}={json.dumps(v)}" for k, v in settings.items()]
    return load_config("tiny_transformer", [*overrides, "task.demo_size=60", *more])


def test_the_task_uses_its_tokenizers_and_says_so(folder):
    cfg = preset(folder)
    assert (cfg.model.ARCH, cfg.task.source_lang, cfg.task.target_lang) == (
        "pretrained-mt",
        "zh",
        "en",
    )
    task = build_task(cfg)
    assert task.source_tok.hf is task.target_tok.hf
    assert "the model's own tokenizers (opus-mt-zh-en" in task.report()


def test_a_pair_that_does_not_match_is_refused_naming_both(folder, tmp_path):
    with pytest.raises(TranslationError, match=r"opus-mt-zh-en translates zh->en, not en->fr"):
        build_task(preset(folder, "task.source_lang=en", "task.target_lang=fr"))
    data = tmp_path / "en-fr.tsv"
    data.write_text("".join(f"{e}\tC'est {e}\n" for _, e in PAIRS * 3))
    with pytest.raises(DataError) as refused:
        build_task(preset(folder, f"data.path={data}"))
    message = str(refused.value)
    assert message.startswith("opus-mt-zh-en translates zh->en: ") and "\n" not in message
    assert "Latin" in message  # what the file holds


def test_what_a_translator_cannot_do_is_refused_in_one_line(folder, tmp_path):
    with pytest.raises(ConfigError, match="train it with the tiny_transformer preset"):
        model_of_yours(folder, task="own_text")
    lm = tiny_model("llama", tmp_path / "lm")
    with pytest.raises(ConfigError, match="train it with the own_text preset"):
        model_of_yours(lm, task="translation")
    with pytest.raises(TranslationError, match="task.both_directions: opus-mt-zh-en translates"):
        build_task(preset(folder, "task.both_directions=true"))
    custom = tiny_marian(tmp_path / "custom")
    config = json.loads((custom / "config.json").read_text())
    (custom / "config.json").write_text(json.dumps({**config, "auto_map": {"x": "y.Z"}}))
    assert model_of_yours(custom)["model"]["arch"] == "pretrained-mt"
    with pytest.raises(ConfigError, match="auto_map"):
        preset(custom)
