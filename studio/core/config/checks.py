"""Checks across the fields of a whole config, each naming the fields and the fix.

A field's own range is its `param()` bounds (fields.py); what only makes sense
together is checked here: splits that leave data to train on, stages that train, a
completion that fits the model, a data file or a decoding the task reads, a teacher the
task and the warm-up can learn from. `config_from_dict` runs these when a preset loads,
and the trainer runs them again on the config it is given (the window's settings form
builds one field by field), so a setting that cannot work is refused before the first
step, not found after the warm-up. What may work but likely not as meant (a learning-rate
warm-up longer than its stage) is a warning the trainer logs (`config_warnings`). Checks
that need the task's data or model (a prompt plus grpo.max_new_tokens against
model.max_len, the curriculum's levels, reward names) are the task's and the trainer's
(`Task.check_settings`, training/loop/preflight.py).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING, Any

from studio.core.config.budgets import check_time_budget, parse_budget
from studio.core.config.fields import ConfigError
from studio.core.messages import Message, say

if TYPE_CHECKING:
    from studio.core.config.choice import Catalogue, TaskFacts
    from studio.core.config.sections import StudioConfig


def check_config(cfg: StudioConfig, catalogue: Catalogue) -> None:
    """Raise ConfigError for the first combination of settings that cannot work; the
    catalogue says what the config's task reads and decodes."""
    task = catalogue.task(cfg.task.NAME)
    _splits(cfg)
    _stages(cfg)
    _data_read(cfg, task)
    _fits_model(cfg)
    cfg.model.check_run(cfg)  # what only this model cannot do
    _advantages(cfg)
    _decoding(cfg, task)
    _perplexity(cfg, task, catalogue)
    _distill(cfg, task)
    _hidden(cfg)
    _budget(cfg)
    _sparsity(cfg)
    _compile(cfg)
    _drawn_walls(cfg)


def _splits(cfg: StudioConfig) -> None:
    data = cfg.data
    if data.valid_fraction + data.test_fraction >= 1.0:
        raise ConfigError(
            say(
                "data.valid_fraction and data.test_fraction: {valid} + {test} holds out all "
                "the data, leaving none to train on; lower one of them",
                valid=data.valid_fraction,
                test=data.test_fraction,
            )
        )


def _drawn_walls(cfg: StudioConfig) -> None:
    """The grid world's walls a teacher drew (task.walls) leave the goal in reach from the
    start; the task section checks it on its grid, which data.split_seed picks."""
    class_grid = getattr(cfg.task, "class_grid", None)
    if callable(class_grid):
        class_grid(cfg.data.split_seed)


def _stages(cfg: StudioConfig) -> None:
    if cfg.stages.warmup.steps == 0 and cfg.stages.grpo.steps == 0:
        raise ConfigError(
            say(
                "stages.warmup.steps and stages.grpo.steps: both are 0, so nothing would "
                "train; give one of the stages some steps"
            )
        )


def _data_read(cfg: StudioConfig, task: TaskFacts) -> None:
    if cfg.data.path and "path" not in task.DATA_FIELDS:
        raise ConfigError(
            say(
                "data.path (--data_path): the {task} task reads no data file, it makes its "
                "own examples, so {path} would be ignored; remove data.path, or train a "
                "preset whose task reads your data (translation: sentence pairs; shapes: "
                "images in class folders)",
                task=task.NAME,
                path=cfg.data.path,
            )
        )


def _fits_model(cfg: StudioConfig) -> None:
    max_len = cfg.model.shape().max_len
    if max_len is not None and cfg.grpo.max_new_tokens > max_len:
        raise ConfigError(
            say(
                "grpo.max_new_tokens: {n} is more than model.max_len ({max_len}), the longest "
                "sequence the model holds; lower grpo.max_new_tokens or raise model.max_len",
                n=cfg.grpo.max_new_tokens,
                max_len=max_len,
            )
        )


