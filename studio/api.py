"""The Python API: GRPO Studio from a notebook or a script, `from studio import api`.

A thin face over the engine the command line and the window drive: presets load through
the same strict config loader, `GRPOTrainer` runs the same `Trainer` (a run folder,
checkpoints and metrics.jsonl as `grpo-studio train` writes them), `export` is the
export pipeline, and `load_run` reads a run folder back the way `grpo-studio eval`,
`generate` and `translate` do. docs/api.md documents every name here; nothing in this
module computes what the engine already does.

Records are the plain dicts of studio.core.training.reporting.records (the same the CLI's progress
line and the window's charts read). `GRPOTrainer.records()` trains on a background
thread and yields them as they come; the thread waits for the loop to take each one, so
a notebook cell that stops iterating also stops the training (with a checkpoint).
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from torch import nn

from studio.core.catalogue import config_from_dict, load_config, model_of_yours
from studio.core.config.arguments import ArgumentError, check_eval_limit
from studio.core.config.decoding import BeamsRefused, Decoding
from studio.core.config.fields import ConfigError
from studio.core.config.fit import user_gives
from studio.core.config.loading import config_to_dict
from studio.core.config.sections import DataConfig, StudioConfig
from studio.core.config.user_settings import covers
from studio.core.data.load_report import LoadReport
from studio.core.export.hf_folder import save_run_model
from studio.core.export.pipeline import ExportResult, export_run
from studio.core.machine.memory_budget import Fit
from studio.core.runs.loading import TrainedRun
from studio.core.runs.loading import load_run as load_run_folder
from studio.core.runs.metrics_file import read_metrics
from studio.core.runs.resume import resume_config
from studio.core.serving.completion import (
    CompletionError,
    CompletionSettings,
    complete,
    completes_text,
)
from studio.core.training.loop.control import TrainerControl
from studio.core.training.loop.trainer import Trainer
from studio.core.training.stages.evaluation import held_out_metrics
from studio.core.training.steps.update import gradient_flow
from studio.core.training.tools.prune import PruneResult, prune_run

if TYPE_CHECKING:
    from matplotlib.figure import Figure

Record = dict[str, Any]
Settings = Mapping[str, Any]

_NOTEBOOK_EXTRA = "pip install grpo-studio[notebook]"


class APIError(ValueError):
    """A call cannot do what was asked; the message says what and how to fix it."""


class APITypeError(APIError, TypeError):
    """An argument of the wrong type, named as a setting of the wrong type is
    (`limit: must be an integer, got '10'`): a TypeError as Python's own are, and an
    APIError (ValueError) as every refusal of the API is."""


# ---- the arguments' checks: the API refuses what the command line refuses, in its words
# (studio.core.config.arguments), naming the argument instead of the option

_PATH = "a path (str or pathlib.Path)"
_RUN = "a run folder (str or Path), a GRPOTrainer or a Run"


def _must_be(name: str, value: Any, kinds: type | tuple[type, ...], what: str) -> None:
    """An APITypeError naming `name` unless `value` is one of `kinds` (a bool is no
    number here, as in a config)."""
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise APITypeError(f"{name}: must be {what}, got {value!r}")


def _int(name: str, value: Any, *, optional: bool = False) -> None:
    if not (optional and value is None):
        _must_be(name, value, int, "an integer" + (" or None" if optional else ""))


def _number(name: str, value: Any) -> None:
    _must_be(name, value, (int, float), "a number")


def _text(name: str, value: Any, what: str = "a string") -> None:
    _must_be(name, value, str, what)


def _path(name: str, value: Any, *, optional: bool = False) -> None:
    if not (optional and value is None):
        _must_be(name, value, (str, Path), _PATH + (" or None" if optional else ""))


def _settings(name: str, settings: Any) -> Settings:
    """`settings`: a mapping of "section.key" strings to values (None: none)."""
    if settings is None:
        return {}
    _must_be(
        name, settings, Mapping, 'a mapping of "section.key" to values, e.g. {"training.seed": 1}'
    )
    for key in settings:
        if not isinstance(key, str):
            raise APITypeError(
                f'{name}: each key must be a string "section.key", e.g. "training.seed", '
                f"got {key!r}"
            )
    return settings


def _config(name: str, cfg: Any) -> None:
    _must_be(name, cfg, StudioConfig, "a StudioConfig (from load_preset or configure)")


def _run_like(name: str, run: Any) -> None:
    _must_be(name, run, (str, Path, GRPOTrainer, Run), _RUN)


def _one_of(name: str, value: Any, choices: Sequence[str]) -> None:
    if value not in choices:
        raise APIError(f"{name}: must be one of {', '.join(choices)}, got {value!r}")


# ---- configs


def _override_texts(settings: Settings | None) -> list[str]:
    """{"training.lr": 1e-4} -> ["training.lr=0.0001"]: JSON is YAML, which --set reads."""
    return [f"{key}={json.dumps(value)}" for key, value in _settings("settings", settings).items()]


def load_preset(preset: str | Path, settings: Settings | None = None) -> StudioConfig:
    """A shipped preset by name (`"micro_gpt"`) or a preset file, with `settings`
    ({"section.key": value}, as `--set` gives them) applied, and checked."""
    _must_be(
        "preset",
        preset,
        (str, Path),
        "a shipped preset's name (grpo-studio presets lists them) or a preset file",
    )
    return load_config(preset, _override_texts(settings))


def use_model(cfg: StudioConfig, folder: str | Path, *, lora: bool = False) -> StudioConfig:
    """A new config: `cfg` training a model of yours, the Hugging Face folder `folder` on
    this computer, every weight or small LoRA adapters (`lora`): a causal language model
    for the text tasks (arithmetic, strings, own_text), or a translator (a Marian model,
    opus-mt) for translation, whose language pair becomes the task's languages unless you
    set them. The learning rates a pretrained model trains with are fitted when the run
    starts, unless you set them."""
    _config("cfg", cfg)
    _path("folder", folder)
    _must_be("lora", lora, bool, "True or False")
    settings = model_of_yours(folder, lora=lora, task=cfg.task.NAME)
    given = {k: v for k, v in settings.items() if k == "model" or not covers(cfg.user_set, k)}
    return configure(cfg, given)


def configure(cfg: StudioConfig, settings: Settings) -> StudioConfig:
    """A new config: `cfg` with `settings` ({"section.key": value}) changed, checked as a
    preset is. `cfg` itself is left as it was. (Another model.arch or task.name starts
    from another preset: use `load_preset(..., {"model.arch": ...})`.)"""
    _config("cfg", cfg)
    data = config_to_dict(cfg)
    given = _settings("settings", settings)
    changes = [(_setting_keys(key), value) for key, value in given.items()]
    paths = user_gives(data, changes, cfg.user_set)  # what a fit leaves as the user set it
    return config_from_dict(data, paths)


def _setting_keys(key: str) -> list[str]:
    """A setting's keys, "training.lr" -> ["training", "lr"]; a key naming none is refused."""
    keys = [k for k in key.split(".") if k]
    if not keys:
        raise ConfigError(f"{key!r}: a setting is named section.key, e.g. training.lr")
    return keys


