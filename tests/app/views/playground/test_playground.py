"""The Playground tab and the Export button, in the real window with tiny real runs.

Runs come from the real trainer (a step or two, tiny sizes) and real exports; answers
are compared across PyTorch and onnxruntime, and with the core's own decoding.
"""

import itertools
import random
import shutil
import time
from pathlib import Path
from typing import get_args

import numpy as np
import pytest
import torch
import yaml
from PIL import Image

from studio.app.common import dialogs
from studio.app.views.log_panel import LogPanel
from studio.app.views.playground.answer import Answer
from studio.app.views.playground.completion_page import (
    CompletionPage,
    complete_onnx,
    complete_torch,
    sample_onnx,
)
from studio.app.views.playground.grid_page import GridPage, episode_text, play_onnx, play_torch
from studio.app.views.playground.page import PlaygroundPage
from studio.app.views.playground.tab import PAGES, PlaygroundTab
from studio.app.views.playground.translation_page import TranslationPage
from studio.core.config.decoding import Decoding
from studio.core.export.pipeline import export_run
from studio.core.models import ARCHS, Question, arch_spec
from studio.core.runs.checkpoints import latest_checkpoint, save_checkpoint
from studio.core.runs.loading import load_trained
from studio.core.serving.engines import OnnxEngine, TorchEngine
from studio.core.tasks import TASKS, task_class
from studio.core.tasks.text import pad_rows
from studio.core.tasks.translation.decoding import translate
from tests.helpers import COMMON, GPT, GRID_WORLD, MICRO_GPT, TRANSLATION, make_run


@pytest.fixture(scope="module")
def gpt_run(tmp_path_factory) -> Path:
    run = make_run(tmp_path_factory.mktemp("gpt"), "micro_gpt", GPT, spread=0.5, seed=1)
    export_run(run, seed=0)
    return run


@pytest.fixture(scope="module")
def tt_run(tmp_path_factory) -> Path:
    run = make_run(
        tmp_path_factory.mktemp("tt"), "tiny_transformer", TRANSLATION, spread=0.3, seed=1
    )
    export_run(run, seed=0)
    return run


@pytest.fixture(scope="module")
def grid_run(tmp_path_factory) -> Path:
    run = make_run(tmp_path_factory.mktemp("grid"), None, GRID_WORLD, spread=0.5, seed=1)
    export_run(run, seed=0)
    return run


def ask(qtbot, tab, button, engine: str = "Both") -> list[Answer]:
    """Press `button` with `engine` chosen; the answers shown (waits for a load if any)."""
    tab.engine.setCurrentText(engine)
    with qtbot.waitSignal(tab.answered, timeout=20_000) as blocker:
        button.click()
    return blocker.args[0]


def load(qtbot, tab):
    """Load the current run's engines; the page its run shows."""
    with qtbot.waitSignal(tab.loaded, timeout=20_000):
        tab.load()
    return tab.page


# ---- the page a run shows


def test_every_question_a_spec_or_task_asks_has_its_page():
    questions = {arch_spec(arch).question for arch in ARCHS}
    questions |= {task_class(name).QUESTION for name in TASKS}
    questions.discard(None)
    assert questions == set(get_args(Question)) == set(PAGES)  # completion, translation, grid
    for question, page in PAGES.items():
        assert issubclass(page, PlaygroundPage) and question == page.QUESTION


def test_a_question_asked_on_another_kind_of_page_is_dropped_on_load(qtbot, window, grid_run):
    """Before any run, Micro-GPT's page shows; a prompt asked for a grid-world run loads
    it and shows its page without answering the prompt."""
    window.session.run_dir = str(grid_run)
    tab = window.view(PlaygroundTab)
    assert isinstance(tab.page, CompletionPage)
    with qtbot.waitSignal(tab.loaded, timeout=20_000):
        tab.page.button.click()
    assert isinstance(tab.page, GridPage) and tab.page.index == -1
    assert tab.answers.answers == {} and window.errors == []


