"""A run of a model of the user's (a causal LM, or a translator) saved back as a Hugging
Face folder.

The run's newest readable checkpoint (or the one named), loaded as export loads it, and
its model written as transformers writes any model (models.pretrained.saving): every
weight, or under LoRA the adapters merged into the weights ("merged", the default) or
saved alone beside the base folder they need ("adapter"). The folder is written beside
the final one first and renamed into place once transformers has written it whole, so
an interrupted save leaves no half folder.
"""

from __future__ import annotations

from pathlib import Path

from studio.core.export.publish import publish, staging
from studio.core.files import RunError
from studio.core.messages import say
from studio.core.models.pretrained.causal_lm import PretrainedDecoder
from studio.core.models.pretrained.loading import load_tokenizer
from studio.core.models.pretrained.saving import HowSaved, save_folder
from studio.core.models.pretrained.translator import PretrainedTranslator
from studio.core.runs.folder import check_run_dir
from studio.core.runs.loading import load_run

HF_DIR = "model"  # inside the run folder, the default output folder


def save_run_model(
    run_dir: Path,
    out: Path | None = None,
    *,
    how: HowSaved = "merged",
    checkpoint: Path | None = None,
) -> Path:
    """Write the run's model as a Hugging Face folder in `out` (default <run_dir>/model);
    RunError when the run's model is not a Hugging Face model, or the folder cannot be
    written."""
    run_dir = check_run_dir(Path(run_dir))
    run = load_run(run_dir, checkpoint=checkpoint)
    model = run.model
    if not isinstance(model, PretrainedDecoder | PretrainedTranslator):
        raise RunError(
            say(
                "{run}: its model is the studio's own {arch}, not a Hugging Face model; "
                "export it to ONNX instead (grpo-studio export)",
                run=str(run_dir),
                arch=run.cfg.model.ARCH,
            )
        )
    folder = Path(out) if out is not None else run_dir / HF_DIR
    with staging(folder) as stage:
        save_folder(model.lm, load_tokenizer(model.cfg.folder()), stage, how)
        publish(stage, folder)
    return folder
