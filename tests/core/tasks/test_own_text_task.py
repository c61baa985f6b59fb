"""The own-text task: the shipped preset trains on a file the test writes, through the command
line as a user runs it; each check is a reward part; the run reads back, evaluates, exports
to ONNX and completes prompts there as in PyTorch; a file of prompts alone trains without a
warm-up; checks that need answers are refused for it."""

import json

import pytest

from studio.cli.main import main
from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.config.loading import save_config
from studio.core.export.pipeline import export_run
from studio.core.export.snippets import snippet_module
from studio.core.runs.loading import load_run, load_trained
from studio.core.serving.completion import CompletionSettings, complete
from studio.core.tasks import build_task
from studio.core.tasks.base import TaskError
from studio.core.tasks.own_text import OwnTextTask
from studio.core.tasks.text import pad_rows
from tests.helpers import MICRO_GPT, ONE_THREAD

TINY = [
    *MICRO_GPT,
    *ONE_THREAD,
    "grpo.num_generations=4",
    "stages.warmup.steps=4",
    "stages.warmup.batch_size=8",
    "stages.grpo.steps=3",
    "stages.grpo.batch_size=2",
    "eval.every=0",
    "eval.size=8",
    "run.checkpoint_every=0",
]


def misspellings(path, n=60):
    """A codespell-like dictionary the test makes up: 'xy<i>q->xy<i>r, xy<i>s,'."""
    path.write_text("".join(f"ab{i}q->ab{i}r, ab{i}s,\n" for i in range(n)), encoding="utf-8")
    return path


def cli_train(tmp_path, data, *more, tiny=TINY):
    argv = ["train", "--config", "own_text", "--data_path", str(data)]
    argv += ["--save_dir", str(tmp_path / "runs")]
    for setting in [*tiny, *more]:
        argv += ["--set", setting]
    assert main(argv) == 0
    (run,) = (tmp_path / "runs").iterdir()
    return run


