"""What the user sets wins over what the studio fits: the record of the settings the user
gave (StudioConfig.user_set), made from the command line, the API and the user's own
preset files (not the shipped presets), kept in the run's config.yaml and through a
resume; fitting to the data leaves those settings alone and the load report says so.
The data are the project's own realistic corpus, written as a Tatoeba export."""

from __future__ import annotations

import json

import yaml

from studio import api
from studio.cli.main import main
from studio.core.catalogue import load_config
from studio.core.config.loading import save_config
from studio.core.config.preset_files import preset_files
from studio.core.config.user_settings import covers, user_settings
from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file
from studio.core.runs.loading import load_run_config
from tests.helpers import TINY_TRANSFORMER, set_args

TINY = [
    *TINY_TRANSFORMER,
    "stages.warmup.batch_size=4",
    "stages.grpo.batch_size=2",
    "grpo.num_generations=2",
    "training.threads=1",
]
THE_ISSUES = ["eval.every=0", "stages.warmup.steps=1", "task.vocab_size=150"]


def own_file(tmp_path, n=1200):
    """1,200 pairs of the realistic corpus: enough for task.fit_to_data to fit."""
    return write_tatoeba_file(tmp_path / "cmn.txt", realistic_pairs(n, seed=3))


def test_what_the_user_sets_on_the_command_line_is_kept_and_the_report_says_so(tmp_path, capsys):
    data = own_file(tmp_path)
    runs = tmp_path / "runs"
    argv = ["--config", "tiny_transformer", "--data_path", str(data), "--save_dir", str(runs)]
    assert main(["train", *argv, "--steps", "1", "--quiet", *set_args(TINY + THE_ISSUES)]) == 0
    printed = capsys.readouterr().err
    for line in (
        "  eval.every: kept at 0, you set it; the fit would choose 500",
        "  stages.warmup.steps: kept at 1, you set it; the fit would choose 5,000",
        "  task.vocab_size: kept at 150, you set it; the fit would choose ",
        "  eval.size 1",  # what the user left to the fit is still fitted...
        "  valid and test splits of 120: a tenth of the pairs",
    ):
        assert line in printed, line
    assert "eval.every 500" not in printed  # ...and nothing the user set is said as fitted
    (run_dir,) = runs.iterdir()
    saved = load_run_config(run_dir)
    assert (saved.eval.every, saved.stages.warmup.steps, saved.task.vocab_size) == (0, 1, 150)
    assert saved.eval.size == 119 and saved.stages.warmup.patience == 4  # fitted
    assert {"eval.every", "stages.warmup.steps", "task.vocab_size"} <= set(saved.user_set)
    assert "eval.size" not in saved.user_set  # the fit's choice is not the user's
    report = (run_dir / "data_report.txt").read_text("utf-8")
    assert "eval.every: kept at 0, you set it" in report
    chars = json.loads((run_dir / "task.json").read_text("utf-8"))["state"]["source_tokenizer"]
    assert len(chars["specials"]) + len(chars["chars"]) <= 150  # the user's vocabulary size

    # A resume with another eval.every: the user's too, the record kept, nothing re-fitted.
    # (Hand-edited since the fit: stages.warmup.patience, which counts as the user's now.)
    text = (run_dir / "config.yaml").read_text("utf-8")
    (run_dir / "config.yaml").write_text(text.replace("patience: 4", "patience: 9"), "utf-8")
    assert (
        main(
            ["train", "--resume", str(run_dir), "--steps", "2", "--quiet", "--set", "eval.every=7"]
        )
        == 0
    )
    printed = capsys.readouterr().err
    assert "eval.every: kept at 7, you set it; the fit would choose 500" in printed
    assert "stages.warmup.patience: kept at 9, you set it; the fit would choose 4" in printed
    resumed = load_run_config(run_dir)
    assert (resumed.eval.every, resumed.stages.warmup.patience, resumed.task.vocab_size) == (
        7,
        9,
        150,
    )
    assert {"eval.every", "stages.warmup.patience", "task.vocab_size"} <= set(resumed.user_set)


def test_a_shipped_preset_is_the_studios_and_a_file_of_the_users_own_is_theirs(tmp_path):
    shipped = load_config("tiny_transformer")
    assert shipped.user_set == []  # every value fittable: the demo's defaults
    assert load_config(preset_files()["micro_gpt"]).user_set == []  # by path alike
    assert load_config("micro_gpt", ["eval.every=0", "stages.warmup={steps: 1}"]).user_set == [
        "eval.every",
        "stages.warmup.steps",
    ]
    mine = tmp_path / "mine.yaml"  # a preset of the user's own: the keys written in it
    mine.write_text(
        "model: {arch: tiny-transformer}\ntask: {name: translation}\neval: {every: 0}\n", "utf-8"
    )
    assert load_config(mine).user_set == ["eval.every", "model.arch", "task.name"]
    # a file the studio wrote (a saved preset, a run's config.yaml) carries its record
    written = tmp_path / "saved.yaml"
    save_config(load_config("tiny_transformer", ["eval.every=0"]), written)
    assert load_config(written, ["eval.size=7"]).user_set == ["eval.every", "eval.size"]


def test_a_run_folder_without_a_record_is_all_the_studios(tmp_path):
    run_dir = tmp_path / "old-run"
    run_dir.mkdir()
    data = yaml.safe_load(preset_files()["tiny_transformer"].read_text("utf-8"))
    (run_dir / "config.yaml").write_text(yaml.safe_dump(data), "utf-8")  # written before
    assert load_run_config(run_dir).user_set == []
    assert load_run_config(run_dir, ["eval.every=3"]).user_set == ["eval.every"]


def test_the_api_records_the_settings_it_is_given():
    cfg = api.load_preset("tiny_transformer", {"eval.every": 0})
    cfg = api.configure(cfg, {"task.vocab_size": 150})
    cfg = api.enable_curriculum(cfg, threshold=0.5)
    assert {"eval.every", "task.vocab_size", "curriculum.enabled"} <= set(cfg.user_set)
    assert user_settings(cfg)["task.vocab_size"] == 150 and "eval.size" not in user_settings(cfg)


def test_a_record_names_a_field_a_section_or_a_key_under_one():
    assert covers(["stages.warmup"], "stages.warmup.steps")
    assert covers(["grpo.reward_weights.chrf"], "grpo.reward_weights")
    assert not covers(["stages.warmup.steps"], "stages.warmup_steps")
    assert not covers(["eval.every"], "eval.size")