def enable_curriculum(
    cfg: StudioConfig,
    *,
    threshold: float | None = None,
    window: int | None = None,
    difficulty_metric: str | None = None,
    stages: int | None = None,
) -> StudioConfig:
    """`cfg` with the curriculum on: GRPO starts on the task's easiest level (shorter
    sentences, fewer digits, smaller grids) and unlocks the next when the mean reward
    over `window` steps reaches `threshold` (the preset's values when not given).

    `difficulty_metric="perplexity"` orders the examples by the model's own loss on their
    references instead (text tasks), in `stages` equal shares easiest first, scored again
    at each stage: the warm-up moves on at equal shares of its steps, GRPO by the same
    reward rule (curriculum.difficulty, curriculum.stages)."""
    changes: dict[str, Any] = {"curriculum.enabled": True}
    if threshold is not None:
        changes["curriculum.threshold"] = threshold
    if window is not None:
        changes["curriculum.window"] = window
    if difficulty_metric is not None:
        changes["curriculum.difficulty"] = difficulty_metric
    if stages is not None:
        changes["curriculum.stages"] = stages
    return configure(cfg, changes)


def set_gradient_checkpointing(cfg: StudioConfig, interval: int) -> StudioConfig:
    """`cfg` recomputing every `interval`-th block of the model in the backward pass
    instead of keeping its activations (0: off): less memory, a slower step."""
    return configure(cfg, {"model.gradient_checkpointing": interval})