def records(run):
    lines = (run / "metrics.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def test_the_preset_trains_on_a_file_through_the_command_line_and_exports(tmp_path, capsys):
    run = cli_train(tmp_path, misspellings(tmp_path / "dict.txt"))
    err = capsys.readouterr().err
    assert "kept 60 prompts" in err and "several acceptable answers" in err
    assert "model.max_len" in err and "split: train" in err
    got = records(run)
    grpo = [r for r in got if r.get("kind") == "step" and r["stage"] == "grpo"]
    assert len(grpo) == 3
    # each check is its own reward part, as the reward chart splits them
    assert all("reward/exact/mean" in r and "reward/similarity/mean" in r for r in grpo)
    evals = [r for r in got if r.get("kind") == "eval"]
    assert evals and all(0 <= r["eval/accuracy"] <= 1 and 0 <= r["eval/chrf"] <= 100 for r in evals)

    cfg, task, model = load_trained(run)
    assert isinstance(task, OwnTextTask) and cfg.model.max_len == task.max_prompt_tokens + 6
    metrics = task.evaluate(model, split="test", limit=10)
    assert set(metrics) >= {"accuracy", "chrf", "completion_len", "finished"}

    # PyTorch completes a prompt typed with its end mark, as the playground sends it
    prompt = "ab3q" + task.prompt_end
    (torch_answer,) = complete(load_run(run), [prompt], CompletionSettings())

    result = export_run(run, examples=5, seed=0)
    assert result.verification.passed
    runner = snippet_module("micro-gpt").MicroGPTOnnx(result.model_path.parent)
    assert runner.complete([prompt]) == torch_answer
    examples = task.splits()["valid"] + task.splits()["test"]
    rows = [task.tokenizer.encode(e.prompt) for e in examples]
    ids, mask = pad_rows(rows, task.tokenizer.pad_id, left=True)
    out = model.generate(
        ids, mask, num_samples=1, max_new_tokens=task.max_completion_tokens,
        eos_id=task.tokenizer.eos_id, greedy=True,
    )  # fmt: skip
    expected = [task.tokenizer.decode(r) for r in out.tokens.tolist()]
    assert runner.complete([e.prompt for e in examples]) == expected


def test_prompts_alone_train_without_warm_up_on_checks_that_need_no_answer(tmp_path, capsys):
    data = tmp_path / "prompts.txt"
    data.write_text("".join(f"say a word about {i}\n" for i in range(30)), encoding="utf-8")
    checks = '[{kind: length, options: {min: 1, max: 5}}, {kind: regex, options: {pattern: "a"}}]'
    # a warm-up the user asks for is theirs to keep: with no answers it is refused, named
    argv = ["train", "--config", "own_text", "--data_path", str(data), "--save_dir"]
    argv += [str(tmp_path / "refused"), "--set", f"task.rewards={checks}"]
    for setting in TINY:
        argv += ["--set", setting]
    assert main(argv) == 2
    assert "stages.warmup.steps: the file has no answers" in capsys.readouterr().err
    no_warmup = [s for s in TINY if not s.startswith("stages.warmup.steps=")]
    run = cli_train(tmp_path, data, f"task.rewards={checks}", tiny=no_warmup)
    assert "stages.warmup.steps 0" in capsys.readouterr().err
    steps = [r for r in records(run) if r.get("kind") == "step"]
    assert steps and all(r["stage"] == "grpo" for r in steps)
    assert all("reward/length/mean" in r and "reward/regex/mean" in r for r in steps)
    cfg = load_config("own_text", [f"data.path={data}"])
    with pytest.raises(TaskError, match="exact compares with an answer.*prompts alone"):
        build_task(cfg)


def test_the_preset_round_trips_and_bad_checks_name_the_field(tmp_path):
    cfg = load_config("own_text")
    saved = tmp_path / "again.yaml"
    save_config(cfg, saved)
    assert load_config(saved).task == cfg.task
    with pytest.raises(ConfigError, match=r"task.rewards\[0\] \(number\): unknown option 'tol'"):
        load_config("own_text", ["task.rewards=[{kind: number, options: {tol: 1}}]"])


def test_a_function_check_names_the_file_consent_is_asked_for():
    cfg = load_config(
        "own_text", ["task.rewards=[{kind: function, options: {function: 'my_mod:score'}}]"]
    )
    assert cfg.task.user_reward == "my_mod:score"  # what the front doors ask about


def test_the_demo_trains_without_a_file():
    cfg = load_config("own_text", TINY)
    task = build_task(cfg)
    assert task.load_report().origin and task.has_answers
    assert task.splits()["valid"][0].prompt.endswith("=")


# ---- the tokenizer fitted to the data

ANIMALS = ["cat", "dog", "horse", "rabbit", "parrot", "mouse", "goat", "sheep"]
COLOURS = ["red", "green", "yellow", "purple", "orange", "silver"]
PLACES = ["garden", "kitchen", "station", "library", "market"]


def sentences(path, n=60):
    """Made-up sentences a test can write: 'the red cat sleeps in the garden' -> the
    same words in another order."""
    lines = []
    for i in range(n):
        a, c, p = ANIMALS[i % 8], COLOURS[i % 6], PLACES[i % 5]
        lines.append(f"the {c} {a} sleeps in the {p} {i}\tin the {p} sleeps the {c} {a} {i}\n")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_a_bpe_run_trains_exports_and_completes_as_in_pytorch(tmp_path, capsys):
    from studio import api
    from studio.core.tasks.piece_tokenizer import PieceTokenizer

    run = cli_train(tmp_path, sentences(tmp_path / "s.tsv"), "task.tokenizer=bpe")
    err = capsys.readouterr().err
    # the user's choice wins over the fit's (a small file: characters), and both are said
    assert "task.tokenizer bpe: BPE" in err and "task.tokenizer: kept at bpe, you set it" in err
    assert "the fit would choose char: a small file" in err
    cfg, task, model = load_trained(run)
    assert isinstance(task.tokenizer, PieceTokenizer)
    line = "the red cat sleeps in the garden 0"
    assert len(task.tokenizer.encode(line)) < len(line) / 2  # pieces, not characters
    assert task.tokenizer.decode(task.tokenizer.encode(line, eos=True)) == line
    assert cfg.model.max_len == task.max_prompt_tokens + task.max_completion_tokens

    result = export_run(run, examples=5, seed=0)
    assert result.verification.passed and result.verification.tokenizers_agree
    runner = snippet_module("micro-gpt").MicroGPTOnnx(result.model_path.parent)
    examples = task.splits()["valid"] + task.splits()["test"]
    (torch_answers,) = [complete(load_run(run), [e.prompt for e in examples], CompletionSettings())]
    assert runner.complete([e.prompt for e in examples]) == [a[0] for a in torch_answers]
    # the export's program adds the prompt end a person leaves out, as the studio does
    bare = examples[0].prompt.removesuffix(task.prompt_end)
    assert runner.complete([bare]) == [torch_answers[0][0]]
    # the Python API reads it back and answers the same, with or without the end
    loaded = api.load_run(run)
    assert loaded.generate([bare]) == loaded.generate([examples[0].prompt]) == [torch_answers[0]]


def test_the_rule_keeps_a_misspelling_list_on_characters_and_picks_bpe_for_long_text(tmp_path):
    from studio.core.data.prompt_files import PromptItem
    from studio.core.tasks.own_text_tokens import fit_kind

    def items(texts):
        return [PromptItem(p, (a,), i) for i, (p, a) in enumerate(texts, 1)]

    words = [(f"w{i}rd{i % 7}", f"word{i % 7}x{i}") for i in range(30000)]
    choice = fit_kind(items(words), "".join(sorted({c for p in words for c in p[0] + p[1]})), "=")
    assert choice.kind == "char" and "short answers (a median of 1 word;" in choice.why
    rng = __import__("random").Random(0)
    vocab = ANIMALS + COLOURS + PLACES + ["the", "in", "sleeps", "runs", "near", "a"]
    long = [
        (" ".join(rng.choices(vocab, k=8)), " ".join(rng.choices(vocab, k=8))) for _ in range(3000)
    ]
    alphabet = "".join(sorted({c for p in long for c in p[0] + p[1]}))
    choice = fit_kind(items(long), alphabet, "=")
    assert choice.kind == "bpe" and choice.pieces is not None, choice.why
    few = fit_kind(items(long[:500]), alphabet, "=")
    assert few.kind == "char" and few.why.startswith("a small file (500 training prompts")
    han = [("一二三四五六七八九十" * 2, "十九八七六五四三二一" * 2)] * 3000
    han_alphabet = "".join(sorted(set(han[0][0])))
    assert "Han or Kana" in fit_kind(items(han), han_alphabet, "=").why


def pronunciations(n=4000, seed=0):
    """A pronunciation dictionary made up here: a word in, its sounds out."""
    rng = __import__("random").Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyz"
    sounds = dict(zip(letters, ["AA", "B", "K", "D", "EH", "F", "G", "HH", "IY", "JH"] * 3))
    words = sorted({"".join(rng.choices(letters, k=rng.randint(5, 10))) for _ in range(n)})
    return [(w, " ".join(sounds[c] + str(rng.randint(0, 2)) for c in w)) for w in words]


def test_one_word_prompts_are_read_letter_by_letter_beside_answers_of_bpe_pieces():
    """BPE on one-word prompts would read most words as one or two pieces and hide their
    letters: the fit spells the prompts and gives the answers (the sounds, several words)
    BPE pieces of one vocabulary; a sentence in and one word out is the reverse; prompts of
    longer text beside such answers take BPE on both sides."""
    from studio.core.data.prompt_files import PromptItem
    from studio.core.tasks.own_text_tokens import fit_kind

    said = pronunciations()
    items = [PromptItem(w, (s,), i) for i, (w, s) in enumerate(said, 1)]
    alphabet = "".join(sorted({c for w, s in said for c in w + s}))
    choice = fit_kind(items, alphabet, "=")
    assert choice.kind == "bpe" and choice.pieces.spelled == "prompts", choice.why
    assert "the prompts letter by letter: short prompts (a median of 1 word;" in choice.why
    tok, (word, sounds) = choice.pieces, said[0]
    assert len(tok.encode(word + "=")) == len(word) + 2  # "▁", its letters, the end
    assert tok.decode(tok.encode(word + "=")) == word + "="
    assert len(tok.encode(sounds, bos=False)) < len(sounds) / 2  # the answer in pieces
    assert tok.decode(tok.encode(sounds, bos=False, eos=True)) == sounds
    reverse = fit_kind([PromptItem(s, (w,), i) for i, (w, s) in enumerate(said, 1)], alphabet, "=")
    assert reverse.kind == "bpe" and reverse.pieces.spelled == "answers", reverse.why
    assert len(reverse.pieces.encode(word, bos=False)) == len(word) + 1
    # the same answers after prompts of several words: BPE reads both
    long = [PromptItem(f"say the word {w} aloud", (s,), i) for i, (w, s) in enumerate(said, 1)]
    both = fit_kind(long, alphabet + "saytheordlu", "=")
    assert both.kind == "bpe" and both.pieces.spelled == "", both.why
    # both sides short: characters throughout, one vocabulary of letters
    short = [PromptItem(w, (w[::-1],), i) for i, (w, _) in enumerate(said, 1)]
    assert fit_kind(short, alphabet, "=").kind == "char"


def test_spelled_prompts_train_save_and_export_as_the_studio_reads_them(tmp_path, capsys):
    """The pronunciation file through the command line: the load report says which side is
    spelled, the run reads back with it, and the export's own program (numpy and
    onnxruntime alone) spells a prompt as the studio does and answers the same."""
    from studio.core.tasks.piece_tokenizer import PieceTokenizer

    data = tmp_path / "sounds.tsv"
    data.write_text("".join(f"{w}\t{s}\n" for w, s in pronunciations()), encoding="utf-8")
    run = cli_train(tmp_path, data, "stages.warmup.steps=2", "stages.grpo.steps=1")
    err = capsys.readouterr().err
    assert "task.tokenizer bpe: BPE" in err and "the prompts letter by letter" in err, err
    _, task, _ = load_trained(run)
    assert isinstance(task.tokenizer, PieceTokenizer) and task.tokenizer.spelled == "prompts"
    example = task.splits()["valid"][0]
    assert len(task.tokenizer.encode(example.prompt)) == len(example.prompt) + 1
    result = export_run(run, examples=5, seed=0)
    assert result.verification.passed and result.verification.tokenizers_agree
    runner = snippet_module("micro-gpt").MicroGPTOnnx(result.model_path.parent)
    assert runner.tokenizer.encode(example.prompt) == task.tokenizer.encode(example.prompt)
    prompts = [e.prompt for e in task.splits()["valid"][:5]]
    (answers,) = [complete(load_run(run), prompts, CompletionSettings())]
    assert runner.complete(prompts) == [a[0] for a in answers]
    # the user's task.tokenizer bpe wins: pieces on both sides, the fit's choice said
    both = build_task(load_config("own_text", [f"data.path={data}", "task.tokenizer=bpe"]))
    assert both.tokenizer.spelled == ""
    assert len(both.tokenizer.encode(example.prompt)) < len(example.prompt)
    assert "on prompts and answers alike" in " ".join(both.load_report().fitted)


def test_a_saved_tokenizer_keeps_its_spelled_side_and_a_damaged_one_is_named():
    from studio.core.tasks.piece_tokenizer import PieceTokenizer

    texts = ["the red cat sleeps", "in the garden the dog runs"] * 20
    tok = PieceTokenizer.train(
        texts, vocab_size=60, alphabet="abcdefghijklmnopqrstuvwxyz ", spelled="answers"
    )
    again = PieceTokenizer.from_dict(tok.to_dict())
    assert again.spelled == "answers"
    assert again.encode("the cat", bos=False) == tok.encode("the cat", bos=False)
    assert len(again.encode("the cat", bos=False)) == 8 > len(again.encode("the cat"))
    with pytest.raises(TaskError, match="spelled 'both' is not one of '', 'prompts', 'answers'"):
        PieceTokenizer.from_dict({**tok.to_dict(), "spelled": "both"})


def test_a_users_file_gets_a_time_budget_its_warm_up_fills_and_the_user_set_one_wins(tmp_path):
    """A file of 1,200 made-up prompts: the warm-up is no longer capped at the demo's 10
    passes but fills the time budget (its steps only a cap), patience still ends it, and
    the demo's stop_at does not; a budget or patience the user set is kept."""
    from studio.core.tasks.own_text import FILE_PATIENCE, FILE_TIME_BUDGET, FILE_WARMUP_PASSES

    data = misspellings(tmp_path / "words.txt", n=1200)
    tiny = [s for s in TINY if not s.startswith("stages.warmup.steps")]  # the fit's to choose
    cfg = load_config("own_text", [*tiny, f"data.path={data}"])
    task = build_task(cfg)
    report = task.load_report()
    report.apply_settings(cfg)
    assert cfg.run.time_budget == FILE_TIME_BUDGET
    warmup = cfg.stages.warmup
    assert warmup.fills_budget and warmup.stop_at is None and warmup.patience == FILE_PATIENCE
    n_train = task.level_size(0)
    assert warmup.steps == max(300, -(-FILE_WARMUP_PASSES * n_train // 8))  # batch 8, as set
    assert "run.time_budget 20 min" in report.text()
    # what the user set wins over the fit, and the report says so
    mine = load_config(
        "own_text",
        [*tiny, f"data.path={data}", "run.time_budget=5 min", "stages.warmup.patience=9"],
    )
    task = build_task(mine)
    task.load_report().apply_settings(mine)
    assert mine.run.time_budget == "5 min" and mine.stages.warmup.patience == 9
    assert "run.time_budget" in "\n".join(task.load_report().kept_as_set)
    # the built-in demo keeps its cap in passes and its stop_at, with no budget
    demo = load_config("own_text", TINY)
    build_task(demo).load_report().apply_settings(demo)
    assert demo.run.time_budget == ""
