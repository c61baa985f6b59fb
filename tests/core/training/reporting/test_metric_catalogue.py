"""The metric catalogue: every key a run records is declared, and the README's table, the
charts and the translation strings come from the declarations."""

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from studio.core.catalogue import load_config
from studio.core.config.preset_files import preset_files
from studio.core.training.loop.trainer import Trainer
from studio.core.training.reporting import metric_docs
from studio.core.training.reporting.metrics import (
    CHARTS,
    FIELDS,
    METRICS,
    band_key,
    chart_of,
    curves,
    find,
    undeclared,
)
from tests.helpers import MICRO_GPT, ONE_THREAD, ROOT, TINY_TRANSFORMER

README = ROOT / "README.md"

# A few warm-up and GRPO steps of each shipped preset, evaluated twice per stage.
COMMON = [
    *ONE_THREAD,
    "run.checkpoint_every=0",
    "eval.size=4",
    "eval.every=2",
    "grpo.num_generations=2",
    "stages.warmup.steps=2",
    "stages.warmup.batch_size=4",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=2",
    "stages.grpo.batch_size=2",
]
# Each task's model and data made small (keyed by task: two presets may share one).
TINY = {
    "arithmetic": MICRO_GPT,
    "translation": [
        *TINY_TRANSFORMER,
        "task.demo_size=200",
        "task.vocab_size=300",
        "grpo.max_new_tokens=8",
    ],
    "gridworld": ["model.channels=8", "task.size=4", "task.min_size=4", "task.levels=1"],
    "shapes": ["model.channels=8", "task.demo_size=40", "task.demo_eval_size=8"],
    "own_text": [*MICRO_GPT, "task.demo_size=60"],
}


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(preset_files()))
def test_every_key_a_run_records_is_declared(tmp_path, preset):
    task = load_config(preset).task.NAME
    assert task in TINY, f"add tiny settings for the {task} task of preset {preset}"
    records = []
    cfg = load_config(preset, [*COMMON, *TINY[task]])
    Trainer(cfg, save_dir=tmp_path, listeners=[records.append]).run()
    measured = [r for r in records if r["kind"] in ("step", "eval")]
    assert {r["stage"] for r in measured if r["kind"] == "step"} == {"warmup", "grpo"}
    assert any(r["kind"] == "eval" for r in measured)
    missing = sorted({k for r in measured for k in undeclared(r)})
    assert missing == [], (
        f"declare these keys in studio/core/training/reporting/metrics.py: {missing}"
    )
    # The eval record's headline metric is drawn on the held-out chart.
    headline = {r["metric"] for r in measured if r["kind"] == "eval"}
    assert {chart_of(f"eval/{name}") for name in headline} == {"eval"}


def test_a_key_nobody_declared_is_reported():
    record = {"kind": "step", "step": 3, "loss": 1.0, "reward/format/mean": 0.5, "new/key": 2}
    assert undeclared(record) == ["new/key"]


def test_patterned_keys_find_their_declaration_and_fill_in_the_name():
    metric = find("reward/format/mean")
    assert metric is not None and metric.key == "reward/<name>/mean"
    assert metric.label_for("reward/format/mean") == "format"
    assert find("reward/format/std").label_for("reward/format/std") == "format std"
    assert find("reward/mean").key == "reward/mean"  # an exact key wins over the pattern
    assert find("reward/a/b/mean") is None  # a name is one path part
    assert find("eval/nonsense") is None


def test_a_chart_draws_its_declared_keys_first_then_patterned_ones_in_arrival_order():
    arrived = ["reward/user/mean", "loss", "reward/mean", "reward/correct/mean", "reward/std"]
    assert curves("reward", arrived) == ["reward/mean", "reward/user/mean", "reward/correct/mean"]
    assert curves("time", ["time/step", "time/rollout"]) == ["time/rollout", "time/step"]
    assert band_key("reward/mean") == "reward/std"
    assert band_key("reward/correct/mean") == "reward/correct/std"
    assert band_key("loss") is None


def test_declarations_are_consistent():
    ids = [c.id for c in CHARTS]
    assert len(ids) == len(set(ids))
    assert len({m.key for m in METRICS}) == len(METRICS)
    for m in METRICS:
        assert m.chart in ("", *ids), m.key
        assert m.meaning and m.healthy and m.problem, m.key
        assert m.key not in FIELDS
    for chart in CHARTS:
        assert any(m.chart == chart.id and not m.band for m in METRICS), chart.id
    # chrF is 0-100 as a held-out score, 0-1 as a reward: both say so
    assert find("eval/chrf").unit == "0-100" and "0-1" in find("reward/chrf/mean").meaning


def test_the_readme_table_is_the_catalogue():
    text = README.read_text(encoding="utf-8")
    section = re.search(r"## What each chart means\n\n(.*?)(?=\n## )", text, re.S)
    assert section is not None, "README.md lacks its 'What each chart means' section"
    assert section.group(1) == metric_docs.markdown(), (
        "the README's table is stale: replace the section's body with the output of "
        "`python -m studio.core.training.reporting.metric_docs --markdown`"
    )
    assert "`perf/examples_per_s`" in section.group(1) and "`time/step`" in section.group(1)


def test_lupdate_finds_every_catalogue_string(tmp_path):
    lupdate = shutil.which("pyside6-lupdate")
    if lupdate is None:
        pytest.skip("pyside6-lupdate is not on PATH (it comes with PySide6-Essentials)")
    source = tmp_path / "metric_strings.py"
    source.write_text(metric_docs.lupdate_source(), encoding="utf-8")
    ts = tmp_path / "out.ts"
    subprocess.run([lupdate, str(source), "-ts", str(ts)], check=True, capture_output=True)
    context = ET.parse(ts).getroot().find("context")
    assert context.findtext("name") == "metrics"
    found = [m.findtext("source") for m in context.iter("message")]
    assert found == metric_docs.translatable_strings()
    assert "Time per phase (s)" in found and find("eval/chrf").healthy in found
