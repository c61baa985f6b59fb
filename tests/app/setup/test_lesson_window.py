"""Lessons made by clicking: lesson mode's boxes hide fields, Save as lesson writes one file
that reopens with the same hidden fields, text and seed; an opened lesson shows its text
above the charts and says how many settings it hides."""

from studio.app.common import dialogs
from studio.core.catalogue import load_config
from studio.core.config.preset_files import lesson_files
from tests.helpers import make_window


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
    window.setup.save_lesson_dialog()
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


def test_a_saved_lesson_goes_to_the_lessons_folder_and_appears_in_the_gallery(
    qtbot, tmp_path, monkeypatch
):
    from pathlib import Path

    from studio.core.config.preset_files import user_lessons_dir

    window = make_window(qtbot, tmp_path)
    monkeypatch.chdir(tmp_path)  # not where a lesson goes
    form = window.setup.form
    form.editors["name"].widget.setText("Lesson 1: groups")
    offered = []

    def save_file(parent, title, suggested, filters):
        offered.append(suggested)
        return suggested  # the teacher presses Save

    monkeypatch.setattr(dialogs, "save_file", save_file)
    window.setup.save_lesson_dialog()
    (suggested,) = offered
    folder = user_lessons_dir()
    assert Path(suggested) == folder / "Lesson 1 - groups lesson.yaml"
    assert ":" not in Path(suggested).name
    assert folder.is_dir() and str(folder).startswith(str(tmp_path))  # the test's data dir
    assert Path(suggested).is_file() and not list(tmp_path.glob("*.yaml"))
    gallery = window.setup.gallery
    key = "mine:Lesson 1 - groups lesson"
    assert key in gallery.cards and "Lesson 1: groups" in gallery.cards[key].title.text()
    assert gallery.cards[key].property("current")  # the lesson saved is the one in use
    # a new window lists it too, after the shipped lessons
    again = make_window(qtbot, tmp_path / "again")
    keys = list(again.setup.gallery.cards)
    assert key in keys and keys.index(key) > keys.index("too_hard_too_easy")
    again.setup.gallery.cards[key].use.click()
    assert again.setup.form.config().name == "Lesson 1: groups"


def test_a_lesson_or_preset_name_becomes_a_safe_file_name():
    from studio.core.config.preset_files import lesson_file_name, safe_stem

    assert lesson_file_name("Lesson 1: groups") == "Lesson 1 - groups lesson.yaml"
    assert lesson_file_name('a/b\\c?*"<>|') == "a b c lesson.yaml"
    assert lesson_file_name(":::") == "lesson lesson.yaml"
    assert safe_stem("Micro-GPT quick", "preset") == "Micro-GPT quick"
    # a name of any length fits a file name (255 bytes), keeps the files of two long names
    # that begin alike apart, and the whole name stays inside the lesson
    long, longer = "x" * 5000, "x" * 4999 + "y"
    for name in (long, longer, "中" * 100):
        assert len(lesson_file_name(name).encode()) <= 160
    assert lesson_file_name(long) != lesson_file_name(longer)
    assert lesson_file_name("中" * 100).startswith("中" * 30)
