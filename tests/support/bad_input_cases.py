"""The bad inputs of tests/test_bad_inputs.py given before any run exists: command lines,
config fields of each section, preset and data files of each format (the run folders'
cases are in bad_run_cases.py). Each case names what its one-line message must
hold (the field or file, and words of the fix); `{NAME}` in a command line or an expected
part is one of the folders test_bad_inputs.py makes (TEXT_RUN, RUN, DATA...)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

Setup = Callable[[Path, Path], None]  # (RUN, DATA)


@dataclass(frozen=True)
class Case:
    what: str  # the input, as the table's first column says it
    argv: tuple[str, ...]
    expect: tuple[str, ...]  # parts of the error line
    copy: str | None = None  # "TEXT_RUN" or "STOPPED_RUN": copied to RUN first
    setup: Setup | None = None
    subprocess: bool = False
    needs_no_gpu: bool = False

    @property
    def id(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.what.lower()).strip("-")[:60]


def snapshot(roots: list[Path]) -> dict[str, tuple[int, int]]:
    """Every file under `roots` with its size and modification time."""
    return {
        str(p): (p.stat().st_size, p.stat().st_mtime_ns)
        for root in roots
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


# ---- what the setups write


def files(named: dict[str, str | bytes]) -> Setup:
    """DATA/<name> (a path in DATA) with its content, for each entry."""

    def setup(run: Path, data: Path) -> None:
        for name, content in named.items():
            path = data / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")

    return setup


def run_file(name: str, content: str) -> Setup:
    """RUN/<name> replaced by `content`."""

    def setup(run: Path, data: Path) -> None:
        (run / name).write_text(content, encoding="utf-8")

    return setup


def pairs_jsonl(n: int, every_other_without_target: bool) -> str:
    lines = []
    for i in range(n):
        row = {"source": f"我喜欢猫{i}。", "target": f"I like cat {i}."}
        if every_other_without_target and i % 2:
            del row["target"]
        lines.append(json.dumps(row, ensure_ascii=False))
    return "\n".join(lines) + "\n"


def empty_classes(run: Path, data: Path) -> None:
    for name in ("cat", "dog"):
        (data / name).mkdir()


PYTHON_TAG = '!!python/object/apply:os.system ["touch {data}/PWNED"]'


def python_tag_preset(run: Path, data: Path) -> None:
    (data / "preset.yaml").write_text(f"name: {PYTHON_TAG.format(data=data)}\n")


# ---- the cases

TRAIN = ("train", "--save_dir", "{SAVE}", "--steps", "1")


def train_set(preset: str, *settings: str) -> tuple[str, ...]:
    return (*TRAIN, "--config", preset, *[a for s in settings for a in ("--set", s)])


def field(setting: str, *expect: str, preset: str = "micro_gpt") -> Case:
    """A config value given with --set, refused naming its field."""
    return Case(f"--set {setting}", train_set(preset, setting), expect)


def experiment(setting: str, *expect: str) -> Case:
    """A ui.experiment given with --set: its braces are YAML's, not the argv's {NAME}s."""
    escaped = setting.replace("{", "{{").replace("}", "}}")
    return Case(f"--set {setting}", train_set("micro_gpt", escaped), expect)


def data_file(preset: str, what: str, name: str, content: str | bytes, *expect: str) -> Case:
    return Case(
        what,
        (*TRAIN, "--config", preset, "--data_path", "{DATA}/" + name),
        expect,
        setup=files({name: content}),
    )


def text_file(what: str, content: str, *expect: str, more: tuple[str, ...] = ()) -> Case:
    """DATA/text.txt given as a translation run's one-language text (task.text_path)."""
    settings = ("task.text_path={DATA}/text.txt", *more)
    return Case(
        what, train_set("tiny_transformer", *settings), expect, setup=files({"text.txt": content})
    )


