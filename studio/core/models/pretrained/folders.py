"""Models already on this computer: Hugging Face folders found and sized without loading.

A person who downloaded SmolLM2, Qwen2.5, GPT-2 or an opus-mt translator with another
program has it in the Hugging Face cache (HF_HUB_CACHE, else HF_HOME/hub, else
~/.cache/huggingface/hub: `models--<org>--<name>/snapshots/<commit>/`, files linked into
the repository's `blobs/`) or in a folder of their own (what `save_pretrained` writes).
`find_models` lists both; `read_model_folder` reads one: its config.json (family,
architecture, shape), its weights' headers (safetensors: every tensor's shape, so the
exact parameter count, without reading a weight), its size on disk, and whether the
studio can train it, with the reason in one line when not. A translator's language pair
comes from its tokenizer_config.json (`source_lang`, `target_lang`, which MarianTokenizer
writes when it was given them), else from its name ("Helsinki-NLP/opus-mt-zh-en").

Nothing here imports torch or transformers, runs the folder's code or follows a link out
of the model's own folder (for a cache entry, its repository folder): a folder from
someone else is read as data, within bounds.
"""

from __future__ import annotations

import json
import os
import re
import struct
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from studio.core.files import RunError, read_limited
from studio.core.messages import Message, say

# model_type -> the family's name for people; the families transformers ships whose
# causal language models the studio trains (tested with tiny random models of each)
CAUSAL_FAMILIES = {"llama": "Llama", "qwen2": "Qwen2", "qwen3": "Qwen3", "gpt2": "GPT-2"}
TRANSLATION_FAMILIES = {"marian": "Marian"}  # encoder-decoder translators (opus-mt)
SUPPORTED = ", ".join([*CAUSAL_FAMILIES.values(), *TRANSLATION_FAMILIES.values()])

MAX_CONFIG_BYTES = 1024**2  # a config.json is a few KB
MAX_HEADER_BYTES = 100 * 1024**2  # a safetensors header: a line per tensor
MAX_INDEX_BYTES = 16 * 1024**2  # a sharded model's index: a line per tensor
SAFETENSORS = "model.safetensors"
SAFETENSORS_INDEX = "model.safetensors.index.json"
PICKLES = ("pytorch_model.bin", "pytorch_model.bin.index.json")
TOKENIZER_CONFIG = "tokenizer_config.json"
# an opus-mt translator's name ends in its pair: opus-mt-zh-en, opus-mt-tc-big-en-fr
PAIR_IN_NAME = re.compile(r"opus.*[-_]([a-z]{2,3})[-_]([a-z]{2,3})$", re.IGNORECASE)

ModelUse = Literal["causal-lm", "translation"]


class ModelFolderError(RunError):
    """A model folder the studio cannot use; the message names the folder and the fix."""


@dataclass
class ModelFolder:
    """One model folder as read from disk, before any weight is loaded."""

    path: Path  # the folder transformers loads (a cache entry's snapshot)
    root: Path  # what its files may resolve into: the folder, or its cache repository
    name: str  # for people: "HuggingFaceTB/SmolLM2-135M" (cache) or the folder's name
    source: Literal["cache", "folder"]
    family: str  # config.json's model_type ("llama"); "" when it has none
    config: dict[str, Any] = field(repr=False)
    use: ModelUse | None = None  # what the studio can train it for; None: nothing
    refused: str = ""  # why not, in one line with the way out; "" when usable
    parameters: int | None = None  # from the weights' headers; None: not known
    size_bytes: int = 0  # the files on disk (a cache entry's blobs)
    weights: str = ""  # "safetensors" or "pickle"
    dtype: str = ""  # the weights' stored precision ("F32", "BF16")
    # a translator's (source, target) languages as the folder names them; None: unsaid
    languages: tuple[str, str] | None = None

    @property
    def family_label(self) -> str:
        return {**CAUSAL_FAMILIES, **TRANSLATION_FAMILIES}.get(self.family, self.family)

    @property
    def pair(self) -> str:
        """'zh->en' for a translator whose languages are known, else ''."""
        return "->".join(self.languages) if self.languages else ""


def hub_cache(env: Mapping[str, str] | None = None) -> Path:
    """The Hugging Face hub cache as the huggingface_hub library finds it."""
    env = os.environ if env is None else env
    if env.get("HF_HUB_CACHE"):
        return Path(env["HF_HUB_CACHE"]).expanduser()
    if env.get("HF_HOME"):
        return Path(env["HF_HOME"]).expanduser() / "hub"
    xdg = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(xdg).expanduser() / "huggingface" / "hub"


def cached_snapshots(cache: Path) -> Iterable[tuple[str, Path, Path]]:
    """(org/name, snapshot folder, repository folder) of every model in the hub cache:
    the snapshot its refs/main names, else its newest."""
    if not cache.is_dir():
        return
    for repo in sorted(cache.glob("models--*")):
        snapshots = repo / "snapshots"
        if not snapshots.is_dir():
            continue
        chosen = _main_snapshot(repo)
        if chosen is None:
            found = [p for p in snapshots.iterdir() if p.is_dir()]
            if not found:
                continue
            chosen = max(found, key=lambda p: p.stat().st_mtime)
        yield repo.name.removeprefix("models--").replace("--", "/"), chosen, repo


