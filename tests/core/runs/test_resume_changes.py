"""A failed resume does not change the run: settings the checkpoint depends on cannot
change on resume, and everything is checked before config.yaml is written (atomically)."""

import pytest

from studio.cli.main import main
from studio.core.catalogue import load_config
from studio.core.files import RunError
from studio.core.runs.resume import RESUMABLE, resume_config
from studio.core.training.loop.trainer import Trainer
from tests.helpers import copy_run
from tests.helpers import stopped_run as stopped_run_of


@pytest.fixture(scope="module")
def stopped_run(tmp_path_factory):
    """A real run stopped at step 1 of 3 (checkpoint written), to resume."""
    return stopped_run_of(tmp_path_factory.mktemp("runs"), 1, ["stages.grpo.steps=2"])


@pytest.fixture
def run(stopped_run, tmp_path):
    return copy_run(stopped_run, tmp_path)


def snapshot(run):
    return {str(p.relative_to(run)): p.read_bytes() for p in sorted(run.rglob("*")) if p.is_file()}


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ("model.d_model=128", "model.d_model cannot change"),
        ("model.arch=tiny-transformer", "model.arch cannot change"),
        ("task.name=strings", "task.name cannot change"),
        ("stages.grpo.lr=0.5", "stages.grpo.lr cannot change"),
        ("training.seed=7", "training.seed cannot change"),
    ],
)
def test_a_change_the_checkpoint_cannot_take_is_refused_and_the_run_unchanged(
    run, change, named, capsys
):
    before = snapshot(run)
    assert main(["train", "--resume", str(run), "--set", change, "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("grpo-studio: error: ") and named in err[0]
    assert "may change only" in err[0] and "stages.grpo.steps" in err[0]
    assert snapshot(run) == before  # config.yaml byte-identical, nothing else touched


def test_the_settings_that_may_change_do_and_the_run_goes_on(run):
    cfg = resume_config(run, ["stages.grpo.steps=3", "run.checkpoint_every=1", "eval.every=0"])
    assert cfg.stages.grpo.steps == 3 and cfg.run.checkpoint_every == 1
    assert main(["train", "--resume", str(run), "--set", "stages.grpo.steps=3", "--quiet"]) == 0
    assert "steps: 3" in (run / "config.yaml").read_text()
    assert all(k.rstrip(".") for k in RESUMABLE)


def test_a_config_edited_by_hand_that_no_longer_fits_is_refused_before_writing(run, capsys):
    config = run / "config.yaml"
    config.write_text(config.read_text().replace("d_model: 16", "d_model: 24"))
    before = snapshot(run)
    with pytest.raises(RunError, match=r"do not fit the model .*put them back"):
        Trainer(load_config(config), resume_from=run)
    assert main(["train", "--resume", str(run), "--quiet"]) == 2
    assert "do not fit the model" in capsys.readouterr().err
    assert snapshot(run) == before
