"""The transformers library, imported offline and only when a model of the user's is used.

Every load is local: HF_HUB_OFFLINE and TRANSFORMERS_OFFLINE are set before transformers
is first imported (it reads them once), every call passes `local_files_only=True` and a
folder path (a model id would try the network even offline), and `trust_remote_code`
is never passed, so a folder's own Python never runs. transformers takes a second or two
to import: the window and the from-scratch presets never import this module's users.
"""

from __future__ import annotations

import os
import warnings
from types import ModuleType
from typing import Any

OFFLINE = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_HUB_DISABLE_TELEMETRY": "1"}


def transformers() -> ModuleType:
    """The transformers module, imported offline with its download progress bars and
    advice logging off (the studio says what it loads in its own words)."""
    for key, value in OFFLINE.items():
        os.environ[key] = value
    import transformers as library
    from transformers.utils import logging

    logging.set_verbosity_error()
    logging.disable_progress_bar()
    # the libraries' notes to their own developers (a method renamed in a later version)
    warnings.filterwarnings("ignore", category=FutureWarning, module="transformers")
    warnings.filterwarnings("ignore", category=FutureWarning, module="peft")
    # MarianTokenizer's advice to install sacremoses, whose normalizer it never calls here
    warnings.filterwarnings("ignore", message="Recommended: pip install sacremoses")
    return library


def local(**kwargs: Any) -> dict[str, Any]:
    """The keyword arguments of every from_pretrained: local files only, no folder code."""
    return {**kwargs, "local_files_only": True, "trust_remote_code": False}
