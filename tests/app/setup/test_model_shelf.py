"""A model of the user's in the window: listed on the Presets tab from the Hugging Face cache
and an opened folder, with its costs; "Use this model" sets it up; a run trains it with the
charts, gradient flow and samples drawing; the playground completes with it in PyTorch and
its ONNX export alike."""

import json

from studio.app.setup.model_shelf import ModelShelf
from studio.app.views.charts.grad_flow import GradFlowWidget
from studio.app.views.charts.panel import ChartPanel
from studio.app.views.playground.completion_page import CompletionPage
from studio.app.views.playground.tab import PlaygroundTab
from studio.app.views.samples import SamplesPanel
from studio.core.export.pipeline import export_run
from tests.support.pretrained_folders import fake_cache, tiny_marian, tiny_model

TINY = [
    "stages.warmup.steps=2",
    "stages.warmup.batch_size=4",
    "stages.grpo.steps=400",
    "stages.grpo.batch_size=2",
    "grpo.num_generations=2",
    "eval.every=0",
    "eval.size=4",
    "run.checkpoint_every=0",
    "training.threads=1",
]


def shelf_of(window) -> ModelShelf:
    return window.setup.gallery.models


def test_models_are_listed_with_their_costs_and_one_is_used(qtbot, window, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    source = tiny_model("llama", tmp_path / "smol")
    fake_cache(tmp_path / "hf" / "hub", "HuggingFaceTB/SmolLM2-tiny", source)
    shelf = shelf_of(window)
    shelf.scan()
    qtbot.waitUntil(lambda: len(shelf.cards) == 1, timeout=20_000)
    (card,) = shelf.cards.values()
    assert card.title.text() == "<b>HuggingFaceTB/SmolLM2-tiny</b>"
    assert "Llama" in card.details.text() and "in the Hugging Face cache" in card.details.text()
    qtbot.waitUntil(lambda: "Full fine-tune: about" in card.costs.text(), timeout=30_000)
    assert "LoRA: about" in card.costs.text()

    mine = tiny_model("gpt2", tmp_path / "mine" / "poems")
    opened = shelf.open_folder(mine)
    assert opened is not None and str(mine) in shelf.cards and window.errors == []
    not_a_model = tmp_path / "empty"
    not_a_model.mkdir()
    assert shelf.open_folder(not_a_model) is None
    assert "no config.json" in window.errors[-1]

    # with a text preset shown it trains that preset's task, else the user's own text
    card.lora.setChecked(True)
    card.use.click()
    cfg = window.setup.read_config()
    assert cfg.model.ARCH == "pretrained-lm" and cfg.model.lora and cfg.task.NAME == "arithmetic"
    assert str(cfg.model.path) == str(card.model.path)
    assert window.load_preset("quick_grid_world")
    card.lora.setChecked(False)
    card.use.click()
    cfg = window.setup.read_config()
    assert cfg.model.ARCH == "pretrained-lm" and not cfg.model.lora
    assert cfg.task.NAME == "own_text"


def test_a_run_of_a_users_model_draws_and_is_asked_in_the_playground(qtbot, window, tmp_path):
    folder = tiny_model("qwen2", tmp_path / "qwen", chat=True)
    section = json.dumps({"arch": "pretrained-lm", "path": str(folder)})
    overrides = [f"model={section}", *TINY, f"run.save_dir={tmp_path / 'runs'}"]
    assert window.load_preset("quick_micro_gpt", overrides)
    assert window.session.start()
    charts = window.view(ChartPanel)
    qtbot.waitUntil(lambda: len(charts.store.series.get("reward/mean", [])) >= 2, timeout=60_000)
    assert window.errors == []
    qtbot.waitUntil(lambda: window.view(GradFlowWidget).latest is not None, timeout=5000)
    layers = window.view(GradFlowWidget).latest["layers"]
    assert len(layers) >= 2
    samples = window.view(SamplesPanel).samples
    assert samples and len(samples[0]["completions"]) == 2
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=20_000)

    export_run(window.session.run_dir, seed=0)
    tab = window.view(PlaygroundTab)
    with qtbot.waitSignal(tab.loaded, timeout=60_000):
        tab.load()
    page = tab.page
    assert isinstance(page, CompletionPage)
    page.prompt.setText("12+34=")
    tab.engine.setCurrentText("Both")
    with qtbot.waitSignal(tab.answered, timeout=60_000) as blocker:
        page.button.click()
    torch_answer, onnx_answer = blocker.args[0]
    assert torch_answer.texts == onnx_answer.texts and len(torch_answer.texts) == 1
    assert window.errors == []


def test_a_translator_is_listed_with_its_pair_used_and_trains(qtbot, window, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    marian = tiny_marian(tmp_path / "marian")
    fake_cache(tmp_path / "hf" / "hub", "Helsinki-NLP/opus-mt-zh-en", marian)
    shelf = shelf_of(window)
    shelf.scan()

    # (the folders an earlier test opened are listed too: they are kept in the settings)
    def translator() -> list:
        return [c for c in shelf.cards.values() if c.model.name.endswith("opus-mt-zh-en")]

    qtbot.waitUntil(lambda: len(translator()) == 1, timeout=20_000)
    (card,) = translator()
    assert "zh → en" in card.details.text()
    qtbot.waitUntil(lambda: "Full fine-tune: about" in card.costs.text(), timeout=30_000)
    assert window.load_preset("quick_grid_world")
    card.use.click()  # the translation task with that model, in its pair
    cfg = window.setup.read_config()
    assert (cfg.model.ARCH, cfg.task.NAME) == ("pretrained-mt", "translation")
    assert (cfg.task.source_lang, cfg.task.target_lang) == ("zh", "en")
    assert str(cfg.model.path) == str(card.model.path)

    # a data file in another pair is refused in one line naming both pairs
    form = window.setup.form
    en_fr = tmp_path / "en-fr.tsv"
    en_fr.write_text("".join(f"I see {n} cats.\tJe vois {n} chats.\n" for n in range(40)))
    form.set_value("data.path", str(en_fr))
    window.session.start()  # the task is built on the worker's thread
    qtbot.waitUntil(lambda: bool(window.errors), timeout=30_000)
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=30_000)
    (refusal,) = window.errors
    assert "opus-mt-zh-en translates zh->en: " in refusal and "\n" not in refusal.strip()
    window.errors.clear()

    form.set_value("data.path", "")
    for path, value in [*SMALL_TRANSLATOR.items(), ("run.save_dir", str(tmp_path / "runs"))]:
        form.set_value(path, value)
    assert window.session.start()
    charts = window.view(ChartPanel)
    qtbot.waitUntil(lambda: len(charts.store.series.get("reward/mean", [])) >= 1, timeout=120_000)
    assert window.errors == []
    qtbot.waitUntil(lambda: window.view(GradFlowWidget).latest is not None, timeout=10_000)
    window.controls.stop_action.trigger()
    qtbot.waitUntil(lambda: window.session.controller.state == "idle", timeout=30_000)


SMALL_TRANSLATOR = {
    "task.demo_size": 60,
    "model.max_len": 16,
    "grpo.max_new_tokens": 8,
    "grpo.num_generations": 2,
    "stages.warmup.steps": 1,
    "stages.warmup.batch_size": 4,
    "stages.grpo.batch_size": 2,
    "stages.grpo.steps": 400,
    "eval.every": 0,
    "eval.size": 3,
    "run.checkpoint_every": 0,
    "training.threads": 1,
}
