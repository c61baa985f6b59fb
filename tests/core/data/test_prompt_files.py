"""The own-text loader: every layout, several answers, prompts alone, skips by line, the split."""

import json

import pytest

from studio.core.data.load_report import DataError
from studio.core.data.prompt_files import read_prompts, split_items


def write(path, text: str | bytes):
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


def pairs(loaded):
    return [(i.prompt, i.answers) for i in loaded.items]


def test_tsv_without_header(tmp_path):
    f = write(tmp_path / "a.tsv", "teh\tthe\nadn\tand\n")
    loaded = read_prompts(f)
    assert pairs(loaded) == [("teh", ("the",)), ("adn", ("and",))]
    assert loaded.has_answers and loaded.report.kept == 2 and loaded.report.skipped == {}


def test_csv_with_header_and_quotes(tmp_path):
    f = write(tmp_path / "a.csv", 'question,answer\n"3, 4 and 5: the sum?",12\nhi,hello\n')
    loaded = read_prompts(f)
    assert pairs(loaded) == [("3, 4 and 5: the sum?", ("12",)), ("hi", ("hello",))]
    assert "line 1 read as a header" in loaded.report.summary()


@pytest.mark.parametrize(
    "keys",
    [("prompt", "completion"), ("input", "output"), ("question", "answer"),
     ("Instruction", "Response")],
)  # fmt: skip
def test_jsonl_with_common_keys(tmp_path, keys):
    rows = [{keys[0]: "2+2", keys[1]: "4"}, {keys[0]: "capital of France", keys[1]: "Paris"}]
    f = write(tmp_path / "a.jsonl", "".join(json.dumps(r) + "\n" for r in rows))
    assert pairs(read_prompts(f)) == [("2+2", ("4",)), ("capital of France", ("Paris",))]


def test_jsonl_list_answers_and_numbers(tmp_path):
    f = write(tmp_path / "a.jsonl", '{"prompt": "1/2", "answer": ["0.5", ".5", 0.5]}\n')
    assert pairs(read_prompts(f)) == [("1/2", ("0.5", ".5"))]


def test_json_array(tmp_path):
    f = write(tmp_path / "a.json", json.dumps([{"input": "a", "output": "b"}]))
    loaded = read_prompts(f)
    assert pairs(loaded) == [("a", ("b",))]
    assert "positions in the JSON array" in loaded.report.summary()


@pytest.mark.parametrize("arrow", ["->", " => ", " -> "])
def test_arrow_lines_with_several_answers(tmp_path, arrow):
    text = f"aache{arrow}cache, ache,\nabandonin{arrow}abandoning, abandon in,\nteh{arrow}the\n"
    loaded = read_prompts(write(tmp_path / "dict.txt", text))
    assert pairs(loaded) == [
        ("aache", ("cache", "ache")),
        ("abandonin", ("abandoning", "abandon in")),
        ("teh", ("the",)),
    ]
    assert loaded.layout.startswith("arrow")
    assert "2 prompts have several acceptable answers" in loaded.report.summary()


def test_prompts_alone(tmp_path):
    loaded = read_prompts(write(tmp_path / "p.txt", "Write a haiku, please\nName a colour\n\n"))
    assert pairs(loaded) == [("Write a haiku, please", ()), ("Name a colour", ())]
    assert not loaded.has_answers
    assert "no answers" in loaded.report.summary()


def test_jsonl_of_prompts_alone(tmp_path):
    loaded = read_prompts(write(tmp_path / "p.jsonl", '{"prompt": "a"}\n{"prompt": "b"}\n'))
    assert pairs(loaded) == [("a", ()), ("b", ())] and not loaded.has_answers


# ---- what is skipped, and why


def test_missing_and_empty_answers_are_skipped_by_line(tmp_path):
    f = write(tmp_path / "a.tsv", "a\t1\nb\nc\t\n\td\ne\t5\n")
    loaded = read_prompts(f)
    assert pairs(loaded) == [("a", ("1",)), ("e", ("5",))]
    assert loaded.report.skipped == {
        "without an answer": [2],
        "with an empty answer": [3],
        "with an empty prompt": [4],
    }
    assert "skipped 1 without an answer (line 2)" in loaded.report.summary()