def _main_snapshot(repo: Path) -> Path | None:
    ref = repo / "refs" / "main"
    try:
        commit = read_limited(ref, 1024, "a git reference").decode("ascii").strip()
    except (OSError, RunError, UnicodeDecodeError):
        return None
    snapshot = repo / "snapshots" / commit
    return snapshot if commit and "/" not in commit and snapshot.is_dir() else None


def find_models(
    folders: Iterable[Path] = (), env: Mapping[str, str] | None = None
) -> list[ModelFolder]:
    """Every model folder in the hub cache and in `folders` (each a model folder, or a
    folder holding model folders one level down), the usable ones first."""
    found = [
        read_model_folder(snapshot, root=repo, name=name, source="cache")
        for name, snapshot, repo in cached_snapshots(hub_cache(env))
    ]
    for folder in folders:
        folder = Path(folder).expanduser()
        inner = [folder] if (folder / "config.json").is_file() else _children(folder)
        found += [read_model_folder(p) for p in inner]
    return sorted(found, key=lambda m: (bool(m.refused), m.name.lower()))


def _children(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_dir() and (p / "config.json").is_file())


def read_model_folder(
    path: Path,
    *,
    root: Path | None = None,
    name: str | None = None,
    source: Literal["cache", "folder"] = "folder",
) -> ModelFolder:
    """What a model folder holds, read as data; ModelFolderError when it holds no
    config.json the studio can read (the one file every Hugging Face model has)."""
    path = Path(path)
    cache_repo = _cache_repository(path)
    root = Path(root) if root is not None else cache_repo or path
    if name is None and cache_repo is not None:
        name = cache_repo.name.removeprefix("models--").replace("--", "/")
        source = "cache"
    config = read_config(path, root)
    family = str(config.get("model_type", ""))
    model = ModelFolder(path, root, name or path.name, source, family, config)
    model.use, model.refused = judge(config, path)
    if model.use == "translation":
        model.languages = languages(path, root, model.name)
    model.weights, files = weight_files(path, root)
    if not files:
        model.refused = model.refused or say(
            "{path}: holds no weights (model.safetensors, or pytorch_model.bin); copy the "
            "whole folder the model was saved in, or download the model again",
            path=str(path),
        )
    model.parameters, model.dtype = count_parameters(files, root, model.weights)
    model.size_bytes = folder_size(path, root)
    return model


def _cache_repository(path: Path) -> Path | None:
    """The hub cache's repository folder of a snapshot path (its files link into the
    repository's blobs/), or None when `path` is no snapshot."""
    snapshots = path.parent
    repo = snapshots.parent
    if snapshots.name == "snapshots" and repo.name.startswith("models--"):
        return repo
    return None


