"""A user's own TSV of sentence pairs: train, evaluate and translate from the command line."""

import json
import subprocess
import sys

# Pairs written for this test, in the shape of a Tatoeba/Anki export: English, Chinese,
# attribution. No column settings: the zh->en preset finds its columns by script.
PAIRS = [
    ("The tea is hot.", "茶很热。"),
    ("The soup is cold.", "汤很冷。"),
    ("My brother reads.", "我哥哥看书。"),
    ("Her sister sings.", "她姐姐唱歌。"),
    ("We walk home.", "我们走回家。"),
    ("They ride bikes.", "他们骑自行车。"),
    ("The shop opens early.", "商店开得早。"),
    ("The bus comes late.", "公共汽车来得晚。"),
    ("I like rice.", "我喜欢米饭。"),
    ("You like noodles.", "你喜欢面条。"),
    ("He washes the cups.", "他洗杯子。"),
    ("She cleans the room.", "她打扫房间。"),
    ("The dog sleeps.", "狗在睡觉。"),
    ("The bird flies.", "鸟在飞。"),
    ("Grandma cooks fish.", "奶奶做鱼。"),
    ("Grandpa drinks water.", "爷爷喝水。"),
    ("The river is long.", "河很长。"),
    ("The road is wide.", "路很宽。"),
    ("I write letters.", "我写信。"),
    ("We plant trees.", "我们种树。"),
    ("The baby laughs.", "宝宝在笑。"),
    ("The teacher listens.", "老师在听。"),
    ("My friend is tall.", "我的朋友很高。"),
    ("This book is new.", "这本书是新的。"),
]
TINY = [
    "--set",
    "model.d_model=32",
    "--set",
    "model.n_heads=2",
    "--set",
    "model.d_ff=64",
    "--set",
    "model.n_encoder_layers=1",
    "--set",
    "model.n_decoder_layers=1",
    "--set",
    "data.valid_fraction=0.15",
    "--set",
    "data.test_fraction=0.15",
    "--set",
    "stages.warmup.steps=3",
    "--set",
    "stages.warmup.batch_size=8",
    "--set",
    "stages.grpo.steps=2",
    "--set",
    "stages.grpo.batch_size=2",
    "--set",
    "grpo.num_generations=2",
    "--set",
    "eval.size=8",
]


def cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "studio", *args],
        capture_output=True,
        text=True,
        timeout=300,
        input=stdin,
    )


def test_a_users_tsv_trains_evaluates_and_translates(tmp_path):
    data = tmp_path / "pairs.tsv"
    lines = [f"{en}\t{zh}\tCC-BY written for the test #{i}" for i, (en, zh) in enumerate(PAIRS)]
    data.write_text("\ufeff" + "\r\n".join(lines) + "\r\n", encoding="utf-8")  # BOM, CRLF
    runs = tmp_path / "runs"
    trained = cli(
        "train",
        "--config",
        "tiny_transformer",
        "--data_path",
        str(data),
        "--save_dir",
        str(runs),
        *TINY,
    )
    assert trained.returncode == 0, trained.stderr
    (run_dir,) = list(runs.iterdir())
    # the CLI says which column it took, before training starts
    said = trained.stderr
    assert "source zh (Chinese): column 1 (Han script" in said
    assert "target en (English): column 0 (Latin script" in said
    assert "ignored column 2 (licence notes" in said
    assert said.index("kept 24 pairs") < said.index("warmup start")
    # the run folder and its records keep the same report
    assert "source zh (Chinese): column 1" in (run_dir / "data_report.txt").read_text("utf-8")
    first = json.loads((run_dir / "metrics.jsonl").read_text("utf-8").splitlines()[0])
    assert first["kind"] == "log" and first["data_report"]["source_column"] == 1
    # and it trained zh->en: the source tokenizer reads Chinese characters
    task_state = json.loads((run_dir / "task.json").read_text("utf-8"))["state"]
    source_chars = task_state["source_tokenizer"]["chars"]
    assert "我" in source_chars and not any(c.isascii() and c.isalpha() for c in source_chars)

    evaluated = cli("eval", str(run_dir))
    assert evaluated.returncode == 0, evaluated.stderr
    assert "chrf:" in evaluated.stdout and "bleu:" in evaluated.stdout

    one = cli("translate", str(run_dir), "我喜欢茶。")
    assert one.returncode == 0, one.stderr
    assert len(one.stdout.splitlines()) == 1

    piped = cli("translate", str(run_dir), stdin="狗在睡觉。\n\n我们走回家。\n")
    assert piped.returncode == 0, piped.stderr
    assert len(piped.stdout.splitlines()) == 2  # one line out per sentence in


def test_a_file_with_no_usable_pair_is_one_clear_line(tmp_path):
    data = tmp_path / "empty.tsv"
    data.write_text("\n\n   \n", encoding="utf-8")
    out = cli(
        "train",
        "--config",
        "tiny_transformer",
        "--data_path",
        str(data),
        "--save_dir",
        str(tmp_path / "runs"),
    )
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert str(data) in out.stderr or "empty.tsv" in out.stderr
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_a_latin_latin_file_without_header_is_refused_naming_the_settings(tmp_path):
    data = tmp_path / "fra.tsv"
    data.write_text("Go.\tVa !\nHi.\tSalut !\nRun!\tCours !\n", encoding="utf-8")
    out = cli(
        "train",
        "--config",
        "tiny_transformer",
        "--data_path",
        str(data),
        "--save_dir",
        str(tmp_path / "runs"),
        "--set",
        "task.source_lang=en",
        "--set",
        "task.target_lang=fr",
    )
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "cannot tell which column is en (English) and which is fr (French)" in out.stderr
    assert "task.source_column and task.target_column" in out.stderr
