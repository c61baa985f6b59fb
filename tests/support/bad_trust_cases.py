"""The bad inputs of tests/test_bad_inputs.py made by someone else to exhaust or escape:
YAML that expands or nests without end, sizes no machine has, exports whose metadata or
graph was altered, and run folders that link outside themselves or hold special files.
Case and the shared setups are bad_input_cases.py's; EXPORTED_RUN is a tiny translation
run with its ONNX export (test_bad_inputs.make_places)."""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

from tests.support.bad_input_cases import TRAIN, Case, files, run_file, train_set

# ---- YAML that would exhaust memory or the stack once loaded


def alias_bomb(key: str = "name") -> str:
    """Nine levels of ten aliases each: 10^9 strings once expanded, a few hundred bytes
    as written."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]")
    lines.append(f"{key}: *a8")
    return "\n".join(lines) + "\n"


def nested(depth: int) -> str:
    """A mapping `depth` levels deep, one key a level, in flow style (a few KB)."""
    return "model: " + "{k: " * depth + "1" + "}" * depth + "\n"


BOMB_EXPECT = ("aliases", "never writes such a file")

YAML_FILES = [
    Case(
        "a preset whose value is a YAML alias bomb",
        (*TRAIN, "--config", "{DATA}/bomb.yaml"),
        ("{DATA}/bomb.yaml", *BOMB_EXPECT),
        setup=files({"bomb.yaml": alias_bomb()}),
    ),
    Case(
        "a lesson whose text is a YAML alias bomb",
        (*TRAIN, "--config", "{DATA}/lesson.yaml"),
        ("{DATA}/lesson.yaml", *BOMB_EXPECT),
        setup=files({"lesson.yaml": alias_bomb("lesson")}),
    ),
    Case(
        "a preset nested 5000 deep",
        (*TRAIN, "--config", "{DATA}/deep.yaml"),
        ("{DATA}/deep.yaml", "nest"),
        setup=files({"deep.yaml": "model: " + "[" * 5000 + "]" * 5000 + "\n"}),
    ),
    Case(
        "config.yaml a YAML alias bomb",
        ("eval", "{RUN}"),
        ("{RUN}/config.yaml", *BOMB_EXPECT),
        copy="TEXT_RUN",
        setup=run_file("config.yaml", alias_bomb()),
    ),
    Case(
        "config.yaml a mapping nested 3000 deep",
        ("eval", "{RUN}"),
        ("{RUN}/config.yaml", "nest"),
        copy="TEXT_RUN",
        setup=run_file("config.yaml", nested(3000)),
    ),
]

# ---- sizes no machine has: refused before any model or batch is made


def huge_model(run: Path, data: Path) -> None:
    """RUN/config.yaml edited to d_model 65536 and 64 layers: terabytes of weights, more
    than any machine the tests run on has (a tiny run's one layer would be 64 GB)."""
    config = run / "config.yaml"
    text = config.read_text(encoding="utf-8")
    text = re.sub(r"d_model: \d+", "d_model: 65536", text)
    config.write_text(re.sub(r"n_layers: \d+", "n_layers: 64", text), encoding="utf-8")


SIZES = [
    Case(
        "--set model.d_model=65536",
        train_set("micro_gpt", "model.d_model=65536"),
        ("model.d_model 65536: makes a model of", "more than this machine's", "smaller model"),
        needs_no_gpu=True,
    ),
    Case(
        "--set grpo.num_generations=100000",
        train_set("micro_gpt", "grpo.num_generations=100000"),
        ("grpo.num_generations 100000", "more than this machine's", "lower grpo.num_generations"),
        needs_no_gpu=True,
    ),
    Case(
        "config.yaml of a shared run edited to d_model 65536 and 64 layers, resume",
        ("train", "--resume", "{RUN}"),
        ("model.d_model 65536: makes a model of", "more than this machine's"),
        copy="STOPPED_RUN",
        setup=huge_model,
        needs_no_gpu=True,
    ),
    Case(
        "config.yaml of a shared run edited to d_model 65536 and 64 layers, eval",
        ("eval", "{RUN}"),
        ("model.d_model 65536", "more than this machine's"),
        copy="TEXT_RUN",
        setup=huge_model,
        needs_no_gpu=True,
    ),
]

# ---- exports whose metadata or graph was altered (translate --onnx reads them)

STEP_GRAPH = "tiny_transformer_decoder_step.onnx"


def altered_metadata(field: str, value: object) -> Callable[[Path, Path], None]:
    """RUN's decoder step graph with the metadata field `field` ("model.n_heads") set."""

    def setup(run: Path, data: Path) -> None:
        import onnx

        path = run / "exports" / STEP_GRAPH
        model = onnx.load(str(path))
        prop = next(p for p in model.metadata_props if p.key == "grpo_studio")
        meta = json.loads(prop.value)
        *parents, last = field.split(".")
        place = meta
        for key in parents:
            place = place[key]
        place[last] = value
        prop.value = json.dumps(meta)
        onnx.save(model, str(path))

    return setup


def huge_constant(run: Path, data: Path) -> None:
    """RUN's decoder step graph with one more output: a 4096^3 float tensor (256 GB)
    made from a constant shape, as a crafted file could ask at its first run."""
    import onnx
    from onnx import TensorProto, helper

    path = run / "exports" / STEP_GRAPH
    model = onnx.load(str(path))
    shape = helper.make_tensor("huge_shape", TensorProto.INT64, [3], [4096] * 3)
    zero = helper.make_tensor("zero", TensorProto.FLOAT, [1], [0.0])
    model.graph.initializer.append(shape)
    model.graph.node.append(
        helper.make_node("ConstantOfShape", ["huge_shape"], ["huge"], "fill", value=zero)
    )
    model.graph.output.append(helper.make_tensor_value_info("huge", TensorProto.FLOAT, None))
    onnx.save(model, str(path))


def export_case(what: str, setup: Callable[[Path, Path], None], *expect: str) -> Case:
    return Case(
        what,
        ("translate", "{RUN}", "--onnx", "x"),
        (f"{{RUN}}/exports/{STEP_GRAPH}", *expect, "the export was altered"),
        copy="EXPORTED_RUN",
        setup=setup,
    )


EXPORTS = [
    export_case(
        "an export whose metadata says max_len 1e12",
        altered_metadata("model.max_len", 10**12),
        "model.max_len is 1000000000000",
    ),
    export_case(
        "an export whose metadata says n_heads 0",
        altered_metadata("model.n_heads", 0),
        "model.n_heads is 0",
    ),
    export_case(
        "an export whose tokenizer field is a string",
        altered_metadata("task.source_tokenizer", "model"),
        "task.source_tokenizer is a string, not an object",
    ),
    export_case(
        "an export whose BPE merges are damaged",
        altered_metadata("task.target_tokenizer.bpe.model.merges", [["a"], 7]),
        "task.target_tokenizer.bpe.model.merges",
    ),
    export_case(
        "an export whose BPE vocabulary skips ids",
        altered_metadata("task.target_tokenizer.bpe.model.vocab", {"a": 0, "b": 900}),
        "task.target_tokenizer.bpe.model.vocab",
    ),
    export_case(
        "an export whose graph builds a 256 GB constant",
        huge_constant,
        "its ConstantOfShape node 'fill' makes a tensor of 256.0 GB",
    ),
]

# ---- run folders that reach outside themselves or hold special files


def linked_checkpoints(run: Path, data: Path) -> None:
    """RUN/checkpoints a link to DATA/elsewhere, a folder of the user's that holds the
    checkpoints and a file of its own (what keep-N pruning would have deleted)."""
    elsewhere = data / "elsewhere"
    shutil.move(run / "checkpoints", elsewhere)
    (elsewhere / "step_0000000.pt").write_text("the user's own file")
    (run / "checkpoints").symlink_to(elsewhere, target_is_directory=True)


def fifo_metrics(run: Path, data: Path) -> None:
    (run / "metrics.jsonl").unlink()
    os.mkfifo(run / "metrics.jsonl")


def interrupted_prune(run: Path, data: Path) -> None:
    """RUN as a prune leaves it when killed before its checkpoint: config, task state
    and the mark naming the run it prunes, no checkpoint."""
    from studio.core.runs.folder import PRUNING_FILE

    shutil.rmtree(run / "checkpoints")
    (run / "metrics.jsonl").unlink(missing_ok=True)
    (run / PRUNING_FILE).write_text(f"{data / 'original-run'}\n", encoding="utf-8")


LINK_EXPECT = ("{RUN}/checkpoints: is a link to {DATA}/elsewhere, outside {RUN}", "a copy")

RUN_FOLDERS = [
    Case(
        "checkpoints/ a link to another folder, resume",
        ("train", "--resume", "{RUN}", "--steps", "2"),
        LINK_EXPECT,
        copy="STOPPED_RUN",
        setup=linked_checkpoints,
    ),
    Case(
        "checkpoints/ a link to another folder, eval",
        ("eval", "{RUN}"),
        LINK_EXPECT,
        copy="TEXT_RUN",
        setup=linked_checkpoints,
    ),
    Case(
        "metrics.jsonl a named pipe, resume",
        ("train", "--resume", "{RUN}", "--steps", "2"),
        ("{RUN}/metrics.jsonl: is a named pipe (FIFO), not a file", "delete it"),
        copy="STOPPED_RUN",
        setup=fifo_metrics,
    ),
    Case(
        "a prune killed before its first checkpoint",
        ("eval", "{RUN}"),
        ("the prune that was writing this folder", "was interrupted", "prune again"),
        copy="TEXT_RUN",
        setup=interrupted_prune,
    ),
]

# ---- data files larger than memory, nested past the stack, or not files


def sparse_file(name: str, size: int) -> Callable[[Path, Path], None]:
    """DATA/<name>, `size` bytes of which none is on the disk (a sparse file)."""

    def setup(run: Path, data: Path) -> None:
        with open(data / name, "wb") as f:
            f.truncate(size)

    return setup


def fifo_data(run: Path, data: Path) -> None:
    os.mkfifo(data / "pairs.tsv")


def data_case(what: str, name: str, setup: Callable[[Path, Path], None], *expect: str) -> Case:
    return Case(
        what,
        (*TRAIN, "--config", "tiny_transformer", "--data_path", "{DATA}/" + name),
        (f"{{DATA}}/{name}", *expect),
        setup=setup,
    )


DATA_FILES = [
    data_case(
        "a 64 GB TSV (sparse: nothing on the disk)",
        "huge.tsv",
        sparse_file("huge.tsv", 64 * 1024**3),
        "is 64.0 GB, which takes about 512.0 GB once read",
        "keep a part of it",
    ),
    data_case(
        "a JSON array nested 100000 deep",
        "deep.json",
        files({"deep.json": "[" * 100_000 + "]" * 100_000 + "\n"}),
        "bad JSON",
    ),
    data_case(
        "a data file that is a named pipe",
        "pairs.tsv",
        fifo_data,
        "named pipe",
    ),
]

# ---- reward patterns that would take exponential time: refused when the preset is read
# (a slow pattern the tries miss is stopped while scoring: tests/core/tasks/test_reward_checks.py)

SLOW_PATTERN_FIX = ("takes over 0.05 s on a text of", "backtracks without end", "as a+")
PATTERNS = [
    Case(
        "a handed-over own-text preset whose format check backtracks without end",
        (*TRAIN, "--config", "{DATA}/slow.yaml"),
        ("task.rewards[1] (format): option pattern '(a|aa)+$'", *SLOW_PATTERN_FIX),
        setup=files(
            {
                "slow.yaml": "task:\n  name: own_text\n  rewards:\n    - {kind: exact}\n"
                "    - {kind: format, weight: 0.5, options: {pattern: '(a|aa)+$'}}\n"
            }
        ),
    ),
    Case(
        "an own-text regex check given on the command line that backtracks cubically",
        # braces doubled: every argument is formatted with the case's folders
        train_set("own_text", "task.rewards=[{{kind: regex, options: {{pattern: '(a+)+$'}}}}]"),
        ("task.rewards[0] (regex): option pattern '(a+)+$'", *SLOW_PATTERN_FIX),
    ),
]

NESTED = "((a{1000}){1000}){1000}"  # 10^9 copies once compiled: 23 GB before it was killed
SHOWN = NESTED.replace("{", "{{").replace("}", "}}")  # as a case's expected text, formatted
TOO_MANY = ("repeats its parts 1,000,000,000 times", "it was not compiled", "Lower the counts")
PATTERNS += [
    Case(
        "a preset whose regex check nests repetition counts",
        (*TRAIN, "--config", "{DATA}/nested.yaml"),
        (f"task.rewards[0] (regex): option pattern '{SHOWN}'", *TOO_MANY),
        setup=files(
            {
                "nested.yaml": "task:\n  name: own_text\n  rewards:\n"
                f"    - {{kind: regex, options: {{pattern: '{NESTED}'}}}}\n"
            }
        ),
    ),
    Case(
        "a run's config.yaml whose regex check nests repetition counts, for eval",
        ("eval", "{RUN}"),
        (f"task.rewards[0] (regex): option pattern '{SHOWN}'", *TOO_MANY),
        copy="TEXT_RUN",
        setup=run_file(
            "config.yaml",
            f"task:\n  name: own_text\n  rewards:\n    - {{kind: regex, options: {{pattern: "
            f"'{NESTED}'}}}}\n",
        ),
    ),
    Case(
        "a regex check of nested counts given on the command line",
        train_set(
            "own_text", "task.rewards=[{{kind: regex, options: {{pattern: '(a{{99999}}){{99}}'}}}}]"
        ),
        ("task.rewards[0] (regex): option pattern '(a{{99999}}){{99}}'", "it was not compiled"),
    ),
    Case(
        "a regex check of punctuation alone that backtracks without end",
        train_set("own_text", "task.rewards=[{{kind: regex, options: {{pattern: '(-|-)+$'}}}}]"),
        ("task.rewards[0] (regex): option pattern '(-|-)+$'", *SLOW_PATTERN_FIX),
    ),
]

CASES = [*YAML_FILES, *SIZES, *EXPORTS, *RUN_FOLDERS, *DATA_FILES, *PATTERNS]
