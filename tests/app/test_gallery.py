"""The preset gallery lists the quickest presets first and says how long each takes."""

from studio.app.setup.preset_gallery import PresetGallery, duration_text
from studio.core.config import load_config, preset_files


def test_cards_come_quickest_first_and_say_how_long_a_run_takes(qtbot):
    gallery = PresetGallery(count_now=False)
    qtbot.addWidget(gallery)
    order = [k for k in gallery.cards if k in preset_files()]  # the lessons come after
    assert list(gallery.cards)[: len(order)] == order
    minutes = [load_config(preset_files()[k]).ui.minutes for k in order]
    measured = [m for m in minutes if m is not None]
    assert measured == sorted(measured) and minutes[: len(measured)] == measured
    assert order[0].startswith("quick_")  # a newcomer meets a quick preset first
    card = gallery.cards["micro_gpt"]
    assert card.duration.text() == "About 6 minutes on a 2-core laptop CPU"


def test_duration_words():
    assert duration_text(None) == ""
    assert duration_text(1.2) == "About a minute on a 2-core laptop CPU"
    assert duration_text(7.6) == "About 8 minutes on a 2-core laptop CPU"


def test_every_shipped_preset_says_its_time():
    for key, path in preset_files().items():
        assert load_config(path).ui.minutes is not None, key


def test_every_task_and_architecture_has_a_tag_that_chinese_says(qapp):
    from studio.app.setup.preset_gallery import TAGS, PresetSummary, card_details
    from studio.app.shell import ui_language
    from studio.core.models import ARCHS
    from studio.core.tasks import TASKS

    assert set(TAGS) == set(TASKS) | set(ARCHS)
    summary = PresetSummary("n", "", "micro-gpt", "arithmetic", "2 layers", 1000, 10**6)
    assert card_details(summary).startswith("arithmetic · micro-gpt")
    assert ui_language.install(ui_language.CHINESE)
    try:
        line = card_details(summary)
        assert "arithmetic" not in line and "micro-gpt" not in line
    finally:
        ui_language.remove()
