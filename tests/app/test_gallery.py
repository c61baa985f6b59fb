"""The preset gallery lists the quickest presets first and says how long each takes."""

from studio.app.setup.preset_gallery import PresetGallery, duration_text
from studio.core.catalogue import load_config
from studio.core.config.preset_files import preset_files


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


def test_a_lesson_whose_warm_start_is_missing_warns_on_its_card_and_start_says_why(
    qtbot, window, tmp_path, monkeypatch
):
    """The quick translation lesson starts from a shipped warm start: without the file (a
    partial install) its card says so before anything is pressed, and Start refuses in one
    line that says what to do; with the file, no warning."""
    from studio.core.runs import warm_start

    gallery = PresetGallery(count_now=False)
    qtbot.addWidget(gallery)
    card = gallery.cards["quick_translation"]
    assert card.warning.isHidden() and not card.warning.text()

    monkeypatch.setattr(warm_start, "shipped_file", lambda *parts: tmp_path.joinpath(*parts))
    gallery = PresetGallery(count_now=False)
    qtbot.addWidget(gallery)
    card = gallery.cards["quick_translation"]
    assert not card.warning.isHidden()
    text = card.warning.text()
    assert "warm start is missing" in text and "reinstall GRPO Studio" in text
    assert "tools/make_warm_start.py" in text
    assert all(c.warning.isHidden() for k, c in gallery.cards.items() if k != "quick_translation")

    assert window.load_preset("quick_translation")
    assert not window.session.start()
    assert not window.session.controller.running
    assert len(window.errors) == 1 and "quick_translation.pt is missing" in window.errors[0]
    assert "reinstall GRPO Studio" in window.errors[0]
    # Reset and a side-by-side experiment start from step 0 too: the same one line
    assert not window.session.restart()
    experiment = [
        {"label": "G=4", "settings": {"grpo.num_generations": 4}},
        {"label": "G=8", "settings": {"grpo.num_generations": 8}},
    ]
    assert not window.session.start_experiment(experiment)
    assert not window.session.controller.running
    assert len(window.errors) == 3 and window.errors[1] == window.errors[2] == window.errors[0]
