"""task.text_path: a file of sentences in either language of the pair, each line's
language found as a pair file's columns are, every line counted in the load report; odd
files refused in one line with the fix; a config that still says task.monolingual_path
read as task.text_path and said so."""

import pytest
import yaml

from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.config.loading import save_config
from studio.core.data.demo_corpus import demo_pairs
from studio.core.data.load_report import DataError
from studio.core.tasks import build_task
from studio.core.tasks.translation.back_translation import TAG
from studio.core.tasks.translation.one_language import read_text
from studio.core.tasks.translation.text_fit import (
    back_translation_proposals,
    reverse_steps_proposal,
)
from tests.helpers import TINY_TRANSFORMER

TINY = [
    *TINY_TRANSFORMER,
    "task.back_translation_steps=20",
    "task.back_translation_decoding=greedy",
]
CHARS = {"zh": len, "en": len, "fr": len}  # lengths in characters: the reader alone


def pairs_file(tmp_path):
    """Demo pairs of at most 64 characters a side, as a tab-separated file."""
    pairs = [(zh, en) for zh, en in demo_pairs(100) if max(len(zh), len(en)) <= 64]
    path = tmp_path / "pairs.tsv"
    path.write_text("".join(f"{zh}\t{en}\n" for zh, en in pairs), encoding="utf-8")
    return path


def text_file(tmp_path, lines, name="text.txt"):
    path = tmp_path / name
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def test_a_file_mixing_both_languages_is_split_and_every_line_counted(tmp_path):
    path = text_file(
        tmp_path,
        [
            "我们走回家。",
            "We walk home.",
            "",
            "We walk home.",  # a duplicate
            "Привет, как дела?",  # neither language of the pair
            "茶很热。",
            "The tea is hot.",
            "The little cat sleeps.",
        ],
    )
    text = read_text(path, ("zh", "en"), 64, CHARS)
    assert text.source == ["我们走回家。", "茶很热。"]
    assert text.target == ["We walk home.", "The tea is hot.", "The little cat sleeps."]
    assert text.read == 8
    assert text.dropped == {"duplicate": [4], "neither": [5], "empty": [3]}
    assert text.summary() == (
        f"one-language text {path}: 8 lines read; kept 2 in zh (Chinese) and 3 in en "
        "(English) (by script); dropped 1 duplicate (line 4), 1 in neither language of the "
        "pair (line 5), 1 empty (line 3)"
    )
    short = read_text(path, ("zh", "en"), 5, CHARS)  # a sentence over max_length is dropped
    assert short.source == ["茶很热。"] and short.dropped["too long"] == [1, 2, 7, 8]


def test_two_languages_of_one_script_are_told_apart_by_the_identifier(tmp_path):
    english = [
        "We walk home together every evening after work.",
        "The little cat sleeps on the warm kitchen floor.",
        "My brother reads a long book about old ships.",
    ]
    french = [
        "Nous rentrons à la maison ensemble chaque soir.",
        "Le petit chat dort sur le sol chaud de la cuisine.",
        "Mon frère lit un long livre sur les vieux bateaux.",
    ]
    mixed = read_text(text_file(tmp_path, english + french), ("en", "fr"), 99, CHARS)
    assert mixed.source == english and mixed.target == french
    assert "by language identification, line by line" in mixed.summary()
    # a file clearly in one language is so as a whole: a short line is not guessed alone
    english = [en for _, en in demo_pairs(60)[:40] if len(en.split()) > 3][:20]
    many = [*english, "Client."]
    alone = read_text(text_file(tmp_path, many), ("en", "fr"), 99, CHARS)
    assert alone.target == [] and alone.source == many
    assert "(by language identification)" in alone.summary()


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            ["我们\tWe", "你好\tHello"],
            r"2 of its 2 lines hold tab-separated columns, as a pair "
            r"file does; give a pair file as data\.path",
        ),
        (
            ["Привет, мир.", "Как дела?"],
            r"none of its lines is in zh \(Chinese\) or en "
            r"\(English\) \(e\.g\. 'Привет, мир\.', Cyrillic script\); give sentences in one",
        ),
        (["", "  "], r"holds no sentence \(2 lines, none with text\); give one sentence a line"),
        ([], r"holds no sentence \(0 lines, none with text\)"),
    ],
    ids=["pair file", "third language", "blank lines", "empty file"],
)
def test_a_file_that_cannot_be_meant_is_refused_in_one_line_with_the_fix(tmp_path, lines, message):
    path = text_file(tmp_path, lines)
    with pytest.raises(DataError, match=message) as err:
        read_text(path, ("zh", "en"), 64, CHARS)
    assert "\n" not in str(err.value)
    with pytest.raises(DataError, match="no such file; task.text_path names a text file"):
        read_text(tmp_path / "missing.txt", ("zh", "en"), 64, CHARS)


