"""The perplexity curriculum's stages as the window's log shows them, in both languages."""

import re

import pytest

from studio.app.shell import ui_language
from studio.app.views.log_panel import LogPanel
from studio.core.catalogue import load_config
from studio.core.training.loop.trainer import Trainer
from tests.helpers import ARITHMETIC_LEN, MICRO_GPT_16, ONE_THREAD

CJK = re.compile(r"[\u4e00-\u9fff]")

TINY = [
    *MICRO_GPT_16,
    ARITHMETIC_LEN,
    "stages.warmup.steps=2",
    "stages.warmup.batch_size=4",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=0",
    "eval.size=4",
    "eval.every=0",
    "run.checkpoint_every=0",
    "run.probe_every=0",
    *ONE_THREAD,
    "curriculum.enabled=true",
    "curriculum.difficulty=perplexity",
    "curriculum.stages=2",
    "curriculum.pool=50",
]


@pytest.fixture(scope="module")
def stage_records(tmp_path_factory):
    records = []
    trainer = Trainer(load_config("micro_gpt", TINY), save_dir=tmp_path_factory.mktemp("runs"))
    trainer.listeners.append(records.append)
    trainer.run()
    found = [r for r in records if r["kind"] == "log" and "curriculum:" in r["message"]]
    assert len(found) == 2  # stage 1 scored, stage 2 the whole set
    return found


def shown(records):
    panel = LogPanel()
    for record in records:
        panel.add_record(record)
    return [text for _, text in panel.lines]


def test_the_stages_read_as_the_trainer_wrote_them(qapp, stage_records):
    lines = shown(stage_records)
    assert "stage 1 of 2: the 25 easiest of 50 examples" in lines[0]
    assert lines[1].endswith("curriculum: stage 2 of 2: the whole training set")


def test_the_stages_read_in_chinese(qapp, stage_records):
    assert ui_language.install(ui_language.CHINESE)
    try:
        first, second = shown(stage_records)
    finally:
        ui_language.remove()
    assert CJK.search(first) and "50" in first and "25" in first and "easiest" not in first
    assert CJK.search(second) and "whole" not in second
