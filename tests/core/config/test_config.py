"""Presets load strictly: bad keys and values fail at load time, naming the key's path.
The registries of architectures and tasks hold what their entries promise."""

import importlib
import json
import pkgutil
from typing import get_args

import pytest

from studio.core.catalogue import config_from_dict, load_config
from studio.core.config.fields import ConfigError, ModelShape
from studio.core.config.loading import config_to_dict, save_config
from studio.core.config.preset_files import preset_files
from studio.core.export.adapters import Adapter
from studio.core.models import ARCHS, ArchSpec, ModelKind, Question, arch_spec, archs_of_kind
from studio.core.tasks import TASKS, task_class
from studio.core.tasks.base import Task
from tests.support.pretrained_folders import tiny_marian, tiny_model


def write(tmp_path, text):
    path = tmp_path / "preset.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_an_empty_file_gives_the_defaults():
    cfg = config_from_dict(None)
    assert cfg.model.ARCH == "micro-gpt"
    assert cfg.task.NAME == "arithmetic"
    assert cfg.grpo.num_generations == 8 and cfg.grpo.loss_type == "dapo"
    assert cfg.training.adam_beta2 == 0.99


def test_a_bad_value_names_its_path_and_what_was_expected(tmp_path):
    path = write(tmp_path, "stages:\n  warmup:\n    batch_size: abc\n")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == 'stages.warmup.batch_size: must be an integer, got "abc"'


def test_a_non_positive_value_is_refused(tmp_path):
    with pytest.raises(
        ConfigError, match=r"grpo.num_iterations: must be a positive integer, got 0"
    ):
        load_config(write(tmp_path, "grpo:\n  num_iterations: 0\n"))


def test_unknown_keys_fail_with_the_known_ones_listed(tmp_path):
    with pytest.raises(ConfigError, match=r"training.learning_rat: unknown key; expected one of"):
        load_config(write(tmp_path, "training:\n  learning_rat: 0.1\n"))


def test_a_choice_outside_the_list_is_refused(tmp_path):
    with pytest.raises(ConfigError, match=r"grpo.loss_type: must be one of 'grpo', 'dr_grpo'"):
        load_config(write(tmp_path, "grpo:\n  loss_type: ppo\n"))


def test_an_unknown_architecture_lists_the_presets_archs(tmp_path):
    with pytest.raises(ConfigError, match=r"model.arch: must be one of micro-gpt"):
        load_config(write(tmp_path, "model:\n  arch: gpt-5\n"))


def test_an_unknown_task_lists_the_tasks(tmp_path):
    with pytest.raises(ConfigError, match=r'task.name: must be one of arithmetic, .*got "chess"'):
        load_config(write(tmp_path, "task:\n  name: chess\n"))


@pytest.mark.parametrize("arch", list(ARCHS))
def test_every_architecture_spec_names_what_exists(arch, tmp_path):
    spec = arch_spec(arch)
    assert isinstance(spec, ArchSpec) and spec.arch == arch == spec.config.ARCH
    # a model of the user's is a folder on this computer: a tiny one here
    folders = {
        "pretrained-lm": lambda: tiny_model("llama", tmp_path / "m"),
        "pretrained-mt": lambda: tiny_marian(tmp_path / "m"),
    }
    fields = {"path": str(folders[arch]())} if arch in folders else {}
    section = spec.config(**fields)
    # with a task it can train: a config of an architecture and a task of another kind is
    # refused as it loads (config_choice.py)
    task = next(t for t in TASKS if spec.kind == task_class(t).MODEL_KIND)
    model = json.dumps({"arch": arch, **fields})
    picked = load_config(None, [f"model={model}", f"task.name={task}"])
    assert picked.model.__class__ is spec.config
    assert callable(pkgutil.resolve_name(spec.graphs))
    assert callable(pkgutil.resolve_name(spec.parity))
    snippet = importlib.import_module(spec.snippet)
    assert snippet.FILES and isinstance(getattr(snippet, spec.runner), type)
    assert spec.layers(section).endswith("layers")
    assert spec.kind in get_args(ModelKind) and isinstance(spec.model, type)
    assert isinstance(section.shape(), ModelShape)  # what the memory estimate reads


@pytest.mark.parametrize("name", list(TASKS))
def test_every_task_names_its_config_architectures_and_export(name):
    cls = task_class(name)
    assert issubclass(cls, Task) and cls.NAME == cls.CONFIG.NAME == name
    assert archs_of_kind(cls.MODEL_KIND)  # an architecture of its kind is registered
    assert issubclass(pkgutil.resolve_name(cls.EXPORT_ADAPTER), Adapter)
    assert cls.QUESTION is None or cls.QUESTION in get_args(Question)


def test_model_fields_are_checked_against_the_chosen_arch(tmp_path):
    with pytest.raises(ConfigError, match=r"model.n_layers: must be a positive integer"):
        load_config(write(tmp_path, "model:\n  arch: micro-gpt\n  n_layers: -1\n"))


def test_broken_yaml_names_the_file_and_line(tmp_path):
    path = write(tmp_path, "training:\n  seed: [1, 2\n")
    with pytest.raises(ConfigError, match=r"preset.yaml: not valid YAML at line \d+"):
        load_config(path)


def test_a_missing_file_says_so(tmp_path):
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "nope.yaml")


def test_a_list_instead_of_a_mapping_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="must hold a mapping"):
        load_config(write(tmp_path, "- 1\n- 2\n"))


def test_yaml_exponents_without_a_dot_read_as_numbers(tmp_path):
    cfg = load_config(write(tmp_path, "stages:\n  grpo:\n    lr: 1e-4\n"))
    assert cfg.stages.grpo.lr == pytest.approx(1e-4)


def test_overrides_apply_after_the_preset_and_are_validated(tmp_path):
    path = write(tmp_path, "training:\n  seed: 3\n")
    cfg = load_config(path, ["training.seed=7", "grpo.beta=0.04", "model.n_layers=2"])
    assert (cfg.training.seed, cfg.grpo.beta, cfg.model.n_layers) == (7, 0.04, 2)
    with pytest.raises(ConfigError, match="training.seed: must be an integer"):
        load_config(path, ["training.seed=x"])
    with pytest.raises(ConfigError, match="expected section.key=value"):
        load_config(path, ["training.seed"])


def test_saved_config_loads_back_identical(tmp_path):
    reads_files = ["model.arch=tiny-transformer", "task.name=translation", "data.path=/x.tsv"]
    cfg = load_config(None, ["grpo.beta=0.04", "ui.hidden=[grpo.beta]", *reads_files])
    save_config(cfg, tmp_path / "saved.yaml")
    again = load_config(tmp_path / "saved.yaml")
    assert config_to_dict(again) == config_to_dict(cfg)


def test_every_shipped_preset_loads():
    presets = preset_files()
    assert presets, "no presets found in the package"
    for name, path in presets.items():
        cfg = load_config(path)
        assert cfg.name, name
        assert load_config(name).name == cfg.name  # found by name too


def test_yaml_off_reads_as_the_choice_off(tmp_path):
    cfg = load_config(write(tmp_path, "training:\n  amp: off\n"), ["training.device=cpu"])
    assert cfg.training.amp == "off"
    assert load_config(None, ["training.amp=off"]).training.amp == "off"
