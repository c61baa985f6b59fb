"""ONNX export: each preset's tiny model exported, checked, and run without torch.

Runs are made by the real trainer (1-2 steps) so the export reads real run folders and
checkpoints. onnxruntime is compared with PyTorch by the export itself and, here, once
more by independent means (the task's own greedy decoding or translate()).
"""

import ast
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import onnx
import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.data.text_tokenizers import train_tokenizer
from studio.core.export import parity as parity_module
from studio.core.export import verify as verify_module
from studio.core.export.convert import ConversionError, ExportError, to_onnx
from studio.core.export.graphs import graphs_for
from studio.core.export.metadata import read_metadata
from studio.core.export.parity import parity
from studio.core.export.pipeline import export_run
from studio.core.export.snippets import SNIPPET_NAME, snippet_module
from studio.core.export.snippets.tiny_transformer import make_tokenizer
from studio.core.export.verify import TOLERANCE
from studio.core.files import RunError
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_trained
from studio.core.tasks.text import pad_rows
from studio.core.training.loop.control import TrainerControl
from studio.core.training.loop.trainer import Trainer
from tests.helpers import ARITHMETIC_LEN, COMMON, GRID_WORLD, MICRO_GPT_2, make_run

MICRO_GPT = [*MICRO_GPT_2, ARITHMETIC_LEN, "stages.warmup.steps=0", "stages.grpo.steps=1"]
TINY_TRANSFORMER = [
    "model.d_model=32",
    "model.n_heads=2",
    "model.n_encoder_layers=1",
    "model.n_decoder_layers=2",
    "model.d_ff=64",
    "model.max_len=20",
    "task.demo_size=150",
    "task.vocab_size=200",
    "data.valid_fraction=0.3",
    "stages.warmup.steps=1",
    "stages.warmup.batch_size=4",
    "stages.grpo.steps=1",
    "grpo.max_new_tokens=6",
]


@pytest.fixture(scope="module")
def gpt_run(tmp_path_factory) -> Path:
    return make_run(tmp_path_factory.mktemp("gpt"), "micro_gpt", MICRO_GPT, spread=0.3)


@pytest.fixture(scope="module")
def gpt_export(gpt_run):
    return export_run(gpt_run, quantize=True, seed=0)


@pytest.fixture(scope="module")
def tt_run(tmp_path_factory) -> Path:
    return make_run(tmp_path_factory.mktemp("tt"), "tiny_transformer", TINY_TRANSFORMER, spread=0.3)


@pytest.fixture(scope="module")
def tt_export(tt_run):
    return export_run(tt_run, seed=0)


@pytest.fixture(scope="module")
def grid_run(tmp_path_factory) -> Path:
    return make_run(tmp_path_factory.mktemp("grid"), None, GRID_WORLD)


@pytest.fixture(scope="module")
def grid_export(grid_run):
    return export_run(grid_run, seed=0)


def files_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


# ---- each preset exports, passes its checks, and runs in onnxruntime like PyTorch


def test_micro_gpt_export_writes_checked_graphs_and_says_where(gpt_run, gpt_export):
    res = gpt_export
    assert res.folder == gpt_run / "exports"
    assert files_in(res.folder) == [
        "README.md",
        SNIPPET_NAME,
        "micro_gpt.int8.onnx",
        "micro_gpt.onnx",
        "micro_gpt_step.int8.onnx",
        "micro_gpt_step.onnx",
    ]
    assert res.model_path == res.folder / "micro_gpt.onnx"
    assert str(res.model_path) in res.summary
    assert res.checkpoint == latest_checkpoint(gpt_run)
    for name in ("micro_gpt.onnx", "micro_gpt_step.onnx"):
        proto = onnx.load(str(res.folder / name))
        onnx.checker.check_model(proto, full_check=True)
        assert proto.opset_import[0].version >= 17
    v = res.verification
    assert v.passed and v.max_abs_diff <= TOLERANCE
    # two batch sizes and two lengths, for both graphs, and a step graph fed its own cache
    assert set(v.cases) == {
        "logits B=1 T=3",
        "logits B=3 T=12",
        "step B=1 past=1 new=2",
        "step B=3 past=6 new=6",
    }
    assert v.examples == v.greedy_matches == 50
    assert v.tokenizers_agree