def images(what: str, expect: tuple[str, ...], named: dict[str, bytes]) -> Case:
    """A shapes run on DATA/pics holding `named` (paths in it)."""
    return Case(
        what,
        (*TRAIN, "--config", "shapes", "--data_path", "{DATA}/pics"),
        expect,
        setup=files({f"pics/{k}": v for k, v in named.items()}),
    )


COMMAND_LINE = [
    Case(
        "an unknown command",
        ("frobnicate",),
        ("invalid choice: 'frobnicate'", "--help"),
        subprocess=True,
    ),
    Case(
        "eval without its run folder", ("eval",), ("required: run_dir", "grpo-studio eval --help")
    ),
    Case(
        "--steps not a number", ("train", "--steps", "abc"), ("--steps: invalid int value: 'abc'",)
    ),
    Case(
        "--device not a device", ("train", "--device", "gpu"), ("--device: invalid choice: 'gpu'",)
    ),
    Case("--amp not a precision", ("train", "--amp", "fp8"), ("--amp: invalid choice: 'fp8'",)),
    Case(
        "eval --split train",
        ("eval", "{TEXT_RUN}", "--split", "train"),
        ("--split: invalid choice",),
    ),
    Case("generate without a prompt", ("generate", "{TEXT_RUN}"), ("required: prompts",)),
    Case(
        "translate --file with --interactive",
        ("translate", "{TRANSLATION_RUN}", "--file", "x", "--interactive"),
        ("--interactive: not allowed with argument --file",),
    ),
    Case(
        "train with neither --config nor --resume",
        ("train",),
        ("train needs --config PRESET", "grpo-studio presets"),
    ),
    Case(
        "--estimate with --resume",
        ("train", "--resume", "{RUN}", "--estimate"),
        ("--estimate goes with --config PRESET",),
    ),
    Case(
        "--steps 0",
        (*TRAIN[:3], "--config", "micro_gpt", "--steps", "0"),
        ("--steps: must be a positive number", "got 0"),
        subprocess=True,
    ),
    Case(
        "--steps -5",
        (*TRAIN[:3], "--config", "micro_gpt", "--steps", "-5"),
        ("--steps: must be a positive number", "got -5"),
    ),
    Case(
        "--config with --resume",
        ("train", "--config", "micro_gpt", "--resume", "{STOPPED_RUN}"),
        ("--config and --resume together", "drop --config"),
    ),
    Case(
        "--checkpoint without --resume",
        (*TRAIN, "--config", "micro_gpt", "--checkpoint", "3"),
        ("--checkpoint goes with --resume",),
    ),
    Case(
        "--config naming no preset",
        (*TRAIN, "--config", "nosuch"),
        ("nosuch: no such file or shipped preset", "micro_gpt"),
    ),
    Case(
        "--set without =", train_set("micro_gpt", "foo"), ("--set foo: expected section.key=value",)
    ),
    Case(
        "--allow-code of a missing file",
        (*TRAIN, "--config", "micro_gpt", "--allow-code", "{DATA}/nosuch.py"),
        ("{DATA}/nosuch.py: no such file",),
    ),
    Case(
        "--allow-code the run does not need",
        (*TRAIN, "--config", "micro_gpt", "--allow-code", "{DATA}/rewards.py"),
        ("--allow-code {DATA}/rewards.py: this run names no code", "drop the option"),
        setup=files({"rewards.py": "def score(rollout):\n    return []\n"}),
    ),
    Case(
        "--save_dir naming a file",
        ("train", "--save_dir", "{DATA}/file.txt", "--steps", "1", "--config", "micro_gpt"),
        ("cannot create a run folder in {DATA}/file.txt", "--save_dir"),
        setup=files({"file.txt": "x"}),
    ),
    Case(
        "--device cuda without a GPU",
        (*TRAIN, "--config", "micro_gpt", "--device", "cuda"),
        ("training.device: cuda", "--device cpu"),
        needs_no_gpu=True,
    ),
    Case(
        "--amp fp16 on the CPU",
        (*TRAIN, "--config", "micro_gpt", "--amp", "fp16", "--device", "cpu"),
        ("training.amp: fp16 needs a CUDA GPU", "bf16"),
    ),
    Case(
        "--data_path for a task that reads no data",
        (*TRAIN, "--config", "micro_gpt", "--data_path", "{DATA}"),
        ("data.path (--data_path)", "reads no data file"),
    ),
]

