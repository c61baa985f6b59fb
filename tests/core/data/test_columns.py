"""Which column is which: matched to the task's languages by name, script or language
identification, contradictions named, and the user asked when the file cannot tell."""

import json

import pytest

from studio.core.data.bilingual import load_pairs
from studio.core.data.columns import ColumnRequest, ColumnsUnclear, is_header
from studio.core.data.languages import language_code, script_of, text_script
from studio.core.data.load_report import DataError

ZH_EN = ColumnRequest("zh", "en")
EN_FR = ColumnRequest("en", "fr")
# Sentences written for these tests.
EN_ZH = [
    ("We walk home.", "我们走回家。"),
    ("The tea is hot.", "茶很热。"),
    ("My brother reads.", "我哥哥看书。"),
    ("The dog sleeps.", "狗在睡觉。"),
    ("I like rice.", "我喜欢米饭。"),
    ("The river is long.", "河很长。"),
]
EN_FR_PAIRS = [
    ("Where is the station?", "Où est la gare ?"),
    ("I like reading books in the evening.", "J'aime lire des livres le soir."),
    ("The train leaves at six.", "Le train part à six heures."),
    ("She has two brothers.", "Elle a deux frères."),
    ("We walked home together.", "Nous sommes rentrés ensemble à la maison."),
    ("It is raining again.", "Il pleut encore."),
    ("Can you help me?", "Peux-tu m'aider ?"),
    ("This is my favourite song.", "C'est ma chanson préférée."),
    ("They live near the sea.", "Ils habitent près de la mer."),
    ("Please close the door.", "Ferme la porte, s'il te plaît."),
    ("I forgot my keys at home.", "J'ai oublié mes clés à la maison."),
    ("What time is it now?", "Quelle heure est-il maintenant ?"),
    ("He works in a big hospital.", "Il travaille dans un grand hôpital."),
    ("The children are playing outside.", "Les enfants jouent dehors."),
]


