"""The bilingual loader: every format, malformed input reported by line, and the split."""

import json

import pytest

from studio.core.data.bilingual import load_pairs, split_pairs
from studio.core.data.columns import ColumnRequest
from studio.core.data.load_report import DataError, LoadReport


def write(path, text: str | bytes):
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


# ---- formats


def test_tsv_with_attribution_column(tmp_path):
    f = write(
        tmp_path / "cmn.tsv",
        "Hi.\t嗨。\tCC-BY 2.0 (France) Attribution: tatoeba.org #538123\n"
        'He said "no".\t他说"不"。\tCC-BY 2.0 #2\n',
    )
    pairs, report = load_pairs(f)
    # TSV cells are literal: quotes stay text
    assert pairs == [("Hi.", "嗨。"), ('He said "no".', '他说"不"。')]
    assert report.kept == 2 and report.skipped == {}


def test_anki_txt_is_read_as_tab_separated(tmp_path):
    f = write(tmp_path / "cmn.txt", "Run!\t跑！\tCC-BY\nWait, please.\t请等一下。\tCC-BY\n")
    pairs, _ = load_pairs(f, columns=ColumnRequest(source_column=1, target_column=0))
    assert pairs == [("跑！", "Run!"), ("请等一下。", "Wait, please.")]


def test_csv_with_quotes_and_sniffed_delimiter(tmp_path):
    f = write(
        tmp_path / "pairs.csv",
        'source,target\n"我喜欢猫，也喜欢狗。","I like cats, and dogs."\n'
        '"他说""好""。","He said ""yes""."\n',
    )
    pairs, report = load_pairs(f)
    assert pairs == [
        ("我喜欢猫，也喜欢狗。", "I like cats, and dogs."),
        ('他说"好"。', 'He said "yes".'),
    ]
    assert report.columns == ["source", "target"]
    assert "line 1 read as a header" in report.summary()

    g = write(tmp_path / "semi.csv", "猫;a cat, grey\n狗;a dog\n鸟;a bird, small\n")
    assert load_pairs(g)[0] == [("猫", "a cat, grey"), ("狗", "a dog"), ("鸟", "a bird, small")]


@pytest.mark.parametrize("given", ["train.zh", "train.en", "."])
def test_aligned_pair_from_either_file_or_the_folder(tmp_path, given):
    write(tmp_path / "train.zh", "我好。\n你好。\n")
    write(tmp_path / "train.en", "I am well.\nHello.\n")
    pairs, report = load_pairs(tmp_path / given)
    # columns in alphabetical order of the language suffix, named in the report
    assert report.columns == ["en", "zh"]
    assert pairs == [("I am well.", "我好。"), ("Hello.", "你好。")]
    flipped, _ = load_pairs(
        tmp_path / given, columns=ColumnRequest(source_column=1, target_column=0)
    )
    assert flipped[0] == ("我好。", "I am well.")


def test_aligned_src_tgt_puts_the_source_first(tmp_path):
    write(tmp_path / "corpus.tgt.txt", "one\ntwo\n")
    write(tmp_path / "corpus.src.txt", "一\n二\n")
    pairs, report = load_pairs(tmp_path / "corpus.tgt.txt")
    assert report.columns == ["src", "tgt"] and pairs == [("一", "one"), ("二", "two")]


@pytest.mark.parametrize(
    "line",
    [
        {"source": "猫", "target": "cat"},
        {"src": "猫", "tgt": "cat"},
        {"zh": "猫", "en": "cat"},
        {"translation": {"zh": "猫", "en": "cat"}},
        ["猫", "cat"],
    ],
)
def test_jsonl_key_styles(tmp_path, line):
    f = write(tmp_path / "d.jsonl", json.dumps(line, ensure_ascii=False) + "\n")
    assert load_pairs(f)[0] == [("猫", "cat")]


def test_json_array_file(tmp_path):
    items = [{"en": "dog", "zh": "狗"}, {"en": "cat", "zh": "猫"}]
    f = write(tmp_path / "d.json", json.dumps(items, ensure_ascii=False, indent=2))
    pairs, report = load_pairs(f)
    assert pairs == [("dog", "狗"), ("cat", "猫")] and report.columns == ["en", "zh"]


def test_bom_and_windows_line_ends(tmp_path):
    f = write(tmp_path / "a.tsv", b"\xef\xbb\xbf" + "猫\tcat\r\n狗\tdog\r\n".encode())
    assert load_pairs(f)[0] == [("猫", "cat"), ("狗", "dog")]
    write(tmp_path / "b.zh", b"\xef\xbb\xbf" + "猫\r\n狗\r\n".encode())
    write(tmp_path / "b.en", b"cat\r\ndog\r\n")
    assert load_pairs(tmp_path / "b.zh")[0] == [("cat", "猫"), ("dog", "狗")]


