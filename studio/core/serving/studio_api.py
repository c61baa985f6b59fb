"""The studio's own endpoints, beside LibreTranslate's: what a person checking a run
wants to see of each answer, which LibreTranslate's shape has no room for.

- POST /studio/translate {"text": "我喜欢猫。你呢？"} (optional "beam": 0 or 2 beams or
  more; "source" and "target" when the server translates more than one way, "source"
  may be "auto"): {"translation", "latency_ms" (from the request's arrival to its
  answer: the wait for the model included), "wait_ms" (of it, waiting for the model),
  "sentences", "from_cache", "engine", "decoding", "run", "source", "target",
  "warnings"} (what the model could not read as given: sentences cut at its length
  limit, characters it never saw).
- GET /health: what is loaded, by run folder name (never a path: the answer may be read
  by any program on the machine), the ways each translates, the cache and the queue.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from studio.core.messages import say
from studio.core.serving.language_codes import served_code
from studio.core.serving.libretranslate import AUTO
from studio.core.serving.request_fields import ApiError
from studio.core.serving.sentence_queue import RequestTurns
from studio.core.serving.text_answers import Asked, Service, answer_text, asked_decoding

FIELDS = ("text", "beam", "source", "target", "api_key")


def studio_translate(
    service: Service, fields: Mapping[str, Any], started: float, turns: RequestTurns
) -> dict:
    """POST /studio/translate; `started`: when the request arrived (time.perf_counter);
    `turns`: the request's turns at the model."""
    unknown = sorted(set(fields) - set(FIELDS))
    if unknown:
        raise ApiError(
            400,
            say(
                "unknown field {name}; the fields are {fields}",
                name=repr(unknown[0]),
                fields=", ".join(FIELDS),
            ),
        )
    text = fields.get("text")
    if text is None:
        raise ApiError(400, say('the request needs a "text" field: {{"text": "我喜欢猫。"}}'))
    if not isinstance(text, str):
        raise ApiError(400, say('"text" must be a string, got {type}', type=type(text).__name__))
    limit = service.limits.max_chars
    if len(text) > limit:
        raise ApiError(
            400,
            say(
                '"text" has {n} characters; this server takes at most {most} at once '
                "(--max-chars): send it in parts",
                n=len(text),
                most=limit,
            ),
        )
    source, target = _way_asked(service, fields)
    decoding = asked_decoding(fields.get("beam"), 0, service)
    answer = answer_text(service.runs, text, Asked(target, source, False, decoding), turns)
    return {
        "translation": answer.text,
        "latency_ms": round((time.perf_counter() - started) * 1000, 3),
        "wait_ms": round(turns.waited * 1000, 3),
        "sentences": answer.sentences,
        "from_cache": answer.from_cache,
        "engine": answer.engine,
        "decoding": decoding.label,
        "run": answer.run,
        "source": answer.source,
        "target": target,
        "warnings": answer.issues.messages(),
    }


def _way_asked(service: Service, fields: Mapping[str, Any]) -> tuple[str | None, str]:
    """(source, or None for "auto"; target): as given, or the one way served."""
    runs = service.runs
    source, target = fields.get("source"), fields.get("target")
    for name, value in (("source", source), ("target", target)):
        if value is not None and not isinstance(value, str):
            raise ApiError(
                400,
                say('"{name}" must be a language code, got {value}', name=name, value=repr(value)),
            )
    if target is None:
        if len(runs.ways) > 1:
            raise ApiError(
                400,
                say(
                    'this server translates {pairs}: say which with "source" and "target"',
                    pairs=runs.pairs_text(),
                ),
            )
        only = next(iter(runs.ways.values()))
        return (only.source if source is None else _source(source)), only.target
    return (None if source is None else _source(source)), served_code(target)


def _source(name: str) -> str | None:
    return None if name.strip().lower() == AUTO else served_code(name)


def health(service: Service) -> dict[str, Any]:
    """GET /health."""
    runs = service.runs.runs
    stats = [run.translator.cache.translations.stats() for run in runs]
    lookups = sum(s.lookups for s in stats)
    return {
        "status": "ok",
        "runs": [
            {
                "name": run.name,
                "engine": run.translator.backend.name,
                "ways": [way.name for way in run.ways],
            }
            for run in runs
        ],
        "decoding": service.decoding.label,
        "cache": {
            "entries": sum(s.entries for s in stats),
            "hit_rate": sum(s.hits for s in stats) / lookups if lookups else None,
        },
        "queue": {"waiting": service.queue.waiting, "served": service.queue.served},
    }
