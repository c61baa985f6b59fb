"""A pruned model's export: matrices stored as ONNX sparse initializers where that is
smaller, run by onnxruntime with PyTorch's outputs, and a report that says memory and
speed stay those of the dense model; and pruning a finished run into a new folder."""

import numpy as np
import onnx
import onnxruntime as ort
import pytest
import torch
from onnx import helper, numpy_helper

from studio.cli.main import main
from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.export.pipeline import export_run
from studio.core.export.sparse import store_sparse
from studio.core.models.sparsity import prunable_weights, zero_share
from studio.core.runs.checkpoints import latest_checkpoint, load_checkpoint
from studio.core.runs.loading import load_run, load_run_config
from studio.core.training.loop.trainer import Trainer
from studio.core.training.tools.prune import prune_run

RUN = [
    "model.n_layers=2",
    "model.n_heads=2",
    "model.d_model=64",
    "model.d_ff=128",
    "model.max_len=12",
    "stages.warmup.steps=2",
    "stages.warmup.batch_size=8",
    "stages.warmup.stop_at=null",
    "stages.grpo.steps=0",
    "eval.size=8",
    "eval.every=0",
    "run.checkpoint_every=0",
    "run.probe_every=0",
    "training.device=cpu",
    "training.threads=1",
]


def matmul_model(weight: np.ndarray) -> onnx.ModelProto:
    """x (B, rows) @ weight, the weight a dense initializer."""
    rows, cols = weight.shape
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["y"])],
        "matmul",
        [helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, [None, rows])],
        [helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT, [None, cols])],
        initializer=[numpy_helper.from_array(weight, "w")],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])


