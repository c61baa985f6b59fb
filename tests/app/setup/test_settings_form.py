"""The generated settings form: round-trips every shipped preset, hides a lesson's fields."""

import pytest

from studio.app.setup.settings_form import SettingsForm, is_hidden
from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.config.loading import save_config
from studio.core.config.preset_files import preset_files


@pytest.fixture
def form(qtbot):
    f = SettingsForm()
    qtbot.addWidget(f)
    return f


@pytest.mark.parametrize("preset", sorted(preset_files()))
def test_form_round_trips_every_preset(form, preset):
    cfg = load_config(preset)
    form.set_config(cfg)
    assert form.config() == cfg


def test_edits_reach_the_config_and_a_saved_preset_reopens_identically(form, tmp_path):
    cfg = load_config("micro_gpt")
    cfg.ui.hidden = ["grpo.beta", "eval"]
    form.set_config(cfg)
    form.editors["training.seed"].widget.setText("1234")
    form.editors["stages.grpo.lr"].widget.setText("3e-5")
    form.editors["grpo.loss_type"].widget.setCurrentText("dr_grpo")
    form.editors["run.save_dir"].widget.setText("/data/runs")  # a text field micro_gpt reads
    form.editors["stages.warmup.stop_at"].widget.setText("")
    edited = form.config()
    assert edited.training.seed == 1234 and edited.stages.grpo.lr == 3e-5
    assert edited.grpo.loss_type == "dr_grpo" and edited.run.save_dir == "/data/runs"
    assert edited.stages.warmup.stop_at is None
    assert edited.grpo.beta == cfg.grpo.beta  # hidden, but kept
    path = tmp_path / "lesson.yaml"
    save_config(edited, path)
    assert load_config(path) == edited


def test_hidden_fields_and_sections_are_hidden_but_the_seed_never(form):
    cfg = load_config("micro_gpt")
    cfg.ui.hidden = ["grpo.beta", "eval", "training"]
    cfg.ui.lesson = "Watch the reward climb."
    form.set_config(cfg)
    assert not form.is_field_visible("grpo.beta")
    assert form.is_field_visible("grpo.num_generations")
    assert not form.is_field_visible("eval.every")  # the whole section
    assert form.is_field_visible("training.seed")  # always: runs must be reproducible
    assert not form.is_field_visible("training.amp")
    assert not form.lesson.isHidden() and "reward climb" in form.lesson.text()
    assert is_hidden("grpo.beta", ["grpo"]) and not is_hidden("grpo_x", ["grpo"])


def test_advanced_fields_appear_on_request(form):
    form.set_config(load_config("micro_gpt"))
    assert not form.is_field_visible("training.adam_beta2")
    form.show_advanced.setChecked(True)
    assert form.is_field_visible("training.adam_beta2")


def test_a_bad_value_names_its_field(form):
    form.set_config(load_config("micro_gpt"))
    form.editors["stages.grpo.lr"].widget.setText("fast")
    with pytest.raises(ConfigError, match=r'stages.grpo.lr: must be a number, got "fast"'):
        form.config()
    form.editors["stages.grpo.lr"].widget.setText("1e-4")
    form.editors["grpo.reward_weights"].widget.setText("{correct: [")
    with pytest.raises(ConfigError, match="grpo.reward_weights: not valid YAML") as err:
        form.config()
    assert form.mark_error(str(err.value)) == "grpo.reward_weights"
    assert "C00000" in form.editors["grpo.reward_weights"].widget.styleSheet()


def test_tooltips_carry_the_help_text(form):
    form.set_config(load_config("micro_gpt"))
    tip = form.editors["grpo.num_generations"].widget.toolTip()
    assert "G: completions sampled per prompt" in tip and "min 2" in tip


