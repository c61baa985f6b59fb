"""POST /suggest: a correction a client sends is kept beside the run that translated it
(suggestion_box.py), once, in one line, inside the run folder and within its bound, and
the next run of the translation preset trains on it (task.suggestions)."""

import os
import shutil
from pathlib import Path
from urllib.parse import urlencode

import pytest

from studio.core.runs.loading import load_trained
from studio.core.serving.request_fields import ApiError
from studio.core.serving.served_runs import ServedRun, ServedRuns
from studio.core.serving.suggestion_box import SuggestionBox
from studio.core.tasks.translation.suggestions import SUGGESTIONS_FILE, waiting_suggestions
from tests.helpers import TRANSLATION, make_run
from tests.support.servers import Servers, call


@pytest.fixture
def run_copy(translation_run, tmp_path) -> Path:
    """A copy of the tiny translation run, to write suggestions into."""
    return Path(shutil.copytree(translation_run, tmp_path / translation_run.name))


def suggest(url: str, **fields: str) -> tuple[int, object]:
    """A suggestion as Dialect sends it: a form."""
    data = urlencode(fields).encode()
    status, body, _ = call(url + "/suggest", data, content_type="application/x-www-form-urlencoded")
    return status, body


def test_a_suggestion_is_a_pair_the_next_run_of_the_translation_preset_trains_on(
    run_copy, tmp_path
):
    servers, log = Servers(), []
    try:
        url = servers(run_copy, suggestions=True, log=log.append).url
        for q, s in [
            ("紫色的鲸鱼会唱歌。", "Purple whales sing."),
            ("紫色的鲸鱼会唱歌。", "Purple whales sing."),  # the same again: kept once
            ("鲸鱼\t在家。\n", "Whales are\tat home.\n"),  # one line, whatever its whitespace
            ("你爸爸会在花园里。", "Your father will be in the garden."),  # the demo's own
        ]:
            assert suggest(url, q=q, s=s, source="zh-CN", target="en") == (200, {"success": True})
    finally:
        servers.stop()
    path = run_copy / SUGGESTIONS_FILE
    assert path.read_text(encoding="utf-8").splitlines() == [
        "zh\ten",
        "紫色的鲸鱼会唱歌。\tPurple whales sing.",
        "鲸鱼 在家。\tWhales are at home.",
        "你爸爸会在花园里。\tYour father will be in the garden.",
    ]
    assert log[-1] == "kept a suggestion (3 since the server started)"
    with path.open("a", encoding="utf-8") as f:  # a hand edit: a blank line, a repeat
        f.write("\n紫色的鲸鱼会唱歌。\tPurple whales sing.\n")
    assert waiting_suggestions(run_copy) == 4  # what the Data tab says: blank lines not counted
    assert waiting_suggestions(tmp_path) is None
    run = make_run(
        tmp_path / "next", "tiny_transformer", [*TRANSLATION, f"task.suggestions={run_copy}"]
    )
    report = (run / "data_report.txt").read_text(encoding="utf-8")
    assert (
        f"added to the training pairs: {path}: kept 2 pairs; skipped 1 empty (line 5); "
        "dropped 2 duplicates (lines 4, 6); line 1 read as a header"
    ) in report.splitlines()
    assert "split: train 80, valid 36, test 6" in report  # the demo's 78, and the 2 added
    _, task, _ = load_trained(run)
    suggested = {
        ("紫色的鲸鱼会唱歌。", "Purple whales sing."),
        ("鲸鱼 在家。", "Whales are at home."),
    }
    assert suggested <= set(task.splits["train"])
    assert not suggested & (set(task.splits["valid"]) | set(task.splits["test"]))


def served_run(folder: Path, both_directions: bool = False) -> ServedRun:
    """A run behind a server, without its model (the box never translates)."""
    return ServedRun("run", None, "zh", "en", both_directions, folder)  # type: ignore[arg-type]


def test_a_suggestion_for_the_other_way_of_a_both_ways_run_is_kept_in_the_runs_direction(
    tmp_path,
):
    box = SuggestionBox()
    runs = ServedRuns([served_run(tmp_path, both_directions=True)])
    assert box.add(runs.way("en", "zh-Hans"), "I like cats.", "我喜欢猫。")
    assert not box.add(runs.way("zh-Hans", "en"), "我喜欢猫。", "I like cats.")  # the same pair
    lines = (tmp_path / SUGGESTIONS_FILE).read_text(encoding="utf-8").splitlines()
    assert lines == ["zh\ten", "我喜欢猫。\tI like cats."]


def test_the_file_is_bounded_and_stays_in_the_run_folder(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    box = SuggestionBox(max_bytes=64)
    way = ServedRuns([served_run(run)]).way("zh-Hans", "en")
    assert box.add(way, "一二三。", "One two three.")
    before = (run / SUGGESTIONS_FILE).read_bytes()
    with pytest.raises(ApiError) as full:
        box.add(way, "四五六七八九十。", "Four five six seven eight nine ten.")
    assert full.value.status == 507 and "holds its most" in full.value.message
    assert (run / SUGGESTIONS_FILE).read_bytes() == before  # nothing half written
    elsewhere = tmp_path / "elsewhere.tsv"
    elsewhere.write_text("", encoding="utf-8")
    linked = tmp_path / "linked"
    linked.mkdir()
    os.symlink(elsewhere, linked / SUGGESTIONS_FILE)
    with pytest.raises(ApiError) as out:
        SuggestionBox().add(ServedRuns([served_run(linked)]).way("zh-Hans", "en"), "一。", "One.")
    assert out.value.status == 500 and "link" in out.value.message
    assert elsewhere.read_text(encoding="utf-8") == ""


def test_a_missing_suggestions_file_is_one_line_naming_the_setting(tmp_path):
    from studio.core.catalogue import load_config
    from studio.core.data.load_report import DataError
    from studio.core.tasks import build_task

    cfg = load_config("tiny_transformer", [*TRANSLATION, f"task.suggestions={tmp_path}"])
    with pytest.raises(DataError, match="task.suggestions: .*suggestions.tsv does not exist"):
        build_task(cfg)