def test_utf16_with_bom_is_read(tmp_path):
    f = write(tmp_path / "w.tsv", "猫\tcat\r\n".encode("utf-16"))
    assert load_pairs(f)[0] == [("猫", "cat")]


def test_a_byte_order_mark_inside_the_file_is_removed_and_noted(tmp_path):
    # two exports joined together: the second one's mark lands on a line of its own
    joined = "猫\tcat\n".encode() + b"\xef\xbb\xbf" + "狗\tdog\n鸟\t\ufeffbird\n".encode()
    pairs, report = load_pairs(write(tmp_path / "joined.tsv", joined))
    assert pairs == [("猫", "cat"), ("狗", "dog"), ("鸟", "bird")]  # no mark in any text
    assert (
        "removed 2 byte-order marks inside joined.tsv (lines 2, 3): files joined together?"
        in report.summary()
    )
    write(tmp_path / "j.zh", "猫\n\ufeff狗\n")
    write(tmp_path / "j.en", "cat\ndog\n")
    pairs, report = load_pairs(tmp_path / "j.zh")
    assert pairs == [("cat", "猫"), ("dog", "狗")] and "inside j.zh (line 2)" in report.summary()


def test_a_line_over_the_limit_is_too_long_not_bad_quoting(tmp_path):
    long_line = "x" * 200_000
    for name, sep in (("pairs.tsv", "\t"), ("pairs.csv", ",")):
        text = f"猫{sep}cat\n{long_line}{sep}y\n狗{sep}dog\n"
        pairs, report = load_pairs(write(tmp_path / name, text))
        assert pairs == [("猫", "cat"), ("狗", "dog")]
        assert report.skipped == {"line too long": [2]}
        assert "1 over 131,072 characters, too long for a line (line 2)" in report.summary()
    msg = error_of(write(tmp_path / "one.tsv", f"{long_line}\ty\n"))
    assert "too long for a line (line 1)" in msg and "the limit is 131,072 characters" in msg
    assert "quoting" not in msg


@pytest.mark.parametrize(
    ("encoding", "named"),
    [
        ("utf-16-le", "looks like UTF-16LE text without a byte-order mark, not UTF-8"),
        ("utf-16-be", "looks like UTF-16BE text without a byte-order mark, not UTF-8"),
        ("gbk", "the file looks like GBK or Big5 (Chinese) text, not UTF-8"),
        ("big5", "the file looks like GBK or Big5 (Chinese) text, not UTF-8"),
        ("latin-1", "the file looks like Latin-1 (Windows-1252) text, not UTF-8"),
    ],
)
def test_a_text_file_in_another_encoding_is_named_as_such(tmp_path, encoding, named):
    text = "".join(f"我們喜歡貓{i}。\tWe like cats {i}.\n" for i in range(20))
    if encoding == "latin-1":
        text = "".join(f"garçon {i}\tcafé {i}\n" for i in range(20))
    msg = error_of(write(tmp_path / "pairs.tsv", text.encode(encoding)))
    assert named in msg and "re-save it as UTF-8" in msg and "binary" not in msg


# ---- malformed lines are skipped and reported by line number


def test_each_kind_of_bad_line_is_counted_with_its_line_number(tmp_path):
    lines = [
        "猫\tcat".encode(),  # 1 kept
        b"",  # 2 empty
        "狗\t".encode(),  # 3 empty target
        "一只很长很长很长的猫\ta very very long cat".encode(),  # 4 too long
        b"\xff\xfe\xfa\tbroken",  # 5 undecodable
        "鸟".encode(),  # 6 wrong column count
        "猫\tcat".encode(),  # 7 duplicate
        "鱼\tfish".encode(),  # 8 kept
    ]
    f = write(tmp_path / "m.tsv", b"\n".join(lines) + b"\n")
    pairs, report = load_pairs(f, max_length=8)
    assert pairs == [("猫", "cat"), ("鱼", "fish")]
    assert report.skipped == {
        "undecodable": [5],
        "empty": [2, 3],
        "too long": [4],
        "wrong column count": [6],
        "duplicate": [7],
    }
    text = report.summary()
    assert text.startswith("kept 2 pairs; skipped ")
    assert "2 empty (lines 2, 3)" in text and "1 too long (line 4)" in text
    assert "1 undecodable (line 5)" in text and "wrong column count (line 6)" in text
    assert text.endswith("dropped 1 duplicate (line 7)")


