"""Characters no installed font can draw, and what to install so they show.

A fresh Linux desktop often has fonts for Latin, Greek and Cyrillic only: Chinese or
Japanese pairs then show as boxes in the data preview and the samples, with no word of
why. Qt draws a character with the first installed font that has it (its fallback
families), so a character none of them has is one no font on this computer draws:
`QFontMetrics.inFontUcs4` on a font asks exactly that, fallbacks included.
"""

from __future__ import annotations

import unicodedata

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QFontMetrics

SHOWN = 5  # characters the note quotes
# Code point ranges of Chinese, Japanese and Korean scripts (one Noto package covers them)
_CJK = (
    (0x2E80, 0x9FFF),  # radicals, kana, bopomofo, CJK symbols, unified ideographs
    (0xAC00, 0xD7AF),  # Hangul syllables
    (0xF900, 0xFAFF),  # compatibility ideographs
    (0xFF00, 0xFFEF),  # full-width forms
    (0x20000, 0x3FFFF),  # ideographs beyond the basic plane
)
CJK_PACKAGE = "fonts-noto-cjk"  # Debian and Ubuntu
OTHER_PACKAGE = "fonts-noto-core"


def _tr(text: str) -> str:
    return QCoreApplication.translate("FontCoverage", text)


def is_cjk(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _CJK)


def undrawable(text: str, font: QFont | None = None) -> list[str]:
    """The distinct characters of `text` that no installed font draws, in the order they
    first appear. Spaces and control or format characters (a zero-width joiner) are never
    drawn as glyphs of their own and are not counted."""
    metrics = QFontMetrics(font if font is not None else QFont())
    seen: set[str] = set()
    missing = []
    for char in text:
        if char in seen or char.isascii() or char.isspace():
            continue
        seen.add(char)
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
            continue
        if not metrics.inFontUcs4(ord(char)):
            missing.append(char)
    return missing


def font_note(text: str, font: QFont | None = None) -> str:
    """A sentence for the user when `text` has characters no installed font draws (what
    they will see and what to install), or "" when every character shows."""
    missing = undrawable(text, font)
    if not missing:
        return ""
    package = CJK_PACKAGE if any(is_cjk(c) for c in missing) else OTHER_PACKAGE
    quoted = " ".join(f"U+{ord(c):04X}" for c in missing[:SHOWN])
    more = len(missing) - SHOWN
    if more > 0:
        quoted += " " + _tr("and {n} more").format(n=more)
    return _tr(
        "No installed font draws {count} of these characters ({chars}), so they show as "
        "boxes; training is not affected. Install a font that has them (Debian, Ubuntu: "
        "sudo apt install {package}) and restart the studio."
    ).format(count=len(missing), chars=quoted, package=package)
