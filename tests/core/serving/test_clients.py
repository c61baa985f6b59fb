"""The server as LibreTranslate's clients that are not Python packages talk to it, each
exchange shaped as the client's source sends it: GNOME's Dialect
(providers/modules/libretrans.py), Discourse's translator plugin
(discourse_translator/libre_translate.rb) and Weblate's machinery (a JSON batch in HTML);
the language codes every client names its languages with; and the web pages the user
names with --allow-origin. (The Python clients, libretranslatepy and deep-translator, and
Mastodon's shape are in test_libretranslate.py.)"""

import shutil
from html import escape
from urllib.parse import urlencode

import pytest

from studio.core.serving.http_app import Access
from studio.core.tasks.translation.decoding import translate
from studio.core.tasks.translation.sentences import split_sentences
from tests.helpers import held_out_sentences
from tests.support.servers import Servers, call

FORM = "application/x-www-form-urlencoded"
KEY = "dialect-key"


@pytest.fixture(scope="module")
def servers():
    started = Servers()
    yield started
    started.stop()


@pytest.fixture(scope="module")
def base(servers, translation_run) -> str:
    return servers(translation_run).url


@pytest.fixture(scope="module")
def sentences(translation_model):
    return held_out_sentences(translation_model[1], 8, 5)


@pytest.fixture(scope="module")
def expected(translation_model):
    """The run's own greedy translation of a text, sentence by sentence as the server
    cuts it (English joins sentences with a space)."""
    _, task, model = translation_model

    def of(text: str) -> str:
        return " ".join(translate(model, task, split_sentences(text)))

    return of


def form(url: str, fields: dict) -> tuple[int, object, object]:
    return call(url, urlencode(fields).encode(), content_type=FORM)


# ---- Dialect


def test_a_dialect_shaped_exchange(servers, translation_run, sentences, expected, tmp_path):
    """Dialect takes an instance whose /spec is titled LibreTranslate, reads /languages
    and /frontend/settings (its features from suggestions, apiKeys, keyRequired), then
    translates in JSON, and detects and suggests with forms."""
    run = shutil.copytree(translation_run, tmp_path / "run")  # the suggestion goes there
    url = servers(run, access=Access(api_keys=frozenset({KEY})), suggestions=True).url
    status, spec, _ = call(url + "/spec")  # asked before it has a key
    assert status == 200 and spec["info"]["title"] == "LibreTranslate"
    assert {"/translate", "/detect", "/languages", "/suggest"} <= set(spec["paths"])
    status, languages, _ = call(url + "/languages")
    assert status == 200 and [(lang["code"], lang["name"]) for lang in languages] == [
        ("zh-Hans", "Chinese"),
        ("en", "English"),
    ]
    _, settings, _ = call(url + "/frontend/settings")
    assert (settings["suggestions"], settings["apiKeys"], settings["keyRequired"]) == (
        True,
        True,
        True,
    )
    assert int(settings["charLimit"]) == 5000
    asked = {"q": sentences[0], "source": "zh-Hans", "target": "en", "api_key": KEY}
    status, body, _ = call(url + "/translate", asked)
    assert status == 200 and body == {"translatedText": expected(sentences[0])}
    status, body, _ = call(url + "/translate", {**asked, "source": "auto"})
    assert body["detectedLanguage"]["language"] == "zh-Hans"  # one of /languages' codes
    status, found, _ = form(url + "/detect", {"q": "hello", "api_key": KEY})
    assert status == 200 and "confidence" in found[0]  # Dialect's check of a key
    suggestion = {"q": sentences[0], "source": "zh-Hans", "target": "en", "s": "A better one."}
    status, body, _ = form(url + "/suggest", {**suggestion, "api_key": KEY})
    assert (status, body) == (200, {"success": True})
    assert (run / "suggestions.tsv").read_text(encoding="utf-8").splitlines()[1:] == [
        f"{sentences[0]}\tA better one."
    ]


def test_dialect_without_suggestions_sees_them_off_and_gets_libretranslates_refusal(
    base, sentences
):
    _, settings, _ = call(base + "/frontend/settings")
    assert settings["suggestions"] is False and settings["keyRequired"] is False
    asked = {"q": sentences[0], "source": "zh-Hans", "target": "en", "s": "Better."}
    status, body, _ = form(base + "/suggest", asked)
    assert (status, body) == (403, {"error": "Suggestions are disabled on this server."})


# ---- Discourse


