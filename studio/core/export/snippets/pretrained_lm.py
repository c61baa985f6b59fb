"""Run an exported language model of yours with onnxruntime, numpy and tokenizers alone
(no torch, no transformers, no studio).

From the folder of the export:

    python example_onnx.py                  # the held-out examples stored in the model
    python example_onnx.py "12+34=" "7+8="  # greedy completions of your own prompts
    python example_onnx.py --int8 "12+34="  # the int8-quantized graph, if it was exported

The model's own tokenizer is tokenizer.json beside the graphs (Hugging Face `tokenizers`
reads it). A prompt is wrapped as training wrapped it: in the model's chat template
(its text before and after the question, rendered at export and kept in the ONNX file's
metadata, "grpo_studio") when the run used one, else with the tokenizer's own special
tokens. Generation uses the step graph: the left-padded prompts run once with an empty
past, then one token a step with the keys and values the previous call returned, until
every row has written the end-of-text token.

Graphs (B batch, T new tokens, P past tokens, L layers, H key-value heads, hd head size):
  pretrained_lm.onnx       input_ids (B, T) int64, attention_mask (B, T) int64 -> logits
  pretrained_lm_step.onnx  input_ids (B, T), attention_mask (B, P + T), past_keys and
                           past_values (L, B, H, P, hd) float32 -> logits (B, T, V),
                           present_keys and present_values (L, B, H, P + T, hd)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

FILES = {"logits": "pretrained_lm.onnx", "step": "pretrained_lm_step.onnx"}
TOKENIZER_FILE = "tokenizer.json"
META_KEY = "grpo_studio"
BATCH = 64  # prompts per run of the graph
MAX_SIZE = 1 << 20  # the largest count (layers, heads, tokens, ids) metadata may give


def int8_name(name: str) -> str:
    return name[: -len(".onnx")] + ".int8.onnx"


def load_session(path: Path) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.log_severity_level = 4  # none: every error reaches the caller as an exception
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


class ModelTokenizer:
    """The model's tokenizer (tokenizer.json) and how training wrapped a prompt."""

    def __init__(self, folder: Path, meta: dict, path: Path) -> None:
        spec = meta["task"].get("tokenizer")
        if not isinstance(spec, dict) or not spec.get("model_tokenizer"):
            raise altered(path, "task.tokenizer", "is not a model's own tokenizer")
        self.tokenizer = Tokenizer.from_file(str(folder / TOKENIZER_FILE))
        self.eos_id = count(spec.get("eos_id"), path, "task.tokenizer.eos_id")
        self.pad_id = count(spec.get("pad_id"), path, "task.tokenizer.pad_id")
        prefix, suffix = spec.get("chat_prefix"), spec.get("chat_suffix")
        self.chat = isinstance(prefix, str) and isinstance(suffix, str)
        self.prefix = prefix if isinstance(prefix, str) and self.chat else ""
        self.suffix = suffix if isinstance(suffix, str) and self.chat else ""

    def encode(self, prompt: str) -> list[int]:
        if self.chat:  # the template's own tokens are in its text
            return self.tokenizer.encode(
                self.prefix + prompt + self.suffix, add_special_tokens=False
            ).ids
        return self.tokenizer.encode(prompt, add_special_tokens=True).ids

    def decode(self, ids: list[int]) -> str:
        """Text up to the end-of-text token, without special tokens."""
        if self.eos_id in ids:
            ids = ids[: ids.index(self.eos_id)]
        return self.tokenizer.decode(ids, skip_special_tokens=True)


class PretrainedLMOnnx:
    """Greedy completion with the exported step graph."""

    def __init__(self, folder: Path, *, int8: bool = False) -> None:
        folder = Path(folder)
        name = FILES["step"]
        path = folder / (int8_name(name) if int8 else name)
        self.step = load_session(path)
        self.meta = meta = read_metadata(self.step, path)
        self.tokenizer = ModelTokenizer(folder, meta, path)
        past = {i.name: i.shape for i in self.step.get_inputs()}.get("past_keys")
        fixed = [past[i] for i in (0, 2, 4)] if isinstance(past, list) and len(past) == 5 else []
        if len(fixed) != 3 or not all(isinstance(n, int) and 1 <= n <= MAX_SIZE for n in fixed):
            raise ValueError(
                f"{path}: its input past_keys is {past}, not (layers, batch, heads, past, "
                "head size) with those three fixed: the export was altered; export it again"
            )
        self.layers, self.heads, self.head_dim = fixed
        shape = meta.get("shape")  # the model's size as its config resolved it
        shape = shape if isinstance(shape, dict) else {}
        self.max_len = count(shape.get("max_len"), path, "shape.max_len")
        self.max_new_tokens = count(meta["task"].get("max_new_tokens"), path, "task.max_new_tokens")

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
                f"{self.max_len} positions the model was trained with; shorten the prompt"
            )
        ids = np.full((n, width), pad, dtype=np.int64)  # left-padded, as in training
        mask = np.zeros((n, width), dtype=np.int64)
        for i, p in enumerate(prompts):
            ids[i, width - len(p) :] = p
            mask[i, width - len(p) :] = 1
        empty = np.zeros((self.layers, n, self.heads, 0, self.head_dim), dtype=np.float32)
        feeds = {"input_ids": ids, "attention_mask": mask, "past_keys": empty, "past_values": empty}
        logits, keys, values = self.step.run(None, feeds)
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
            feeds = {
                "input_ids": nxt[:, None],
                "attention_mask": mask,
                "past_keys": keys,
                "past_values": values,
            }
            logits, keys, values = self.step.run(None, feeds)
        return [trim(row, eos) for row in tokens[:, :steps].tolist()]

    def complete(self, prompts: list[str]) -> list[str]:
        ids = [self.tokenizer.encode(p) for p in prompts]
        return [self.tokenizer.decode(r) for r in self.greedy_ids(ids, self.max_new_tokens)]


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
    prompts = [a for a in args if a != "--int8"]
    try:
        model = PretrainedLMOnnx(Path(__file__).resolve().parent, int8=int8)
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
