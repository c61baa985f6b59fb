"""The lessons a teacher saves ("Save as lesson"): one YAML file each in the studio's own
lessons folder under the user's data directory, where the gallery finds them again.

A lesson's default file name comes from its name, made safe for every file system:
"Lesson 1: groups" -> "Lesson 1 - groups lesson.yaml" (a colon is refused by Windows and
read as a drive or a URL elsewhere).
"""

from __future__ import annotations

import re
from pathlib import Path

LESSON_SUFFIX = " lesson.yaml"
# characters a file name may not hold on Windows, macOS or Linux, and control characters
_UNSAFE = re.compile(r'[<>"/\\|?*\x00-\x1f]')


def user_lessons_dir() -> Path:
    """Where saved lessons go (e.g. ~/.local/share/grpo-studio/lessons); not created here."""
    import platformdirs

    return Path(platformdirs.user_data_dir("grpo-studio", appauthor=False)) / "lessons"


def safe_stem(name: str, fallback: str = "lesson") -> str:
    """`name` as a file name's stem: no colon or other character a file system refuses;
    `fallback` when nothing is left."""
    text = _UNSAFE.sub(" ", name.replace(":", " -"))
    return " ".join(text.split()).strip(" .-") or fallback


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
