"""The grid world: rules, batching, generation, rendering, and the GRPO task around it."""

import random

import numpy as np
import pytest
import torch
from PIL import Image

from studio.core.config.fields import ConfigError, from_dict
from studio.core.config.sections import DataConfig
from studio.core.envs.gridworld import (
    DOOR,
    EMPTY,
    GOAL,
    KEY,
    LAVA,
    WALL,
    GridBatch,
    Level,
    LevelError,
    LevelParams,
    generate_level,
    shortest_path,
)
from studio.core.envs.render import AGENT, AGENT_WITH_KEY, PALETTE, render, save_gif
from studio.core.models.lite_resnet import LiteResNetConfig
from studio.core.tasks import task_class
from studio.core.tasks.base import Sampling
from studio.core.tasks.gridworld import GridWorldConfig, GridWorldTask

UP, RIGHT, DOWN, LEFT = range(4)


def hand_level(rows: list[str], start: tuple[int, int]) -> Level:
    """'.' empty, '#' wall, 'G' goal, 'L' lava, 'K' key, 'D' door."""
    code = {".": EMPTY, "#": WALL, "G": GOAL, "L": LAVA, "K": KEY, "D": DOOR}
    cells = np.array([[code[ch] for ch in row] for row in rows], dtype=np.uint8)
    return Level(cells=cells, start=start, solution=())


def test_walls_and_edges_block_and_still_cost_a_step():
    env = GridBatch([hand_level([".#.", "...", "..G"], (0, 0))], max_steps=10)
    env.step([RIGHT])  # wall
    env.step([UP])  # edge
    env.step([LEFT])  # edge
    assert env.pos.tolist() == [[0, 0]] and env.steps.tolist() == [3] and not env.done[0]
    env.step([DOWN])
    assert env.pos.tolist() == [[1, 0]]


def test_goal_ends_the_episode_with_success_and_the_return_counts_steps():
    env = GridBatch([hand_level(["..G"], (0, 0))], max_steps=10)
    env.step([RIGHT])
    assert not env.done[0]
    env.step([RIGHT])
    assert env.done[0] and env.success[0] and not env.truncated[0]
    assert env.returns(step_cost=0.1, lava_penalty=0.5)[0] == pytest.approx(0.8)
    env.step([LEFT])  # a finished episode ignores further actions
    assert env.pos.tolist() == [[0, 2]] and env.steps[0] == 2


def test_lava_ends_the_episode_as_a_failure_with_its_penalty():
    env = GridBatch([hand_level([".L", ".G"], (0, 0))], max_steps=10)
    env.step([RIGHT])
    assert env.done[0] and env.lava[0] and not env.success[0] and not env.truncated[0]
    assert env.returns(step_cost=0.1, lava_penalty=0.5)[0] == pytest.approx(-0.6)


def test_step_limit_truncates():
    env = GridBatch([hand_level(["...G"], (0, 0))], max_steps=3)
    for a in (RIGHT, LEFT, RIGHT):
        env.step([a])
    assert env.done[0] and env.truncated[0] and not env.success[0] and env.steps[0] == 3
    assert env.returns(step_cost=0.01, lava_penalty=0.5)[0] == pytest.approx(-0.03)


def test_locked_door_opens_with_the_key_which_is_picked_up():
    env = GridBatch([hand_level(["K.", ".D", ".G"], (1, 0))], max_steps=20)
    env.step([RIGHT])  # locked
    assert env.pos.tolist() == [[1, 0]]
    env.step([UP])  # onto the key
    assert env.has_key[0] and env.cells[0, 0, 0] == EMPTY
    for a in (RIGHT, DOWN, DOWN):
        env.step([a])
    assert env.success[0] and env.steps[0] == 5


def test_shortest_path_goes_round_walls_avoids_lava_and_fetches_the_key():
    maze = hand_level(["..#G", ".##.", "...."], (0, 0)).cells
    assert shortest_path(maze, (0, 0)) == [DOWN, DOWN, RIGHT, RIGHT, RIGHT, UP, UP]
    lava = hand_level([".L.G", "...."], (0, 0))
    path = shortest_path(lava.cells, lava.start)
    assert len(path) == 5  # round the lava, not through it
    env = GridBatch([lava], max_steps=10)
    for a in path:
        env.step([a])
    assert env.success[0] and not env.lava[0]
    keyed = hand_level(["K#G", ".D."], (1, 0)).cells
    assert shortest_path(keyed, (1, 0)) == [UP, DOWN, RIGHT, RIGHT, UP]
    assert shortest_path(hand_level([".#G"], (0, 0)).cells, (0, 0)) is None