CONFIG_FIELDS = [
    field("model.nope=1", "model.nope: unknown key", "d_model"),
    field("nosection.x=1", "nosection: unknown key", "grpo"),
    field("model.arch=nope", "model.arch: must be one of", "micro-gpt"),
    field("task.name=nope", "task.name: must be one of", "arithmetic"),
    field("model.d_model=30", "model.n_heads", "model.d_model (30)"),
    field("model.max_len=0", "model.max_len: must be a positive integer"),
    field("model.dropout=1.5", "model.dropout: must be at most"),
    field("training.seed=-1", "training.seed: must be at least 0"),
    field("training.seed=4294967296", "training.seed: must be at most 4294967295"),
    field("data.split_seed=99999999999", "data.split_seed: must be at most 4294967295"),
    field("training.device=tpu", "training.device: must be one of"),
    field("training.grad_norm_clip=-1", "training.grad_norm_clip: must be at least 0"),
    field("training.adam_beta2=1.0", "training.adam_beta2"),
    field("training.weight_decay=nan", "training.weight_decay: must be a finite number"),
    field("training.adam_betas=[0.9,1.0]", "training.adam_betas: unknown key", "adam_beta1"),
    field(
        "training.init_from={DATA}/missing.pt",
        "training.init_from: the warm start",
        "missing.pt is missing",
        "give the path of a warm start file",
        preset="quick_translation",
    ),
    field(
        "training.init_from=/dev/zero",
        "training.init_from: /dev/zero is not a plain file (a device or a pipe)",
        preset="quick_translation",
    ),
    field(
        "training.init_from={DATA}",
        "is a folder; give the path of a warm start file in it",
        preset="quick_translation",
    ),
    field(
        "run.time_budget=0.0000001s",
        'run.time_budget: "0.0000001s" is less than the least budget, 30 s',
        "leave it empty for no budget",
    ),
    experiment(
        "ui.experiment=[{label: a, settings: {grpo.num_generations: 2}}, "
        "{label: b, settings: {grpo.num_generations: 100000}}]",
        "ui.experiment[1] (b): grpo.num_generations 100000",
        "lower grpo.num_generations",
    ),
    field("grpo.top_p=0", "grpo.top_p: must be a positive number"),
    field("grpo.top_k=-1", "grpo.top_k: must be at least 0"),
    field("grpo.temperature=nan", "grpo.temperature: must be a finite number"),
    field("grpo.num_generations=1", "grpo.num_generations: must be at least 2"),
    field("grpo.loss_type=xx", "grpo.loss_type: must be one of"),
    field("grpo.scale_rewards=maybe", "grpo.scale_rewards: must be one of"),
    field("grpo.beta=-0.1", "grpo.beta: must be at least 0"),
    field("grpo.epsilon_low=2", "grpo.epsilon_low: must be at most"),
    field("grpo.num_iterations=0", "grpo.num_iterations: must be a positive integer"),
    field("grpo.max_new_tokens=100000", "grpo.max_new_tokens: 100000 is more than model.max_len"),
    field("grpo.advantage_eps=0", "grpo.advantage_eps: 0 divides", "scale_rewards"),
    field("stages.warmup.lr=-1", "stages.warmup.lr: must be a positive number"),
    field("stages.grpo.batch_size=abc", 'stages.grpo.batch_size: must be an integer, got "abc"'),
    Case(
        "--set stages.warmup.steps=0 and stages.grpo.steps=0",
        train_set("micro_gpt", "stages.warmup.steps=0", "stages.grpo.steps=0"),
        ("stages.warmup.steps and stages.grpo.steps: both are 0",),
    ),
    field("data.valid_fraction=1.5", "data.valid_fraction: must be at most 0.5"),
    Case(
        "--set data.valid_fraction=0.5 and data.test_fraction=0.5",
        train_set("micro_gpt", "data.valid_fraction=0.5", "data.test_fraction=0.5"),
        ("data.valid_fraction and data.test_fraction", "lower one of them"),
    ),
    field("eval.every=-1", "eval.every: must be at least 0"),
    field("eval.decoding=beam", "eval.decoding: the arithmetic task decodes with greedy"),
    field("run.checkpoint_every=-3", "run.checkpoint_every: must be at least 0"),
    field("run.time_budget=soon", 'run.time_budget: "soon" is not a duration', "30 min"),
    field("run.time_budget=0", 'run.time_budget: "0" is no time at all', "1h30m"),
    field("run.time_budget=1 30", 'run.time_budget: "1 30" is not a duration', "90s"),
    Case(
        "--time_budget -5min",
        (*TRAIN, "--config", "micro_gpt", "--time_budget=-5min"),
        ('run.time_budget: "-5min" is not a duration', "30 min"),
    ),
    field("ui.hidden=[nope]", "ui.hidden[0]: 'nope' names no section or field"),
    experiment(
        "ui.experiment=[{label: G=2, settings: {grpo.num_generations: 2}}]",
        "ui.experiment: an experiment compares at least 2 variants",
        "add another variant",
    ),
    experiment(
        "ui.experiment=[{label: a, settings: {grpo.beta: 0}}, {label: b, settings: {grpo.beta: 1}},"
        " {label: c, settings: {grpo.beta: 2}}, {label: d, settings: {grpo.beta: 3}},"
        " {label: e, settings: {grpo.beta: 4}}]",
        "ui.experiment: at most 4 variants",
        "remove 1",
    ),
    experiment(
        "ui.experiment=[{label: a, settings: {}}, {label: big, settings: {model.n_layers: 4}}]",
        "ui.experiment[1] (big): model.n_layers cannot differ between variants",
        "grpo.* or stages.grpo.*",
    ),
    experiment(
        "ui.experiment=[{label: a, settings: {}}, {label: b, settings: {grpo.num_generatons: 4}}]",
        "ui.experiment[1] (b): grpo.num_generatons: unknown setting",
    ),
    experiment(
        "ui.experiment=[{label: a, settings: {}}, {label: a, settings: {grpo.beta: 1}}]",
        "ui.experiment[1].label: 'a' names two variants",
    ),
    field("curriculum.window=0", "curriculum.window: must be a positive integer"),
    field("task.vocab_size=3", "task.vocab_size: must be at least 16", preset="tiny_transformer"),
    field("task.size=99", "task.size", preset="lite_resnet"),
    field(
        "task.walls=[[3,3]]",
        "task.walls: [3, 3] is the start cell",
        "pick another cell",
        preset="quick_grid_world",
    ),
    field(
        "task.walls=[[1,4]]",
        "task.walls: these walls leave no way from the start to the goal",
        "remove one of them",
        preset="quick_grid_world",
    ),
    field("task.classes=[circle]", "task.classes", preset="shapes"),
    field("sparsity.target=0.99", "sparsity.target: must be at most 0.95"),
    Case(
        "--set sparsity.start_step past the run",
        train_set("micro_gpt", "sparsity.target=0.5", "sparsity.start_step=100000"),
        ("sparsity.start_step: 100000 comes after the run's last planned step", "start earlier"),
    ),
    Case(
        "--set task.monolingual_path (the former name) and task.text_path, two files",
        train_set("tiny_transformer", "task.monolingual_path=a.txt", "task.text_path=b.txt"),
        ("task.monolingual_path is the former name of task.text_path", "keep task.text_path alone"),
    ),
]

