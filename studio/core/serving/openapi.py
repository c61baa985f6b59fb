"""GET /spec: the server's OpenAPI document, as LibreTranslate serves its own.

Clients ask for it to tell a LibreTranslate server from anything else at the address:
GNOME's Dialect takes an instance only when `info.title` is "LibreTranslate". It also
documents the API for a person: each endpoint, its fields (in a JSON body or a form: both
are read, request_fields.py) and its answers, LibreTranslate's first, then the studio's
own two.

References: the OpenAPI Specification 3.0.3; LibreTranslate's /spec (its title, its
endpoints' fields); Dialect's LibreTranslate provider (validate_instance).
"""

from __future__ import annotations

from typing import Any

import studio

TITLE = "LibreTranslate"  # what clients check, so not the studio's own name
ERROR = {"$ref": "#/components/schemas/Error"}
TEXT = {"type": "string"}
TEXTS = {"oneOf": [TEXT, {"type": "array", "items": TEXT}]}
CODE = {"type": "string", "description": 'a language code ("zh-Hans", "en"; any alias)'}


def _fields(required: list[str], **fields: dict[str, Any]) -> dict[str, Any]:
    """A request body of these fields, sent as JSON or as a form."""
    schema = {"type": "object", "required": required, "properties": fields}
    return {
        "required": True,
        "content": {
            "application/json": {"schema": schema},
            "application/x-www-form-urlencoded": {"schema": schema},
        },
    }


def _answers(ok: dict[str, Any], *errors: int) -> dict[str, Any]:
    """A 200 of schema `ok`, and the error statuses, each {"error": ...}."""
    out: dict[str, Any] = {
        "200": {"description": "OK", "content": {"application/json": {"schema": ok}}}
    }
    for status in errors:
        out[str(status)] = {
            "description": "an error",
            "content": {"application/json": {"schema": ERROR}},
        }
    return out


def _object(**properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties}


KEY = {"type": "string", "description": "the API key, when the server wants one"}
PATHS: dict[str, dict[str, Any]] = {
    "/translate": {
        "post": {
            "summary": "Translate a text, or a list of texts",
            "requestBody": _fields(
                ["q", "source", "target"],
                q=TEXTS,
                source={**CODE, "description": 'the language of q, or "auto"'},
                target=CODE,
                format={"type": "string", "enum": ["text", "html"], "default": "text"},
                alternatives={"type": "integer", "minimum": 0, "default": 0},
                api_key=KEY,
            ),
            "responses": _answers(
                _object(translatedText=TEXTS, detectedLanguage={}, alternatives={}),
                400,
                403,
                429,
                500,
            ),
        }
    },
    "/detect": {
        "post": {
            "summary": "The languages a text may be in, the likeliest first",
            "requestBody": _fields(["q"], q=TEXT, api_key=KEY),
            "responses": _answers(
                {"type": "array", "items": _object(confidence={}, language=CODE)}
            ),
        }
    },
    "/languages": {
        "get": {
            "summary": "Every language served, each with the languages it translates into",
            "responses": _answers(
                {"type": "array", "items": _object(code=CODE, name=TEXT, targets={})}
            ),
        }
    },
    "/frontend/settings": {
        "get": {
            "summary": "What clients read first: limits, key, suggestions",
            "responses": _answers(_object(charLimit={}, keyRequired={}, suggestions={})),
        }
    },
    "/suggest": {
        "post": {
            "summary": "Send a better translation (kept beside the run with serve --suggestions)",
            "requestBody": _fields(
                ["q", "s", "source", "target"], q=TEXT, s=TEXT, source=CODE, target=CODE
            ),
            "responses": _answers(_object(success={"type": "boolean"}), 400, 403, 507),
        }
    },
    "/spec": {"get": {"summary": "This document", "responses": _answers({"type": "object"})}},
    "/studio/translate": {
        "post": {
            "summary": "The studio's own: a translation with its latency, cache and warnings",
            "requestBody": _fields(["text"], text=TEXT, source=CODE, target=CODE, beam={}),
            "responses": _answers({"type": "object"}, 400, 403, 429, 500),
        }
    },
    "/health": {
        "get": {
            "summary": "The studio's own: what is loaded",
            "responses": _answers({"type": "object"}),
        }
    },
}


def spec() -> dict[str, Any]:
    """The OpenAPI document GET /spec answers."""
    return {
        "openapi": "3.0.3",
        "info": {
            "title": TITLE,
            "version": studio.__version__,
            "description": "GRPO Studio's translation runs, answering LibreTranslate's API",
        },
        "paths": PATHS,
        "components": {"schemas": {"Error": _object(error=TEXT)}},
    }