def _advantages(cfg: StudioConfig) -> None:
    grpo = cfg.grpo
    if grpo.scale_rewards != "none" and grpo.advantage_eps == 0:
        raise ConfigError(
            say(
                "grpo.advantage_eps: 0 divides a group of equal rewards (std 0) by zero, so "
                "every such step would be skipped as not finite; give it a small positive "
                'value (TRL: 1e-4), or set grpo.scale_rewards: "none"'
            )
        )


def _decoding(cfg: StudioConfig, task: TaskFacts) -> None:
    for name, decoding in (
        ("decoding", cfg.eval.decoding),
        ("test_decoding", cfg.eval.test_decoding),
    ):
        if decoding not in task.DECODINGS:
            raise ConfigError(
                say(
                    "eval.{name}: the {task} task decodes with {decodings}, not {decoding}; set "
                    'eval.{name}: "{first}"',
                    name=name,
                    task=task.NAME,
                    decodings=" or ".join(task.DECODINGS),
                    decoding=decoding,
                    first=task.DECODINGS[0],
                )
            )


def _budget(cfg: StudioConfig) -> None:
    parse_budget(cfg.training.memory_budget)  # its message names the setting and the forms
    check_time_budget(cfg.run.time_budget)


def _perplexity(cfg: StudioConfig, task: TaskFacts, catalogue: Catalogue) -> None:
    ccfg = cfg.curriculum
    if not ccfg.enabled or ccfg.difficulty != "perplexity":
        return
    if not task.scores_references():
        names = catalogue.task_names()
        scoring = [name for name in names if catalogue.task(name).scores_references()]
        raise ConfigError(
            say(
                "curriculum.difficulty: perplexity orders the examples by the model's loss on "
                "their reference answers, which the {task} task does not score (the {tasks} "
                'tasks do); use curriculum.difficulty: "level"',
                task=task.NAME,
                tasks=", ".join(scoring),
            )
        )
    if ccfg.pool < ccfg.stages:
        raise ConfigError(
            say(
                "curriculum.pool: {pool} examples cannot fill {stages} stages "
                "(curriculum.stages); raise curriculum.pool to at least {stages}",
                pool=ccfg.pool,
                stages=ccfg.stages,
            )
        )


def _distill(cfg: StudioConfig, task: TaskFacts) -> None:
    dcfg = cfg.distill
    if not dcfg.teacher:
        for name in ("synthetic", "checkpoint", "sha256"):
            if getattr(dcfg, name):
                raise ConfigError(
                    say(
                        "distill.{name}: is set, but distill.teacher is empty, so there is no "
                        "teacher to use it; give distill.teacher a finished run folder, or "
                        "clear distill.{name}",
                        name=name,
                    )
                )
        return
    if not task.has_supervised_logits():
        raise ConfigError(
            say(
                "distill.teacher: the {task} task's warm-up has no token logits to compare "
                "with a teacher's, so it cannot learn from one (arithmetic, strings and "
                "translation can); clear distill.teacher",
                task=task.NAME,
            )
        )
    if cfg.stages.warmup.steps == 0:
        raise ConfigError(
            say(
                "distill.teacher: the teacher teaches the supervised warm-up, and "
                "stages.warmup.steps is 0; give the warm-up some steps, or clear "
                "distill.teacher"
            )
        )


def planned_steps(cfg: StudioConfig) -> int:
    """Steps of both stages as planned (a stage that stops early ends sooner)."""
    return cfg.stages.warmup.steps + cfg.stages.grpo.steps


def sparsity_end(cfg: StudioConfig) -> int:
    """The step sparsity.target is reached at: sparsity.end_step, else the last planned."""
    end = cfg.sparsity.end_step
    return planned_steps(cfg) if end is None else end


def _sparsity(cfg: StudioConfig) -> None:
    sp = cfg.sparsity
    if sp.target == 0:
        return
    if sp.start_step > planned_steps(cfg):
        raise ConfigError(
            say(
                "sparsity.start_step: {start} comes after the run's last planned step "
                "({last}), so nothing would be pruned; start earlier, or train longer "
                "(stages.*.steps)",
                start=sp.start_step,
                last=planned_steps(cfg),
            )
        )
    if sparsity_end(cfg) < sp.start_step:
        raise ConfigError(
            say(
                "sparsity.end_step: {end} comes before sparsity.start_step ({start}), so the "
                "ramp to the target would run backwards; give an end step at or after the "
                "start step (the same step prunes all at once)",
                end=sparsity_end(cfg),
                start=sp.start_step,
            )
        )


