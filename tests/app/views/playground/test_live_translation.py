"""The translation page's live box in the real window, with a tiny real run and its real
ONNX export: typing updates the translation, a newer edit cancels an older translation,
the GUI thread never waits for the model, and the answers are the button's."""

import itertools
import time

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from studio.app.views.playground.tab import PlaygroundTab
from studio.app.views.playground.translation_live_box import SETTINGS_KEY
from studio.app.views.playground.translation_page import TranslationPage
from studio.core.tasks.translation.decoding import translate
from tests.helpers import held_out_sentences


@pytest.fixture(scope="module")
def sentences(translation_model):
    return held_out_sentences(translation_model[1], 10, 4)


def live_page(qtbot, window, run_dir, engine="Both") -> tuple:
    """The loaded run's translation page with live mode on."""
    window.session.run_dir = str(run_dir)
    tab = window.view(PlaygroundTab)
    tab.engine.setCurrentText(engine)
    with qtbot.waitSignal(tab.loaded, timeout=30_000):
        tab.load()
    page = tab.page
    assert isinstance(page, TranslationPage)
    page.live_mode.setChecked(True)
    return tab, page


def type_in(editor, text: str) -> None:
    """Type `text` character by character, as an input method commits Chinese."""
    for ch in text:
        event = QInputMethodEvent("", [])
        event.setCommitString(ch)
        QApplication.sendEvent(editor, event)


def typed_update(qtbot, page, text: str, timeout: int = 30_000) -> list:
    """Type `text` into the live box; the updates shown once the typing went quiet."""
    with qtbot.waitSignal(page.live.updated, timeout=timeout) as shown:
        type_in(page.live.editor, text)
    return shown.args[0]


def slow_steps(monkeypatch, model, seconds: float) -> list[float]:
    """Make every decoder step of `model` take `seconds` longer; the times they began."""
    began: list[float] = []
    step = model.decode_step

    def slow(*args, **kwargs):
        began.append(time.perf_counter())
        time.sleep(seconds)
        return step(*args, **kwargs)

    monkeypatch.setattr(model, "decode_step", slow)
    return began


def test_typing_updates_the_translation_sentence_by_sentence(
    qtbot, window, translation_run, translation_model, sentences
):
    _, task, model = translation_model
    tab, page = live_page(qtbot, window, translation_run)
    a, b = sentences[:2]
    one = {s: translate(model, task, [s])[0] for s in (a, b)}

    updates = typed_update(qtbot, page, a)
    assert [u.engine for u in updates] == ["PyTorch", "ONNX"]
    assert [u.text for u in updates] == [one[a], one[a]]
    for name in ("PyTorch", "ONNX"):
        column = tab.answers.columns[name]
        assert column.answer.text() == one[a] and "latency" in column.latency.text()
    assert "PyTorch and ONNX give the same answer" in tab.answers.verdict.text()

    updates = typed_update(qtbot, page, b)  # a second sentence: the first is cached
    assert [u.text for u in updates] == [f"{one[a]} {one[b]}"] * 2
    assert [(u.from_cache, u.translated) for u in updates] == [(1, 1), (1, 1)]
    assert "1 of 2 sentences from the cache" in page.live.status.text()

    with qtbot.waitSignal(page.live.updated, timeout=30_000) as shown:
        for _ in b:  # backspace back to the first sentence alone: all from the cache
            QTest.keyClick(page.live.editor, Qt.Key_Backspace)
    assert [(u.text, u.translated) for u in shown.args[0]] == [(one[a], 0), (one[a], 0)]
    assert window.errors == []


def test_the_live_translation_equals_the_buttons(qtbot, window, translation_run, sentences):
    tab, page = live_page(qtbot, window, translation_run)
    for decoding, beam in (("greedy", 4), ("beam", 3)):
        page.decoding.setCurrentIndex(page.decoding.findData(decoding))
        page.beam_size.setValue(beam)
        for sentence in sentences[2:5]:
            page.live_mode.setChecked(True)
            page.live.editor.clear()
            updates = typed_update(qtbot, page, sentence)
            page.live_mode.setChecked(False)
            page.sentence.setText(sentence)
            with qtbot.waitSignal(tab.answered, timeout=30_000) as blocker:
                page.button.click()
            pressed = {a.engine: a.texts for a in blocker.args[0]}
            assert [u.text for u in updates][0:1] == pressed["PyTorch"]
            if decoding == "greedy":  # the button's ONNX decodes greedily only
                assert [updates[1].text] == pressed["ONNX"]
    assert window.errors == []


