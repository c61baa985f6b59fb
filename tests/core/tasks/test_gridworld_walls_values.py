"""The grid world's drawn walls and per-cell values: a teacher's walls (task.walls) are
checked against the Policy tab's grid and honoured by the environment, and the chance of
reaching the goal from each cell is the exact one for the policy's probabilities."""

import numpy as np
import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.envs.gridworld import (
    EMPTY,
    GOAL,
    LAVA,
    WALL,
    GridBatch,
    Level,
    greedy_walk,
    shortest_path,
    standing_states,
    success_chances,
    with_walls,
)
from studio.core.tasks.gridworld import GridWorldTask

UP, RIGHT, DOWN, LEFT = range(4)
CODE = {".": EMPTY, "#": WALL, "G": GOAL, "L": LAVA}


def cells_of(rows: list[str]) -> np.ndarray:
    return np.array([[CODE[ch] for ch in row] for row in rows], dtype=np.uint8)


def policy(states, table: dict) -> np.ndarray:
    """(M, 4) probabilities: table[(row, col)] or, by default, uniform."""
    return np.array([table.get((r, c), [0.25] * 4) for r, c, _ in states], dtype=np.float64)


def test_a_known_policy_on_a_known_grid_gives_known_chances():
    cells = cells_of([".G"])
    states = standing_states(cells)
    assert states == [(0, 0, False)]
    # right half the time, else blocked (up, down, left off the edge): 1 - 0.5^T
    probs = policy(states, {(0, 0): [0.2, 0.5, 0.2, 0.1]})
    for steps in (1, 2, 3, 10):
        values = success_chances(cells, states, probs, steps)
        assert values[0, 0] == pytest.approx(1 - 0.5**steps)
        assert np.isnan(values[0, 1])  # the goal: no episode starts there

    # a corridor with lava at the left end: always right reaches the goal in 2 moves from
    # the left cell, 1 from the middle; a coin between left and right from the middle
    cells = cells_of(["L..G"])
    states = standing_states(cells)
    sure = success_chances(
        cells, states, policy(states, {(0, 1): [0, 1, 0, 0], (0, 2): [0, 1, 0, 0]}), 2
    )
    assert sure[0, 1] == pytest.approx(1.0) and sure[0, 2] == pytest.approx(1.0)
    assert success_chances(cells, states, policy(states, {(0, 1): [0, 1, 0, 0]}), 1)[0, 1] == 0
    coin = {(0, 1): [0, 0.5, 0, 0.5], (0, 2): [0, 0.5, 0, 0.5]}
    # from the middle-right cell: goal now (1/2), or left then lava or back (1/4 each) ...
    # V(2) = 1/2 + 1/2 V(1), V(1) = 1/2 V(2) (left is lava): V(2) = 2/3 with no limit
    far = success_chances(cells, states, policy(states, coin), 200)
    assert far[0, 2] == pytest.approx(2 / 3) and far[0, 1] == pytest.approx(1 / 3)
    assert success_chances(cells, states, policy(states, coin), 1)[0, 2] == pytest.approx(0.5)


def test_the_exact_chances_agree_with_episodes_played_in_the_environment():
    cells = cells_of(["..#.", ".#..", "...G", "L..."])
    states = standing_states(cells)
    rng = np.random.default_rng(0)
    probs = rng.dirichlet(np.ones(4), size=len(states))
    values = success_chances(cells, states, probs, 6)
    index = {(r, c): i for i, (r, c, _) in enumerate(states)}
    n = 20000
    for start in [(0, 0), (1, 2), (3, 1)]:
        env = GridBatch([Level(cells=cells, start=start, solution=())] * n, max_steps=6)
        while not env.done.all():
            # finished episodes (in lava or the goal) ignore their move: any row will do
            p = probs[[index.get((int(r), int(c)), 0) for r, c in env.pos]]  # (N, 4)
            acts = (rng.random((n, 1)) > p.cumsum(axis=1)).sum(axis=1).clip(0, 3)
            env.step(acts)
        assert env.success.mean() == pytest.approx(values[start], abs=0.015), start


def test_the_greedy_walk_follows_the_likeliest_move_and_says_how_it_ended():
    cells = cells_of(["...", ".#.", "..G"])
    states = standing_states(cells)
    right_then_down = {(0, 0): [0, 0.9, 0.1, 0], (0, 1): [0, 0.6, 0.4, 0], (0, 2): [0, 0, 1, 0]}
    right_then_down[(1, 2)] = [0.1, 0, 0.9, 0]
    path, outcome = greedy_walk(cells, states, policy(states, right_then_down), (0, 0), 8)
    assert path == [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)] and outcome == "goal"
    stuck = {(0, 0): [1, 0, 0, 0]}  # up, into the edge, every time
    path, outcome = greedy_walk(cells, states, policy(states, stuck), (0, 0), 3)
    assert path == [(0, 0)] * 4 and outcome == "limit"


def test_drawn_walls_are_honoured_by_the_environment():
    plain = Level(cells=cells_of(["..G", "...", "..."]), start=(0, 0), solution=(1, 1))
    walled = with_walls(plain, [(0, 1), (1, 1)])
    assert walled is not None and walled.cells[0, 1] == WALL and walled.cells[1, 1] == WALL
    assert plain.cells[0, 1] == EMPTY  # the level it came from is left as it was
    assert len(walled.solution) == 6  # round them: down, down, right, right, up, up
    env = GridBatch([walled], max_steps=10)
    env.step([RIGHT])  # into the drawn wall: blocked
    assert env.pos[0].tolist() == [0, 0]
    for a in walled.solution:
        env.step([a])
    assert env.success[0] and env.steps[0] == 7
    assert with_walls(plain, [(0, 1), (1, 1), (1, 2)]) is None  # the goal walled in
    assert shortest_path(walled.cells, (0, 0)) == list(walled.solution)


