"""The two backends live translation runs on: a run's model in PyTorch, or its ONNX export.

Both split a translation in two, so that the encoder's output for a source sentence can
be cached and a translation still running can be stopped between two decoder steps:

- `encode(sentence)`: the source through the encoder, an `Encoded` with its size in bytes;
- `decode(encoded, decoding, check)`: greedy or beam-search decoding from it (a
  `Decoding`), calling `check()` before every decoder step (it raises `Cancelled` to stop);
- `decode_ranked(encoded, beams, check)`: beam search's final hypotheses, best first
  (the best is `decode`'s beam translation; the others are the alternatives a server offers);
- `translate_batch(sentences, decoding)`: many sentences at once (files), batched.

PyTorch decodes greedily with the model's own cached `decode_step` and does beam search
with the models' shared beam_search; ONNX greedy decoding is the export's own runner (the
architecture's, the class the export was verified with: `TranslatorOnnx` of a
Tiny-Transformer, `PretrainedMTOnnx` of a translator of the user's, which share the graph
contract and name their special ids), and its beam search is the same shared beam_search
driving the exported decoder step graph. For one sentence, the
greedy translation is the one `decoding.translate` gives (tests check it), so live
answers equal the playground button's.

References: studio/core/models/beam_search.py; studio/core/export/snippets/tiny_transformer.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

import numpy as np
import torch
from torch import nn

from studio.core.config.decoding import Decoding
from studio.core.export.snippets import runner_class
from studio.core.messages import say
from studio.core.models.beam_search import beam_search, ranked_beam_search
from studio.core.models.encoder_decoder import EncoderDecoder
from studio.core.runs.loading import load_run_config, load_trained
from studio.core.serving.engines import export_folder
from studio.core.tasks.base import unwrap
from studio.core.tasks.translation.config import TranslationConfig, TranslationError
from studio.core.tasks.translation.decoding import translate

BATCH = 64  # sentences per run of the ONNX graphs, as the runner batches
Check = Callable[[], None]


class Cancelled(Exception):
    """A newer request replaced this translation before it finished."""


def never_cancelled() -> None:
    """The check of work nobody cancels (the command line, the server)."""


class Encoded(Protocol):
    @property
    def nbytes(self) -> int: ...


class Backend(Protocol):
    """What live translation needs of an engine."""

    name: str  # "PyTorch" or "ONNX"
    target_lang: str
    max_len: int  # the longest source, in tokens, EOS included
    unk_id: int  # the source token of what the model's vocabulary lacks

    def source_ids(self, sentence: str) -> list[int]: ...

    def encode(self, sentence: str) -> Encoded: ...

    def decode(self, encoded: Any, decoding: Decoding, check: Check) -> str: ...

    def decode_ranked(self, encoded: Any, beams: int, check: Check) -> list[str]: ...

    def translate_batch(self, sentences: list[str], decoding: Decoding) -> list[str]: ...


# ---- PyTorch


@dataclass
class TorchEncoded:
    src: torch.Tensor  # (1, S) source ids
    mask: torch.Tensor  # (1, S) True at real tokens
    memory: torch.Tensor  # (1, S, D)

    @property
    def nbytes(self) -> int:
        return int(self.src.nbytes + self.mask.nbytes + self.memory.nbytes)


class _KnownMemory:
    """The model as beam_search sees it, with the source's encoder output already known,
    and the check run before every decoder step."""

    def __init__(self, model: EncoderDecoder, memory: torch.Tensor, check: Check) -> None:
        self.model, self.memory, self.check = model, memory, check
        self.pad_id = model.pad_id

    def encode(self, src: torch.Tensor, src_mask: torch.Tensor) -> torch.Tensor:
        return self.memory

    def init_cache(self, memory: torch.Tensor, src_mask: torch.Tensor, steps: int, repeat: int):
        return self.model.init_cache(memory, src_mask, steps, repeat=repeat)

    def decode_step(self, tokens: torch.Tensor, pos: int, cache: Any) -> torch.Tensor:
        self.check()
        return self.model.decode_step(tokens, pos, cache)


class TorchBackend:
    """A translation run's model and task in PyTorch (eval mode, no gradients)."""

    name = "PyTorch"

    def __init__(self, model: nn.Module, task: Any) -> None:
        self.model = cast(EncoderDecoder, unwrap(model).eval())
        self.task = task
        self.max_len: int = self.model.cfg.max_len
        self.target_lang: str = task.cfg.target_lang
        self.unk_id: int = task.source_tok.unk_id

    def source_ids(self, sentence: str) -> list[int]:
        return self.task.encode_source(sentence)

    @torch.no_grad()
    def encode(self, sentence: str) -> TorchEncoded:
        src, mask = self.task.sources_batch([sentence], self.max_len)  # (1, S)
        return TorchEncoded(src, mask, self.model.encode(src, mask))

    @torch.no_grad()
    def decode(self, encoded: TorchEncoded, decoding: Decoding, check: Check) -> str:
        if decoding.greedy:
            return self.task.detokenize(self.greedy_ids(encoded, check))
        return self.decode_ranked(encoded, decoding.beams, check)[0]

    @torch.no_grad()
    def decode_ranked(self, encoded: TorchEncoded, beams: int, check: Check) -> list[str]:
        tok = self.task.target_tok
        (ranked,) = ranked_beam_search(
            _KnownMemory(self.model, encoded.memory, check),
            encoded.src,
            encoded.mask,
            beam_size=beams,
            max_new_tokens=self.max_len,
            bos_id=tok.bos_id,
            eos_id=tok.eos_id,
            length_penalty=self.task.cfg.beam_length_penalty,
        )
        return [self.task.detokenize(ids) for ids in ranked]

    @torch.no_grad()
    def greedy_ids(self, encoded: TorchEncoded, check: Check = never_cancelled) -> list[int]:
        """The greedy target ids of an encoded source, EOS included (when reached)."""
        tok = self.task.target_tok
        cache = self.model.init_cache(encoded.memory, encoded.mask, self.max_len)
        prev = torch.full((1,), tok.bos_id, dtype=torch.long)
        ids: list[int] = []
        for pos in range(self.max_len):
            check()
            prev = self.model.decode_step(prev, pos, cache).argmax(dim=-1)  # (1,)
            ids.append(int(prev))
            if ids[-1] == tok.eos_id:
                break
        return ids

    def translate_batch(self, sentences: list[str], decoding: Decoding) -> list[str]:
        return translate(cast(nn.Module, self.model), self.task, sentences, decoding)


