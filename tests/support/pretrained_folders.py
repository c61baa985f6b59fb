"""Tiny random Hugging Face model folders, built by the test itself (no hub is reachable).

Each causal family the studio supports gets a model of a few thousand parameters and a
byte-level BPE tokenizer trained here on a few made-up lines; a translator (`tiny_marian`)
is a Marian of d_model 32 with sentencepiece models trained on a few dozen sentence pairs
(PAIRS) and the tokenizer files MarianTokenizer writes. Each is saved with save_pretrained
as a user's folder would hold it; `fake_cache` lays folders out as the Hugging Face cache
does (models--org--name/snapshots/<commit>/ with files linked into blobs/). Built once per
test process and copied, as building takes a few seconds.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import shutil
import tempfile
import warnings
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
# made-up Chinese-English pairs a tiny translator's sentencepiece models learn from
PAIRS = [
    ("我喜欢猫。", "I like cats."),
    ("你好。", "Hello."),
    ("他在家。", "He is at home."),
    ("我们去公园。", "We go to the park."),
    ("今天天气很好。", "The weather is nice today."),
    ("她在看书。", "She is reading a book."),
    ("我有一只狗。", "I have a dog."),
    ("这是我的书。", "This is my book."),
    ("你叫什么名字？", "What is your name?"),
    ("我不知道。", "I don't know."),
    ("他们很高兴。", "They are happy."),
    ("请坐。", "Please sit down."),
    ("我喜欢狗。", "I like dogs."),
    ("他有一本书。", "He has a book."),
    ("我们在家。", "We are at home."),
    ("她很高兴。", "She is happy."),
    ("猫在看我。", "The cat is looking at me."),
    ("今天很好。", "Today is nice."),
    ("我去学校。", "I go to school."),
    ("你在哪里？", "Where are you?"),
    ("这是你的狗吗？", "Is this your dog?"),
    ("他不在家。", "He is not at home."),
    ("我们喜欢书。", "We like books."),
    ("请看这本书。", "Please look at this book."),
]


def _offline() -> None:
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    # MarianTokenizer's advice to install sacremoses, whose normalizer it never calls
    warnings.filterwarnings("ignore", message="Recommended: pip install sacremoses")


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
        config = tf.GPT2Config(
            n_embd=32, n_layer=2, n_head=4, n_positions=128, bos_token_id=eos, **common
        )
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


def _sentencepiece(lines: list[str], size: int) -> bytes:
    """A unigram sentencepiece model of about `size` pieces (EOS 0 and UNK 1, as Marian's)."""
    import sentencepiece

    model = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(lines * 5),
        model_writer=model,
        vocab_size=size,
        model_type="unigram",
        character_coverage=1.0,
        eos_id=0,
        unk_id=1,
        bos_id=-1,
        pad_id=-1,
        hard_vocab_limit=False,
        minloglevel=2,
    )
    return model.getvalue()


@functools.cache
def _built_marian() -> Path:
    """opus-mt-zh-en's layout in miniature: both sentencepiece models, one vocab.json over
    their pieces (</s> 0, <unk> 1, <pad> last: decoder_start_token_id), a random Marian."""
    import sentencepiece
    import torch
    import transformers as tf

    _offline()
    torch.manual_seed(0)
    folder = Path(tempfile.mkdtemp(prefix="tiny-marian-"))
    pieces = ["</s>", "<unk>"]
    for name, lines in (
        ("source.spm", [z for z, _ in PAIRS]),
        ("target.spm", [e for _, e in PAIRS]),
    ):
        model = _sentencepiece(lines, 80)
        (folder / name).write_bytes(model)
        spm = sentencepiece.SentencePieceProcessor(model_proto=model)
        pieces += [spm.id_to_piece(i) for i in range(spm.get_piece_size())]
    vocab = dict.fromkeys(pieces)
    ids = {piece: i for i, piece in enumerate(vocab)}
    ids["<pad>"] = len(ids)
    (folder / "vocab.json").write_text(json.dumps(ids, ensure_ascii=False))
    tokenizer = tf.MarianTokenizer(
        str(folder / "source.spm"),
        str(folder / "target.spm"),
        str(folder / "vocab.json"),
        source_lang="zh",
        target_lang="en",
    )
    tokenizer.save_pretrained(folder)
    pad = ids["<pad>"]
    config = tf.MarianConfig(
        vocab_size=len(ids),
        decoder_vocab_size=len(ids),
        d_model=32,
        encoder_layers=2,
        decoder_layers=2,
        encoder_attention_heads=4,
        decoder_attention_heads=4,
        encoder_ffn_dim=64,
        decoder_ffn_dim=64,
        max_position_embeddings=128,
        pad_token_id=pad,
        eos_token_id=0,
        decoder_start_token_id=pad,
        forced_eos_token_id=0,
    )
    tf.MarianMTModel(config).save_pretrained(folder)
    return folder


def tiny_marian(where: Path, *, languages: bool = True) -> Path:
    """A tiny random zh->en Marian translator saved in `where` (made if needed); without
    `languages` its tokenizer_config.json does not name them (its folder's name then may)."""
    shutil.copytree(_built_marian(), where, dirs_exist_ok=True)
    if not languages:
        config_file = where / "tokenizer_config.json"
        config = json.loads(config_file.read_text())
        config.pop("source_lang", None)
        config.pop("target_lang", None)
        config_file.write_text(json.dumps(config))
    return where