def test_a_task_without_a_page_says_so(qtbot, window, tmp_path):
    run = make_run(
        tmp_path,
        None,
        [
            "model.arch=lite-resnet",
            "task.name=shapes",
            "model.channels=4",
            "task.image_size=16",
            "task.demo_size=20",
            "task.demo_eval_size=10",
            "stages.warmup.steps=0",
            "stages.grpo.steps=1",
        ],
    )
    window.session.run_dir = str(run)
    assert load(qtbot, window.view(PlaygroundTab)) is None
    assert window.view(PlaygroundTab).pages.currentWidget() is window.view(PlaygroundTab).nothing


def test_the_playground_follows_the_run_opened_or_started_in_the_window(
    qtbot, window, gpt_run, grid_run, tmp_path
):
    tab = window.view(PlaygroundTab)
    assert window.load_preset("quick_grid_world")  # no run yet: the preset's page
    assert isinstance(tab.page, GridPage)
    window.session.open_run(str(gpt_run))  # a run opened: its page and name at once
    assert isinstance(tab.page, CompletionPage) and str(gpt_run) in tab.run_label.text()
    ask(qtbot, tab, tab.page.button, "PyTorch")
    assert tab.torch_engine.run_dir == gpt_run
    assert window.load_preset("quick_grid_world")  # a preset shown: the run's page stays
    assert isinstance(tab.page, CompletionPage)
    window.session.open_run(str(grid_run))  # another run: its page, its name; the old engines go
    assert isinstance(tab.page, GridPage) and str(grid_run) in tab.run_label.text()
    assert tab.torch_engine is None and tab.answers.answers == {}
    answers = ask(qtbot, tab, tab.page.new_button, "PyTorch")
    assert answers[0].info["outcome"] in ("goal", "lava", "limit")
    # a run started of another preset (Micro-GPT): its page and name before its first answer
    window.setup.form.set_value("run.save_dir", str(tmp_path / "runs"))
    assert window.load_preset("quick_micro_gpt", ["stages.warmup.steps=1", "stages.grpo.steps=1"])
    assert window.session.start()
    qtbot.waitUntil(lambda: window.session.run_dir != str(grid_run), timeout=20_000)
    assert isinstance(tab.page, CompletionPage) and window.session.run_dir in tab.run_label.text()
    assert tab.torch_engine is None
    qtbot.waitUntil(lambda: not window.session.controller.running, timeout=60_000)
    assert window.errors == []


def test_an_answer_that_fails_reaches_a_dialog_not_only_the_console(qtbot, window, gpt_run):
    window.session.run_dir = str(gpt_run)
    tab = window.view(PlaygroundTab)
    assert isinstance(load(qtbot, tab), CompletionPage)
    # the grid world's page asked of a Micro-GPT model: an AttributeError inside the model's
    # code, which reached the console only
    grid = tab.show_page(task_class("gridworld").QUESTION)
    assert isinstance(grid, GridPage)
    tab.engine.setCurrentText("PyTorch")
    tab.request(grid, fresh=True)
    assert len(window.errors) == 1 and "AttributeError" in window.errors[0]
    assert "replay" in window.errors[0]


# ---- Micro-GPT


def test_micro_gpt_prompt_gives_the_same_completion_in_pytorch_and_onnx(qtbot, window, gpt_run):
    window.session.run_dir = str(gpt_run)
    tab = window.view(PlaygroundTab)
    page = tab.page  # Micro-GPT's page shows before any run is loaded
    assert isinstance(page, CompletionPage)
    page.prompt.setText("12+34=")
    answers = ask(qtbot, tab, page.button)
    assert tab.page is page
    ckpt = latest_checkpoint(gpt_run).name
    assert tab.run_label.text().endswith(f"micro-gpt, {ckpt}; ONNX export of {ckpt}")
    assert [a.engine for a in answers] == ["PyTorch", "ONNX"]
    torch_answer, onnx_answer = answers
    assert torch_answer.texts == onnx_answer.texts and len(torch_answer.texts) == 1
    # the shown answer is the core's own greedy decoding of the checkpoint
    cfg, task, model = load_trained(gpt_run)
    ids, mask = pad_rows([task.tokenizer.encode("12+34=")], task.tokenizer.pad_id, left=True)
    out = model.generate(
        ids, mask, num_samples=1, max_new_tokens=task.max_completion_tokens,
        eos_id=task.tokenizer.eos_id, greedy=True,
    )  # fmt: skip
    assert torch_answer.texts == [task.tokenizer.decode(out.tokens[0].tolist())]
    shown = tab.answers.columns
    assert torch_answer.text in shown["PyTorch"].answer.text()
    assert shown["ONNX"].answer.text() == shown["PyTorch"].answer.text()
    assert shown["PyTorch"].latency.text().startswith("latency ")
    assert "same answer" in tab.answers.verdict.text()
    assert window.errors == []