def test_summary_shortens_long_line_lists():
    report = LoadReport(path="x", kept=1204, skipped={"empty": list(range(1, 10))})
    assert report.summary(max_lines=3) == "kept 1,204 pairs; skipped 9 empty (lines 1, 2, 3, ...)"


def test_bad_json_lines_are_skipped_and_reported(tmp_path):
    f = write(
        tmp_path / "d.jsonl",
        '{"src": "猫", "tgt": "cat"}\n{"src": "狗", tgt}\n'
        '{"src": "鸟"}\n{"src": "鱼", "tgt": "fish"}\n',
    )
    pairs, report = load_pairs(f)
    assert pairs == [("猫", "cat"), ("鱼", "fish")]
    assert report.skipped == {"bad JSON": [2], "missing fields": [3]}


def test_csv_row_spanning_lines_keeps_later_line_numbers_right(tmp_path):
    f = write(tmp_path / "q.csv", '猫,"a\ncat"\n狗,\n鸟,bird\n')
    pairs, report = load_pairs(f)
    assert pairs == [("猫", "a cat"), ("鸟", "bird")]
    assert report.skipped == {"empty": [3]}


def test_undecodable_lines_in_aligned_files(tmp_path):
    write(tmp_path / "t.zh", b"\xe7\x8c\xab\n\xe7\x8b\n")  # 猫, then a cut-off character
    write(tmp_path / "t.en", b"cat\ndog\n")
    pairs, report = load_pairs(tmp_path / "t.en")
    assert pairs == [("cat", "猫")] and report.skipped == {"undecodable": [2]}


# ---- whole-file problems: a DataError that says what is wrong and what to do


def error_of(path, **kw) -> str:
    with pytest.raises(DataError) as info:
        load_pairs(path, **kw)
    return str(info.value)


def test_mismatched_line_counts_name_both_counts(tmp_path):
    write(tmp_path / "t.zh", "一\n二\n三\n")
    write(tmp_path / "t.en", "one\ntwo\n")
    msg = error_of(tmp_path / "t.zh")
    assert "has 2 lines" in msg and "has 3" in msg and "line for line" in msg


def test_missing_path(tmp_path):
    msg = error_of(tmp_path / "nope.tsv")
    assert "no such file or folder" in msg and "demo corpus" in msg


@pytest.mark.parametrize("name", ["book.xlsx", "README", "data.parquet"])
def test_unsupported_extension(tmp_path, name):
    msg = error_of(write(tmp_path / name, "x"))
    assert "unsupported file type" in msg and ".tsv/.csv/.jsonl" in msg


def test_binary_file_with_a_table_extension(tmp_path):
    msg = error_of(write(tmp_path / "book.csv", b"PK\x03\x04\x00\x00\x00binary"))
    assert "binary" in msg and "export" in msg


def test_no_usable_pair_explains_why(tmp_path):
    msg = error_of(write(tmp_path / "one.tsv", "just one column\nanother\n"))
    assert "no usable sentence pair" in msg and "2 with a wrong column count" in msg
    assert "separated by a tab" in msg
    gbk = write(tmp_path / "gbk.tsv", "你好\thello\n".encode("gbk"))
    assert "save it as UTF-8" in error_of(gbk)
    assert "raise data.max_length" in error_of(
        write(tmp_path / "l.tsv", "长句子\tlong\n"), max_length=2
    )
    assert "the file is empty" in error_of(write(tmp_path / "e.tsv", ""))
    assert '"source" and "target"' in error_of(write(tmp_path / "k.jsonl", '{"a": 1}\n'))


def test_folder_without_a_recognisable_pair(tmp_path):
    write(tmp_path / "notes.md", "hello")
    assert "holds no sentence pairs" in error_of(tmp_path)
    for name in ("a.zh", "a.en", "b.zh", "b.en"):
        write(tmp_path / name, "x\n")
    msg = error_of(tmp_path)
    assert "several candidates" in msg and "a.en + a.zh" in msg and "b.en + b.zh" in msg


def test_aligned_file_without_partner_or_with_two(tmp_path):
    f = write(tmp_path / "t.zh", "猫\n")
    assert "needs its partner" in error_of(f)
    write(tmp_path / "t.en", "cat\n")
    write(tmp_path / "t.ja", "猫\n")
    assert "several partner files (t.en, t.ja)" in error_of(f)


