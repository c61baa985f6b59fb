"""Languages and the scripts they are written in: what tells one column of a file from another.

`script_counts` sorts the letters of a text by Unicode script (Latin, Han, Kana, Hangul,
Cyrillic, Arabic, ...); `text_script` names the script a text is written in (Japanese
mixes Han with Kana, so a text whose letters are a tenth Kana or more counts as Kana).
`language_code` turns the many ways a file or a setting names a language ("zh", "cmn",
"zh-CN", "Chinese", "中文") into one short code, and `LANGUAGE_SCRIPTS` says which script
each code is written in, so a column of Han text can be matched to `task.source_lang: zh`.

The table covers the languages of the common public corpora; a code it does not know
has no script (None), and the loader then asks the file's header, a language identifier
or the user instead of guessing.

References: the Unicode Standard's Scripts.txt (the block ranges below are its main
ranges for each script); ISO 639-1/639-2/639-3 for the codes.
"""

from __future__ import annotations

import bisect
from collections import Counter

from studio.core.messages import Message, say

# (first code point, last code point, script): the main blocks of each script, sorted.
_RANGES = sorted(
    [
        (0x0041, 0x005A, "Latin"),
        (0x0061, 0x007A, "Latin"),
        (0x00C0, 0x00D6, "Latin"),
        (0x00D8, 0x00F6, "Latin"),
        (0x00F8, 0x024F, "Latin"),
        (0x1E00, 0x1EFF, "Latin"),
        (0x0370, 0x03FF, "Greek"),
        (0x1F00, 0x1FFF, "Greek"),
        (0x0400, 0x052F, "Cyrillic"),
        (0x0590, 0x05FF, "Hebrew"),
        (0x0600, 0x06FF, "Arabic"),
        (0x0750, 0x077F, "Arabic"),
        (0xFB50, 0xFDFF, "Arabic"),
        (0xFE70, 0xFEFF, "Arabic"),
        (0x0900, 0x097F, "Devanagari"),
        (0x0E00, 0x0E7F, "Thai"),
        (0x1100, 0x11FF, "Hangul"),
        (0x3130, 0x318F, "Hangul"),
        (0xAC00, 0xD7AF, "Hangul"),
        (0x3040, 0x309F, "Kana"),
        (0x30A0, 0x30FF, "Kana"),
        (0x31F0, 0x31FF, "Kana"),
        (0xFF66, 0xFF9F, "Kana"),
        (0x3400, 0x4DBF, "Han"),
        (0x4E00, 0x9FFF, "Han"),
        (0xF900, 0xFAFF, "Han"),
        (0x20000, 0x2A6DF, "Han"),
    ]
)
_STARTS = [start for start, _, _ in _RANGES]
KANA_SHARE = 0.1  # Japanese: at least this share of the letters are Kana


def char_script(ch: str) -> str | None:
    """The script of one character, or None for digits, punctuation, spaces and symbols."""
    cp = ord(ch)
    i = bisect.bisect_right(_STARTS, cp) - 1
    if i >= 0 and cp <= _RANGES[i][1]:
        return _RANGES[i][2]
    return None


def script_counts(text: str) -> Counter[str]:
    """Letters of `text` per script."""
    counts: Counter[str] = Counter()
    for ch in text:
        if ch.isascii() and not ch.isalpha():
            continue  # the common case of digits, spaces and ASCII punctuation, skipped fast
        script = char_script(ch)
        if script is not None:
            counts[script] += 1
    return counts


def counted_script(counts: Counter[str]) -> str | None:
    """The script most letters are written in (Kana for Japanese); None without letters."""
    total = sum(counts.values())
    if not total:
        return None
    if counts["Kana"] >= KANA_SHARE * total:
        return "Kana"
    return counts.most_common(1)[0][0]


def text_script(text: str) -> str | None:
    return counted_script(script_counts(text))