PRESET_FILES = [
    Case(
        "an empty preset file",
        (*TRAIN, "--config", "{DATA}/empty.yaml"),
        ("{DATA}/empty.yaml: the file holds no settings",),
        setup=files({"empty.yaml": ""}),
    ),
    Case(
        "a preset that is not YAML",
        (*TRAIN, "--config", "{DATA}/broken.yaml"),
        ("{DATA}/broken.yaml: not valid YAML at line 1", "fix the file's syntax"),
        setup=files({"broken.yaml": ": : [\n"}),
    ),
    Case(
        "a preset with a Python tag that would run a command",
        (*TRAIN, "--config", "{DATA}/preset.yaml"),
        ("{DATA}/preset.yaml: not valid YAML", "python/object/apply:os.system"),
        setup=python_tag_preset,
        subprocess=True,
    ),
    Case(
        "a preset that is a list",
        (*TRAIN, "--config", "{DATA}/list.yaml"),
        ("{DATA}/list.yaml: the file must hold a mapping", "not a list"),
        setup=files({"list.yaml": "- model\n- task\n"}),
    ),
]

DATA_FILES = [
    data_file(
        "tiny_transformer",
        "JSONL: half the lines without target",
        "half.jsonl",
        pairs_jsonl(200, True),
        "100 of 200 lines (50%) could not be used",
        "data.max_unusable",
    ),
    data_file(
        "tiny_transformer",
        "an empty TSV",
        "empty.tsv",
        "",
        "{DATA}/empty.tsv: no usable sentence pair",
        "the file is empty",
    ),
    data_file(
        "tiny_transformer",
        "a spreadsheet",
        "pairs.xlsx",
        b"PK\x03\x04",
        'unsupported file type ".xlsx"',
        ".tsv/.csv/.jsonl",
    ),
    data_file(
        "tiny_transformer",
        "a TSV of one column",
        "one.tsv",
        "".join(f"only one {i}\n" for i in range(50)),
        "skipped 50 with a wrong column count",
        "task.source_column",
    ),
    data_file(
        "tiny_transformer",
        "a Latin-1 TSV",
        "latin1.tsv",
        "caf\xe9\tcafe\n".encode("latin-1") * 50,
        "skipped 50 undecodable",
        "save it as UTF-8",
        "looks like Latin-1 (Windows-1252) text, not UTF-8",
    ),
    data_file(
        "tiny_transformer",
        "a GBK TSV",
        "gbk.tsv",
        "".join(f"我喜欢猫{i}。\tI like cat {i}.\n" for i in range(50)).encode("gbk"),
        "skipped 50 undecodable",
        "the file looks like GBK or Big5 (Chinese) text, not UTF-8: re-save it as UTF-8",
    ),
    data_file(
        "tiny_transformer",
        "a UTF-16 TSV without a byte-order mark",
        "utf16.tsv",
        "".join(f"我喜欢猫{i}。\tI like cat {i}.\n" for i in range(50)).encode("utf-16-le"),
        "{DATA}/utf16.tsv: looks like UTF-16LE text without a byte-order mark, not UTF-8",
        "re-save it as UTF-8",
    ),
    data_file(
        "tiny_transformer",
        "a TSV line over the line limit",
        "long.tsv",
        "x" * 200_000 + "\ty\n",
        "skipped 1 over 131,072 characters, too long for a line (line 1)",
        "the limit is 131,072 characters a line",
    ),
    data_file(
        "tiny_transformer",
        "two TSVs joined, a byte-order mark between",
        "joined.tsv",
        b"".join(
            b"\xef\xbb\xbf" + "".join(f"only one {i}\n" for i in range(k, k + 25)).encode()
            for k in (0, 25)
        ),
        "skipped 50 with a wrong column count",
        "removed 1 byte-order mark inside joined.tsv (line 26): files joined together?",
    ),
    data_file(
        "tiny_transformer",
        "a JSONL of bad JSON",
        "bad.jsonl",
        "{not json\n" * 50,
        "skipped 50 bad JSON",
        "one JSON object",
    ),
    data_file(
        "tiny_transformer",
        "a JSON file that is not a list of pairs",
        "pairs.json",
        '{"a": 1}',
        "{DATA}/pairs.json",
    ),
    text_file(
        "one-language text: a pair file",
        "我们走回家。\tWe walk home.\n茶很热。\tThe tea is hot.\n",
        "{DATA}/text.txt: 2 of its 2 lines hold tab-separated columns",
        "give a pair file as data.path",
    ),
    text_file(
        "one-language text: a third language",
        "Привет, мир.\nКак дела?\n",
        "{DATA}/text.txt: none of its lines is in zh (Chinese) or en (English)",
        "give sentences in one of the pair's languages",
    ),
    text_file(
        "one-language text: an empty file",
        "",
        "{DATA}/text.txt: holds no sentence",
        "give one sentence a line",
    ),
    text_file(
        "one-language text: back-translation with no target-language sentence",
        "我们走回家。\n茶很热。\n",
        "holds no en (English) sentence to back-translate",
        "turn task.back_translation off",
        more=("task.back_translation=true",),
    ),
    text_file(
        "one-language text: source-language sentences alone for a one-way model",
        "我们走回家。\n茶很热。\n",
        "{DATA}/text.txt: the 2 zh (Chinese) sentences are not used: the round trip",
        "needs task.both_directions: true",
    ),
    Case(
        "aligned files of different lengths",
        (*TRAIN, "--config", "tiny_transformer", "--data_path", "{DATA}/train.zh"),
        ("{DATA}/train.en has 2 lines but {DATA}/train.zh has 3", "line for line"),
        setup=files({"train.zh": "我\n你\n他\n", "train.en": "I\nyou\n"}),
    ),
    Case(
        "a data path that does not exist",
        (*TRAIN, "--config", "tiny_transformer", "--data_path", "{NOWHERE}"),
        ("{NOWHERE}: no such file or folder",),
    ),
    images(
        "image folders: one class",
        ("has only one class folder (cat/)", "at least two"),
        {"cat/a.png": b"x"},
    ),
    Case(
        "image folders: an empty class",
        (*TRAIN, "--config", "shapes", "--data_path", "{DATA}"),
        ("the class folder 'cat' holds no images",),
        setup=empty_classes,
    ),
    images(
        "image folders: corrupt JPEGs",
        ("none of the 2 files in class folder 'cat' could be read as an image",),
        {"cat/1.jpg": b"notajpeg", "cat/2.jpg": b"notajpeg", "dog/1.jpg": b"notajpeg"},
    ),
    images("image folders: no class folders", ("holds no class folders",), {"a.png": b"x"}),
    Case(
        "image folders: a file instead",
        (*TRAIN, "--config", "shapes", "--data_path", "{DATA}/a.jsonl"),
        ("is a file, not a folder",),
        setup=files({"a.jsonl": "{}\n"}),
    ),
]


