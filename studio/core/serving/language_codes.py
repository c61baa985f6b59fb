"""Language codes as LibreTranslate's clients send them and as LibreTranslate reports them.

Clients name one language many ways: "zh", "zh-Hans", "zh-CN", "zh_Hans", "ZH-cn",
"Chinese"; "en", "en-US", "en_GB". `served_code` reads every such name as the one code
the server answers with, which is the code current LibreTranslate reports in /languages
(since its 1.7.0: ISO codes, so Simplified Chinese is "zh-Hans" where older versions said
"zh", Traditional "zh-Hant" where they said "zt"). Every other language is its short code
(studio.core.data.languages: "en", "fr").

Chinese is the one language LibreTranslate splits by script, and so does the server: a
run whose task names Traditional Chinese ("zh-TW", "zh-Hant", "zh-HK") is served as
"zh-Hant" and a client asking for "zh-TW" reaches only it; any other Chinese ("zh",
"zh-CN", "zh-SG", "cmn", "Chinese") is "zh-Hans".

References: LibreTranslate 1.7.0's language codes (Weblate's LibreTranslate machinery
followed them in its pull request 15973); BCP 47 (script and region subtags).
"""

from __future__ import annotations

from studio.core.data.languages import LANGUAGE_NAMES, language_code

SIMPLIFIED, TRADITIONAL = "zh-Hans", "zh-Hant"
TRADITIONAL_TAGS = frozenset({"hant", "tw", "hk", "mo"})  # script or region subtags
OLD_TRADITIONAL = "zt"  # LibreTranslate's code for Traditional Chinese before 1.7.0
NAMES = {SIMPLIFIED: "Chinese", TRADITIONAL: "Chinese (traditional)"}  # as LibreTranslate


def served_code(name: str) -> str:
    """The code the server answers with for a language as a client or a task names it:
    "zh", "zh-CN", "zh_hans" -> "zh-Hans"; "zh-TW", "zt" -> "zh-Hant"; "en-US" -> "en"; a
    language the studio's table lacks: its name in lower case."""
    key = name.strip().lower().replace("_", "-")
    if key == OLD_TRADITIONAL:
        return TRADITIONAL
    code = language_code(key) or key
    if code != "zh":
        return code
    subtags = set(key.split("-")[1:])
    return TRADITIONAL if subtags & TRADITIONAL_TAGS else SIMPLIFIED


def language_name(code: str) -> str:
    """ "Chinese" for "zh-Hans", "English" for "en"; the code itself for a language the
    table does not know."""
    return NAMES.get(code) or LANGUAGE_NAMES.get(code, code)
