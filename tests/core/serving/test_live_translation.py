"""Live translation on a real tiny run and its real ONNX export: the same translations as
the task's own decoding, only edited sentences translated again, stopping on request."""

import shutil
import threading

import pytest

from studio.core.config.decoding import Decoding
from studio.core.export.snippets import open_runner
from studio.core.files import RunError
from studio.core.serving.engines import ServingError
from studio.core.serving.live_translation import LiveTranslator, SourceIssues
from studio.core.serving.translation_backends import (
    Cancelled,
    OnnxBackend,
    TorchBackend,
    open_backend,
)
from studio.core.tasks.translation.cache import TranslationCache
from studio.core.tasks.translation.config import TranslationError
from studio.core.tasks.translation.decoding import translate
from tests.helpers import GRID_WORLD, held_out_sentences, make_run


@pytest.fixture(scope="module")
def sentences(translation_model):
    return held_out_sentences(translation_model[1], 12, 3)


@pytest.fixture
def torch_live(translation_model):
    _, task, model = translation_model
    return LiveTranslator(TorchBackend(model, task))


@pytest.fixture
def onnx_live(translation_run, translation_model):
    _, task, _ = translation_model
    runner = open_runner("tiny-transformer", translation_run / "exports")
    return LiveTranslator(OnnxBackend(runner, task.cfg.beam_length_penalty))


def test_live_translations_equal_the_tasks_own_decoding(
    translation_model, sentences, torch_live, onnx_live
):
    _, task, model = translation_model
    greedy = [translate(model, task, [s])[0] for s in sentences]
    beam = [translate(model, task, [s], Decoding.beam(3))[0] for s in sentences]
    assert len(set(greedy)) > 3  # the tiny model answers each sentence differently
    for live in (torch_live, onnx_live):
        assert [live.translate_sentence(s).translation for s in sentences] == greedy
        assert [live.translate_sentence(s, Decoding.beam(3)).translation for s in sentences] == beam
    # switching the decoding reused each sentence's encoder output
    assert torch_live.cache.encoded.stats().hits == len(sentences)


def test_an_edit_translates_only_the_sentence_edited(translation_model, sentences, torch_live):
    _, task, model = translation_model
    a, b, c = sentences[:3]
    first = torch_live.translate_text(f"{a}{b}\n\n{c}")
    assert (first.translated, first.from_cache) == (3, 0)
    assert first.text == "{} {}\n\n{}".format(*(translate(model, task, [s])[0] for s in (a, b, c)))

    edited = b[:-2] + b[-1]  # a character deleted inside the second sentence
    second = torch_live.translate_text(f"{a}{edited}\n\n{c}")
    assert [s.cached for s in second.sentences] == [True, False, True]
    assert second.sentences[1].translation == translate(model, task, [edited])[0]

    back = torch_live.translate_text(f"{a}{b}\n\n{c}")  # undone: nothing to translate
    assert back.translated == 0 and back.text == first.text
    assert back.stats.hits == 5 and back.stats.misses == 4


def test_a_small_cache_keeps_only_the_latest_sentences(translation_model, sentences):
    _, task, model = translation_model
    live = LiveTranslator(TorchBackend(model, task), TranslationCache(sentences=2))
    update = live.translate_text("".join(sentences[:3]))
    assert update.stats.entries == 2 and update.stats.maxsize == 2
    again = live.translate_text(sentences[0])  # evicted: translated again, the same
    assert again.translated == 1 and again.text == update.sentences[0].translation


