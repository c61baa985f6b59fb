"""The Playground tab fits a 1280x800 window with the Setup and Log docks at their
default sizes: the live translation box and long answers stay inside the tab."""

import pytest
from PySide6.QtCore import QPoint

from studio.app.views.playground.answer import Answer
from studio.app.views.playground.tab import PlaygroundTab
from studio.app.views.playground.translation_page import TranslationPage


@pytest.mark.qt_log_ignore("propagateSizeHints")  # an offscreen window shown
def test_the_live_translation_box_and_its_answers_fit_at_1280x800(qtbot, window):
    assert window.load_preset("tiny_transformer")
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    tab = window.view(PlaygroundTab)
    window.tabs.setCurrentWidget(tab)
    page = tab.page
    assert isinstance(page, TranslationPage)
    page.live_mode.setChecked(True)
    long = "\n".join(["A sentence long enough to wrap in its column, twice over. " * 2] * 8)
    tab.answers.show_answers([Answer("PyTorch", [long], 0.01), Answer("ONNX", [long], 0.01)])
    column = tab.answers.columns["PyTorch"]
    label = column.answer
    # laid out as on screen: the answer's label has grown to its wrapped text
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()) > 100)
    viewport = tab.parentWidget()  # the tab's scroll area's viewport: what is on screen
    assert tab.height() <= viewport.height(), "the tab scrolls: its bottom is cut"
    for widget in (page.live.editor, page.live.cache_size, column.latency, tab.answers.verdict):
        bottom = widget.mapTo(tab, QPoint(0, widget.height())).y()
        assert widget.isVisible() and bottom <= viewport.height(), widget
    assert page.live.editor.height() >= 4 * page.live.editor.fontMetrics().lineSpacing()
    assert label.text().startswith("A sentence")  # all of it, scrolling in its column
