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

from studio.core.messages import Message, say
from studio.core.models.pretrained.folders import ModelFolder, ModelFolderError, ModelUse
from studio.core.models.pretrained.library import local, transformers

# torch dtypes the weights may be loaded in (model sections name them by these keys)
DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}
NOUNS: dict[ModelUse | None, Message] = {
    "causal-lm": say("a causal language model"),
    "translation": say("a translator"),
    None: say("a model the studio cannot train"),
}


def usable(folder: ModelFolder, use: ModelUse) -> ModelFolder:
    """`folder` when the studio can train it for `use`; ModelFolderError with the reason
    and the way out otherwise."""
    if folder.refused:
        raise ModelFolderError(folder.refused)
    if folder.use != use:
        raise ModelFolderError(
            say(
                "{path}: is {what} ({family}), not {wanted}; choose {wanted} (the gallery's "
                "Models on this computer says what each folder is)",
                path=str(folder.path),
                what=NOUNS[folder.use],
                family=folder.family_label,
                wanted=NOUNS[use],
            )
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
            say(
                "{path}: its pickled weights (pytorch_model.bin) hold more than weights and "
                "would run code when loaded ({error}); they were refused without running: "
                "use a copy of the model saved as safetensors",
                path=str(folder.path),
                error=_first_line(err),
            )
        ) from None
    except (OSError, ValueError, KeyError, RuntimeError) as err:
        raise ModelFolderError(
            say(
                "{path}: transformers could not load it ({error}); copy or download the "
                "whole folder again",
                path=str(folder.path),
                error=_first_line(err),
            )
        ) from None
    return model.eval()


def empty_model(folder: ModelFolder, use: ModelUse) -> Any:
    """The model of `folder` built from its config.json alone, on the device in use (the
    meta device, to count its parameters without reading a weight)."""
    usable(folder, use)
    library = transformers()
    config = library.AutoConfig.for_model(**folder.config)
    cls = library.AutoModelForCausalLM if use == "causal-lm" else library.MarianMTModel
    return cls.from_config(config) if use == "causal-lm" else cls(config)


def load_tokenizer(folder: ModelFolder) -> Any:
    """The folder's own tokenizer (a transformers tokenizer), loaded locally."""
    library = transformers()
    try:
        return library.AutoTokenizer.from_pretrained(str(folder.path), **local())
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise ModelFolderError(
            say(
                "{path}: has no tokenizer transformers can read ({error}); a model folder "
                "needs its tokenizer files (tokenizer.json or the sentencepiece models, and "
                "tokenizer_config.json) beside config.json",
                path=str(folder.path),
                error=_first_line(err),
            )
        ) from None


def _first_line(err: BaseException) -> str:
    text = str(err).strip().splitlines()
    return text[0][:200] if text else type(err).__name__