def test_the_load_report_says_what_each_language_is_for(tmp_path):
    english = [en for _, en in demo_pairs(300)[100:130]]
    chinese = [zh for zh, _ in demo_pairs(300)[130:140]]
    path = text_file(tmp_path, english + chinese)
    args = [*TINY, f"data.path={pairs_file(tmp_path)}", f"task.text_path={path}"]
    report = build_task(load_config("tiny_transformer", args)).report()
    assert "40 lines read; kept 10 in zh (Chinese) and 30 in en (English) (by script)" in report
    assert (
        "the 30 en (English) sentences are not used: task.back_translation is off; turn it "
        "on to back-translate them into pairs for the warm-up"
    ) in report
    # a one-way model cannot take the round trip: said, since the English ones are there
    assert (
        "the 10 zh (Chinese) sentences are not used: the round trip (translated and "
        "translated back) needs task.both_directions: true"
    ) in report
    with_bt = build_task(load_config("tiny_transformer", [*args, "task.back_translation=true"]))
    assert "back-translation: the 30 en (English) sentences; when the warm-up starts" in (
        with_bt.report()
    )
    assert with_bt._to_back_translate == english


def distinct(sentences):
    return list(dict.fromkeys(sentences))


def test_the_fit_chooses_what_the_text_is_for_and_what_the_user_sets_wins(tmp_path):
    demo = demo_pairs(4000)
    pairs = tmp_path / "pairs.tsv"  # enough pairs for the fit to the user's file
    pairs.write_text("".join(f"{zh}\t{en}\n" for zh, en in demo[:1200]), encoding="utf-8")
    english = distinct(en for _, en in demo[1200:3400])[:600]
    chinese = distinct(zh for zh, _ in demo[3400:3500])
    path = text_file(tmp_path, english + chinese)
    args = [*TINY, f"data.path={pairs}", f"task.text_path={path}"]
    cfg = load_config("tiny_transformer", args)
    task = build_task(cfg)
    train = f"{len(task.splits['train']):,}"
    # within the time budget neither method paid: both left off, each said why
    assert cfg.task.back_translation is False and task._to_back_translate == []
    report = task.report()
    assert (
        "task.back_translation off: back-translating the 600 en (English) sentences would "
        f"take minutes of the warm-up's budget from the {train} real pairs; measured on "
        "4,000 pairs and 4,500 such sentences in 25 minutes it ended 1-3 test chrF below "
        "the pairs alone"
    ) in report
    assert "the 600 en (English) sentences are not used: task.back_translation is off" in report
    assert (
        f"the {len(chinese)} zh (Chinese) sentences are not used: the round trip (translated "
        "and translated back) needs a model translating both ways, which the fit does not "
        "choose"
    ) in report
    assert "set task.both_directions: true to use them as GRPO prompts all the same" in report
    assert "task.back_translation_steps" not in report  # nothing to cap

    # what the user sets wins, and the report says what the fit would have chosen; the
    # reverse model's steps are then capped, unless the user set them too (TINY does)
    on = load_config("tiny_transformer", [*args, "task.back_translation=true"])
    kept = build_task(on)
    assert on.task.back_translation is True and kept._to_back_translate == english
    assert (
        "task.back_translation: kept at true, you set it; the fit would choose false"
    ) in kept.report()
    assert "task.back_translation_steps: kept at 20, you set it; the fit would choose 1,000" in (
        kept.report()
    )
    capped = load_config(
        "tiny_transformer", [*TINY_TRANSFORMER, *args[len(TINY) :], "task.back_translation=true"]
    )
    assert "task.back_translation_steps 1,000: the reverse model trains" in (
        build_task(capped).report()
    )
    assert capped.task.back_translation_steps == 1000

    # without a time budget the preset's off stands, unmeasured: no reason claimed
    unbudgeted = build_task(load_config("tiny_transformer", [*args, "run.time_budget="]))
    assert "task.back_translation off: back-translating" not in unbudgeted.report()


