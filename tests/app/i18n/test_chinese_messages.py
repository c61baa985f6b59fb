"""The Chinese window's log and Data tab: what the core says (a run's log lines, a data
file's load report) is shown in Chinese; only the values stay as they are."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QLabel

from studio.app.i18n.messages import translate_message
from studio.app.shell import ui_language
from studio.app.views.log_panel import LogPanel
from studio.app.views.stage_strip import StageStrip
from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file
from studio.core.tasks.translation.data_fit import DROPOUT_FREE_PAIRS, large_file_settings
from tests.helpers import MICRO_GPT, TINY_TRANSFORMER
from tests.support.i18n_walk import allowed_words, english_words

TINY = [
    *MICRO_GPT,
    "stages.warmup.steps=2",
    "stages.warmup.batch_size=4",
    "stages.grpo.steps=2",
    "stages.grpo.batch_size=2",
    "grpo.num_generations=2",
    "eval.every=2",
    "eval.size=4",
    "run.checkpoint_every=3",
    "training.threads=1",
]
TINY_TRANSLATION = [*TINY_TRANSFORMER, "stages.warmup.batch_size=4", "training.threads=1"]
# A column's example cell or header name, quoted as the file has it: a value.
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|“[^”]*”")


@pytest.fixture
def chinese(qapp):
    assert ui_language.install(ui_language.CHINESE)
    yield
    ui_language.remove()


def english_left(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The lines with English words left once the values are set aside (paths and keys
    by english_words, quoted cells here)."""
    allowed = allowed_words()
    found = [(line, english_words(QUOTED.sub(" ", line), allowed)) for line in lines]
    return [(line, words) for line, words in found if words]


def finish(qtbot, window, timeout: int = 120_000) -> None:
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=timeout)
    assert window.errors == []


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_data_report_and_the_log_of_a_run_are_in_chinese(chinese, window, qtbot, tmp_path):
    # The Data tab checks a Tatoeba export: English first, then Chinese, then attribution.
    data = write_tatoeba_file(tmp_path / "cmn.txt", realistic_pairs(3000, seed=1))
    assert window.load_preset("tiny_transformer", [*TINY_TRANSLATION, f"data.path={data}"])
    with qtbot.waitSignal(window.setup.data_panel.checked, timeout=120_000):
        window.setup.data_panel.check()
    assert window.setup.data_panel.error is None
    title, _, rest = window.setup.data_panel.preview.toPlainText().partition("\n\n")
    report = rest.split("\n\n")[0].splitlines()  # between the first pairs and the file's head
    assert len(report) >= 8 and any("task.fit_to_data" in line for line in report)
    shown = [window.setup.data_panel.status.text(), title.splitlines()[0], *report]
    assert english_left(shown) == []

    # The same file trained for a step: its report is the run's first log line.
    save = f"run.save_dir={tmp_path / 'runs'}"
    assert window.load_preset("tiny_transformer", [*TINY_TRANSLATION, f"data.path={data}", save])
    assert window.session.start(max_steps=1)
    finish(qtbot, window)
    # A whole run of warm-up and GRPO: stages start and end, evaluations, checkpoints.
    assert window.load_preset("micro_gpt", [*TINY, save])
    assert window.session.start()
    finish(qtbot, window)
    lines = [text for _, text in window.view(LogPanel).lines]
    lines += [box.status.text() for box in window.view(StageStrip).boxes.values()]  # why each ended
    for said in ("阶段 预热 开始", "阶段 GRPO 结束", "评估：", "检查点已保存", "运行结束：已完成"):
        assert any(said in line for line in lines), said
    assert any("运行结束：达到步数上限" in line for line in lines)
    assert sum("源语言 zh" in line for line in lines) == 1  # the Tatoeba file's report
    assert english_left(lines) == []


def test_the_notes_only_a_large_file_gets_are_in_chinese(chinese):
    # The Data tab check above uses a file too small for them.
    notes = [proposal.reason for proposal in large_file_settings(DROPOUT_FREE_PAIRS)]
    assert len(notes) == 3
    shown = [translate_message(note) for note in notes]
    assert english_left(shown) == [] and f"{DROPOUT_FREE_PAIRS:,}" in shown[0]


