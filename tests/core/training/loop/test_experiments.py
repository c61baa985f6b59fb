"""Experiments: variants parsed and checked, and trained side by side in turns, one run
folder (config, metrics.jsonl) per variant."""

import threading
import time
from pathlib import Path

import pytest
import torch

from studio.core.catalogue import load_config, variant_configs
from studio.core.config.experiments import Variant, parse_variants
from studio.core.config.fields import ConfigError
from studio.core.config.preset_files import lesson_files
from studio.core.runs.loading import load_run_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.control import TrainerControl
from studio.core.training.loop.experiment import VARIANT_KEY, Baton, Experiment
from tests.helpers import ARITHMETIC_LEN, MICRO_GPT, ONE_THREAD

TINY = [
    *ONE_THREAD,
    *MICRO_GPT,
    ARITHMETIC_LEN,
    "eval.every=2",
    "eval.size=8",
    "run.checkpoint_every=0",
    "grpo.num_generations=4",
    "grpo.max_new_tokens=4",
    "stages.grpo.batch_size=2",
    "stages.grpo.steps=3",
]
G2_G4 = [
    {"label": "G=2", "settings": {"grpo.num_generations": 2}},
    {"label": "G=4", "settings": {"grpo.num_generations": 4}},
]


def tiny(*more: str):
    return load_config("micro_gpt", [*TINY, *more])


# ---- parsing and checking


def test_variants_parse_and_each_config_has_its_settings():
    variants = parse_variants(G2_G4)
    assert [v.label for v in variants] == ["G=2", "G=4"]
    configs = variant_configs(tiny("stages.warmup.steps=0"), variants)
    assert [c.grpo.num_generations for c in configs] == [2, 4]
    assert all(c.ui.experiment == [] for c in configs)  # each variant is one run


def test_a_lesson_names_its_experiment_in_the_yaml():
    cfg = load_config("what_a_group_is")
    labels = [v.label for v in parse_variants(cfg.ui.experiment)]
    assert labels == ["G=2", "G=16"]


@pytest.mark.parametrize(
    "raw, words",
    [
        ("G=2", "must be a list of variants"),
        ([G2_G4[0]], "at least 2 variants"),
        ([{"label": f"v{i}", "settings": {"grpo.beta": i / 10}} for i in range(5)], "at most 4"),
        ([{"label": "a", "setings": {}}, G2_G4[1]], "setings: unknown key"),
        ([{"label": "", "settings": {}}, G2_G4[1]], "short name"),
        ([{"label": "G=2", "settings": {}}, G2_G4[0]], "names two variants"),
        (
            [
                {"label": "a", "settings": {"grpo.beta": 0.1}},
                {"label": "b", "settings": {"grpo.beta": 0.1}},
            ],
            "same settings",
        ),
        (
            [{"label": "big", "settings": {"model.n_layers": 4}}, G2_G4[1]],
            "model.n_layers cannot differ",
        ),
        ([{"label": "w", "settings": {"stages.warmup.steps": 4}}, G2_G4[1]], "share the model"),
        ([{"label": "a", "settings": "grpo.beta=0"}, G2_G4[1]], "must map setting paths"),
    ],
)
def test_bad_variants_are_refused_in_one_line(raw, words):
    with pytest.raises(ConfigError, match=words) as err:
        parse_variants(raw)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    "settings, words",
    [
        ({"grpo.num_generatons": 2}, r"\(a\): grpo.num_generatons: unknown setting"),
        ({"grpo.beta": -1}, r"\(a\): grpo.beta: must be at least"),
        ({"grpo.num_generations": "many"}, r"\(a\): grpo.num_generations: must be"),
        ({"stages.grpo.steps": 0}, "trains no GRPO step"),
    ],
)
def test_a_variant_with_a_bad_setting_is_refused_naming_it(settings, words):
    variants = [Variant("a", settings), Variant("b", {"grpo.beta": 0.0})]
    with pytest.raises(ConfigError, match=words):
        variant_configs(tiny(), variants)


def test_a_preset_with_a_bad_experiment_does_not_load():
    with pytest.raises(ConfigError, match=r"ui.experiment\[1\] \(x\): model.d_model cannot"):
        load_config(
            "micro_gpt",
            ["ui.experiment=[{label: a, settings: {}}, {label: x, settings: {model.d_model: 64}}]"],
        )


# ---- the baton


def test_the_baton_goes_round_the_ring_and_skips_who_left():
    baton = Baton()
    for i in (1, 2):
        baton.join(i)
    order = [baton.holder]
    for _ in range(3):
        baton.pass_on(order[-1])
        order.append(baton.holder)
    assert order == [0, 1, 2, 0]
    baton.leave(0)
    assert baton.holder == 1
    baton.pass_on(1)
    baton.pass_on(2)
    assert baton.holder == 1


# ---- running


def _run(cfg, variants, tmp_path: Path, **kw):
    torch.manual_seed(0)
    seen: list[dict] = []
    experiment = Experiment(
        cfg, variants, save_dir=tmp_path, listeners=[seen.append], control=kw.get("control")
    )
    final = experiment.run(kw.get("max_steps"))
    return experiment, final, seen


