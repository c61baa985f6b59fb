"""A procedurally generated grid world, stepped for many environments at once.

A level is a square of cells (empty, wall, goal, lava, key, door) and a start cell, drawn
from a seed. Every level this module hands out is solvable within the step limit: the
generator checks it with a breadth-first search over (row, column, holding the key) and
draws again (from the same seed's stream) until it is. The agent has four moves; a move
into a wall, a locked door or the edge leaves it where it is. An episode ends at the goal
(success), in lava (failure) or at the step limit (truncated).

`GridBatch` holds N environments as numpy arrays and steps them all with one vectorised
call, so a GRPO rollout of P starts x G episodes costs T calls, not N*T.

The layout follows the spirit of MiniGrid's small rooms (Chevalier-Boisvert et al.), much
simplified; the code is our own.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from studio.core.messages import say

# cell codes (uint8)
EMPTY, WALL, GOAL, LAVA, KEY, DOOR = range(6)
CELL_NAMES = ("empty", "wall", "goal", "lava", "key", "door")

# actions: up, right, down, left; (row, column) deltas
ACTIONS = ("up", "right", "down", "left")
ARROWS = "↑→↓←"
DELTAS = np.array([[-1, 0], [0, 1], [1, 0], [0, -1]], dtype=np.int64)
NUM_ACTIONS = 4


class LevelError(ValueError):
    """Level parameters that cannot give a solvable grid; the message says which to change."""


@dataclass(frozen=True)
class LevelParams:
    """What one curriculum level draws: grid side, obstacle densities, a key and door."""

    size: int  # side of the playable square, in cells
    wall_density: float  # share of the free cells made walls
    lava_density: float = 0.0  # share of the free cells made lava
    key_door: bool = False  # a wall across the grid with a locked door, and a key before it
    max_steps: int = 32  # the step limit; a level whose shortest path is longer is redrawn


@dataclass(frozen=True)
class Level:
    """One grid: cells (canvas, canvas) uint8 (read-only), start (row, col), and a shortest
    solution (its actions)."""

    cells: np.ndarray
    start: tuple[int, int]
    solution: tuple[int, ...]


def _free_cells(cells: np.ndarray, size: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(size) for c in range(size) if cells[r, c] == EMPTY]


def generate_level(seed: int, params: LevelParams, canvas: int | None = None) -> Level:
    """The level drawn from `seed`: same seed and params, same level.

    The playable square sits in the top-left corner of a canvas x canvas grid whose other
    cells are walls, so that levels of every size render to one image size.
    """
    size = params.size
    canvas = size if canvas is None else canvas
    min_size = 4 if params.key_door else 2
    if size < min_size or canvas < size:
        if params.key_door:
            raise LevelError(
                say(
                    "grid size {size} (canvas {canvas}) is not possible: the size must be at "
                    "least {n} with a key and door and at most the canvas; change task.size / "
                    "task.min_size",
                    size=size,
                    canvas=canvas,
                    n=min_size,
                )
            )
        raise LevelError(
            say(
                "grid size {size} (canvas {canvas}) is not possible: the size must be at least "
                "{n} and at most the canvas; change task.size / task.min_size",
                size=size,
                canvas=canvas,
                n=min_size,
            )
        )
    if seed < 0:
        raise LevelError(say("level seed must be a non-negative integer, got {seed}", seed=seed))
    rng = np.random.default_rng([seed, size])
    for _ in range(200):
        level = _draw(rng, params, canvas)
        if level is not None:
            return level
    raise LevelError(
        say(
            "no solvable {size}x{size} level within {steps} steps after 200 draws (wall "
            "density {walls}, lava density {lava}); lower the densities or raise task.max_steps",
            size=size,
            steps=params.max_steps,
            walls=params.wall_density,
            lava=params.lava_density,
        )
    )


def _draw(rng: np.random.Generator, p: LevelParams, canvas: int) -> Level | None:
    s = p.size
    cells = np.full((canvas, canvas), WALL, dtype=np.uint8)
    cells[:s, :s] = EMPTY
    left: list[tuple[int, int]] = []
    right: list[tuple[int, int]] = []
    if p.key_door:
        # a wall column with one door splits the grid; start and key left of it, goal right
        col = int(rng.integers(1, s - 1))
        cells[:s, col] = WALL
        cells[int(rng.integers(0, s)), col] = DOOR
        left = [(r, c) for r in range(s) for c in range(col)]
        right = [(r, c) for r in range(s) for c in range(col + 1, s)]
    free = _free_cells(cells, s)
    n_walls = round(p.wall_density * len(free))
    n_lava = round(p.lava_density * len(free))
    picks = rng.permutation(len(free))
    for i in picks[:n_walls]:
        cells[free[i]] = WALL
    for i in picks[n_walls : n_walls + n_lava]:
        cells[free[i]] = LAVA
    if p.key_door:
        left = [rc for rc in left if cells[rc] == EMPTY]
        right = [rc for rc in right if cells[rc] == EMPTY]
        if len(left) < 2 or not right:
            return None
        a, k = rng.choice(len(left), 2, replace=False)
        start, key = left[a], left[k]
        goal = right[int(rng.integers(len(right)))]
        cells[key] = KEY
    else:
        free = _free_cells(cells, s)
        if len(free) < 2:
            return None
        a, g = rng.choice(len(free), 2, replace=False)
        start, goal = free[a], free[g]
    cells[goal] = GOAL
    path = shortest_path(cells, start)
    if path is None or len(path) > p.max_steps:
        return None
    cells.setflags(write=False)
    return Level(cells=cells, start=(int(start[0]), int(start[1])), solution=tuple(path))


def _move(cells: np.ndarray, r: int, c: int, key: bool, a: int) -> tuple[int, int, bool, int]:
    """One step of one agent: (row, col, has_key, cell entered or -1 when blocked)."""
    height, width = cells.shape
    nr, nc = r + int(DELTAS[a, 0]), c + int(DELTAS[a, 1])
    if not (0 <= nr < height and 0 <= nc < width):
        return r, c, key, -1
    cell = int(cells[nr, nc])
    if cell == WALL or (cell == DOOR and not key):
        return r, c, key, -1
    return nr, nc, key or cell == KEY, cell


def shortest_path(
    cells: np.ndarray, start: tuple[int, int], has_key: bool = False
) -> list[int] | None:
    """Actions of a shortest path from `start` to the goal avoiding lava, or None.

    Breadth-first search over (row, col, has_key), expanding moves in the order up, right,
    down, left, so the answer is deterministic (the supervised warm-up imitates it).
    """
    first = (int(start[0]), int(start[1]), bool(has_key))
    parent: dict[tuple[int, int, bool], tuple[tuple[int, int, bool], int] | None] = {first: None}
    queue = deque([first])
    while queue:
        state = queue.popleft()
        for a in range(NUM_ACTIONS):
            r, c, k, entered = _move(cells, *state, a)
            nxt = (r, c, k)
            if entered < 0 or entered == LAVA or nxt in parent:
                continue
            parent[nxt] = (state, a)
            if entered == GOAL:
                actions = []
                node = nxt
                while (step := parent[node]) is not None:
                    node, act = step
                    actions.append(act)
                return actions[::-1]
            queue.append(nxt)
    return None


class GridBatch:
    """N grid-world environments stepped together; arrays hold the state.

    cells (N, H, W) uint8 (a key disappears when picked up), pos (N, 2) row/col,
    has_key, done, success, lava, truncated (N,) bool, steps (N,) int.
    """

    def __init__(self, levels: list[Level], max_steps: int) -> None:
        if not levels:
            raise ValueError("GridBatch needs at least one level")
        sides = {lv.cells.shape for lv in levels}
        if len(sides) != 1:
            raise ValueError(f"levels of one batch must share a canvas shape, got {sorted(sides)}")
        n = len(levels)
        self.max_steps = max_steps
        self.cells = np.stack([lv.cells for lv in levels]).copy()  # (N, H, W)
        self.pos = np.array([lv.start for lv in levels], dtype=np.int64)  # (N, 2)
        self.has_key = np.zeros(n, dtype=bool)
        self.done = np.zeros(n, dtype=bool)
        self.success = np.zeros(n, dtype=bool)
        self.lava = np.zeros(n, dtype=bool)
        self.truncated = np.zeros(n, dtype=bool)
        self.steps = np.zeros(n, dtype=np.int64)

    def __len__(self) -> int:
        return self.cells.shape[0]

    def step(self, actions: np.ndarray) -> np.ndarray:
        """Move every running environment by its action (N,); returns the mask of those
        that moved this step (were running before it). Finished ones ignore their action."""
        actions = np.asarray(actions, dtype=np.int64)
        n, height, width = self.cells.shape
        rows = np.arange(n)
        active = ~self.done
        target = self.pos + DELTAS[actions % NUM_ACTIONS]  # (N, 2)
        inside = ((target >= 0) & (target < (height, width))).all(axis=1)
        tr, tc = np.clip(target[:, 0], 0, height - 1), np.clip(target[:, 1], 0, width - 1)
        cell = self.cells[rows, tr, tc]
        blocked = ~inside | (cell == WALL) | ((cell == DOOR) & ~self.has_key)
        move = active & ~blocked
        self.pos[move] = np.stack([tr, tc], axis=1)[move]
        entered = np.where(move, cell, EMPTY)
        got_key = entered == KEY
        self.has_key |= got_key
        self.cells[rows[got_key], tr[got_key], tc[got_key]] = EMPTY
        self.steps += active
        self.success |= entered == GOAL
        self.lava |= entered == LAVA
        ended = self.success | self.lava
        self.truncated |= active & ~ended & (self.steps >= self.max_steps)
        self.done = ended | self.truncated
        return active

    def returns(self, step_cost: float, lava_penalty: float) -> np.ndarray:
        """Episode returns (N,): 1 at the goal, minus step_cost per step taken, minus
        lava_penalty in lava."""
        return (
            self.success.astype(np.float64)
            - step_cost * self.steps
            - lava_penalty * self.lava.astype(np.float64)
        )


# ---- playing whole episodes


@dataclass
class Episodes:
    """What playing a batch of N episodes for up to T steps gives (numpy, on the CPU)."""

    obs: np.ndarray | None  # (N, T, 3, H, W) uint8: what the agent saw before each step
    actions: np.ndarray  # (N, T) int64, 0 after the episode ended
    logp: np.ndarray  # (N, T) float32 log-prob of each action (0 where not sampled)
    mask: np.ndarray  # (N, T) bool: a step was taken
    final_obs: np.ndarray  # (N, 3, H, W) uint8: the last picture (goal, lava or limit)
    batch: GridBatch  # the finished environments (success, steps, ...)

    @property
    def seen(self) -> np.ndarray:
        """`obs`, for episodes played with record=True (the default)."""
        if self.obs is None:
            raise ValueError("these episodes were played with record=False: no observations")
        return self.obs


# chooses actions for the running environments: (t, obs (M,3,H,W) uint8, rows (M,)) ->
# (actions (M,), logp (M,))
Chooser = Callable[[int, np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]


def play(
    batch: GridBatch,
    choose: Chooser,
    observe: Callable[[GridBatch], np.ndarray],
    *,
    record: bool = True,
) -> Episodes:
    """Step every environment of `batch` with `choose` until all are done (at most
    batch.max_steps steps), one call of `choose` per time step for all running ones.
    `observe` pictures the batch: (N, 3, H, W) uint8 (render.render at some scale)."""
    n, t_max = len(batch), batch.max_steps
    actions = np.zeros((n, t_max), dtype=np.int64)  # (N, T)
    logp = np.zeros((n, t_max), dtype=np.float32)
    mask = np.zeros((n, t_max), dtype=bool)
    frames = []
    for t in range(t_max):
        if batch.done.all():
            break
        obs = observe(batch)  # (N, 3, H, W)
        if record:
            frames.append(obs)
        rows = np.flatnonzero(~batch.done)
        chosen, chosen_logp = choose(t, obs[rows], rows)
        actions[rows, t], logp[rows, t], mask[rows, t] = chosen, chosen_logp, True
        batch.step(actions[:, t])
    final = observe(batch)
    steps = len(frames) if record else int(mask.any(0).sum())
    obs_all = np.stack(frames, axis=1) if record else None  # (N, T', 3, H, W)
    return Episodes(obs_all, actions[:, :steps], logp[:, :steps], mask[:, :steps], final, batch)


def arrows(actions: np.ndarray, mask: np.ndarray) -> list[str]:
    """Each episode's moves as arrows, e.g. '→→↓'."""
    return ["".join(ARROWS[a] for a in row[m]) for row, m in zip(actions, mask)]


