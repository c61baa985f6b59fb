"""The grid-world task: a Lite-ResNet agent learns to reach the goal from pixels with GRPO.

How GRPO maps onto episodes: a prompt is a start state (a level drawn from a seed), a
completion is an episode played from it, T is the step limit, the mask covers the steps
actually taken, and the reward is the episode's return (1 at the goal, minus a cost per
step, minus a penalty in lava). The trainer broadcasts each episode's group advantage
over its steps, so every action of a better-than-its-group episode is made likelier.

All N = P*G environments step together (studio.core.envs.GridBatch): one batched forward
per time step, T in all. Observations are kept as uint8 images so that token_logprobs
can recompute every step's logits in one batched forward through model(...).

Held-out grids: training levels come from even seeds, validation and test levels from
odd ones (two disjoint ranges fixed by data.split_seed), so no evaluation grid is ever a
training seed.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

from studio.core.config.arguments import check_index
from studio.core.config.decoding import Decoding
from studio.core.config.fields import ConfigError, ModelSection, TaskSection, param, shown
from studio.core.envs.gridworld import (
    ACTIONS,
    ARROWS,
    CELL_NAMES,
    EMPTY,
    NUM_ACTIONS,
    Chooser,
    GridBatch,
    Level,
    LevelParams,
    arrows,
    generate_level,
    goal_of,
    greedy_walk,
    outcomes,
    play,
    standing_states,
    state_cells,
    success_chances,
    with_walls,
)
from studio.core.envs.render import render
from studio.core.messages import Message, say
from studio.core.models import Question
from studio.core.models.lite_resnet import LiteResNet, LiteResNetConfig
from studio.core.models.sampling import choose, token_logprobs_and_entropy
from studio.core.tasks.base import (
    Example,
    RewardFunction,
    Rollout,
    Sampling,
    Task,
    UserSettings,
    check_split,
    model_device,
)
from studio.core.tasks.probing import DIGITS, rounded

HELD_OUT_SPAN = 10_000_000  # seeds per split; valid and test ranges never overlap
PROBE_BATCH = 128  # states a probe forward takes at once


@dataclass
class GridWorldConfig(TaskSection):
    """Procedural grid worlds with walls (and optionally lava, a key and a door)."""

    NAME: ClassVar[str] = "gridworld"

    size: int = param(
        6,
        "Grid side in cells at the hardest level (evaluation uses it)",
        min=2,
        max=16,
        label="Grid size",
    )
    min_size: int = param(
        4,
        "Grid side at level 0; the curriculum grows it to size",
        min=2,
        max=16,
        label="Smallest grid",
    )
    levels: int = param(
        3,
        "Curriculum levels: grid size and wall density grow with the level",
        min=1,
        max=10,
        label="Levels",
    )
    wall_density: float = param(
        0.2,
        "Share of free cells that are walls at the hardest level (level 0: none)",
        min=0.0,
        max=0.6,
        label="Walls",
    )
    lava_density: float = param(
        0.0,
        "Share of free cells that are lava from lava_level on (0: no lava)",
        min=0.0,
        max=0.3,
        label="Lava",
    )
    lava_level: int = param(
        1, "First level with lava (when lava_density > 0)", min=0, label="Lava from level"
    )
    key_door: bool = param(
        False,
        "From key_level on, a wall with a locked door splits the grid "
        "and a key must be fetched first",
        label="Key and door",
    )
    key_level: int = param(
        2, "First level with the key and door (when key_door is on)", min=0, label="Key from level"
    )
    max_steps: int = param(
        24,
        "Step limit of an episode (T); longer levels are never drawn",
        min=1,
        max=256,
        label="Step limit",
    )
    step_cost: float = param(
        0.01,
        "Return lost per step taken: shorter paths score higher",
        min=0.0,
        max=0.1,
        label="Cost per step",
    )
    lava_penalty: float = param(
        0.5, "Return lost by walking into lava (the episode ends)", min=0.0, label="Lava penalty"
    )
    pixels_per_cell: int = param(
        4,
        "Rendered pixels per cell side (image = size x this)",
        min=1,
        max=16,
        label="Pixels per cell",
    )
    walls: list[list[int]] = param(
        None,
        "Walls added to the grid the Policy tab shows, as [row, column] pairs counted from 0 "
        "(a teacher draws them there by clicking before Start)",
        label="Drawn walls",
        default_factory=list,
    )
    walls_share: float = param(
        0.25,
        "With walls drawn (task.walls), the share of training episodes played on the "
        "Policy tab's grid, so the agent learns its way round them",
        min=0.0,
        max=1.0,
        label="Share on the drawn grid",
    )

    def __post_init__(self) -> None:
        if self.min_size > self.size:
            raise ConfigError(
                say(
                    "task.min_size: must be at most task.size ({size}), got {value}",
                    size=self.size,
                    value=self.min_size,
                )
            )
        for wall in self.walls:
            if len(wall) != 2:
                raise ConfigError(
                    say(
                        "task.walls: each wall is a [row, column] pair, got {value}; write it "
                        "like [1, 2]",
                        value=shown(wall),
                    )
                )
            r, c = wall
            if not (0 <= r < self.size and 0 <= c < self.size):
                raise ConfigError(
                    say(
                        "task.walls: [{row}, {column}] is outside the grid ({size} cells a "
                        "side); rows and columns go from 0 to {last}",
                        row=r,
                        column=c,
                        size=self.size,
                        last=self.size - 1,
                    )
                )

    def drawn_walls(self) -> list[tuple[int, int]]:
        """task.walls as (row, col) pairs, each once, in the order given."""
        return list(dict.fromkeys((int(r), int(c)) for r, c in self.walls))

    def class_grid(self, split_seed: int) -> Level:
        """The grid the Policy tab shows (a held-out grid of its own, at the hardest level)
        with task.walls added; ConfigError naming task.walls and the fix when a wall is on
        the start or the goal, or the walls leave the goal out of reach within
        task.max_steps."""
        seed, level = class_seed(split_seed), self.levels - 1
        plain = _cached_level(seed, self.level_params(level), self.size)
        walls = self.drawn_walls()
        goal = goal_of(plain.cells)
        for r, c in walls:
            if (r, c) == plain.start:
                raise ConfigError(
                    say(
                        "task.walls: [{row}, {column}] is the start cell; a wall cannot stand "
                        "there, pick another cell",
                        row=r,
                        column=c,
                    )
                )
            if (r, c) == goal:
                raise ConfigError(
                    say(
                        "task.walls: [{row}, {column}] is the goal cell; a wall cannot stand "
                        "there, pick another cell",
                        row=r,
                        column=c,
                    )
                )
        if not walls:
            return plain
        walled = with_walls(plain, walls)
        if walled is None:
            raise ConfigError(
                say(
                    "task.walls: these walls leave no way from the start to the goal; remove "
                    "one of them (in the Policy tab: click it again)"
                )
            )
        if len(walled.solution) > self.max_steps:
            raise ConfigError(
                say(
                    "task.walls: the shortest way round these walls takes {moves} moves, more "
                    "than the step limit task.max_steps ({limit}); remove a wall or raise "
                    "task.max_steps",
                    moves=len(walled.solution),
                    limit=self.max_steps,
                )
            )
        return walled

    def class_grid_picture(self, split_seed: int) -> dict[str, Any]:
        """The class grid as a "grid" snapshot without a policy (no probabilities, values
        or walk): what the Policy tab shows before Start, where walls are drawn.
        ConfigError as class_grid."""
        lv = self.class_grid(split_seed)
        side = self.size
        return {
            "kind": "grid",
            "title": class_title(self, split_seed, lv),
            "actions": list(ACTIONS),
            "cells": [[CELL_NAMES[lv.cells[r, c]] for c in range(side)] for r in range(side)],
            "start": list(lv.start),
            "probs": [],
            "max_steps": self.max_steps,
            "walls": [list(rc) for rc in self.drawn_walls()],
        }

    def level_params(self, level: int) -> LevelParams:
        """What level `level` (0 .. levels-1) draws: size and walls grow linearly."""
        frac = 1.0 if self.levels == 1 else level / (self.levels - 1)
        return LevelParams(
            size=round(self.min_size + (self.size - self.min_size) * frac),
            wall_density=self.wall_density * frac,
            lava_density=self.lava_density if level >= self.lava_level else 0.0,
            key_door=self.key_door and level >= self.key_level,
            max_steps=self.max_steps,
        )


def class_seed(split_seed: int) -> int:
    """The seed of the class grid, the one the Policy tab shows and walls are drawn on: odd
    (never a random training seed) and past the validation and test ranges (never
    evaluated)."""
    return 2 * (split_seed * 4 * HELD_OUT_SPAN + 2 * HELD_OUT_SPAN) + 1


def class_title(cfg: GridWorldConfig, split_seed: int, level: Level) -> Message:
    """How the Policy tab names the class grid (the shape of an example's display)."""
    top = cfg.level_params(cfg.levels - 1).size
    return level_title(cfg.levels - 1, top, class_seed(split_seed), len(level.solution))


def level_title(level: int, size: int, seed: int, moves: int) -> Message:
    """'level 2, 5x5, seed 98720000001, shortest 6': a grid in words (an example's display)."""
    return say(
        "level {level}, {rows}x{cols}, seed {seed}, shortest {moves}",
        level=level,
        rows=size,
        cols=size,
        seed=seed,
        moves=moves,
    )


@lru_cache(maxsize=8192)
def _cached_level(seed: int, params: LevelParams, canvas: int) -> Level:
    return generate_level(seed, params, canvas)


def _frames(steps: np.ndarray, final: np.ndarray) -> list[np.ndarray]:
    """(T, 3, H, W) pictures before each step and the final (3, H, W) one, as (H, W, 3)."""
    return [np.ascontiguousarray(f.transpose(1, 2, 0)) for f in [*steps, final]]


def policy_chooser(
    model: nn.Module,
    *,
    temperature: float = 1.0,
    top_k: int = 0,
    top_p: float = 1.0,
    greedy: bool = False,
) -> Chooser:
    """A Chooser that runs `model` on the observations (call under no_grad).

    It names the rows still playing when it samples, so each episode's moves come from its
    own row of the shared noise (models/sampling.py): a rollout split over processes plays
    the same moves as the whole one, although finished episodes leave the batch.
    """
    device = model_device(model)

    def choose_moves(t: int, obs: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        logits = model(torch.from_numpy(obs).to(device))  # (M, A), M episodes still playing
        acts, lp = choose(
            logits,
            temperature=temperature,
            top_k=top_k,
            top_p=top_p,
            greedy=greedy,
            rows=torch.from_numpy(rows),
        )
        return acts.cpu().numpy(), lp.float().cpu().numpy()

    return choose_moves


class GridWorldTask(Task[GridWorldConfig]):
    """Reach the goal in a procedurally generated grid world, seen as an RGB image."""

    NAME: ClassVar[str] = "gridworld"
    CONFIG = GridWorldConfig
    MODEL_KIND = "image"
    EVAL_METRIC: ClassVar[str] = "success"
    EXPORT_ADAPTER: ClassVar[str] = "studio.core.export.adapters:GridWorldAdapter"
    QUESTION: ClassVar[Question] = "grid"
    DATA_FIELDS: ClassVar[tuple[str, ...]] = ("split_seed",)  # it generates its own grids
    SAMPLE_NOUN: ClassVar[str] = "episode (moves)"

    def __init__(
        self,
        cfg: GridWorldConfig,
        data: Any,
        *,
        seed: int,
        user_settings: UserSettings | None = None,
        model: ModelSection | None = None,
    ) -> None:
        super().__init__(cfg, data, seed=seed, user_settings=user_settings, model=model)
        for name, first in (("lava_level", cfg.lava_level), ("key_level", cfg.key_level)):
            on = cfg.lava_density > 0 if name == "lava_level" else cfg.key_door
            if on and first >= cfg.levels:
                raise ConfigError(
                    say(
                        "task.{name}: must be below task.levels ({levels}) or that hazard "
                        "never appears, got {value}",
                        name=name,
                        levels=cfg.levels,
                        value=first,
                    )
                )
        self.canvas = cfg.size  # every level renders on the largest grid: one image size
        split_seed = int(getattr(data, "split_seed", 1234))
        self._split_base = split_seed * 4 * HELD_OUT_SPAN
        self._class_seed = class_seed(split_seed)
        for level in range(cfg.levels):  # fail now, with the generator's message, not mid-run
            self.level(0, level)
        # the Policy tab's grid with the teacher's walls: refused now, before any step
        self.class_level = cfg.class_grid(split_seed)
        self._class_title = class_title(cfg, split_seed, self.class_level)
        self._baseline: dict[tuple[str, int], float] = {}

    # ---- levels and examples

    @property
    def num_levels(self) -> int:
        return self.cfg.levels

    @property
    def image_size(self) -> int:
        return self.canvas * self.cfg.pixels_per_cell

    def level(self, seed: int, level: int) -> Level:
        """The grid of `seed` at curriculum `level` (cached; the same every time); the
        class grid's seed at the top level gives it with the drawn walls."""
        if seed == self._class_seed and level == self.num_levels - 1:
            return self.class_level
        return _cached_level(seed, self.cfg.level_params(level), self.canvas)

    @property
    def trains_on_class_grid(self) -> float:
        """The share of training episodes played on the class grid: task.walls_share once
        walls are drawn, else none (it stays a grid the agent never trains on)."""
        return self.cfg.walls_share if self.cfg.walls else 0.0

    def _example(self, seed: int, level: int) -> Example:
        lv = self.level(seed, level)
        size = self.cfg.level_params(level).size
        solution = "".join(ARROWS[a] for a in lv.solution)
        return Example(
            prompt=seed,
            reference=solution,
            difficulty=level,
            display=level_title(level, size, seed, len(lv.solution)),
        )

    def sample(self, n: int, rng: random.Random, max_level: int) -> list[Example]:
        top = min(max(max_level, 0), self.num_levels - 1)
        out = []
        share = self.trains_on_class_grid
        for _ in range(n):
            # with walls drawn, some episodes on their grid (no draw without: runs as before)
            if share and rng.random() < share:
                out.append(self._example(self._class_seed, self.num_levels - 1))
                continue
            # half at the newest unlocked level, half spread over all of them (rehearsal)
            level = top if rng.random() < 0.5 else rng.randint(0, top)
            out.append(self._example(2 * rng.randrange(2**40), level))  # even: training
        return out

    def held_out(self, split: str, limit: int) -> list[Example]:
        """The first `limit` evaluation grids of 'valid' or 'test', at the hardest level."""
        return [self._held_out_grid(split, i) for i in range(limit)]

    def _held_out_grid(self, split: str, index: int) -> Example:
        """Evaluation grid `index` of 'valid' or 'test' (odd seeds: training's are even)."""
        check_split(split)
        base = self._split_base + (0 if split == "valid" else HELD_OUT_SPAN)
        return self._example(2 * (base + index) + 1, self.num_levels - 1)

    # ---- the model

    def build_model(self, model_cfg: ModelSection) -> nn.Module:
        if not isinstance(model_cfg, LiteResNetConfig):
            raise ConfigError(
                say(
                    "model.arch: the gridworld task trains lite-resnet, got {arch}",
                    arch=getattr(model_cfg, "ARCH", type(model_cfg).__name__),
                )
            )
        side = self.image_size
        if model_cfg.image_size not in (0, side):
            raise ConfigError(
                say(
                    "model.image_size: the grid world renders {cells} cells x {pixels} px = "
                    "{side} px, got {value}; set it to {side} or 0 (automatic)",
                    cells=self.canvas,
                    pixels=self.cfg.pixels_per_cell,
                    side=side,
                    value=model_cfg.image_size,
                )
            )
        return LiteResNet(dataclasses.replace(model_cfg, image_size=side), 3, NUM_ACTIONS)

    # ---- playing

    def _batch(self, examples: list[Example], repeat: int = 1) -> GridBatch:
        levels = [self.level(ex.prompt, ex.difficulty) for ex in examples for _ in range(repeat)]
        return GridBatch(levels, self.cfg.max_steps)

    def observe(self, batch: GridBatch) -> np.ndarray:
        """What the agent sees: (N, 3, H, W) uint8 pictures of the batch."""
        return render(batch.cells, batch.pos, batch.has_key, self.cfg.pixels_per_cell)

    def _returns(self, batch: GridBatch) -> np.ndarray:
        return batch.returns(self.cfg.step_cost, self.cfg.lava_penalty)

    def supervised_loss(self, model: nn.Module, examples: list[Example]) -> torch.Tensor:
        """Cross-entropy of the shortest path's actions (BFS) at every step along it."""
        solutions = [self.level(ex.prompt, ex.difficulty).solution for ex in examples]

        def expert(t: int, obs: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
            return np.array([solutions[i][t] for i in rows]), np.zeros(len(rows))

        ep = play(self._batch(examples), expert, self.observe)
        device = model_device(model)
        obs = torch.from_numpy(ep.seen[ep.mask]).to(device)  # (M, 3, H, W), M steps in all
        target = torch.from_numpy(ep.actions[ep.mask]).to(device)  # (M,)
        return F.cross_entropy(model(obs).float(), target)

    def supervised_count(self, examples: list[Example]) -> int:
        """The expert's steps that supervised_loss averages over: each shortest path's length
        (levels whose path exceeds max_steps are never drawn, so none is cut)."""
        return sum(len(self.level(ex.prompt, ex.difficulty).solution) for ex in examples)

    def rollout(
        self, model: nn.Module, examples: list[Example], group_size: int, sampling: Sampling
    ) -> Rollout:
        """G episodes from each example's start; T is task.max_steps (not max_new_tokens)."""
        batch = self._batch(examples, group_size)  # N = P*G environments
        choose = policy_chooser(
            model, temperature=sampling.temperature, top_k=sampling.top_k, top_p=sampling.top_p
        )
        with torch.no_grad():
            ep = play(batch, choose, self.observe)
        return Rollout(
            examples=examples,
            group_size=group_size,
            actions=torch.from_numpy(ep.actions),  # (N, T)
            mask=torch.from_numpy(ep.mask).float(),  # (N, T)
            logp=torch.from_numpy(ep.logp),  # (N, T)
            truncated=torch.from_numpy(batch.truncated.copy()),  # (N,)
            completions=arrows(ep.actions, ep.mask),
            context=torch.from_numpy(ep.obs),  # (N, T, 3, H, W) uint8
            info={
                "returns": self._returns(batch),
                "success": batch.success.copy(),
                "steps": batch.steps.copy(),
                "outcome": outcomes(batch),
                "final_obs": ep.final_obs,  # (N, 3, H, W) uint8
            },
        )

    def token_logprobs(
        self, model: nn.Module, rollout: Rollout, temperature: float
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Every valid step's logits in one forward over the M = mask.sum() observations."""
        device = model_device(model)
        valid = rollout.mask.to(device) > 0  # (N, T)
        obs = rollout.context[valid.cpu()].to(device)  # (M, 3, H, W) uint8
        actions = rollout.actions.to(device)[valid]  # (M,)
        lp, ent = token_logprobs_and_entropy(model(obs), actions, temperature)
        logp = torch.zeros(valid.shape, device=device, dtype=lp.dtype)
        entropy = torch.zeros_like(logp)
        logp[valid], entropy[valid] = lp, ent
        return logp, entropy  # (N, T) each

    def reward_functions(self) -> list[RewardFunction]:
        return [RewardFunction("return", lambda r: r.info["returns"].tolist(), 1.0)]

    @staticmethod
    def episode_frames(rollout: Rollout, index: int) -> list[np.ndarray]:
        """Pictures (H, W, 3) uint8 of episode `index`: before each step, then the end."""
        steps = int(rollout.mask[index].sum())
        return _frames(rollout.context[index, :steps].numpy(), rollout.info["final_obs"][index])

    def replay(
        self, model: nn.Module, *, split: str = "valid", index: int = 0, greedy: bool = True
    ) -> tuple[list[np.ndarray], dict[str, Any]]:
        """Play held-out grid `index` once: its frames (H, W, 3) and how it went, for the
        GUI's replay and save_gif. ArgumentError for an index outside the split."""
        check_index(index, HELD_OUT_SPAN, say("held-out grids of a split"))
        example = self._held_out_grid(split, index)
        with torch.no_grad():
            ep = play(
                self._batch([example]),
                policy_chooser(model, greedy=greedy),
                self.observe,
            )
        info = {
            "outcome": outcomes(ep.batch)[0],
            "steps": int(ep.batch.steps[0]),
            "return": float(self._returns(ep.batch)[0]),
            "moves": arrows(ep.actions, ep.mask)[0],
            "shortest": len(example.reference),
            "display": example.display,
        }
        return _frames(ep.seen[0], ep.final_obs[0]), info

    # ---- evaluation

    def held_out_metrics(
        self, model: nn.Module, split: str, limit: int, decoding: Decoding
    ) -> dict[str, float]:
        """Greedy episodes on held-out grids of the hardest level. random_success is a
        uniform random policy's rate on the same grids, the baseline a run starts from."""
        del decoding  # an episode is played greedily (DECODINGS)
        examples = self.held_out(split, limit)
        ep = play(
            self._batch(examples), policy_chooser(model, greedy=True), self.observe, record=False
        )
        b = ep.batch
        shortest = np.array([len(ex.reference) for ex in examples])
        won = b.success
        return {
            "success": float(won.mean()),
            "episode_length": float(b.steps.mean()),
            "return": float(self._returns(b).mean()),
            "lava": float(b.lava.mean()),
            # 1.0 when every solved grid was solved by a shortest path
            "path_efficiency": float((shortest[won] / b.steps[won]).mean()) if won.any() else 0.0,
            "random_success": self.random_success(split, limit),
        }

    def random_success(self, split: str = "valid", limit: int = 200) -> float:
        """Success rate of uniformly random moves on the held-out grids (seeded, cached)."""
        key = (split, limit)
        if key not in self._baseline:
            rng = np.random.default_rng(self.seed)

            def uniform(t: int, obs: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
                return rng.integers(0, NUM_ACTIONS, len(rows)), np.full(len(rows), -np.log(4))

            ep = play(
                self._batch(self.held_out(split, limit)),
                uniform,
                self.observe,
                record=False,
            )
            self._baseline[key] = float(ep.batch.success.mean())
        return self._baseline[key]

    # ---- what the window shows of the policy

    def action_pieces(self, rollout: Rollout, row: int) -> list[str]:
        steps = int(rollout.mask[row].sum())
        return [ARROWS[a] for a in rollout.actions[row, :steps].tolist()]

    @torch.no_grad()
    def probe(self, model: nn.Module) -> dict[str, Any]:
        """A "grid" snapshot (tasks/probing.py) of the class grid (a held-out grid of its
        own, with the teacher's walls): the policy's move probabilities with the agent put
        in each empty cell in turn, the chance of reaching the goal from each (exact, from
        the probabilities of every state, one forward for all), the greedy walk from the
        start, and the share of training episodes played on it."""
        lv, cfg = self.class_level, self.cfg
        side = cfg.size
        states = standing_states(lv.cells)
        seen = state_cells(lv.cells, states)  # (M, S, S), M states
        pos = np.array([(r, c) for r, c, _ in states], dtype=np.int64)  # (M, 2)
        has_key = np.array([k for _, _, k in states], dtype=bool)
        device, chunks = model_device(model), []
        for i in range(0, len(states), PROBE_BATCH):  # bounded memory on big grids
            part = slice(i, i + PROBE_BATCH)
            obs = render(seen[part], pos[part], has_key[part], cfg.pixels_per_cell)
            logits = model(torch.from_numpy(obs).to(device))  # (B, A)
            chunks.append(torch.softmax(logits.float(), -1).cpu())
        probs = torch.cat(chunks).numpy()  # (M, A)
        chances = success_chances(lv.cells, states, probs, cfg.max_steps)  # (S, S)
        walk, outcome = greedy_walk(lv.cells, states, probs, lv.start, cfg.max_steps)
        grid: list[list[list[float] | None]] = [[None] * side for _ in range(side)]
        values: list[list[float | None]] = [[None] * side for _ in range(side)]
        for (r, c, k), p in zip(states, probs.tolist()):
            if not k and lv.cells[r, c] == EMPTY:
                grid[r][c] = rounded(p)
                values[r][c] = round(float(chances[r, c]), DIGITS)
        return {
            "kind": "grid",
            "title": self._class_title,
            "actions": list(ACTIONS),
            "cells": [[CELL_NAMES[lv.cells[r, c]] for c in range(side)] for r in range(side)],
            "start": list(lv.start),
            "probs": grid,
            "values": values,
            "max_steps": cfg.max_steps,
            "walk": [list(rc) for rc in walk],
            "walk_outcome": outcome,
            "walls": [list(rc) for rc in cfg.drawn_walls()],
            "trained_share": self.trains_on_class_grid,
        }
