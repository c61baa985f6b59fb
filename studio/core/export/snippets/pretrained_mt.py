"""Translate with an exported translator of yours (a Marian model, opus-mt), using
onnxruntime, numpy and sentencepiece alone (no torch, no transformers, no studio).

From the folder of the export:

    python example_onnx.py                   # the held-out sentences stored in the model
    python example_onnx.py "我喜欢猫。" "你好"  # greedy translations of your own sentences
    python example_onnx.py --int8 "你好"      # the int8-quantized graphs, if exported

The model's own tokenizer is beside the graphs, as the model's folder held it: source.spm
and target.spm (sentencepiece models, one a side) and vocab.json, which maps their pieces
to the model's ids (target_vocab.json for the target side, when the model has its own).
A sentence is its source pieces' ids then the end-of-sentence id; a translation begins
with the decoder start id and ends at the end-of-sentence id; the special ids are in the
ONNX file's metadata ("grpo_studio": task.source_tokenizer, task.target_tokenizer). A
language code before a sentence (">>fra<<", for a model that writes several languages) is
one piece, as transformers' MarianTokenizer reads it.

Every number the metadata holds is checked before use: a file whose metadata was altered
is refused naming the file and the field.

Decoding: the encoder runs once per batch of sentences and returns every decoder layer's
cross-attention keys and values; the decoder step graph then takes the start token with
an empty past, and one token a step after that with the keys and values it returned.

Graphs (B batch, S source tokens, T new target tokens, P past target tokens, L decoder
layers, H heads, hd head size, V vocabulary):
  pretrained_mt_encoder.onnx       src_ids, src_mask (B, S) int64 -> memory (B, S, D),
                                   cross_keys and cross_values (L, B, H, S, hd)
  pretrained_mt_decoder_step.onnx  input_ids (B, T) int64, src_mask, cross_keys,
                                   cross_values, past_keys and past_values (L, B, H, P, hd)
                                   -> logits (B, T, V), present_keys and present_values
                                   (L, B, H, P + T, hd)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime as ort
import sentencepiece

FILES = {
    "encoder": "pretrained_mt_encoder.onnx",
    "decoder_step": "pretrained_mt_decoder_step.onnx",
}
SOURCE_SPM, TARGET_SPM = "source.spm", "target.spm"
VOCAB, TARGET_VOCAB = "vocab.json", "target_vocab.json"
META_KEY = "grpo_studio"
SPACE = "▁"  # sentencepiece's word-start marker
BATCH = 64  # sentences per run of the graphs
MAX_SIZE = 1 << 20  # the largest count (layers, heads, ids, positions) metadata may give
MAX_VOCAB_BYTES = 64 * 1024**2  # a vocabulary file: a few MB


def int8_name(name: str) -> str:
    return name[: -len(".onnx")] + ".int8.onnx"


def load_session(path: Path, threads: int = 0) -> ort.InferenceSession:
    """threads: onnxruntime's threads for one graph run (0: its own choice, every core)."""
    options = ort.SessionOptions()
    options.log_severity_level = 4  # none: every error reaches the caller as an exception
    if threads:
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


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
    if not isinstance(meta, dict) or not isinstance(meta.get("task"), dict):
        raise altered(path, META_KEY, "is not a JSON object with the task")
    return meta


