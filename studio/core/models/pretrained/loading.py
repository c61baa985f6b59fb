"""Loading a model folder of the user's: its weights and its tokenizer, local and safe.

`read_model_folder` (folders.py) has already judged the folder from its files; here the
weights load through transformers' own class for the family (never the folder's code),
from safetensors when the folder has them, else from a pickle that torch reads
weights-only: a pickle that would run code is refused before anything runs, with the
reason. A failure of the library becomes one line naming the folder and the fix.
"""

from __future__ import annotations

import pickle
from typing import Any

import torch

from studio.core.models.pretrained.folders import ModelFolder, ModelFolderError, ModelUse
from studio.core.models.pretrained.library import local, transformers

# torch dtypes the weights may be loaded in (model sections name them by these keys)
DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}
NOUNS: dict[ModelUse | None, str] = {
    "causal-lm": "a causal language model",
    "translation": "a translator",
    None: "a model the studio cannot train",
}


def usable(folder: ModelFolder, use: ModelUse) -> ModelFolder:
    """`folder` when the studio can train it for `use`; ModelFolderError with the reason
    and the way out otherwise."""
    if folder.refused:
        raise ModelFolderError(folder.refused)
    if folder.use != use:
        raise ModelFolderError(
            f"{folder.path}: is {NOUNS[folder.use]} ({folder.family_label}), not "
            f"{NOUNS[use]}; choose {NOUNS[use]} (the gallery's Models on this computer "
            "says what each folder is)"
        )
    return folder


def load_weights(folder: ModelFolder, use: ModelUse, dtype: str = "float32") -> Any:
    """The model of `folder` with its trained weights, in eval mode, on the CPU."""
    usable(folder, use)
    library = transformers()
    cls = library.AutoModelForCausalLM if use == "causal-lm" else library.MarianMTModel
    kwargs = local(dtype=DTYPES[dtype], use_safetensors=folder.weights == "safetensors")
    try:
        model = cls.from_pretrained(str(folder.path), **kwargs)
    except pickle.UnpicklingError as err:
        raise ModelFolderError(
            f"{folder.path}: its pickled weights (pytorch_model.bin) hold more than weights "
            f"and would run code when loaded ({_first_line(err)}); they were refused "
            "without running: use a copy of the model saved as safetensors"
        ) from None
    except (OSError, ValueError, KeyError, RuntimeError) as err:
        raise ModelFolderError(
            f"{folder.path}: transformers could not load it ({_first_line(err)}); copy or "
            "download the whole folder again"
        ) from None
    return model.eval()


def load_tokenizer(folder: ModelFolder) -> Any:
    """The folder's own tokenizer (a transformers tokenizer), loaded locally."""
    library = transformers()
    try:
        return library.AutoTokenizer.from_pretrained(str(folder.path), **local())
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise ModelFolderError(
            f"{folder.path}: has no tokenizer transformers can read ({_first_line(err)}); "
            "a model folder needs its tokenizer files (tokenizer.json or the sentencepiece "
            "models, and tokenizer_config.json) beside config.json"
        ) from None


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0][:200] if text else type(err).__name__
