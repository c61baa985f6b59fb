"""The lessons shipped for a class: each loads, says what it teaches, hides only fields that
exist, trains deterministically, and two runs of one draw the same curves."""

import math

import pytest

from studio.core.catalogue import load_config
from studio.core.config.loading import config_to_dict
from studio.core.config.preset_files import lesson_files
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer
from tests.helpers import MICRO_GPT


def field_paths(cfg) -> set[str]:
    """Every section and field path of a config, e.g. 'grpo' and 'grpo.beta'."""
    paths: set[str] = set()

    def walk(prefix: str, node) -> None:
        for key, value in node.items():
            path = f"{prefix}{key}"
            paths.add(path)
            if isinstance(value, dict) and key not in ("reward_weights",):
                walk(path + ".", value)

    walk("", config_to_dict(cfg))
    return paths


def test_at_least_two_lessons_ship():
    assert len(lesson_files()) >= 2


@pytest.mark.parametrize("name", sorted(lesson_files()))
def test_a_shipped_lesson_teaches_hides_real_fields_and_is_reproducible(name):
    cfg = load_config(lesson_files()[name])
    assert cfg.name.startswith("Lesson: ") and len(cfg.ui.lesson) > 200
    assert cfg.training.deterministic and cfg.ui.minutes is not None
    known = field_paths(cfg)
    assert cfg.ui.hidden and all(path in known for path in cfg.ui.hidden), [
        p for p in cfg.ui.hidden if p not in known
    ]
    assert "training.seed" in known  # shown whatever the lesson hides (the form's rule)
    assert load_config(name) == cfg  # a shipped lesson opens by its name too


TINY = [
    *MICRO_GPT,
    "stages.warmup.steps=2",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=3",
    "stages.grpo.batch_size=4",
    "grpo.num_generations=4",
    "eval.every=0",
    "eval.size=8",
    "run.checkpoint_every=0",
    "training.threads=1",
]


def test_two_runs_of_a_lesson_draw_the_same_curves(tmp_path):
    curves = []
    for i in range(2):
        cfg = load_config("what_a_group_is", TINY)
        trainer = Trainer(cfg, save_dir=tmp_path / str(i))
        trainer.run()
        steps = [r for r in read_metrics(trainer.run_dir) if r["kind"] == "step"]
        curves.append(
            [
                {
                    k: v
                    for k, v in r.items()
                    if not k.startswith(("time/", "perf/")) and k != "elapsed"
                }
                for r in steps
            ]
        )
    assert len(curves[0]) == 5
    for a, b in zip(*curves):
        for key, value in a.items():
            if isinstance(value, float) and math.isnan(value):
                assert math.isnan(b[key])
            elif key not in ("memory/peak_mb",):
                assert b[key] == value, key