@pytest.mark.parametrize("engine", ["torch", "onnx"])
def test_a_stopped_update_ends_between_decoder_steps_and_caches_nothing(
    engine, sentences, torch_live, onnx_live, monkeypatch
):
    live = torch_live if engine == "torch" else onnx_live
    stop = threading.Event()
    checks = []
    decode = live.backend.decode

    def counting_decode(encoded, decoding, check):
        def counting_check():
            checks.append(1)
            if len(checks) == 2 and stopping:
                stop.set()  # a newer edit arrives during the first decoder step
            check()

        return decode(encoded, decoding, counting_check)

    monkeypatch.setattr(live.backend, "decode", counting_decode)
    stopping = False
    live.translate_text(sentences[0], stop=stop)
    full = len(checks)  # one check before every decoder step
    assert full > 3
    live.cache.clear()
    checks.clear()
    stopping = True
    with pytest.raises(Cancelled):
        live.translate_text(sentences[0], stop=stop)
    assert len(checks) == 2  # stopped before the second step, not at the end
    assert len(live.cache.translations) == 0
    with pytest.raises(Cancelled):  # a stopped request does no work at all
        live.translate_text(sentences[1], stop=stop)
    assert len(checks) == 2


def test_a_file_keeps_its_lines_and_translates_each_distinct_sentence_once(
    translation_model, sentences, torch_live
):
    _, task, model = translation_model
    a, b, c = sentences[:3]
    lines = [a, "", f"{b} {c}", "   ", a, b]
    calls = []
    seen = []
    result = torch_live.translate_lines(
        lines, batch_size=2, progress=lambda done, total: calls.append((done, total))
    )
    one = {s: translate(model, task, [s])[0] for s in (a, b, c)}
    assert result.lines == [one[a], "", f"{one[b]} {one[c]}", "", one[a], one[b]]
    assert (result.sentences, result.translated, result.from_cache) == (5, 3, 2)
    assert calls == [(2, 3), (3, 3)]
    again = torch_live.translate_lines([c, a], progress=lambda d, t: seen.append((d, t)))
    assert again.translated == 0 and again.lines == [one[c], one[a]] and seen == []


def test_bad_decoding_settings_are_refused_with_the_fix(torch_live):
    with pytest.raises(ValueError, match="'greedy' or 'beam'"):
        torch_live.translate_text("你好", Decoding("sampled"))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="beam size must be at least 1"):
        torch_live.translate_text("你好", Decoding.beam(0))
    with pytest.raises(ValueError, match="alternatives\\) come from a beam search"):
        torch_live.translate_text("你好", alternatives=2)  # greedy decoding ranks nothing
    assert len(torch_live.cache.translations) == 0


def test_what_the_model_cannot_read_is_counted_and_said(torch_live, onnx_live, sentences):
    long = "".join(s[:-1] for s in sentences)  # one sentence far past the model's 16 tokens
    for live in (torch_live, onnx_live):
        update = live.translate_text(f"☃☃。{long}\n{long}")
        assert update.issues == SourceIssues(too_long=1, unknown=1, limit=15)
        assert update.issues.messages() == [
            "1 sentence longer than the model's 15-token limit: translated from the first "
            "15 tokens",
            "1 sentence with characters the model never saw in training: they were read as unknown",
        ]
        clean = live.translate_lines([sentences[0]]).issues
        assert (clean.too_long, clean.unknown, clean.messages()) == (0, 0, [])


def test_a_run_opens_in_either_engine_and_bad_folders_say_what_to_do(
    translation_run, tmp_path, translation_model
):
    _, task, model = translation_model
    sentence = "你好。"
    want = translate(model, task, [sentence])[0]
    for onnx in (False, True):
        backend = open_backend(translation_run, onnx=onnx)
        assert backend.name == ("ONNX" if onnx else "PyTorch")
        assert LiveTranslator(backend).translate_text(sentence).text == want

    with pytest.raises(RunError, match="no such run folder"):
        open_backend(tmp_path / "nowhere")
    unexported = tmp_path / "unexported"
    shutil.copytree(translation_run, unexported, ignore=shutil.ignore_patterns("exports"))
    assert isinstance(open_backend(unexported), TorchBackend)
    with pytest.raises(ServingError, match=r"no ONNX export yet.*grpo-studio export"):
        open_backend(unexported, onnx=True)

    grid = make_run(tmp_path / "grid", None, GRID_WORLD)
    with pytest.raises(TranslationError, match="a run of the gridworld task, not translation"):
        open_backend(grid)
