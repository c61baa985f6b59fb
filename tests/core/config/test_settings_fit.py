"""The one settings fit (studio.core.config.fit): the data fit and the budgets propose
values; one function applies them, keeps what the user set and says so in one line."""

from __future__ import annotations

import copy

from studio import api
from studio.core.catalogue import load_config
from studio.core.config.fit import Proposal, apply_fit, settle


def test_a_proposal_for_a_users_setting_is_kept_and_said_another_applied_and_said():
    cfg = load_config("micro_gpt", ["eval.every=0"])
    assert cfg.user_set == ["eval.every"]
    fit = apply_fit(
        cfg,
        [
            Proposal("eval.every", 500, "eval.every 500: a whole valid split takes longer"),
            Proposal("eval.size", 7, "eval.size 7: the whole valid split"),
        ],
    )
    assert cfg.eval.every == 0 and cfg.eval.size == 7
    assert fit.settings == {"eval.size": 7}
    assert fit.notes == ["eval.size 7: the whole valid split"]  # the kept one's is not said
    assert fit.kept_lines == ["eval.every: kept at 0, you set it; the fit would choose 500"]
    assert fit.yours == [] and cfg.user_set == ["eval.every"]


def test_a_kept_line_says_what_its_proposer_would_do():
    user = {"grpo.num_generations": 8, "training.amp": "off"}
    fit = settle(
        [
            Proposal("grpo.num_generations", 6, "", "the budget would lower it"),
            Proposal("training.amp", "bf16", "", "the budget would try bf16"),
        ],
        user,
    )
    assert fit.settings == {}
    assert fit.kept_lines == [
        "grpo.num_generations: kept at 8, you set it; the budget would lower it",
        "training.amp: kept at off, you set it; the budget would try bf16",
    ]


def test_a_section_the_user_set_keeps_each_of_its_fields():
    cfg = load_config("micro_gpt")
    cfg.user_set = ["stages.warmup"]  # a record may name a section: all of its fields
    fit = apply_fit(cfg, [Proposal("stages.warmup.lr", 3e-4, "stages.warmup.lr 0.0003")])
    assert cfg.stages.warmup.lr == 1e-3 and fit.settings == {}
    assert fit.kept_lines == [
        "stages.warmup.lr: kept at 0.001, you set it; the fit would choose 0.0003"
    ]


def test_the_same_path_proposed_twice_is_settled_by_the_later_proposal():
    # the proposers run in the order a run is planned (data, memory, time), each from what
    # the ones before it chose: the later has seen the earlier's value, and wins
    data = Proposal("stages.warmup.steps", 5000, "stages.warmup.steps 5,000: the data's cap")
    time = Proposal("stages.warmup.steps", 1200, "", "the budget would shorten it")
    other = Proposal("eval.size", 500, "eval.size 500: the whole valid split")
    fit = settle([data, other, time], {})
    assert fit.settings == {"eval.size": 500, "stages.warmup.steps": 1200}
    assert fit.notes == ["eval.size 500: the whole valid split"]  # not the overruled cap's
    # one fit of both proposals ends where the two fits applied one after the other do
    cfg = load_config("micro_gpt")
    at_once, in_turn = copy.deepcopy(cfg), copy.deepcopy(cfg)
    apply_fit(at_once, [data, other, time])
    apply_fit(in_turn, [data, other])
    apply_fit(in_turn, [time])
    assert at_once == in_turn and at_once.stages.warmup.steps == 1200
    # a setting of the user's is kept whichever proposer proposed it last
    kept = settle([data, time], {"stages.warmup.steps": 40})
    assert kept.settings == {}
    assert kept.kept_lines == [
        "stages.warmup.steps: kept at 40, you set it; the budget would shorten it"
    ]


def test_a_proposal_that_keeps_what_the_user_meant_changes_their_setting_and_names_it():
    cfg = load_config("micro_gpt", ["stages.grpo.batch_size=16"])
    split = [
        Proposal("stages.grpo.batch_size", 4, "the same examples", keeps_meaning=True),
        Proposal("training.grad_accum", 4, "the same examples", keeps_meaning=True),
    ]
    fit = apply_fit(cfg, split)
    assert (cfg.stages.grpo.batch_size, cfg.training.grad_accum) == (4, 4)
    assert fit.yours == ["stages.grpo.batch_size"] and fit.kept == {}


def test_a_resumed_runs_setting_changed_since_its_fit_is_the_users_and_joins_the_record():
    cfg = load_config("micro_gpt")
    cfg.stages.warmup.patience = 9  # edited in config.yaml since the fit chose 4
    fitted = [Proposal("stages.warmup.patience", 4, ""), Proposal("eval.size", cfg.eval.size, "")]
    fit = apply_fit(cfg, fitted, resumed=True)
    assert cfg.stages.warmup.patience == 9 and cfg.user_set == ["stages.warmup.patience"]
    assert fit.kept_lines == [
        "stages.warmup.patience: kept at 9, you set it; the fit would choose 4"
    ]
    assert fit.settings == {"eval.size": cfg.eval.size}  # as the fit chose: the fit's still


def test_what_the_api_is_given_joins_the_record_and_a_later_fit_leaves_it():
    cfg = api.configure(
        api.load_preset("micro_gpt"), {"eval.every": 3, "stages.warmup": {"lr": 0.01}}
    )
    assert cfg.user_set == ["eval.every", "stages.warmup.lr"]
    fit = apply_fit(
        cfg,
        [
            Proposal("eval.every", 500, "eval.every 500"),
            Proposal("stages.warmup.lr", 1e-3, "stages.warmup.lr 0.001"),
        ],
    )
    assert (cfg.eval.every, cfg.stages.warmup.lr) == (3, 0.01) and fit.settings == {}
    assert fit.kept_lines == [
        "eval.every: kept at 3, you set it; the fit would choose 500",
        "stages.warmup.lr: kept at 0.01, you set it; the fit would choose 0.001",
    ]