def tatoeba(path, pairs):
    """English, then the other language, then an attribution, as the Tatoeba/Anki export."""
    lines = [
        f"{en}\t{other}\tCC-BY 2.0 (France) Attribution: tatoeba.org #{100 + i} (ann) & "
        f"#{900 + i} (bo)"
        for i, (en, other) in enumerate(pairs)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def refusal(path, request) -> str:
    with pytest.raises(DataError) as info:
        load_pairs(path, columns=request)
    return str(info.value)


def test_scripts_and_language_names():
    assert [text_script(t) for t in ("Hello", "我们走回家。", "私は学生です。", "Привет")] == [
        "Latin",
        "Han",
        "Kana",  # Japanese mixes Han and Kana: the Kana decide
        "Cyrillic",
    ]
    assert text_script("123, 456!") is None
    assert {language_code(n) for n in ("zh", "cmn", "zh-CN", "Chinese", "中文")} == {"zh"}
    assert script_of("eng") == "Latin" and script_of("xx") is None


def test_tatoeba_layout_gives_zh_to_en_with_the_attribution_ignored(tmp_path):
    f = tatoeba(tmp_path / "cmn.txt", EN_ZH)
    pairs, report = load_pairs(f, columns=ZH_EN)
    assert pairs[0] == ("我们走回家。", "We walk home.")
    assert (report.source_column, report.target_column) == (1, 0)
    assert report.matched_by == "by script"
    (ignored,) = report.ignored()
    assert ignored.index == 2 and ignored.kind == "metadata"
    text = report.text()
    assert "source zh (Chinese): column 1 (Han script" in text
    assert "target en (English): column 0 (Latin script" in text
    assert "ignored column 2 (licence notes" in text
    json.dumps(report.to_dict())  # the run's log record carries it

    reverse, report = load_pairs(f, columns=ColumnRequest("en", "zh"))
    assert reverse[0] == ("We walk home.", "我们走回家。")


def test_latin_latin_without_header_is_refused_naming_the_settings(tmp_path):
    f = tmp_path / "fra.tsv"
    f.write_text("Go.\tVa !\nHi.\tSalut !\nRun!\tCours !\n", encoding="utf-8")
    with pytest.raises(ColumnsUnclear) as info:
        load_pairs(f, columns=EN_FR)
    msg = str(info.value)
    assert "cannot tell which column is en (English) and which is fr (French)" in msg
    assert "both are written in Latin script" in msg
    assert "task.source_column and task.target_column" in msg and "header row" in msg
    assert [p.sample for p in info.value.profiles] == ["Go.", "Va !"]  # for a column picker
    # the user's answer is taken as given
    pairs, report = load_pairs(f, columns=ColumnRequest("en", "fr", 0, 1))
    assert pairs[0] == ("Go.", "Va !") and report.matched_by.startswith("set by")


@pytest.mark.parametrize("header", ["French\tEnglish", "fr\ten", "fra\teng"])
def test_a_header_row_names_the_columns(tmp_path, header):
    f = tmp_path / "p.tsv"
    rows = [f"{fr}\t{en}" for en, fr in EN_FR_PAIRS[:3]]
    f.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    pairs, report = load_pairs(f, columns=EN_FR)
    assert pairs[0] == ("Where is the station?", "Où est la gare ?")
    assert report.matched_by.startswith("named by the file")
    assert "line 1 read as a header" in report.summary()


def test_language_identification_tells_english_from_french(tmp_path):
    f = tatoeba(tmp_path / "fra.txt", EN_FR_PAIRS)
    pairs, report = load_pairs(f, columns=ColumnRequest("fr", "en"))
    assert pairs[0] == ("Où est la gare ?", "Where is the station?")
    assert report.matched_by == "by language identification"
    assert [p.index for p in report.ignored()] == [2]


def test_languages_that_contradict_the_task_are_named(tmp_path):
    f = tmp_path / "rus.tsv"
    f.write_text("Hi.\tПривет.\nRun!\tБеги!\n", encoding="utf-8")
    msg = refusal(f, ZH_EN)
    assert "no column holds Han-script text for zh (Chinese)" in msg
    assert "column 1 Cyrillic" in msg and "task.source_lang and task.target_lang" in msg

    header = tmp_path / "named.tsv"
    header.write_text("en\tfr\nHi.\tSalut.\n", encoding="utf-8")
    msg = refusal(header, ZH_EN)
    assert "names its columns en (English), fr (French)" in msg and "zh->en" in msg


def test_column_settings_that_contradict_the_scripts_name_the_fix(tmp_path):
    f = tatoeba(tmp_path / "cmn.txt", EN_ZH)
    wrong = ColumnRequest("zh", "en", source_column=0, target_column=1)
    msg = refusal(f, wrong)
    assert "task.source_column=0 holds Latin-script text" in msg
    assert "column 1 holds Han: set task.source_column=1" in msg


def test_aligned_files_and_json_keys_name_their_languages(tmp_path):
    (tmp_path / "train.zh").write_text("我好。\n你好。\n", encoding="utf-8")
    (tmp_path / "train.en").write_text("I am well.\nHello.\n", encoding="utf-8")
    pairs, report = load_pairs(tmp_path / "train.en", columns=ZH_EN)
    assert pairs[0] == ("我好。", "I am well.") and report.matched_by.startswith("named")
    j = tmp_path / "d.jsonl"
    j.write_text('{"target": "cat", "source": "猫"}\n', encoding="utf-8")
    assert load_pairs(j, columns=ZH_EN)[0] == [("猫", "cat")]


def test_id_and_link_columns_are_ignored(tmp_path):
    f = tmp_path / "ids.tsv"
    rows = [f"{i}\t{zh}\thttps://example.org/s/{i}\t{en}" for i, (en, zh) in enumerate(EN_ZH, 1000)]
    f.write_text("\n".join(rows) + "\n", encoding="utf-8")
    pairs, report = load_pairs(f, columns=ZH_EN)
    assert (report.source_column, report.target_column) == (1, 3)
    assert [p.kind for p in report.ignored()] == ["metadata", "metadata"]


def test_japanese_is_told_from_chinese(tmp_path):
    f = tmp_path / "jpn.tsv"
    f.write_text("我喜欢茶。\t私はお茶が好きです。\n狗在睡觉。\t犬が寝ています。\n", "utf-8")
    pairs, report = load_pairs(f, columns=ColumnRequest("ja", "zh"))
    assert pairs[0] == ("私はお茶が好きです。", "我喜欢茶。") and report.matched_by == "by script"


def test_a_first_row_is_a_header_only_when_every_cell_names_a_column():
    assert is_header(["English", "中文", "attribution"])
    assert is_header(["source", "target"])
    assert not is_header(["Go.", "Va !"])
    assert not is_header(["English", "Anglais"])  # a word list's first entry, not a header


def test_sentences_that_each_hold_a_number_are_read_as_the_pairs_they_are(tmp_path):
    """Sentences are text whatever digits, ids or repeated openings they carry: a file
    whose every sentence holds a number (made here) keeps its pairs."""
    animals = [("cats", "猫"), ("dogs", "狗"), ("books", "书"), ("cups", "杯子")]
    rows = []
    for i in range(120):
        en, zh = animals[i % len(animals)]
        rows.append(f"I have {i + 2} {en}, room #{100 + i}.\t我有{i + 2}只{zh}，房间#{100 + i}。")
    f = tmp_path / "numbers.tsv"
    f.write_text("\n".join(rows) + "\n", encoding="utf-8")
    pairs, report = load_pairs(f, columns=ZH_EN)
    assert len(pairs) == 120 and pairs[0] == ("我有2只猫，房间#100。", "I have 2 cats, room #100.")
    assert (report.source_column, report.target_column) == (1, 0) and not report.ignored()
    # beside two columns of such sentences, a column of templated notes is still ignored
    noted = tmp_path / "noted.tsv"
    noted.write_text(
        "\n".join(f"{row}\tAdded by user{i} #{5000 + i}" for i, row in enumerate(rows)) + "\n",
        encoding="utf-8",
    )
    pairs, report = load_pairs(noted, columns=ZH_EN)
    assert len(pairs) == 120 and [p.index for p in report.ignored()] == [2]
