"""Back-translation: target sentences alone become tagged synthetic pairs for the warm-up
only, made once by a reverse-direction model, and kept for a resumed run."""

import random

import pytest

from studio.core.config import load_config
from studio.core.configtools import ConfigError
from studio.core.data.demo_corpus import demo_pairs
from studio.core.data.load_report import DataError
from studio.core.tasks import build_task
from studio.core.tasks.translation.back_translation import TAG, read_monolingual

TINY = [
    "model.d_model=32",
    "model.n_heads=2",
    "model.d_ff=64",
    "model.n_encoder_layers=1",
    "model.n_decoder_layers=1",
    "task.back_translation_steps=20",
]


def bt_config(tmp_path, monolingual):
    pairs = demo_pairs(300)
    data = tmp_path / "pairs.tsv"
    data.write_text("".join(f"{zh}\t{en}\n" for zh, en in pairs[:100]), encoding="utf-8")
    mono = tmp_path / "mono.en"
    mono.write_text("\n".join(monolingual) + "\n", encoding="utf-8")
    return load_config(
        "tiny_transformer",
        [
            *TINY,
            f"data.path={data}",
            "task.back_translation=true",
            f"task.monolingual_path={mono}",
        ],
    )


def test_synthetic_pairs_join_the_warmup_alone_and_survive_a_resume(tmp_path):
    english = [en for _, en in demo_pairs(300)[100:160]]
    cfg = bt_config(tmp_path, [*english, "", english[0]])  # an empty line and a repeat
    task = build_task(cfg)
    assert "back-translation: 60 target sentences" in task.report()
    assert "skipped 1 empty; skipped 1 duplicate" in task.report()
    task.build_model(cfg.model)
    task.begin_stage("warmup")
    synthetic = task.synthetic
    assert len(synthetic) == 60 and [t for _, t in synthetic] == english
    assert all(s.startswith(TAG) for s, _ in synthetic)
    rng = random.Random(0)
    drawn = {e.prompt for e in task.sample(400, rng, task.num_levels - 1)}
    assert any(p.startswith(TAG) for p in drawn) and any(not p.startswith(TAG) for p in drawn)
    task.begin_stage("grpo")
    drawn = {e.prompt for e in task.sample(400, rng, task.num_levels - 1)}
    assert not any(p.startswith(TAG) for p in drawn)  # GRPO learns from real pairs only

    again = build_task(cfg)
    again.load_state_dict(task.state_dict())
    again.build_model(cfg.model)
    again.begin_stage("warmup")  # reused, not trained again
    assert again.synthetic == synthetic


def test_back_translation_needs_its_file(tmp_path):
    with pytest.raises(ConfigError, match="needs task.monolingual_path"):
        load_config("tiny_transformer", ["task.back_translation=true"])
    with pytest.raises(DataError, match="no such file"):
        read_monolingual(tmp_path / "missing.en", 64)
    (tmp_path / "blank.en").write_text("\n\n")
    with pytest.raises(DataError, match="no usable sentence"):
        read_monolingual(tmp_path / "blank.en", 64)
