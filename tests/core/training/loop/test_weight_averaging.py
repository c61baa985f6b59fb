"""stages.*.average_last: at a stage's end the trainer tries the average of the weights at
its last evaluations and goes on with it only if it scores better on the held-out split."""

import pytest
import torch
from torch import nn

from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.averaging import RecentWeights
from studio.core.training.loop.trainer import Trainer


def test_the_average_is_of_the_last_weights_kept_and_leaves_counts_alone():
    model = nn.BatchNorm1d(2)  # float weights and an integer count
    recent = RecentWeights(2)
    for value in (1.0, 2.0, 6.0):  # the first falls out of a window of 2
        with torch.no_grad():
            model.weight.fill_(value)
        model.num_batches_tracked.fill_(int(value))
        recent.keep(model)
    with torch.no_grad():
        model.weight.fill_(-1.0)  # kept weights are copies
    averaged = recent.average()
    assert len(recent) == 2
    assert torch.equal(averaged["weight"], torch.full((2,), 4.0))
    assert averaged["num_batches_tracked"].item() == 6
    assert averaged["num_batches_tracked"].dtype == torch.long


def warmup_trainer(tmp_path, average_last: int, scores: list[float]):
    """A 6-step warm-up of a tiny Micro-GPT evaluated every 2 steps, whose held-out
    evaluations return `scores` in turn; with the model's weights at each evaluation."""
    cfg = load_config(
        "micro_gpt",
        [
            "model.d_model=32",
            "model.n_layers=1",
            "model.n_heads=2",
            "stages.warmup.steps=6",
            "stages.warmup.stop_at=null",
            f"stages.warmup.average_last={average_last}",
            "stages.grpo.steps=0",
            "eval.every=2",
            "run.checkpoint_every=0",
            "run.time_budget=",
        ],
    )
    trainer = Trainer(cfg, save_dir=tmp_path / "runs")
    seen: list[dict[str, torch.Tensor]] = []
    left = list(scores)

    def held_out() -> dict[str, float]:
        seen.append({k: v.clone() for k, v in trainer.model.state_dict().items()})
        return {trainer.task.EVAL_METRIC: left.pop(0)}

    trainer._held_out = held_out  # type: ignore[method-assign]
    return trainer, seen


def same_weights(a: dict[str, torch.Tensor], b: dict[str, torch.Tensor]) -> bool:
    return all(torch.allclose(a[k].float(), b[k].float(), atol=1e-6) for k in a)


def test_a_stage_goes_on_with_the_average_when_it_scores_better(tmp_path):
    # evaluations at steps 0 (the baseline), 2, 4, 6, then the average of 4 and 6
    trainer, seen = warmup_trainer(tmp_path, 2, [0.1, 0.2, 0.3, 0.4, 0.9])
    trainer.run()
    at_4, at_6, tried = seen[2], seen[3], seen[4]
    mean = {k: (at_4[k].float() + at_6[k].float()) / 2 for k in at_6}
    assert same_weights(tried, mean)
    assert same_weights(trainer.model.state_dict(), mean)
    assert not same_weights(mean, at_6)
    records = read_metrics(trainer.run_dir)
    last_eval = [r for r in records if r["kind"] == "eval"][-1]
    assert last_eval["step"] == 6 and last_eval[f"eval/{trainer.task.EVAL_METRIC}"] == 0.9
    logged = [r["message"] for r in records if r["kind"] == "log"]
    assert any("last 2 evaluations" in m and "went on with the average" in m for m in logged)


def test_a_stage_keeps_its_last_weights_when_the_average_scores_worse(tmp_path):
    trainer, seen = warmup_trainer(tmp_path, 3, [0.1, 0.2, 0.3, 0.4, 0.35])
    trainer.run()
    assert len(seen) == 5  # the average of steps 2, 4 and 6 was tried
    assert same_weights(trainer.model.state_dict(), seen[3])
    records = read_metrics(trainer.run_dir)
    scores = [r[f"eval/{trainer.task.EVAL_METRIC}"] for r in records if r["kind"] == "eval"]
    assert scores == [0.1, 0.2, 0.3, 0.4]  # the average's score is logged, not charted
    logged = [r["message"] for r in records if r["kind"] == "log"]
    assert any("0.35" in m and "kept the last weights" in m for m in logged)


def test_without_average_last_nothing_more_is_evaluated(tmp_path):
    trainer, seen = warmup_trainer(tmp_path, 0, [0.1, 0.2, 0.3, 0.4])
    trainer.run()
    assert len(seen) == 4


def test_a_file_cannot_ask_for_more_copies_than_twenty():
    with pytest.raises(ConfigError, match="stages.warmup.average_last"):
        load_config("micro_gpt", ["stages.warmup.average_last=21"])
