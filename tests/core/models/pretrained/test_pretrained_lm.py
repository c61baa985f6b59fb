"""A causal LM of the user's keeps the studio's decoder contract: grouped completions that
share each prompt's cache give the logits of every row run alone, sampling with the cache
writes what the model predicts token by token, and under LoRA the reference is the model
without its adapters."""

import pytest
import torch

from studio.core.config.fields import ConfigError
from studio.core.models.decoder import TextDecoder
from studio.core.models.pretrained.causal_lm import PretrainedDecoder, PretrainedLMConfig, positions
from studio.core.models.pretrained.loading import load_tokenizer
from studio.core.models.pretrained.lora import BaseModelView
from studio.core.models.pretrained.tokenizer import ModelTokenizer
from tests.support.pretrained_folders import FAMILIES, tiny_model

PROMPTS = ["12+34=", "3+4=", "the cat"]


def left_padded(rows: list[list[int]], pad: int) -> tuple[torch.Tensor, torch.Tensor]:
    width = max(map(len, rows))
    ids = torch.full((len(rows), width), pad)
    mask = torch.zeros(len(rows), width, dtype=torch.bool)
    for i, row in enumerate(rows):
        ids[i, width - len(row) :] = torch.tensor(row)
        mask[i, width - len(row) :] = True
    return ids, mask


@pytest.fixture(scope="module", params=FAMILIES)
def loaded(request, tmp_path_factory):
    folder = tiny_model(request.param, tmp_path_factory.mktemp(request.param))
    cfg = PretrainedLMConfig(path=str(folder), max_len=64)
    tokenizer = ModelTokenizer(load_tokenizer(cfg.folder()), vocab_size=0, chat=False)
    torch.manual_seed(0)
    return cfg, tokenizer, PretrainedDecoder(cfg, 0, tokenizer.pad_id).eval()


def test_its_shape_is_read_from_config_json(loaded):
    cfg, _, model = loaded
    shape = cfg.shape()
    assert shape.layers == 2 and shape.width == 32 and shape.heads == 4
    assert shape.max_len == 64 and shape.vocab == model.vocab_size
    assert isinstance(model, TextDecoder)