def pruned_matrix(share: float, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    weight = rng.normal(size=(64, 48)).astype(np.float32)
    weight.ravel()[rng.permutation(weight.size)[: round(share * weight.size)]] = 0.0
    return weight


@pytest.mark.parametrize(("share", "moved"), [(0.0, 0), (0.5, 0), (0.8, 1), (0.9, 1)])
def test_a_matrix_is_stored_sparse_only_where_that_is_smaller(share, moved):
    weight = pruned_matrix(share)
    proto = matmul_model(weight)
    dense = len(proto.SerializeToString())
    assert store_sparse(proto)[2] == moved
    assert len(proto.graph.sparse_initializer) == moved
    size = len(proto.SerializeToString())
    if moved:  # 12 bytes a non-zero against 4 an entry
        assert size < dense * (1 - share) * 3 + 1000 and size < dense
    else:
        assert size == dense
    onnx.checker.check_model(proto)
    session = ort.InferenceSession(proto.SerializeToString(), providers=["CPUExecutionProvider"])
    x = np.random.default_rng(1).normal(size=(3, 64)).astype(np.float32)
    np.testing.assert_array_equal(session.run(None, {"x": x})[0], x @ weight)


def pruned_run(root, target: float):
    """A tiny Micro-GPT run pruned to `target` at step 0, its weights then redrawn large
    and masked again (a model this young answers everything alike, and "ONNX answers like
    PyTorch" must not rest on one repeated answer)."""
    cfg = load_config(
        "micro_gpt",
        [*RUN, f"sparsity.target={target}", "sparsity.start_step=0", "sparsity.end_step=0"],
    )
    trainer = Trainer(cfg, save_dir=root)
    trainer.run()
    path = latest_checkpoint(trainer.run_dir)
    state = load_checkpoint(path)
    gen = torch.Generator().manual_seed(0)
    for name, keep in state["sparsity"]["masks"].items():
        state["model"][name] = torch.randn(keep.shape, generator=gen) * 0.3 * keep
    torch.save(state, path)
    return trainer.run_dir


def test_a_pruned_export_is_smaller_runs_in_onnxruntime_as_pytorch_and_says_it_is_as_fast(
    tmp_path,
):
    run_dir = pruned_run(tmp_path / "runs", 0.9)
    result = export_run(run_dir, tmp_path / "out", seed=0)
    sparse = result.sparsity
    assert sparse is not None and sparse.matrices >= 8  # every block matrix of the graphs
    assert sparse.stored_bytes < 0.6 * sparse.dense_bytes
    graph = onnx.load(str(result.model_path)).graph
    assert len(graph.sparse_initializer) >= 4
    # the file as written, in onnxruntime, against the model's own forward
    model = load_run(run_dir).model.eval()
    ids = torch.randint(0, model.vocab_size, (3, 7), generator=torch.Generator().manual_seed(2))
    mask = torch.ones_like(ids)
    session = ort.InferenceSession(str(result.model_path), providers=["CPUExecutionProvider"])
    (logits,) = session.run(None, {"input_ids": ids.numpy(), "attention_mask": mask.numpy()})
    with torch.no_grad():
        expected = model(ids, mask.bool())
    assert np.abs(logits - expected.numpy()).max() < 1e-4
    assert len(set(logits.argmax(-1).ravel().tolist())) > 1  # not one repeated answer
    assert result.verification.passed
    # honest about what sparse storage does not change
    for text in (result.summary, (result.folder / "README.md").read_text(encoding="utf-8")):
        assert "sparse initializers" in text and "memory and speed are those of the dense" in text


def test_an_export_at_half_sparsity_stays_dense_and_says_why(tmp_path):
    result = export_run(pruned_run(tmp_path / "runs", 0.5), tmp_path / "out", seed=0)
    assert result.sparsity is not None and result.sparsity.matrices == 0
    assert result.sparsity.stored_bytes == result.sparsity.dense_bytes
    assert "too few for sparse storage to be smaller" in result.summary
    assert not onnx.load(str(result.model_path)).graph.sparse_initializer


@pytest.fixture(scope="module")
def dense_run(tmp_path_factory):
    trainer = Trainer(load_config("micro_gpt", RUN), save_dir=tmp_path_factory.mktemp("dense"))
    trainer.run()
    return trainer.run_dir


def test_an_unpruned_export_says_nothing_of_sparsity(dense_run, tmp_path):
    result = export_run(dense_run, tmp_path / "out", seed=0)
    assert result.sparsity is None and "sparsity" not in result.summary


def test_pruning_a_run_writes_a_new_folder_and_fine_tuning_keeps_the_zeros(dense_run, tmp_path):
    original = latest_checkpoint(dense_run)
    before = original.read_bytes()

    result = prune_run(dense_run, 0.7, save_dir=tmp_path)
    assert result.run_dir.parent == tmp_path
    assert original.read_bytes() == before  # the original run is untouched
    model = load_run(result.run_dir).model
    zeros, total = zero_share(model)
    assert zeros == sum(round(0.7 * w.numel()) for w in prunable_weights(model).values())
    assert result.sparsity == zeros / total
    cfg = load_run_config(result.run_dir)
    assert cfg.sparsity.target == 0.7 and cfg.stages.warmup.steps == 2  # as trained
    assert result.finetuned is None and "pruned" in result.summary()

    tuned = prune_run(dense_run, 0.7, finetune_steps=3, save_dir=tmp_path)
    model = load_run(tuned.run_dir).model
    for name, weight in prunable_weights(model).items():  # 70% of each layer, still zero
        assert int((weight == 0).sum()) == round(0.7 * weight.numel()), name
    assert tuned.finetuned is not None and "fine-tuned" in tuned.summary()
    cfg = load_run_config(tuned.run_dir)
    assert (cfg.stages.warmup.steps, cfg.stages.grpo.steps) == (3, 0)  # one stage of 3


@pytest.mark.parametrize(
    ("target", "steps", "named"),
    [(0.0, 0, "--sparsity"), (1.2, 0, "--sparsity"), (0.5, -1, "--finetune-steps")],
)
def test_bad_prune_arguments_are_refused_before_anything_is_read(tmp_path, target, steps, named):
    with pytest.raises(ConfigError, match=named):
        prune_run(tmp_path / "no-such-run", target, finetune_steps=steps)


def test_the_prune_command_prunes_into_a_new_folder_and_reports_errors_in_one_line(
    dense_run, tmp_path, capsys
):
    argv = ["prune", str(dense_run), "--sparsity", "0.5", "--save_dir", str(tmp_path)]
    assert main([*argv, "--quiet"]) == 0
    out = capsys.readouterr().out
    (made,) = tmp_path.iterdir()
    assert out.startswith("Pruned 50% of the weights into") and str(made) in out
    assert load_run_config(made).sparsity.target == 0.5
    assert main(["prune", str(tmp_path / "missing"), "--sparsity", "0.5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("grpo-studio: error:") and "Traceback" not in err
    assert main(["prune", str(dense_run), "--sparsity", "1.5"]) == 2
    assert "--sparsity: 1.5" in capsys.readouterr().err