# code: (script, English name, other names and codes a file or a setting may use)
_TABLE: dict[str, tuple[str, str, str]] = {
    "zh": (
        "Han",
        "Chinese",
        "zho chi cmn zh-cn zh-tw zh-hans zh-hant zh_cn zh_tw mandarin 中文 汉语 漢語 普通话 华语",
    ),
    "yue": ("Han", "Cantonese", "zh-yue 粤语 粵語 广东话 廣東話"),
    "ja": ("Kana", "Japanese", "jpn jp 日本語"),
    "ko": ("Hangul", "Korean", "kor 한국어"),
    "en": ("Latin", "English", "eng"),
    "fr": ("Latin", "French", "fra fre français francais"),
    "de": ("Latin", "German", "deu ger deutsch"),
    "es": ("Latin", "Spanish", "spa español espanol"),
    "it": ("Latin", "Italian", "ita italiano"),
    "pt": ("Latin", "Portuguese", "por português portugues pt-br pt_br"),
    "nl": ("Latin", "Dutch", "nld dut nederlands"),
    "sv": ("Latin", "Swedish", "swe svenska"),
    "da": ("Latin", "Danish", "dan dansk"),
    "no": ("Latin", "Norwegian", "nor nob nb nno nn norsk"),
    "fi": ("Latin", "Finnish", "fin suomi"),
    "pl": ("Latin", "Polish", "pol polski"),
    "cs": ("Latin", "Czech", "ces cze čeština cestina"),
    "sk": ("Latin", "Slovak", "slk slo slovenčina"),
    "ro": ("Latin", "Romanian", "ron rum română"),
    "hu": ("Latin", "Hungarian", "hun magyar"),
    "tr": ("Latin", "Turkish", "tur türkçe turkce"),
    "vi": ("Latin", "Vietnamese", "vie tiếng-việt"),
    "id": ("Latin", "Indonesian", "ind bahasa-indonesia"),
    "ms": ("Latin", "Malay", "msa may zsm bahasa-melayu"),
    "ca": ("Latin", "Catalan", "cat català"),
    "eo": ("Latin", "Esperanto", "epo"),
    "la": ("Latin", "Latin", "lat latina"),
    "ru": ("Cyrillic", "Russian", "rus русский"),
    "uk": ("Cyrillic", "Ukrainian", "ukr українська"),
    "bg": ("Cyrillic", "Bulgarian", "bul български"),
    "ar": ("Arabic", "Arabic", "ara arb العربية"),
    "fa": ("Arabic", "Persian", "fas per pes farsi فارسی"),
    "ur": ("Arabic", "Urdu", "urd اردو"),
    "he": ("Hebrew", "Hebrew", "heb iw עברית"),
    "el": ("Greek", "Greek", "ell gre ελληνικά"),
    "th": ("Thai", "Thai", "tha ไทย"),
    "hi": ("Devanagari", "Hindi", "hin हिन्दी हिंदी"),
}
LANGUAGE_SCRIPTS: dict[str, str] = {code: script for code, (script, _, _) in _TABLE.items()}
LANGUAGE_NAMES: dict[str, str] = {code: name for code, (_, name, _) in _TABLE.items()}


def _key(name: str) -> str:
    return name.strip().lower().replace("-", " ").replace("_", " ")


_ALIASES: dict[str, str] = {
    _key(alias): code
    for code, (_, name, others) in _TABLE.items()
    for alias in (code, name, *others.split())
}


def language_code(name: str) -> str | None:
    """The table's code for a language name or code ("Chinese", "cmn", "zh-CN" -> "zh")."""
    key = _key(name)
    if key in _ALIASES:
        return _ALIASES[key]
    base = key.split(" ")[0]  # a region or script subtag: "en us", "zh hans" -> "en", "zh"
    return _ALIASES.get(base)


def normalized_language(name: str) -> str:
    """`language_code(name)`, or the name itself (lowercased) for a language not in the table."""
    return language_code(name) or name.strip().lower()


def script_of(language: str) -> str | None:
    """The script a language is written in, or None when the table does not know it."""
    return LANGUAGE_SCRIPTS.get(normalized_language(language))


def language_label(language: str) -> str:
    """ "zh (Chinese)" for a known code (a message whose `language` part the window says in
    its language), the code alone otherwise."""
    code = normalized_language(language)
    name = LANGUAGE_NAMES.get(code)
    return say("{code} ({language})", code=code, language=name) if name else code


def script_name(script: str) -> Message:
    """A script's name ("Han") as a part of a message that names another script too: its
    `script` part is the word the window says in its language."""
    return say("{script}", script=script)
