"""One-click ONNX export of a training run: export, check, and only then call it done.

`export_run(run_dir)` reads the run's latest checkpoint file (never the live trainer, so
it works while the run trains), converts its architecture's graphs (graphs.py, convert.py),
stores the model config and the task's tokenizers or names in each file's metadata
(metadata.py), writes an example program and a README beside them, checks every graph
(onnx.checker; onnxruntime against PyTorch on random inputs and greedy decoding on
held-out examples, verify.py), optionally adds int8 copies and measures what they cost
(quantize.py), stores pruned weight matrices sparse where that makes the files smaller
and says what it does not change (sparse.py), and only then moves the files into the
output folder.

Everything is written into a hidden staging folder beside the output folder first, and the
finished folder is renamed into place once every check has passed (publish.py), so a
failed or interrupted export leaves no partial file and never a mix of two exports, and
an unwritable folder or a full disk gives a RunError that says so.

Files of an export (names fixed per preset by the snippet modules): the graphs, e.g.
micro_gpt.onnx and micro_gpt_step.onnx, their .int8.onnx copies if asked for, sample
inputs for Lite-ResNet, example_onnx.py and README.md.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import onnx
import torch
from torch import nn

from studio.core.export.adapters import Adapter, adapter_for
from studio.core.export.convert import OPSET, ExportError, to_onnx
from studio.core.export.graphs import GraphSpec, graphs_for
from studio.core.export.metadata import attach, export_metadata
from studio.core.export.publish import README_NAME, publish, staging
from studio.core.export.quantize import Quantization, compare_int8, quantize_graphs
from studio.core.export.readme import readme_text
from studio.core.export.snippets import SNIPPET_NAME, snippet_module, snippet_source
from studio.core.export.sparse import SparseStorage, sparsify_graphs
from studio.core.export.verify import ORT_ERRORS, TOLERANCE, Verification, verify_export
from studio.core.files import FILE_MODE, RunError, inside, write_error
from studio.core.messages import Message, joined, say
from studio.core.runs.checkpoints import step_of
from studio.core.runs.folder import check_run_dir, remove_leftovers
from studio.core.runs.loading import TrainedRun, load_run
from studio.core.runs.lock import lock_holder

EXPORT_DIR = "exports"  # inside the run folder, the default output folder
HELD_OUT_EXAMPLES = 50  # held-out examples decoded by both PyTorch and onnxruntime

Progress = Callable[[str, float], None]  # (what is happening, fraction done 0..1)


@dataclass
class ExportResult:
    """What an export wrote and what its checks measured."""

    folder: Path  # the output folder
    model_path: Path  # the main graph (the one to open first)
    files: list[Path]  # every file written, graphs first
    checkpoint: Path  # the checkpoint exported
    notes: list[str]  # damaged newer checkpoints passed over to read it, one line each
    step: int | None  # its global step, when its name gives it
    verification: Verification
    quantization: Quantization | None
    seconds: float
    summary: str  # one line for the user: what, where, how well it checked
    sparsity: SparseStorage | None = None  # what pruned weights changed (None: not pruned)


def _load(run_dir: Path, checkpoint: Path | None) -> TrainedRun:
    """The run with its model in eval mode, fp32, on the CPU: from `checkpoint`, else its
    newest readable checkpoint (one a training run prunes meanwhile is replaced by the
    newer one; a damaged one is passed over, and the notes say so)."""
    run = load_run(run_dir, "cpu", checkpoint=checkpoint)
    run.model = run.model.float().eval()
    return run


def _write(path: Path, data: bytes) -> None:
    try:
        with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE), "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except OSError as err:
        raise write_error(path, err, "--out") from None


def _write_graphs(
    stage: Path,
    specs: list[GraphSpec],
    meta: dict,
    files: dict[str, str],
    exporter: str,
    report: Progress,
) -> None:
    """Convert, label and check each graph, and write it into the stage."""
    for i, spec in enumerate(specs):
        report(say("Exporting the {graph} graph", graph=spec.name), 0.05 + 0.45 * i / len(specs))
        proto = to_onnx(spec, exporter)
        attach(proto, meta, spec.name, f"GRPO Studio {meta['arch']}, {spec.name} graph")
        try:
            onnx.checker.check_model(proto, full_check=True)
        except onnx.checker.ValidationError as err:
            raise ExportError(
                say(
                    "the {graph} graph fails onnx.checker ({reason}); try exporter='dynamo'",
                    graph=repr(spec.name),
                    reason=str(err),
                )
            ) from None
        _write(stage / files[spec.name], proto.SerializeToString())


def _check(
    arch: str, model: nn.Module, stage: Path, adapter: Adapter, seed: int | None
) -> tuple[Verification, list]:
    """verify_export, turned into an ExportError unless everything passed."""
    try:
        with torch.no_grad():
            verification, onnx_outputs = verify_export(arch, model, stage, adapter, seed)
    except ORT_ERRORS as err:
        raise ExportError(
            say(
                "onnxruntime cannot run the exported graphs ({error}: {reason}); nothing was "
                "written. Try exporter='dynamo' or report it",
                error=type(err).__name__,
                reason=str(err),
            )
        ) from err
    if not verification.passed:
        raise ExportError(
            say(
                "the exported graphs do not match the PyTorch model ({summary}; tokenizers "
                "agree: {agree}; limit {limit}); nothing was written. Try exporter='dynamo' or "
                "report it",
                summary=verification.summary(),
                agree=verification.tokenizers_agree,
                limit=f"{TOLERANCE:.0e}",
            )
        )
    return verification, onnx_outputs


def _quantize(
    arch: str, stage: Path, adapter: Adapter, onnx_outputs: list, int8_files: dict[str, str]
) -> Quantization:
    try:
        return compare_int8(arch, stage, adapter, onnx_outputs, int8_files)
    except ORT_ERRORS as err:
        raise ExportError(
            say(
                "onnxruntime cannot run the int8 graphs ({error}: {reason}); export without "
                "the int8 option",
                error=type(err).__name__,
                reason=str(err),
            )
        ) from err


def _summary(
    arch: str,
    written: list[Path],
    graphs: int,
    checkpoint: Path,
    step: int | None,
    verification: Verification,
    quantization: Quantization | None,
    sparse: SparseStorage | None,
) -> str:
    parts: list[str] = [
        _exported(
            arch,
            written[0],
            graphs - 1,
            say("step {step}", step=step) if step is not None else checkpoint.name,
        ),
        say(
            "checked: {matches}/{examples} held-out outputs equal, max diff {diff}",
            matches=verification.greedy_matches,
            examples=verification.examples,
            diff=f"{verification.max_abs_diff:.1e}",
        ),
    ]
    if quantization:
        change = f"{quantization.change:+.3g}"
        parts.append(say("int8 {metric} {change}", metric=quantization.metric, change=change))
    if sparse:
        parts.append(sparse.summary())
    return joined("; ", parts)


def _exported(arch: str, path: Path, more: int, which: str) -> Message:
    """'Exported micro-gpt (step 40) to .../model.onnx (+1 more graph)'."""
    if more > 1:
        return say(
            "Exported {arch} ({which}) to {path} (+{n} more graphs)",
            arch=arch,
            which=which,
            path=path,
            n=more,
        )
    if more == 1:
        return say(
            "Exported {arch} ({which}) to {path} (+{n} more graph)",
            arch=arch,
            which=which,
            path=path,
            n=more,
        )
    return say("Exported {arch} ({which}) to {path}", arch=arch, which=which, path=path)


def _output_folder(run_dir: Path, out: Path | None) -> Path:
    """The folder the export goes to: `out`, else the run's exports/ (never written
    through a link that leaves the run folder); a name ending in .onnx is refused."""
    folder = Path(out) if out is not None else inside(run_dir, run_dir / EXPORT_DIR)
    if folder.suffix == ".onnx":
        raise RunError(
            say(
                "{path}: the export is a folder of files (graphs, example_onnx.py, README.md), "
                "not one .onnx file; give a folder, e.g. {folder}",
                path=folder,
                folder=folder.with_suffix(""),
            )
        )
    return folder


@dataclass
class _Plan:
    """What an export of one run writes: its architecture's graphs of the model, their
    files' names and metadata, and the task's adapter (examples, outputs, README lines)."""

    arch: str
    model: nn.Module
    adapter: Adapter
    graphs: list[GraphSpec]
    files: dict[str, str]  # graph name -> file name
    meta: dict
    step: int | None  # the checkpoint's global step, when its name gives it


def _plan(run: TrainedRun, run_dir: Path, examples: int) -> _Plan:
    """The export of `run`, its adapter reading `examples` held-out examples."""
    cfg, model, ckpt_path = run.cfg, run.model, run.checkpoint
    arch = cfg.model.ARCH
    adapter = adapter_for(run.task, model, examples)
    graphs = graphs_for(arch, model)
    files = dict(snippet_module(arch).FILES)
    step = step_of(ckpt_path)
    meta = export_metadata(
        arch=arch,
        model_cfg=cfg.model,
        task=adapter.metadata(),
        files=files,
        run_name=run_dir.name,
        checkpoint=ckpt_path.name,
        step=step,
        opset=OPSET,
    )
    return _Plan(arch, model, adapter, graphs, files, meta, step)


@dataclass
class _Staged:
    """What the staging folder holds once every check passed."""

    names: list[str]  # its files, the main graph first
    verification: Verification
    quantization: Quantization | None
    sparse: SparseStorage | None


def _stage_export(
    stage: Path,
    plan: _Plan,
    quantize: bool,
    exporter: str,
    seed: int | None,
    report: Progress,
) -> _Staged:
    """Write the graphs, the task's extra files and the example program into `stage`;
    quantize and sparsify them; check them against PyTorch; then write the README."""
    arch, adapter = plan.arch, plan.adapter
    _write_graphs(stage, plan.graphs, plan.meta, plan.files, exporter, report)
    extra = adapter.extra_files()
    for name, data in extra.items():
        _write(stage / name, data)
    _write(stage / SNIPPET_NAME, snippet_source(arch).encode("utf-8"))
    # int8 from the dense graphs: onnxruntime's quantizer reads no sparse initializers
    int8_files: dict[str, str] = {}
    if quantize:
        report(say("Quantizing to int8 and measuring the change"), 0.5)
        int8_files = quantize_graphs(arch, stage)
    sparse = sparsify_graphs(arch, stage, _write)  # pruned weights: a smaller file

    report(say("Checking the graphs against PyTorch"), 0.55)
    verification, onnx_outputs = _check(arch, plan.model, stage, adapter, seed)
    quantization = None
    if quantize:
        quantization = _quantize(arch, stage, adapter, onnx_outputs, int8_files)

    readme = readme_text(
        plan.meta, plan.graphs, adapter, list(extra), verification, quantization, sparse
    )
    _write(stage / README_NAME, readme.encode("utf-8"))
    int8 = list(quantization.files.values()) if quantization else []
    names = [*plan.files.values(), *int8, *extra, SNIPPET_NAME, README_NAME]
    return _Staged(names, verification, quantization, sparse)


def export_run(
    run_dir: Path,
    out: Path | None = None,
    *,
    checkpoint: Path | None = None,
    quantize: bool = False,
    progress: Progress | None = None,
    examples: int = HELD_OUT_EXAMPLES,
    exporter: str = "auto",
    seed: int | None = None,
) -> ExportResult:
    """Export a run's latest checkpoint (or `checkpoint`) to ONNX in `out` (a folder;
    default <run_dir>/exports), check it, and return what was written.

    quantize adds int8 copies and compares them with the fp32 graphs on `examples`
    held-out examples. exporter: "auto", "torchscript" or "dynamo" (see convert.py).
    seed fixes the random parity inputs (None: fresh ones). progress(message, fraction)
    is called as the export advances. Raises RunError (ExportError when a graph cannot be
    converted or fails a check) with a message that says what to do.
    """
    started = time.perf_counter()
    report = progress or (lambda message, fraction: None)
    run_dir = check_run_dir(Path(run_dir))
    folder = _output_folder(run_dir, out)
    report(say("Reading the checkpoint"), 0.0)
    run = _load(run_dir, checkpoint)
    for note in run.notes:
        report(note, 0.0)
    plan = _plan(run, run_dir, examples)
    if lock_holder(run_dir) is None:  # no live writer: what killed writes left is garbage
        remove_leftovers(run_dir)
    with staging(folder) as stage:
        staged = _stage_export(stage, plan, quantize, exporter, seed, report)
        report(say("Moving the files into place"), 0.95)
        publish(stage, folder)
    written = [folder / name for name in staged.names]

    report(say("Done"), 1.0)
    return ExportResult(
        folder=folder,
        model_path=written[0],
        files=written,
        checkpoint=run.checkpoint,
        notes=run.notes,
        step=plan.step,
        verification=staged.verification,
        quantization=staged.quantization,
        seconds=time.perf_counter() - started,
        summary=_summary(
            plan.arch,
            written,
            len(plan.files),
            run.checkpoint,
            plan.step,
            staged.verification,
            staged.quantization,
            staged.sparse,
        ),
        sparsity=staged.sparse,
    )