def _compile(cfg: StudioConfig) -> None:
    if cfg.training.compile and cfg.training.grad_penalty_lambda > 0:
        raise ConfigError(
            say(
                "training.compile and training.grad_penalty_lambda: the gradient-norm penalty "
                "needs a double backward, which torch.compile's passes do not have; set "
                "training.compile: false, or grad_penalty_lambda: 0"
            )
        )


def field_paths(obj: Any, prefix: str = "") -> list[str]:
    """Every section and field path of a config, e.g. "grpo", "grpo.beta"."""
    paths = []
    for f in fields(obj):
        path = f"{prefix}{f.name}"
        paths.append(path)
        value = getattr(obj, f.name)
        if is_dataclass(value):
            paths += field_paths(value, path + ".")
    return paths


def _hidden(cfg: StudioConfig) -> None:
    known = set(field_paths(cfg))
    for i, path in enumerate(cfg.ui.hidden):
        if path not in known:
            raise ConfigError(
                say(
                    "ui.hidden[{i}]: {path} names no section or field of this config, so it "
                    'would hide nothing; write a section ("grpo") or a field ("grpo.beta") of '
                    "it",
                    i=i,
                    path=repr(path),
                )
            )


def config_warnings(cfg: StudioConfig) -> list[Message]:
    """What may work but likely not as meant (the trainer logs each as a warning)."""
    notes = []
    if cfg.curriculum.difficulty == "perplexity" and not cfg.curriculum.enabled:
        notes.append(
            say(
                "curriculum.difficulty: perplexity does nothing while curriculum.enabled is "
                "false; set curriculum.enabled: true to use it"
            )
        )
    for name in ("warmup", "grpo"):
        stage = getattr(cfg.stages, name)
        if stage.steps and stage.lr_warmup_steps > stage.steps:
            notes.append(
                say(
                    "stages.{name}.lr_warmup_steps: {n} is more than the stage's {steps} "
                    "steps, so its learning rate never reaches stages.{name}.lr ({lr}); "
                    "lower it to at most {steps}",
                    name=name,
                    n=stage.lr_warmup_steps,
                    steps=stage.steps,
                    lr=f"{stage.lr:g}",
                )
            )
    dcfg = cfg.distill
    if dcfg.teacher and dcfg.weight == 0 and dcfg.synthetic == 0:
        notes.append(
            say(
                "distill.weight and distill.synthetic: both are 0, so the teacher teaches "
                "nothing; raise distill.weight (e.g. 0.5) or distill.synthetic, or clear "
                "distill.teacher"
            )
        )
    sp = cfg.sparsity
    if sp.target and sparsity_end(cfg) > planned_steps(cfg):
        notes.append(
            say(
                "sparsity.end_step: {end} is after the run's last planned step ({last}), so "
                "the sparsity never reaches sparsity.target ({target}); end the ramp at step "
                "{last} or earlier",
                end=sparsity_end(cfg),
                last=planned_steps(cfg),
                target=f"{sp.target:g}",
            )
        )
    return notes


GROWN = 4  # a size setting this many times its default is named as the one that grew


def grown_setting(cfg: StudioConfig) -> str:
    """The model or task size setting furthest above its default ("model.d_model
    65536"), when one is at least GROWN times it; "" otherwise. What a message about a
    model too big for the machine names."""
    found: list[tuple[float, str]] = []
    for name in ("model", "task"):
        section: Any = getattr(cfg, name)
        default = type(section)()
        for f in fields(section):
            value, usual = _count(getattr(section, f.name)), _count(getattr(default, f.name))
            if value and usual and value >= GROWN * usual:
                found.append((value / usual, f"{name}.{f.name} {value}"))
    return max(found)[1] if found else ""


def _count(value: Any) -> int:
    """A positive integer setting's value; 0 for any other value."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0
