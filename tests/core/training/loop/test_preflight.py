"""What the trainer refuses before the first step: settings that need the task's data or
model to check, and user data too much of which could not be used."""

import json

import pytest
from PIL import Image

from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.data.images import load_image_folder
from studio.core.data.load_report import DataError
from studio.core.runs.metrics_file import read_metrics
from studio.core.tasks.base import TaskError
from studio.core.training.loop.trainer import Trainer
from tests.helpers import tiny_config

SHAPES = [
    "model.channels=8",
    "stages.warmup.steps=1",
    "stages.grpo.steps=1",
    "training.device=cpu",
]


def test_a_rollout_longer_than_the_model_holds_is_refused_before_the_warmup(tmp_path):
    # 2-digit addition: prompts of up to 6 characters ("99+99=") in a context of 12
    with pytest.raises(TaskError) as err:
        Trainer(tiny_config("grpo.max_new_tokens=8"), save_dir=tmp_path)
    assert str(err.value) == (
        "grpo.max_new_tokens: 8 does not fit: arithmetic prompts take up to 6 tokens of "
        "model.max_len 12, leaving 6; lower grpo.max_new_tokens to at most 6 (answers need 4) "
        "or raise model.max_len to 14"
    )
    assert list(tmp_path.iterdir()) == []


def test_a_curriculum_past_the_last_level_is_refused(tmp_path):
    cfg = tiny_config("curriculum.enabled=true", "curriculum.start_level=9")
    with pytest.raises(ConfigError, match=r"curriculum.start_level: 9 is past the arithmetic"):
        Trainer(cfg, save_dir=tmp_path)


def test_a_weight_for_a_reward_the_task_has_not_is_refused(tmp_path):
    cfg = tiny_config("grpo.reward_weights.corect=2")
    with pytest.raises(ConfigError) as err:
        Trainer(cfg, save_dir=tmp_path)
    assert str(err.value).startswith(
        "grpo.reward_weights.corect: the arithmetic task has no reward named 'corect', so the "
        "weight would weigh nothing; its rewards are correct"
    )


def test_the_checks_run_on_a_config_built_field_by_field_too(tmp_path):
    cfg = tiny_config()  # as the window's settings form builds one, past config_from_dict
    cfg.data.path = "/tmp/pairs.tsv"
    with pytest.raises(ConfigError, match="data.path .--data_path.: the arithmetic task reads"):
        Trainer(cfg, save_dir=tmp_path)


def half_without_target(path, n=200):
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            pair = {"source": f"我们回家{i}", "target": f"we go home {i}"}
            if i % 2:
                del pair["target"]
            f.write(json.dumps(pair, ensure_ascii=False) + "\n")
    return path


def test_a_pair_file_half_of_whose_lines_lack_a_target_stops_with_the_report(tmp_path):
    path = half_without_target(tmp_path / "pairs.jsonl")
    cfg = load_config("tiny_transformer", [f"data.path={path}", "training.device=cpu"])
    with pytest.raises(DataError) as err:
        Trainer(cfg, save_dir=tmp_path / "runs")
    assert str(err.value).startswith(
        f"{path}: 100 of 200 lines (50%) could not be used, more than data.max_unusable "
        "allows (30%): kept 100 pairs; skipped 100 without source/target fields (lines 2, 4, "
    )
    assert str(err.value).endswith("fix the data, or raise data.max_unusable to train on the rest")
    assert not (tmp_path / "runs").exists()
    lenient = load_config(
        "tiny_transformer",
        [f"data.path={path}", "data.max_unusable=0.5", "training.device=cpu"],
    )
    trainer = Trainer(lenient, save_dir=tmp_path / "runs")
    assert "skipped 100 without source/target fields" in trainer.task.report()


def image_folder(root, bad: int, good: int = 6):
    for cls, colour in (("red", (250, 0, 0)), ("blue", (0, 0, 250))):
        (root / cls).mkdir(parents=True)
        for i in range(good):
            Image.new("RGB", (12, 12), colour).save(root / cls / f"{i}.png")
        for i in range(bad):
            (root / cls / f"broken{i}.jpg").write_bytes(b"\xff\xd8\xff\xe0 not a JPEG" * 8)
    return root


def test_corrupt_images_are_counted_and_too_many_stop_the_run(tmp_path):
    some = image_folder(tmp_path / "some", bad=1)
    (some / "red" / "notes.txt").write_text("a stray file")
    (some / "red" / ".thumbnails").mkdir()
    Image.new("RGB", (12, 12)).save(some / "red" / ".thumbnails" / "0.png")  # hidden: ignored
    _, labels, _, report = load_image_folder(some, 8)
    assert len(labels) == 12 and report.total_skipped == 3
    assert report.summary() == (
        "kept 12 images in 2 classes (blue 6, red 6); skipped 2 truncated or corrupt "
        "(blue/broken0.jpg, red/broken0.jpg), 1 not an image (red/notes.txt): remove or "
        "re-save these files"
    )
    trainer = Trainer(load_config("shapes", [f"data.path={some}", *SHAPES]), save_dir=tmp_path)
    assert trainer.task.report() == report.summary()  # printed before the first step

    most = image_folder(tmp_path / "most", bad=8)
    with pytest.raises(DataError) as err:
        Trainer(load_config("shapes", [f"data.path={most}", *SHAPES]), save_dir=tmp_path)
    assert str(err.value).startswith(
        f"{most}: 16 of 28 files (57%) could not be used, more than data.max_unusable allows "
        "(30%): kept 12 images in 2 classes (blue 6, red 6); skipped 16 truncated or corrupt"
    )


def test_a_setting_that_works_but_likely_not_as_meant_is_logged_as_a_warning(tmp_path):
    cfg = tiny_config("stages.warmup.lr_warmup_steps=5", "stages.grpo.steps=0")
    trainer = Trainer(cfg, save_dir=tmp_path)
    trainer.run()
    warnings = [
        r["message"]
        for r in read_metrics(trainer.run_dir)
        if r["kind"] == "log" and r["level"] == "warning"
    ]
    assert warnings == [
        "stages.warmup.lr_warmup_steps: 5 is more than the stage's 3 steps, so its learning "
        "rate never reaches stages.warmup.lr (0.001); lower it to at most 3"
    ]
