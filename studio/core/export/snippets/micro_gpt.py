"""Run an exported Micro-GPT with onnxruntime and numpy alone (no torch, no studio).

From the folder of the export:

    python example_onnx.py                  # the held-out examples stored in the model
    python example_onnx.py "12+34=" "7+8="  # greedy completions of your own prompts
    python example_onnx.py --int8 "12+34="  # the int8-quantized graph, if it was exported

The tokenizer (one token per character) and the context length are read from the ONNX
file's metadata ("grpo_studio", a JSON string), the cache's sizes from the step graph's
inputs, so any decoder exported with these two graphs runs here. Generation uses the
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

import json
import sys
from pathlib import Path

import numpy as np
import onnxruntime as ort

FILES = {"logits": "micro_gpt.onnx", "step": "micro_gpt_step.onnx"}
META_KEY = "grpo_studio"
BATCH = 256  # prompts per run of the graph


def int8_name(name: str) -> str:
    return name[: -len(".onnx")] + ".int8.onnx"


def load_session(path: Path) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.log_severity_level = 3  # errors only
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def read_metadata(session: ort.InferenceSession) -> dict:
    return json.loads(session.get_modelmeta().custom_metadata_map[META_KEY])


class CharTokenizer:
    """One token per character: PAD 0, EOS 1, BOS 2 if the task uses one, then the alphabet."""

    def __init__(self, spec: dict) -> None:
        self.chars = spec["chars"]
        self.bos = bool(spec["bos"])
        self.specials = ["<pad>", "<eos>"] + (["<bos>"] if self.bos else [])
        self.pad_id, self.eos_id = 0, 1
        self.ids = {c: i + len(self.specials) for i, c in enumerate(self.chars)}

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


class MicroGPTOnnx:
    """Greedy completion with the exported step graph."""

    def __init__(self, folder: Path, *, int8: bool = False) -> None:
        name = FILES["step"]
        self.step = load_session(Path(folder) / (int8_name(name) if int8 else name))
        self.meta = read_metadata(self.step)
        self.tokenizer = CharTokenizer(self.meta["task"]["tokenizer"])
        past = {i.name: i.shape for i in self.step.get_inputs()}["past_keys"]
        # layers, heads and head size are fixed in the graph; batch and past vary
        self.layers, _, self.heads, _, self.head_dim = past
        self.max_len = self.meta["model"]["max_len"]
        self.max_new_tokens = self.meta["task"]["max_new_tokens"]

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

    def complete(self, prompts: list[str]) -> list[str]:
        ids = [self.tokenizer.encode(p) for p in prompts]
        return [self.tokenizer.decode(r) for r in self.greedy_ids(ids, self.max_new_tokens)]


def trim(row: list[int], eos: int) -> list[int]:
    """A generated row up to and including its first EOS (all of it when there is none)."""
    return row[: row.index(eos) + 1] if eos in row else row


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    int8 = "--int8" in args
    prompts = [a for a in args if a != "--int8"]
    try:
        model = MicroGPTOnnx(Path(__file__).resolve().parent, int8=int8)
        examples = model.meta["task"].get("examples", [])
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
