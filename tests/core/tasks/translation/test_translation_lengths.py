"""data.max_length counts tokens, as its help says: a long English sentence of short BPE
pieces is kept, a Chinese one past the limit in characters (one token each) is skipped,
and every skipped pair is counted in the load report with its line."""

import random

from studio.core.catalogue import load_config
from studio.core.tasks import build_task
from tests.helpers import TINY_TRANSFORMER

WORDS = ["we", "walk", "home", "the", "little", "cat", "sleeps", "today", "and", "often"]
HAN = "我们走回家小猫睡觉今天常"
TINY = [*TINY_TRANSFORMER, "data.max_length=40"]


def pairs_file(tmp_path, long_lines: dict[int, tuple[str, str]]):
    """A Tatoeba-style file (English, Chinese, attribution) of 120 short pairs, with the
    given (English, Chinese) pairs at the given 1-based lines."""
    rng = random.Random(0)
    lines = []
    for _ in range(120):
        en = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 5))) + "."
        zh = "".join(rng.choice(HAN) for _ in range(rng.randint(3, 8))) + "。"
        lines.append((en, zh))
    for number, pair in sorted(long_lines.items()):
        lines.insert(number - 1, pair)
    path = tmp_path / "cmn.txt"
    path.write_text("".join(f"{en}\t{zh}\tCC-BY 2.0 (France)\n" for en, zh in lines), "utf-8")
    return path


def test_max_length_counts_tokens_and_each_skipped_pair_is_reported(tmp_path):
    english = " ".join(WORDS * 2) + "."  # 20 words, 102 characters, about 20 BPE pieces
    long_zh = HAN * 4  # 48 characters: 48 tokens of the character tokenizer
    path = pairs_file(tmp_path, {7: (english, "我们回家。"), 50: ("we walk home.", long_zh)})
    task = build_task(load_config("tiny_transformer", [*TINY, f"data.path={path}"]))
    report = task.load_report()
    assert len(english) > 100 and len(task.target_tok.encode(english)) <= 40
    kept = {p for split in task.splits.values() for p in split}
    assert ("我们回家。", english) in kept  # over 40 characters, under 40 tokens: kept
    assert (long_zh, "we walk home.") not in kept
    assert report.skipped["too long"] == [50]
    assert report.kept == len(kept) == sum(report.split.values())
    assert "skipped 1 too long (line 50)" in task.report()
    assert task.unusable().count == 1  # counted against data.max_unusable too


def test_a_too_long_target_sentence_alone_is_skipped_by_its_tokens(tmp_path):
    path = pairs_file(tmp_path, {})
    mono = tmp_path / "mono.en"
    english = " ".join(WORDS * 2) + "."
    mono.write_text(f"{english}\n{english * 3}\nwe walk home.\n", encoding="utf-8")
    cfg = load_config(
        "tiny_transformer",
        [*TINY, f"data.path={path}", "task.back_translation=true", f"task.text_path={mono}"],
    )
    task = build_task(cfg)
    assert task.text.target == task._to_back_translate == [english, "we walk home."]
    assert "dropped 1 too long for data.max_length (line 2)" in task.report()