def test_a_prompt_typed_without_its_end_mark_is_asked_with_it(qtbot, window, gpt_run):
    """Every arithmetic prompt ends with "="; a person types "12+34" and gets the answer
    to "12+34=" from both engines (the mark is added, not typed twice)."""
    window.session.run_dir = str(gpt_run)
    tab = window.view(PlaygroundTab)
    page = load(qtbot, tab)
    page.prompt.setText("12+34=")
    ended = ask(qtbot, tab, page.button)
    page.prompt.setText("12+34")
    bare = ask(qtbot, tab, page.button)
    assert [a.texts for a in bare] == [a.texts for a in ended]
    assert page.prompt.text() == "12+34"  # what the person typed stays as typed
    onnx_engine = OnnxEngine(gpt_run, "micro-gpt")  # no task: the export's own mark
    assert complete_onnx(onnx_engine, "12+34").texts == ended[1].texts
    assert window.errors == []


def test_micro_gpt_answers_differ_by_prompt_and_agree_on_each(qtbot, window, gpt_run):
    """The spread weights make answers depend on the prompt, so agreement is not luck."""
    window.session.run_dir = str(gpt_run)
    tab = window.view(PlaygroundTab)
    seen = set()
    for prompt in ("12+34=", "99+1=", "5+5=", "70+8="):
        tab.page.prompt.setText(prompt)
        torch_answer, onnx_answer = ask(qtbot, tab, tab.page.button)
        assert torch_answer.texts == onnx_answer.texts
        seen.add(torch_answer.text)
    assert len(seen) > 1


def test_micro_gpt_sampling_shows_several_continuations(qtbot, window, gpt_run):
    window.session.run_dir = str(gpt_run)
    tab = window.view(PlaygroundTab)
    page = load(qtbot, tab)
    page.mode.setCurrentText("sampled")
    page.samples.setValue(3)
    answers = ask(qtbot, tab, page.button, engine="PyTorch")
    assert [a.engine for a in answers] == ["PyTorch"]
    assert len(answers[0].texts) == 3
    assert not tab.answers.columns["ONNX"].isVisibleTo(tab)
    answers = ask(qtbot, tab, page.button, engine="Both")
    assert [len(a.texts) for a in answers] == [3, 3]  # ONNX samples too
    assert tab.answers.columns["ONNX"].answer.text() == answers[1].text
    assert tab.answers.verdict.text() == ""  # independent draws: no verdict


def test_onnx_sampling_is_seeded_and_cold_sampling_is_greedy(gpt_run):
    onnx_engine = OnnxEngine(gpt_run, "micro-gpt")
    for prompt in ("12+34=", "99+1=", "5+5="):
        greedy = complete_onnx(onnx_engine, prompt).texts
        cold = sample_onnx(onnx_engine, prompt, samples=3, temperature=1e-4, seed=0)
        assert cold.texts == greedy * 3
    hot = [
        sample_onnx(onnx_engine, "12+34=", samples=8, temperature=2.0, seed=s).texts for s in (1, 1)
    ]
    assert hot[0] == hot[1] and len(set(hot[0])) > 1
    with pytest.raises(ValueError, match="temperature must be positive"):
        sample_onnx(onnx_engine, "1+1=", samples=2, temperature=0.0)


def test_a_prompt_the_model_cannot_read_shows_a_dialog(qtbot, window, gpt_run):
    window.session.run_dir = str(gpt_run)
    tab = window.view(PlaygroundTab)
    page = load(qtbot, tab)
    page.prompt.setText("hello")
    tab.engine.setCurrentText("PyTorch")
    page.button.click()
    assert len(window.errors) == 1 and "'h'" in window.errors[0]
    assert "vocabulary" in window.errors[0]


# ---- translation