def outcomes(batch: GridBatch) -> list[str]:
    """How each episode ended: 'goal', 'lava' or 'limit'."""
    return ["goal" if s else "lava" if lv else "limit" for s, lv in zip(batch.success, batch.lava)]


# ---- a teacher's walls, and how often the policy reaches the goal from each cell


def goal_of(cells: np.ndarray) -> tuple[int, int] | None:
    """The goal cell (row, col), or None when the grid has none."""
    found = np.argwhere(cells == GOAL)
    return (int(found[0, 0]), int(found[0, 1])) if len(found) else None


def with_walls(level: Level, walls: list[tuple[int, int]]) -> Level | None:
    """`level` with walls added on `walls` (cells inside the grid, neither start nor goal:
    the caller checks), its shortest solution found again; None when the walls leave no
    way from the start to the goal."""
    cells = level.cells.copy()
    for r, c in walls:
        cells[r, c] = WALL
    path = shortest_path(cells, level.start)
    if path is None:
        return None
    cells.setflags(write=False)
    return Level(cells=cells, start=level.start, solution=tuple(path))


State = tuple[int, int, bool]  # row, column, holding the key


def standing_states(cells: np.ndarray) -> list[State]:
    """Every (row, col, has_key) the agent can be in on `cells` and still play: not in a
    wall, lava or the goal; on a door only with the key; with the key only if the grid
    has one. Row by row, without the key first."""
    keys = (False, True) if (cells == KEY).any() else (False,)
    height, width = cells.shape
    out = []
    for k in keys:
        for r in range(height):
            for c in range(width):
                cell = int(cells[r, c])
                if cell in (WALL, LAVA, GOAL) or (cell == DOOR and not k):
                    continue
                out.append((r, c, k))
    return out


