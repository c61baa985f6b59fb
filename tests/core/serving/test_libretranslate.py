"""LibreTranslate's API, spoken by the real clients from the registry (libretranslatepy,
deep-translator's LibreTranslator) and by requests shaped as the others send them
(Mastodon, LibreTranslate's web page), against a server on a free loopback port with a
tiny translation run. Each answer is checked against the run's own translations."""

import urllib.error
from html import escape

import pytest
from deep_translator import LibreTranslator
from deep_translator.exceptions import AuthorizationException, ServerException
from libretranslatepy import LibreTranslateAPI

from studio.core.config.decoding import GREEDY_DECODING, Decoding
from studio.core.serving.http_app import Access
from studio.core.serving.request_fields import ServeLimits
from studio.core.tasks.translation.decoding import translate
from studio.core.tasks.translation.sentences import split_sentences
from tests.helpers import held_out_sentences
from tests.support.servers import Servers, call

KEY = "s3cret-key"


@pytest.fixture(scope="module")
def servers():
    started = Servers()
    yield started
    started.stop()


@pytest.fixture(scope="module")
def base(servers, translation_run) -> str:
    """An open server (no key), its model in PyTorch."""
    return servers(translation_run).url


@pytest.fixture(scope="module")
def keyed(servers, translation_run) -> str:
    """A server that wants an API key."""
    return servers(translation_run, access=Access(api_keys=frozenset({KEY}))).url


@pytest.fixture(scope="module")
def sentences(translation_model):
    return held_out_sentences(translation_model[1], 8, 7)


@pytest.fixture(scope="module")
def expected(translation_model):
    """The run's own greedy translation of a text, sentence by sentence as the server
    cuts it (English joins sentences with a space)."""
    _, task, model = translation_model

    def of(text: str, decoding: Decoding = GREEDY_DECODING) -> str:
        parts = split_sentences(text)
        return " ".join(translate(model, task, parts, decoding)) if parts else ""

    return of


# ---- libretranslatepy


def test_libretranslatepy_translates_detects_and_lists_languages(base, sentences, expected):
    client = LibreTranslateAPI(base)
    assert client.translate(sentences[0], "zh", "en") == expected(sentences[0])
    assert client.languages() == [
        {"code": "zh-Hans", "name": "Chinese", "targets": ["en"]},
        {"code": "en", "name": "English", "targets": []},
    ]
    assert client.detect(sentences[1])[0] == {"confidence": 100.0, "language": "zh-Hans"}
    assert client.detect("I like cats.")[0]["language"] == "en"


def test_libretranslatepy_with_a_key_and_without(keyed, sentences, expected):
    assert LibreTranslateAPI(keyed, KEY).translate(sentences[0], "zh", "en") == expected(
        sentences[0]
    )
    for client in (LibreTranslateAPI(keyed), LibreTranslateAPI(keyed, "wrong")):
        with pytest.raises(urllib.error.HTTPError) as raised:
            client.translate(sentences[0], "zh", "en")
        assert raised.value.code == 403
    assert LibreTranslateAPI(keyed).languages()[0]["code"] == "zh-Hans"  # open without a key


def test_libretranslatepy_sees_400_and_429_as_http_errors_with_a_json_reason(
    servers, translation_run, base
):
    with pytest.raises(urllib.error.HTTPError) as raised:
        LibreTranslateAPI(base).translate("你好", "zh", "fr")
    assert raised.value.code == 400
    assert "no run here translates zh-Hans->fr" in raised.value.read().decode()
    slow = servers(translation_run, limits=ServeLimits(rate="1/minute")).url
    LibreTranslateAPI(slow).translate("你好", "zh", "en")
    with pytest.raises(urllib.error.HTTPError) as raised:
        LibreTranslateAPI(slow).translate("你好", "zh", "en")
    assert raised.value.code == 429 and int(raised.value.headers["Retry-After"]) >= 1


# ---- deep-translator


def test_deep_translator_translates_a_text_and_a_batch(base, sentences, expected):
    client = deep(base)
    assert client.translate(sentences[0]) == expected(sentences[0])
    batch = sentences[1:4]
    assert client.translate_batch(batch) == [expected(s) for s in batch]


def deep(base: str, key: str = "any", target: str = "en") -> LibreTranslator:
    """deep-translator's client (it insists on a key, which an open server ignores)."""
    return LibreTranslator(source="zh", target=target, api_key=key, custom_url=base + "/")


def test_deep_translator_raises_its_own_errors_on_403_400_and_429(
    servers, translation_run, base, keyed, sentences, expected
):
    with pytest.raises(AuthorizationException):
        deep(keyed, "wrong").translate(sentences[0])
    assert deep(keyed, KEY).translate(sentences[0]) == expected(sentences[0])
    with pytest.raises(ServerException, match="ERR_BAD_REQUEST"):  # no run writes French
        deep(base, target="fr").translate(sentences[0])
    slow = servers(translation_run, limits=ServeLimits(rate="1/minute")).url
    deep(slow).translate(sentences[0])
    with pytest.raises(ServerException, match="ERR_TOO_MANY_REQUESTS"):
        deep(slow).translate(sentences[1])