def shipped_preset(name: str) -> str:
    from studio.core.config.preset_files import preset_files

    return preset_files()[name].read_text(encoding="utf-8")


def changed_choice(run: Path, data: Path) -> None:
    """DATA/mine.yaml: the user's copy of micro_gpt with another architecture written in."""
    text = shipped_preset("micro_gpt").replace("arch: micro-gpt", "arch: tiny-transformer")
    (data / "mine.yaml").write_text(text, encoding="utf-8")


def run_task_renamed(run: Path, data: Path) -> None:
    """RUN/config.yaml (a Micro-GPT arithmetic run's) edited to name another task."""
    path = run / "config.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("name: arithmetic", "name: translation"), encoding="utf-8")


# Several settings change at once (another architecture for a task, another task for a
# preset): the message names the change the user made, not the first field that no
# longer fits.
CHANGED_TOGETHER = [
    field(
        "model.arch=micro-gpt",
        "model.arch: micro-gpt cannot train the translation task",
        "pick tiny-transformer or pretrained-mt or another task",
        preset="tiny_transformer",
    ),
    field(
        "model.arch=tiny-transformer",
        "model.arch: tiny-transformer cannot train the arithmetic task",
        "pick micro-gpt or pretrained-lm or another task",
    ),
    field(
        "task.name=translation",
        "task.name: micro-gpt cannot train the translation task",
        "start from the tiny_transformer preset",
    ),
    field(
        "task.name=shapes",
        "task.name: shapes has no task.size",
        "settings of gridworld",
        "start from the shapes preset",
        preset="lite_resnet",
    ),
    field(
        "task.name=strings",
        "task.name: strings has no task.operations",
        "write a preset file of your own with model: {{arch: micro-gpt}}, task: {{name: strings}}",
    ),
    Case(
        "--set model.arch and task.name together",
        train_set("micro_gpt", "model.arch=tiny-transformer", "task.name=translation"),
        (
            "model.arch and task.name: tiny-transformer and translation have no model.n_layers",
            "settings of micro-gpt and arithmetic",
            "start from the tiny_transformer preset",
        ),
    ),
    Case(
        "a preset file of the user's with another architecture",
        (*TRAIN, "--config", "{DATA}/mine.yaml"),
        ("model.arch: tiny-transformer cannot train the arithmetic task", "pick micro-gpt"),
        setup=changed_choice,
    ),
    Case(
        "config.yaml edited to another task",
        ("eval", "{RUN}"),
        (
            "task.name: micro-gpt cannot train the translation task",
            "arithmetic, strings or own_text",
        ),
        copy="TEXT_RUN",
        setup=run_task_renamed,
    ),
]

