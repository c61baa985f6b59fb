"""The catalogue: every architecture (studio.core.models.ARCHS) and task
(studio.core.tasks.TASKS) by name, and configs made with it.

The config package, the engine's ground floor, names no architecture and no task: it
takes a catalogue where it must choose a preset's model and task sections or check what a
task reads. This floor, just above the tasks, hands it the studio's own, so the front
doors and the floors above load a preset with one call: `load_config`.

A model of the user's (a Hugging Face folder on this computer) is trained by the
architecture for what the folder holds: a causal language model by "pretrained-lm", with a
text task; a translator by "pretrained-mt", with translation. `model_of_yours` gives the
settings that put a folder in a preset's place (the three front doors call it), and
refuses, naming the preset to use, a folder the preset's task cannot train.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from studio.core.config.experiments import Variant
from studio.core.config.fields import ConfigError
from studio.core.config.loading import build_config, check_all, make_variants, read_config
from studio.core.config.sections import StudioConfig
from studio.core.messages import say
from studio.core.models import ARCHS, ArchSpec, arch_spec
from studio.core.models.pretrained.folders import (
    TRANSLATION_FAMILIES,
    ModelFolder,
    ModelFolderError,
    ModelUse,
    read_model_folder,
)
from studio.core.models.pretrained.loading import NOUNS
from studio.core.tasks import TASKS, task_class
from studio.core.tasks.base import Task

# what a model folder holds -> the architecture that trains it, and the preset a front
# door starts from when the preset shown trains no such model
FOLDER_ARCHS: dict[ModelUse, str] = {"causal-lm": "pretrained-lm", "translation": "pretrained-mt"}
FOLDER_PRESETS: dict[ModelUse, str] = {"causal-lm": "own_text", "translation": "tiny_transformer"}


class StudioCatalogue:
    """The architectures and tasks the studio ships (config.choice.Catalogue)."""

    def arch(self, name: str) -> ArchSpec:
        return arch_spec(name)

    def task(self, name: str) -> type[Task[Any]]:
        return task_class(name)

    def arch_names(self) -> list[str]:
        return list(ARCHS)

    def task_names(self) -> list[str]:
        return list(TASKS)


CATALOGUE = StudioCatalogue()


def load_config(
    path: str | Path | None = None, overrides: Sequence[str] = (), *, run_config: bool = False
) -> StudioConfig:
    """Read a preset (a path or a shipped preset's name), apply `--set` overrides, validate
    (config.loading.read_config with the studio's catalogue)."""
    return read_config(path, overrides, CATALOGUE, run_config=run_config)


def config_from_dict(data: Any, changed: Collection[str] = ()) -> StudioConfig:
    """A parsed preset validated into a config (config.loading.build_config with the
    studio's catalogue)."""
    return build_config(data, CATALOGUE, changed)


def trains(arch: str, task: str) -> bool:
    """Whether the architecture `arch` is of the kind the task `task` trains."""
    return arch_spec(arch).kind == task_class(task).MODEL_KIND


def check_settings(cfg: StudioConfig) -> None:
    """A config checked as a preset is when it loads (config.loading.check_all): what the
    trainer and the window's estimate ask of a config the settings form built."""
    check_all(cfg, CATALOGUE)


def variant_configs(cfg: StudioConfig, variants: list[Variant]) -> list[StudioConfig]:
    """Each variant's config, checked (config.loading.make_variants)."""
    return make_variants(cfg, variants, CATALOGUE)


def _folder(path: str | Path) -> ModelFolder | None:
    """The model folder at `path`, read; None when it cannot be (its model section's own
    checks then say why, in its words)."""
    try:
        return read_model_folder(Path(path).expanduser())
    except (ModelFolderError, OSError):
        return None


def _use(folder: ModelFolder | None) -> ModelUse:
    """What the folder holds, or would hold once usable (a translator asking to run its
    own code is still a translator: its section then refuses it for that reason)."""
    if folder is not None and folder.use is not None:
        return folder.use
    translator = folder is not None and folder.family in TRANSLATION_FAMILIES
    return "translation" if translator else "causal-lm"


def preset_for(path: str | Path) -> str:
    """The preset that trains the model folder at `path` unless another is chosen."""
    return FOLDER_PRESETS[_use(_folder(path))]


def model_of_yours(
    path: str | Path, *, lora: bool = False, task: str | None = None
) -> dict[str, Any]:
    """The settings that train the model folder at `path` in a preset's place (dotted
    path or section -> value): its model section, of the architecture for what the folder
    holds, and a translator's language pair as the task's languages. ConfigError, naming
    the preset to use, when the task `task` (a preset's task.name) cannot train it."""
    folder = _folder(path)
    use = _use(folder)
    arch = FOLDER_ARCHS[use]
    if task is not None and not trains(arch, task):
        raise ConfigError(
            say(
                "model.path: {path} is {what}, which the {task} task cannot train; train it "
                "with the {preset} preset",
                path=str(path),
                what=NOUNS[use],
                task=task,
                preset=FOLDER_PRESETS[use],
            )
        )
    settings: dict[str, Any] = {
        "model": {"arch": arch, "path": str(Path(path).expanduser()), "lora": lora}
    }
    if folder is not None and folder.languages is not None:
        settings["task.source_lang"], settings["task.target_lang"] = folder.languages
    return settings
