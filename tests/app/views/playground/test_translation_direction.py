"""The playground's translation page picks the direction of a run trained both ways."""

from types import SimpleNamespace

import pytest

from studio.app.views.playground.answer import PlaygroundError
from studio.app.views.playground.answer_panel import AnswerPanel
from studio.app.views.playground.translation_page import TranslationPage
from studio.core.tasks.translation.config import TranslationConfig
from studio.core.tasks.translation.task import TranslationTask


def engine(both: bool):
    """A PyTorch engine of a zh->en run, without its model: a translation task and its settings."""
    task = TranslationTask.__new__(TranslationTask)  # its data is not needed here
    task.cfg = TranslationConfig(both_directions=both, source_lang="zh", target_lang="en")
    return SimpleNamespace(task=task)


def test_the_direction_tags_the_sentence_of_a_both_ways_run(qtbot):
    page = TranslationPage(AnswerPanel())
    qtbot.addWidget(page)
    assert page._directed("我喜欢茶。", engine(both=True)) == "<2en> 我喜欢茶。"
    page.direction.setCurrentIndex(1)  # the other way
    assert page._directed("I like tea.", engine(both=True)) == "<2zh> I like tea."
    with pytest.raises(PlaygroundError, match="one way only"):
        page._directed("I like tea.", engine(both=False))
    page.direction.setCurrentIndex(0)
    assert page._directed("我喜欢茶。", engine(both=False)) == "我喜欢茶。"  # untouched
