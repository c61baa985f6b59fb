"""Every kind of file a user can be handed (preset, lesson, run config.yaml, checkpoint,
export, data file, the run folder itself), in its hostile variants, given to the command
line in a process held to 1 GB of memory: each is refused within 5 seconds in one clear
line, and none is killed.

The commands run in tests/support/bounded_child.py: one process imports torch and the studio,
then runs each command in a fork of itself whose address space (RLIMIT_AS) is limited to
1 GB above what it had mapped (why that limit, and not a flat 1 GB or RLIMIT_DATA, is
written there). Linux only: the limit and the forks are.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.support.bad_trust_cases import (
    alias_bomb,
    altered_metadata,
    fifo_metrics,
    huge_constant,
    huge_model,
    linked_checkpoints,
    nested,
)

CHILD = Path(__file__).parent / "support" / "bounded_child.py"
SECONDS = 5.0
PROG_ERROR = "grpo-studio: error: "

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and fork"),
]


def zip_bomb(run: Path) -> None:
    """The run's newest checkpoint with one more record: 1.5 GB of zeros that the zip
    holds in about 1.5 MB (what a crafted checkpoint would say it unpacks to)."""
    from studio.core.runs.checkpoints import latest_checkpoint

    path = latest_checkpoint(run)
    with zipfile.ZipFile(path, "a", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        prefix = z.namelist()[0].split("/")[0]
        chunk = bytes(64 * 1024**2)
        with z.open(f"{prefix}/data/bomb", "w", force_zip64=True) as f:
            for _ in range(24):
                f.write(chunk)


def fifo_checkpoint(run: Path) -> None:
    from studio.core.runs.checkpoints import latest_checkpoint

    path = latest_checkpoint(run)
    path.unlink()
    os.mkfifo(path)


def sparse(path: Path, size: int) -> Path:
    with open(path, "wb") as f:
        f.truncate(size)
    return path


@pytest.fixture(scope="module")
def handed(tmp_path_factory) -> list[tuple[str, list[str], str]]:
    """(what, command line, words its refusal must hold) for each hostile file."""
    from tests.helpers import TINY_GPT, make_run, make_translation_run, stopped_run

    root = tmp_path_factory.mktemp("bounded")
    text_run = make_run(root / "text", "micro_gpt", TINY_GPT)
    stopped = stopped_run(root / "stopped", 1)
    exported = make_translation_run(root / "exported")
    data = root / "data"
    data.mkdir()
    save = root / "save"
    save.mkdir()

    def copy(run: Path, name: str) -> Path:
        target = root / name
        shutil.copytree(run, target, symlinks=True)
        return target

    def file(name: str, text: str) -> str:
        (data / name).write_text(text, encoding="utf-8")
        return str(data / name)

    def damaged(run: Path, name: str, setup) -> str:
        target = copy(run, name)
        setup(target, data)
        return str(target)

    train = ["train", "--save_dir", str(save), "--steps", "1"]
    cases = [
        ("preset: alias bomb", [*train, "--config", file("bomb.yaml", alias_bomb())], "aliases"),
        ("preset: nested 5000 deep", [*train, "--config", file("deep.yaml", nested(5000))], "nest"),
        (
            "preset: 2 GB (sparse)",
            [*train, "--config", str(sparse(data / "big.yaml", 2 * 1024**3))],
            "larger than a preset",
        ),
        (
            "lesson: alias bomb",
            [*train, "--config", file("lesson.yaml", alias_bomb("lesson"))],
            "aliases",
        ),
        (
            "--set model.d_model=65536",
            [*train, "--config", "micro_gpt", "--set", "model.d_model=65536"],
            "model.d_model 65536",
        ),
        (
            "--set grpo.num_generations=100000",
            [*train, "--config", "micro_gpt", "--set", "grpo.num_generations=100000"],
            "grpo.num_generations 100000",
        ),
        (
            "config.yaml: alias bomb",
            ["eval", damaged(text_run, "bomb-run", lambda r, d: write(r, alias_bomb()))],
            "aliases",
        ),
        (
            "config.yaml: d_model 65536, eval",
            ["eval", damaged(text_run, "huge-eval", huge_model)],
            "model.d_model 65536",
        ),
        (
            "config.yaml: d_model 65536, resume",
            ["train", "--resume", damaged(stopped, "huge-resume", huge_model)],
            "model.d_model 65536",
        ),
        (
            "checkpoint: 1.5 GB once unpacked",
            ["eval", damaged(text_run, "zip-bomb", lambda r, d: zip_bomb(r))],
            "once unpacked, more than this process can hold",
        ),
        (
            "checkpoint: a named pipe",
            ["eval", damaged(text_run, "fifo-ckpt", lambda r, d: fifo_checkpoint(r))],
            "named pipe",
        ),
        (
            "checkpoints/: a link out of the run",
            ["eval", damaged(text_run, "linked", linked_checkpoints)],
            "is a link to",
        ),
        (
            "metrics.jsonl: a named pipe, resume",
            ["train", "--resume", damaged(stopped, "fifo-metrics", fifo_metrics), "--steps", "2"],
            "named pipe",
        ),
        *[
            (
                f"export: {what}",
                ["translate", damaged(exported, f"export-{i}", setup), "--onnx", "x"],
                "the export was altered",
            )
            for i, (what, setup) in enumerate(
                [
                    ("max_len 1e12", altered_metadata("model.max_len", 10**12)),
                    ("n_heads 0", altered_metadata("model.n_heads", 0)),
                    ("tokenizer a string", altered_metadata("task.source_tokenizer", "x")),
                    (
                        "BPE merges damaged",
                        altered_metadata("task.target_tokenizer.bpe.model.merges", [["a"]]),
                    ),
                    ("a 256 GB constant", huge_constant),
                ]
            )
        ],
    ]
    data_train = [*train, "--config", "tiny_transformer", "--data_path"]
    os.mkfifo(data / "pipe.tsv")
    cases += [
        (
            "data: 64 GB TSV (sparse)",
            [*data_train, str(sparse(data / "huge.tsv", 64 * 1024**3))],
            "once read, more than",
        ),
        (
            "data: 600 MB TSV (sparse)",
            [*data_train, str(sparse(data / "big.tsv", 600 * 1024**2))],
            "left under this process's memory limit",
        ),
        (
            "data: JSON nested 100000 deep",
            [*data_train, file("deep.json", "[" * 100_000 + "]" * 100_000)],
            "bad JSON",
        ),
        ("data: a named pipe", [*data_train, str(data / "pipe.tsv")], "named pipe"),
    ]
    return cases


def write(run: Path, text: str) -> None:
    (run / "config.yaml").write_text(text, encoding="utf-8")


def test_every_hostile_file_is_refused_in_a_line_within_5_s_under_1_gb(handed, tmp_path):
    commands = tmp_path / "commands.json"
    commands.write_text(json.dumps([argv for _, argv, _ in handed]), encoding="utf-8")
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": str(Path(__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, str(CHILD), str(commands)],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    head, *results = [json.loads(line) for line in done.stdout.splitlines()]
    assert head["limit"] == 1024**3 and len(results) == len(handed)
    problems = []
    for (what, _, expect), result in zip(handed, results, strict=True):
        err = result["err"]
        lines = err.strip().splitlines()
        errors = [line for line in lines if line.startswith(PROG_ERROR)]
        ok = (
            result["signal"] is None
            and result["code"] == 2
            and len(errors) == 1
            and lines[-1] == errors[0]
            and "Traceback" not in err
            and "MemoryError" not in err
            and expect in errors[0]
            and result["seconds"] < SECONDS
        )
        if not ok:
            problems.append(f"{what}: {result}")
    slowest = max(results, key=lambda r: r["seconds"])
    print(f"imports mapped {head['baseline'] / 2**30:.2f} GB; slowest refusal {slowest}")
    assert not problems, "\n".join(problems)