def test_variants_share_the_warmup_and_each_has_its_own_run_folder(tmp_path):
    cfg = tiny("stages.warmup.steps=4", "stages.warmup.batch_size=8")
    experiment, final, seen = _run(cfg, parse_variants(G2_G4), tmp_path)
    folders = experiment.run_dirs
    assert len({str(f) for f in folders}) == 2 and all(f is not None for f in folders)
    # every variant's folder is named alike: <date-time>-<preset>-<label>
    assert folders[0].name.endswith("-g-2") and folders[1].name.endswith("-g-4")
    assert folders[0].name[16:-4] == folders[1].name[16:-4] == "micro-gpt"
    assert final["reason"] == "finished" and len(final["variants"]) == 2
    for index, folder in enumerate(folders):
        assert folder is not None
        assert load_run_config(folder).grpo.num_generations == (2, 4)[index]
        records = read_metrics(folder)
        steps = [r for r in records if r["kind"] == "step"]
        # the shared warm-up's 4 steps, then its own 3 GRPO steps: every chart redraws from it
        assert [r["stage"] for r in steps] == ["warmup"] * 4 + ["grpo"] * 3
        assert [r["step"] for r in steps] == list(range(1, 8))
        assert records[-1]["kind"] == "done"
    # the warm-up was trained once: the window saw 4 warm-up steps, all of variant 0
    warm = [r for r in seen if r["kind"] == "step" and r["stage"] == "warmup"]
    assert len(warm) == 4 and not any(VARIANT_KEY in r for r in warm)
    # GRPO steps came in turns: 0, 1, 0, 1, 0, 1
    order = [r.get(VARIANT_KEY, 0) for r in seen if r["kind"] == "step" and r["stage"] == "grpo"]
    assert order == [0, 1, 0, 1, 0, 1]


def test_without_a_warmup_every_variant_trains_from_step_0(tmp_path):
    cfg = tiny("stages.warmup.steps=0")
    variants = [
        Variant("beta 0", {"grpo.beta": 0.0}),
        Variant("shuffled", {"grpo.shuffle_rewards": True}),
    ]
    experiment, final, _ = _run(cfg, variants, tmp_path)
    assert [f["reason"] for f in final["variants"]] == ["finished", "finished"]
    for folder in experiment.run_dirs:
        assert folder is not None
        steps = [r for r in read_metrics(folder) if r["kind"] == "step"]
        assert [r["step"] for r in steps] == [1, 2, 3]
    assert load_run_config(experiment.run_dirs[1]).grpo.shuffle_rewards is True


def test_a_stop_stops_every_variant(tmp_path):
    control = TrainerControl()
    cfg = tiny("stages.warmup.steps=0", "stages.grpo.steps=50")
    seen: list[dict] = []

    def stop_after_four(record: dict) -> None:
        seen.append(record)
        if sum(r["kind"] == "step" for r in seen) == 4:
            control.stop()

    experiment = Experiment(
        cfg, parse_variants(G2_G4), save_dir=tmp_path, control=control, listeners=[stop_after_four]
    )
    final = experiment.run()
    assert [f["reason"] for f in final["variants"]] == ["stopped", "stopped"]
    assert sum(r["kind"] == "step" for r in seen) <= 5


@pytest.mark.parametrize("name", sorted(lesson_files()))
def test_a_lesson_that_says_run_side_by_side_has_an_experiment_that_loads(name):
    cfg = load_config(lesson_files()[name])
    variants = parse_variants(cfg.ui.experiment)
    assert ('"Run side by side"' in cfg.ui.lesson) == bool(variants)
    if variants:
        configs = variant_configs(cfg, variants)
        # the variants differ in what their labels say, nothing else
        assert len({str(c.grpo) + str(c.stages.grpo) for c in configs}) == len(variants)
        assert all(c.model == cfg.model and c.task == cfg.task for c in configs)


def test_a_pause_holds_every_variant_until_resumed(tmp_path):
    control = TrainerControl()
    cfg = tiny("stages.warmup.steps=0", "stages.grpo.steps=4")
    seen: list[dict] = []
    held: dict[str, int] = {}

    def steps() -> int:
        return sum(r["kind"] == "step" for r in seen)

    def resume_later() -> None:
        time.sleep(0.6)
        held["during"] = steps()
        control.resume()

    def pause_after_two(record: dict) -> None:
        seen.append(record)
        if record["kind"] == "step" and steps() == 2 and not held:
            held["at"] = 2
            control.pause()  # asked on a trainer's thread, as the window's Pause is
            threading.Thread(target=resume_later).start()

    experiment = Experiment(
        cfg, parse_variants(G2_G4), save_dir=tmp_path, control=control, listeners=[pause_after_two]
    )
    final = experiment.run()
    assert held == {"at": 2, "during": 2}  # neither variant stepped while paused
    assert [f["reason"] for f in final["variants"]] == ["finished", "finished"]
    assert steps() == 8


def test_a_variant_that_fails_stops_the_others_and_its_error_is_raised(tmp_path):
    from studio.core.training.loop.trainer import Trainer

    class FailsAtG4(Trainer):
        def __init__(self, cfg, **kw):
            if cfg.grpo.num_generations == 4:
                raise RuntimeError("no memory for a group of 4")
            super().__init__(cfg, **kw)

    cfg = tiny("stages.warmup.steps=2", "stages.warmup.batch_size=8", "stages.grpo.steps=20")
    seen: list[dict] = []
    experiment = Experiment(
        cfg, parse_variants(G2_G4), save_dir=tmp_path, listeners=[seen.append], trainer=FailsAtG4
    )
    with pytest.raises(RuntimeError, match="no memory for a group of 4"):
        experiment.run()
    said = [r for r in seen if r["kind"] == "log" and r.get("level") == "error"]
    assert said and "variant G=4 failed" in said[0]["message"]
    # the first variant stopped at its next turn rather than training its 20 GRPO steps
    assert read_metrics(experiment.run_dirs[0])[-1]["reason"] == "stopped"
    assert sum(r["kind"] == "step" and r["stage"] == "grpo" for r in seen) <= 1
