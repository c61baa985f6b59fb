"""Characters no installed font draws: found, and named with what to install, where the
data and the samples show them."""

from studio.app.common import font_coverage
from studio.app.common.font_coverage import font_note, undrawable
from studio.app.views.samples import SamplesPanel

NO_GLYPH = "\U0010fffd"  # a private-use character: no font has a glyph for it


def test_a_character_no_font_has_is_found_once_and_the_rest_are_not():
    text = f"café {NO_GLYPH} déjà {NO_GLYPH}\u200d\n"
    assert undrawable(text) == [NO_GLYPH]  # the joiner is not a glyph; é shows
    assert font_note("café déjà") == ""


def test_the_note_counts_names_and_says_what_to_install(monkeypatch):
    note = font_note(f"x {NO_GLYPH}")
    assert "draws 1 of these characters" in note and "U+10FFFD" in note
    assert "fonts-noto-core" in note

    class NoFonts:  # a computer with no font for anything but ASCII
        def __init__(self, font):
            pass

        def inFontUcs4(self, code):
            return False

    monkeypatch.setattr(font_coverage, "QFontMetrics", NoFonts)
    chinese = "我们让他们保持安静。"
    note = font_note(chinese)
    assert "draws 9 of these characters" in note  # 们 counted once
    assert "U+6211 U+4EEC U+8BA9 U+4ED6 U+4FDD and 4 more" in note
    assert "sudo apt install fonts-noto-cjk" in note


def test_the_data_preview_says_why_it_shows_boxes(qtbot, window, tmp_path):
    bad = tmp_path / "pairs.tsv"
    bad.write_text(f"no tab {NO_GLYPH} here\nnor here\n")
    panel = window.setup.data_panel
    panel.set_path(str(bad))
    panel._emit_path()
    with qtbot.waitSignal(panel.checked, timeout=20_000):
        panel.check()
    assert NO_GLYPH in panel.preview.toPlainText()
    assert not panel.font_note.isHidden() and "U+10FFFD" in panel.font_note.text()
    panel.clear_verdict()
    assert panel.font_note.isHidden() and panel.font_note.text() == ""


def test_the_samples_say_why_they_show_boxes(qtbot):
    panel = SamplesPanel()
    qtbot.addWidget(panel)
    group = {"prompt": "2+3=", "completions": ["5"], "rewards": [1.0], "advantages": [0.0]}
    panel.add_record({"kind": "step", "step": 1, "samples": [group]})
    panel.refresh()
    assert "No font" not in panel.toPlainText()
    odd = {**group, "completions": [f"5{NO_GLYPH}"]}
    panel.add_record({"kind": "step", "step": 2, "samples": [odd]})
    panel.refresh()
    assert panel.toPlainText().startswith("No installed font draws 1 of these characters")
