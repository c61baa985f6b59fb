"""A trained model of the user's saved back as a Hugging Face folder, which transformers
loads as it loads any model (AutoModelForCausalLM.from_pretrained(folder), or
MarianMTModel's for a translator, whose tokenizer files are saved beside it alike).

A full fine-tune saves its weights (safetensors) with the model's config and tokenizer.
Under LoRA there are two ways, both loadable: "merged" folds the adapters into a copy of
the weights (a model like any other, the size of the original), "adapter" saves the
adapters alone with an adapter_config.json naming the base folder they sit beside (a few
megabytes; transformers loads the base and applies them, with peft installed).
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Literal

from studio.core.files import RunError, write_error
from studio.core.messages import say
from studio.core.models.pretrained.lora import has_adapters

HowSaved = Literal["merged", "adapter"]


def save_folder(lm: Any, tokenizer: Any, out: Path, how: HowSaved = "merged") -> Path:
    """Write `lm` (a transformers model, peft-wrapped under LoRA) and its tokenizer to
    the folder `out`; RunError naming the folder when it cannot be written."""
    out = Path(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        if has_adapters(lm) and how == "merged":
            merged = copy.deepcopy(lm).merge_and_unload()
            merged.save_pretrained(out, safe_serialization=True)
        else:
            lm.save_pretrained(out, safe_serialization=True)
        tokenizer.save_pretrained(out)
    except OSError as err:
        raise write_error(out, err, "the export folder") from None
    if not (out / "config.json").is_file() and not (out / "adapter_config.json").is_file():
        raise RunError(
            say("{out}: nothing was saved there; check the folder and try again", out=str(out))
        )
    return out