def test_the_temperature_grpos_start_chose_is_said_in_chinese(chinese):
    from studio.core.config.sections import GRPOConfig
    from studio.core.training.steps.unsure_temperature import choose_temperature

    for entropy in (2.0, 0.9):
        said = choose_temperature(GRPOConfig(unsure_temperature=0.7), entropy).message()
        shown = translate_message(said)
        assert english_left([shown]) == [] and f"{entropy:.2f} nats" in shown and "1.4" in shown


def test_why_a_stage_ended_names_its_metric_in_chinese(chinese):
    from studio.core.config.sections import StageConfig
    from studio.core.training.stages.plan import early_stop
    from studio.core.training.stages.state import Position

    said = early_stop(0.45, StageConfig(stop_at=0.3), Position(), "accuracy")
    assert said == "reached accuracy 0.450 >= 0.3"
    shown = translate_message(said)
    assert "准确率" in shown and "0.450 >= 0.3" in shown and "accuracy" not in shown
    pos = Position(best=30.0, bad_evals=3)
    said = early_stop(29.0, StageConfig(patience=4, min_gain=0.0), pos, "chrf")
    assert said == "no better chrf in 4 evaluations"
    shown = translate_message(said)
    assert "chrF" in shown and "4" in shown and english_left([shown]) == []
    pos = Position(best=30.0, bad_evals=3)
    said = early_stop(30.2, StageConfig(patience=4, min_gain=0.5), pos, "chrf")
    assert said == "no chrf more than 0.5 above its best in 4 evaluations"
    shown = translate_message(said)
    assert "chrF" in shown and "0.5" in shown and "4" in shown and english_left([shown]) == []
    from studio.core.training.stages.plan import Second

    pos = Position(best=0.0, best_second=12.0, bad_evals=3)
    said = early_stop(
        0.0, StageConfig(patience=4, min_gain=0.01), pos, "accuracy", Second("chrf", 12.1, 0.5)
    )
    shown = translate_message(said)
    assert "准确率" in shown and "chrF" in shown and "0.5" in shown and english_left([shown]) == []


def test_what_a_fit_kept_as_the_user_set_it_is_said_in_chinese(chinese):
    """The lines a fit says, made by the core's own functions and templates (the same
    English as the report's lines), shown in Chinese."""
    from studio.core.config.fit import Proposal, kept_line
    from studio.core.machine.memory_budget import FIXES, PART_NAMES, WHY
    from studio.core.messages import joined, say
    from studio.core.tasks.translation.data_fit import held_out_share

    def line(said):
        return say("  {setting}", setting=said)

    two_sizes = say(
        "the fit would choose {source} for the source, {target} for the target",
        source="892",
        target="1,000",
    )
    change = say(
        "{changes}: {why}",
        changes="stages.grpo.batch_size 16 -> 4, training.grad_accum 1 -> 4",
        why=WHY["micro-batches"],
    )
    patience = say(
        "stages.warmup.patience {n}: the warm-up ends after {evals} evaluations without a "
        "better valid chrF",
        n=4,
        evals=4,
    )
    lines = {
        "  eval.every: kept at 0, you set it; the fit would choose 500": line(
            kept_line("eval.every", 0, Proposal("eval.every", 500, "").would_do())
        ),
        "  stages.warmup.stop_at: kept at 60, you set it; the fit would choose empty": line(
            kept_line("stages.warmup.stop_at", 60, Proposal("x", None, "").would_do())
        ),
        "  task.vocab_size: kept at 150, you set it; the fit would choose 892 for the source, "
        "1,000 for the target": line(kept_line("task.vocab_size", 150, two_sizes)),
        "  training.amp: kept at off, you set it; the budget would try bf16": line(
            kept_line("training.amp", "off", say("the budget would try {value}", value="bf16"))
        ),
        "  grpo.num_generations: kept at 8, you set it; the budget would lower it": line(
            kept_line("grpo.num_generations", 8, say("the budget would lower it"))
        ),
        "  test split of 120: a tenth of the pairs": line(
            say("test split of {n}: {why}", n="120", why=held_out_share(1200)[1])
        ),
        "  stages.warmup.patience 4: the warm-up ends after 4 evaluations without a better "
        "valid chrF": line(patience),
        "  stages.grpo.batch_size 16 -> 4, training.grad_accum 1 -> 4: the same examples per "
        "optimizer step, in more passes of fewer (slower, the same numbers); you set "
        "stages.grpo.batch_size to 16": line(
            joined(
                "; ",
                [change, say("you set {path} to {value}", path="stages.grpo.batch_size", value=16)],
            )
        ),
    }
    for english, said in lines.items():
        assert said == english
        shown = translate_message(said)
        assert shown != said and english_left([shown]) == [], shown
    least = say(
        "training.memory_budget: {budget} is less than the smallest estimate reached, "
        "{estimate} (with {settings}), of which {part} takes {size}",
        budget="3100 B",
        estimate="4100 B",
        settings="training.grad_accum 16",
        part=PART_NAMES["activations"],
        size="4000 B",
    )
    kept = say("it keeps {path} as you set it", path="training.amp")
    fix = say("raise the budget, or {fix}", fix=FIXES["weights"])
    said = joined("; ", [least, kept, fix])
    assert said == (
        "training.memory_budget: 3100 B is less than the smallest estimate reached, 4100 B "
        "(with training.grad_accum 16), of which activations takes 4000 B; it keeps "
        "training.amp as you set it; raise the budget, or use a smaller model (fewer layers, "
        "a narrower d_model)"
    )
    refused = translate_message(said)
    assert "training.amp" in refused and english_left([refused]) == [], refused