def test_batched_stepping_equals_one_at_a_time():
    params = LevelParams(size=5, wall_density=0.25, lava_density=0.1, key_door=True, max_steps=12)
    levels = [generate_level(s, params, canvas=6) for s in range(12)]
    rng = np.random.default_rng(0)
    actions = rng.integers(0, 4, (12, 12))
    together = GridBatch(levels, max_steps=12)
    alone = [GridBatch([lv], max_steps=12) for lv in levels]
    for t in range(12):
        together.step(actions[:, t])
        for i, env in enumerate(alone):
            env.step(actions[i : i + 1, t])
    for name in ("cells", "pos", "has_key", "done", "success", "lava", "truncated", "steps"):
        stacked = np.concatenate([getattr(env, name) for env in alone])
        assert np.array_equal(getattr(together, name), stacked), name


@pytest.mark.parametrize(
    "params",
    [
        LevelParams(size=6, wall_density=0.3, max_steps=24),
        LevelParams(size=7, wall_density=0.2, lava_density=0.15, max_steps=30),
        LevelParams(size=6, wall_density=0.15, key_door=True, max_steps=30),
        LevelParams(size=4, wall_density=0.5, max_steps=6),
    ],
)
def test_generated_levels_are_solvable_within_the_limit(params):
    levels = [generate_level(seed, params, canvas=8) for seed in range(40)]
    for lv in levels:
        path = shortest_path(lv.cells, lv.start)
        assert path is not None and len(path) == len(lv.solution) <= params.max_steps
        assert (lv.cells[params.size :, :] == WALL).all()  # outside the square: walls
        assert (lv.cells[:, params.size :] == WALL).all()
        assert (lv.cells == GOAL).sum() == 1
    env = GridBatch(levels, params.max_steps)  # replaying the solutions reaches every goal
    for t in range(params.max_steps):
        env.step([lv.solution[t] if t < len(lv.solution) else 0 for lv in levels])
    assert env.success.all()
    assert env.steps.tolist() == [len(lv.solution) for lv in levels]


def test_levels_are_deterministic_from_their_seed():
    params = LevelParams(size=6, wall_density=0.2, max_steps=24)
    a, b = generate_level(5, params), generate_level(5, params)
    assert np.array_equal(a.cells, b.cells) and a.start == b.start
    others = [generate_level(s, params) for s in range(6, 16)]
    assert any(not np.array_equal(a.cells, o.cells) or a.start != o.start for o in others)


def test_impossible_parameters_give_a_clear_error():
    with pytest.raises(LevelError, match="lower the densities or raise task.max_steps"):
        # start -> key -> door -> goal takes at least 3 steps
        generate_level(0, LevelParams(size=5, wall_density=0.0, key_door=True, max_steps=2))
    with pytest.raises(LevelError, match="at least 4 with a key and door"):
        generate_level(0, LevelParams(size=3, wall_density=0.0, key_door=True))


def test_render_colours_cells_and_agent_at_the_cell_scale():
    lv = hand_level(["#G", "K."], (1, 1))
    obs = render(lv.cells[None], np.array([[1, 1]]), np.array([False]), pixels_per_cell=3)
    assert obs.shape == (1, 3, 6, 6) and obs.dtype == np.uint8
    assert obs[0, :, 0, 0].tolist() == PALETTE[WALL].tolist()
    assert obs[0, :, 2, 5].tolist() == PALETTE[GOAL].tolist()
    assert obs[0, :, 5, 0].tolist() == PALETTE[KEY].tolist()
    assert obs[0, :, 3:, 3:].reshape(3, -1).T.tolist() == [AGENT.tolist()] * 9
    held = render(lv.cells[None], np.array([[1, 1]]), np.array([True]), pixels_per_cell=3)
    assert held[0, :, 5, 5].tolist() == AGENT_WITH_KEY.tolist()


def test_save_gif_writes_every_frame_enlarged(tmp_path):
    frames = [np.full((4, 4, 3), v, dtype=np.uint8) for v in (0, 100, 200)]
    frames.append(np.zeros((3, 4, 4), dtype=np.uint8))  # channels-first works too
    path = save_gif(frames, tmp_path / "ep.gif", scale=5)
    with Image.open(path) as gif:
        assert gif.n_frames == 4 and gif.size == (20, 20)
    with pytest.raises(ValueError, match="no frames"):
        save_gif([], tmp_path / "x.gif")
    with pytest.raises(ValueError, match=r"frame 0 must be an \(H, W, 3\)"):
        save_gif([np.zeros((4, 4), dtype=np.uint8)], tmp_path / "x.gif")