def test_the_reverse_models_cap_follows_the_pairs():
    cfg = load_config("tiny_transformer").task
    assert back_translation_proposals(cfg, 3199, 0) == []  # nothing to translate
    (off,) = back_translation_proposals(cfg, 3199, 4471)
    assert off.value is False and "from the 3,199 real pairs" in off.reason
    # 0.6 steps a pair, in hundreds, within 1,000-4,000 steps
    caps = [reverse_steps_proposal(n).value for n in (500, 3199, 5000, 9999)]
    assert caps == [1000, 1900, 3000, 4000] and all(type(c) is int for c in caps)


def test_the_target_sentences_of_a_mixed_file_become_tagged_pairs(tmp_path):
    english = [en for _, en in demo_pairs(300)[100:130]]
    chinese = [zh for zh, _ in demo_pairs(300)[130:140]]
    path = text_file(
        tmp_path, [val for pair in zip(chinese, english) for val in pair] + english[10:]
    )
    cfg = load_config(
        "tiny_transformer",
        [
            *TINY,
            f"data.path={pairs_file(tmp_path)}",
            f"task.text_path={path}",
            "task.back_translation=true",
        ],
    )
    task = build_task(cfg)
    task.build_model(cfg.model)
    task.begin_stage("warmup")
    assert task.synthetic is not None and [t for _, t in task.synthetic] == english
    assert all(s.startswith(TAG) for s, _ in task.synthetic)
    assert "back-translated 30 sentences" in task.report()


def test_back_translation_with_no_target_sentence_is_refused(tmp_path):
    path = text_file(tmp_path, ["我们走回家。", "茶很热。"])
    cfg = load_config(
        "tiny_transformer",
        [
            *TINY,
            f"data.path={pairs_file(tmp_path)}",
            f"task.text_path={path}",
            "task.back_translation=true",
        ],
    )
    with pytest.raises(
        DataError,
        match=r"holds no en \(English\) sentence to back-translate; "
        r"give sentences in en \(English\), or turn task.back_translation off",
    ):
        build_task(cfg)


def test_the_former_key_is_read_as_the_new_one_and_said_once(tmp_path):
    path = text_file(tmp_path, ["We walk home.", "The tea is hot."])
    data = pairs_file(tmp_path)
    cfg = load_config(
        "tiny_transformer", [*TINY, f"data.path={data}", f"task.monolingual_path={path}"]
    )
    assert cfg.task.text_path == str(path) and "task.text_path" in cfg.user_set
    assert "task.monolingual_path" not in cfg.user_set
    report = build_task(cfg).report()
    assert report.count("task.monolingual_path is the former name of task.text_path") == 1

    # a run folder's config.yaml written before the rename, its record naming the old key
    saved = tmp_path / "config.yaml"
    save_config(load_config("tiny_transformer", [*TINY, f"data.path={data}"]), saved)
    old = yaml.safe_load(saved.read_text("utf-8"))
    old["task"]["monolingual_path"] = old["task"].pop("text_path")  # null: said nowhere
    saved.write_text(yaml.safe_dump(old, allow_unicode=True), "utf-8")
    quiet = load_config(saved, run_config=True)
    assert quiet.task.text_path is None and quiet.task.renamed == ()
    old["task"]["monolingual_path"] = str(path)
    old["user_set"] = ["task.monolingual_path"]
    saved.write_text(yaml.safe_dump(old, allow_unicode=True), "utf-8")
    resumed = load_config(saved, run_config=True)
    assert resumed.task.text_path == str(path) and resumed.user_set == ["task.text_path"]
    save_config(resumed, tmp_path / "again.yaml")  # saved again: the new name only
    again = yaml.safe_load((tmp_path / "again.yaml").read_text("utf-8"))
    assert again["task"]["text_path"] == str(path) and "monolingual_path" not in again["task"]

    with pytest.raises(
        ConfigError,
        match=r"^task\.monolingual_path is the former name of "
        r"task\.text_path, and the two give different values; keep "
        r"task\.text_path alone$",
    ):
        load_config("tiny_transformer", [f"task.monolingual_path={path}", f"task.text_path={data}"])