# ---- the fields as the API documents them, in each body a client may send


def test_a_list_answers_a_list_and_auto_says_what_it_detected(base, sentences, expected):
    status, body, _ = call(
        base + "/translate", {"q": sentences[:3], "source": "auto", "target": "en"}
    )
    assert status == 200
    assert body["translatedText"] == [expected(s) for s in sentences[:3]]
    assert body["detectedLanguage"] == [{"confidence": 100.0, "language": "zh-Hans"}] * 3
    status, body, _ = call(base + "/translate", {"q": sentences[0], "source": "zh", "target": "en"})
    assert "detectedLanguage" not in body and "alternatives" not in body


def test_alternatives_are_the_beams_next_best(base, sentences, expected, translation_model):
    _, task, model = translation_model
    asked = {"q": sentences[0], "source": "zh", "target": "en", "alternatives": 2}
    status, body, _ = call(base + "/translate", asked)
    assert status == 200
    assert body["translatedText"] == translate(model, task, [sentences[0]], Decoding.beam(3))[0]
    assert 1 <= len(body["alternatives"]) <= 2
    assert body["translatedText"] not in body["alternatives"]
    assert len(set(body["alternatives"])) == len(body["alternatives"])
    status, body, _ = call(base + "/translate", {**asked, "q": sentences[:2]})
    assert status == 200 and len(body["alternatives"]) == 2
    assert all(isinstance(others, list) for others in body["alternatives"])


def test_html_keeps_the_markup_and_translates_the_text(base, sentences, expected):
    a, b = sentences[:2]
    fragment = f'<p class="post">{a} <b>{b}</b></p><code>{a}</code><br/>'
    asked = {"q": fragment, "source": "zh", "target": "en", "format": "html"}
    status, body, _ = call(base + "/translate", asked)
    assert status == 200
    ta, tb = (escape(expected(s), quote=False) for s in (a, b))
    assert body["translatedText"] == f'<p class="post">{ta} <b>{tb}</b></p><code>{a}</code><br/>'


def test_form_multipart_and_query_string_bodies_as_libretranslate_reads_them(
    base, sentences, expected
):
    from urllib.parse import urlencode

    fields = {"q": sentences[0], "source": "zh", "target": "en"}
    want = expected(sentences[0])
    form = urlencode(fields).encode()
    status, body, _ = call(
        base + "/translate", form, content_type="application/x-www-form-urlencoded"
    )
    assert (status, body["translatedText"]) == (200, want)
    boundary = "studio-boundary"
    parts = "".join(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
        for name, value in fields.items()
    )
    multipart = (parts + f"--{boundary}--\r\n").encode()
    status, body, _ = call(
        base + "/translate", multipart, content_type=f"multipart/form-data; boundary={boundary}"
    )
    assert (status, body["translatedText"]) == (200, want)
    status, body, _ = call(base + "/translate?" + urlencode(fields), b"", content_type=None)
    assert (status, body["translatedText"]) == (200, want)


def test_mastodon_shaped_requests(keyed, sentences, expected):
    """Mastodon posts JSON with q a list, format html and api_key, and asks /languages
    with a JSON content type and no body, without its key."""
    posts = [f"<p>{s}</p>" for s in sentences[:2]]
    asked = {"q": posts, "source": "zh", "target": "en", "format": "html", "api_key": KEY}
    status, body, _ = call(keyed + "/translate", asked)
    assert status == 200
    assert body["translatedText"] == [
        f"<p>{escape(expected(s), quote=False)}</p>" for s in sentences[:2]
    ]
    status, languages, _ = call(keyed + "/languages", b"", method="GET")
    assert status == 200 and languages[0]["targets"] == ["en"]
    status, body, _ = call(keyed + "/translate", {**asked, "api_key": None})
    assert status == 403 and "needs an API key" in body["error"]


def test_the_web_pages_settings(base, keyed):
    status, settings, _ = call(base + "/frontend/settings")
    assert status == 200
    assert settings["charLimit"] == 5000 and settings["keyRequired"] is False
    assert settings["language"] == {
        "source": {"code": "auto", "name": "Auto Detect"},
        "target": {"code": "en", "name": "English"},
    }
    assert call(keyed + "/frontend/settings")[1]["keyRequired"] is True


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        ({"source": "zh", "target": "en"}, "missing q parameter"),
        ({"q": "你好", "target": "en"}, "missing source parameter"),
        ({"q": "你好", "source": "zh"}, "missing target parameter"),
        ({"q": "你好", "source": "zh", "target": "en", "format": "pdf"}, "format 'pdf'"),
        ({"q": [1, 2], "source": "zh", "target": "en"}, "a text or a list of texts"),
    ],
)
def test_what_is_missing_or_wrong_is_a_400_naming_it(base, asked, said):
    status, body, _ = call(base + "/translate", asked)
    assert status == 400 and said in body["error"]