def test_too_long_prompts_and_answers_are_skipped(tmp_path):
    f = write(tmp_path / "a.txt", "short->ok\n" + "x" * 50 + "->y\nz->" + "w" * 30 + "\n")
    loaded = read_prompts(f, max_prompt_chars=20, max_answer_chars=20)
    assert pairs(loaded) == [("short", ("ok",))]
    assert loaded.report.skipped == {"too long": [2, 3]}


def test_duplicate_prompts_merge_their_answers_and_repeats_are_dropped(tmp_path):
    f = write(tmp_path / "a.tsv", "colour\tcolor\ncolour\tcolour\ncolour\tcolor\n")
    loaded = read_prompts(f)
    assert pairs(loaded) == [("colour", ("color", "colour"))]
    assert loaded.report.skipped == {"duplicate": [3]}
    assert "merged as more acceptable answers (line 2)" in loaded.report.summary()


def test_bad_json_and_missing_prompt_key(tmp_path):
    f = write(tmp_path / "a.jsonl", '{"prompt": "a", "answer": "b"}\n{oops\n{"answer": "c"}\n')
    loaded = read_prompts(f)
    assert pairs(loaded) == [("a", ("b",))]
    assert loaded.report.skipped == {"bad JSON": [2], "without a prompt field": [3]}


def test_latin1_lines_are_counted_undecodable(tmp_path):
    f = write(tmp_path / "a.tsv", b"ok\tfine\n" + "caf\xe9\tcafe\n".encode("latin-1"))
    loaded = read_prompts(f)
    assert pairs(loaded) == [("ok", ("fine",))]
    assert loaded.report.skipped == {"undecodable": [2]}


def test_utf16_with_bom_is_read(tmp_path):
    f = write(tmp_path / "a.tsv", "\ufeffteh\tthe\n".encode("utf-16-le"))
    assert pairs(read_prompts(f)) == [("teh", ("the",))]


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("empty.tsv", "", "the file is empty"),
        ("latin.tsv", "caf\xe9\tcafe\n".encode("latin-1") * 3, "save it as UTF-8"),
        ("bad.jsonl", "{nope\n" * 3, "one JSON object"),
        ("gone.txt", None, "no such file"),
    ],
)
def test_nothing_usable_is_refused_with_the_fix(tmp_path, name, content, words):
    f = tmp_path / name
    if content is not None:
        write(f, content)
    with pytest.raises(DataError, match=words) as err:
        read_prompts(f)
    assert str(f) in str(err.value) and "\n" not in str(err.value)


# ---- the split


def test_split_is_disjoint_fixed_and_keeps_one_to_train(tmp_path):
    f = write(tmp_path / "a.tsv", "".join(f"p{i}\ta{i}\n" for i in range(100)))
    items = read_prompts(f).items
    a = split_items(items, valid_fraction=0.1, test_fraction=0.05, seed=3)
    b = split_items(items, valid_fraction=0.1, test_fraction=0.05, seed=3)
    assert a == b
    assert [len(a[k]) for k in ("train", "valid", "test")] == [85, 10, 5]
    prompts = [{i.prompt for i in a[k]} for k in ("train", "valid", "test")]
    assert not (prompts[0] & prompts[1] or prompts[0] & prompts[2] or prompts[1] & prompts[2])
    tiny = split_items(items[:2], valid_fraction=0.4, test_fraction=0.4, seed=0)
    assert len(tiny["train"]) == 2


def test_a_csv_answer_may_span_lines_as_the_format_allows(tmp_path):
    """A quoted answer with line breaks in it is one answer, and the report says where;
    a quote that never closes loses only its own line, counted, not the rest of the file."""
    f = write(
        tmp_path / "a.csv",
        'prompt,answer\nhello,"line one\nline two"\nbye,"a ""quoted"" word"\nlast,end\n',
    )
    loaded = read_prompts(f)
    assert pairs(loaded) == [
        ("hello", ("line one\nline two",)),
        ("bye", ('a "quoted" word',)),
        ("last", ("end",)),
    ]
    assert (
        "1 row spans several lines (a quoted cell with line breaks), read as one row (line 2)"
        in (loaded.report.text())
    )
    rows = [f"w{i},a{i}" for i in range(40)]
    rows[5] = '"w5,a5'  # its quote never closes
    broken = read_prompts(write(tmp_path / "b.csv", "\n".join(rows) + "\n"))
    assert len(broken.items) == 39 and broken.report.skipped == {"unclosed quote": [6]}
    assert "opening a quote that does not close within 20 lines (line 6)" in broken.report.text()
