"""A user's own TSV of sentence pairs: train, evaluate and translate from the command line."""

import json
import shutil
import subprocess
import sys

import pytest

from studio.cli.main import main
from studio.core.config.decoding import MAX_BEAMS, Decoding
from studio.core.tasks.translation.decoding import translate
from tests.helpers import GRID_WORLD, TINY_TRANSFORMER, held_out_sentences, make_run, set_args

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
TINY = set_args(
    [
        *TINY_TRANSFORMER,
        "data.valid_fraction=0.15",
        "data.test_fraction=0.15",
        "stages.warmup.steps=3",
        "stages.warmup.lr_warmup_steps=0",  # the preset's 100 would outlast 3 steps
        "stages.warmup.batch_size=8",
        "stages.grpo.steps=2",
        "stages.grpo.batch_size=2",
        "grpo.num_generations=2",
        "eval.size=8",
    ]
)


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


# ---- --file, --interactive, --onnx, --beam (a tiny real run and its real export)


@pytest.fixture(scope="module")
def tiny_sentences(translation_model):
    return held_out_sentences(translation_model[1], 8, 2)[:3]


def test_file_mode_keeps_every_line_translates_repeats_once_and_matches_each_engine(
    tmp_path, translation_run, translation_model, tiny_sentences
):
    _, task, model = translation_model
    a, b, c = tiny_sentences
    source = tmp_path / "in.txt"
    lines = [a, "", f"{b}{c}", "   ", a, b]
    source.write_text("\ufeff" + "\r\n".join(lines) + "\r\n", encoding="utf-8")  # BOM, CRLF
    out = tmp_path / "out.txt"
    for engine in ([], ["--onnx"]):
        done = cli(
            "translate", str(translation_run), "--file", str(source), "--out", str(out), *engine
        )
        assert done.returncode == 0, done.stderr
        one = {s: translate(model, task, [s])[0] for s in (a, b, c)}
        written = out.read_text(encoding="utf-8")
        assert written.splitlines() == [one[a], "", f"{one[b]} {one[c]}", "", one[a], one[b]]
        assert "6 lines, 5 sentences (3 translated, 2 repeats)" in done.stderr
        assert "sentences/s" in done.stderr and done.stdout == ""
    beam = cli("translate", str(translation_run), "--file", str(source), "--beam", "3", "--onnx")
    assert beam.returncode == 0, beam.stderr
    want = [translate(model, task, [s], Decoding.beam(3))[0] for s in (a, b, c)]
    assert beam.stdout.splitlines() == [want[0], "", f"{want[1]} {want[2]}", "", want[0], want[1]]


def test_interactive_mode_answers_each_line_as_it_comes(
    translation_run, translation_model, tiny_sentences
):
    _, task, model = translation_model
    a, b, _ = tiny_sentences
    for engine in ([], ["--onnx"]):
        done = cli(
            "translate", str(translation_run), "--interactive", *engine, stdin=f"{a}\n\n{b}{a}\n"
        )
        assert done.returncode == 0, done.stderr
        one = {s: translate(model, task, [s])[0] for s in (a, b)}
        assert done.stdout.splitlines() == [one[a], "", f"{one[b]} {one[a]}"]
        assert "1 of 2 from the cache" in done.stderr  # a, met again on the third line
    beam = cli("translate", str(translation_run), "--interactive", "--beam", "2", stdin=f"{a}\n")
    assert beam.stdout.splitlines() == [translate(model, task, [a], Decoding.beam(2))[0]]


