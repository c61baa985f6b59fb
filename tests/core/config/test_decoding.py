"""The one decoding vocabulary (studio.core.config.decoding): greedy or N beams, the words
the config keeps, a number of beams as a person asks for it, the label the live
translator's cache and the server report, and the one bound every front door uses."""

import dataclasses

import pytest

from studio.core.catalogue import load_config
from studio.core.config.decoding import (
    BEAM,
    GREEDY,
    GREEDY_DECODING,
    MAX_BEAMS,
    METHODS,
    BeamsRefused,
    Decoding,
)
from studio.core.config.fields import ConfigError
from studio.core.config.sections import EvalConfig
from studio.core.serving.request_fields import ServeLimits
from studio.core.tasks.base import Task
from studio.core.tasks.translation.task import TranslationTask


def test_the_words_are_the_settings_words_and_the_tasks_offer_them():
    assert (GREEDY, BEAM) == METHODS == ("greedy", "beam")
    assert Task.DECODINGS == (GREEDY,)
    assert TranslationTask.DECODINGS == (GREEDY, BEAM)


def test_greedy_keeps_one_beam_and_a_search_up_to_the_bound():
    assert Decoding() == GREEDY_DECODING and GREEDY_DECODING.greedy
    assert (GREEDY_DECODING.method, GREEDY_DECODING.beams) == ("greedy", 1)
    assert Decoding.beam(4) == Decoding("beam", 4) and not Decoding.beam(4).greedy
    assert Decoding.beam(MAX_BEAMS).beams == MAX_BEAMS
    with pytest.raises(ValueError, match="'greedy' or 'beam', got 'sample'"):
        Decoding("sample")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="greedy decoding keeps 1 beam, got 4"):
        Decoding("greedy", 4)
    with pytest.raises(ValueError, match="beam size must be at least 1 and at most 16, got 0"):
        Decoding.beam(0)
    with pytest.raises(ValueError, match=f"at most {MAX_BEAMS}, got {MAX_BEAMS + 1}"):
        Decoding.beam(MAX_BEAMS + 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        GREEDY_DECODING.beams = 4  # type: ignore[misc]


def test_the_label_names_what_a_cached_translation_was_made_with():
    assert GREEDY_DECODING.label == "greedy"
    assert Decoding.beam(4).label == "beam 4"
    assert Decoding.beam(1).label == "beam 1"  # a run may set eval.beam_size 1


def test_beams_asked_for_are_greedy_at_0_and_a_search_from_2_to_the_bound():
    assert Decoding.asked(0) == GREEDY_DECODING
    assert Decoding.asked(2) == Decoding.beam(2)
    assert Decoding.asked(MAX_BEAMS) == Decoding.beam(MAX_BEAMS)
    for wrong in (-1, 1):
        with pytest.raises(BeamsRefused, match="0 for greedy") as refused:
            Decoding.asked(wrong)
        assert (refused.value.beams, refused.value.rule) == (
            wrong,
            "2 beams or more (or 0 for greedy)",
        )
    for wrong in (MAX_BEAMS + 1, 1_000_000_000):
        with pytest.raises(BeamsRefused) as refused:
            Decoding.asked(wrong)
        assert refused.value.rule == "at most 16 beams"
        assert str(refused.value) == f"beams must be at most 16 beams, got {wrong}"
    assert issubclass(BeamsRefused, ValueError)


def test_a_setting_names_its_decoding_with_eval_beam_size():
    assert Decoding.named("greedy", 4) == GREEDY_DECODING  # greedy reads no beams
    assert Decoding.named("beam", 3) == Decoding.beam(3)
    evaluation = EvalConfig(decoding="greedy", test_decoding="beam", beam_size=5)
    assert evaluation.decoding_of("valid") == GREEDY_DECODING
    assert evaluation.decoding_of("test") == Decoding.beam(5)
    assert EvalConfig().decoding_of("test") == GREEDY_DECODING


def test_the_config_and_the_server_are_bounded_by_max_beams():
    cfg = load_config("tiny_transformer", [f"eval.beam_size={MAX_BEAMS}"])
    assert cfg.eval.beam_size == MAX_BEAMS
    with pytest.raises(ConfigError, match=f"eval.beam_size: must be at most {MAX_BEAMS}, got 17"):
        load_config("tiny_transformer", [f"eval.beam_size={MAX_BEAMS + 1}"])
    assert ServeLimits(max_beam=MAX_BEAMS).problems() == []
    assert ServeLimits(max_beam=MAX_BEAMS + 1).problems() == [
        f"--max-beam takes at most {MAX_BEAMS} beams, got {MAX_BEAMS + 1}"
    ]
    assert ServeLimits(max_beam=MAX_BEAMS, max_alternatives=MAX_BEAMS).problems() == [
        f"--max-alternatives takes at most {MAX_BEAMS - 1} (each needs a beam besides the "
        f"best, and a search has at most {MAX_BEAMS}), got {MAX_BEAMS}"
    ]
