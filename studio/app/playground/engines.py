"""What the playground runs: a run's model in PyTorch and its ONNX export, timed. No Qt.

`TorchEngine` loads a run's latest checkpoint with `load_trained` and answers with the
task's own decoding (Micro-GPT's `generate`, `translate`, `GridWorldTask.replay`).
`OnnxEngine` answers with the snippet runner classes of studio.core.export.snippets over
the files in <run_dir>/exports: the very classes the export was verified with and the
example program a user receives, so equal answers here mean the export behaves.

Both return an `Answer` (text, latency, and for the grid world its frames), so the tab
can show them side by side. Loading is slow (seconds); the tab does it off the GUI
thread. Answering takes milliseconds to a second.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch

GREEDY = "greedy"
SAMPLED = "sampled"
BEAM = "beam"


class PlaygroundError(ValueError):
    """An input or a run folder the playground cannot use; the message says what to do."""


@dataclass
class Answer:
    """One engine's answer to one request."""

    engine: str  # "PyTorch" or "ONNX"
    texts: list[str]  # one line per completion (several when sampling)
    seconds: float  # wall time of the inference alone (not loading)
    frames: list[np.ndarray] = field(default_factory=list)  # grid world: (H, W, 3) uint8
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return "\n".join(self.texts)

    @property
    def latency(self) -> str:
        ms = self.seconds * 1000
        return f"{ms:.1f} ms" if ms < 100 else f"{ms:.0f} ms"


def episode_text(info: dict[str, Any]) -> str:
    """A grid-world episode in one line: moves, outcome, steps against the shortest path."""
    moves = info.get("moves") or "(no move)"
    return (
        f"{moves}  {info['outcome']} after {info['steps']} steps "
        f"(shortest {info['shortest']}), return {info['return']:+.2f}"
    )


class TorchEngine:
    """A run's latest checkpoint in PyTorch (CPU, eval mode)."""

    name = "PyTorch"

    def __init__(self, run_dir: Path, checkpoint: Path | None = None) -> None:
        from studio.core.runs.checkpoints import latest_checkpoint
        from studio.core.runs.loading import load_trained

        self.run_dir = Path(run_dir)
        self.checkpoint = checkpoint or latest_checkpoint(self.run_dir)
        self.cfg, self.task, self.model = load_trained(self.run_dir, "cpu", self.checkpoint)
        self.model.float().eval()
        self.arch: str = self.cfg.model.ARCH
        self.task_name: str = self.task.NAME

    # ---- Micro-GPT

    def complete(
        self, prompt: str, *, greedy: bool = True, samples: int = 1, temperature: float = 1.0
    ) -> Answer:
        """Continuations of `prompt`: the greedy one, or `samples` sampled ones."""
        from studio.core.tasks.text import pad_rows

        tok = self.task.tokenizer
        ids = tok.encode(prompt)  # BOS first when the task uses one, as in training
        max_new = self.task.max_completion_tokens
        room = self.cfg.model.max_len
        if len(ids) + max_new > room:
            raise PlaygroundError(
                f"the prompt takes {len(ids)} tokens and answers up to {max_new}, more than "
                f"the model's {room} positions; shorten the prompt"
            )
        prompt_ids, mask = pad_rows([ids], tok.pad_id, left=True)  # (1, Tp)
        started = time.perf_counter()
        with torch.no_grad():
            out = self.model.generate(
                prompt_ids,
                mask,
                num_samples=1 if greedy else samples,
                max_new_tokens=max_new,
                temperature=temperature,
                eos_id=tok.eos_id,
                greedy=greedy,
            )
        seconds = time.perf_counter() - started
        return Answer(self.name, [tok.decode(r) for r in out.tokens.tolist()], seconds)

    # ---- translation

    def translate(self, sentence: str, *, decoding: str = GREEDY, beam_size: int = 4) -> Answer:
        from studio.core.tasks.translation.decoding import translate

        started = time.perf_counter()
        (text,) = translate(self.model, self.task, [sentence], decoding, beam_size)
        return Answer(self.name, [text], time.perf_counter() - started)

    # ---- grid world

    def play(self, index: int, *, greedy: bool = True) -> Answer:
        """The agent plays held-out test grid `index` (grids it never trained on)."""
        started = time.perf_counter()
        frames, info = self.task.replay(self.model, split="test", index=index, greedy=greedy)
        seconds = time.perf_counter() - started
        return Answer(self.name, [episode_text(info)], seconds, frames, info)


def export_files(run_dir: Path, arch: str) -> list[Path]:
    """The graph files an export of `arch` in <run_dir>/exports needs."""
    from studio.core.export.pipeline import EXPORT_DIR
    from studio.core.export.snippets import snippet_module

    folder = Path(run_dir) / EXPORT_DIR
    return [folder / name for name in snippet_module(arch).FILES.values()]


def has_export(run_dir: Path, arch: str) -> bool:
    return all(p.is_file() for p in export_files(run_dir, arch))