def test_translation_greedy_equal_in_both_and_beam_in_pytorch(qtbot, window, tt_run):
    window.session.run_dir = str(tt_run)
    tab = window.view(PlaygroundTab)
    cfg, task, model = load_trained(tt_run)
    sentences = [e.prompt for e in task.sample(6, random.Random(0), 0)]
    page = load(qtbot, tab)
    assert isinstance(page, TranslationPage)
    outputs = set()
    for sentence in sentences[:3]:
        page.sentence.setText(sentence)
        torch_answer, onnx_answer = ask(qtbot, tab, page.button)
        assert torch_answer.texts == onnx_answer.texts == translate(model, task, [sentence])
        outputs.add(torch_answer.text)
    page.decoding.setCurrentText("beam")
    page.beam_size.setValue(3)
    page.sentence.setText(sentences[0])
    torch_answer, _ = ask(qtbot, tab, page.button)
    assert torch_answer.texts == translate(model, task, [sentences[0]], Decoding.beam(3))
    assert "greedy" in tab.answers.columns["ONNX"].answer.text()
    assert window.errors == []


def test_a_run_is_translated_as_its_test_figures_were_measured_until_the_person_chooses(
    qtbot, window, tt_run, tmp_path
):
    """The page starts from the run's eval.test_decoding (beam for a user's file, as the
    fit chose it), whether the window shows the run or its engines load; a decoding the
    person chose stays for that run and the question asked meanwhile."""
    beam_run = tmp_path / "beam-run"
    shutil.copytree(tt_run, beam_run)
    settings = yaml.safe_load((beam_run / "config.yaml").read_text())
    settings["eval"].update(test_decoding="beam", beam_size=3)
    (beam_run / "config.yaml").write_text(yaml.safe_dump(settings))
    tab = window.view(PlaygroundTab)
    window.session.open_run(str(tt_run))
    page = tab.page
    assert isinstance(page, TranslationPage) and page.decoding.currentData() == "greedy"
    window.session.open_run(str(beam_run))
    assert tab.page is page and page.decoding.currentData() == "beam"
    assert page.beam_size.value() == 3 and page.beam_size.isEnabled()
    _, task, model = load_trained(beam_run)
    page.decoding.setCurrentText("greedy")  # the person's choice, asked before the load
    page.sentence.setText(task.sample(1, random.Random(0), 0)[0].prompt)
    (answer,) = ask(qtbot, tab, page.button, "PyTorch")
    assert answer.texts == translate(model, task, [page.sentence.text()])  # greedy, as asked
    assert page.decoding.currentData() == "greedy"
    window.session.open_run(str(tt_run))
    window.session.run_dir = str(beam_run)  # engines loaded with no question waiting
    load(qtbot, tab)
    assert page.decoding.currentData() == "beam" and page.beam_size.value() == 3
    assert window.errors == []


# ---- grid world


def test_grid_world_episode_plays_steps_and_saves_a_gif(
    qtbot, window, grid_run, tmp_path, monkeypatch
):
    window.session.run_dir = str(grid_run)
    tab = window.view(PlaygroundTab)
    page = load(qtbot, tab)
    assert isinstance(page, GridPage) and page.index == -1
    answers = ask(qtbot, tab, page.new_button)
    torch_answer, onnx_answer = answers
    assert torch_answer.info["moves"] == onnx_answer.info["moves"]
    assert torch_answer.info["outcome"] in ("goal", "lava", "limit")
    assert len(torch_answer.frames) == torch_answer.info["steps"] + 1
    assert all(np.array_equal(a, b) for a, b in zip(torch_answer.frames, onnx_answer.frames))
    assert tab.answers.columns["PyTorch"].picture.pixmap().width() >= 200  # enlarged, shown

    assert page.index == 0 and page.frame == 0 and page.frames_total == len(torch_answer.frames)
    page.step()
    assert page.frame == 1 % page.frames_total
    page.timer.setInterval(10)
    page.play_button.setChecked(True)
    qtbot.waitUntil(lambda: not page.play_button.isChecked(), timeout=5000)  # played to the end
    assert page.frame == page.frames_total - 1

    target = tmp_path / "episode.gif"
    monkeypatch.setattr(dialogs, "save_file", lambda *args: str(target))
    assert page.save_gif() == target and window.errors == []
    frames = torch_answer.frames
    moved = sum(not np.array_equal(a, b) for a, b in itertools.pairwise(frames))
    with Image.open(target) as gif:
        assert gif.size == (frames[0].shape[1] * 8, frames[0].shape[0] * 8)
        assert gif.n_frames == 1 + moved  # GIF writers merge repeated pictures (a bump)
        assert np.array_equal(np.asarray(gif.convert("RGB"))[::8, ::8], frames[0])

    second = ask(qtbot, tab, page.new_button)
    assert page.index == 1 and second[0].info["display"] != torch_answer.info["display"]


