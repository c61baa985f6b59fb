"""Run an exported Micro-GPT with onnxruntime and numpy alone (no torch, no studio).

From the folder of the export:

    python example_onnx.py                  # the held-out examples stored in the model
    python example_onnx.py "12+34=" "7+8="  # greedy completions of your own prompts
    python example_onnx.py --int8 "12+34="  # the int8-quantized graph, if it was exported

The tokenizer (one token per character, or BPE pieces whose merges are applied here in
plain Python the way Hugging Face `tokenizers` applies them: Metaspace "▁" word starts,
punctuation and each Han or Kana character split off) and the context length are read
from the ONNX file's metadata ("grpo_studio", a JSON string), the cache's sizes from the
step graph's inputs, so any decoder exported with these two graphs runs here. A prompt
is given the mark every training prompt ended with (task.prompt_end, "=" for "12+34=")
when it lacks it. Generation uses the
step graph: the left-padded prompts run once with an empty past, then one token a step
goes in with the keys and values the previous call returned, until every row has
written EOS.

Graphs (B batch, T new tokens, P past tokens, L layers, H heads, hd head size):
  micro_gpt.onnx       input_ids (B, T) int64, attention_mask (B, T) int64 -> logits (B, T, V)
  micro_gpt_step.onnx  input_ids (B, T), attention_mask (B, P + T), past_keys and
                       past_values (L, B, H, P, hd) float32 -> logits (B, T, V),
                       present_keys and present_values (L, B, H, P + T, hd)
"""

from __future__ import annotations

import itertools
import json
import os
import re
import string
import sys
import unicodedata
from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime as ort

FILES = {"logits": "micro_gpt.onnx", "step": "micro_gpt_step.onnx"}
META_KEY = "grpo_studio"
BATCH = 256  # prompts per run of the graph
MAX_POSITIONS = 65536  # the longest max_len metadata may give (the studio's are ~100)
MAX_SIZE = 1 << 20  # the largest count (layers, heads, tokens) it may give
POOLED = False  # whether the sessions' memory pool is set up (memory_pool)
SPACE = "▁"  # BPE's (Metaspace's) word-start mark
UNSPACED = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")  # Han, Kana


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


def load_session(path: Path) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.log_severity_level = 4  # none: every error reaches the caller as an exception
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


class CharTokenizer:
    """One token per character: PAD 0, EOS 1, BOS 2 if the task uses one, then the alphabet."""

    def __init__(self, meta: dict, path: Path) -> None:
        chars = field(meta, path, "task.tokenizer.chars", object)  # a string or a list
        if not isinstance(chars, str | list) or not all(
            isinstance(c, str) and len(c) == 1 for c in chars
        ):
            raise altered(path, "task.tokenizer.chars", "is not the tokenizer's characters")
        self.chars = "".join(chars)
        self.bos = field(meta, path, "task.tokenizer.bos", bool)
        self.specials = ["<pad>", "<eos>"] + (["<bos>"] if self.bos else [])
        self.pad_id, self.eos_id = 0, 1
        self.ids = {c: i + len(self.specials) for i, c in enumerate(self.chars)}
        self.size = len(self.specials) + len(self.chars)

    def encode(self, text: str) -> list[int]:
        """Prompt ids: BOS (if any), then one id per character."""
        unknown = sorted({c for c in text if c not in self.ids})
        if unknown:
            raise ValueError(
                f"{text!r} uses {''.join(unknown)!r}, which the model never saw; "
                f"write prompts with {self.chars!r} only"
            )
        return ([2] if self.bos else []) + [self.ids[c] for c in text]

    def decode(self, ids: list[int]) -> str:
        """Text up to the first EOS; a stray PAD or BOS shows as its name."""
        out = []
        for i in ids:
            if i == self.eos_id:
                break
            n = len(self.specials)
            out.append(self.chars[i - n] if i >= n else self.specials[i])
        return "".join(out)