# the own-text task's file (prompts, answers), each layout broken as files break
OWN_TEXT_FILES = [
    data_file(
        "own_text",
        "own text: a TSV with the answer column missing on half the lines",
        "half.tsv",
        "".join(f"word{i}\tanswer{i}\n" if i % 2 else f"word{i}\n" for i in range(100)),
        "50 of 100 lines (50%) could not be used",
        "skipped 50 without an answer",
        "data.max_unusable",
    ),
    data_file(
        "own_text",
        "own text: a CSV whose answers are all empty",
        "empty.csv",
        "prompt,answer\n" + "".join(f"word{i},\n" for i in range(30)),
        "{DATA}/empty.csv: no usable prompt",
        "skipped 30 with an empty answer",
        "give every prompt a non-empty answer",
    ),
    data_file(
        "own_text",
        "own text: JSONL objects without a prompt key",
        "rows.jsonl",
        "".join(json.dumps({"word": f"w{i}", "answer": "a"}) + "\n" for i in range(30)),
        "skipped 30 without a prompt field",
        "give each JSON object a prompt key",
    ),
    data_file(
        "own_text",
        "own text: 'a -> b' lines with prompts longer than the model holds",
        "long.txt",
        "".join(("x" * 300 if i % 2 else f"w{i}") + f"->a{i}\n" for i in range(40)),
        "20 of 40 lines (50%) could not be used",
        "skipped 20 too long",
        "data.max_unusable",
    ),
    data_file(
        "own_text",
        "own text: 'a -> b' lines in Latin-1",
        "latin1.txt",
        "caf\xe9->cafe\n".encode("latin-1") * 40,
        "skipped 40 undecodable",
        "save it as UTF-8",
    ),
    data_file(
        "own_text",
        "own text: prompts alone with the exact-answer reward",
        "prompts.txt",
        "".join(f"Tell me about {i}\n" for i in range(30)),
        "task.rewards: exact compares with an answer",
        "use checks that need none",
    ),
    data_file(
        "own_text",
        "own text: a file of two lines",
        "two.tsv",
        "cat\tkat\ndog\tdog\n",
        "{DATA}/two.tsv: holds 2 usable prompts; a run needs at least 3",
        "add lines to the file",
    ),
    Case(
        "own text: a similarity check with beta 1e300",
        train_set("own_text", "task.rewards=[{{kind: similarity, options: {{beta: 1e300}}}}]"),
        ("task.rewards[0] (similarity): option beta must be at most 10", "from 0 to 10"),
    ),
    Case(
        "own text: a check weighted 1e308",
        train_set("own_text", "task.rewards=[{{kind: exact, weight: 1e308}}]"),
        ("task.rewards[0] (exact): weight 1e+308 is past the most", "1,000 either way"),
    ),
    Case(
        "own text: a lone check of negative weight",
        train_set("own_text", "task.rewards=[{{kind: exact, weight: -1}}]"),
        ("task.rewards: no weight is above 0 and exact -1 is below", "a positive weight"),
    ),
    Case(
        "own text: 17 reward checks, one past the most",
        train_set("own_text", "task.rewards=[" + ", ".join(["{{kind: exact}}"] * 17) + "]"),
        ("task.rewards: 17 checks, more than the 16", "keep the 16 that matter"),
    ),
    Case(
        "own text: a function check naming the standard library's os:system",
        train_set(
            "own_text", "task.rewards=[{{kind: function, options: {{function: 'os:system'}}}}]"
        ),
        ("os:system names", "not a file of your own", "your own .py file"),
    ),
    Case(
        "own text: a reward check with an unknown option",
        # braces doubled: every argument is formatted with the case's folders
        train_set("own_text", "task.rewards=[{{kind: number, options: {{tol: 1}}}}]"),
        ("task.rewards[0] (number): unknown option 'tol'", "number takes tolerance"),
    ),
]