def test_the_messages_of_issue_30_are_shown_in_chinese(chinese, tmp_path):
    """A data file in another encoding, a line over the limit, marks inside a file, and
    another architecture or task than the preset's: what the core says, in Chinese."""
    from studio.core.catalogue import load_config
    from studio.core.config.fields import ConfigError
    from studio.core.data.bilingual import load_pairs
    from studio.core.data.load_report import DataError

    files = {
        "utf16.tsv": "猫\tcat\n".encode("utf-16-le") * 20,
        "latin.tsv": "caf\xe9\tcafe\n".encode("latin-1") * 20,
        "long.tsv": ("x" * 200_000 + "\ty\n").encode(),
        "joined.tsv": b"".join(b"\xef\xbb\xbf" + b"only one\n" * 3 for _ in range(2)),
    }
    said = []
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(DataError) as refused:
            load_pairs(tmp_path / name)
        said.append(str(refused.value))
    for settings in (["model.arch=tiny-transformer"], ["task.name=strings"]):
        with pytest.raises(ConfigError) as refused:
            load_config("micro_gpt", settings)
        said.append(str(refused.value))
    shown = [translate_message(message) for message in said]
    assert all(a != b for a, b in zip(said, shown, strict=True)), shown
    # the encodings' names and the YAML to write are values, shown as they are
    values = re.compile(r"UTF-16LE|Latin-1 \(Windows-1252\)|\{[^}]*\}")
    assert english_left([values.sub(" ", line) for line in shown]) == []


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_users_text_file_the_reward_lab_and_dropout_are_in_chinese(
    chinese, window, qtbot, tmp_path
):
    from studio.app.setup.settings_form import SettingsForm
    from studio.app.views.reward_lab import RewardLab

    # the load report of a user's own text file: its summary and each fitted setting's reason
    data = tmp_path / "words.tsv"
    data.write_text("".join(f"wrod{i}\tword{i}\n" for i in range(300)), encoding="utf-8")
    assert window.load_preset("own_text", [f"data.path={data}"])
    with qtbot.waitSignal(window.setup.data_panel.checked, timeout=120_000):
        window.setup.data_panel.check()
    assert window.setup.data_panel.error is None
    title, _, rest = window.setup.data_panel.preview.toPlainText().partition("\n\n")
    report = rest.split("\n\n")[0].splitlines()
    assert any("task.fit_to_data" in line for line in report)  # settings were fitted
    shown = [window.setup.data_panel.status.text(), title.splitlines()[0], *report]
    assert english_left(shown) == []
    # the Reward lab names a preset whose reward is built in, not its task's internal name
    assert window.load_preset("micro_gpt")
    where = window.view(RewardLab).where.text()
    assert "arithmetic" not in where and english_left([where]) == []
    # "Dropout", the model's field label in the Settings form
    form = window.setup.findChild(SettingsForm)
    labels = [label.text() for label in form.findChildren(QLabel)]
    assert any("随机丢弃率" in text for text in labels)  # the label of model.dropout
    assert english_left(labels) == []