def test_what_the_model_cannot_read_is_reported_not_skipped(tmp_path, translation_run):
    source = tmp_path / "odd.txt"
    source.write_text("☃\n", encoding="utf-8")
    done = cli("translate", str(translation_run), "--file", str(source))
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 1
    assert "1 sentence with characters the model never saw" in done.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--out", "x.txt"], "--out goes with --file"),
        (["--file", "missing.txt"], "missing.txt: no such file"),
        (["--file", "latin1.txt"], "not UTF-8 text"),
        (["--file", "latin1.txt", "--out", "latin1.txt"], "is the file being translated"),
        (["--interactive", "--beam", "1"], "--beam takes 2 beams or more"),
        (["--interactive", "--threads", "0"], "--threads takes 1 or more"),
        (["--file", "latin1.txt", "--batch", "0"], "--batch takes 1 or more"),
    ],
)
def test_a_wrong_command_line_is_one_clear_line(
    tmp_path, translation_run, args, said, capsys, monkeypatch
):
    (tmp_path / "latin1.txt").write_bytes("café\n".encode("latin-1"))
    monkeypatch.chdir(tmp_path)
    assert main(["translate", str(translation_run), *args]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_translate_refuses_a_missing_run_another_tasks_run_and_a_missing_export(
    tmp_path, translation_run, capsys
):
    assert main(["translate", str(tmp_path / "nowhere"), "--interactive"]) == 2
    assert "no such run folder" in capsys.readouterr().err
    grid = make_run(tmp_path / "grid", None, GRID_WORLD)
    assert main(["translate", str(grid), "--interactive"]) == 2
    assert "a run of the gridworld task, not translation" in capsys.readouterr().err
    unexported = tmp_path / "unexported"
    shutil.copytree(translation_run, unexported, ignore=shutil.ignore_patterns("exports"))
    assert main(["translate", str(unexported), "--interactive", "--onnx"]) == 2
    assert "no ONNX export yet" in capsys.readouterr().err


def test_the_test_split_decodes_as_eval_test_decoding_and_the_valid_split_as_eval_decoding(
    translation_run, tmp_path, monkeypatch
):
    import yaml

    from studio import api
    from studio.core.tasks.translation.task import TranslationTask

    run = tmp_path / "run"
    shutil.copytree(translation_run, run)
    config = yaml.safe_load((run / "config.yaml").read_text(encoding="utf-8"))
    config["eval"]["test_decoding"] = "beam"  # as the fit sets it for a user's file
    (run / "config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    seen = []

    def evaluate(self, model, split, limit, decoding):
        seen.append((split, decoding.method))
        return {"chrf": 1.0}

    monkeypatch.setattr(TranslationTask, "evaluate", evaluate)
    assert main(["eval", str(run)]) == 0
    assert main(["eval", str(run), "--split", "valid"]) == 0
    assert main(["eval", str(run), "--decoding", "greedy"]) == 0  # the option wins
    api.load_run(run).evaluate()
    assert seen == [("test", "beam"), ("valid", "greedy"), ("test", "greedy"), ("test", "beam")]


def test_without_beam_a_run_translates_as_its_test_figures_were_measured(
    translation_run, translation_model, tiny_sentences, tmp_path
):
    """A user's file gets eval.test_decoding beam from the fit: `translate` and the API's
    translate then search with eval.beam_size beams unless told otherwise."""
    import yaml

    from studio import api

    _, task, model = translation_model
    a, b, _ = tiny_sentences
    run = tmp_path / "run"
    shutil.copytree(translation_run, run)
    config = yaml.safe_load((run / "config.yaml").read_text(encoding="utf-8"))
    config["eval"].update(test_decoding="beam", beam_size=3)
    (run / "config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    beam = [translate(model, task, [s], Decoding.beam(3))[0] for s in (a, b)]
    greedy = [translate(model, task, [s])[0] for s in (a, b)]
    assert beam != greedy  # the two decodings tell apart on these sentences
    for engine in ([], ["--onnx"]):
        done = cli("translate", str(run), a, b, *engine)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines() == beam
    assert cli("translate", str(run), a, b, "--beam", "0").stdout.splitlines() == greedy
    assert cli("translate", str(translation_run), a, b).stdout.splitlines() == greedy
    loaded = api.load_run(run)
    assert loaded.translate([a, b]) == beam and loaded.translate([a, b], beam=0) == greedy


def test_a_run_folder_asking_for_more_beams_than_allowed_is_refused(
    translation_run, tmp_path, capsys
):
    """A run folder handed over sets the beams its translations search with; a number that
    would fill the memory is refused when the folder loads, naming the setting."""
    import yaml

    run = tmp_path / "run"
    shutil.copytree(translation_run, run)
    config = yaml.safe_load((run / "config.yaml").read_text(encoding="utf-8"))
    config["eval"].update(test_decoding="beam", beam_size=1_000_000)
    (run / "config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    assert main(["translate", str(run), "你好"]) == 2
    err = capsys.readouterr().err
    assert "eval.beam_size: must be at most 16, got 1000000" in err and "Traceback" not in err


def test_more_beams_than_a_search_takes_are_refused_by_each_front_door(translation_run, capsys):
    """A number of beams typed by mistake is one line naming the bound (MAX_BEAMS) at the
    command line and in the API, before any model is asked for a search that wide."""
    from studio import api

    assert main(["translate", str(translation_run), "你好", "--beam", "1000000000"]) == 2
    err = capsys.readouterr().err
    assert f"--beam takes at most {MAX_BEAMS} beams, got 1000000000" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    loaded = api.load_run(translation_run)
    with pytest.raises(api.APIError, match=f"^beam=1000000000: at most {MAX_BEAMS} beams$"):
        loaded.translate("你好", beam=1_000_000_000)
    with pytest.raises(api.APIError, match=r"^beam=1: 2 beams or more \(or 0 for greedy\)$"):
        loaded.translate("你好", beam=1)
    widest = translate(loaded.model, loaded.task, ["你好"], Decoding.beam(MAX_BEAMS))
    assert loaded.translate("你好", beam=MAX_BEAMS) == widest  # the bound itself is taken
