"""Lessons made by clicking: lesson mode's boxes hide fields, Save as lesson writes one file
that reopens with the same hidden fields, text and seed; an opened lesson shows its text
above the charts and says how many settings it hides."""

from studio.app.common import dialogs
from studio.core.config import lesson_files, load_config
from tests.app.test_main_window import make_window


def test_a_lesson_made_by_clicking_reopens_the_same(qtbot, tmp_path, monkeypatch):
    window = make_window(qtbot, tmp_path)
    form = window.setup.form
    form.lesson_mode.setChecked(True)
    assert form.is_field_visible("grpo.beta")  # a teacher sees every field and its box
    assert not form.show_boxes["grpo.beta"].isHidden()
    form.show_boxes["grpo.beta"].setChecked(False)
    form.show_boxes["model.d_model"].setChecked(False)
    form.editors["ui.lesson"].widget.setPlainText("Watch the group.\nThen press Step.")
    form.editors["training.seed"].widget.setText("7")
    form.lesson_mode.setChecked(False)
    assert not form.is_field_visible("grpo.beta") and not form.is_field_visible("model.d_model")
    assert form.is_field_visible("training.seed")
    target = tmp_path / "my lesson.yaml"
    monkeypatch.setattr(dialogs, "save_file", lambda *args: str(target))
    window.save_lesson_dialog()
    saved = load_config(target)
    assert saved.ui.hidden == ["grpo.beta", "model.d_model"]
    assert saved.ui.lesson == "Watch the group.\nThen press Step."
    assert saved.training.seed == 7 and saved.training.deterministic
    again = make_window(qtbot, tmp_path / "again")
    assert again.load_preset(str(target))
    assert again.setup.form.config() == saved
    assert not again.setup.form.is_field_visible("grpo.beta")
    banner = again.lesson_banner
    assert not banner.isHidden() and "Watch the group." in banner.text.text()
    assert "hides 2 settings" in banner.note.text()
    banner.show_all.click()
    assert again.setup.form.lesson_mode.isChecked() and again.setup.form.is_field_visible(
        "grpo.beta"
    )


def test_shipped_lessons_are_in_the_gallery_after_the_presets(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    keys = list(window.setup.gallery.cards)
    for name in lesson_files():
        assert name in keys
    assert keys.index(min(lesson_files(), key=keys.index)) > keys.index("micro_gpt")
    assert window.load_preset("too_hard_too_easy")
    assert not window.lesson_banner.isHidden()
    assert "groups" in window.lesson_banner.text.text()
    window.load_preset("micro_gpt")  # a preset without a lesson: no banner
    assert window.lesson_banner.isHidden()