def distill_from(
    cfg: StudioConfig,
    teacher: str | Path | GRPOTrainer | Run,
    *,
    weight: float | None = None,
    temperature: float | None = None,
    synthetic: int | None = None,
) -> StudioConfig:
    """`cfg` whose warm-up learns from `teacher`, a finished run of the same task (its
    folder, trainer or loaded run): its soft targets make up `weight` of the loss at
    `temperature`, and it writes `synthetic` extra examples (the preset's or the
    defaults' values when not given). The student takes the teacher's tokenizer."""
    _run_like("teacher", teacher)
    changes: dict[str, Any] = {"distill.teacher": str(_run_folder(teacher))}
    for key, value in (("weight", weight), ("temperature", temperature), ("synthetic", synthetic)):
        if value is not None:
            changes[f"distill.{key}"] = value
    return configure(cfg, changes)


def set_memory_budget(cfg: StudioConfig, budget: str | float) -> StudioConfig:
    """`cfg` with a memory budget the trainer fits it into: a size ("6GB", "512MB", 4 for
    GB), "free" (the GPU's free memory, on the CPU the RAM available), or "" for none."""
    _must_be("budget", budget, (str, int, float), 'a size ("6GB", 4 for GB), "free" or ""')
    return configure(cfg, {"training.memory_budget": str(budget)})


def set_rewards(cfg: StudioConfig, checks: Sequence[Mapping[str, Any]]) -> StudioConfig:
    """`cfg` (an own_text config) rewarded by `checks`: a list of {"kind", "weight",
    "options", "name"} mappings, as a preset's task.rewards, each checked."""
    _config("cfg", cfg)
    _must_be("checks", checks, (list, tuple), 'a list of checks like {"kind": "exact"}')
    if cfg.task.NAME != "own_text":
        raise APIError(
            f"checks: the {cfg.task.NAME} task has its own reward; reward checks are for the "
            'own_text task: load_preset("own_text")'
        )
    # each check as a plain dict (a mapping of another kind is one too); the rest is
    # left for the checks' own validation to name
    rewards = [dict(c) if isinstance(c, Mapping) else c for c in checks]
    return configure(cfg, {"task.rewards": rewards})


# ---- data


@dataclass
class PairData:
    """Sentence pairs as the translation task reads them, the report of loading them,
    and the settings that train a translation preset on them."""

    pairs: list[tuple[str, str]]
    report: LoadReport
    settings: dict[str, Any]

    def __len__(self) -> int:
        return len(self.pairs)


def load_pairs(
    path: str | Path,
    *,
    source_lang: str = "zh",
    target_lang: str = "en",
    max_length: int = 64,
    augment: bool = False,
) -> PairData:
    """(source, target) pairs from a TSV/CSV (a Tatoeba export as is), JSON Lines or two
    aligned text files, their columns matched to `source_lang`/`target_lang` by script,
    header or language and reported (`.report.text()`). `max_length` (tokens) and
    `augment` (source-side noise in the warm-up) apply when training on them:
    `load_preset("tiny_transformer", pairs.settings)`."""
    from studio.core.config.fields import from_dict
    from studio.core.tasks.translation.config import TranslationConfig
    from studio.core.tasks.translation.data import task_pairs

    _path("path", path)
    for name, lang in (("source_lang", source_lang), ("target_lang", target_lang)):
        _text(name, lang, 'a language code such as "zh" or "en"')
    _int("max_length", max_length)
    _must_be("augment", augment, bool, "True or False")
    # the values checked as a preset's (data.max_length above 0, two languages...)
    data: DataConfig = from_dict(
        DataConfig, {"path": str(path), "max_length": max_length, "augment": augment}, "data"
    )
    langs = {"source_lang": source_lang, "target_lang": target_lang}
    try:
        task = from_dict(TranslationConfig, langs, "task")
    except ConfigError:
        raise
    except ValueError as err:  # the two languages' own check, in __post_init__
        raise APIError(str(err)) from None
    pairs, report = task_pairs(task, data)
    settings = {
        "task.name": "translation",
        "task.source_lang": source_lang,
        "task.target_lang": target_lang,
        "data.path": str(path),
        "data.max_length": max_length,
        "data.augment": augment,
    }
    return PairData(pairs, report, settings)


