"""The round trip: task.text_path's source-language sentences as GRPO prompts without a
reference, scored by chrF of each sample's way back (the model's other direction) against
the sentence; their share of each GRPO batch; refused in one line for a model that
translates one way; a resume in the middle of it equals a run never stopped."""

import random

import pytest

from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.data.demo_corpus import demo_pairs
from studio.core.data.load_report import DataError
from studio.core.tasks import build_task
from studio.core.tasks.base import Sampling
from studio.core.tasks.chrf import sentence_chrf
from studio.core.tasks.translation.decoding import translate
from studio.core.tasks.translation.directions import tagged
from studio.core.tasks.translation.rewards import is_degenerate
from studio.core.tasks.translation.round_trip import ROUND_TRIP, RoundTripPrompt
from studio.core.training.loop.trainer import Trainer
from studio.core.training.steps.grpo_step import score
from tests.helpers import COMMON, TINY_TRANSFORMER, assert_same_run, steps_of

SMALL = [
    *TINY_TRANSFORMER,
    "model.max_len=24",
    "task.vocab_size=200",
    "task.fit_to_data=false",
    "task.both_directions=true",
    "grpo.max_new_tokens=8",
]


def write_files(tmp_path, english=0):
    """A pair file of 80 demo pairs, and a text file of 12 other Chinese sentences (and
    `english` English ones after them)."""
    pairs = [(zh, en) for zh, en in demo_pairs(200) if max(len(zh), len(en)) <= 40]
    data = tmp_path / "pairs.tsv"
    data.write_text("".join(f"{zh}\t{en}\n" for zh, en in pairs[:80]), encoding="utf-8")
    lines = [zh for zh, _ in pairs[80:92]] + [en for _, en in pairs[92 : 92 + english]]
    text = tmp_path / "text.txt"
    text.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return data, text, lines[:12]


def settings(tmp_path, *more, english=0):
    data, text, _ = write_files(tmp_path, english)
    return [*SMALL, f"data.path={data}", f"task.text_path={text}", *more]


def test_the_round_trip_is_a_reward_part_equal_to_chrf_of_the_way_back(tmp_path):
    cfg = load_config("tiny_transformer", settings(tmp_path))
    task = build_task(cfg)
    model = task.build_model(cfg.model)
    task.begin_stage("grpo")
    prompts = task.sample(6, random.Random(1), task.num_levels - 1)
    assert sum(isinstance(p, RoundTripPrompt) for p in prompts) == 3
    rollout = task.rollout(model, prompts, 3, Sampling(max_new_tokens=8))
    parts, total = score(task, rollout, {})
    assert list(parts) == ["chrf", ROUND_TRIP]
    beta = cfg.task.chrf_beta
    trip = next(i for i, p in enumerate(prompts) if isinstance(p, RoundTripPrompt))
    rows = range(trip * 3, trip * 3 + 3)
    samples = [rollout.completions[r] for r in rows]
    # the way back, decoded again here: the group's three samples tagged for Chinese
    back = translate(model, task, [tagged(t, "zh") for t in samples])
    assert [rollout.info["way_back"][r] for r in rows] == back
    sentence = prompts[trip].sentence
    expected = [
        0.0 if is_degenerate(t, lang="en") else sentence_chrf(b, [sentence], beta=beta)
        for t, b in zip(samples, back)
    ]
    assert parts[ROUND_TRIP][trip * 3 : trip * 3 + 3].tolist() == pytest.approx(expected)
    # the reference reward does not score a prompt without one: no 0 to pull its mean down
    assert parts["chrf"][trip * 3 : trip * 3 + 3].isnan().all()
    # a pair's prompt keeps its reference reward and carries no round trip
    pair = next(i for i, p in enumerate(prompts) if not isinstance(p, RoundTripPrompt))
    ref = prompts[pair].reference
    expected = [
        0.0 if is_degenerate(t, lang="en") else sentence_chrf(t, [ref], beta=beta)
        for t in rollout.completions[pair * 3 : pair * 3 + 3]
    ]
    assert parts["chrf"][pair * 3 : pair * 3 + 3].tolist() == pytest.approx(expected)
    assert parts[ROUND_TRIP][pair * 3 : pair * 3 + 3].isnan().all()
    assert rollout.info["way_back"][pair * 3] is None
    # in the total a part that does not apply adds 0
    both = parts["chrf"].nan_to_num(0.0) + parts[ROUND_TRIP].nan_to_num(0.0)
    assert total.tolist() == pytest.approx(both.tolist())


def test_the_share_of_each_grpo_batch_is_the_settings_and_the_warm_up_has_none(tmp_path):
    task = build_task(load_config("tiny_transformer", settings(tmp_path)))
    top = task.num_levels - 1
    task.begin_stage("warmup")
    assert not any(isinstance(p, RoundTripPrompt) for p in task.sample(20, random.Random(0), top))
    task.begin_stage("grpo")
    drawn = task.sample(20, random.Random(0), top)
    assert sum(isinstance(p, RoundTripPrompt) for p in drawn) == 10  # the default, half
    assert all(p.reference is None for p in drawn if isinstance(p, RoundTripPrompt))
    assert task.sample_tokens(200, random.Random(0), top) is None  # the share is kept
    report = task.report()
    assert (
        "round trip: the 12 zh (Chinese) sentences are GRPO prompts without a reference, "
        "50% of each GRPO batch (task.round_trip_share, the default when there are such "
        "sentences)"
    ) in report
    assert "not used in this version" not in report

    set_share = build_task(
        load_config("tiny_transformer", settings(tmp_path, "task.round_trip_share=0.2"))
    )
    set_share.begin_stage("grpo")
    drawn = set_share.sample(20, random.Random(0), top)
    assert sum(isinstance(p, RoundTripPrompt) for p in drawn) == 4
    assert "20% of each GRPO batch (task.round_trip_share, as set)" in set_share.report()

    off = build_task(load_config("tiny_transformer", settings(tmp_path, "task.round_trip_share=0")))
    off.begin_stage("grpo")
    assert not any(isinstance(p, RoundTripPrompt) for p in off.sample(20, random.Random(0), top))
    assert [rf.name for rf in off.reward_functions()] == ["chrf"]
    assert "the 12 zh (Chinese) sentences are not used: task.round_trip_share is 0" in (
        off.report()
    )


