"""Both directions in one model: every pair teaches both ways, tagged with the language
to write, and evaluation scores each direction."""

import torch

from studio.core.config import load_config
from studio.core.tasks import build_task
from studio.core.tasks.translation.directions import both_ways, direction_tag

TINY = [
    "model.d_model=32",
    "model.n_heads=2",
    "model.d_ff=64",
    "model.n_encoder_layers=1",
    "model.n_decoder_layers=1",
    "task.demo_size=300",
    "task.both_directions=true",
]


def test_each_pair_teaches_both_ways_with_the_target_language_tagged():
    assert both_ways([("猫", "cat")], "zh", "en") == [("<2en> 猫", "cat"), ("<2zh> cat", "猫")]
    task = build_task(load_config("tiny_transformer", TINY))
    train = task.splits["train"]
    assert len(task.train_examples) == 2 * len(train)
    prompts = {e.prompt for e in task.train_examples}
    zh, en = train[0]
    assert direction_tag("en") + zh in prompts and direction_tag("zh") + en in prompts
    # one source tokenizer reads both languages, one target tokenizer writes both
    unk = task.source_tok.unk_id
    assert unk not in task.encode_source(en) and unk not in task.encode_source(zh)
    assert task.detokenize(task.encode_target(zh)) == zh


def test_evaluation_scores_each_direction_and_reports_their_mean():
    cfg = load_config("tiny_transformer", TINY)
    task = build_task(cfg)
    torch.manual_seed(0)
    model = task.build_model(cfg.model).eval()
    ways = task.evaluate_directions(model, split="valid", limit=8, decoding="greedy", beam_size=2)
    assert list(ways) == ["zh->en", "en->zh"]
    mean = task.evaluate(model, split="valid", limit=8)
    assert mean["chrf"] == (ways["zh->en"]["chrf"] + ways["en->zh"]["chrf"]) / 2
    assert mean["examples"] == 16