@dataclass
class PromptData:
    """Your prompts as the own_text task reads them: (prompt, acceptable answers) items
    (no answers for a file of prompts alone), the layout the file was read as, the report
    of loading it, and the settings that train the own_text preset on it."""

    items: list[tuple[str, tuple[str, ...]]]
    has_answers: bool
    layout: str
    report: LoadReport
    settings: dict[str, Any]

    def __len__(self) -> int:
        return len(self.items)


def load_prompts(
    path: str | Path, *, max_prompt_chars: int = 200, max_answer_chars: int = 200
) -> PromptData:
    """The prompts (and answers) of a TSV/CSV, JSON Lines, `prompt -> answer` or
    prompts-alone file, read as the own_text task reads it, with what was skipped and
    why (`.report.text()`); prompts or answers longer than the limits (characters) are
    skipped. Train on them: `load_preset("own_text", prompts.settings)`."""
    from studio.core.config.fields import from_dict
    from studio.core.data.load_report import DataError
    from studio.core.data.prompt_files import read_prompts
    from studio.core.tasks.own_text import OwnTextConfig

    _path("path", path)
    _int("max_prompt_chars", max_prompt_chars)
    _int("max_answer_chars", max_answer_chars)
    limits = {"max_prompt_chars": max_prompt_chars, "max_answer_chars": max_answer_chars}
    from_dict(OwnTextConfig, limits, "task")  # the limits checked as a preset's
    try:
        loaded = read_prompts(path, **limits)
    except DataError as err:  # the file's problem and the fix, in the command line's words
        raise APIError(str(err)) from None
    settings: dict[str, Any] = {
        "data.path": str(path),
        **{f"task.{k}": v for k, v in limits.items()},
    }
    items = [(item.prompt, item.answers) for item in loaded.items]
    return PromptData(items, loaded.has_answers, loaded.layout, loaded.report, settings)


# ---- training


def _hand_over(
    inbox: queue.Queue[tuple[str, Any]], item: tuple[str, Any], gone: threading.Event
) -> None:
    """Put `item` in the one-place `inbox` once the loop has room for it, or give up when
    the loop has ended (nobody would take it)."""
    while not gone.is_set():
        try:
            inbox.put(item, timeout=0.1)
            return
        except queue.Full:
            continue