ONE_WAY = "task.both_directions=false"
NEEDS = (
    r"the 12 zh \(Chinese\) sentences are not used: the round trip \(translated and "
    r"translated back\) needs task.both_directions: true, one model translating both ways; "
    r"set it to use them as GRPO prompts"
)


def test_a_round_trip_on_a_one_way_model_is_refused_in_one_line_with_the_fix(tmp_path):
    with pytest.raises(DataError, match=r"text\.txt: " + NEEDS) as err:
        build_task(load_config("tiny_transformer", settings(tmp_path, ONE_WAY)))
    assert "\n" not in str(err.value)
    # asked for by its share: refused even when the file's other sentences are used
    asked = settings(tmp_path, ONE_WAY, "task.round_trip_share=0.3", english=5)
    with pytest.raises(DataError, match=NEEDS):
        build_task(load_config("tiny_transformer", asked))
    # with English sentences beside them, the file is used: said in the report
    mixed = build_task(load_config("tiny_transformer", settings(tmp_path, ONE_WAY, english=5)))
    assert "set it to use them as GRPO prompts" in mixed.report()
    assert [rf.name for rf in mixed.reward_functions()] == ["chrf"]
    # a share with no sentence to draw, or no file at all
    english_only = tmp_path / "english.txt"
    english_only.write_text("We walk home.\nThe tea is hot.\n", encoding="utf-8")
    data, _, _ = write_files(tmp_path)
    with pytest.raises(DataError, match=r"holds no zh \(Chinese\) sentence to translate and"):
        build_task(
            load_config(
                "tiny_transformer",
                [
                    *SMALL,
                    f"data.path={data}",
                    f"task.text_path={english_only}",
                    "task.round_trip_share=0.5",
                ],
            )
        )
    with pytest.raises(ConfigError, match="task.round_trip_share needs task.text_path"):
        load_config("tiny_transformer", [*SMALL, "task.round_trip_share=0.5"])


RUN = [
    *COMMON,
    "model.dropout=0.1",
    "grpo.beta=0.04",
    "stages.grpo.batch_size=4",
    "stages.warmup.steps=1",
    "stages.warmup.batch_size=4",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=3",
    "run.checkpoint_every=1",
    "run.sample_groups=4",
]


def test_a_resume_in_the_middle_of_round_trip_grpo_equals_a_run_never_stopped(tmp_path):
    cfg = load_config("tiny_transformer", [*settings(tmp_path), *RUN])
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    assert whole.run()["reason"] == "finished"
    grpo = [r for r in steps_of(whole.run_dir) if r["kind"] == "step" and r["stage"] == "grpo"]
    assert all(f"reward/{ROUND_TRIP}/mean" in r for r in grpo)
    shown = [g for r in grpo for g in r["samples"] if "way_back" in g]
    assert shown and all(g["reference"] is None for g in shown)
    assert all(len(g["way_back"]) == len(g["completions"]) == 2 for g in shown)
    # each group shows the parts that score it; each part's mean is over those samples
    assert all(list(g["parts"]) == [ROUND_TRIP] for g in shown)
    pairs = [g for r in grpo for g in r["samples"] if "way_back" not in g]
    assert pairs and all(ROUND_TRIP not in g["parts"] and "chrf" in g["parts"] for g in pairs)
    for r in grpo:  # every group of the step is shown (run.sample_groups 4, 4 prompts)
        scored = [v for g in r["samples"] for v in g["parts"].get(ROUND_TRIP, [])]
        assert len(r["samples"]) == 4 and scored
        assert r[f"reward/{ROUND_TRIP}/mean"] == pytest.approx(sum(scored) / len(scored))

    first = Trainer(cfg, save_dir=tmp_path / "b")
    assert first.run(max_steps=2)["reason"] == "step limit"  # the warm-up, one GRPO step
    resumed = Trainer(cfg, resume_from=first.run_dir)
    assert resumed.run()["reason"] == "finished"
    assert_same_run(resumed, whole)
    later = [r for r in steps_of(resumed.run_dir) if r["kind"] == "step" and r["stage"] == "grpo"]
    assert [r[f"reward/{ROUND_TRIP}/mean"] for r in later] == [
        r[f"reward/{ROUND_TRIP}/mean"] for r in grpo
    ]


def test_the_time_probe_times_grpo_steps_with_their_round_trip(tmp_path, monkeypatch):
    """The probe's GRPO steps draw as the run's do, the round trip's prompts among them,
    so that their way back is in the pace the budget plans with."""
    from studio.core.training.probes.time_probe import estimate_config

    cfg = load_config("tiny_transformer", [*settings(tmp_path), *RUN])
    drawn = []
    real = type(build_task(cfg)).rollout

    def counting(self, model, prompts, *args, **kwargs):
        drawn.extend(prompts)
        return real(self, model, prompts, *args, **kwargs)

    monkeypatch.setattr(type(build_task(cfg)), "rollout", counting)
    estimate = estimate_config(cfg)
    assert estimate.pace.grpo_step > 0
    assert any(isinstance(p, RoundTripPrompt) for p in drawn)
    assert any(not isinstance(p, RoundTripPrompt) for p in drawn)