def test_micro_gpt_onnx_greedy_equals_pytorch_token_for_token(gpt_run, gpt_export):
    cfg, task, model = load_trained(gpt_run)
    runner = snippet_module("micro-gpt").MicroGPTOnnx(gpt_export.folder)
    examples = task.splits()["valid"][:50]
    rows = [task.tokenizer.encode(e.prompt) for e in examples]
    ids, mask = pad_rows(rows, task.tokenizer.pad_id, left=True)
    out = model.generate(
        ids,
        mask,
        num_samples=1,
        max_new_tokens=task.max_completion_tokens,
        eos_id=task.tokenizer.eos_id,
        greedy=True,
    )
    expected = [task.tokenizer.decode(r) for r in out.tokens.tolist()]
    assert runner.complete([e.prompt for e in examples]) == expected
    assert len(set(expected)) > 3  # the comparison is not one answer repeated


def test_tiny_transformer_exports_encoder_and_cached_decoder_that_translate_like_pytorch(
    tt_run, tt_export
):
    from studio.core.tasks.translation.decoding import translate

    assert files_in(tt_export.folder) == [
        "README.md",
        SNIPPET_NAME,
        "tiny_transformer_decoder_step.onnx",
        "tiny_transformer_encoder.onnx",
    ]
    v = tt_export.verification
    assert v.passed and v.greedy_matches == v.examples == 45  # 30% of 150 pairs held out
    assert {c.split()[0] for c in v.cases} == {"encoder", "decoder_step"}
    cfg, task, model = load_trained(tt_run)
    sentences = [s for s, _ in task.splits["valid"]]
    runner = snippet_module("tiny-transformer").TranslatorOnnx(tt_export.folder)
    expected = translate(model, task, sentences)  # the task's greedy translation
    assert runner.translate(sentences) == expected
    assert len(set(expected)) > 1


def test_lite_resnet_greedy_actions_equal_on_held_out_grids(grid_run, grid_export):
    assert files_in(grid_export.folder) == [
        "README.md",
        SNIPPET_NAME,
        "lite_resnet.onnx",
        "lite_resnet_samples.npz",
    ]
    v = grid_export.verification
    assert v.passed and v.examples == v.greedy_matches == 50
    assert v.metric == "success" and v.onnx_metric == v.torch_metric
    cfg, task, model = load_trained(grid_run)
    policy = snippet_module("lite-resnet").PolicyOnnx(grid_export.folder)
    samples = np.load(grid_export.folder / "lite_resnet_samples.npz")
    obs = samples["observations"]
    assert obs.dtype == np.uint8 and obs.shape == (8, 3, 16, 16)
    with torch.no_grad():
        expected = model(torch.from_numpy(obs)).argmax(-1).numpy()
    np.testing.assert_array_equal(policy.act(obs), expected)


def test_shapes_classifier_exports_with_its_class_names(tmp_path):
    pytest.importorskip("studio.core.tasks.shapes")
    run = make_run(
        tmp_path,
        None,
        [
            "model.arch=lite-resnet",
            "task.name=shapes",
            "model.channels=8",
            "model.stages=[2, 2, 1]",
            "model.stem_stride=2",
            "model.head=avg",
            "task.image_size=16",
            "task.demo_size=40",
            "task.demo_eval_size=60",
            "stages.warmup.steps=0",
            "stages.grpo.steps=1",
        ],
    )
    res = export_run(run, examples=60)
    assert res.verification.passed and res.verification.examples == 60
    meta = read_metadata(res.model_path)
    cfg, task, model = load_trained(run)
    assert meta["task"]["action_names"] == task.class_names
    images = task.splits["valid"].images
    with torch.no_grad():
        expected = model(images).argmax(-1).numpy()
    policy = snippet_module("lite-resnet").PolicyOnnx(res.folder)
    np.testing.assert_array_equal(policy.act(images.numpy()), expected)


