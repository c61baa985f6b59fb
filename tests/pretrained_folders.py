"""Tiny random Hugging Face model folders, built by the test itself (no hub is reachable).

Each family the studio supports gets a model of a few thousand parameters and a byte-level
BPE tokenizer trained here on a few made-up lines, saved with save_pretrained as a user's
folder would hold them; `fake_cache` lays folders out as the Hugging Face cache does
(models--org--name/snapshots/<commit>/ with files linked into blobs/). Built once per
test process and copied, as building takes a few seconds.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import tempfile
from pathlib import Path

# made-up lines the tokenizer learns its pieces from: digits, arithmetic, a few words
LINES = [
    "12+34=46",
    "7+8=15",
    "3+4=7",
    "the cat sat on the mat",
    "a dog ran to the park",
    "hello, world!",
    "what is 5+6? 11",
    "reverse: abc -> cba",
]
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
# a chat template in the shape instruction-tuned models ship (ChatML)
CHAT_TEMPLATE = (
    "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
FAMILIES = ("llama", "qwen2", "qwen3", "gpt2")


def _offline() -> None:
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"


def _tokenizer(chat: bool):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=320,
        special_tokens=SPECIALS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(LINES * 10, trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, eos_token="<|endoftext|>", pad_token="<|endoftext|>"
    )
    if chat:
        fast.chat_template = CHAT_TEMPLATE
    return fast


def _model(family: str, vocab: int, eos: int):
    import transformers as tf

    common = {"vocab_size": vocab, "eos_token_id": eos, "tie_word_embeddings": True}
    sizes = {
        "hidden_size": 32,
        "intermediate_size": 64,
        "num_hidden_layers": 2,
        "num_attention_heads": 4,
        "num_key_value_heads": 2,
        "max_position_embeddings": 128,
    }
    if family == "llama":
        return tf.LlamaForCausalLM(tf.LlamaConfig(**common, **sizes))
    if family == "qwen2":
        return tf.Qwen2ForCausalLM(tf.Qwen2Config(**common, **sizes))
    if family == "qwen3":
        return tf.Qwen3ForCausalLM(tf.Qwen3Config(**common, **sizes, head_dim=8))
    if family == "gpt2":
        config = tf.GPT2Config(n_embd=32, n_layer=2, n_head=4, n_positions=128, **common)
        return tf.GPT2LMHeadModel(config)
    raise ValueError(family)


@functools.cache
def _built(family: str, chat: bool) -> Path:
    import torch

    _offline()
    torch.manual_seed(0)
    folder = Path(tempfile.mkdtemp(prefix=f"tiny-{family}-"))
    tokenizer = _tokenizer(chat)
    _model(family, len(tokenizer), tokenizer.eos_token_id).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


def tiny_model(family: str, where: Path, *, chat: bool = False) -> Path:
    """A tiny random causal LM of `family` saved in `where` (made if needed)."""
    shutil.copytree(_built(family, chat), where, dirs_exist_ok=True)
    return where


def fake_cache(cache: Path, name: str, source: Path) -> Path:
    """`source`'s files laid out in the hub cache at `cache` as model `name` ("org/name")
    is downloaded: its snapshot folder (the path transformers loads)."""
    repo = cache / ("models--" + name.replace("/", "--"))
    commit = hashlib.sha1(name.encode()).hexdigest()
    snapshot = repo / "snapshots" / commit
    (repo / "blobs").mkdir(parents=True, exist_ok=True)
    snapshot.mkdir(parents=True, exist_ok=True)
    (repo / "refs").mkdir(exist_ok=True)
    (repo / "refs" / "main").write_text(commit)
    for file in sorted(source.iterdir()):
        blob = repo / "blobs" / hashlib.sha256(file.read_bytes()).hexdigest()
        shutil.copyfile(file, blob)
        (snapshot / file.name).symlink_to(os.path.relpath(blob, snapshot))
    return snapshot