def grid_preset(*walls):
    extra = [f"task.walls={[list(w) for w in walls]}".replace(" ", "")] if walls else []
    return load_config("quick_grid_world", extra)


def test_walls_set_by_config_reach_the_policy_tabs_grid_and_its_snapshot():
    plain = grid_preset().task.class_grid(1234)
    # the preset's class grid: start [3, 3], goal [0, 4], its own walls at [0, 3] and [1, 1]
    assert plain.start == (3, 3) and plain.cells[0, 4] == GOAL
    assert plain.cells[0, 3] == WALL and plain.cells[1, 1] == WALL and len(plain.solution) == 4
    cfg = grid_preset((2, 3), (2, 4))
    task = GridWorldTask(cfg.task, cfg.data, seed=0)
    assert task.class_level.cells[2, 3] == WALL and len(task.class_level.solution) == 6
    torch.manual_seed(0)
    snapshot = task.probe(task.build_model(cfg.model))
    assert snapshot["cells"][2][3] == "wall" and snapshot["walls"] == [[2, 3], [2, 4]]
    assert snapshot["trained_share"] == 0.25
    values, probs = snapshot["values"], snapshot["probs"]
    for value_row, prob_row, cell_row in zip(values, probs, snapshot["cells"]):
        for v, p, cell in zip(value_row, prob_row, cell_row):
            assert (v is None) == (p is None) == (cell != "empty")
            assert v is None or 0.0 <= v <= 1.0
    walk = snapshot["walk"]
    assert walk[0] == [3, 3] and snapshot["walk_outcome"] in ("goal", "lava", "limit")
    assert all(snapshot["cells"][r][c] != "wall" for r, c in walk)
    assert len(walk) <= cfg.task.max_steps + 1


def test_with_walls_drawn_a_share_of_training_is_on_their_grid_and_none_is_evaluated():
    import random

    plain_cfg, cfg = grid_preset(), grid_preset((2, 3), (2, 4))
    plain = GridWorldTask(plain_cfg.task, plain_cfg.data, seed=0)
    task = GridWorldTask(cfg.task, cfg.data, seed=0)
    seed, top = task._class_seed, task.num_levels - 1
    examples = task.sample(400, random.Random(0), top)
    on_class = [ex for ex in examples if ex.prompt == seed]
    assert 60 < len(on_class) < 140  # task.walls_share 0.25 of 400
    assert all(ex.difficulty == top and ex.reference == "←↑↑→→↑" for ex in on_class)
    assert task.level(seed, top).cells[2, 3] == WALL  # what the episodes are played on
    # no walls: no episode on it (training seeds are even)
    drawn = plain.sample(400, random.Random(0), top)
    assert all(ex.prompt % 2 == 0 for ex in drawn)
    held_out = {ex.prompt for split in ("valid", "test") for ex in task.held_out(split, 200)}
    assert seed not in held_out and plain._class_seed not in held_out
    zero = grid_preset((2, 3), (2, 4))
    zero.task.walls_share = 0.0
    none = GridWorldTask(zero.task, zero.data, seed=0).sample(50, random.Random(0), top)
    assert all(ex.prompt != seed for ex in none)


@pytest.mark.parametrize(
    ("walls", "words"),
    [
        ([(3, 3)], "task.walls: [3, 3] is the start cell; a wall cannot stand there"),
        ([(0, 4)], "task.walls: [0, 4] is the goal cell; a wall cannot stand there"),
        ([(1, 4)], "leave no way from the start to the goal; remove"),
        ([(5, 0)], "task.walls: [5, 0] is outside the grid (5 cells a side)"),
    ],
)
def test_walls_that_cannot_be_are_refused_naming_the_fix(walls, words):
    with pytest.raises(ConfigError) as err:
        grid_preset(*walls)
    assert words in str(err.value)


def test_walls_making_the_way_longer_than_the_step_limit_are_refused():
    with pytest.raises(
        ConfigError, match=r"takes 6 moves, more than the step limit task.max_steps \(5\)"
    ):
        load_config("quick_grid_world", ["task.walls=[[2,3],[2,4]]", "task.max_steps=5"])


def test_the_api_sets_and_refuses_walls_as_the_command_line_does():
    from studio import api

    cfg = api.load_preset("quick_grid_world", {"task.walls": [[2, 3], [2, 4]]})
    assert cfg.task.walls == [[2, 3], [2, 4]]
    assert api.configure(cfg, {"task.walls": []}).task.walls == []
    with pytest.raises(ConfigError, match="leave no way from the start to the goal"):
        api.configure(cfg, {"task.walls": [[1, 4]]})


def test_a_big_grid_with_a_key_is_probed_in_batches_with_every_state_valued():
    cfg = load_config(
        "lite_resnet",
        ["task.size=12", "task.min_size=12", "task.levels=1", "task.key_door=true",
         "task.key_level=0", "task.max_steps=60", "task.pixels_per_cell=2", "model.image_size=0"],
    )  # fmt: skip
    task = GridWorldTask(cfg.task, cfg.data, seed=0)
    states = standing_states(task.class_level.cells)
    assert len(states) > 128  # more than one batch: with and without the key
    torch.manual_seed(0)
    snapshot = task.probe(task.build_model(cfg.model))
    empty = sum(cell == "empty" for row in snapshot["cells"] for cell in row)
    assert sum(v is not None for row in snapshot["values"] for v in row) == empty
