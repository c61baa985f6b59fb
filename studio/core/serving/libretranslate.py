"""LibreTranslate's API, answered by the studio's runs: the local machine-translation API
that existing programs already speak (the libretranslatepy and deep-translator clients,
editor and browser add-ons, Mastodon's LibreTranslate setting).

- POST /translate: `q` (a text, or a list of texts), `source` (a language code or
  "auto"), `target`, `format` ("text", or "html": the text translated, the markup kept),
  `alternatives` (how many other translations, from the beam's next best), `api_key`;
  answers `translatedText` (a text, or a list matching q), `detectedLanguage`
  ({"confidence": 0-100, "language"}, one per text of a list) when the source was
  "auto", and `alternatives` (a list, or a list per text) when asked for. A `beam` field
  (0 or 2 beams or more) is the studio's own addition; other clients never send it.
- GET /languages: [{"code", "name", "targets"}] for every language served.
- POST /detect: `q`; [{"confidence", "language"}], the likeliest first, among the
  languages the runs translate from.
- GET /frontend/settings: what LibreTranslate's web page and clients read first (its
  limits, whether a key is needed, whether suggestions are taken, the languages it
  starts on).
- POST /suggest: `q`, `s` (a better translation of q), `source`, `target`; kept beside
  the run that translates that way (suggestion_box.py) when the server was started with
  --suggestions, answered {"success": true}; otherwise LibreTranslate's own refusal, 403
  "Suggestions are disabled on this server."
- GET /spec: the OpenAPI document (openapi.py), titled "LibreTranslate" as clients check.

Language codes are read as clients send them, any case or separator ("zh", "zh-CN",
"zh_Hans") and answered as LibreTranslate reports them ("zh-Hans"): language_codes.py.

The fields come as a JSON object, a form or the query string (request_fields.py);
errors are {"error": "..."} with LibreTranslate's statuses: 400 for what the request
asks, 403 for a missing or wrong key, 429 to slow down, 500 when the model fails.

References: LibreTranslate's API documentation (https://docs.libretranslate.com, "API
Usage"; its /spec); the clients' sources (libretranslatepy's api.py, deep-translator's
libre.py, Mastodon's translation_service/libre_translate.rb, Discourse's
discourse_translator/libre_translate.rb, Dialect's providers/modules/libretrans.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from studio.core.messages import say
from studio.core.serving.language_codes import language_name, served_code
from studio.core.serving.request_fields import ApiError, bounded_number
from studio.core.serving.sentence_queue import RequestTurns
from studio.core.serving.text_answers import Asked, Service, TextAnswer, answer_text, asked_decoding

AUTO = "auto"
FORMATS = ("text", "html")
FRONTEND_TIMEOUT_MS = 500  # how long LibreTranslate's page waits after typing stops


def texts_of(q: Any, service: Service) -> tuple[list[str], bool]:
    """(the texts, whether q was a list), within the server's bounds; else ApiError 400."""
    limits = service.limits
    if q is None or q == "" or q == []:
        raise ApiError(400, say("Invalid request: missing q parameter (the text to translate)"))
    batch = isinstance(q, list)
    texts = q if batch else [q]
    if not all(isinstance(t, str) for t in texts):
        raise ApiError(400, say("q must be a text or a list of texts"))
    if len(texts) > limits.max_items:
        raise ApiError(
            400,
            say(
                "q has {n} texts; this server takes at most {most} at once (--max-items)",
                n=len(texts),
                most=limits.max_items,
            ),
        )
    chars = sum(len(t) for t in texts)
    if chars > limits.max_chars:
        raise ApiError(
            400,
            say(
                "q has {n} characters; this server takes at most {most} at once "
                "(--max-chars): send the text in parts",
                n=chars,
                most=limits.max_chars,
            ),
        )
    return texts, batch


def required(fields: Mapping[str, Any], name: str) -> str:
    value = fields.get(name)
    if not isinstance(value, str) or not value.strip():
        raise ApiError(
            400, say("Invalid request: missing {name} parameter (a language code)", name=name)
        )
    return value