def read_config(path: Path, root: Path) -> dict[str, Any]:
    file = within(root, path / "config.json")
    if not file.is_file():
        raise ModelFolderError(
            say(
                "{path}: has no config.json, so it is not a Hugging Face model folder; choose "
                "the folder that holds config.json and the weights (what save_pretrained "
                "writes)",
                path=str(path),
            )
        )
    try:
        config = json.loads(read_limited(file, MAX_CONFIG_BYTES, "a config.json (at most 1 MB)"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ModelFolderError(
            say(
                "{file}: is not valid JSON ({error}); the model folder is damaged: copy or "
                "download it again",
                file=str(file),
                error=str(err),
            )
        ) from None
    if not isinstance(config, dict):
        raise ModelFolderError(
            say("{file}: must hold a JSON object; the model folder is damaged", file=str(file))
        )
    return config


def judge(config: Mapping[str, Any], path: Path) -> tuple[ModelUse | None, str]:
    """What the studio can train the model for, or why it will not, in one line."""
    if config.get("auto_map") or config.get("trust_remote_code"):
        return None, say(
            "{path}: asks to run Python code shipped in the folder (auto_map), which the "
            "studio never runs for a model it was handed; choose a model of a family "
            "transformers itself ships ({supported})",
            path=str(path),
            supported=SUPPORTED,
        )
    family = str(config.get("model_type", ""))
    architectures = [str(a) for a in config.get("architectures") or []]
    if family in CAUSAL_FAMILIES and (
        not architectures
        or any(a.endswith("ForCausalLM") or a.endswith("LMHeadModel") for a in architectures)
    ):
        return "causal-lm", ""
    if family in TRANSLATION_FAMILIES:
        return "translation", ""
    named = family or "no model_type"
    if architectures:
        named += f", {', '.join(architectures[:2])}"
    return None, say(
        "{path}: is a model ({named}) the studio cannot train with GRPO; it trains causal "
        "language models and translators of the families {supported}",
        path=str(path),
        named=named,
        supported=SUPPORTED,
    )


def languages(path: Path, root: Path, name: str) -> tuple[str, str] | None:
    """A translator's (source, target) languages: its tokenizer_config.json's, else those
    its name ends in; None when neither says (the tokenizer's own loading judges the file)."""
    file = path / TOKENIZER_CONFIG
    if file.is_file():
        try:
            tokenizer = json.loads(
                read_limited(
                    within(root, file), MAX_CONFIG_BYTES, "a tokenizer_config.json (at most 1 MB)"
                )
            )
        except (OSError, RunError, UnicodeDecodeError, json.JSONDecodeError):
            tokenizer = None
        if isinstance(tokenizer, dict):
            pair = tokenizer.get("source_lang"), tokenizer.get("target_lang")
            if all(isinstance(lang, str) and lang.strip() for lang in pair):
                return str(pair[0]).strip().lower(), str(pair[1]).strip().lower()
    found = PAIR_IN_NAME.search(name.rsplit("/", 1)[-1])
    return (found.group(1).lower(), found.group(2).lower()) if found else None


def within(root: Path, file: Path) -> Path:
    """`file` once sure it resolves inside `root` (a cache entry's files are links into
    its repository's blobs/); ModelFolderError naming the link otherwise."""
    real = os.path.realpath(file)
    top = os.path.realpath(root)
    if real != top and not real.startswith(top.rstrip(os.sep) + os.sep):
        raise ModelFolderError(
            say(
                "{file}: leads to {real}, outside the model's folder {root}; the studio "
                "reads a model folder's own files only: replace the link with a copy of the "
                "file",
                file=str(file),
                real=real,
                root=str(root),
            )
        )
    return file


def weight_files(path: Path, root: Path) -> tuple[str, list[Path]]:
    """('safetensors' or 'pickle', the weight files) of a folder; ('', []) when none.
    Safetensors are preferred: they hold data only."""
    for kind, single, index in (
        ("safetensors", SAFETENSORS, SAFETENSORS_INDEX),
        ("pickle", PICKLES[0], PICKLES[1]),
    ):
        if (path / single).is_file():
            return kind, [within(root, path / single)]
        if (path / index).is_file():
            return kind, [within(root, path / name) for name in shard_names(path / index, root)]
    return "", []


def shard_names(index: Path, root: Path) -> list[str]:
    raw = read_limited(within(root, index), MAX_INDEX_BYTES, "a weights index (at most 16 MB)")
    try:
        weight_map = json.loads(raw).get("weight_map", {})
    except (UnicodeDecodeError, json.JSONDecodeError, AttributeError):
        raise ModelFolderError(
            say("{index}: is not a valid weights index; download it again", index=str(index))
        ) from None
    names = sorted({str(v) for v in weight_map.values()})
    for name in names:
        if "/" in name or "\\" in name or name.startswith("."):
            raise ModelFolderError(
                say(
                    "{index}: names {name}, a file outside the folder; the index is damaged",
                    index=str(index),
                    name=repr(name),
                )
            )
    return names


def count_parameters(files: list[Path], root: Path, kind: str) -> tuple[int | None, str]:
    """Parameters and stored precision, from the safetensors headers alone; (None, '')
    for pickled weights, which cannot be read without loading them."""
    if kind != "safetensors" or not files:
        return None, ""
    total, dtypes = 0, set()
    for file in files:
        for name, entry in safetensors_header(file).items():
            if name == "__metadata__" or not isinstance(entry, dict):
                continue
            count = 1
            for size in entry.get("shape", []):
                count *= int(size)
            total += count
            dtypes.add(str(entry.get("dtype", "")))
    return total, "/".join(sorted(dtypes))


def safetensors_header(file: Path) -> dict[str, Any]:
    """The JSON header of a safetensors file (8 bytes of length, then the JSON), read
    within MAX_HEADER_BYTES; ModelFolderError when it is not one."""
    try:
        with open(file, "rb") as f:
            head = f.read(8)
            if len(head) < 8:
                raise ModelFolderError(
                    say("{file}: is cut short; download the model again", file=str(file))
                )
            (length,) = struct.unpack("<Q", head)
            if length > MAX_HEADER_BYTES:
                raise ModelFolderError(
                    say(
                        "{file}: says its header is {length} bytes, far more than any "
                        "model's; it is not a safetensors file the studio can read",
                        file=str(file),
                        length=f"{length:,}",
                    )
                )
            header = json.loads(f.read(length))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ModelFolderError(_not_safetensors(file)) from None
    except OSError as err:
        raise ModelFolderError(
            say("{file}: cannot be read ({reason})", file=str(file), reason=str(err.strerror))
        ) from None
    if not isinstance(header, dict):
        raise ModelFolderError(_not_safetensors(file))
    return header


def _not_safetensors(file: Path) -> Message:
    return say("{file}: is not a safetensors file; download it again", file=str(file))


def folder_size(path: Path, root: Path) -> int:
    """Bytes of the folder's files, each counted once (a cache entry's links resolved)."""
    seen: set[str] = set()
    total = 0
    for file in path.rglob("*"):
        real = os.path.realpath(file)
        top = os.path.realpath(root)
        if real in seen or not real.startswith(top.rstrip(os.sep) + os.sep):
            continue
        seen.add(real)
        if os.path.isfile(real):
            total += os.path.getsize(real)
    return total
