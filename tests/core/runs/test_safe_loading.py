"""A run folder from someone else runs no code: checkpoints are read weights-only, and a
poisoned one (a pickle that creates a file when unpickled) is refused by every command
that reads a run; the `latest` pointer names only a checkpoint of its own folder."""

import random

import numpy as np
import pytest
import torch

from studio.cli.main import main
from studio.core.files import RunError
from studio.core.runs.checkpoints import (
    LATEST_FILE,
    UnsafeCheckpoint,
    latest_checkpoint,
    load_checkpoint,
)
from studio.core.runs.folder import CHECKPOINT_DIR
from studio.core.runs.loading import load_trained, read_task_file
from studio.core.training.stages.state import restore_rng, rng_state
from tests.helpers import TINY_GPT, copy_run, make_run, poisoned_copy


@pytest.fixture(scope="module")
def clean_run(tmp_path_factory):
    return make_run(tmp_path_factory.mktemp("clean"), "micro_gpt", TINY_GPT)


@pytest.fixture
def poisoned(clean_run, tmp_path):
    return poisoned_copy(clean_run, tmp_path)


def test_a_checkpoint_written_by_the_trainer_loads_weights_only(clean_run):
    state = load_checkpoint(latest_checkpoint(clean_run))
    assert state["version"] == 2 and isinstance(state["rng"]["numpy"]["key"], torch.Tensor)


def test_the_plain_random_states_put_every_generator_back():
    task_rng = random.Random(5)
    saved = rng_state(task_rng)
    before = (random.random(), task_rng.random(), np.random.rand(), np.random.randn())
    before += (torch.rand(1).item(),)
    restore_rng(saved, task_rng)
    after = (random.random(), task_rng.random(), np.random.rand(), np.random.randn())
    assert before == (*after, torch.rand(1).item())


def test_a_poisoned_checkpoint_is_refused_and_runs_nothing(poisoned):
    run, marker = poisoned
    with pytest.raises(UnsafeCheckpoint, match=r"refused: it holds .*open.*nothing in it was run"):
        load_checkpoint(latest_checkpoint(run))
    with pytest.raises(UnsafeCheckpoint):
        load_trained(run)
    assert not marker.exists()


@pytest.mark.parametrize(
    "command",
    [
        ["eval", "{run}", "--limit", "4"],
        ["generate", "{run}", "1+1="],
        ["export", "{run}"],
        ["train", "--resume", "{run}", "--steps", "3"],
    ],
    ids=["eval", "generate", "export", "resume"],
)
def test_every_command_refuses_a_poisoned_run(poisoned, command, capsys):
    run, marker = poisoned
    config_before = (run / "config.yaml").read_bytes()
    assert main([part.format(run=run) for part in command]) == 2
    err = capsys.readouterr().err
    last = err.strip().splitlines()[-1]
    assert last.startswith("grpo-studio: error: ") and "refused: it holds" in last
    assert "Traceback" not in err and "weights_only=False" not in err
    assert not marker.exists()
    assert (run / "config.yaml").read_bytes() == config_before  # a refused resume wrote nothing


@pytest.mark.parametrize("name", ["../config.yaml", "/etc/passwd", "step_1.pt/../../x"])
def test_the_latest_pointer_names_only_a_checkpoint_of_its_folder(clean_run, tmp_path, name):
    run = copy_run(clean_run, tmp_path)
    (run / CHECKPOINT_DIR / LATEST_FILE).write_text(name)
    with pytest.raises(RunError, match=r"not a checkpoint file of this folder .*delete"):
        latest_checkpoint(run)


def test_weights_that_do_not_fit_the_config_name_the_parameters(clean_run, tmp_path):
    run = copy_run(clean_run, tmp_path)
    config = run / "config.yaml"
    config.write_text(config.read_text().replace("d_model: 16", "d_model: 24"))
    with pytest.raises(RunError, match=r"do not fit the model .*\(16,\) saved, \(24,\) in the"):
        load_trained(run)


def test_a_damaged_task_file_is_a_clear_error(clean_run, tmp_path):
    run = copy_run(clean_run, tmp_path)
    (run / "task.json").write_text('{"name": ')
    with pytest.raises(RunError, match="task.json: cannot be read .*damaged"):
        read_task_file(run)
