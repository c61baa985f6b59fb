"""Warm starts: the quick translation lesson starts from weights and tokenizers the studio
ships; a missing, foreign, mismatched or unsafe file is refused with a line that says what
to do, and nothing in a file can run code."""

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.preset_files import shipped_file
from studio.core.files import RunError
from studio.core.runs.checkpoints import UnsafeCheckpoint
from studio.core.runs.warm_start import (
    missing_warm_start,
    read_warm_start,
    save_warm_start,
    warm_start_path,
)
from studio.core.training.loop.trainer import Trainer
from tests.helpers import Planted

LESSON = "quick_translation"
QUICK = [  # one GRPO step of the lesson, small
    "training.device=cpu",
    "training.threads=1",
    "stages.grpo.steps=1",
    "stages.grpo.batch_size=2",
    "grpo.num_generations=2",
    "grpo.max_new_tokens=6",
    "eval.every=0",
    "eval.size=4",
    "run.checkpoint_every=0",
]


def test_the_lesson_names_a_shipped_warm_start_of_a_few_hundred_kilobytes():
    cfg = load_config(LESSON)
    path = warm_start_path(str(cfg.training.init_from))
    assert path == shipped_file("warm_starts", "quick_translation.pt") and path.is_file()
    assert path.stat().st_size < 3_000_000  # a few MB at most, in git and in the wheel
    assert missing_warm_start(cfg) is None
    assert cfg.stages.warmup.steps == 0  # the run begins at GRPO


def test_a_run_of_the_lesson_starts_from_the_shipped_weights_and_tokenizers(tmp_path):
    cfg = load_config(LESSON, QUICK)
    shipped = read_warm_start(cfg)
    seen: list[dict] = []
    trainer = Trainer(cfg, save_dir=tmp_path, listeners=[seen.append])
    # before training: the model holds the shipped weights (stored in half precision)
    for name, value in trainer.model.state_dict().items():
        assert torch.equal(value, shipped.weights[name].to(value.dtype)), name
    assert trainer.task.state_dict()["target_tokenizer"] == shipped.task_state["target_tokenizer"]
    trainer.run()
    stages = [r["stage"] for r in seen if r["kind"] == "step"]
    assert stages == ["grpo"]  # no warm-up: the first step is a GRPO step


def test_a_missing_warm_start_says_what_to_do(tmp_path):
    shipped = load_config(LESSON, ["training.init_from=gone.pt"])
    message = missing_warm_start(shipped)
    assert message is not None and "gone.pt is missing" in message
    assert "reinstall GRPO Studio" in message and "tools/make_warm_start.py" in message
    with pytest.raises(RunError, match="gone.pt is missing"):
        Trainer(shipped, save_dir=tmp_path)
    own = load_config(LESSON, [f"training.init_from={tmp_path / 'mine.pt'}"])
    message = missing_warm_start(own)
    assert message is not None and "give the path of a warm start file" in message
    assert missing_warm_start(load_config(LESSON, ["training.init_from=null"])) is None


def _warm_start_of(cfg, path):
    trainer = Trainer(cfg)  # built, never run: nothing written
    save_warm_start(path, cfg, trainer.task, trainer.model)
    return trainer


def test_a_warm_start_of_other_model_settings_is_refused_by_name(tmp_path):
    made = load_config(LESSON, ["training.init_from=null", "model.d_model=32", *QUICK])
    _warm_start_of(made, tmp_path / "small.pt")
    cfg = load_config(LESSON, [f"training.init_from={tmp_path / 'small.pt'}", *QUICK])
    with pytest.raises(RunError, match="do not fit the model"):
        Trainer(cfg, save_dir=tmp_path)


def test_a_warm_start_of_another_task_is_refused(tmp_path):
    other = load_config(
        "quick_micro_gpt",
        ["training.device=cpu", "model.n_layers=1", "model.d_model=32", "model.d_ff=64"],
    )
    _warm_start_of(other, tmp_path / "gpt.pt")
    cfg = load_config(LESSON, [f"training.init_from={tmp_path / 'gpt.pt'}", *QUICK])
    with pytest.raises(RunError, match="holds a micro-gpt model of the arithmetic task"):
        read_warm_start(cfg)


def test_a_warm_start_that_would_run_code_is_refused_unread(tmp_path):
    marker = tmp_path / "PWNED"
    bad = tmp_path / "bad.pt"
    planted = {"model": {}, "format": "grpo-studio warm start", "task": Planted(marker)}
    torch.save(planted, bad)
    cfg = load_config(LESSON, [f"training.init_from={bad}"])
    with pytest.raises(UnsafeCheckpoint, match="nothing in it was run"):
        read_warm_start(cfg)
    assert not marker.exists()


def test_a_checkpoint_that_is_not_a_warm_start_is_refused(tmp_path):
    plain = tmp_path / "plain.pt"
    torch.save({"model": {"w": torch.zeros(2)}}, plain)
    cfg = load_config(LESSON, [f"training.init_from={plain}"])
    with pytest.raises(RunError, match="not a warm start"):
        read_warm_start(cfg)
