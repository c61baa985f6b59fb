"""grpo.unsure_temperature: GRPO's first step measures how unsure the policy is, samples
at the lower temperature when it is unsure, and the run's config keeps the choice."""

from __future__ import annotations

import math
import random

import pytest
import torch
import yaml

from studio.core.catalogue import load_config
from studio.core.config.sections import GRPOConfig
from studio.core.machine.device import autocast
from studio.core.runs.loading import load_run_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop import trainer as trainer_module
from studio.core.training.loop.trainer import Trainer
from studio.core.training.steps.unsure_temperature import (
    UNSURE_ENTROPY,
    choose_temperature,
    policy_entropy,
)
from tests.helpers import COMMON, TRANSLATION

RUN = [*COMMON, *TRANSLATION, "stages.grpo.steps=2", "grpo.unsure_temperature=0.5"]


def test_the_lower_temperature_only_for_an_unsure_policy_and_only_when_asked():
    asked = GRPOConfig(temperature=1.0, unsure_temperature=0.7)
    assert choose_temperature(asked, UNSURE_ENTROPY + 0.5).temperature == 0.7
    assert choose_temperature(asked, UNSURE_ENTROPY - 0.5).temperature == 1.0
    assert choose_temperature(GRPOConfig(temperature=0.9), 5.0).temperature == 0.9
    unsure = choose_temperature(asked, 2.0).message()
    assert unsure.startswith("GRPO samples at temperature 0.7: the policy at its start is unsure")
    assert "(2.00 nats a sampled token at temperature 1, over 1.4)" in unsure


def test_the_measure_is_the_policys_entropy_and_leaves_the_random_streams_alone():
    cfg = load_config("tiny_transformer", [*COMMON, *TRANSLATION])
    trainer = Trainer(cfg)
    before, py_before = torch.get_rng_state(), random.getstate()
    measured = [
        policy_entropy(trainer.task, trainer.model, cfg.grpo, 2, autocast("off", trainer.device), 0)
        for _ in range(2)
    ]
    assert torch.equal(torch.get_rng_state(), before) and random.getstate() == py_before
    # a model one step old is unsure of every word: several nats a token
    assert 2.0 < measured[0] < math.log(1000)
    assert measured[0] == pytest.approx(measured[1])  # the same prompts and samples


@pytest.mark.parametrize(("entropy", "temperature"), [(2.0, 0.5), (0.5, 1.0)])
def test_grpo_samples_at_the_temperature_its_start_chose_and_the_config_keeps_it(
    tmp_path, monkeypatch, entropy, temperature
):
    measured = []
    monkeypatch.setattr(
        trainer_module, "policy_entropy", lambda *args: measured.append(args) or entropy
    )
    records: list[dict] = []
    trainer = Trainer(
        load_config("tiny_transformer", RUN), save_dir=tmp_path, listeners=[records.append]
    )
    assert trainer.run(max_steps=2)["reason"] == "step limit"  # the warm-up and 1 GRPO step
    assert len(measured) == 1
    said = [r["message"] for r in records if r["kind"] == "log" and "GRPO samples" in r["message"]]
    assert len(said) == 1 and said[0].startswith(f"GRPO samples at temperature {temperature:g}: ")
    assert trainer.cfg.grpo.temperature == temperature == trainer.explainer.gcfg.temperature
    saved = yaml.safe_load((trainer.run_dir / "config.yaml").read_text(encoding="utf-8"))
    assert saved["grpo"]["temperature"] == temperature
    assert saved["grpo"]["unsure_temperature"] == 0.5  # as asked: a resume finds it unchanged
    # resumed, GRPO goes on at that temperature and measures nothing again
    resumed = Trainer(load_run_config(trainer.run_dir), resume_from=trainer.run_dir)
    assert resumed.run()["reason"] == "finished"
    assert len(measured) == 1 and resumed.cfg.grpo.temperature == temperature
    logged = [r for r in read_metrics(trainer.run_dir) if "GRPO samples" in str(r.get("message"))]
    assert len(logged) == 1


def test_a_users_file_resumed_within_grpo_keeps_the_fits_question_as_the_fits(
    tmp_path, monkeypatch
):
    from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file

    data = write_tatoeba_file(tmp_path / "cmn.txt", realistic_pairs(1200, seed=5))
    settings = [*RUN[:-1], f"data.path={data}", "run.time_budget=", "stages.warmup.steps=1"]
    settings += ["eval.every=0", "stages.grpo.steps=2"]
    monkeypatch.setattr(trainer_module, "policy_entropy", lambda *args: 2.0)
    trainer = Trainer(load_config("tiny_transformer", settings), save_dir=tmp_path / "runs")
    assert trainer.cfg.grpo.unsure_temperature == 0.7  # the fit's
    assert trainer.run(max_steps=2)["reason"] == "step limit"
    resumed = Trainer(load_run_config(trainer.run_dir), resume_from=trainer.run_dir)
    assert resumed.cfg.grpo.temperature == 0.7 and resumed.cfg.grpo.unsure_temperature == 0.7
    assert "grpo.unsure_temperature" not in resumed.cfg.user_set
    assert "grpo.unsure_temperature: kept at" not in resumed.task.load_report().text()
    assert resumed.run()["reason"] == "finished"