def test_grouped_completions_equal_each_row_run_alone(loaded):
    _, tokenizer, model = loaded
    prompts = [tokenizer.encode(p) for p in PROMPTS]
    ids, mask = left_padded(prompts, tokenizer.pad_id)
    G, Tc = 2, 5
    completion = torch.randint(5, model.vocab_size, (len(prompts) * G, Tc))
    with torch.no_grad():
        grouped = model(ids, mask, completion=completion, group_size=G)  # (N, Tc, V)
        for row in range(len(prompts) * G):
            prompt = prompts[row // G]
            alone = torch.tensor([prompt + completion[row].tolist()])
            logits = model(alone)[0, len(prompt) - 1 : len(prompt) - 1 + Tc]
            torch.testing.assert_close(grouped[row], logits, atol=1e-4, rtol=1e-4)


def test_sampling_with_the_cache_writes_what_the_model_predicts(loaded):
    _, tokenizer, model = loaded
    prompts = [tokenizer.encode(p) for p in PROMPTS]
    ids, mask = left_padded(prompts, tokenizer.pad_id)
    out = model.generate(
        ids, mask, num_samples=2, max_new_tokens=6, eos_id=tokenizer.eos_id, greedy=True
    )
    assert out.tokens.shape[0] == 6
    for row in range(6):
        sequence = list(prompts[row // 2])
        for t in range(out.tokens.shape[1]):
            if not out.mask[row, t]:
                break
            with torch.no_grad():
                best = int(model(torch.tensor([sequence]))[0, -1].argmax())
            assert best == int(out.tokens[row, t])
            sequence.append(best)


def test_positions_count_real_tokens_only():
    mask = torch.tensor([[0, 0, 1, 1], [1, 1, 1, 1]], dtype=torch.bool)
    assert positions(mask).tolist() == [[0, 0, 0, 1], [0, 1, 2, 3]]


def test_under_lora_only_the_adapters_train_and_the_reference_is_the_base(tmp_path):
    folder = tiny_model("llama", tmp_path / "m")
    cfg = PretrainedLMConfig(path=str(folder), max_len=64, lora=True, lora_rank=4)
    tokenizer = ModelTokenizer(load_tokenizer(cfg.folder()), vocab_size=0, chat=False)
    plain = PretrainedDecoder(PretrainedLMConfig(path=str(folder), max_len=64), 0, tokenizer.pad_id)
    policy = PretrainedDecoder(cfg, 0, tokenizer.pad_id)
    trainable = [n for n, p in policy.named_parameters() if p.requires_grad]
    assert trainable and all("lora_" in n for n in trainable)
    with torch.no_grad():
        for name, p in policy.named_parameters():
            if "lora_B" in name:
                p.normal_()  # adapters that change the output
    reference = BaseModelView(policy)
    assert list(reference.parameters()) == [] and reference.state_dict() == {}
    ids, mask = left_padded([tokenizer.encode(p) for p in PROMPTS], tokenizer.pad_id)
    with torch.no_grad():
        assert not torch.allclose(policy(ids, mask), plain(ids, mask))
        torch.testing.assert_close(reference(ids, mask), plain(ids, mask))


def test_a_chat_template_wraps_prompts_but_not_completions(tmp_path):
    folder = tiny_model("qwen2", tmp_path / "m", chat=True)
    hf = load_tokenizer(PretrainedLMConfig(path=str(folder)).folder())
    chat = ModelTokenizer(hf, vocab_size=0, chat=True)
    plain = ModelTokenizer(hf, vocab_size=0, chat=False)
    asked = hf.decode(chat.encode("3+4="))
    assert asked.startswith("<|im_start|>user\n3+4=") and asked.endswith("assistant\n")
    assert hf.decode(plain.encode("3+4=")) == "3+4="
    assert chat.encode("7", bos=False, eos=True)[-1] == chat.eos_id
    assert chat.decode([*chat.encode("7", bos=False, eos=True), 5, 6]) == "7"


def test_a_missing_folder_is_named_as_the_setting(tmp_path):
    with pytest.raises(ConfigError, match="model.path: empty"):
        PretrainedLMConfig().shape()
    with pytest.raises(ConfigError, match="is not a folder"):
        PretrainedLMConfig(path=str(tmp_path / "nowhere")).shape()


def test_training_every_weight_a_smaller_model_takes_larger_steps(tmp_path):
    """The warm-up's learning rate falls with the model's size (SmolLM2-135M's 3e-5, a
    1.5M model's near 1e-3, as measured in benchmarks/RESULTS.md), GRPO's a tenth of it;
    LoRA's stay those of adapters; a rate the user set wins."""
    from studio.core.catalogue import load_config
    from studio.core.config.fit import apply_fit
    from studio.core.models.pretrained.section import full_warmup_lr

    rates = [full_warmup_lr(n) for n in (1_500_000, 135_000_000, 500_000_000, 7_000_000_000)]
    assert rates == sorted(rates, reverse=True) and rates[1] == 3e-5
    assert 5e-4 < rates[0] <= 1e-3 and rates[-1] == 5e-6  # within the bounds
    folder = tiny_model("llama", tmp_path / "m")
    section = {"arch": "pretrained-lm", "path": str(folder)}
    cfg = load_config("quick_micro_gpt", [f"model={section}"])
    parameters = cfg.model.folder().parameters
    fitted = {p.path: p for p in cfg.model.proposals(cfg)}
    warm = fitted["stages.warmup.lr"]
    assert warm.value == full_warmup_lr(parameters) and "every weight" in warm.reason
    assert fitted["stages.grpo.lr"].value == pytest.approx(warm.value / 10, rel=0.05)
    lora = load_config("quick_micro_gpt", [f"model={section}", "model.lora=true"])
    assert {p.path: p.value for p in lora.model.proposals(lora)}["stages.warmup.lr"] == 2e-4
    apply_fit(cfg, cfg.model.proposals(cfg))
    assert cfg.stages.warmup.lr == warm.value
    mine = load_config("quick_micro_gpt", [f"model={section}", "stages.warmup.lr=0.01"])
    apply_fit(mine, mine.model.proposals(mine))
    assert mine.stages.warmup.lr == 0.01 and mine.stages.grpo.lr == fitted["stages.grpo.lr"].value