# ---- the task


def tiny_task(**kw) -> GridWorldTask:
    cfg = GridWorldConfig(
        **{"size": 4, "min_size": 3, "levels": 2, "max_steps": 8, "pixels_per_cell": 2, **kw}
    )
    return GridWorldTask(cfg, DataConfig(), seed=0)


def tiny_model(task: GridWorldTask) -> torch.nn.Module:
    return task.build_model(LiteResNetConfig(channels=4, stem_stride=2))


def test_registry_finds_the_task():
    assert task_class("gridworld") is GridWorldTask
    assert task_class("gridworld").CONFIG is GridWorldConfig


def test_config_errors_name_the_key():
    with pytest.raises(ConfigError, match=r"task.min_size: must be at most task.size \(4\)"):
        from_dict(GridWorldConfig, {"size": 4, "min_size": 6}, "task")
    with pytest.raises(ConfigError, match="task.lava_level: must be below task.levels"):
        tiny_task(lava_density=0.1, lava_level=2)
    with pytest.raises(ConfigError, match="model.image_size: .* set it to 8 or 0"):
        tiny_task().build_model(LiteResNetConfig(channels=4, stem_stride=2, image_size=24))


def test_curriculum_grows_size_and_walls():
    cfg = GridWorldConfig(size=8, min_size=4, levels=3, wall_density=0.3)
    sizes = [cfg.level_params(i).size for i in range(3)]
    walls = [cfg.level_params(i).wall_density for i in range(3)]
    assert sizes == [4, 6, 8] and walls == pytest.approx([0.0, 0.15, 0.3])


def test_sampling_respects_max_level_and_held_out_seeds_are_never_training_seeds():
    task = tiny_task()
    rng = random.Random(0)
    train = task.sample(200, rng, max_level=0)
    assert {ex.difficulty for ex in train} == {0}
    assert all(ex.prompt % 2 == 0 for ex in train)
    valid, test = task.held_out("valid", 50), task.held_out("test", 50)
    assert all(ex.prompt % 2 == 1 and ex.difficulty == 1 for ex in valid + test)
    assert not {ex.prompt for ex in valid} & {ex.prompt for ex in test}
    assert [ex.prompt for ex in valid] == [ex.prompt for ex in tiny_task().held_out("valid", 50)]


def test_rollout_shapes_mask_and_truncation_follow_the_episodes():
    torch.manual_seed(0)
    task = tiny_task()
    model = tiny_model(task)
    examples = task.sample(3, random.Random(1), max_level=1)
    r = task.rollout(model, examples, group_size=4, sampling=Sampling())
    n, t = r.actions.shape
    assert n == 12 and t <= 8 and r.context.shape == (12, t, 3, 8, 8)
    steps = r.info["steps"]
    assert r.mask.sum(1).tolist() == steps.tolist()
    for i in range(n):  # the mask is a prefix: ones while the episode runs, zeros after
        assert r.mask[i, : steps[i]].all() and not r.mask[i, steps[i] :].any()
        assert len(r.completions[i]) == steps[i]
    assert r.truncated.tolist() == [(s == 8 and not w) for s, w in zip(steps, r.info["success"])]
    rewards = task.reward_functions()[0].fn(r)
    expected = [float(w) - 0.01 * s for w, s in zip(r.info["success"], steps)]
    assert rewards == pytest.approx(expected)
    # every group starts from its example's start state
    first = r.context[:, 0].reshape(3, 4, -1)
    assert (first == first[:, :1]).all()
    # replay frames: one before each step, then the end; at the goal the agent covers it
    for i in range(n):
        frames = task.episode_frames(r, i)
        assert len(frames) == steps[i] + 1 and frames[0].shape == (8, 8, 3)
        goal_shown = (frames[-1].reshape(-1, 3) == PALETTE[GOAL]).all(1).any()
        assert goal_shown != bool(r.info["success"][i])


