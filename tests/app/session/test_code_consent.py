"""The window asks before a preset's own reward code runs, and runs nothing when refused."""

import sys

import pytest

from studio.app.common import dialogs
from studio.core.tasks.user_reward import forget_allowed_code
from tests.helpers import TINY_GPT

MODULE = "window_rewards_mod"


@pytest.fixture
def rewards(tmp_path, monkeypatch):
    (tmp_path / f"{MODULE}.py").write_text(
        "import pathlib\n"
        "pathlib.Path('IMPORTED').write_text('yes')\n"
        "def score(prompts, completions, references):\n"
        "    return [1.0] * len(completions)\n"
    )
    monkeypatch.chdir(tmp_path)
    yield tmp_path / f"{MODULE}.py"
    sys.modules.pop(MODULE, None)
    forget_allowed_code()


def test_start_asks_before_running_a_presets_code(qtbot, window, rewards, monkeypatch):
    asked = []
    answer = [False]
    monkeypatch.setattr(
        dialogs, "ask_to_run_code", lambda p, file, spec: asked.append((file, spec)) or answer[0]
    )
    overrides = [
        *TINY_GPT,
        "stages.warmup.steps=0",
        "eval.every=0",
        "eval.size=4",
        "grpo.num_generations=2",
        "stages.grpo.batch_size=2",
        f"run.save_dir={rewards.parent / 'runs'}",
        f"task.user_reward={MODULE}:score",
    ]
    assert window.load_preset("micro_gpt", overrides)
    assert not window.session.start()  # refused: nothing starts, nothing is imported
    assert asked == [(rewards.resolve(), f"{MODULE}:score")]
    assert not window.session.controller.running and not (rewards.parent / "IMPORTED").exists()

    answer[0] = True
    assert window.session.start()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=30_000)
    assert window.errors == [] and (rewards.parent / "IMPORTED").exists()
    assert window.session.start()  # allowed for the rest of the session: not asked again
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=30_000)
    assert len(asked) == 2 and window.errors == []


def test_a_presets_reward_file_beside_it_is_found_and_asked_about(
    qtbot, window, tmp_path, monkeypatch
):
    from studio.core.catalogue import load_config
    from studio.core.config.loading import save_config

    module = "window_beside_mod"
    lesson = tmp_path / "lesson"
    lesson.mkdir()
    (lesson / f"{module}.py").write_text(
        "def score(prompts, completions, references):\n    return [1.0] * len(completions)\n"
    )
    overrides = [
        *TINY_GPT,
        "stages.warmup.steps=0",
        "eval.every=0",
        "eval.size=4",
        "grpo.num_generations=2",
        "stages.grpo.batch_size=2",
        f"run.save_dir={tmp_path / 'runs'}",
        f"task.user_reward={module}:score",
    ]
    save_config(load_config("micro_gpt", overrides), lesson / "lesson.yaml")
    monkeypatch.chdir(tmp_path)  # not the lesson's folder
    asked = []
    monkeypatch.setattr(
        dialogs, "ask_to_run_code", lambda p, file, spec: asked.append(file) or False
    )
    try:
        assert window.load_preset(str(lesson / "lesson.yaml"))
        assert not window.session.start()  # asked, refused: nothing runs
        assert asked == [(lesson / f"{module}.py").resolve()]
        assert window.errors == []  # not "cannot import module ... PYTHONPATH"
    finally:
        sys.modules.pop(module, None)
        forget_allowed_code()