class GRPOTrainer:
    """The studio's trainer for one config: a supervised warm-up, then GRPO, in a new run
    folder under `save_dir` (`continue_run` carries on an existing one). `callback(record)`
    hears every record; it may call `pause`, `stop` (or anything) on this trainer."""

    def __init__(
        self,
        cfg: StudioConfig,
        *,
        save_dir: str | Path | None = None,
        callback: Callable[[Record], None] | None = None,
        _resume: Path | None = None,
    ) -> None:
        _config("cfg", cfg)
        _path("save_dir", save_dir, optional=True)
        if callback is not None and not callable(callback):
            raise APITypeError(
                f"callback: must be a function of one record, or None, got {callback!r}"
            )
        self.control = TrainerControl()
        self._callback = callback
        self._sink: Callable[[Record], None] | None = None  # records() while it runs
        self._thread: threading.Thread | None = None
        self.engine = Trainer(
            cfg,
            save_dir=Path(save_dir) if save_dir is not None else None,
            resume_from=_resume,
            control=self.control,
            listeners=[self._hear],
        )

    @classmethod
    def continue_run(
        cls,
        run_dir: str | Path,
        settings: Settings | None = None,
        *,
        callback: Callable[[Record], None] | None = None,
    ) -> GRPOTrainer:
        """A trainer that continues a run folder from its newest readable checkpoint, with
        its own config and `settings` changed (those a checkpoint does not depend on:
        more steps, evaluation, logging; changing the model's shape is refused)."""
        _path("run_dir", run_dir)
        folder = Path(run_dir)
        cfg = resume_config(folder, _override_texts(settings))
        return cls(cfg, callback=callback, _resume=folder)

    def _hear(self, record: Record) -> None:
        if self._sink is not None:
            self._sink(record)
        if self._callback is not None:
            self._callback(record)

    @property
    def cfg(self) -> StudioConfig:
        return self.engine.cfg

    @property
    def model(self) -> nn.Module:
        return self.engine.model

    @property
    def memory_fit(self) -> Fit | None:
        """What training.memory_budget changed and why (None without a budget)."""
        return self.engine.memory_fit

    @property
    def load_report(self) -> LoadReport | None:
        """What the task read of your data file, skipped and fitted to it (the split, the
        settings chosen), as the command line prints it; None for a task without one."""
        return self.engine.task.load_report()

    @property
    def run_dir(self) -> Path:
        """The run folder (made on first use: training, or asking for it)."""
        return self.engine.start()

    def run(self, max_steps: int | None = None) -> Record:
        """Train until the stages end, `max_steps` steps in all, or `stop()`; return the
        final record ({"kind": "done", "reason": ..., "step": ...})."""
        _max_steps(max_steps)
        self._check_idle()
        return self.engine.run(max_steps)

    def records(self, max_steps: int | None = None) -> Iterator[Record]:
        """Train on a background thread, yielding each record as it comes, the final one
        ("done") last. Leaving the loop early (break, an error, Ctrl-C) stops the run at
        its last finished step, with a checkpoint."""
        _max_steps(max_steps)
        self._check_idle()
        inbox: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=1)
        # the loop has asked for the next record: the trainer goes on only then, so a loop
        # that leaves after step N stops the run at step N, however slow the loop's thread
        taken = threading.Semaphore(0)
        gone = threading.Event()  # the loop has ended: nobody takes records any more

        def deliver(item: tuple[str, Any]) -> None:
            _hand_over(inbox, item, gone)
            while not gone.is_set() and not taken.acquire(timeout=0.1):
                continue

        def train() -> None:
            try:
                self.engine.run(max_steps)
            except BaseException as err:  # handed to the caller's thread
                deliver(("error", err))
            deliver(("end", None))

        self._sink = lambda record: deliver(("record", record))
        thread = self._thread = threading.Thread(target=train, name="grpo-trainer", daemon=True)
        thread.start()
        try:
            while True:
                kind, item = inbox.get()
                if kind == "end":
                    break
                if kind == "error":
                    raise item
                yield item
                taken.release()
        finally:
            if thread.is_alive():
                self.control.stop()  # before the trainer goes on; wakes a paused run too
            gone.set()
            thread.join()
            self._sink, self._thread = None, None

    def _check_idle(self) -> None:
        if self._thread is not None:
            raise APIError("this trainer is training already (records() is under way)")

    def pause(self) -> None:
        """Hold the run within a moment (mid-step too) until `resume()`."""
        self.control.pause()

    def resume(self) -> None:
        self.control.resume()

    def stop(self) -> None:
        """End the run at its last finished step, with a checkpoint."""
        self.control.stop()

    def evaluate(self) -> dict[str, float]:
        """Held-out metrics of the model now, on the validation split, as the trainer's
        own evaluations measure them (eval.size examples, eval.decoding). It evaluates a
        copy of the weights: the run's pause and stop do not reach it."""
        self._check_idle()
        engine = self.engine
        model = engine.task.build_model(self.cfg.model).to(engine.device)
        model.load_state_dict(engine.model.state_dict())
        return held_out_metrics(
            engine.task, model, self.cfg.eval, self.cfg.training.amp, engine.device
        )

    def save_checkpoint(self) -> Path:
        self._check_idle()
        self.engine.start()
        return self.engine.save_checkpoint()


def _max_steps(max_steps: Any) -> None:
    """As --steps: a positive number of steps (None: the stages' own)."""
    _int("max_steps", max_steps, optional=True)
    if max_steps is not None and max_steps < 1:
        raise APIError(f"max_steps: must be a positive number of steps, got {max_steps}")


# ---- finished runs


def _run_folder(run: str | Path | GRPOTrainer | Run) -> Path:
    if isinstance(run, GRPOTrainer):
        return run.run_dir
    if isinstance(run, Run):
        return run.run_dir
    return Path(run)


def export(
    run: str | Path | GRPOTrainer | Run, out: str | Path | None = None, *, int8: bool = False
) -> ExportResult:
    """Export a run's newest checkpoint to ONNX (default folder: RUN/exports), checked
    against PyTorch before it is called done; `int8` also writes quantized copies."""
    _run_like("run", run)
    _path("out", out, optional=True)
    _must_be("int8", int8, bool, "True or False")
    return export_run(_run_folder(run), Path(out) if out is not None else None, quantize=int8)


