"""Every setting that cannot work is refused when the preset loads (or, when it needs the
task's data, before the first step), with a message that names the field and the fix."""

import pytest

from studio.core.catalogue import load_config
from studio.core.config.checks import config_warnings
from studio.core.config.fields import ConfigError

REFUSED = [
    (["training.seed=-1"], "training.seed: must be at least 0, got -1"),
    (["training.seed=99999999999"], "training.seed: must be at most 4294967295"),
    (["data.split_seed=-3"], "data.split_seed: must be at least 0, got -3"),
    (["stages.warmup.lr=nan"], 'stages.warmup.lr: must be a finite number, got "nan"'),
    (["stages.grpo.lr=inf"], 'stages.grpo.lr: must be a finite number, got "inf"'),
    (["curriculum.threshold=.inf"], "curriculum.threshold: must be a finite number, got inf"),
    (["stages.warmup.stop_at=.nan"], "stages.warmup.stop_at: must be a finite number"),
    (["grpo.reward_weights.correct=nan"], "grpo.reward_weights.correct: must be a finite number"),
    (["training.adam_beta2=1"], "training.adam_beta2: must be below 1.0, got 1.0"),
    (["training.adam_beta1=1.0"], "training.adam_beta1: must be below 1.0, got 1.0"),
    (["grpo.top_p=0"], "grpo.top_p: must be a positive number, got 0.0"),
    (["grpo.top_p=1.5"], "grpo.top_p: must be at most 1.0, got 1.5"),
    (["eval.beam_size=100000"], "eval.beam_size: must be at most 16, got 100000"),
    (["run.max_steps=0"], "run.max_steps: must be at least 1, got 0"),
    (["training.max_skipped_in_a_row=-1"], "training.max_skipped_in_a_row: must be at least 0"),
    (["data.max_unusable=1.5"], "data.max_unusable: must be at most 1.0, got 1.5"),
    (
        ["data.valid_fraction=0.5", "data.test_fraction=0.5"],
        "data.valid_fraction and data.test_fraction: 0.5 + 0.5 holds out all the data, "
        "leaving none to train on; lower one of them",
    ),
    (
        ["stages.warmup.steps=0", "stages.grpo.steps=0"],
        "stages.warmup.steps and stages.grpo.steps: both are 0, so nothing would train",
    ),
    (
        ["data.path=/tmp/pairs.tsv"],
        "data.path (--data_path): the arithmetic task reads no data file, it makes its own "
        "examples, so /tmp/pairs.tsv would be ignored; remove data.path",
    ),
    (
        ["grpo.max_new_tokens=100000"],
        "grpo.max_new_tokens: 100000 is more than model.max_len (64), the longest sequence "
        "the model holds; lower grpo.max_new_tokens or raise model.max_len",
    ),
    (
        ["grpo.advantage_eps=0"],
        "grpo.advantage_eps: 0 divides a group of equal rewards (std 0) by zero",
    ),
    (
        ["eval.decoding=beam"],
        "eval.decoding: the arithmetic task decodes with greedy, not beam; "
        'set eval.decoding: "greedy"',
    ),
    (
        ["eval.test_decoding=beam"],
        "eval.test_decoding: the arithmetic task decodes with greedy, not beam; "
        'set eval.test_decoding: "greedy"',
    ),
    (
        ["ui.hidden=[grpo, nope.field]"],
        "ui.hidden[1]: 'nope.field' names no section or field of this config, so it would "
        "hide nothing",
    ),
]


@pytest.mark.parametrize(("overrides", "message"), REFUSED, ids=[r[1][:40] for r in REFUSED])
def test_a_setting_that_cannot_work_is_refused_at_load_time_naming_the_field(overrides, message):
    with pytest.raises(ConfigError) as err:
        load_config("micro_gpt", overrides)
    assert str(err.value).startswith(message)


def test_what_may_work_together_still_loads():
    cfg = load_config(
        "micro_gpt",
        [
            "ui.hidden=[grpo, grpo.beta, stages.warmup, task.max_digits]",
            "stages.warmup.lr_warmup_steps=1000",  # exactly the stage's steps
            "data.valid_fraction=0.5",
            "data.test_fraction=0.4",
            "training.seed=4294967295",
            "training.adam_beta2=0.999",
            "grpo.advantage_eps=0",
            "grpo.scale_rewards=none",  # nothing is divided
        ],
    )
    assert cfg.training.seed == 2**32 - 1
    translation = load_config("tiny_transformer", ["eval.decoding=beam", "data.path=/x.tsv"])
    assert translation.eval.decoding == "beam"


def test_an_empty_preset_file_is_refused_rather_than_trained_as_all_defaults(tmp_path):
    for text in ("", "# only a comment\n\n"):
        path = tmp_path / "empty.yaml"
        path.write_text(text)
        with pytest.raises(ConfigError, match="empty.yaml: the file holds no settings"):
            load_config(path)


def test_a_learning_rate_warmup_longer_than_its_stage_is_a_warning():
    cfg = load_config("micro_gpt", ["stages.warmup.lr_warmup_steps=5000"])
    assert config_warnings(cfg) == [
        "stages.warmup.lr_warmup_steps: 5000 is more than the stage's 1000 steps, so its "
        "learning rate never reaches stages.warmup.lr (0.001); lower it to at most 1000"
    ]
    assert config_warnings(load_config("micro_gpt")) == []
