"""Completing text prompts with a finished run: the one function behind
`grpo-studio generate`, the API's `Run.generate` and the playground's PyTorch answer.

`complete(run, prompts, settings)` gives `settings.samples` completions of each prompt,
drawn as the run's rollouts draw them (its grpo.top_k and grpo.top_p, up to its
grpo.max_new_tokens new tokens) at `settings.temperature`; temperature 0 is greedy, the
likeliest token at every step. What it refuses (an empty prompt, fewer than one sample
or more than MAX_SAMPLES, a negative or infinite temperature, a prompt too long for the
model's positions, a run that does not complete text) is a CompletionError, which each
front door words its own way: the command line names its options, the API its
arguments, the window translates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import torch
from torch import nn

from studio.core.messages import say
from studio.core.tasks import task_class
from studio.core.tasks.base import Example, Sampling, Task
from studio.core.tasks.text import TextTask

if TYPE_CHECKING:
    from studio.core.config.sections import StudioConfig

# Completions of one prompt: every one is a row of the batch decoded at once, so a number
# typed by mistake would ask the allocator for all of them before the first token.
MAX_SAMPLES = 64


class LoadedRun(Protocol):
    """A finished run read back (runs.loading's TrainedRun, the API's Run, an engine)."""

    @property
    def cfg(self) -> StudioConfig: ...

    @property
    def task(self) -> Task: ...

    @property
    def model(self) -> nn.Module: ...


@dataclass(frozen=True)
class CompletionSettings:
    """How to complete each prompt."""

    samples: int = 1  # completions of each prompt
    temperature: float = 0.0  # 0: greedy (every sample the same); above 0: sampled
    max_new_tokens: int | None = None  # the longest completion; None: the run's grpo's

    @property
    def greedy(self) -> bool:
        return self.temperature == 0


class CompletionError(ValueError):
    """A request `complete` refuses. For a setting, `setting` names it ("samples",
    "temperature"), `value` is what was given and `rule` what it must be; otherwise
    `setting` is "" and `rule` is the whole message."""

    def __init__(self, rule: str, setting: str = "", value: object = None) -> None:
        if setting:
            super().__init__(
                say("{setting}: {rule}, got {value}", setting=setting, rule=rule, value=value)
            )
        else:
            super().__init__(rule)
        self.rule, self.setting, self.value = rule, setting, value


class PromptTooLong(CompletionError):
    """The longest prompt and the completion's new tokens need more positions than the
    model has (`tokens` + `new_tokens` > `positions`)."""

    def __init__(self, tokens: int, new_tokens: int, positions: int) -> None:
        super().__init__(
            say(
                "a prompt of {n} tokens plus {k} new tokens needs {total} positions but "
                "model.max_len is {max_len}; raise model.max_len or shorten the prompts or "
                "completions",
                n=tokens,
                k=new_tokens,
                total=tokens + new_tokens,
                max_len=positions,
            )
        )
        self.tokens, self.new_tokens, self.positions = tokens, new_tokens, positions


def completes_text(task_name: str) -> bool:
    """Whether runs of the task `task_name` complete text prompts (the text tasks)."""
    return issubclass(task_class(task_name), TextTask)


def ended(task: object, prompt: str) -> str:
    """`prompt` with the mark the task's training prompts end with ("=" for "12+34=", own
    text's prompt end), added when it is missing: a person types the question alone."""
    end = str(getattr(task, "prompt_end", "") or "")
    return prompt + end if end and prompt and not prompt.endswith(end) else prompt


def check_request(prompts: Sequence[str], settings: CompletionSettings) -> None:
    """A CompletionError for settings or prompts no run can complete (before loading one)."""
    if settings.samples < 1:
        raise CompletionError(
            say("must be 1 or more completions a prompt"), "samples", settings.samples
        )
    if settings.samples > MAX_SAMPLES:
        raise CompletionError(
            say(
                "must be at most {n} completions a prompt (each is a row of one batch)",
                n=MAX_SAMPLES,
            ),
            "samples",
            settings.samples,
        )
    if not math.isfinite(settings.temperature) or settings.temperature < 0:
        raise CompletionError(
            say("must be 0 (greedy) or a positive number"), "temperature", settings.temperature
        )
    empty = [i for i, p in enumerate(prompts, 1) if not p]
    if empty:
        raise CompletionError(say("prompt {n} is empty; give the text to complete", n=empty[0]))


def _text_task(run: LoadedRun) -> TextTask:
    if not isinstance(run.task, TextTask):
        raise CompletionError(say("a {task} run does not complete text", task=run.task.NAME))
    return run.task


def answer_tokens(run: LoadedRun) -> int:
    """The new tokens a whole answer of the run's task takes, EOS included: what its
    evaluation and its ONNX export decode up to (its rollouts, grpo.max_new_tokens)."""
    return _text_task(run).max_completion_tokens


def complete(
    run: LoadedRun, prompts: Sequence[str], settings: CompletionSettings
) -> list[list[str]]:
    """`settings.samples` completions of each of `prompts`, in order (see above)."""
    check_request(prompts, settings)
    task = _text_task(run)
    if not prompts:
        return []
    grpo = run.cfg.grpo
    max_new = grpo.max_new_tokens if settings.max_new_tokens is None else settings.max_new_tokens
    longest = max(len(task.tokenizer.encode(p)) for p in prompts)  # BOS too, as in training
    room = run.cfg.model.shape().max_len
    if room is not None and longest + max_new > room:
        raise PromptTooLong(longest, max_new, room)
    sampling = Sampling(
        temperature=1.0 if settings.greedy else settings.temperature,
        top_k=1 if settings.greedy else grpo.top_k,  # one candidate: the likeliest token
        top_p=grpo.top_p,
        max_new_tokens=max_new,
    )
    examples = [Example(prompt=p, display=p) for p in prompts]
    with torch.no_grad():
        rollout = task.rollout(run.model, examples, settings.samples, sampling)
    done, n = rollout.completions, settings.samples
    return [done[i * n : (i + 1) * n] for i in range(len(prompts))]