class OnnxEngine:
    """The run's ONNX export, driven by the export's own snippet runner classes.

    The grid world's levels and rules come from the run's task (`task`); only the
    decisions come from onnxruntime.
    """

    name = "ONNX"

    def __init__(self, run_dir: Path, arch: str, task: Any = None) -> None:
        from studio.core.export.snippets import open_runner

        if not has_export(run_dir, arch):
            raise PlaygroundError(
                f"{Path(run_dir)}: has no ONNX export yet; press Export (or run "
                f"`grpo-studio export {run_dir}`) first"
            )
        self.arch, self.task = arch, task
        self.folder = export_files(run_dir, arch)[0].parent
        self.runner = open_runner(arch, self.folder)
        run = self.runner.meta.get("run", {})
        self.checkpoint: str = run.get("checkpoint") or "?"  # the checkpoint file exported

    def complete(self, prompt: str) -> Answer:
        """The greedy continuation (the snippet runner decodes greedily only)."""
        runner = self.runner
        ids = runner.tokenizer.encode(prompt)
        started = time.perf_counter()
        (row,) = runner.greedy_ids([ids], runner.max_new_tokens)
        seconds = time.perf_counter() - started
        return Answer(self.name, [runner.tokenizer.decode(row)], seconds)

    def sample(
        self, prompt: str, *, samples: int, temperature: float, seed: int | None = None
    ) -> Answer:
        """`samples` sampled continuations, drawn with numpy from the step graph's logits."""
        if not temperature > 0:
            raise PlaygroundError(f"temperature must be positive, got {temperature}")
        runner = self.runner
        tok = runner.tokenizer
        ids = tok.encode(prompt)
        max_new = runner.max_new_tokens
        if len(ids) + max_new > runner.max_len:
            raise PlaygroundError(
                f"the prompt takes {len(ids)} tokens and answers up to {max_new}, more than "
                f"the model's {runner.max_len} positions; shorten the prompt"
            )
        rng = np.random.default_rng(seed)
        n = samples
        mask = np.ones((n, len(ids)), dtype=np.int64)  # (G, Tp): one prompt, no padding
        empty = np.zeros((runner.layers, n, runner.heads, 0, runner.head_dim), dtype=np.float32)
        feed = {
            "input_ids": np.tile(np.asarray(ids, dtype=np.int64), (n, 1)),
            "attention_mask": mask,
            "past_keys": empty,
            "past_values": empty,
        }
        rows: list[list[int]] = [[] for _ in range(n)]
        finished = np.zeros(n, dtype=bool)
        started = time.perf_counter()
        for _ in range(max_new):
            logits, keys, values = runner.step.run(None, feed)
            z = logits[:, -1].astype(np.float64) / temperature  # (G, V)
            p = np.exp(z - z.max(-1, keepdims=True))
            p /= p.sum(-1, keepdims=True)
            nxt = np.array([rng.choice(len(row), p=row) for row in p], dtype=np.int64)
            nxt = np.where(finished, tok.pad_id, nxt)  # (G,)
            for i in np.flatnonzero(~finished):
                rows[i].append(int(nxt[i]))
            finished |= nxt == tok.eos_id
            if finished.all():
                break
            mask = np.concatenate([mask, np.ones((n, 1), dtype=np.int64)], axis=1)
            feed = {
                "input_ids": nxt[:, None],
                "attention_mask": mask,
                "past_keys": keys,
                "past_values": values,
            }
        seconds = time.perf_counter() - started
        return Answer(self.name, [tok.decode(r) for r in rows], seconds)

    def translate(self, sentence: str) -> Answer:
        started = time.perf_counter()
        (text,) = self.runner.translate([sentence])
        return Answer(self.name, [text], time.perf_counter() - started)

    def play(self, index: int) -> Answer:
        """Greedy play of held-out test grid `index`, as TorchEngine.play does it."""
        from studio.core.envs.gridworld import GridBatch, arrows, outcomes, play

        task = self.task
        if task is None:
            raise PlaygroundError("the grid world needs the run's task; load the run first")
        example = task.held_out("test", index + 1)[index]
        batch = GridBatch([task.level(example.prompt, example.difficulty)], task.cfg.max_steps)

        def choose(t: int, obs: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            return self.runner.act(obs), np.zeros(len(rows), dtype=np.float32)

        started = time.perf_counter()
        ep = play(batch, choose, task.observe)
        seconds = time.perf_counter() - started
        info = {
            "outcome": outcomes(ep.batch)[0],
            "steps": int(ep.batch.steps[0]),
            "return": float(ep.batch.returns(task.cfg.step_cost, task.cfg.lava_penalty)[0]),
            "moves": arrows(ep.actions, ep.mask)[0],
            "shortest": len(example.reference),
            "display": example.display,
        }
        pictures = [*ep.obs[0], ep.final_obs[0]]  # (3, H, W) each
        frames = [np.ascontiguousarray(f.transpose(1, 2, 0)) for f in pictures]
        return Answer(self.name, [episode_text(info)], seconds, frames, info)
