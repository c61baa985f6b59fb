"""What an export needs to know about each task, behind one small interface.

A task names its adapter itself (Task.EXPORT_ADAPTER, "module:Class"); `adapter_for`
builds it. For its task, an adapter gives: the metadata an exported file carries (tokenizers,
class or action names, example inputs), a fixed set of held-out examples, the greedy
outputs of the PyTorch model and of an onnxruntime runner on them (as plain comparable
values: token lists, move sequences, labels), and the task's headline metric on such
outputs, and what the export's README says about them. verify.py compares the two
outputs one example at a time; quantize.py compares the metric of the fp32 and int8
graphs.

Held-out examples come from the task's validation split (the test split when it is
empty), the data the run's evaluation chart is drawn from.
"""

from __future__ import annotations

import io
import pkgutil
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

import numpy as np
import torch
from torch import nn

from studio.core.config.fields import TaskSection
from studio.core.export.snippets.lite_resnet import SAMPLES
from studio.core.messages import say
from studio.core.models.decoder import as_decoder
from studio.core.tasks.base import Task, TaskError

if TYPE_CHECKING:
    from studio.core.models.encoder_decoder import EncoderDecoder
    from studio.core.tasks.gridworld import GridWorldTask
    from studio.core.tasks.shapes import ShapesTask
    from studio.core.tasks.text import TextTask
    from studio.core.tasks.translation.task import TranslationTask

TaskT = TypeVar("TaskT", bound=Task)

SHOWN_EXAMPLES = 5  # examples stored in the metadata for the snippet to run
SAMPLE_FILE_ROWS = 8  # observations saved next to a Lite-ResNet export


class ExportTaskError(TaskError):
    """The task cannot be exported or checked as asked; the message says why."""


def _trim(row: list[int], eos: int) -> list[int]:
    return row[: row.index(eos) + 1] if eos in row else row


class Adapter(ABC, Generic[TaskT]):
    """One task's view for the exporter of a run's task and model. `limit` caps the
    held-out examples compared."""

    METRIC: ClassVar[str]  # name of score()'s figure, e.g. "accuracy"
    CHECKED: ClassVar[str]  # what the README says was compared: "Greedy completions (...)"

    def __init__(self, task: TaskT, model: nn.Module, limit: int) -> None:
        if limit < 1:
            raise ExportTaskError(say("examples must be at least 1, got {n}", n=limit))
        self.task = task
        self.model = model
        self.limit = limit

    @abstractmethod
    def metadata(self) -> dict[str, Any]:
        """The task part of the export's metadata (JSON-able)."""

    @abstractmethod
    def torch_outputs(self, model: nn.Module) -> list[Any]:
        """Greedy outputs of the PyTorch model on the held-out examples."""

    @abstractmethod
    def onnx_outputs(self, runner: Any) -> list[Any]:
        """Greedy outputs of an onnxruntime runner (a snippet class) on the same examples."""

    @abstractmethod
    def score(self, outputs: list[Any]) -> float:
        """The task's headline metric of those outputs."""

    @abstractmethod
    def own_input(self) -> str:
        """The README's example of running the program on the user's own input (the
        arguments after its name, with a comment)."""

    def tokenizers_agree(self, runner: Any) -> bool:
        """Whether the snippet's own tokenizer gives the task's ids and text (True when
        there is no tokenizer)."""
        del runner
        return True

    def extra_files(self) -> dict[str, bytes]:
        """Files written beside the graphs (name -> content)."""
        return {}


# ---- text tasks (any decoder: Micro-GPT's graphs and snippet, or graphs like them)


class TextAdapter(Adapter["TextTask[TaskSection]"]):
    METRIC = "accuracy"
    CHECKED = "Greedy completions (step graph with cache)"

    def __init__(self, task: TextTask[TaskSection], model: nn.Module, limit: int) -> None:
        super().__init__(task, model, limit)
        splits = task.splits()
        self.examples = (splits["valid"] or splits["test"])[:limit]
        if not self.examples:
            raise ExportTaskError(
                say(
                    "{task}: no held-out problems to check the export on; raise "
                    "data.valid_fraction",
                    task=task.NAME,
                )
            )
        self.prompts = [task.tokenizer.encode(e.prompt) for e in self.examples]
        self.max_new = task.max_completion_tokens

    def metadata(self) -> dict[str, Any]:
        return {
            "name": self.task.NAME,
            "tokenizer": self.task.tokenizer.to_dict(),
            "prompt_end": self.task.prompt_end,
            "max_new_tokens": self.max_new,
            "examples": [
                {"prompt": e.prompt, "reference": e.reference}
                for e in self.examples[:SHOWN_EXAMPLES]
            ],
        }

    def torch_outputs(self, model: nn.Module) -> list[Any]:
        from studio.core.tasks.text import pad_rows

        tok = self.task.tokenizer
        ids, mask = pad_rows(self.prompts, tok.pad_id, left=True)
        with torch.no_grad():
            out = as_decoder(model).generate(
                ids,
                mask,
                num_samples=1,
                max_new_tokens=self.max_new,
                eos_id=tok.eos_id,
                greedy=True,
            )
        return [_trim(row, tok.eos_id) for row in out.tokens.tolist()]

    def onnx_outputs(self, runner: Any) -> list[Any]:
        return runner.greedy_ids(self.prompts, self.max_new)

    def score(self, outputs: list[Any]) -> float:
        tok = self.task.tokenizer
        right = [tok.decode(o) == e.reference for o, e in zip(outputs, self.examples)]
        return float(np.mean(right))

    def extra_files(self) -> dict[str, bytes]:
        return self.task.tokenizer.files()  # a model's own tokenizer; none for the studio's

    def own_input(self) -> str:
        return f'"{self.examples[0].prompt}"   # your own prompts'

    def tokenizers_agree(self, runner: Any) -> bool:
        tok, theirs = self.task.tokenizer, runner.tokenizer
        prompts_ok = all(
            theirs.encode(e.prompt) == ids for e, ids in zip(self.examples, self.prompts)
        )
        answers = [tok.encode(e.reference, bos=False, eos=True) for e in self.examples]
        return prompts_ok and all(theirs.decode(ids) == tok.decode(ids) for ids in answers)