# ---- ONNX


@dataclass
class OnnxEncoded:
    src_mask: np.ndarray  # (B, S) int64
    cross_keys: np.ndarray  # (L, B, H, S, hd)
    cross_values: np.ndarray

    @property
    def nbytes(self) -> int:
        return int(self.src_mask.nbytes + self.cross_keys.nbytes + self.cross_values.nbytes)


class _OnnxBeamCache:
    """The decoder's past keys and values for N = P * K beam rows (numpy)."""

    def __init__(self, encoded: OnnxEncoded, repeat: int, runner: Any) -> None:
        self.src_mask = np.repeat(encoded.src_mask, repeat, axis=0)  # (N, S)
        self.cross_keys = np.repeat(encoded.cross_keys, repeat, axis=1)  # (L, N, H, S, hd)
        self.cross_values = np.repeat(encoded.cross_values, repeat, axis=1)
        n = self.src_mask.shape[0]
        self.keys = np.zeros((runner.layers, n, runner.heads, 0, runner.head_dim), np.float32)
        self.values = self.keys

    def reorder(self, rows: torch.Tensor) -> None:
        index = rows.numpy()
        self.keys, self.values = self.keys[:, index], self.values[:, index]


class _OnnxBeamModel:
    """The exported graphs as beam_search sees a model: encode was done already, and
    each decoder step runs the decoder step graph."""

    def __init__(self, runner: Any, encoded: OnnxEncoded, check: Check) -> None:
        self.runner, self.encoded, self.check = runner, encoded, check
        self.pad_id: int = runner.pad_id

    def encode(self, src: torch.Tensor, src_mask: torch.Tensor) -> None:
        return None  # init_cache takes the encoded sources instead

    def init_cache(self, memory: None, src_mask: torch.Tensor, steps: int, repeat: int):
        return _OnnxBeamCache(self.encoded, repeat, self.runner)

    def decode_step(self, tokens: torch.Tensor, pos: int, cache: _OnnxBeamCache) -> torch.Tensor:
        self.check()
        logits, cache.keys, cache.values = self.runner.decoder.run(
            None,
            {
                "input_ids": tokens.numpy()[:, None],
                "src_mask": cache.src_mask,
                "cross_keys": cache.cross_keys,
                "cross_values": cache.cross_values,
                "past_keys": cache.keys,
                "past_values": cache.values,
            },
        )
        return torch.from_numpy(logits[:, -1])  # (N, V)


