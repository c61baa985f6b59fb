"""Where presets come from, and reading one: the presets and lessons shipped inside the
package (studio.presets, the repository's presets/), the lessons a teacher saved ("Save as
lesson") in the studio's lessons folder under the user's data directory, and any preset
file read within bounds (safe_yaml.py), every failure a message naming the file.

A lesson's default file name comes from its name, made safe for every file system:
"Lesson 1: groups" -> "Lesson 1 - groups lesson.yaml" (a colon is refused by Windows and
read as a drive or a URL elsewhere).
"""

from __future__ import annotations

import hashlib
import importlib.resources
import re
from pathlib import Path
from typing import Any

import yaml

from studio.core.config import safe_yaml
from studio.core.config.fields import ConfigError
from studio.core.files import RunError, read_limited
from studio.core.messages import Message, say

LESSON_SUFFIX = " lesson.yaml"
# characters a file name may not hold on Windows, macOS or Linux, and control characters
_UNSAFE = re.compile(r'[<>"/\\|?*\x00-\x1f]')


MAX_PRESET_BYTES = 1024**2  # a preset, lesson or run config.yaml is a few KB
# a default file name's stem, in bytes: with " lesson.yaml" and a "-2" well under the 255
# bytes a file name may have on every common file system
STEM_BYTES = 120
DIGEST_CHARS = 8  # what tells two long names apart that share their first STEM_BYTES


def read_yaml(path: str | Path) -> Any:
    """Parse a YAML file, turning every failure into a message that names the file: one
    that is not a plain file (a named pipe would never end), one far larger than a preset,
    and one that would exhaust memory or the stack once loaded (safe_yaml.py)."""
    p = Path(path)
    if not p.exists():
        raise ConfigError(
            say("{path}: no such file; check the path (presets: grpo-studio presets)", path=p)
        )
    if p.is_dir():
        raise ConfigError(say("{path}: is a folder; give a .yaml preset file", path=p))
    try:
        raw = read_limited(p, MAX_PRESET_BYTES, say("a preset (at most 1.0 MB)"))
        text = raw.decode("utf-8-sig")
    except RunError as err:
        raise ConfigError(str(err)) from None
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(
            say("{path}: cannot be read ({reason}); save it as UTF-8 text", path=p, reason=str(err))
        ) from None
    try:
        return safe_yaml.load(text)
    except safe_yaml.YamlRefused as err:
        raise ConfigError(
            say(
                "{path}, {problem}; the studio never writes such a file: use a preset from a "
                "source you trust (grpo-studio presets lists the shipped ones)",
                path=p,
                problem=str(err),
            )
        ) from None
    except yaml.YAMLError as err:
        raise ConfigError(_not_yaml(p, err)) from None


def _not_yaml(p: Path, err: yaml.YAMLError) -> Message:
    """A file that YAML cannot parse, with where and why (YAML's words)."""
    mark = getattr(err, "problem_mark", None)
    problem = getattr(err, "problem", None) or str(err)
    if mark is None:
        return say(
            "{path}: not valid YAML: {problem}; fix the file's syntax", path=p, problem=problem
        )
    return say(
        "{path}: not valid YAML at line {line}, column {column}: {problem}; fix the file's syntax",
        path=p,
        line=mark.line + 1,
        column=mark.column + 1,
        problem=problem,
    )


def _presets_root() -> Any:
    """studio.presets when installed; the repository's presets/ when run from a checkout."""
    try:
        return importlib.resources.files("studio.presets")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[3] / "presets"


def shipped_file(*parts: str) -> Path:
    """A file shipped beside the presets (studio.presets), whether or not it is there."""
    return Path(str(_presets_root().joinpath(*parts)))


def preset_files() -> dict[str, Path]:
    """Shipped preset name (file stem) -> path."""
    root = _presets_root()
    return {Path(str(p)).stem: Path(str(p)) for p in root.iterdir() if str(p).endswith(".yaml")}


def lesson_files() -> dict[str, Path]:
    """Shipped lesson name (file stem) -> path: presets for a class (presets/lessons/), each
    with its lesson text, the fields it hides and a fixed seed."""
    root = _presets_root() / "lessons"
    if not root.is_dir():
        return {}
    return {Path(str(p)).stem: Path(str(p)) for p in root.iterdir() if str(p).endswith(".yaml")}


def resolve_preset(path: str | Path) -> Path:
    """A file path, or the name of a shipped preset or lesson (`micro_gpt`, `micro-gpt`)."""
    p = Path(path)
    if p.exists():
        return p
    shipped = {**lesson_files(), **preset_files()}
    key = str(path).removesuffix(".yaml").replace("-", "_").lower()
    if key in shipped:
        return shipped[key]
    names = ", ".join(sorted(shipped))
    raise ConfigError(
        say(
            "{path}: no such file or shipped preset; use a path or one of: {names}",
            path=path,
            names=names,
        )
    )


def user_lessons_dir() -> Path:
    """Where saved lessons go (e.g. ~/.local/share/grpo-studio/lessons); not created here."""
    import platformdirs

    return Path(platformdirs.user_data_dir("grpo-studio", appauthor=False)) / "lessons"


def safe_stem(name: str, fallback: str = "lesson") -> str:
    """`name` as a file name's stem: no colon or other character a file system refuses,
    and at most STEM_BYTES bytes of UTF-8 (a file name may have 255: 100 Chinese
    characters are 300), cut at a character and then marked with a digest of the whole
    name, so two long names that begin alike keep two files; `fallback` when nothing is
    left. The lesson keeps its whole name inside the file."""
    text = " ".join(_UNSAFE.sub(" ", name.replace(":", " -")).split())
    encoded = text.encode("utf-8")
    if len(encoded) <= STEM_BYTES:
        return text.strip(" .-") or fallback
    digest = hashlib.sha1(encoded).hexdigest()[:DIGEST_CHARS]
    cut = encoded[: STEM_BYTES - DIGEST_CHARS - 1].decode("utf-8", errors="ignore")
    return f"{cut.strip(' .-') or fallback}-{digest}"


def lesson_file_name(name: str) -> str:
    """A lesson's default file name from its name ("Lesson 1: groups" -> "Lesson 1 -
    groups lesson.yaml")."""
    return safe_stem(name) + LESSON_SUFFIX


def user_lesson_files() -> dict[str, Path]:
    """Saved lesson (file stem) -> path, from the user's lessons folder; {} when none."""
    root = user_lessons_dir()
    if not root.is_dir():
        return {}
    return {p.stem: p for p in sorted(root.iterdir()) if p.suffix in (".yaml", ".yml")}