# ---- translation (any encoder-decoder: the Tiny-Transformer, a translator of the user's)


class TranslationAdapter(Adapter["TranslationTask"]):
    METRIC = "chrf"
    CHECKED = "Greedy translations (encoder, then decoder step graph with cache)"

    def __init__(self, task: TranslationTask, model: nn.Module, limit: int) -> None:
        super().__init__(task, model, limit)
        self.pairs = (task.splits["valid"] or task.splits["test"])[:limit]
        if not self.pairs:
            raise ExportTaskError(
                say(
                    "translation: no held-out pairs to check the export on; raise "
                    "data.valid_fraction"
                )
            )
        self.max_len: int = cast("EncoderDecoder", model).cfg.max_len
        from studio.core.tasks.translation.directions import held_out_ways

        # as the model reads them: tagged with the language to write in a both-ways run
        read = held_out_ways(self.pairs, task.cfg)[0].sources
        src, mask = task.sources_batch(read, self.max_len)
        self.src, self.src_mask = src, mask  # (B, S) right-padded
        self.sources = [row[m].tolist() for row, m in zip(src, mask)]

    def metadata(self) -> dict[str, Any]:
        t = self.task
        return {
            "name": t.NAME,
            "source_lang": t.cfg.source_lang,
            "target_lang": t.cfg.target_lang,
            "both_directions": t.cfg.both_directions,
            "source_tokenizer": t.source_tok.to_dict(),
            "target_tokenizer": t.target_tok.to_dict(),
            "examples": [{"source": s, "reference": r} for s, r in self.pairs[:SHOWN_EXAMPLES]],
        }

    def torch_outputs(self, model: nn.Module) -> list[Any]:
        tok = self.task.target_tok
        with torch.no_grad():
            gen = cast("EncoderDecoder", model).generate(
                self.src,
                self.src_mask,
                max_new_tokens=self.max_len,
                greedy=True,
                bos_id=tok.bos_id,
                eos_id=tok.eos_id,
            )
        return [_trim(row, tok.eos_id) for row in gen.tokens.tolist()]

    def onnx_outputs(self, runner: Any) -> list[Any]:
        return runner.greedy_ids(self.sources, self.max_len)

    def score(self, outputs: list[Any]) -> float:
        from studio.core.tasks.translation.rewards import corpus_metrics

        hyps = [self.task.detokenize(o) for o in outputs]
        refs = [r for _, r in self.pairs]
        return corpus_metrics(hyps, refs, lang=self.task.cfg.target_lang)["chrf"]

    def own_input(self) -> str:
        return f'"{self.pairs[0][0]}"   # your own sentences'

    def extra_files(self) -> dict[str, bytes]:
        return self.task.tokenizer_files()  # a translator's own; none for the studio's

    def tokenizers_agree(self, runner: Any) -> bool:
        sources_ok = all(
            runner.source_ids(runner.directed(s)) == ids
            for (s, _), ids in zip(self.pairs, self.sources)
        )
        targets = [self.task.target_tok.encode(r) for _, r in self.pairs]
        targets_ok = all(
            runner.target_tok.decode(ids) == self.task.detokenize(ids) for ids in targets
        )
        return sources_ok and targets_ok


# ---- Lite-ResNet: grid world and image classes


IMAGES_INPUT = "images.npy   # your own (N, C, H, W) uint8 array"


