"""Run in a copy of the repository where the mean mixer has been shipped: its shipped preset
trains with the real trainer (warm-up and GRPO steps on arithmetic, rewarded, evaluated),
reads back, exports to ONNX checked against PyTorch, and Micro-GPT's example program runs
the export. Exits non-zero with the failed check on stderr.

    python -m tests.support.new_architecture.check_run WORK_FOLDER
"""

import subprocess
import sys
from pathlib import Path

from studio.core.catalogue import load_config
from studio.core.config.preset_files import preset_files
from studio.core.export.metadata import read_metadata
from studio.core.export.pipeline import export_run
from studio.core.export.snippets import SNIPPET_NAME
from studio.core.machine.hardware import memory_breakdown
from studio.core.models import arch_spec
from studio.core.runs.loading import load_trained
from tests.helpers import TINY_TRAINING_YAML, train_tiny_preset


def main(work: Path) -> None:
    work.mkdir(parents=True, exist_ok=True)
    shipped = preset_files()["mean_mixer"]
    tiny = work / "mean_mixer_tiny.yaml"  # the shipped preset with tiny stages
    tiny.write_text(shipped.read_text(encoding="utf-8") + TINY_TRAINING_YAML, encoding="utf-8")
    cfg = load_config(tiny)
    spec = arch_spec("mean-mixer")
    assert isinstance(cfg.model, spec.config) and cfg.model.d_model == 16

    trainer = train_tiny_preset(cfg, work / "runs")
    assert type(trainer.model).__name__ == "MeanMixer"  # the arithmetic task took it

    # the memory estimate reads its shape: one layer, no attention and so no KV cache
    params = sum(p.numel() for p in trainer.model.parameters())
    parts = memory_breakdown(cfg, params)
    assert parts["weights"] == 4 * params and parts["kv_cache"] == 0, parts
    assert parts["activations"] > 0, parts

    again, task, model = load_trained(trainer.run_dir)
    assert again.model == cfg.model and type(model).__name__ == "MeanMixer"
    assert 0.0 <= task.evaluate(model, limit=10)["accuracy"] <= 1.0

    # the contract's parity and the text adapter check the export against PyTorch
    result = export_run(trainer.run_dir, examples=5, seed=0)
    assert result.verification.passed and result.verification.examples == 5
    assert len(result.verification.cases) == 4  # both graphs, two sizes each
    assert read_metadata(result.model_path)["arch"] == "mean-mixer"

    snippet = result.folder / SNIPPET_NAME  # onnxruntime and numpy alone
    done = subprocess.run(
        [sys.executable, str(snippet), "1+2=", "3+4="],
        capture_output=True,
        text=True,
        cwd=snippet.parent,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert [line.split(" -> ")[0] for line in done.stdout.splitlines()] == ["1+2=", "3+4="]


if __name__ == "__main__":
    main(Path(sys.argv[1]))
