"""The "add a task" steps of docs/architecture.md, followed to the letter on a throwaway task.

The task (echo a short string of digits) is written the way the steps say: a config
dataclass (a TaskSection) declared with param() and a NAME, a Task subclass over it that
names its CONFIG (a text task: its kind of model and export adapter come with TextTask,
its playground page with Micro-GPT's spec), an entry in studio.core.tasks.TASKS, and a
preset YAML. The run is the real trainer: warm-up and GRPO steps, evaluation, and the
run folder read back and exported to ONNX. If the steps and the code drift apart, this test fails.
"""

import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

from studio.core.catalogue import load_config
from studio.core.config.fields import ModelSection, TaskSection, param
from studio.core.export.metadata import read_metadata
from studio.core.export.pipeline import export_run
from studio.core.runs.loading import load_trained
from studio.core.tasks import TASKS, task_class
from studio.core.tasks.base import Example, RewardFunction, UserSettings
from studio.core.tasks.char_tokenizer import CharTokenizer
from studio.core.tasks.text import TextTask, per_row
from tests.helpers import TINY_TRAINING_YAML, train_tiny_preset

PROMPT_END = ">"


# ---- step 1: the task's config section


@dataclass
class EchoConfig(TaskSection):
    """Repeat a string of digits."""

    NAME: ClassVar[str] = "echo"

    digits: str = param("0123", "Characters the strings are made of", label="Digits")
    max_length: int = param(3, "Longest string (the last level)", min=1, max=8, label="Longest")


# ---- step 2: the task (step 3, its export adapter, comes with TextTask; step 4 is not needed)


def exact(completion: str, reference: str) -> float:
    return float(completion == reference)


class EchoTask(TextTask[EchoConfig]):
    """Level k holds the strings of length k + 1; the answer is the string itself."""

    NAME = "echo"
    CONFIG = EchoConfig

    def __init__(
        self,
        cfg: EchoConfig,
        data: object,
        *,
        seed: int,
        user_settings: UserSettings | None = None,
        model: ModelSection | None = None,
    ) -> None:
        super().__init__(cfg, data, seed=seed, user_settings=user_settings, model=model)
        self.tokenizer = CharTokenizer(cfg.digits + PROMPT_END)

    @property
    def num_levels(self) -> int:
        return self.cfg.max_length

    def level_size(self, level: int) -> int:
        return len(self.cfg.digits) ** (level + 1)

    def draw(self, rng: random.Random, level: int) -> Example:
        text = "".join(rng.choices(self.cfg.digits, k=level + 1))
        return Example(text + PROMPT_END, text, difficulty=level, display=text + PROMPT_END)

    @property
    def max_prompt_chars(self) -> int:
        return self.cfg.max_length + 1

    @property
    def max_reference_chars(self) -> int:
        return self.cfg.max_length

    def task_rewards(self) -> list[RewardFunction]:
        return [RewardFunction("correct", per_row(exact), 1.0)]


# ---- step 6: a preset that trains it (tiny sizes)

PRESET = (
    """\
name: Echo
description: A decoder learns to repeat a string of digits
model:
  arch: micro-gpt
  n_layers: 1
  n_heads: 2
  d_model: 32
  d_ff: 64
  max_len: 12
task:
  name: echo
  max_length: 3
"""
    + TINY_TRAINING_YAML
)


@pytest.fixture
def echo_registered(monkeypatch):
    # step 5: one line in TASKS ("echo": "<module>:EchoTask"), made here for the test only
    monkeypatch.setitem(TASKS, "echo", f"{__name__}:EchoTask")


def test_the_documented_steps_give_a_task_that_trains_evaluates_and_exports(
    tmp_path, echo_registered
):
    assert task_class("echo") is EchoTask
    preset = tmp_path / "echo.yaml"
    preset.write_text(PRESET, encoding="utf-8")
    cfg = load_config(preset)
    assert isinstance(cfg.task, EchoConfig) and cfg.task.max_length == 3

    # the real trainer: warm-up and GRPO steps, rewarded, evaluated
    trainer = train_tiny_preset(cfg, tmp_path / "runs")

    # the run folder reads back with the task found by its name, and evaluates again
    again, task, model = load_trained(trainer.run_dir)
    assert isinstance(task, EchoTask) and again.task == cfg.task
    assert 0.0 <= task.evaluate(model, limit=10)["accuracy"] <= 1.0

    # the export adapter comes with TextTask; the export checks itself against PyTorch
    result = export_run(trainer.run_dir, examples=5, seed=0)
    assert result.verification.passed and result.verification.examples == 5
    assert read_metadata(result.model_path)["task"]["name"] == "echo"


def test_an_unregistered_task_is_refused_by_name(tmp_path):
    preset = tmp_path / "echo.yaml"
    preset.write_text(PRESET, encoding="utf-8")
    with pytest.raises(ValueError, match='task.name: must be one of .*got "echo"'):
        load_config(preset)