# studio.core.data.text_tokenizers' BPE again: this program runs without the studio
class PieceTokenizer:
    """BPE pieces as Hugging Face `tokenizers` saves them: PAD 0, BOS 1, EOS 2, UNK 3, then
    the pieces; no BOS before a prompt. A character never seen in training is UNK."""

    pad_id, eos_id, unk_id = 0, 2, 3

    def __init__(self, meta: dict, path: Path) -> None:
        name = "task.tokenizer.bpe.model"
        vocab = field(meta, path, f"{name}.vocab")
        ids = list(vocab.values())
        if not all(isinstance(k, str) for k in vocab) or not all(type(i) is int for i in ids):
            raise altered(path, f"{name}.vocab", "is not a mapping of pieces to ids")
        if sorted(ids) != list(range(len(ids))) or len(ids) < 4:
            raise altered(path, f"{name}.vocab", "does not number its pieces from 0")
        merges = field(meta, path, f"{name}.merges", list)
        pairs = [m.split(" ") if isinstance(m, str) else m for m in merges]
        if not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(x, str) for x in p)
            for p in pairs
        ):
            raise altered(path, f"{name}.merges", "is not a list of pairs of pieces")
        self.vocab: dict[str, int] = vocab
        self.itos = {i: piece for piece, i in vocab.items()}
        self.ranks = {(a, b): rank for rank, (a, b) in enumerate(pairs)}
        pre = json.dumps(meta["task"]["tokenizer"]["bpe"].get("pre_tokenizer"))
        self.isolate_unspaced = "Split" in pre
        self.size = len(vocab)
        # "prompts": the fit reads prompts letter by letter, each character its own piece
        self.spell_prompts = meta["task"]["tokenizer"].get("spelled") == "prompts"

    def _alone(self, ch: str) -> bool:
        """Whether ch is a piece of its own whatever surrounds it."""
        punctuation = ch in string.punctuation or unicodedata.category(ch).startswith("P")
        return punctuation or (self.isolate_unspaced and bool(UNSPACED.match(ch)))

    def _words(self, text: str) -> list[str]:
        """Spaces become "▁" (one in front), a word starts at each; then every
        punctuation (and Han or Kana) character is a word of its own."""
        if not text:
            return []
        text = text.replace(" ", SPACE)
        if not text.startswith(SPACE):
            text = SPACE + text
        spaced: list[str] = []
        for ch in text:
            if ch == SPACE or not spaced:
                spaced.append(ch)
            else:
                spaced[-1] += ch
        words: list[str] = []
        for word in spaced:
            run = ""
            for ch in word:
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
        """Prompt ids: the pieces of its words (their letters, where prompts are spelled)."""
        split = list if self.spell_prompts else self._merge
        return [self.vocab.get(s, self.unk_id) for w in self._words(text) for s in split(w)]

    def decode(self, ids: list[int]) -> str:
        """Text up to the first EOS; PAD, BOS and UNK leave none. The first piece's "▁" is
        the one put in front: it is dropped."""
        pieces: list[str] = []
        for i in ids:
            if i == self.eos_id:
                break
            if 4 <= i < self.size:
                pieces.append(self.itos[i])
        return "".join(
            p.replace(SPACE, "") if k == 0 else p.replace(SPACE, " ") for k, p in enumerate(pieces)
        )


def read_tokenizer(meta: dict, path: Path) -> CharTokenizer | PieceTokenizer:
    """The tokenizer the metadata describes: BPE pieces (kind "bpe") or characters."""
    spec = field(meta, path, "task.tokenizer")
    if spec.get("kind", "char") == "bpe":
        return PieceTokenizer(meta, path)
    return CharTokenizer(meta, path)