def state_cells(cells: np.ndarray, states: list[State]) -> np.ndarray:
    """(M, H, W) the grid as each state sees it: the key is gone once it is held."""
    out = np.repeat(cells[None], len(states), axis=0)
    for i, (_, _, k) in enumerate(states):
        if k:
            out[i][out[i] == KEY] = EMPTY
    return out


def _transitions(cells: np.ndarray, states: list[State]) -> tuple[np.ndarray, np.ndarray]:
    """Where each move leads: next (M, 4) state index, -1 into the goal, -2 into lava."""
    index = {s: i for i, s in enumerate(states)}
    seen = state_cells(cells, states)
    nxt = np.zeros((len(states), NUM_ACTIONS), dtype=np.int64)
    for i, (r, c, k) in enumerate(states):
        for a in range(NUM_ACTIONS):
            nr, nc, nk, entered = _move(seen[i], r, c, k, a)
            if entered == GOAL:
                nxt[i, a] = -1
            elif entered == LAVA:
                nxt[i, a] = -2
            else:  # blocked (entered -1) stays; a key entered is held from then on
                nxt[i, a] = index[(nr, nc, nk)]
    return nxt, seen


def success_chances(
    cells: np.ndarray, states: list[State], probs: np.ndarray, max_steps: int
) -> np.ndarray:
    """(H, W): the chance that an episode started in each cell (no key held) reaches the
    goal within `max_steps` moves when every move is drawn from `probs` (M, 4), the
    policy's move probabilities in each of `states` (standing_states order). NaN where an
    episode cannot start. Exact, not sampled: with V_0 = 0,
    V_{t+1}(s) = sum_a p(a|s) * (1 into the goal, 0 into lava, else V_t(next state))."""
    nxt, _ = _transitions(cells, states)
    p = np.asarray(probs, dtype=np.float64)  # (M, 4)
    into_goal = (p * (nxt == -1)).sum(axis=1)  # (M,)
    stay = np.where(nxt >= 0, nxt, 0)
    live = nxt >= 0
    value = np.zeros(len(states))
    for _ in range(max_steps):
        value = into_goal + (p * live * value[stay]).sum(axis=1)
    out = np.full(cells.shape, np.nan)
    for (r, c, k), v in zip(states, value):
        if not k:
            out[r, c] = v
    return out


def greedy_walk(
    cells: np.ndarray,
    states: list[State],
    probs: np.ndarray,
    start: tuple[int, int],
    max_steps: int,
) -> tuple[list[tuple[int, int]], str]:
    """The cells (start first) an episode from `start` visits taking the likeliest move of
    `probs` (M, 4) in each state, as evaluation plays, and how it ended: goal, lava or
    limit."""
    nxt, _ = _transitions(cells, states)
    index = {s: i for i, s in enumerate(states)}
    i = index[(int(start[0]), int(start[1]), False)]
    path = [(int(start[0]), int(start[1]))]
    best = np.asarray(probs).argmax(axis=1)
    for _ in range(max_steps):
        a = int(best[i])
        j = int(nxt[i, a])
        if j < 0:  # into the goal or lava: the agent stands there at the end
            r, c = path[-1]
            path.append((r + int(DELTAS[a, 0]), c + int(DELTAS[a, 1])))
            return path, "goal" if j == -1 else "lava"
        i = j
        path.append((states[i][0], states[i][1]))
    return path, "limit"