# ---- self-contained: metadata, README, and the example program without torch


def test_metadata_carries_config_tokenizers_and_graph_names(tt_run, tt_export):
    cfg, task, _ = load_trained(tt_run)
    names = {"encoder": "tiny_transformer_encoder.onnx"}
    names["decoder_step"] = "tiny_transformer_decoder_step.onnx"
    for graph, name in names.items():
        meta = read_metadata(tt_export.folder / name)
        assert meta["graph"] == graph and meta["files"] == names
        assert meta["arch"] == "tiny-transformer"
        assert meta["model"]["n_decoder_layers"] == 2 and meta["model"]["d_model"] == 32
        assert meta["task"]["source_tokenizer"] == task.source_tok.to_dict()
        assert meta["task"]["target_tokenizer"] == task.target_tok.to_dict()
        assert meta["run"] == {
            "name": tt_run.name,
            "checkpoint": tt_export.checkpoint.name,
            "step": tt_export.step,
        }
    readme = (tt_export.folder / "README.md").read_text(encoding="utf-8")
    assert "tiny_transformer_decoder_step.onnx" in readme and "45/45" in readme


def test_the_bpe_of_the_example_program_matches_hugging_face_tokenizers():
    corpus = [
        "The cat sat on the mat.",
        "Dogs don't like cats, do they?",
        "We will wait for seven clever teachers next year.",
        "Her brother washes a shirt!",
    ] * 3
    hf = train_tokenizer(corpus, kind="bpe", vocab_size=80)
    ours = make_tokenizer(hf.to_dict())
    tricky = [
        *corpus[:4],
        "",
        " ",
        "  two  spaces ",
        "unseen zebra §",
        "(brackets) and «quotes» … done",
        "tabs\tand\nnewlines",
    ]
    for text in tricky:
        ids = hf.encode(text)
        assert ours.encode(text) == ids, text
        assert ours.decode(ids) == hf.decode(ids), text


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module.split(".")[0])
    return found


RUN_ALONE = """
import runpy, sys
sys.argv = sys.argv[1:]
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
except SystemExit as stop:
    assert not stop.code, stop.code
heavy = sorted(m for m in ("torch", "studio", "onnx", "tokenizers") if m in sys.modules)
assert not heavy, heavy
"""


