"""Translate with an exported Tiny-Transformer, using onnxruntime and numpy alone.

From the folder of the export:

    python example_onnx.py                   # the held-out sentences stored in the model
    python example_onnx.py "我喜欢猫" "你好"   # greedy translations of your own sentences
    python example_onnx.py --int8 "你好"      # the int8-quantized graphs, if exported

    python example_onnx.py --to zh "I like cats."   # a model trained both ways: into zh

Both tokenizers come from the ONNX file's metadata ("grpo_studio", a JSON string):
characters, or BPE pieces whose merges are applied here in plain Python the way Hugging
Face `tokenizers` applies them (Metaspace "▁" word starts, punctuation and each Han or
Kana character split off). Special ids: PAD 0, BOS 1, EOS 2, UNK 3; a tokenizer's tags
("<2en>", "<bt>") take the ids after its vocabulary. A model trained both ways reads a
tag before each sentence naming the language to write ("<2zh> I like cats.").

Every number and tokenizer the metadata holds is checked before use: a file whose
metadata was altered is refused naming the file and the field. Sessions take their memory
from one pool of at most half the machine's RAM, so a graph that asks for more (an altered
export) fails naming its file and node instead of exhausting the machine.

Decoding: the encoder runs once per batch of sentences and returns every decoder layer's
cross-attention keys and values; the decoder step graph then takes BOS with an empty
past, and one token a step after that with the keys and values it returned.

Graphs (B batch, S source tokens, T new target tokens, P past target tokens, L decoder
layers, H heads, hd head size):
  tiny_transformer_encoder.onnx       src_ids, src_mask (B, S) int64 -> memory (B, S, D),
                                      cross_keys and cross_values (L, B, H, S, hd)
  tiny_transformer_decoder_step.onnx  input_ids (B, T) int64, src_mask, cross_keys,
                                      cross_values, past_keys and past_values
                                      (L, B, H, P, hd) -> logits (B, T, V), present_keys
                                      and present_values (L, B, H, P + T, hd)
"""

from __future__ import annotations

import itertools
import json
import os
import re
import string
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime as ort

FILES = {
    "encoder": "tiny_transformer_encoder.onnx",
    "decoder_step": "tiny_transformer_decoder_step.onnx",
}
META_KEY = "grpo_studio"
PAD_ID, BOS_ID, EOS_ID, UNK_ID = 0, 1, 2, 3
NUM_SPECIALS = 4
SPACE = "▁"  # Metaspace's word-start marker
BATCH = 64  # sentences per run of the graphs
UNSPACED = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")  # Han, Kana
MAX_POSITIONS = 65536  # the longest max_len metadata may give (the studio's are ~100)
MAX_SIZE = 1 << 20  # the largest layer, head and vocabulary count it may give
POOLED = False  # whether the sessions' memory pool is set up (memory_pool)


def int8_name(name: str) -> str:
    return name[: -len(".onnx")] + ".int8.onnx"


