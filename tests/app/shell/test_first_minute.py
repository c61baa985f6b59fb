"""What a newcomer meets first: a quick preset, data checks that follow the file, runs
whose dates fit, and words that keep 'resume' and 'continue' apart (issue 14's defects
1, 7, 13 and 16)."""

import json
import time

from studio.core.catalogue import load_config
from tests.helpers import checked


def test_a_first_start_opens_the_quick_preset_that_reaches_grpo_in_a_minute(window):
    quick = load_config("quick_micro_gpt")
    assert window.setup.form.config().name == quick.name  # not the minutes-long warm-up preset
    assert window.setup.gallery.cards["quick_micro_gpt"].property("current") is True
    assert quick.ui.minutes <= 2


def test_typing_another_file_clears_the_verdict_on_the_one_before(qtbot, window, tmp_path):
    assert window.load_preset("micro_gpt")
    panel = window.setup.data_panel
    checked(qtbot, panel, panel.check)
    assert panel.report  # the demo data's verdict
    garbage = tmp_path / "garbage.tsv"
    garbage.write_text("\x00\x01 not pairs\n", "utf-8")
    panel.own.setChecked(True)
    panel.path_edit.setText(str(garbage))
    panel.path_edit.editingFinished.emit()
    assert panel.report == "" and panel.status.text() == ""  # not "kept 50 pairs"


def test_a_runs_date_has_a_line_of_its_own(window, tmp_path):
    run = tmp_path / "runs" / "20260101-000000-a-run-with-a-rather-long-preset-name"
    run.mkdir(parents=True)
    (run / "config.yaml").write_text("name: x\n")
    (run / "metrics.jsonl").write_text(json.dumps({"kind": "step", "step": 1}) + "\n")
    window.setup.form.set_value("run.save_dir", str(tmp_path / "runs"))
    window.setup.runs.refresh()
    name, date = window.setup.runs.list.item(0).text().split("\n")
    assert name == run.name
    assert date.strip() == time.strftime("%Y-%m-%d %H:%M", time.localtime(run.stat().st_mtime))


def test_resume_is_after_a_pause_and_continue_is_from_a_checkpoint(window):
    window.controls.set_state("paused")
    assert window.controls.pause_action.text() == "Resume"
    words = [b.text() for b in window.setup.runs.buttons.values()]
    assert "Continue training" in words and not any("Resume" in w for w in words)