def test_grid_world_says_the_outcome_when_the_animation_reaches_it_at_the_speed_chosen(
    qtbot, window, grid_run
):
    window.session.run_dir = str(grid_run)
    tab = window.view(PlaygroundTab)
    page = load(qtbot, tab)
    torch_answer, _ = ask(qtbot, tab, page.new_button)
    info, shown = torch_answer.info, tab.answers.columns["PyTorch"].answer
    outcome = f"{info['outcome']} after {info['steps']} steps"
    assert outcome not in shown.text()  # the first picture: nothing given away yet
    page.step()
    assert shown.text().startswith(info["moves"][:1]) and outcome not in shown.text()
    assert page.speed.value() == 4 and page.timer.interval() == 250  # moves per second
    page.speed.setValue(20)
    assert page.timer.interval() == 50
    page.go_to(0)
    started = time.perf_counter()
    page.play_button.setChecked(True)
    qtbot.waitUntil(lambda: outcome in shown.text(), timeout=5000)
    assert not page.play_button.isChecked() and page.frame == page.frames_total - 1
    assert time.perf_counter() - started >= 0.9 * 0.05 * (page.frames_total - 1)
    assert shown.text() == episode_text(info)  # the whole episode once its end is shown
    assert window.errors == []


def test_engines_agree_outside_the_window(grid_run):
    torch_engine = TorchEngine(grid_run)
    onnx_engine = OnnxEngine(grid_run, torch_engine.arch, torch_engine.task)
    for index in range(3):
        a, b = play_torch(torch_engine, index), play_onnx(onnx_engine, index)
        assert a.info == b.info
        assert episode_text(a.info) == a.text


# ---- the Export button


def test_onnx_without_an_export_offers_to_export_first(qtbot, window, tmp_path):
    run = make_run(tmp_path / "runs", "micro_gpt", GPT)
    window.session.run_dir = str(run)
    tab = window.view(PlaygroundTab)
    page = tab.page
    page.prompt.setText("1+2=")
    with qtbot.waitSignal(window.session.exporter.exported, timeout=60_000):
        tab.engine.setCurrentText("ONNX")
        page.button.click()
    assert len(window.questions) == 1 and "no ONNX export" in window.questions[0]
    qtbot.waitUntil(lambda: bool(tab.answers.answers), timeout=20_000)
    assert list(tab.answers.answers) == ["ONNX"]
    assert (run / "exports" / "micro_gpt.onnx").is_file()
    assert window.errors == []

    # a newer checkpoint (as a training run writes them): the next answer reloads first
    old = latest_checkpoint(run)
    state = torch.load(old, weights_only=False)
    newer = save_checkpoint(run, 99, state)
    with qtbot.waitSignal(tab.loaded, timeout=20_000):
        ask(qtbot, tab, page.button, engine="Both")
    assert tab.torch_engine.checkpoint == newer
    assert f"ONNX export of {old.name} (an older checkpoint" in tab.run_label.text()


