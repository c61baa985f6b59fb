"""The preset gallery lists the quickest presets first; how long a run takes is said only
as measured on this machine (the settings' estimate, on the card in use)."""

from studio.app.setup.preset_gallery import PresetGallery
from studio.core.catalogue import load_config
from studio.core.config.preset_files import preset_files


def test_cards_come_quickest_first_and_claim_no_time_not_measured_here(qtbot):
    gallery = PresetGallery(count_now=False)
    qtbot.addWidget(gallery)
    order = [k for k in gallery.cards if k in preset_files()]  # the lessons come after
    assert list(gallery.cards)[: len(order)] == order
    minutes = [load_config(preset_files()[k]).ui.minutes for k in order]
    measured = [m for m in minutes if m is not None]
    assert measured == sorted(measured) and minutes[: len(measured)] == measured
    assert order[0].startswith("quick_")  # a newcomer meets a quick preset first
    # another machine's minutes said 2-4 minutes for runs of 22-41 s here: not shown
    assert all(card.duration.isHidden() for card in gallery.cards.values())
    gallery.set_current("micro_gpt")
    gallery.show_estimate("About 40 s on this machine")  # the settings' estimate
    assert gallery.cards["micro_gpt"].duration.text() == "About 40 s on this machine"
    assert not gallery.cards["micro_gpt"].duration.isHidden()
    assert gallery.cards["shapes"].duration.isHidden()
    gallery.set_current("shapes")  # another preset: its own estimate is yet to come
    assert gallery.cards["micro_gpt"].duration.isHidden()


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