def memory_pool() -> None:
    """Sessions allocate from one pool of at most half the machine's RAM (where the
    system says how much there is); a graph asking for more fails, it does not grow."""
    global POOLED
    if POOLED:
        return
    POOLED = True
    try:
        ram = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # Windows: no such figure here
        return
    arena = ort.OrtAllocatorType.ORT_ARENA_ALLOCATOR
    where = ort.OrtMemoryInfo("Cpu", arena, 0, ort.OrtMemType.DEFAULT)
    ort.create_and_register_allocator(where, ort.OrtArenaCfg(ram // 2, -1, -1, -1))


class Session(ort.InferenceSession):
    """An onnxruntime session over one graph file, its memory from the pool: a run that
    asks for more than the pool holds is a ValueError naming the file and the node."""

    def __init__(self, path: Path, options: ort.SessionOptions) -> None:
        options.add_session_config_entry("session.use_env_allocators", "1")
        super().__init__(str(path), options, providers=["CPUExecutionProvider"])
        self.path = Path(path)

    def run(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().run(*args, **kwargs)
        except Exception as err:  # onnxruntime's Fail: one class for every failure
            asked = re.search(r"requested bytes of (\d+)|buffer of size (\d+)", str(err))
            if asked is None:
                raise
            node = re.search(r"running (\w+) node\. Name:'([^']*)'", str(err))
            where = f"its {node.group(1)} node {node.group(2)!r}" if node else "a node"
            size = int(asked.group(1) or asked.group(2))
            raise ValueError(
                f"{self.path}: {where} asks for {size / 2**30:.1f} GB at once, more than "
                "half this machine's memory; the export was altered: export the run again"
            ) from None


def load_session(path: Path, threads: int = 0) -> ort.InferenceSession:
    """threads: onnxruntime's threads for one graph run (0: its own choice, every core);
    one sentence's matrices are small enough that 1 is often faster on a busy machine."""
    options = ort.SessionOptions()
    options.log_severity_level = 4  # none: every error reaches the caller as an exception
    if threads:
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
    return Session(path, options)


def altered(path: Path, field: str, problem: str) -> ValueError:
    return ValueError(
        f"{path}: its metadata's {field} {problem}: the export was altered or damaged; "
        "export the run again (grpo-studio export RUN_DIR)"
    )


def read_metadata(session: ort.InferenceSession, path: Path) -> dict:
    text = session.get_modelmeta().custom_metadata_map.get(META_KEY)
    if text is None:
        raise ValueError(f"{path}: has no {META_KEY!r} metadata; it was not exported by the studio")
    try:
        meta = json.loads(text)
    except (ValueError, RecursionError):
        raise altered(path, META_KEY, "is not the JSON the studio writes") from None
    if not isinstance(meta, dict):
        raise altered(path, META_KEY, "is not a JSON object")
    return meta


def field(meta: dict, path: Path, name: str, kind: type = dict, most: int = MAX_SIZE):
    """meta's field `name` ("model.n_heads"), checked to be of `kind` (an int from 1 to
    `most`); a ValueError naming the file and the field otherwise."""
    value, parents = meta, []
    for key in name.split("."):
        if not isinstance(value, dict):  # a parent field replaced by a number, a list...
            raise altered(path, ".".join(parents), f"is {json_kind(type(value))}, not an object")
        if key not in value:
            raise altered(path, name, "is missing")
        value = value[key]
        parents.append(key)
    if kind is int:
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
            raise altered(path, name, f"is {str(value)[:40]}, not a count from 1 to {most}")
    elif not isinstance(value, kind):
        raise altered(path, name, f"is {json_kind(type(value))}, not {json_kind(kind)}")
    return value


def json_kind(kind: type) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true or false"}
    return names.get(kind, "a number" if kind in (int, float) else "null")


def is_punctuation(ch: str) -> bool:
    return ch in string.punctuation or unicodedata.category(ch).startswith("P")


# studio.core.data.text_tokenizers.split_tags again: this program runs without the studio
def split_tags(text: str, tags: list[str]) -> tuple[list[str], str]:
    """The tags `text` begins with and the text after them (one space after a tag is its)."""
    found: list[str] = []
    while tags:
        tag = next((t for t in tags if text.startswith(t)), None)
        if tag is None:
            break
        found.append(tag)
        text = text[len(tag) :].removeprefix(" ")
    return found, text


class CharTokenizer:
    """One token per character; characters outside the vocabulary become UNK."""

    def __init__(self, spec: dict) -> None:
        self.itos = ["<pad>", "<bos>", "<eos>", "<unk>", *spec["chars"]]
        self.stoi = {c: i for i, c in enumerate(self.itos) if i >= NUM_SPECIALS}
        self.tags = list(spec.get("tags", []))
        self.tag_ids = {t: len(self.itos) + k for k, t in enumerate(self.tags)}

    def encode(self, text: str) -> list[int]:
        tags, text = split_tags(text, self.tags)
        return [self.tag_ids[t] for t in tags] + [self.stoi.get(c, UNK_ID) for c in text]

    def decode(self, ids: list[int]) -> str:
        return "".join(self.itos[i] for i in ids if NUM_SPECIALS <= i < len(self.itos))


class BPETokenizer:
    """BPE pieces, as saved by Hugging Face `tokenizers` (Metaspace, Han and Kana
    characters isolated when the saved pre-tokenizer splits them, punctuation)."""

    def __init__(self, spec: dict) -> None:
        model = spec["bpe"]["model"]
        self.vocab: dict[str, int] = model["vocab"]
        self.itos = {i: tok for tok, i in self.vocab.items()}
        merges = [m.split(" ") if isinstance(m, str) else m for m in model["merges"]]
        self.ranks = {(a, b): rank for rank, (a, b) in enumerate(merges)}
        self.isolate_unspaced = "Split" in json.dumps(spec["bpe"].get("pre_tokenizer"))
        self.tags = list(spec.get("tags", []))
        self.tag_ids = {t: len(self.vocab) + k for k, t in enumerate(self.tags)}

    def _alone(self, ch: str) -> bool:
        """Whether ch is a piece of its own whatever surrounds it."""
        return is_punctuation(ch) or (self.isolate_unspaced and bool(UNSPACED.match(ch)))

    def _words(self, text: str) -> list[str]:
        """Metaspace (spaces become "▁", one in front, a piece starts at each "▁"), then
        every punctuation (and Han or Kana) character is a piece of its own."""
        if not text:
            return []
        text = text.replace(" ", SPACE)
        if not text.startswith(SPACE):
            text = SPACE + text
        pieces: list[str] = []
        for ch in text:
            if ch == SPACE or not pieces:
                pieces.append(ch)
            else:
                pieces[-1] += ch
        words: list[str] = []
        for piece in pieces:
            run = ""
            for ch in piece:
                if self._alone(ch):
                    words += [run, ch] if run else [ch]
                    run = ""
                else:
                    run += ch
            if run:
                words.append(run)
        return words

    def _merge(self, word: str) -> list[str]:
        """Apply the lowest-ranked merge (leftmost first) until none applies."""
        symbols = list(word)
        while len(symbols) > 1:
            ranked = [(self.ranks.get(p), i) for i, p in enumerate(itertools.pairwise(symbols))]
            found = [(rank, i) for rank, i in ranked if rank is not None]
            if not found:
                break
            _, i = min(found)
            symbols[i : i + 2] = [symbols[i] + symbols[i + 1]]
        return symbols

    def encode(self, text: str) -> list[int]:
        tags, text = split_tags(text, self.tags)
        words = self._words(text)
        return [self.tag_ids[t] for t in tags] + [
            self.vocab.get(s, UNK_ID) for w in words for s in self._merge(w)
        ]

    def decode(self, ids: list[int]) -> str:
        pieces = [self.itos[i] for i in ids if NUM_SPECIALS <= i < len(self.vocab)]
        # the first piece's "▁" is the one Metaspace put in front: it is dropped
        return "".join(
            p.replace(SPACE, "") if k == 0 else p.replace(SPACE, " ") for k, p in enumerate(pieces)
        )


def make_tokenizer(spec: dict) -> CharTokenizer | BPETokenizer:
    if spec["kind"] == "char":
        return CharTokenizer(spec)
    if spec["kind"] == "bpe":
        return BPETokenizer(spec)
    raise ValueError(f"unknown tokenizer kind {spec['kind']!r} in the model's metadata")


def read_tokenizer(meta: dict, path: Path, name: str) -> CharTokenizer | BPETokenizer:
    """The tokenizer metadata field `name` describes, checked as far as it is read."""
    spec = field(meta, path, name)
    kind = field(meta, path, f"{name}.kind", str)
    if not is_list_of(spec.get("tags", []), lambda t: isinstance(t, str)):
        raise altered(path, f"{name}.tags", "is not a list of texts")
    if kind == "char":
        chars = field(meta, path, f"{name}.chars", object)  # a list or a string
        if not is_list_of(list(chars) if isinstance(chars, str) else chars, is_char):
            raise altered(path, f"{name}.chars", "is not the tokenizer's characters")
        return make_tokenizer(spec)
    if kind != "bpe":
        raise altered(path, f"{name}.kind", f"is {kind[:20]!r}, not char or bpe")
    vocab = field(meta, path, f"{name}.bpe.model.vocab")
    ids = list(vocab.values())
    if not all(isinstance(k, str) for k in vocab) or not is_list_of(ids, is_id):
        raise altered(path, f"{name}.bpe.model.vocab", "is not a mapping of pieces to ids")
    if sorted(ids) != list(range(len(ids))):  # decoding looks every id below len up
        raise altered(
            path, f"{name}.bpe.model.vocab", f"does not number its pieces 0 to {len(ids) - 1}"
        )
    merges = field(meta, path, f"{name}.bpe.model.merges", list)
    if not is_list_of(merges, is_merge):
        raise altered(path, f"{name}.bpe.model.merges", "is not a list of pairs of pieces")
    return make_tokenizer(spec)


def is_list_of(items: object, test: Callable[[object], bool]) -> bool:
    return isinstance(items, list) and all(test(item) for item in items)


def is_char(value: object) -> bool:
    return isinstance(value, str) and len(value) == 1


def is_id(value: object) -> bool:
    return type(value) is int and 0 <= value < MAX_SIZE


def is_merge(merge: object) -> bool:
    """ "a b", or ["a", "b"], as tokenizers saves a merge."""
    pair = merge.split(" ") if isinstance(merge, str) else merge
    return isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)


class TranslatorOnnx:
    """Greedy translation with the exported encoder and decoder step graphs."""

    def __init__(self, folder: Path, *, int8: bool = False, threads: int = 0) -> None:
        names = {k: int8_name(v) if int8 else v for k, v in FILES.items()}
        memory_pool()
        self.encoder = load_session(Path(folder) / names["encoder"], threads)
        path = Path(folder) / names["decoder_step"]
        self.decoder = load_session(path, threads)
        self.meta = meta = read_metadata(self.decoder, path)
        self.source_tok = read_tokenizer(meta, path, "task.source_tokenizer")
        self.target_tok = read_tokenizer(meta, path, "task.target_tokenizer")
        for name in ("task.source_lang", "task.target_lang"):
            field(meta, path, name, str)
        self.layers = field(meta, path, "model.n_decoder_layers", int)
        self.heads = field(meta, path, "model.n_heads", int)
        width = field(meta, path, "model.d_model", int)
        if width % self.heads:
            raise altered(path, "model.n_heads", f"({self.heads}) does not divide model.d_model")
        self.head_dim = width // self.heads
        self.max_len = field(meta, path, "model.max_len", int, MAX_POSITIONS)
        # the special ids, as a runner of another translator names its own
        self.bos_id, self.eos_id, self.pad_id, self.unk_id = BOS_ID, EOS_ID, PAD_ID, UNK_ID

    def source_ids(self, sentence: str) -> list[int]:
        """A sentence's ids, cut to max_len - 1, then EOS (as in training)."""
        return [*self.source_tok.encode(sentence)[: self.max_len - 1], EOS_ID]

    def greedy_ids(self, sources: list[list[int]], max_new_tokens: int) -> list[list[int]]:
        """The likeliest target ids of each source, up to and including EOS."""
        out: list[list[int]] = []
        for start in range(0, len(sources), BATCH):
            out += self._greedy_batch(sources[start : start + BATCH], max_new_tokens)
        return out

    def _greedy_batch(self, sources: list[list[int]], max_new_tokens: int) -> list[list[int]]:
        return self.greedy_from(self.encode(sources), max_new_tokens)

    def encode(self, sources: list[list[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Sources through the encoder graph, right-padded: their mask (B, S) and every
        decoder layer's cross-attention keys and values (L, B, H, S, hd)."""
        n, width = len(sources), max(len(s) for s in sources)
        src = np.full((n, width), PAD_ID, dtype=np.int64)
        src_mask = np.zeros((n, width), dtype=np.int64)
        for i, s in enumerate(sources):
            src[i, : len(s)] = s
            src_mask[i, : len(s)] = 1
        _, cross_keys, cross_values = self.encoder.run(None, {"src_ids": src, "src_mask": src_mask})
        return src_mask, cross_keys, cross_values

    def greedy_from(
        self,
        encoded: tuple[np.ndarray, np.ndarray, np.ndarray],
        max_new_tokens: int,
        before_step: Callable[[], None] | None = None,
    ) -> list[list[int]]:
        """Greedy target ids of encoded sources, up to and including EOS. before_step is
        called before every decoder step (a caller that must stop raises there)."""
        src_mask, cross_keys, cross_values = encoded
        n = src_mask.shape[0]
        keys = np.zeros((self.layers, n, self.heads, 0, self.head_dim), dtype=np.float32)
        values = keys
        prev = np.full(n, BOS_ID, dtype=np.int64)
        tokens = np.full((n, max_new_tokens), PAD_ID, dtype=np.int64)
        finished = np.zeros(n, dtype=bool)
        steps = 0
        for t in range(max_new_tokens):
            if before_step is not None:
                before_step()
            logits, keys, values = self.decoder.run(
                None,
                {
                    "input_ids": prev[:, None],
                    "src_mask": src_mask,
                    "cross_keys": cross_keys,
                    "cross_values": cross_values,
                    "past_keys": keys,
                    "past_values": values,
                },
            )
            nxt = np.where(finished, PAD_ID, logits[:, -1].argmax(-1))  # (B,)
            tokens[:, t] = nxt
            finished |= nxt == EOS_ID
            prev, steps = nxt, t + 1
            if finished.all():
                break
        return [trim(row, EOS_ID) for row in tokens[:, :steps].tolist()]

    def directed(self, sentence: str, to: str | None = None) -> str:
        """The sentence as the model reads it. A model trained both ways gets the tag of
        the language to write (`to`, by default the target language) unless the sentence
        begins with a tag already; a one-way model writes its target language only."""
        task = self.meta["task"]
        target = task["target_lang"]
        if not task.get("both_directions"):
            if to not in (None, target):
                raise ValueError(
                    f"this model translates {task['source_lang']}->{target} only; it was not "
                    "trained both ways"
                )
            return sentence
        langs = (task["source_lang"], target)
        if to is not None and to not in langs:
            raise ValueError(f"this model writes {' or '.join(langs)}, not {to!r}")
        if split_tags(sentence, self.source_tok.tags)[0]:
            return sentence
        return f"<2{to or target}> {sentence}"

    def translate(self, sentences: list[str], to: str | None = None) -> list[str]:
        """Greedy translations; `to`: the language to write (a model trained both ways)."""
        sources = [self.source_ids(self.directed(s, to)) for s in sentences]
        rows = self.greedy_ids(sources, self.max_len)
        return [self.target_tok.decode([i for i in row if i != EOS_ID]) for row in rows]


def trim(row: list[int], eos: int) -> list[int]:
    """A generated row up to and including its first EOS (all of it when there is none)."""
    return row[: row.index(eos) + 1] if eos in row else row


def worked_examples(meta: dict, key: str) -> list[dict]:
    """The metadata's examples that hold `key` as text and a reference; any other (an
    altered file's) is left out, as they only show what the model answers."""
    found = meta["task"].get("examples")
    if not isinstance(found, list):
        return []
    return [
        e for e in found if isinstance(e, dict) and isinstance(e.get(key), str) and "reference" in e
    ]


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    int8 = "--int8" in args
    args = [a for a in args if a != "--int8"]
    to = None
    if "--to" in args:
        at = args.index("--to")
        if at + 1 >= len(args):
            print("error: --to needs a language code (e.g. --to zh)", file=sys.stderr)
            return 2
        to = args[at + 1]
        del args[at : at + 2]
    sentences = args
    try:
        model = TranslatorOnnx(Path(__file__).resolve().parent, int8=int8)
        examples = worked_examples(model.meta, "source")
        if not sentences:
            sentences = [e["source"] for e in examples]
        references = {e["source"]: e["reference"] for e in examples}
        for sentence, output in zip(sentences, model.translate(sentences, to)):
            known = references.get(sentence) if to is None else None
            print(f"{sentence} -> {output}" + (f"   (reference: {known})" if known else ""))
    except (OSError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
