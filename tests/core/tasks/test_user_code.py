"""A preset that names the user's reward function names code: nothing of it is imported
until its file is allowed (`--allow-code FILE` on the command line, a yes in the window),
and a run that needs it refuses before anything is written."""

import sys

import pytest

from studio.cli.main import main
from studio.core.catalogue import load_config
from studio.core.tasks import build_task
from studio.core.tasks.base import TaskError
from studio.core.tasks.user_reward import (
    UserCodeRefused,
    allow_user_code,
    check_user_code,
    forget_allowed_code,
    user_code_file,
)
from tests.helpers import TINY_GPT

MODULE = "consent_rewards_mod"
# importing it leaves a marker file: what "the code ran" looks like from outside
SOURCE = (
    "import pathlib\n"
    "pathlib.Path('IMPORTED').write_text('yes')\n"
    "def score(prompts, completions, references):\n"
    "    return [1.0] * len(completions)\n"
)


@pytest.fixture
def rewards(tmp_path, monkeypatch):
    """A reward module in the working folder; afterwards nothing is allowed any more."""
    (tmp_path / f"{MODULE}.py").write_text(SOURCE)
    monkeypatch.chdir(tmp_path)
    yield tmp_path / f"{MODULE}.py"
    sys.modules.pop(MODULE, None)
    forget_allowed_code()


def tiny(overrides=()):
    return [
        *TINY_GPT,
        "training.device=cpu",
        "eval.every=0",
        "eval.size=4",
        "grpo.num_generations=2",
        "stages.grpo.batch_size=2",
        f"task.user_reward={MODULE}:score",
        *overrides,
    ]


def test_a_task_naming_code_not_allowed_builds_without_importing_it(rewards):
    cfg = load_config("micro_gpt", tiny())
    task = build_task(cfg)  # what eval, export and the playground do with a run
    assert [f.name for f in task.reward_functions()][-1] == "user"
    assert user_code_file(f"{MODULE}:score") == rewards.resolve()
    with pytest.raises(UserCodeRefused, match=rf"runs Python code from {rewards}.*--allow-code"):
        check_user_code(cfg.task)
    user = task.reward_functions()[-1]
    with pytest.raises(UserCodeRefused):
        user.fn(None)  # the first scoring: still refused, still not imported
    assert not (rewards.parent / "IMPORTED").exists()


def test_allowed_code_is_imported_when_the_task_is_built(rewards):
    allow_user_code(rewards.name)
    check_user_code(load_config("micro_gpt", tiny()).task)
    build_task(load_config("micro_gpt", tiny()))
    assert (rewards.parent / "IMPORTED").read_text() == "yes"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("nowhere_to_be_found_mod:f", "cannot import module 'nowhere_to_be_found_mod'"),
        ("no_colon", 'expected "module:function"'),
    ],
)
def test_a_name_that_leads_nowhere_is_a_task_error(rewards, spec, message):
    cfg = load_config("micro_gpt", tiny([f"task.user_reward={spec}"]))
    with pytest.raises(TaskError, match=message):
        check_user_code(cfg.task)


def test_train_refuses_code_it_was_not_allowed_to_run_and_writes_nothing(rewards, capsys):
    runs = rewards.parent / "runs"
    args = ["train", "--config", "micro_gpt", "--save_dir", str(runs), "--quiet", "--steps", "1"]
    for item in tiny(["stages.warmup.steps=0"]):
        args += ["--set", item]
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("grpo-studio: error: task.user_reward") and "\n" not in err
    assert f"--allow-code {rewards}" in err
    assert not (rewards.parent / "IMPORTED").exists() and not runs.exists()

    assert main([*args, "--allow-code", "elsewhere.py"]) == 2  # not the file it names
    assert "no such file" in capsys.readouterr().err
    (rewards.parent / "other.py").write_text("")
    assert main([*args, "--allow-code", "other.py"]) == 2
    assert "names no code in that file" in capsys.readouterr().err
    assert not (rewards.parent / "IMPORTED").exists() and not runs.exists()

    assert main([*args, "--allow-code", rewards.name]) == 0  # allowed: it trains and scores
    assert (rewards.parent / "IMPORTED").exists()
    assert "reward/user/mean" in next(runs.iterdir()).joinpath("metrics.jsonl").read_text()


def test_allowing_a_file_that_is_not_there_is_refused(tmp_path):
    with pytest.raises(TaskError, match="no such file; name the .py file"):
        allow_user_code(tmp_path / "absent.py")


def test_a_presets_own_reward_file_beside_it_is_found_and_still_needs_consent(
    tmp_path, monkeypatch, capsys
):
    """A lesson folder handed out: lesson.yaml with beside_rewards_mod.py next to it,
    opened from another folder. The file is found there (no PYTHONPATH), and still runs
    only once allowed."""
    from studio.core.config.loading import save_config
    from studio.core.tasks.user_reward import look_beside

    module = "beside_rewards_mod"
    lesson = tmp_path / "lesson"
    lesson.mkdir()
    (lesson / f"{module}.py").write_text(SOURCE.replace("IMPORTED", str(lesson / "IMPORTED")))
    preset = lesson / "lesson.yaml"
    cfg = load_config("micro_gpt", tiny([f"task.user_reward={module}:score"]))
    save_config(cfg, preset)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    try:
        with pytest.raises(TaskError, match="beside the preset file") as err:
            user_code_file(f"{module}:score")  # no preset loaded: nowhere to look
        assert "PYTHONPATH" not in str(err.value)
        look_beside(preset)
        assert user_code_file(f"{module}:score") == (lesson / f"{module}.py").resolve()
        with pytest.raises(UserCodeRefused):  # found is not allowed
            check_user_code(load_config(preset).task)
        assert not (lesson / "IMPORTED").exists()

        # the command line: found beside the preset, refused until --allow-code names it
        forget_allowed_code()
        args = ["train", "--config", str(preset), "--quiet", "--steps", "1"]
        args += ["--save_dir", str(tmp_path / "runs"), "--set", "stages.warmup.steps=0"]
        assert main(args) == 2
        assert f"--allow-code {lesson / module}.py" in capsys.readouterr().err
        assert main([*args, "--allow-code", str(lesson / f"{module}.py")]) == 0
        assert (lesson / "IMPORTED").read_text() == "yes"
    finally:
        sys.modules.pop(module, None)
        forget_allowed_code()