def test_a_discourse_shaped_exchange(base, sentences, expected):
    """Discourse detects a post's language with a form (its key always sent, empty when
    it has none), checks that the detected code and its target are among /languages'
    codes, then translates the post's HTML with a form."""
    post = f"<p>{sentences[0]}</p>\n<p>{sentences[1]}</p>"
    status, found, _ = form(base + "/detect", {"q": sentences[0] + sentences[1], "api_key": ""})
    assert status == 200
    detected = found[0]["language"]
    _, languages, _ = call(base + "/languages", b"", method="GET", content_type=None)
    codes = {lang["code"] for lang in languages}
    assert detected in codes and "en" in codes  # Discourse's translate_supported?
    fields = {"q": post, "source": detected, "target": "en", "format": "html", "api_key": ""}
    status, body, _ = form(base + "/translate", fields)
    assert status == 200
    a, b = (escape(expected(s), quote=False) for s in sentences[:2])
    assert body["translatedText"] == f"<p>{a}</p>\n<p>{b}</p>"


# ---- Weblate (and Mastodon's batches): JSON, q a list, format html


def test_a_weblate_shaped_batch_answers_each_text_in_order_with_its_markup(
    base, sentences, expected
):
    texts = [f'<span class="x">{s}</span>' for s in sentences[:3]] + ["<br/>", sentences[3]]
    asked = {"q": texts, "source": "zh_Hans", "target": "en", "format": "html", "api_key": ""}
    status, body, _ = call(base + "/translate", asked)
    assert status == 200
    want = [f'<span class="x">{escape(expected(s), quote=False)}</span>' for s in sentences[:3]]
    assert body["translatedText"] == [*want, "<br/>", escape(expected(sentences[3]), quote=False)]


# ---- language codes


@pytest.mark.parametrize(
    "code", ["zh", "zh-Hans", "zh-hans", "ZH-HANS", "zh_Hans", "zh-CN", "zh_cn", "cmn", "Chinese"]
)
def test_every_alias_of_chinese_reaches_the_run_and_is_answered_as_zh_hans(
    base, sentences, expected, code
):
    status, body, _ = call(base + "/translate", {"q": sentences[0], "source": code, "target": "EN"})
    assert (status, body["translatedText"]) == (200, expected(sentences[0]))
    status, body, _ = call(
        base + "/translate", {"q": sentences[0], "source": "auto", "target": "en-US"}
    )
    assert body["detectedLanguage"]["language"] == "zh-Hans"


@pytest.mark.parametrize("code", ["zh-TW", "zh-Hant", "zh_hant", "zt", "zh-HK"])
def test_traditional_chinese_is_another_language_than_a_simplified_run(base, code):
    status, body, _ = call(base + "/translate", {"q": "你好", "source": code, "target": "en"})
    assert status == 400
    assert body["error"].startswith("no run here translates zh-Hant->en")


# ---- web pages: none, or exactly the origins the user names


def test_only_a_named_origin_gets_cors_headers_and_its_preflight(servers, translation_run):
    page = "https://example.org"
    url = servers(translation_run, access=Access(origins=(page + "/",))).url
    asked = {"q": "你好", "source": "zh", "target": "en"}
    status, _, headers = call(url + "/translate", asked, headers={"Origin": page})
    assert status == 200 and headers["Access-Control-Allow-Origin"] == page
    assert headers["Vary"] == "Origin"
    status, _, headers = call(url + "/translate", asked, headers={"Origin": "https://other.org"})
    assert status == 403 and "Access-Control-Allow-Origin" not in headers
    status, _, headers = call(url + "/translate", asked)  # a program: no Origin, no CORS
    assert status == 200 and "Access-Control-Allow-Origin" not in headers
    preflight = {"Origin": page, "Access-Control-Request-Method": "POST"}
    status, headers = options(url + "/translate", preflight)
    assert status == 204 and headers["Access-Control-Allow-Origin"] == page
    assert "POST" in headers["Access-Control-Allow-Methods"]
    assert "Content-Type" in headers["Access-Control-Allow-Headers"]
    status, headers = options(url + "/translate", {**preflight, "Origin": "https://other.org"})
    assert status == 403 and "Access-Control-Allow-Origin" not in headers


def test_without_allow_origin_no_answer_carries_a_cors_header(base):
    for origin in (None, "moz-extension://1f2e3d"):
        headers = {} if origin is None else {"Origin": origin}
        status, _, got = call(base + "/languages", headers=headers)
        assert status == 200 and "Access-Control-Allow-Origin" not in got


def options(url: str, headers: dict[str, str]) -> tuple[int, object]:
    """(status, headers) of an OPTIONS request, as a browser's preflight sends it."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, method="OPTIONS", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as err:
        return err.code, err.headers
