"""A run that diverges stops with a message naming the cause and the checkpoint to go back
to, and sampling never draws from scores that are not finite."""

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.models.sampling import SamplingError, choose, filter_logits
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.divergence import Diverged, last_checkpoint_before
from studio.core.training.loop.trainer import Trainer
from tests.helpers import tiny_config

ABSURD = [
    "stages.warmup.lr=1e6",  # the first update blows the weights up: every later loss is NaN
    "stages.warmup.steps=40",
    "eval.every=0",
    "training.max_skipped_in_a_row=5",
]


def test_a_diverged_warmup_stops_after_the_set_number_of_skipped_updates(tmp_path):
    trainer = Trainer(tiny_config(*ABSURD), save_dir=tmp_path)
    with pytest.raises(Diverged) as err:
        trainer.run()
    message = str(err.value)
    assert message.startswith(
        "training diverged: the 5 updates of steps 2-6 were all skipped, their loss or "
        "gradient not finite (training.max_skipped_in_a_row is 5), since the update of step 1."
    )
    assert "stages.warmup.lr is 1e+06): lower it" in message
    assert message.endswith("no checkpoint was written before step 1")
    records = read_metrics(trainer.run_dir)
    assert [r["step"] for r in records if r["kind"] == "step"] == [1, 2, 3, 4, 5, 6]
    done = {k: v for k, v in records[-1].items() if k != "time/wall"}  # when it was written
    assert done == {"kind": "done", "step": 6, "reason": "error"}
    assert latest_checkpoint(trainer.run_dir) is None  # the broken weights are not saved


def test_the_streak_of_skipped_updates_survives_a_resume(tmp_path):
    cfg = tiny_config(*ABSURD)
    first = Trainer(cfg, save_dir=tmp_path)
    assert first.run(max_steps=4)["reason"] == "step limit"  # three skipped so far
    resumed = Trainer(cfg, resume_from=first.run_dir)
    with pytest.raises(Diverged, match="steps 2-6 were all skipped"):
        resumed.run()


def test_the_checkpoint_named_is_the_newest_from_before_the_breaking_update(tmp_path):
    folder = tmp_path / "checkpoints"
    folder.mkdir()
    for step in (100, 200, 300):
        (folder / f"step_{step:07d}.pt").write_bytes(b"")
    assert last_checkpoint_before(tmp_path, 250) == folder / "step_0000200.pt"
    assert last_checkpoint_before(tmp_path, 200) == folder / "step_0000200.pt"
    assert last_checkpoint_before(tmp_path, 99) is None


def test_zero_means_a_run_never_stops_for_skipped_updates(tmp_path):
    never = ["stages.warmup.steps=8", "stages.grpo.steps=0", "training.max_skipped_in_a_row=0"]
    trainer = Trainer(tiny_config(*ABSURD, *never), save_dir=tmp_path)
    with pytest.raises(SamplingError, match="NaN or infinite"):  # the stage-end evaluation
        trainer.run()
    assert [r["optim/skipped"] for r in read_metrics(trainer.run_dir) if r["kind"] == "step"][
        -1
    ] == 7


@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
def test_sampling_refuses_scores_that_are_not_finite(bad):
    logits = torch.zeros(3, 5)
    logits[1, 2] = bad
    with pytest.raises(SamplingError, match="NaN or infinite.*learning rate"):
        choose(logits)
    with pytest.raises(SamplingError, match="NaN or infinite"):
        choose(logits, greedy=True)


def test_choices_masked_to_minus_infinity_are_not_taken_for_divergence():
    logits = torch.tensor([[0.0, float("-inf"), 1.0]] * 4)
    picked, logp = choose(logits)
    assert set(picked.tolist()) <= {0, 2} and logp.isfinite().all()


def test_a_nucleus_of_nothing_is_refused_in_the_config_and_in_sampling():
    with pytest.raises(ConfigError, match=r"^grpo.top_p: must be a positive number, got 0.0$"):
        load_config("micro_gpt", ["grpo.top_p=0"])
    with pytest.raises(SamplingError, match="top_p must be above 0"):
        filter_logits(torch.zeros(2, 4), top_p=0.0)
    with pytest.raises(SamplingError, match="top_k must be 0"):
        filter_logits(torch.zeros(2, 4), top_k=-1)
