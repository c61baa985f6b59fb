"""The examples in examples/ run with tiny settings: each script in a subprocess as a user
starts it, the notebook through a Jupyter kernel (nbclient), as Jupyter runs it."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run_example(name: str, *args: str, cwd: Path, tiny: bool = True) -> str:
    size = ["--tiny"] if tiny else []
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *size, "--runs", str(cwd / "runs"), *args],
        capture_output=True,
        text=True,
        timeout=280,
        cwd=cwd,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def only_run(cwd: Path) -> Path:
    (run,) = (cwd / "runs").iterdir()
    return run


@pytest.mark.slow
def test_simple_text_generation_trains_and_completes_prompts(tmp_path):
    out = run_example("simple_text_generation.py", cwd=tmp_path)
    assert "finished at step 5" in out
    assert re.search(r"held-out accuracy: [\d.]+% when GRPO started, [\d.]+% after GRPO", out)
    assert [line.split("=")[0] for line in out.splitlines() if "=" in line] == [
        "12+34",
        "7+8",
        "45+45",
    ]
    assert list((only_run(tmp_path) / "checkpoints").glob("step_*.pt"))


@pytest.mark.slow
def test_the_first_example_as_a_newcomer_runs_it_shows_grpo_raising_the_accuracy(tmp_path):
    # the full example, not --tiny: it must show learning (its time is measured in
    # benchmarks/RESULTS.md, not here: the machines are shared)
    out = run_example("simple_text_generation.py", cwd=tmp_path, tiny=False)
    found = re.search(r"held-out accuracy: ([\d.]+)% when GRPO started, ([\d.]+)% after GRPO", out)
    assert found, out[-2000:]
    before, after = float(found.group(1)), float(found.group(2))
    assert before >= 30.0  # the warm-up stopped at its stop_at, GRPO learned the rest
    assert after >= before + 5.0, out[-2000:]


@pytest.mark.slow
def test_the_translation_example_reads_a_tatoeba_export_trains_exports_and_translates(tmp_path):
    pairs = realistic_pairs(60, seed=1)
    path = write_tatoeba_file(tmp_path / "zh-en.tsv", pairs)
    out = run_example("translate_my_pairs.py", str(path), cwd=tmp_path)
    # the columns found by script, the English first column read as the target
    assert "source zh (Chinese): column 1" in out and "target en (English): column 0" in out
    assert "finished at step 4" in out
    assert re.search(r"checked: \d+/\d+ held-out outputs equal", out)
    translated = [line.split("  ->  ")[0] for line in out.splitlines() if "  ->  " in line]
    assert len(translated) == 3 and set(translated) <= {zh for zh, _ in pairs}
    assert list((only_run(tmp_path) / "exports").glob("*.onnx"))


@pytest.mark.slow
def test_the_own_text_example_writes_its_file_trains_on_it_evaluates_and_completes(tmp_path):
    out = run_example("own_text_file.py", cwd=tmp_path)
    written = (tmp_path / "runs" / "clock_times.txt").read_text(encoding="utf-8").splitlines()
    assert "quarter to seven pm -> 18:45" in written and "half past four -> 04:30, 16:30" in written
    # the load report: the broken line counted with its number, the split, the fitted settings
    assert "kept 432 prompts; skipped 1 with an empty answer (line 8)" in out
    assert "144 prompts have several acceptable answers" in out
    assert re.search(r"split: train \d+, valid \d+, test \d+", out)
    assert "grpo.max_new_tokens 6: the longest answer, 5 characters" in out
    assert "finished at step 5" in out
    assert re.search(r"test split: exact answers [\d.]+%, chrF [\d.]+", out)
    assert re.search(r"held-out exact answers: [\d.]+% when GRPO started, [\d.]+% after GRPO", out)
    completed = [line.split("  ->  ")[0] for line in out.splitlines() if "  ->  " in line]
    assert completed == [line.split(" -> ")[0] for line in written[-3:]]
    (run,) = [d for d in (tmp_path / "runs").iterdir() if d.is_dir()]  # the file beside it
    assert list((run / "checkpoints").glob("step_*.pt"))


@pytest.mark.slow
def test_the_own_text_example_takes_a_json_lines_file_of_your_own(tmp_path):
    rows = [{"question": f"{n} doubled", "answer": str(2 * n)} for n in range(40)]
    path = tmp_path / "doubles.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = run_example("own_text_file.py", "--file", str(path), cwd=tmp_path)
    assert "40 prompts read from" in out and "as json" in out
    assert "finished at step 5" in out
    completed = [line.split("  ->  ")[0] for line in out.splitlines() if "  ->  " in line]
    assert completed == ["37 doubled", "38 doubled", "39 doubled"]


@pytest.mark.slow
def test_the_grid_world_example_trains_plays_and_saves_a_gif(tmp_path):
    out = run_example("grid_world.py", "--gif", str(tmp_path / "episode.gif"), cwd=tmp_path)
    assert "finished at step 3" in out
    assert len(re.findall(r"^grid \d: .* after \d+ moves \(shortest \d+\)$", out, re.M)) == 3
    assert (tmp_path / "episode.gif").read_bytes()[:6] == b"GIF89a"


@pytest.mark.slow
def test_the_notebook_trains_plots_and_exports_in_a_jupyter_kernel(tmp_path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("GRPO_STUDIO_TINY", "1")  # the kernel inherits it
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    notebook = nbformat.read(EXAMPLES / "notebook.ipynb", as_version=4)
    nbclient.NotebookClient(
        notebook, timeout=240, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    ).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "finished at step 5" in text and "checked:" in text
    assert "12+34=" in text
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) == 2  # the accuracy curve and the gradient flow
    assert (tmp_path / "grad_flow.png").stat().st_size > 0