def test_token_logprobs_agree_with_the_rollout_at_temperature_one():
    torch.manual_seed(0)
    task = tiny_task()
    model = tiny_model(task)
    r = task.rollout(model, task.sample(4, random.Random(2), 1), 3, Sampling(temperature=1.0))
    logp, entropy = task.token_logprobs(model, r, temperature=1.0)
    torch.testing.assert_close(logp, r.logp, rtol=1e-5, atol=1e-6)
    assert logp.requires_grad and (entropy[r.mask > 0] > 0).all()
    assert (logp[r.mask == 0] == 0).all()


def test_a_rollout_split_over_two_ranks_plays_the_moves_of_the_whole_rollout():
    """Under the trainer's shared row noise each episode draws from its own row, so two
    ranks holding half the prompts each play exactly the whole batch's episodes, although
    finished episodes leave the batch at different steps on each side."""
    from studio.core.machine.distributed import Dist
    from studio.core.training.steps.grpo_step import sampled_rollout

    torch.manual_seed(0)
    task = tiny_task()
    model = tiny_model(task).eval()
    prompts = task.sample(4, random.Random(5), max_level=1)
    hot = Sampling(temperature=2.0)  # a near-random policy: episodes end at many steps
    whole = sampled_rollout(task, model, prompts, 4, hot, Dist(), seed=11)  # G = 4, N = 16
    lengths = whole.mask.sum(1)  # (16,)
    assert len(set(lengths.tolist())) > 2  # episodes drop out of the batch one by one
    for rank in range(2):
        share = prompts[2 * rank : 2 * rank + 2]
        part = sampled_rollout(task, model, share, 4, hot, Dist(rank, 2), seed=11)
        rows = slice(8 * rank, 8 * rank + 8)
        t = part.actions.shape[1]
        assert torch.equal(part.mask, whole.mask[rows, :t]) and not whole.mask[rows, t:].any()
        played = part.mask.bool()
        assert torch.equal(part.actions[played], whole.actions[rows, :t][played])
        torch.testing.assert_close(part.logp, whole.logp[rows, :t])
        assert part.completions == whole.completions[rows]


def test_supervised_warmup_imitates_the_shortest_path():
    torch.manual_seed(0)
    task = tiny_task()
    model = tiny_model(task)
    examples = task.sample(8, random.Random(3), 1)
    loss = task.supervised_loss(model, examples)
    assert loss.requires_grad and loss.item() == pytest.approx(np.log(4), abs=0.05)
    assert all(
        len(ex.reference) == len(task.level(ex.prompt, ex.difficulty).solution) for ex in examples
    )


def test_evaluate_and_replay():
    torch.manual_seed(0)
    task = tiny_task()
    model = tiny_model(task)
    metrics = task.evaluate(model, split="valid", limit=20)
    assert 0.0 <= metrics["success"] <= 1.0 and 1 <= metrics["episode_length"] <= 8
    assert metrics["random_success"] == task.random_success("valid", 20)
    frames, info = task.replay(model, index=2)
    assert len(frames) == info["steps"] + 1 and frames[0].shape == (8, 8, 3)
    assert info["outcome"] in ("goal", "lava", "limit")


def test_shipped_preset_loads_and_builds_a_12_layer_model_for_24px_grids():
    from studio.core.catalogue import load_config
    from studio.core.models.lite_resnet import count_weight_layers

    cfg = load_config("lite_resnet")
    task = GridWorldTask(cfg.task, cfg.data, seed=0)
    model = task.build_model(cfg.model)
    assert model.cfg.image_size == 24 and count_weight_layers(model) == 12
    assert model(torch.zeros(1, 3, 24, 24, dtype=torch.uint8)).shape == (1, 4)


def test_a_tiny_training_run_changes_every_parameter(tmp_path):
    from studio.core.catalogue import load_config
    from studio.core.training.loop.trainer import Trainer

    cfg = load_config(
        "lite_resnet",
        [
            "model.channels=4",
            "model.stem_stride=2",
            "task.size=4",
            "task.min_size=3",
            "task.levels=2",
            "task.max_steps=6",
            "task.pixels_per_cell=2",
            "stages.warmup.steps=1",
            "stages.warmup.batch_size=4",
            "stages.grpo.steps=1",
            "stages.grpo.batch_size=4",
            "grpo.num_generations=4",
            "eval.size=4",
            "run.checkpoint_every=0",
            "training.device=cpu",
        ],
    )
    trainer = Trainer(cfg, save_dir=tmp_path)
    before = {k: v.clone() for k, v in trainer.model.state_dict().items()}
    trainer.run()
    for name, value in trainer.model.state_dict().items():
        assert not torch.equal(before[name], value), name