class MicroGPTOnnx:
    """Greedy completion with the exported step graph."""

    def __init__(self, folder: Path, *, int8: bool = False) -> None:
        name = FILES["step"]
        path = Path(folder) / (int8_name(name) if int8 else name)
        memory_pool()
        self.step = load_session(path)
        self.meta = meta = read_metadata(self.step, path)
        self.tokenizer = read_tokenizer(meta, path)
        end = meta["task"].get("prompt_end", "")
        self.prompt_end = end if isinstance(end, str) else ""
        past = {i.name: i.shape for i in self.step.get_inputs()}.get("past_keys")
        # layers, heads and head size are fixed in the graph; batch and past vary
        fixed = [past[i] for i in (0, 2, 4)] if isinstance(past, list) and len(past) == 5 else []
        if len(fixed) != 3 or not all(isinstance(n, int) and 1 <= n <= MAX_SIZE for n in fixed):
            raise ValueError(
                f"{path}: its input past_keys is {past}, not (layers, batch, heads, past, "
                "head size) with those three fixed: the export was altered; export it again"
            )
        self.layers, self.heads, self.head_dim = fixed
        vocab = self.step.get_outputs()[0].shape[-1]  # logits (B, T, V)
        if vocab != self.tokenizer.size:
            raise altered(path, "task.tokenizer", f"does not fit the graph's {vocab} tokens")
        self.max_len = field(meta, path, "model.max_len", int, MAX_POSITIONS)
        self.max_new_tokens = field(meta, path, "task.max_new_tokens", int, self.max_len)

    def greedy_ids(self, prompts: list[list[int]], max_new_tokens: int) -> list[list[int]]:
        """The likeliest continuation of each prompt's ids, up to and including EOS."""
        out: list[list[int]] = []
        for start in range(0, len(prompts), BATCH):
            out += self._greedy_batch(prompts[start : start + BATCH], max_new_tokens)
        return out

    def _greedy_batch(self, prompts: list[list[int]], max_new_tokens: int) -> list[list[int]]:
        pad, eos = self.tokenizer.pad_id, self.tokenizer.eos_id
        n, width = len(prompts), max(len(p) for p in prompts)
        if width + max_new_tokens > self.max_len:
            raise ValueError(
                f"a prompt of {width} tokens plus {max_new_tokens} new ones exceeds the "
                f"model's {self.max_len} positions; shorten the prompt"
            )
        ids = np.full((n, width), pad, dtype=np.int64)  # left-padded, as in training
        mask = np.zeros((n, width), dtype=np.int64)
        for i, p in enumerate(prompts):
            ids[i, width - len(p) :] = p
            mask[i, width - len(p) :] = 1
        empty = np.zeros((self.layers, n, self.heads, 0, self.head_dim), dtype=np.float32)
        logits, keys, values = self.step.run(
            None,
            {"input_ids": ids, "attention_mask": mask, "past_keys": empty, "past_values": empty},
        )
        tokens = np.full((n, max_new_tokens), pad, dtype=np.int64)
        finished = np.zeros(n, dtype=bool)
        steps = 0
        for t in range(max_new_tokens):
            nxt = np.where(finished, pad, logits[:, -1].argmax(-1))  # (B,)
            tokens[:, t] = nxt
            finished |= nxt == eos
            steps = t + 1
            if finished.all() or t == max_new_tokens - 1:
                break
            mask = np.concatenate([mask, np.ones((n, 1), dtype=np.int64)], axis=1)
            logits, keys, values = self.step.run(
                None,
                {
                    "input_ids": nxt[:, None],
                    "attention_mask": mask,
                    "past_keys": keys,
                    "past_values": values,
                },
            )
        return [trim(row, eos) for row in tokens[:, :steps].tolist()]

    def ended(self, prompt: str) -> str:
        """The prompt with the mark training prompts ended with, added when missing."""
        end = self.prompt_end
        return prompt + end if end and prompt and not prompt.endswith(end) else prompt

    def complete(self, prompts: list[str]) -> list[str]:
        ids = [self.tokenizer.encode(self.ended(p)) for p in prompts]
        return [self.tokenizer.decode(r) for r in self.greedy_ids(ids, self.max_new_tokens)]


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
    prompts = [a for a in args if a != "--int8"]
    try:
        model = MicroGPTOnnx(Path(__file__).resolve().parent, int8=int8)
        examples = worked_examples(model.meta, "prompt")
        if not prompts:
            prompts = [e["prompt"] for e in examples]
        references = {e["prompt"]: e["reference"] for e in examples}
        for prompt, answer in zip(prompts, model.complete(prompts)):
            known = references.get(prompt)
            print(
                f"{prompt} -> {answer}" + (f"   (reference: {known})" if known is not None else "")
            )
    except (OSError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