def run_alone(snippet: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-c", RUN_ALONE, str(snippet), *args],
        capture_output=True,
        text=True,
        cwd=snippet.parent,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("which", ["gpt_export", "tt_export", "grid_export"])
def test_example_program_runs_with_onnxruntime_and_numpy_only(which, request):
    res = request.getfixturevalue(which)
    snippet = res.folder / SNIPPET_NAME
    stdlib = set(sys.stdlib_module_names)
    assert imports_of(snippet) - stdlib <= {"numpy", "onnxruntime", "__future__"}
    lines = run_alone(snippet).splitlines()
    assert len(lines) >= 5 and all(" -> " in ln or ln.startswith("sample ") for ln in lines)


def test_example_program_completes_a_prompt_as_pytorch_does(gpt_run, gpt_export):
    cfg, task, model = load_trained(gpt_run)
    ids, mask = pad_rows([task.tokenizer.encode("12+34=")], task.tokenizer.pad_id, left=True)
    tok, most = task.tokenizer, task.max_completion_tokens
    out = model.generate(
        ids, mask, num_samples=1, max_new_tokens=most, eos_id=tok.eos_id, greedy=True
    )
    answer = task.tokenizer.decode(out.tokens[0].tolist())
    stdout = run_alone(gpt_export.folder / SNIPPET_NAME, "12+34=")
    assert stdout.strip() == f"12+34= -> {answer}"
    assert run_alone(gpt_export.folder / SNIPPET_NAME, "--int8", "12+34=").startswith("12+34= ->")


# ---- int8


def test_int8_files_are_smaller_and_the_metric_change_is_measured(gpt_export):
    q = gpt_export.quantization
    assert q is not None and q.metric == "accuracy" and q.examples == 50
    folder = gpt_export.folder
    for fp32, int8 in (
        ("micro_gpt.onnx", "micro_gpt.int8.onnx"),
        ("micro_gpt_step.onnx", "micro_gpt_step.int8.onnx"),
    ):
        assert (folder / int8).stat().st_size < (folder / fp32).stat().st_size
        onnx.checker.check_model(str(folder / int8), full_check=True)
    assert q.int8_bytes < q.fp32_bytes
    assert q.fp32_metric == gpt_export.verification.onnx_metric
    assert q.change == pytest.approx(q.int8_metric - q.fp32_metric)
    assert 0.0 <= q.agreement <= 1.0
    # the figure is measured, not assumed: the int8 runner's own greedy outputs
    runner = snippet_module("micro-gpt").MicroGPTOnnx(folder, int8=True)
    cfg, task, _ = load_trained(gpt_export.checkpoint.parents[1])
    examples = task.splits()["valid"][:50]
    answers = runner.complete([e.prompt for e in examples])
    right = np.mean([a == e.reference for a, e in zip(answers, examples)])
    assert q.int8_metric == pytest.approx(right)
    assert "int8" in (folder / "README.md").read_text(encoding="utf-8")


# ---- failures leave nothing behind and say what to do


def test_an_output_path_under_a_regular_file_is_refused_clearly(gpt_run, tmp_path):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    with pytest.raises(RunError, match="cannot write the export to .*choose a folder"):
        export_run(gpt_run, blocker / "exports")
    with pytest.raises(RunError, match="it is a file"):
        export_run(gpt_run, blocker)
    assert blocker.read_text() == "not a folder"
    with pytest.raises(RunError, match="a folder of files .* give a folder, e.g. .*model$"):
        export_run(gpt_run, tmp_path / "model.onnx")
    assert files_in(tmp_path) == ["a_file"]


def test_a_full_disk_leaves_no_partial_file(gpt_run, tmp_path, monkeypatch):
    real_fsync = os.fsync
    calls = []

    def fsync(fd):
        calls.append(fd)
        if len(calls) == 2:  # the second file: the first one is already on disk
            raise OSError(28, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr("studio.core.export.pipeline.os.fsync", fsync)
    with pytest.raises(RunError, match="No space left on device; free some disk space"):
        export_run(gpt_run, tmp_path / "out")
    assert files_in(tmp_path / "out") == []


def test_a_failed_check_writes_nothing(gpt_run, tmp_path, monkeypatch):
    real = verify_module.parity

    def drifted(arch, model, folder, seed=None):
        return [(case, diff + 1e-3) for case, diff in real(arch, model, folder, seed)]

    monkeypatch.setattr(verify_module, "parity", drifted)
    with pytest.raises(ExportError, match="do not match the PyTorch model.*nothing was written"):
        export_run(gpt_run, tmp_path / "out")
    assert files_in(tmp_path / "out") == []


def test_a_graph_onnxruntime_cannot_run_is_an_export_error(gpt_run, tmp_path, monkeypatch):
    def broken(self, arch, folder):
        raise verify_module.ORT_ERRORS[0]("[ONNXRuntimeError] : 1 : FAIL : bad graph")

    monkeypatch.setattr(parity_module.GraphSessions, "__init__", broken)
    with pytest.raises(ExportError, match="onnxruntime cannot run the exported graphs.*bad graph"):
        export_run(gpt_run, tmp_path / "out")
    assert files_in(tmp_path / "out") == []


def test_staging_left_by_a_killed_export_is_cleared_but_a_live_one_is_not(gpt_run, tmp_path):
    out = tmp_path / "out"  # staging folders sit beside it; no owner in these names: by age
    killed, running = tmp_path / ".out.export-killed", tmp_path / ".out.export-running"
    killed.mkdir()
    (killed / "micro_gpt.onnx").write_bytes(b"half")
    day_ago = time.time() - 86400
    os.utime(killed, (day_ago, day_ago))
    running.mkdir()
    export_run(gpt_run, out, examples=5)
    assert not killed.exists() and running.exists()


def test_parity_detects_weights_that_differ_from_the_exported_ones(gpt_run, gpt_export):
    cfg, task, model = load_trained(gpt_run)
    assert max(d for _, d in parity("micro-gpt", model, gpt_export.folder, seed=1)) <= TOLERANCE
    with torch.no_grad():
        model.blocks[0].mlp.fc.bias.add_(0.01)
    assert max(d for _, d in parity("micro-gpt", model, gpt_export.folder, seed=1)) > TOLERANCE


def test_a_run_without_a_checkpoint_says_to_train_first(tmp_path):
    trainer = Trainer(load_config("micro_gpt", [*COMMON, *MICRO_GPT]), save_dir=tmp_path)
    with pytest.raises(RunError, match="has no checkpoint yet; train"):
        export_run(trainer.start())  # the run folder, before any step


def test_unknown_exporter_is_named():
    from studio.core.models.lite_resnet import LiteResNet, LiteResNetConfig

    model = LiteResNet(LiteResNetConfig(channels=4, image_size=8), 3, 4)
    with pytest.raises(ValueError, match="exporter must be one of auto, dynamo, torchscript"):
        to_onnx(graphs_for("lite-resnet", model)[0], "tracing")
    assert issubclass(ConversionError, ExportError) and issubclass(ExportError, RunError)


# ---- while a run trains


def test_export_reads_checkpoints_of_a_run_that_is_still_training(tmp_path):
    control = TrainerControl()

    def pause_after_two(record):
        if record.get("kind") == "step" and record.get("step") == 2:
            control.pause()

    cfg = load_config(
        "micro_gpt",
        [*COMMON, *MICRO_GPT, "stages.grpo.steps=6", "run.checkpoint_every=1"],
    )
    trainer = Trainer(cfg, save_dir=tmp_path, control=control, listeners=[pause_after_two])
    outcome = {}
    thread = threading.Thread(target=lambda: outcome.update(trainer.run()))
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not (control.paused and latest_checkpoint(trainer.run_dir)):
            assert time.monotonic() < deadline, "the run never paused"
            time.sleep(0.01)
        res = export_run(trainer.run_dir, examples=10)
        assert res.verification.passed and res.step in (1, 2)
    finally:
        control.resume()
        thread.join(timeout=30)
    assert outcome["reason"] == "finished" and outcome["step"] == 6


def test_a_checkpoint_pruned_before_it_is_read_is_replaced_by_the_newer_one(
    gpt_run, tmp_path, monkeypatch
):
    real = latest_checkpoint(gpt_run)
    answers = [[real.with_name("step_0000000.pt")], [real]]  # the first was pruned meanwhile

    monkeypatch.setattr(
        "studio.core.runs.checkpoints._newest_first", lambda run_dir: answers.pop(0)
    )
    res = export_run(gpt_run, tmp_path / "out", examples=5)
    assert res.checkpoint == real and answers == [] and res.notes == []


# ---- the dynamo exporter gives graphs that pass the same checks


@pytest.mark.slow
def test_dynamo_exporter_passes_the_same_checks(grid_run, tmp_path):
    res = export_run(grid_run, tmp_path / "dynamo", exporter="dynamo", examples=10)
    assert res.verification.passed
    assert set(res.verification.cases) == {"policy B=1", "policy B=5"}