def save_model(
    run: str | Path | GRPOTrainer | Run,
    out: str | Path | None = None,
    *,
    adapter: bool = False,
) -> Path:
    """Save a run of a model of yours as a Hugging Face folder (default: RUN/model) that
    transformers loads as any model; a LoRA run's adapters are merged into a copy of the
    weights, or with `adapter` saved alone beside the base folder they need."""
    _run_like("run", run)
    _path("out", out, optional=True)
    _must_be("adapter", adapter, bool, "True or False")
    folder = Path(out) if out is not None else None
    return save_run_model(_run_folder(run), folder, how="adapter" if adapter else "merged")


def prune(
    run: str | Path | GRPOTrainer | Run,
    sparsity: float,
    *,
    finetune_steps: int = 0,
    save_dir: str | Path | None = None,
) -> PruneResult:
    """Prune a run's smallest weights to `sparsity` (a share up to 0.95) into a new run
    folder (the original is kept), then fine-tune `finetune_steps` supervised steps with
    them held at zero, as `grpo-studio prune`."""
    _run_like("run", run)
    _number("sparsity", sparsity)
    _int("finetune_steps", finetune_steps)
    _path("save_dir", save_dir, optional=True)
    folder = Path(save_dir) if save_dir is not None else None
    try:
        return prune_run(_run_folder(run), sparsity, finetune_steps=finetune_steps, save_dir=folder)
    except ArgumentError as err:  # named by its argument, not its option
        raise APIError(err.as_argument) from None


class Run:
    """A finished (or stopped) run read back from its folder: config, task and model."""

    def __init__(self, run_dir: Path, loaded: TrainedRun) -> None:
        self.run_dir = run_dir
        self.cfg: StudioConfig = loaded.cfg
        self.task = loaded.task
        self.model: nn.Module = loaded.model
        self.checkpoint: Path = loaded.checkpoint

    @property
    def prompt_end(self) -> str:
        """The character an own_text run's training prompts end with ("=" unless your data
        uses it); "" for the other tasks, whose prompts you write whole."""
        return str(getattr(self.task, "prompt_end", "")) if self.task.NAME == "own_text" else ""

    def records(self) -> list[Record]:
        """Every record of its metrics.jsonl, in order."""
        return read_metrics(self.run_dir)

    def evaluate(self, split: str = "test", limit: int = 1000) -> dict[str, float]:
        """Held-out metrics on `split` ("valid" or "test"), as `grpo-studio eval`."""
        _one_of("split", split, ("valid", "test"))
        _int("limit", limit)
        try:
            check_eval_limit(limit)
        except ArgumentError as err:
            raise APIError(err.as_argument) from None
        how = self.cfg.eval.decoding_of(split)
        return self.task.evaluate(self.model, split=split, limit=limit, decoding=how)

    def generate(
        self, prompts: Sequence[str], *, samples: int = 1, temperature: float = 0.0
    ) -> list[list[str]]:
        """Completions of each prompt by a text run (Micro-GPT): `samples` each (at most
        MAX_SAMPLES, 64), greedy at temperature 0, as `grpo-studio generate`."""
        if not completes_text(self.task.NAME):
            raise APIError(f"{self.run_dir}: a {self.task.NAME} run does not complete text")
        if isinstance(prompts, str):
            prompts = [prompts]
        _must_be("prompts", prompts, (list, tuple), "a prompt (str) or a list of them")
        for i, prompt in enumerate(prompts):
            _text(f"prompts[{i}]", prompt, "a string (the text to complete)")
        _int("samples", samples)
        _number("temperature", temperature)
        end = self.prompt_end
        if end:  # own_text trained on prompts ending with it; add it where it is missing
            prompts = [p if not p or p.endswith(end) else p + end for p in prompts]
        settings = CompletionSettings(samples=samples, temperature=temperature)
        try:
            return complete(self, prompts, settings)
        except CompletionError as err:  # the command line's words, naming the argument
            raise APIError(str(err)) from None

    def translate(self, sentences: str | Sequence[str], *, beam: int | None = None) -> list[str]:
        """Translations by a translation run (Tiny-Transformer), one per line given, by
        beam search with `beam` beams (2 to MAX_BEAMS, 16), greedy for 0, and without `beam`
        as the run's test figures were measured (eval.test_decoding), as `grpo-studio
        translate`."""
        from studio.core.serving.live_translation import LiveTranslator
        from studio.core.serving.translation_backends import TorchBackend

        if self.task.NAME != "translation":
            raise APIError(f"{self.run_dir}: a {self.task.NAME} run does not translate")
        if not isinstance(sentences, str):
            _must_be("sentences", sentences, (list, tuple), "a sentence (str) or a list of them")
            for i, sentence in enumerate(sentences):
                _text(f"sentences[{i}]", sentence)
        decoding = self.cfg.eval.decoding_of("test")
        if beam is not None:
            _int("beam", beam)
            try:
                decoding = Decoding.asked(beam)
            except BeamsRefused as err:
                raise APIError(f"beam={beam}: {err.rule}") from None
        lines = [sentences] if isinstance(sentences, str) else list(sentences)
        translator = LiveTranslator(TorchBackend(self.model, self.task))
        return translator.translate_lines(lines, decoding).lines

    def act(self, index: int = 0, *, split: str = "test") -> dict[str, Any]:
        """A grid-world run's agent plays held-out grid `index` greedily: how it went
        (moves, outcome, steps, return) and its pictures ("frames", (H, W, 3) uint8)."""
        replay = getattr(self.task, "replay", None)
        if replay is None:
            raise APIError(f"{self.run_dir}: a {self.task.NAME} run has no agent to play")
        _int("index", index)
        _one_of("split", split, ("valid", "test"))
        try:
            frames, info = replay(self.model, split=split, index=index, greedy=True)
        except ArgumentError as err:  # named by its argument
            raise APIError(err.as_argument) from None
        return {**info, "frames": frames}


