"""The policy probe: each task's snapshot has the shape tasks/probing.py documents, the
trainer records one before training and every run.probe_every steps, and probing leaves the
training's numbers as they were."""

import json
import math

import pytest

from studio.core.catalogue import load_config
from studio.core.tasks.probing import TOP
from studio.core.training.loop.trainer import Trainer
from tests.helpers import ONE_GRPO_STEP, ONE_STEP_PRESETS

CLOCK = ("time/", "perf/", "memory/")  # what a clock or the machine decides


def probes_of(tmp_path, preset, *extra):
    records = []
    cfg = load_config(preset, [*ONE_GRPO_STEP, *ONE_STEP_PRESETS[preset], *extra])
    Trainer(cfg, save_dir=tmp_path, listeners=[records.append]).run()
    return records, [r for r in records if r["kind"] == "probe"]


def is_probability(p) -> bool:
    return isinstance(p, float) and 0.0 <= p <= 1.0


def check_next_tokens(snapshot):
    assert snapshot["prompts"]
    for prompt in snapshot["prompts"]:
        assert isinstance(prompt["prompt"], str) and isinstance(prompt["reference"], str)
        product = 1.0
        for position in prompt["positions"]:
            candidates = position["candidates"]
            assert 1 <= len(candidates) <= TOP
            assert all(isinstance(c, str) and is_probability(p) for c, p in candidates)
            ps = [p for _, p in candidates]
            assert ps == sorted(ps, reverse=True)
            assert is_probability(position["p_target"]) and isinstance(position["target"], str)
            product *= position["p_target"]
        assert prompt["p_answer"] == pytest.approx(product, rel=1e-2, abs=1e-6)


def check_grid(snapshot):
    assert snapshot["actions"] == ["up", "right", "down", "left"]
    cells, probs = snapshot["cells"], snapshot["probs"]
    side = len(cells)
    assert all(len(row) == side for row in cells) and len(probs) == side
    r, c = snapshot["start"]
    assert cells[r][c] == "empty" and "goal" in {x for row in cells for x in row}
    for cell_row, prob_row in zip(cells, probs):
        for cell, p in zip(cell_row, prob_row):
            if cell == "empty":  # the agent may stand there: four moves summing to 1
                assert len(p) == 4 and sum(p) == pytest.approx(1.0, abs=1e-3)
            else:
                assert p is None
    # each cell's chance of reaching the goal where there are moves, and the agent's walk
    for prob_row, value_row in zip(probs, snapshot["values"]):
        assert [p is None for p in prob_row] == [v is None for v in value_row]
        assert all(v is None or is_probability(v) for v in value_row)
    assert snapshot["walk"][0] == [r, c] and snapshot["walk_outcome"] in ("goal", "lava", "limit")
    assert 2 <= len(snapshot["walk"]) <= snapshot["max_steps"] + 1


def check_labels(snapshot):
    classes = snapshot["classes"]
    assert len(classes) >= 2 and snapshot["images"]
    for image in snapshot["images"]:
        assert image["label"] in classes and isinstance(image["title"], str)
        assert len(image["probs"]) == len(classes)
        assert sum(image["probs"]) == pytest.approx(1.0, abs=1e-3)


KINDS = {
    "micro_gpt": ("next_tokens", check_next_tokens),
    "tiny_transformer": ("next_tokens", check_next_tokens),
    "lite_resnet": ("grid", check_grid),
    "shapes": ("labels", check_labels),
}


@pytest.mark.parametrize("preset", sorted(KINDS))
def test_each_tasks_snapshot_has_the_documented_shape(tmp_path, preset):
    _, probes = probes_of(tmp_path, preset, "run.probe_every=1")
    assert probes[0]["step"] == 0  # the policy before training
    kind, check = KINDS[preset]
    for record in probes:
        assert set(record) == {"kind", "stage", "step", "probe", "time/wall"}
        assert record["probe"]["kind"] == kind
        check(record["probe"])
        assert json.loads(json.dumps(record)) == record  # plain values only


def test_snapshots_come_every_n_steps_and_leave_the_training_as_it_was(tmp_path):
    extra = ["model.dropout=0.1", "stages.grpo.steps=4"]
    with_probes, probes = probes_of(tmp_path / "a", "micro_gpt", *extra, "run.probe_every=2")
    without, none = probes_of(tmp_path / "b", "micro_gpt", *extra, "run.probe_every=0")
    assert [p["step"] for p in probes] == [0, 2, 4] and none == []

    def trained(records):
        return [
            {k: v for k, v in r.items() if not k.startswith(CLOCK) and k != "elapsed"}
            for r in records
            if r["kind"] == "step"
        ]

    a, b = trained(with_probes), trained(without)
    assert len(a) == 4
    for x, y in zip(a, b):
        assert x.keys() == y.keys()
        for key in x:
            if isinstance(x[key], float) and math.isnan(x[key]):
                assert math.isnan(y[key]), key
            else:
                assert x[key] == y[key], key