def test_a_fast_second_edit_cancels_the_first(
    qtbot, window, translation_run, sentences, monkeypatch
):
    tab, page = live_page(qtbot, window, translation_run, engine="PyTorch")
    model, task = tab.torch_engine.model, tab.torch_engine.task
    a, b = sentences[5:7]
    began = slow_steps(monkeypatch, model, 0.03)
    one = {s: translate(model, task, [s])[0] for s in (a, b)}
    full = len(began)  # decoder steps whole translations of a and b take
    began.clear()

    cancelled, shown = [], []
    page.live.cancelled.connect(lambda: cancelled.append(1))
    page.live.updated.connect(shown.append)
    with qtbot.waitSignal(page.live.edited, timeout=5_000):
        type_in(page.live.editor, a)
    qtbot.waitUntil(lambda: len(began) >= 2, timeout=10_000)  # a is being translated
    with qtbot.waitSignal(page.live.updated, timeout=30_000):
        type_in(page.live.editor, b)  # the second edit, before a's translation ended
    assert cancelled == [1]
    assert len(shown) == 1 and shown[0][0].text == f"{one[a]} {one[b]}"
    # a was translated once in full (after the edit) and once only in part
    assert len(began) < full + full
    assert window.errors == []


def test_the_gui_thread_never_waits_during_a_burst_of_edits(
    qtbot, window, translation_run, sentences, monkeypatch
):
    tab, page = live_page(qtbot, window, translation_run, engine="PyTorch")
    slow_steps(monkeypatch, tab.torch_engine.model, 0.05)
    ticks: list[float] = []
    probe = QTimer(window)
    probe.setInterval(10)
    probe.timeout.connect(lambda: ticks.append(time.perf_counter()))
    edits, cancelled, shown = [], [], []
    page.live.edited.connect(lambda: edits.append(1))
    page.live.cancelled.connect(lambda: cancelled.append(1))
    page.live.updated.connect(shown.append)

    probe.start()
    text = "".join(sentences[7:9])
    for i, ch in enumerate(text):
        type_in(page.live.editor, ch)
        qtbot.wait(40 if i % 3 else 220)  # bursts, with pauses that start translations
    qtbot.waitUntil(lambda: page.live.running is None and bool(shown), timeout=60_000)
    probe.stop()
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert len(edits) >= 3 and len(cancelled) >= 2  # translations ran and were replaced
    assert shown[-1][0].seconds > 0.3  # each would have frozen the window that long
    assert max(gaps) < 0.25

    # the probe does see a blocked GUI thread: the button translates on it
    page.live_mode.setChecked(False)
    page.sentence.setText(sentences[7])
    ticks.clear()
    probe.start()
    QTimer.singleShot(50, page.button.click)
    qtbot.waitSignal(tab.answered, timeout=30_000).wait()
    qtbot.wait(50)
    probe.stop()
    assert max(b - a for a, b in itertools.pairwise(ticks)) > 0.3
    assert window.errors == []


def test_the_cache_size_is_a_kept_setting(qtbot, window, translation_run, sentences):
    _, page = live_page(qtbot, window, translation_run, engine="PyTorch")
    page.live.cache_size.setValue(50)
    assert int(QSettings().value(SETTINGS_KEY)) == 50
    typed_update(qtbot, page, sentences[0])
    (translator,) = [t for _, t in page.live._translators.values()]
    assert translator.cache.translations.maxsize == 50
    page.live.cache_size.setValue(20)
    assert translator.cache.translations.maxsize == 20
    another = TranslationPage(window.view(PlaygroundTab).answers)  # a window opened later
    qtbot.addWidget(another)
    assert another.live.cache_size.value() == 20