class OnnxBackend:
    """A run's ONNX export through its runner; beam search ranks like the run's task
    (length_penalty, the task's beam_length_penalty)."""

    name = "ONNX"

    def __init__(self, runner: Any, length_penalty: float = 1.0) -> None:
        self.runner = runner  # the architecture's snippet runner (TranslatorOnnx's contract)
        self.length_penalty = length_penalty
        self.target_lang: str = runner.meta["task"].get("target_lang", "en")
        self.max_len: int = runner.max_len
        self.unk_id: int = runner.unk_id

    def source_ids(self, sentence: str) -> list[int]:
        return self.runner.source_tok.encode(sentence)

    def encode(self, sentence: str) -> OnnxEncoded:
        return self._encode([sentence])

    def _encode(self, sentences: list[str]) -> OnnxEncoded:
        return OnnxEncoded(*self.runner.encode([self.runner.source_ids(s) for s in sentences]))

    def decode(self, encoded: OnnxEncoded, decoding: Decoding, check: Check) -> str:
        return self._decode(encoded, decoding, check)[0]

    def decode_ranked(self, encoded: OnnxEncoded, beams: int, check: Check) -> list[str]:
        mask = torch.from_numpy(encoded.src_mask).bool()
        (ranked,) = ranked_beam_search(
            _OnnxBeamModel(self.runner, encoded, check),
            mask.long(),
            mask,
            beam_size=beams,
            max_new_tokens=self.runner.max_len,
            bos_id=self.runner.bos_id,
            eos_id=self.runner.eos_id,
            length_penalty=self.length_penalty,
        )
        return [self._text(ids) for ids in ranked]

    def _text(self, ids: list[int]) -> str:
        return self.runner.target_tok.decode([i for i in ids if i != self.runner.eos_id])

    def _decode(self, encoded: OnnxEncoded, decoding: Decoding, check: Check) -> list[str]:
        runner = self.runner
        if not decoding.greedy:
            mask = torch.from_numpy(encoded.src_mask).bool()
            rows = beam_search(
                _OnnxBeamModel(runner, encoded, check),
                mask.long(),
                mask,
                beam_size=decoding.beams,
                max_new_tokens=runner.max_len,
                bos_id=self.runner.bos_id,
                eos_id=self.runner.eos_id,
                length_penalty=self.length_penalty,
            )
        else:
            rows = runner.greedy_from(
                (encoded.src_mask, encoded.cross_keys, encoded.cross_values), runner.max_len, check
            )
        return [self._text(row) for row in rows]

    def translate_batch(self, sentences: list[str], decoding: Decoding) -> list[str]:
        out: list[str] = []
        for start in range(0, len(sentences), BATCH):
            chunk = self._encode(sentences[start : start + BATCH])
            out += self._decode(chunk, decoding, never_cancelled)
        return out


# ---- opening a run


def open_backend(run_dir: Path, *, onnx: bool = False, onnx_threads: int = 0) -> Backend:
    """The backend of a translation run: its latest checkpoint in PyTorch, or its ONNX
    export (onnx=True; the PyTorch model is then not loaded at all) run with
    `onnx_threads` threads (0: onnxruntime's choice)."""
    run_dir = Path(run_dir)
    cfg = load_run_config(run_dir)
    if not isinstance(cfg.task, TranslationConfig):
        raise TranslationError(
            say(
                "{path}: a run of the {task} task, not translation; give the folder of a "
                "Tiny-Transformer translation run",
                path=run_dir,
                task=cfg.task.NAME,
            )
        )
    if not onnx:
        _, task, model = load_trained(run_dir)
        return TorchBackend(model, task)
    folder = export_folder(run_dir, cfg.model.ARCH)
    try:
        runner = runner_class(cfg.model.ARCH)(folder, threads=onnx_threads)
    except ValueError:  # the program's own: they name the file, the field and the fix
        raise
    except Exception as err:  # onnxruntime's own errors for a damaged file
        raise TranslationError(
            say(
                "{path}: the ONNX export could not be loaded ({reason}); export the run again",
                path=folder,
                reason=str(err),
            )
        ) from err
    return OnnxBackend(runner, cfg.task.beam_length_penalty)