# ---- a translator of the user's (a Marian folder, DATA/opus-mt-zh-en)


def translator(extra: dict[str, str] | None = None) -> Setup:
    """DATA/opus-mt-zh-en: a tiny random zh->en Marian; and `extra` files in DATA."""

    def setup(run: Path, data: Path) -> None:
        from tests.support.pretrained_folders import tiny_marian

        tiny_marian(data / "opus-mt-zh-en")
        files(extra or {})(run, data)

    return setup


EN_FR = "".join(f"I see {n} cats.\tJe vois {n} chats.\n" for n in range(40))
WITH_TRANSLATOR = (*TRAIN, "--model", "{DATA}/opus-mt-zh-en")
MODEL_FOLDERS = [
    Case(
        "a zh->en translator with an en-fr pair file",
        (*WITH_TRANSLATOR, "--config", "tiny_transformer", "--data_path", "{DATA}/en-fr.tsv"),
        ("opus-mt-zh-en translates zh->en: ", "{DATA}/en-fr.tsv"),
        setup=translator({"en-fr.tsv": EN_FR}),
    ),
    Case(
        "a zh->en translator asked for other languages",
        (*WITH_TRANSLATOR, "--config", "tiny_transformer", "--set", "task.target_lang=fr"),
        ("opus-mt-zh-en translates zh->en, not zh->fr",),
        setup=translator(),
    ),
    Case(
        "a translator asked to train both directions",
        (*WITH_TRANSLATOR, "--config", "tiny_transformer", "--set", "task.both_directions=true"),
        ("task.both_directions: opus-mt-zh-en translates",),
        setup=translator(),
    ),
    Case(
        "a translator given to the own-text preset",
        (*WITH_TRANSLATOR, "--config", "own_text"),
        ("is a translator", "train it with the tiny_transformer preset"),
        setup=translator(),
    ),
]


CASES = [
    *COMMAND_LINE,
    *CONFIG_FIELDS,
    *PRESET_FILES,
    *DATA_FILES,
    *CHANGED_TOGETHER,
    *OWN_TEXT_FILES,
    *MODEL_FOLDERS,
]
