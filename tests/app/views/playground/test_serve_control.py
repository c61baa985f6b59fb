"""The playground's Serve button in the real window: the run in use answers LibreTranslate's
API at the address the window shows, and stopping lets go of the port."""

import re
import socket

import pytest

from studio.app.views.playground.grid_page import GridPage
from studio.app.views.playground.tab import PlaygroundTab
from studio.app.views.playground.translation_page import TranslationPage
from studio.core.tasks.translation.decoding import translate
from studio.core.tasks.translation.sentences import split_sentences
from tests.helpers import held_out_sentences
from tests.support.i18n_walk import english_words, window_texts
from tests.support.servers import call


def shown_url(tab: PlaygroundTab) -> str:
    found = re.search(r"http://127\.0\.0\.1:\d+", tab.serve.address.text())
    assert found, tab.serve.address.text()
    return found.group(0)


def test_serve_answers_at_the_address_shown_and_stop_frees_the_port(
    qtbot, window, translation_run, translation_model
):
    tab = window.view(PlaygroundTab)
    window.session.open_run(str(translation_run))
    assert isinstance(tab.page, TranslationPage) and tab.serve.isVisibleTo(tab)
    with qtbot.waitSignal(tab.serve.serving, timeout=30_000):
        tab.serve.button.click()
        # the model loads on a pool thread: the window goes on meanwhile
        assert not tab.serve.button.isEnabled()
    url = shown_url(tab)
    assert translation_run.name in tab.serve.address.text()
    assert tab.serve.button.text() == "Stop serving"

    _, task, model = translation_model
    sentence = held_out_sentences(task, 1, 3)[0]
    status, body, _ = call(f"{url}/translate", {"q": sentence, "source": "zh", "target": "en"})
    assert status == 200
    assert body["translatedText"] == " ".join(translate(model, task, split_sentences(sentence)))
    status, languages, _ = call(f"{url}/languages")
    # Chinese as current LibreTranslate reports it
    assert status == 200 and {lang["code"] for lang in languages} >= {"zh-Hans"}

    port = int(url.rsplit(":", 1)[1])
    with qtbot.waitSignal(tab.serve.stopped, timeout=10_000):
        tab.serve.button.click()
    assert tab.serve.server is None and tab.serve.address.text() == ""
    assert tab.serve.button.text() == "Serve"
    with socket.socket() as sock:  # the port is free again: nothing listens, it binds
        assert sock.connect_ex(("127.0.0.1", port)) != 0
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
    assert window.errors == []


def test_serve_is_offered_for_translation_runs_and_says_when_there_is_no_run(
    qtbot, window, translation_run
):
    tab = window.view(PlaygroundTab)
    assert window.load_preset("quick_grid_world")
    assert isinstance(tab.page, GridPage) and not tab.serve.isVisibleTo(tab)
    assert not tab.serve.start()  # no run in use: a dialog says what to do
    assert window.errors and "Start a run" in window.errors[-1]
    window.session.open_run(str(translation_run))
    assert tab.serve.isVisibleTo(tab)


def test_a_second_server_takes_another_port_when_the_first_holds_it(translation_run):
    from studio.app.views.playground.serve_control import serve_run

    first = serve_run(translation_run, port=0)
    try:
        second = serve_run(translation_run, port=first.port)  # busy: any free port
        try:
            assert second.port != first.port
            status, _, _ = call(f"{second.url}/languages")
            assert status == 200
        finally:
            second.stop()
    finally:
        first.stop()


@pytest.fixture
def chinese(qapp):
    from studio.app.shell import ui_language

    assert ui_language.install(ui_language.CHINESE)
    yield
    ui_language.remove()


def test_serving_in_chinese_shows_no_english(chinese, qtbot, window, translation_run):
    tab = window.view(PlaygroundTab)
    window.session.open_run(str(translation_run))
    with qtbot.waitSignal(tab.serve.serving, timeout=30_000):
        tab.serve.button.click()
    try:
        assert tab.serve.button.text() == "停止服务"
        texts = [(w, t.replace(translation_run.name, "")) for w, t in window_texts(tab.serve)]
        english = [(w, t) for w, t in texts if english_words(t)]  # the run's name is data
        assert english == []
        assert "http://127.0.0.1:" in tab.serve.address.text()
    finally:
        with qtbot.waitSignal(tab.serve.stopped, timeout=10_000):
            tab.serve.button.click()
    assert tab.serve.button.text() == "提供服务"