def test_bad_arguments(tmp_path):
    f = write(tmp_path / "a.tsv", "猫\tcat\n")
    same = ColumnRequest(source_column=1, target_column=1)
    assert "two different columns" in error_of(f, columns=same)
    assert "only one of" in error_of(f, columns=ColumnRequest(source_column=1))
    assert "positive" in error_of(f, max_length=0)


# ---- the split


def pairs_of(n):
    return [(f"源{i}", f"target {i}") for i in range(n)]


def test_split_is_deterministic_disjoint_and_complete():
    pairs = pairs_of(200)
    train, valid, test = split_pairs(pairs, valid_fraction=0.05, test_fraction=0.1, seed=7)
    assert (len(valid), len(test), len(train)) == (10, 20, 170)
    assert set(train) | set(valid) | set(test) == set(pairs)
    assert not (set(train) & set(valid) or set(train) & set(test) or set(valid) & set(test))
    again = split_pairs(pairs, valid_fraction=0.05, test_fraction=0.1, seed=7)
    assert again == (train, valid, test)
    other = split_pairs(pairs, valid_fraction=0.05, test_fraction=0.1, seed=8)
    assert other[1] != valid


def test_split_keeps_a_source_on_one_side():
    pairs = [(f"源{i % 20}", f"target {i}") for i in range(100)]  # 5 targets per source
    train, valid, test = split_pairs(pairs, valid_fraction=0.1, test_fraction=0.1, seed=0)
    sources = [{s for s, _ in part} for part in (train, valid, test)]
    assert not (sources[0] & sources[1] or sources[0] & sources[2] or sources[1] & sources[2])
    assert len(valid) == 10 and len(test) == 10


def test_split_of_few_pairs_still_holds_out_one_each():
    train, valid, test = split_pairs(pairs_of(3), valid_fraction=0.05, test_fraction=0.05, seed=0)
    assert (len(train), len(valid), len(test)) == (1, 1, 1)
    train, valid, test = split_pairs(pairs_of(2), valid_fraction=0.05, test_fraction=0.05, seed=0)
    assert (len(train), len(valid), len(test)) == (2, 0, 0)


def test_split_rejects_fractions_that_leave_nothing():
    with pytest.raises(DataError, match="nothing to train on"):
        split_pairs(pairs_of(10), valid_fraction=0.5, test_fraction=0.5, seed=0)
    with pytest.raises(DataError, match="below 1"):
        split_pairs(pairs_of(10), valid_fraction=-0.1, test_fraction=0.1, seed=0)


def test_a_byte_order_mark_inside_the_file_is_no_character_of_the_vocabulary(tmp_path):
    from studio.core.catalogue import load_config
    from studio.core.data.realistic_corpus import realistic_pairs
    from studio.core.tasks import build_task

    rows = [f"{zh}\t{en}\n" for zh, en in realistic_pairs(60, seed=2)]
    half = len(rows) // 2  # two exports joined, the second one with its own mark
    data = "".join(rows[:half]).encode() + b"\xef\xbb\xbf" + "".join(rows[half:]).encode()
    write(tmp_path / "joined.tsv", data)
    task = build_task(load_config("tiny_transformer", [f"data.path={tmp_path / 'joined.tsv'}"]))
    for tokenizer in (task.source_tok, task.target_tok):
        assert "\ufeff" not in tokenizer.to_dict().get("chars", [])
    assert "removed 1 byte-order mark inside joined.tsv" in task.report()


def test_a_csv_sentence_may_span_lines_and_an_unclosed_quote_costs_its_line_alone(tmp_path):
    rows = [f'"我喜欢狗{i}。","I like dog {i}."' for i in range(30)]
    rows[2] = '"我喜欢猫。","I like\ncats."'
    f = tmp_path / "pairs.csv"
    f.write_text("\n".join(rows) + "\n", encoding="utf-8")
    pairs, report = load_pairs(f, columns=ColumnRequest("zh", "en"))
    assert len(pairs) == 30 and ("我喜欢猫。", "I like cats.") in pairs
    assert "1 row spans several lines" in report.text()
    rows = [f"我喜欢狗{i}。,I like dog {i}." for i in range(30)]
    rows[3] = '"我喜欢猫。,I like cats.'  # opens a quote that never closes
    f.write_text("\n".join(rows) + "\n", encoding="utf-8")
    pairs, report = load_pairs(f, columns=ColumnRequest("zh", "en"))
    assert len(pairs) == 29 and report.skipped == {"unclosed quote": [4]}
    assert (report.source_column, report.target_column) == (0, 1)