def count(value: Any, path: Path, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SIZE:
        raise altered(path, name, f"is {str(value)[:40]}, not a count up to {MAX_SIZE}")
    return value


def read_vocab(file: Path) -> dict[str, int]:
    """A vocabulary file: piece -> id; ValueError naming the file when it is not one."""
    if file.stat().st_size > MAX_VOCAB_BYTES:
        raise ValueError(f"{file}: is larger than any vocabulary; copy the export again")
    vocab = json.loads(file.read_text(encoding="utf-8"))
    if not isinstance(vocab, dict) or not all(
        isinstance(k, str) and type(v) is int and 0 <= v < MAX_SIZE for k, v in vocab.items()
    ):
        raise ValueError(f"{file}: is not a vocabulary (pieces to ids); copy the export again")
    return vocab


def language_code(text: str) -> tuple[list[str], str]:
    """A leading language code (">>fra<<") as a piece of its own, and the text after it."""
    if text.startswith(">>") and (end := text.find("<<")) != -1:
        return [text[: end + 2]], text[end + 2 :]
    return [], text


class SideTokenizer:
    """One side of the model's tokenizer: its sentencepiece model, the vocabulary mapping
    pieces to ids, and the special ids (from the metadata field `name`)."""

    def __init__(self, folder: Path, side: str, meta: dict, path: Path, shared: bool) -> None:
        name = f"task.{side}_tokenizer"
        spec = meta["task"].get(f"{side}_tokenizer")
        if not isinstance(spec, dict) or not spec.get("model_tokenizer"):
            raise altered(path, name, "is not the model's own tokenizer")
        ids = {k: count(spec.get(k), path, f"{name}.{k}") for k in ("pad_id", "eos_id", "unk_id")}
        self.pad_id, self.eos_id, self.unk_id = ids["pad_id"], ids["eos_id"], ids["unk_id"]
        self.bos_id = count(spec.get("bos_id"), path, f"{name}.bos_id")
        self.tags: list[str] = []  # the studio's direction tags: a translator reads none
        target = side == "target"
        self.spm = sentencepiece.SentencePieceProcessor(
            model_file=str(folder / (TARGET_SPM if target else SOURCE_SPM))
        )
        # as transformers decodes: with the source's model unless the sides' vocabularies differ
        decoder = SOURCE_SPM if shared else TARGET_SPM
        self.decoder_spm = sentencepiece.SentencePieceProcessor(model_file=str(folder / decoder))
        self.vocab = read_vocab(folder / (TARGET_VOCAB if target and not shared else VOCAB))
        self.pieces = {i: piece for piece, i in self.vocab.items()}

    def encode(self, text: str) -> list[int]:
        code, text = language_code(text)
        pieces = code + self.spm.encode(text, out_type=str)
        return [self.vocab.get(piece, self.unk_id) for piece in pieces]

    def decode(self, ids: list[int]) -> str:
        special = {self.pad_id, self.eos_id, self.unk_id, self.bos_id}
        pieces = [self.pieces[i] for i in ids if i not in special and i in self.pieces]
        return self.decoder_spm.decode_pieces(pieces).replace(SPACE, " ").strip()


class PretrainedMTOnnx:
    """Greedy translation with the exported encoder and decoder step graphs."""

    def __init__(self, folder: Path, *, int8: bool = False, threads: int = 0) -> None:
        folder = Path(folder)
        names = {k: int8_name(v) if int8 else v for k, v in FILES.items()}
        self.encoder = load_session(folder / names["encoder"], threads)
        path = folder / names["decoder_step"]
        self.decoder = load_session(path, threads)
        self.meta = meta = read_metadata(self.decoder, path)
        shared = not (folder / TARGET_VOCAB).is_file()
        self.source_tok = SideTokenizer(folder, "source", meta, path, shared)
        self.target_tok = SideTokenizer(folder, "target", meta, path, shared)
        self.bos_id, self.eos_id = self.target_tok.bos_id, self.target_tok.eos_id
        self.pad_id, self.unk_id = self.target_tok.pad_id, self.source_tok.unk_id
        past = {i.name: i.shape for i in self.decoder.get_inputs()}.get("past_keys")
        fixed = [past[i] for i in (0, 2, 4)] if isinstance(past, list) and len(past) == 5 else []
        if len(fixed) != 3 or not all(isinstance(n, int) and 1 <= n <= MAX_SIZE for n in fixed):
            raise ValueError(
                f"{path}: its input past_keys is {past}, not (layers, batch, heads, past, "
                "head size) with those three fixed: the export was altered; export it again"
            )
        self.layers, self.heads, self.head_dim = fixed
        model = meta.get("model")
        model = model if isinstance(model, dict) else {}
        self.max_len = max(2, count(model.get("max_len"), path, "model.max_len"))

    def source_ids(self, sentence: str) -> list[int]:
        """A sentence's ids, cut to max_len - 1, then EOS (as in training)."""
        return [*self.source_tok.encode(sentence)[: self.max_len - 1], self.source_tok.eos_id]

    def greedy_ids(self, sources: list[list[int]], max_new_tokens: int) -> list[list[int]]:
        """The likeliest target ids of each source, up to and including EOS."""
        out: list[list[int]] = []
        for start in range(0, len(sources), BATCH):
            out += self.greedy_from(self.encode(sources[start : start + BATCH]), max_new_tokens)
        return out

    def encode(self, sources: list[list[int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Sources through the encoder graph, right-padded: their mask (B, S) and every
        decoder layer's cross-attention keys and values (L, B, H, S, hd)."""
        n, width = len(sources), max(len(s) for s in sources)
        src = np.full((n, width), self.source_tok.pad_id, dtype=np.int64)
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
        prev = np.full(n, self.bos_id, dtype=np.int64)
        tokens = np.full((n, max_new_tokens), self.pad_id, dtype=np.int64)
        finished = np.zeros(n, dtype=bool)
        steps = 0
        for t in range(max_new_tokens):
            if before_step is not None:
                before_step()
            feeds = {
                "input_ids": prev[:, None],
                "src_mask": src_mask,
                "cross_keys": cross_keys,
                "cross_values": cross_values,
                "past_keys": keys,
                "past_values": values,
            }
            logits, keys, values = self.decoder.run(None, feeds)
            nxt = np.where(finished, self.pad_id, logits[:, -1].argmax(-1))  # (B,)
            tokens[:, t] = nxt
            finished |= nxt == self.eos_id
            prev, steps = nxt, t + 1
            if finished.all():
                break
        return [trim(row, self.eos_id) for row in tokens[:, :steps].tolist()]

    def directed(self, sentence: str, to: str | None = None) -> str:
        """The sentence as the model reads it: a translator writes its target language
        only (`to`, when given, must be it)."""
        task = self.meta["task"]
        target = task.get("target_lang")
        if to not in (None, target):
            raise ValueError(f"this model translates {task.get('source_lang')}->{target} only")
        return sentence

    def translate(self, sentences: list[str], to: str | None = None) -> list[str]:
        """Greedy translations."""
        sources = [self.source_ids(self.directed(s, to)) for s in sentences]
        rows = self.greedy_ids(sources, self.max_len)
        return [self.target_tok.decode(row) for row in rows]


def trim(row: list[int], eos: int) -> list[int]:
    """A generated row up to and including its first EOS (all of it when there is none)."""
    return row[: row.index(eos) + 1] if eos in row else row


def worked_examples(meta: dict, key: str) -> list[dict]:
    """The metadata's examples that hold `key` as text and a reference."""
    found = meta["task"].get("examples")
    if not isinstance(found, list):
        return []
    return [
        e for e in found if isinstance(e, dict) and isinstance(e.get(key), str) and "reference" in e
    ]


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    int8 = "--int8" in args
    sentences = [a for a in args if a != "--int8"]
    try:
        model = PretrainedMTOnnx(Path(__file__).resolve().parent, int8=int8)
        examples = worked_examples(model.meta, "source")
        if not sentences:
            sentences = [e["source"] for e in examples]
        references = {e["source"]: e["reference"] for e in examples}
        for sentence, output in zip(sentences, model.translate(sentences)):
            known = references.get(sentence)
            print(f"{sentence} -> {output}" + (f"   (reference: {known})" if known else ""))
    except (OSError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
