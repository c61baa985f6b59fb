"""Completing prompts with a finished run (studio.core.serving.completion), the function the
command line, the API and the playground share: what it refuses and how it says so, and
what it gives: per-prompt completions, greedy at temperature 0, sampled above."""

import math

import pytest
import torch

from studio.core.runs.loading import load_run
from studio.core.serving.completion import (
    MAX_SAMPLES,
    CompletionError,
    CompletionSettings,
    PromptTooLong,
    answer_tokens,
    check_request,
    complete,
    completes_text,
)
from studio.core.tasks.base import Example
from tests.helpers import GPT, make_run


@pytest.fixture(scope="module")
def gpt(tmp_path_factory):
    # spread weights: a model this young would give one answer to every prompt
    folder = make_run(tmp_path_factory.mktemp("gpt"), "micro_gpt", GPT, spread=0.5, seed=1)
    return load_run(folder)


@pytest.mark.parametrize(
    ("prompts", "settings", "setting", "message"),
    [
        (["1+2="], CompletionSettings(samples=0), "samples", "samples: must be 1 or more"),
        (
            ["1+2="],
            CompletionSettings(samples=MAX_SAMPLES + 1),
            "samples",
            f"samples: must be at most {MAX_SAMPLES} completions a prompt",
        ),
        (["1+2="], CompletionSettings(temperature=-1.0), "temperature", "got -1.0"),
        (["1+2="], CompletionSettings(temperature=math.inf), "temperature", "got inf"),
        (["1+2="], CompletionSettings(temperature=math.nan), "temperature", "got nan"),
        (["1+2=", ""], CompletionSettings(), "", "prompt 2 is empty; give the text"),
    ],
)
def test_a_request_no_run_can_complete_is_refused_naming_what(prompts, settings, setting, message):
    with pytest.raises(CompletionError, match=message) as refused:
        check_request(prompts, settings)
    assert refused.value.setting == setting


def test_the_refusal_carries_what_each_front_door_words_its_own_way():
    with pytest.raises(CompletionError) as refused:
        check_request(["1+2="], CompletionSettings(samples=0))
    err = refused.value
    assert (err.setting, err.value, err.rule) == (
        "samples",
        0,
        "must be 1 or more completions a prompt",
    )
    assert str(err) == "samples: must be 1 or more completions a prompt, got 0"


def test_only_the_text_tasks_complete_prompts():
    assert completes_text("arithmetic") and completes_text("strings")
    assert not completes_text("translation") and not completes_text("gridworld")


def test_greedy_completions_are_the_likeliest_answers_one_list_a_prompt(gpt):
    prompts = ["12+34=", "5+5=", "99+1="]
    settings = CompletionSettings(samples=3, max_new_tokens=answer_tokens(gpt))
    done = complete(gpt, prompts, settings)
    assert [len(d) for d in done] == [3, 3, 3]
    assert all(len(set(d)) == 1 for d in done)  # greedy: every sample the same
    examples = [Example(prompt=p, display=p) for p in prompts]
    assert [d[0] for d in done] == gpt.task.greedy_answers(gpt.model, examples)
    assert len({d[0] for d in done}) > 1  # the answers depend on the prompt


def test_sampled_completions_follow_the_seed(gpt):
    settings = CompletionSettings(samples=8, temperature=2.0)
    draws = []
    for _ in range(2):
        torch.manual_seed(3)
        draws.append(complete(gpt, ["12+34="], settings))
    assert draws[0] == draws[1]
    assert len(set(draws[0][0])) > 1


def test_a_prompt_too_long_for_the_model_says_by_how_much(gpt):
    new = gpt.cfg.grpo.max_new_tokens
    with pytest.raises(PromptTooLong, match="model.max_len is 12") as refused:
        complete(gpt, ["1+2=", "123456789+1="], CompletionSettings())
    err = refused.value
    assert err.new_tokens == new and err.positions == 12
    assert err.tokens == len(gpt.task.tokenizer.encode("123456789+1="))


def test_more_samples_than_the_bound_are_refused_before_the_model_is_asked(gpt, monkeypatch):
    """A number typed by mistake is one clear line, not a batch of ten million rows."""

    def rollout(*args, **kwargs):
        raise AssertionError("the model was asked")

    monkeypatch.setattr(gpt.task, "rollout", rollout)
    with pytest.raises(CompletionError) as refused:
        complete(gpt, ["1+2="], CompletionSettings(samples=10_000_000))
    assert str(refused.value) == (
        f"samples: must be at most {MAX_SAMPLES} completions a prompt (each is a row of one "
        "batch), got 10000000"
    )
    assert MAX_SAMPLES == 64