def _npz(observations: np.ndarray, labels: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.savez_compressed(buffer, observations=observations, labels=labels)
    return buffer.getvalue()


class GridWorldAdapter(Adapter["GridWorldTask"]):
    """Greedy episodes on held-out grids; an output is (moves, reached the goal)."""

    METRIC = "success"
    CHECKED = "Greedy actions"

    def __init__(self, task: GridWorldTask, model: nn.Module, limit: int) -> None:
        super().__init__(task, model, limit)
        self.examples = task.held_out("valid", limit)
        self.levels = [task.level(e.prompt, e.difficulty) for e in self.examples]

    def _observe(self, batch: Any) -> np.ndarray:
        """What the agent sees, (N, 3, H, W) uint8: the task's own pictures."""
        observe = getattr(self.task, "observe", None)
        if observe is not None:
            return observe(batch)
        from studio.core.envs.render import render

        return render(batch.cells, batch.pos, batch.has_key, self.task.cfg.pixels_per_cell)

    def _play(self, act: Callable[[np.ndarray], np.ndarray]) -> list[Any]:
        """Play every held-out grid with greedy actions act(obs (M, 3, H, W)) -> (M,)."""
        from studio.core.envs.gridworld import GridBatch

        batch = GridBatch(self.levels, self.task.cfg.max_steps)
        moves: list[list[int]] = [[] for _ in self.levels]
        for _ in range(batch.max_steps):
            if batch.done.all():
                break
            rows = np.flatnonzero(~batch.done)
            actions = np.zeros(len(self.levels), dtype=np.int64)
            actions[rows] = act(self._observe(batch)[rows])
            for r in rows.tolist():
                moves[r].append(int(actions[r]))
            batch.step(actions)
        return [(tuple(m), bool(won)) for m, won in zip(moves, batch.success)]

    def metadata(self) -> dict[str, Any]:
        from studio.core.envs.gridworld import ACTIONS

        side = self.task.image_size
        return {
            "name": self.task.NAME,
            "action_names": list(ACTIONS),
            "observation_shape": [3, side, side],
            "label_meaning": "first move of a shortest path",
            "pixels_per_cell": self.task.cfg.pixels_per_cell,
        }

    def torch_outputs(self, model: nn.Module) -> list[Any]:
        def act(obs: np.ndarray) -> np.ndarray:
            with torch.no_grad():
                return model(torch.from_numpy(obs)).argmax(-1).numpy()

        return self._play(act)

    def onnx_outputs(self, runner: Any) -> list[Any]:
        return self._play(runner.act)

    def score(self, outputs: list[Any]) -> float:
        return float(np.mean([won for _, won in outputs]))

    def own_input(self) -> str:
        return IMAGES_INPUT

    def extra_files(self) -> dict[str, bytes]:
        from studio.core.envs.gridworld import GridBatch

        levels = self.levels[:SAMPLE_FILE_ROWS]
        obs = self._observe(GridBatch(levels, self.task.cfg.max_steps))  # the start states
        first = np.array([lv.solution[0] if lv.solution else -1 for lv in levels])
        return {SAMPLES: _npz(obs, first.astype(np.int64))}


class ShapesAdapter(Adapter["ShapesTask"]):
    """The likeliest class of held-out images; an output is a class index."""

    METRIC = "accuracy"
    CHECKED = "Greedy labels"

    def __init__(self, task: ShapesTask, model: nn.Module, limit: int) -> None:
        super().__init__(task, model, limit)
        part = task.splits["valid"] if len(task.splits["valid"].labels) else task.splits["test"]
        self.images, self.labels = part.images[:limit], part.labels[:limit]
        if len(self.labels) == 0:
            raise ExportTaskError(
                say("shapes: no held-out images to check the export on; raise data.valid_fraction")
            )

    def metadata(self) -> dict[str, Any]:
        return {
            "name": self.task.NAME,
            "action_names": list(self.task.class_names),
            "observation_shape": list(self.images.shape[1:]),
            "label_meaning": "true class",
        }

    def torch_outputs(self, model: nn.Module) -> list[Any]:
        with torch.no_grad():
            return model(self.images).argmax(-1).tolist()

    def onnx_outputs(self, runner: Any) -> list[Any]:
        return runner.act(self.images.numpy()).tolist()

    def score(self, outputs: list[Any]) -> float:
        return float(np.mean(np.array(outputs) == self.labels.numpy()))

    def own_input(self) -> str:
        return IMAGES_INPUT

    def extra_files(self) -> dict[str, bytes]:
        rows = slice(0, SAMPLE_FILE_ROWS)
        return {
            SAMPLES: _npz(self.images[rows].numpy(), self.labels[rows].numpy().astype(np.int64))
        }


def adapter_for(task: Task, model: nn.Module, limit: int) -> Adapter[Any]:
    """The export adapter the run's task names, over its model."""
    if task.EXPORT_ADAPTER is None:
        raise ExportTaskError(
            say(
                "the {task} task has no ONNX export yet; export a run of a shipped preset's task",
                task=task.NAME,
            )
        )
    return pkgutil.resolve_name(task.EXPORT_ADAPTER)(task, model, limit)