def test_export_button_exports_a_paused_run_and_says_where(qtbot, window, tmp_path):
    overrides = [*COMMON, *GPT, "stages.grpo.steps=400", "run.checkpoint_every=1"]
    assert window.load_preset("micro_gpt", [*overrides, f"run.save_dir={tmp_path / 'runs'}"])
    assert window.session.start()
    qtbot.waitUntil(lambda: window.session.run_dir is not None, timeout=20_000)
    run = Path(window.session.run_dir)
    qtbot.waitUntil(lambda: latest_checkpoint(run) is not None, timeout=20_000)
    window.controls.pause_action.trigger()
    exporter = window.session.exporter
    steps: list[str] = []  # appended on the pool thread (a lambda runs where it is emitted)
    exporter.progress_made.connect(lambda message, fraction: steps.append(message))
    with qtbot.waitSignal(exporter.exported, timeout=60_000) as blocker:
        exporter.button.click()
        assert exporter.busy and not exporter.button.isEnabled()  # the window stays live
        assert not exporter.bar.isHidden()  # the progress bar is up
    result = blocker.args[0]
    assert result.model_path == run / "exports" / "micro_gpt.onnx"
    assert result.model_path.is_file()
    assert str(result.folder) in window.statusBar().currentMessage()  # where, in short
    assert window.files_shown == [(result.summary, result.folder)]  # the whole result
    assert ("info", result.summary) in window.view(LogPanel).lines
    assert window.session.controller.running  # the run was not stopped
    assert not exporter.busy and exporter.button.isEnabled() and exporter.bar.isHidden()
    assert "Checking the graphs against PyTorch" in steps  # progress went on as it worked
    assert exporter.bar.format().removesuffix(" %p%") in steps  # and reached the bar
    assert window.errors == []


def test_a_run_that_cannot_load_shows_a_dialog(qtbot, window, tmp_path):
    tab = window.view(PlaygroundTab)
    tab.page.button.click()  # no run at all
    assert window.errors == ["Start a run, or open one in the Runs list, to try its model."]
    (tmp_path / "empty").mkdir()
    window.session.run_dir = str(tmp_path / "empty")
    tab.page.button.click()
    qtbot.waitUntil(lambda: len(window.errors) == 2, timeout=20_000)
    assert str(tmp_path / "empty") in window.errors[1]
    assert tab.reload_button.isEnabled() and not tab.loading
    assert tab.run_label.text().startswith("Could not load the run: ")


def test_a_failing_export_shows_a_dialog(qtbot, window, tmp_path):
    exporter = window.session.exporter
    assert not exporter.export()  # no run at all: a note, not an error
    assert window.errors == [] and "No run to export" in window.questions[-1]

    (tmp_path / "empty").mkdir()
    window.session.run_dir = str(tmp_path / "empty")
    with qtbot.waitSignal(exporter.export_failed, timeout=20_000) as blocker:
        exporter.button.click()
    assert window.errors[-1] == blocker.args[0]
    assert str(tmp_path / "empty") in blocker.args[0]
    assert exporter.button.isEnabled() and exporter.bar.isHidden()
    assert "Export failed" in window.statusBar().currentMessage()
    assert ("error", f"export failed: {blocker.args[0]}") in window.view(LogPanel).lines


def test_a_bpe_own_text_run_answers_alike_in_pytorch_and_onnx_with_or_without_its_end(tmp_path):
    """An own-text run on BPE pieces (task.tokenizer bpe): the playground's two engines
    give the same greedy answer, whether the person typed the prompt's end or not."""
    words = ["red", "green", "cat", "dog", "sleeps", "runs", "in", "the", "garden", "park"]
    rng = random.Random(0)
    lines = []
    for i in range(40):
        sentence = " ".join(rng.choices(words, k=6))
        lines.append(f"{sentence} {i}\t{' '.join(reversed(sentence.split()))} {i}\n")
    data = tmp_path / "s.tsv"
    data.write_text("".join(lines), encoding="utf-8")
    tiny = [
        *MICRO_GPT,
        "stages.warmup.steps=2",
        "stages.grpo.steps=1",
        f"data.path={data}",
        "task.tokenizer=bpe",
    ]
    run = make_run(tmp_path / "runs", "own_text", tiny, spread=0.5)
    export_run(run, examples=4, seed=0)
    torch_engine = TorchEngine(run)
    onnx_engine = OnnxEngine(run, "micro-gpt", torch_engine.task)
    assert torch_engine.task.tokenizer.kind == "bpe"
    prompt = lines[0].split("\t")[0]
    end = torch_engine.task.prompt_end
    typed = complete_torch(torch_engine, prompt)
    assert complete_torch(torch_engine, prompt + end).texts == typed.texts
    assert complete_onnx(onnx_engine, prompt).texts == typed.texts
    assert complete_onnx(onnx_engine, prompt + end).texts == typed.texts