def detected(answer: TextAnswer) -> dict[str, Any]:
    return {"confidence": round(answer.confidence * 100, 1), "language": answer.source}


def source_language(fields: Mapping[str, Any]) -> str | None:
    """The request's source as a served code; None for "auto"."""
    name = required(fields, "source")
    return None if name.strip().lower() == AUTO else served_code(name)


def translate(service: Service, fields: Mapping[str, Any], turns: RequestTurns) -> dict[str, Any]:
    """POST /translate, each sentence the cache lacks run in `turns` (the request's turns
    at the model, which also add up its wait)."""
    texts, batch = texts_of(fields.get("q"), service)
    source = source_language(fields)
    target = served_code(required(fields, "target"))
    text_format = fields.get("format") or "text"
    if text_format not in FORMATS:
        raise ApiError(
            400,
            say(
                'format {format} is not supported; send "text" or "html"',
                format=repr(text_format),
            ),
        )
    alternatives = bounded_number(
        fields.get("alternatives", 0),
        "alternatives",
        0,
        service.limits.max_alternatives,
        "--max-alternatives",
    )
    decoding = asked_decoding(fields.get("beam"), alternatives, service)
    asked = Asked(target, source, text_format == "html", decoding, alternatives)
    answers = [answer_text(service.runs, text, asked, turns) for text in texts]
    body: dict[str, Any] = {
        "translatedText": [a.text for a in answers] if batch else answers[0].text
    }
    if source is None:
        found = [detected(a) for a in answers]
        body["detectedLanguage"] = found if batch else found[0]
    if alternatives:
        others = [a.alternatives for a in answers]
        body["alternatives"] = others if batch else others[0]
    return body


def detect(service: Service, fields: Mapping[str, Any]) -> list[dict[str, Any]]:
    """POST /detect: the languages the text may be in, the likeliest first."""
    texts, _ = texts_of(fields.get("q"), service)
    ranked = service.runs.detect("\n".join(texts))
    return [{"confidence": round(c * 100, 1), "language": lang} for lang, c in ranked]


def languages(service: Service) -> list[dict[str, Any]]:
    """GET /languages: every language served, each with the languages it translates into."""
    runs = service.runs
    return [
        {"code": code, "name": language_name(code), "targets": runs.targets(code)}
        for code in runs.languages
    ]


def frontend_settings(service: Service, key_required: bool) -> dict[str, Any]:
    """GET /frontend/settings, the fields LibreTranslate's web page and clients read."""
    first = next(iter(service.runs.ways.values()))
    return {
        "charLimit": service.limits.max_chars,
        "frontendTimeout": FRONTEND_TIMEOUT_MS,
        "apiKeys": key_required,
        "keyRequired": key_required,
        "suggestions": service.suggestions is not None,
        "filesTranslation": False,
        "supportedFilesFormat": [],
        "language": {
            "source": {"code": AUTO, "name": "Auto Detect"},
            "target": {"code": first.target, "name": language_name(first.target)},
        },
    }


def suggest(service: Service, fields: Mapping[str, Any]) -> dict[str, Any]:
    """POST /suggest: the correction kept beside the run that translates its way."""
    box = service.suggestions
    if box is None:
        raise ApiError(403, say("Suggestions are disabled on this server."))
    texts = {name: _suggested_text(fields, name, service) for name in ("q", "s")}
    source = source_language(fields)
    if source is None:
        raise ApiError(400, say('a suggestion needs the language of q as "source", not "auto"'))
    way = service.runs.way(source, served_code(required(fields, "target")))
    box.add(way, texts["q"], texts["s"])
    return {"success": True}


def _suggested_text(fields: Mapping[str, Any], name: str, service: Service) -> str:
    """Field `name` of a suggestion: a text of at most --max-chars characters."""
    value = fields.get(name)
    if not isinstance(value, str) or not value.strip():
        raise ApiError(400, say("Invalid request: missing {name} parameter", name=name))
    if len(value) > service.limits.max_chars:
        raise ApiError(
            400,
            say(
                "{name} has {n} characters; this server takes at most {most} (--max-chars)",
                name=name,
                n=len(value),
                most=service.limits.max_chars,
            ),
        )
    return value
