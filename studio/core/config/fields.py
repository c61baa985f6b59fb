"""Config fields declared once, and values loaded into them strictly from plain dicts
(parsed YAML).

Every field is declared with `param(default, help, ...)`: the help text is the field's
documentation, the GUI's tooltip and the error message's vocabulary. Unknown keys and
bad values fail at load time with the key's dotted path, e.g.
`training.batch_size: must be a positive integer, got "abc"`.

The two sections a preset picks by a key have their base classes here, where every
layer of the engine can import them: `ModelSection` (picked by `model.arch`, declared
in a model module) and `TaskSection` (picked by `task.name`, declared beside its task).
A model section also says how big its model is (`ModelShape`), which is all that the
memory estimate and the generic checks read of it.
"""

from __future__ import annotations

import dataclasses
import math
import reprlib
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Union, get_args, get_origin

import yaml

from studio.core.config import safe_yaml

if TYPE_CHECKING:
    from studio.core.config.fit import Proposal
    from studio.core.config.sections import StudioConfig
from studio.core.messages import Message, say


class ConfigError(ValueError):
    """A config value or key is wrong; the message names its path and the fix."""


class UnknownKey(ConfigError):
    """A key no field of its section has; `path` is its dotted path."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.path = path


@dataclass(frozen=True)
class ModelShape:
    """A model's size as its config declares it. The memory estimate (machine/hardware.py)
    keeps activations for `layers` layers of `width` features (and `heads` attention
    heads) per token, caches keys and values of `kv_layers` layers while sampling, and
    lets gradient checkpointing recompute every `checkpoint_every`-th of `blocks` blocks;
    `max_len` bounds what a rollout may write (config_checks.py, the text tasks)."""

    layers: int  # layers whose activations the backward keeps (all stacks together)
    width: int  # features per token of each of them (d_model, channels)
    heads: int  # attention heads; 0: no attention, and so no KV cache
    kv_layers: int  # layers whose keys and values a rollout caches (the decoder's)
    blocks: int  # blocks model.gradient_checkpointing counts (the deeper stack's)
    # model.gradient_checkpointing (0: off); None: the architecture has no such setting
    checkpoint_every: int | None
    max_len: int | None  # longest sequence in tokens (model.max_len); None: no sequences
    vocab: int = 0  # output tokens when the model fixes them (a pretrained one); 0: the task's


class ModelSection(ABC):
    """Base of a preset's model section: a dataclass declared with param() in its model
    module, whose ARCH is the `model.arch` that picks it (studio.core.models.ARCHS)."""

    ARCH: ClassVar[str]

    @abstractmethod
    def shape(self) -> ModelShape:
        """How big the model of this config is (the memory estimate, length checks)."""

    def way_out(self) -> str:
        """What to do when this model is too large for the machine, in one clause; "":
        the general advice (a smaller model: fewer layers, a narrower d_model)."""
        return ""

    def check_run(self, cfg: StudioConfig) -> None:
        """ConfigError for a setting of the run that cannot work with this model (checks.py
        asks each model section); none for a model made from scratch."""
        del cfg

    def proposals(self, cfg: StudioConfig) -> list[Proposal]:
        """Settings this model trains well with, proposed to the run's settings fit
        (config/fit.py: what the user set is kept); none for a model made from scratch."""
        del cfg
        return []


class TaskSection:
    """Base of a preset's task section: a dataclass declared with param() beside its
    task, whose NAME is the `task.name` that picks it (studio.core.tasks.TASKS).

    RENAMED maps a setting's former name to its name now: a preset or a run folder's
    config.yaml that still writes the former one is read as the new one (`renamed_keys`),
    and `renamed` remembers which were, so the task can say so in its load report."""

    NAME: ClassVar[str]
    RENAMED: ClassVar[dict[str, str]] = {}
    renamed: tuple[str, ...] = ()  # former names this section was read from, with a value


def renamed_keys(
    cls: type[TaskSection], body: dict[str, Any], path: str
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """`body` with each former key of `cls.RENAMED` moved to its new name, and the former
    keys that held a value (an old config.yaml writes them empty too). Both given, with
    two different values: refused naming the new key."""
    out, read = dict(body), []
    for old, new in cls.RENAMED.items():
        if old not in out:
            continue
        value = out.pop(old)
        if value is None or value == "":
            continue
        if out.get(new) not in (None, "", value):
            raise ConfigError(
                say(
                    "{path}.{old} is the former name of {path}.{new}, and the two give "
                    "different values; keep {path}.{new} alone",
                    path=path,
                    old=old,
                    new=new,
                )
            )
        out[new] = value
        read.append(old)
    return out, tuple(read)


def param(
    default: Any = MISSING,
    help: str = "",
    *,
    min: float | None = None,
    max: float | None = None,
    below: float | None = None,
    positive: bool = False,
    advanced: bool = False,
    label: str = "",
    multiline: bool = False,
    default_factory: Any = MISSING,
) -> Any:
    """A config field with its documentation and its bounds (`min` and `max` inclusive,
    `below` exclusive, `positive` above 0); `label` is its name in the settings form
    (short, for people; the field's path stays its name in files), and a `multiline` text
    gets a box of several lines there."""
    meta = {
        "help": help,
        "label": label,
        "multiline": multiline,
        "min": min,
        "max": max,
        "below": below,
        "positive": positive,
        "advanced": advanced,
    }
    if default_factory is not MISSING:
        return field(default_factory=default_factory, metadata=meta)
    return field(default=default, metadata=meta)


def _describe(tp: Any) -> str:
    """What a value of type `tp` must be, in words ("an integer")."""
    origin = get_origin(tp)
    if tp is bool:
        return say("true or false")
    if tp is int:
        return say("an integer")
    if tp is float:
        return say("a number")
    if tp is str:
        return say("a string")
    if origin is Literal:
        return say("one of {choices}", choices=", ".join(repr(a) for a in get_args(tp)))
    if origin in (list, tuple):
        return say("a list")
    if origin is dict:
        return say("a mapping")
    if _is_optional(tp):
        inner = next(a for a in get_args(tp) if a is not type(None))
        return say("{what} or null", what=_describe(inner))
    return getattr(tp, "__name__", str(tp))


def _is_optional(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType) and type(None) in get_args(tp)


SHOWN_CHARS = 60  # of a value quoted in a message: a file's value may be any size


def shown(value: Any) -> str:
    """A value as a message quotes it: a string in double quotes, anything else as Python
    writes it, cut to about SHOWN_CHARS characters (a bounded walk: a value read from a
    file may be long, or a list of lists many times nested)."""
    if isinstance(value, str):
        cut = value if len(value) <= SHOWN_CHARS else f"{value[:SHOWN_CHARS]}..."
        more = f" ({len(value):,} characters)" if len(value) > SHOWN_CHARS else ""
        return f'"{cut}"{more}'
    return _BRIEF.repr(value)


def _brief() -> reprlib.Repr:
    brief = reprlib.Repr()  # its keyword arguments are Python 3.12's
    brief.maxlevel, brief.maxstring, brief.maxother, brief.maxlong = 3, SHOWN_CHARS, 20, 40
    return brief


_BRIEF = _brief()


def must_be(name: str, what: str, value: Any) -> Message:
    """'training.seed: must be an integer, got "x"': how a wrong value is named, by the
    config loader (a field's path), the command line (an option) and the Python API (an
    argument), so that the three say one thing alike. `what` is a message of its own
    ("an integer")."""
    plain = value is None or isinstance(value, str | int | float | list | tuple | dict)
    if not plain:
        return say(
            "{path}: must be {what}, got a {type}", path=name, what=what, type=type(value).__name__
        )
    return say("{path}: must be {what}, got {value}", path=name, what=what, value=shown(value))


def _coerce(value: Any, tp: Any, path: str) -> Any:
    """Turn a parsed-YAML value into `tp`, or raise ConfigError naming `path`."""
    if _is_optional(tp):
        if value is None:
            return None
        inner = [a for a in get_args(tp) if a is not type(None)]
        return _coerce(value, inner[0], path)
    chosen = isinstance(tp, type) and issubclass(tp, ModelSection | TaskSection)
    if chosen and isinstance(value, tp):
        return value  # a section already chosen by its arch or name (choice.py)
    if isinstance(tp, type) and is_dataclass(tp):
        return from_dict(tp, value, path)
    coerce = _SCALARS.get(tp) or _GENERICS.get(get_origin(tp))
    if coerce is not None:
        return coerce(value, tp, path)
    if tp is Any:
        return value
    raise ConfigError(say("{path}: unsupported field type {type}", path=path, type=repr(tp)))


def _bad(value: Any, tp: Any, path: str) -> ConfigError:
    """The error of a value that is not of the field's type."""
    return ConfigError(must_be(path, _describe(tp), value))


def _to_bool(value: Any, tp: Any, path: str) -> bool:
    if isinstance(value, bool):
        return value
    raise _bad(value, tp, path)


def _to_int(value: Any, tp: Any, path: str) -> int:
    if isinstance(value, bool):
        raise _bad(value, tp, path)
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            as_float = float(value)  # YAML reads "1e3" as a string
        except ValueError:
            raise _bad(value, tp, path) from None
        if as_float.is_integer():
            return int(as_float)
    raise _bad(value, tp, path)


def _to_float(value: Any, tp: Any, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise _bad(value, tp, path)
    try:
        number = float(value)  # YAML 1.1 reads "1e-4" (no dot) as a string
    except ValueError:
        raise _bad(value, tp, path) from None
    if not math.isfinite(number):  # .nan, .inf, "nan": no setting means them
        raise ConfigError(
            say("{path}: must be a finite number, got {value}", path=path, value=shown(value))
        )
    return number


def _to_str(value: Any, tp: Any, path: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise _bad(value, tp, path)


def _to_choice(value: Any, tp: Any, path: str) -> Any:
    choices = get_args(tp)
    # YAML 1.1 reads off/on/no/yes as booleans
    chosen = {False: "off", True: "on"}[value] if isinstance(value, bool) else value
    if chosen in choices:
        return chosen
    raise _bad(value, tp, path)


def _to_list(value: Any, tp: Any, path: str) -> list:
    if not isinstance(value, list):
        raise _bad(value, tp, path)
    (item_tp,) = get_args(tp)
    return [_coerce(v, item_tp, f"{path}[{i}]") for i, v in enumerate(value)]


def _to_tuple(value: Any, tp: Any, path: str) -> tuple:
    if not isinstance(value, list | tuple):
        raise _bad(value, tp, path)
    args = get_args(tp)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_coerce(v, args[0], f"{path}[{i}]") for i, v in enumerate(value))
    if len(value) != len(args):
        raise ConfigError(
            say(
                "{path}: must be a list of {n} items, got {value}",
                path=path,
                n=len(args),
                value=shown(value),
            )
        )
    return tuple(_coerce(v, a, f"{path}[{i}]") for i, (v, a) in enumerate(zip(value, args)))


def _to_mapping(value: Any, tp: Any, path: str) -> dict:
    if not isinstance(value, dict):
        raise _bad(value, tp, path)
    key_tp, val_tp = get_args(tp)
    return {_coerce(k, key_tp, path): _coerce(v, val_tp, f"{path}.{k}") for k, v in value.items()}


Coercer = Callable[[Any, Any, str], Any]  # (value, field type, path) -> the value as that type
# the coercion of each plain type, and of each generic type by its origin (list[int]: list)
_SCALARS: dict[Any, Coercer] = {bool: _to_bool, int: _to_int, float: _to_float, str: _to_str}
_GENERICS: dict[Any, Coercer] = {
    Literal: _to_choice,
    list: _to_list,
    tuple: _to_tuple,
    dict: _to_mapping,
}


def _check_bounds(value: Any, meta: typing.Mapping[str, Any], tp: Any, path: str) -> None:
    if value is None or isinstance(value, bool) or not isinstance(value, int | float):
        return
    whole = tp is int or get_args(tp)[:1] == (int,)
    got = shown(value)
    if meta.get("positive") and value <= 0:
        if whole:
            raise ConfigError(
                say("{path}: must be a positive integer, got {value}", path=path, value=got)
            )
        raise ConfigError(
            say("{path}: must be a positive number, got {value}", path=path, value=got)
        )
    lo, hi, below = meta.get("min"), meta.get("max"), meta.get("below")
    if lo is not None and value < lo:
        raise ConfigError(
            say("{path}: must be at least {low}, got {value}", path=path, low=lo, value=got)
        )
    if hi is not None and value > hi:
        raise ConfigError(
            say("{path}: must be at most {high}, got {value}", path=path, high=hi, value=got)
        )
    if below is not None and value >= below:
        raise ConfigError(
            say("{path}: must be below {limit}, got {value}", path=path, limit=below, value=got)
        )


def _empty_for_null(value: Any, f: Any, tp: Any) -> Any:
    """A text field whose empty default means none (run.time_budget) takes YAML's null,
    what `time_budget:` left empty reads as, as empty: its help says to leave it so."""
    return "" if value is None and tp is str and f.default == "" else value


def from_dict(cls: type, data: Any, path: str = "") -> Any:
    """Build dataclass `cls` from `data`, strictly. `path` prefixes error messages."""
    where = path or "config"
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(
            say(
                "{path}: must be a mapping of keys to values, got {value}",
                path=where,
                value=shown(data),
            )
        )
    hints = typing.get_type_hints(cls)
    known = {f.name: f for f in fields(cls) if f.init}
    for key in data:
        if key not in known:
            close = ", ".join(sorted(known))
            where = f"{path}.{key}" if path else str(key)
            raise UnknownKey(
                say("{path}: unknown key; expected one of: {keys}", path=where, keys=close), where
            )
    values = {}
    for name, f in known.items():
        if name not in data:
            continue
        sub = f"{path}.{name}" if path else name
        value = _coerce(_empty_for_null(data[name], f, hints[name]), hints[name], sub)
        _check_bounds(value, f.metadata, hints[name], sub)
        values[name] = value
    try:
        obj = cls(**values)
    except ConfigError:
        raise
    except ValueError as err:  # a cross-field check in __post_init__ names its own keys
        raise ConfigError(str(err)) from None
    except TypeError as err:
        raise ConfigError(say("{where}: {problem}", where=where, problem=str(err))) from None
    return obj


def to_dict(obj: Any) -> Any:
    """Plain dicts/lists of a config dataclass, ready for YAML."""
    if is_dataclass(obj):
        return {f.name: to_dict(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, list | tuple):
        return [to_dict(v) for v in obj]
    if isinstance(obj, dict):
        return {k: to_dict(v) for k, v in obj.items()}
    return obj


def parse_override(text: str) -> tuple[list[str], Any]:
    """`training.lr=1e-4` -> (["training", "lr"], 1e-4). The value is read as YAML."""
    if "=" not in text:
        raise ConfigError(
            say("--set {text}: expected section.key=value, e.g. training.lr=1e-4", text=text)
        )
    key, raw = text.split("=", 1)
    keys = [k for k in key.strip().split(".") if k]
    if not keys:
        raise ConfigError(say("--set {text}: the key before '=' is empty", text=text))
    try:
        value = safe_yaml.load(raw) if raw.strip() else ""
    except safe_yaml.YamlRefused as err:
        raise ConfigError(
            say("--set {key}: the value is refused: {problem}", key=key.strip(), problem=str(err))
        ) from None
    except safe_yaml.DuplicateKey as err:
        raise ConfigError(
            say("--set {key}: {problem}", key=key.strip(), problem=str(err.problem))
        ) from None
    except yaml.YAMLError:
        value = raw
    return keys, value


def apply_override(data: dict, keys: list[str], value: Any) -> None:
    """Set data[k1][k2]... = value, making intermediate mappings as needed."""
    node = data
    for i, k in enumerate(keys[:-1]):
        nxt = node.get(k)
        if nxt is None:
            nxt = node[k] = {}
        if not isinstance(nxt, dict):
            where = ".".join(keys[: i + 1])
            raise ConfigError(
                say(
                    "--set {keys}: {where} is a value, not a section",
                    keys=".".join(keys),
                    where=where,
                )
            )
        node = nxt
    node[keys[-1]] = value


def field_help(cls: type) -> dict[str, dict[str, Any]]:
    """Field name -> metadata (help, bounds, advanced) for forms and docs."""
    return {f.name: dict(f.metadata) for f in fields(cls)}


def replace(obj: Any, **changes: Any) -> Any:
    return dataclasses.replace(obj, **changes)