def test_loading_again_hides_the_old_boxes_at_once_and_long_values_show_their_start(qtbot):
    from PySide6.QtWidgets import QGroupBox

    form = SettingsForm()
    qtbot.addWidget(form)
    form.set_config(load_config("micro_gpt"))
    form.set_config(load_config("tiny_transformer"))  # no event loop ran in between
    shown = [b for b in form._host.findChildren(QGroupBox) if not b.isHidden()]
    assert set(shown) <= set(form._groups.values())  # the old ones cannot paint any more
    description = form.editors["description"].widget
    assert len(description.text()) > 40 and description.cursorPosition() == 0


def _labels(form):
    from PySide6.QtWidgets import QLabel

    return {w.text() for w in form._host.findChildren(QLabel) if not w.isHidden()}


def test_fields_carry_labels_for_people_not_field_names(form):
    form.set_config(load_config("micro_gpt"))
    labels = _labels(form)
    assert {"Feed-forward width", "Attention heads", "Group size (G)"} <= labels
    assert not {"D ff", "N heads", "Num generations"} & labels


def test_data_settings_the_task_does_not_read_are_not_shown(form):
    form.set_config(load_config("lite_resnet"))  # the grid world generates its grids
    for path in ("data.path", "data.max_length", "data.augment"):
        assert not form.is_field_visible(path)
    assert form.is_field_visible("data.split_seed")
    form.set_config(load_config("tiny_transformer"))
    assert form.is_field_visible("data.path") and form.is_field_visible("data.augment")


def test_a_wheel_over_an_unfocused_choice_does_not_change_it(form, qtbot):
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    form.set_config(load_config("micro_gpt"))
    combo = form.editors["grpo.loss_type"].widget
    before = combo.currentText()
    centre = QPointF(combo.rect().center())
    wheel = QWheelEvent(
        centre,
        QPointF(combo.mapToGlobal(combo.rect().center())),
        QPoint(0, 0),
        QPoint(0, 120),  # up: dapo is the last choice, so down would not move it anyway
        Qt.NoButton,
        Qt.NoModifier,
        Qt.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(combo, wheel)
    assert combo.currentText() == before


@pytest.mark.parametrize("typed", ["abc", ""])
def test_a_bad_whole_number_stays_visible_and_is_named_in_the_forms_words(form, typed):
    form.set_config(load_config("micro_gpt"))
    box = form.editors["stages.grpo.batch_size"].widget
    box.setText(typed)
    box.textEdited.emit(typed)
    assert box.text() == typed  # not dropped, not replaced by a default
    message = form.problem.text()
    assert not form.problem.isHidden()
    assert message.startswith("Stage 2: GRPO › Batch size (stages.grpo.batch_size): must be")
    assert "C00000" in box.styleSheet()
    with pytest.raises(ConfigError):
        form.config()
    box.setText("8")
    box.textEdited.emit("8")
    assert form.problem.isHidden() and form.config().stages.grpo.batch_size == 8


def test_the_form_says_edits_during_a_run_are_for_the_next_run(form):
    form.set_config(load_config("micro_gpt"))
    assert form.running_note.isHidden()
    form.set_running(True)
    assert not form.running_note.isHidden() and "next run" in form.running_note.text()
    form.set_running(False)
    assert form.running_note.isHidden()


def test_the_fields_the_user_edits_join_the_record_of_their_settings(form, tmp_path):
    form.set_config(load_config("tiny_transformer", ["eval.size=7"]))
    assert form.config().user_set == ["eval.size"]  # the record it was shown with
    form.editors["eval.every"].widget.setText("0")
    form.editors["task.vocab_size"].widget.setText("150")
    form.editors["grpo.loss_type"].widget.setCurrentText("dr_grpo")
    edited = form.config()
    assert edited.user_set == ["eval.every", "eval.size", "grpo.loss_type", "task.vocab_size"]
    path = tmp_path / "mine.yaml"  # "Save as preset": the record goes with it
    save_config(edited, path)
    assert load_config(path).user_set == edited.user_set
    shipped = load_config("tiny_transformer").eval.every
    form.editors["eval.every"].widget.setText(str(shipped))  # the preset's value again
    assert "eval.every" not in form.config().user_set