def load_run(run_dir: str | Path, checkpoint: str | Path | None = None) -> Run:
    """A run folder's config, task and model (its newest readable checkpoint, or the
    checkpoint file given), on the CPU, in eval mode."""
    _path("run_dir", run_dir)
    _path("checkpoint", checkpoint, optional=True)
    folder = Path(run_dir)
    chosen = Path(checkpoint) if checkpoint is not None else None
    return Run(folder, load_run_folder(folder, "cpu", checkpoint=chosen))


# ---- the gradient-flow plot


def _flow_of(source: Any) -> dict[str, list]:
    """Per-layer gradients ({"layers", "mean", "max"}) from a model's .grad, a record,
    or the newest record of a run that has them."""
    if isinstance(source, GRPOTrainer):
        source = source.run_dir
    if isinstance(source, nn.Module):
        flow = gradient_flow(source)
        if not flow["layers"]:
            raise APIError(
                "the model holds no gradients: call loss.backward() first, or plot a run"
            )
        return flow
    if not isinstance(source, (Mapping, Run, str, Path)):
        raise APITypeError(
            "source: must be a model after backward(), a step record, a GRPOTrainer, a Run "
            f"or a run folder, got {source!r}"
        )
    if isinstance(source, Mapping):
        if "grad_flow" not in source:
            raise APIError("this record has no grad_flow (run.grad_flow_every says which do)")
        return dict(source["grad_flow"])
    records = source.records() if isinstance(source, Run) else read_metrics(Path(source))
    flows = [r["grad_flow"] for r in records if r.get("grad_flow")]
    if not flows:
        raise APIError(
            f"{_run_folder(source)}: no step recorded gradient flow; train with "
            "run.grad_flow_every above 0"
        )
    return dict(flows[-1])


def plot_grad_flow(source: Any, *, title: str | None = None) -> Figure:
    """The gradient-flow chart as a matplotlib Figure: mean and max |gradient| of each
    weight layer, log scale, input to output. `source`: a model after backward(), a step
    record, a trainer, a Run or a run folder (its newest record with gradients)."""
    if title is not None:
        _text("title", title, "a string or None")
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise APIError(
            f"plot_grad_flow draws with matplotlib, which is not installed: {_NOTEBOOK_EXTRA}"
        ) from None
    flow = _flow_of(source)
    layers = flow["layers"]
    fig = Figure(figsize=(max(6.0, 0.35 * len(layers)), 4.0), layout="constrained")
    ax = fig.add_subplot()
    where = range(len(layers))
    ax.bar(where, flow["max"], color="#9ecae1", label="max |grad|")
    ax.bar(where, flow["mean"], color="#3182bd", label="mean |grad|")
    ax.set_yscale("log")
    ax.set_xticks(list(where), layers, rotation=90, fontsize=7)
    ax.set_ylabel("|gradient|")
    ax.set_title(title or "Gradient flow per layer")
    ax.legend()
    return fig
