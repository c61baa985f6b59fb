"""The model architectures, each described once by the spec at the end of its module.

An `ArchSpec` says everything the rest of the studio needs about one architecture: its
config dataclass (the `model` section of a preset, picked by `model.arch`), what kind of
model it is and its nn.Module, the ONNX graphs an export writes and the parity cases
that check them, the stand-alone example program (snippet) that runs those graphs and
the class in it that the export checks and the playground drive, and the kind of question
the playground asks the model.

Tasks take models by their kind, never by name: a text task trains any "decoder"
(studio.core.models.decoder says what one is), translation an "encoder-decoder", the
image tasks an "image" model. Graphs that follow an existing graph contract reuse that
contract's snippet (Micro-GPT's runs any decoder with the same graph inputs and outputs).

Pieces that live in other packages are named by dotted path ("module:attribute") and
imported only when used: the export code imports the models, so the models cannot import
it. The playground's page is the window's to choose, by the kind of question. Only names
written here and in the model modules are ever resolved; a preset picks an architecture
by its key in ARCHS, never by a path, so a file from someone else cannot name code to run.

Add an architecture: write its module (config, nn.Module, SPEC), its export module, one
line in ARCHS and a preset (docs/architecture.md has the steps).
"""

from __future__ import annotations

import copy
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from studio.core.config.fields import ConfigError, ModelSection
from studio.core.messages import say

if TYPE_CHECKING:
    from torch import nn

# model.arch -> "module:SPEC"; the module is imported when its architecture is first used
ARCHS: dict[str, str] = {
    "micro-gpt": "studio.core.models.micro_gpt:SPEC",
    "tiny-transformer": "studio.core.models.tiny_transformer:SPEC",
    "lite-resnet": "studio.core.models.lite_resnet:SPEC",
    "pretrained-lm": "studio.core.models.pretrained.causal_lm:SPEC",
    "pretrained-mt": "studio.core.models.pretrained.translator:SPEC",
}


# what a model does, which is what a task asks of it: "decoder" (a decoder-only text
# model, models/decoder.py), "encoder-decoder" (source tokens in, target tokens out),
# "image" (an image in, logits over actions or classes out)
ModelKind = Literal["decoder", "encoder-decoder", "image"]

# the kind of question a trained model answers in the window's playground, which shows
# one page per kind: a prompt completed, a text translated, a move on the grid
Question = Literal["completion", "translation", "grid"]


@dataclass(frozen=True)
class ArchSpec:
    """One architecture, declared in its model module (see the module docstring)."""

    config: type[ModelSection]  # the model section's dataclass
    kind: ModelKind  # what tasks it serves (see ModelKind)
    # the nn.Module, called with the config and what its kind's tasks supply (a decoder:
    # vocab_size, pad_id)
    model: Callable[..., nn.Module]
    title: str  # what it is, for people: "Micro-GPT (decoder-only text model)"
    layers: Callable[[Any], str]  # its depth as people count it, from a config: "6 layers"
    graphs: str  # "module:function": function(model) -> list[GraphSpec], main graph first
    parity: str  # "module:function": function(model, sessions, rng) -> [(case, max diff)]
    snippet: str  # module of the example program written beside an export (its FILES)
    runner: str  # the snippet's class that runs the graphs (export checks, playground)
    question: Question | None  # what the playground asks its models; None: nothing
    # a model that brings its own tokenizer (a pretrained one): config -> the tokenizer its
    # tasks then use instead of their own; None: the tasks make theirs
    tokenizer: Callable[[Any], Any] | None = None

    @property
    def arch(self) -> str:
        return self.config.ARCH


def arch_spec(arch: str) -> ArchSpec:
    """The spec of `arch` (a preset's model.arch), or a ConfigError naming the choices."""
    if arch not in ARCHS:
        raise ConfigError(
            say(
                'model.arch: must be one of {names}, got "{name}"',
                names=", ".join(ARCHS),
                name=arch,
            )
        )
    return pkgutil.resolve_name(ARCHS[arch])


def frozen_reference(model: nn.Module) -> nn.Module:
    """GRPO's KL reference: the policy as it is now, frozen. A model may say what that is
    itself (`frozen_reference()`: a model trained through LoRA adapters answers with
    itself, its adapters off, holding no copy); any other is copied."""
    own = getattr(model, "frozen_reference", None)
    reference: nn.Module = own() if callable(own) else copy.deepcopy(model)
    return reference.eval().requires_grad_(False)


def archs_of_kind(kind: ModelKind) -> list[str]:
    """The architectures of one kind, as ARCHS lists them (what a task can train)."""
    return [arch for arch in ARCHS if arch_spec(arch).kind == kind]
