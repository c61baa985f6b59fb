"""The bad calls of the Python API that tests/test_bad_inputs.py makes, each refused with
a ValueError whose message names the argument (api.APIError; a setting's own value the
config's ConfigError, naming its path as --set does), an argument of the wrong type with an
api.APITypeError, which is a TypeError too: the API refuses what the command line refuses,
in the same words.

A case's `call` is Python, run as written (it is also the table's first column), with
these names: `api`; `cfg`, the micro_gpt preset; `run`, TEXT_RUN loaded by api.load_run;
`RUN`, TEXT_RUN's folder; `PAIRS`, a TSV of 40 Chinese-English pairs. A case with
`same_as` also runs that command line, and its message, with each option written as the
API's argument (--finetune-steps as finetune_steps), must be the API's."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Call:
    call: str
    expect: tuple[str, ...]  # parts of the message; the first names the argument
    wrong_type: bool = False  # also a TypeError
    same_as: tuple[str, ...] = ()  # the command line refusing the same value

    @property
    def id(self) -> str:
        return "api-" + "".join(c if c.isalnum() else "-" for c in self.call)[:60]


def wrong(call: str, name: str, what: str) -> Call:
    """An argument of the wrong type, named with what it must be."""
    return Call(call, (f"{name}: must be {what}", ", got "), wrong_type=True)


EVAL = ("eval", "{TEXT_RUN}")
GENERATE = ("generate", "{TEXT_RUN}")

VALUES = [
    Call(
        "run.evaluate(limit=-5)",
        ("limit: must be 1 or more examples, got -5",),
        same_as=(*EVAL, "--limit", "-5"),
    ),
    Call("run.evaluate(split='train')", ("split: must be one of valid, test, got 'train'",)),
    Call(
        "run.generate([''])",
        ("prompt 1 is empty", "give the text to complete"),
        same_as=(*GENERATE, ""),
    ),
    Call(
        "run.generate(['1+'], samples=0)",
        ("samples: must be 1 or more completions a prompt, got 0",),
        same_as=(*GENERATE, "1+", "--samples", "0"),
    ),
    Call(
        "run.generate(['1+'], samples=10000000)",
        ("samples: must be at most 64 completions a prompt", "got 10000000"),
        same_as=(*GENERATE, "1+", "--samples", "10000000"),
    ),
    Call(
        "run.generate(['1+'], temperature=-1.0)",
        ("temperature: must be 0 (greedy) or a positive number, got -1.0",),
        same_as=(*GENERATE, "1+", "--temperature", "-1.0"),
    ),
    Call(
        "api.prune(RUN, 1.5)",
        ("sparsity: 1.5 is not a share of the weights to prune", "at most 0.95"),
        same_as=("prune", "{TEXT_RUN}", "--sparsity", "1.5"),
    ),
    Call(
        "api.prune(RUN, 0.5, finetune_steps=-1)",
        ("finetune_steps: -1 is below 0", "give 0 (no fine-tuning) or more"),
        same_as=("prune", "{TEXT_RUN}", "--sparsity", "0.5", "--finetune-steps", "-1"),
    ),
    Call(
        "api.GRPOTrainer(cfg).run(max_steps=0)",
        ("max_steps: must be a positive number of steps, got 0",),
    ),
    Call(
        "api.load_preset('nosuch')",
        ("nosuch: no such file or shipped preset", "micro_gpt"),
        same_as=("train", "--config", "nosuch"),
    ),
    Call(
        "api.load_preset('micro_gpt', {'grpo.num_generations': 1})",
        ("grpo.num_generations: must be at least 2, got 1",),
        same_as=("train", "--config", "micro_gpt", "--set", "grpo.num_generations=1"),
    ),
    Call(
        "api.load_preset('micro_gpt', {'model.arch': 'tiny-transformer'})",
        ("model.arch: tiny-transformer cannot train the arithmetic task", "pick micro-gpt"),
        same_as=("train", "--config", "micro_gpt", "--set", "model.arch=tiny-transformer"),
    ),
    Call(
        "api.load_pairs(PAIRS, source_lang='en', target_lang='en')",
        ('source_lang and target_lang are both "en"', "pick two languages"),
    ),
    Call("api.load_pairs(PAIRS, max_length=0)", ("data.max_length: must be a positive integer",)),
    Call(
        "api.load_prompts('nosuch.tsv')",
        ("nosuch.tsv: no such file or folder", "give the path of your prompts file"),
    ),
    Call(
        "api.load_prompts(PAIRS, max_prompt_chars=0)",
        ("task.max_prompt_chars: must be at least 1, got 0",),
    ),
    Call(
        "api.set_rewards(cfg, [{'kind': 'exact'}])",
        ("checks: the arithmetic task has its own reward", 'load_preset("own_text")'),
    ),
    Call(
        "api.set_rewards(api.load_preset('own_text'), [{'kind': 'nope'}])",
        ("task.rewards[0]: kind must be one of exact, one_of", "got 'nope'"),
    ),
    Call(
        "api.set_rewards(api.load_preset('own_text'), [])",
        ("task.rewards: must be a list of at least one check",),
    ),
]

PRESET = "a shipped preset's name (grpo-studio presets lists them) or a preset file"
SETTINGS = 'a mapping of "section.key" to values'
PATH = "a path (str or pathlib.Path)"
RUN_LIKE = "a run folder (str or Path), a GRPOTrainer or a Run"
CONFIG = "a StudioConfig (from load_preset or configure)"
LANGUAGE = 'a language code such as "zh" or "en"'
CHECKS = 'a list of checks like {"kind": "exact"}'

WRONG_TYPES = [
    wrong("api.load_preset(None)", "preset", PRESET),
    wrong("api.load_preset(5)", "preset", PRESET),
    wrong("api.load_preset('micro_gpt', ['training.seed=1'])", "settings", SETTINGS),
    Call(
        "api.load_preset('micro_gpt', {1: 2})",
        ('settings: each key must be a string "section.key"',),
        wrong_type=True,
    ),
    wrong("api.configure({}, {'training.seed': 1})", "cfg", CONFIG),
    wrong("api.configure(cfg, 'training.seed=1')", "settings", SETTINGS),
    Call(
        "api.enable_curriculum(cfg, threshold='high')",
        ('curriculum.threshold: must be a number, got "high"',),
    ),
    Call(
        "api.set_gradient_checkpointing(cfg, 'x')",
        ('model.gradient_checkpointing: must be an integer, got "x"',),
    ),
    wrong("api.distill_from(cfg, 5)", "teacher", RUN_LIKE),
    wrong("api.set_memory_budget(cfg, None)", "budget", 'a size ("6GB", 4 for GB)'),
    wrong("api.load_pairs(None)", "path", PATH),
    wrong("api.load_pairs(PAIRS, source_lang=None)", "source_lang", LANGUAGE),
    wrong("api.load_pairs(PAIRS, target_lang=5)", "target_lang", LANGUAGE),
    wrong("api.load_pairs(PAIRS, max_length='64')", "max_length", "an integer"),
    wrong("api.load_pairs(PAIRS, augment='yes')", "augment", "True or False"),
    wrong("api.load_prompts(None)", "path", PATH),
    wrong("api.load_prompts(PAIRS, max_answer_chars='9')", "max_answer_chars", "an integer"),
    wrong("api.set_rewards(None, [])", "cfg", CONFIG),
    wrong("api.set_rewards(api.load_preset('own_text'), 'exact')", "checks", CHECKS),
    wrong("api.GRPOTrainer('micro_gpt')", "cfg", CONFIG),
    wrong("api.GRPOTrainer(cfg, save_dir=5)", "save_dir", PATH + " or None"),
    wrong("api.GRPOTrainer(cfg, callback='print')", "callback", "a function of one record"),
    wrong("api.GRPOTrainer.continue_run(None)", "run_dir", PATH),
    wrong("api.GRPOTrainer(cfg).run(max_steps='3')", "max_steps", "an integer or None"),
    wrong("api.export(None)", "run", RUN_LIKE),
    wrong("api.export(RUN, out=5)", "out", PATH + " or None"),
    wrong("api.export(RUN, int8='yes')", "int8", "True or False"),
    wrong("api.prune(RUN, '0.5')", "sparsity", "a number"),
    wrong("api.prune(RUN, 0.5, finetune_steps=1.5)", "finetune_steps", "an integer"),
    wrong("api.load_run(None)", "run_dir", PATH),
    wrong("api.load_run(RUN, checkpoint=5)", "checkpoint", PATH + " or None"),
    wrong("run.evaluate(limit='10')", "limit", "an integer"),
    wrong("run.evaluate(limit=1.5)", "limit", "an integer"),
    wrong("run.generate(None)", "prompts", "a prompt (str) or a list of them"),
    wrong("run.generate([1])", "prompts[0]", "a string"),
    wrong("run.generate(['1+'], samples='2')", "samples", "an integer"),
    wrong("run.generate(['1+'], temperature='hot')", "temperature", "a number"),
    wrong("api.plot_grad_flow(None)", "source", "a model after backward()"),
    wrong("api.plot_grad_flow(run, title=5)", "title", "a string or None"),
]

CALLS = [*VALUES, *WRONG_TYPES]
