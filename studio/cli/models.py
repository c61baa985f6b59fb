"""grpo-studio models: the models already on this computer that the studio can train.

Lists the Hugging Face cache (HF_HUB_CACHE, HF_HOME, the default cache) and any folders
given, each with its family, parameters, size on disk and what training it would take:
the peak memory of a full fine-tune and of LoRA adapters against this machine, and with
--estimate a measured warm-up and GRPO step; a translator also names its language pair.
A folder the studio cannot use says why in one line. `grpo-studio train --config own_text
--model FOLDER [--lora]` trains a causal language model, `--config tiny_transformer` a
translator.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from studio.cli.usage import PROG


def register(sub: argparse._SubParsersAction) -> None:
    m = sub.add_parser("models", help="list the models on this computer the studio can train")
    m.add_argument(
        "folders",
        nargs="*",
        metavar="FOLDER",
        help="model folders, or folders holding model folders, besides the Hugging Face cache",
    )
    m.add_argument(
        "--estimate",
        action="store_true",
        help="also measure a warm-up step and a GRPO step of each (seconds to a minute each)",
    )
    m.add_argument(
        "--preset",
        help="the preset the costs are for (default: own_text for a language model, "
        "tiny_transformer for a translator)",
    )
    m.set_defaults(run=cmd_models)


def cmd_models(args: argparse.Namespace) -> int:
    from studio.core.machine.hardware import format_bytes
    from studio.core.models.pretrained.folders import find_models, hub_cache
    from studio.core.training.probes.model_costs import model_costs

    found = find_models([Path(f) for f in args.folders])
    if not found:
        print(
            f"no model folders in the Hugging Face cache ({hub_cache()}) or the folders "
            f"given; give a model's folder: {PROG} models FOLDER"
        )
        return 0
    for model in found:
        size = format_bytes(model.size_bytes)
        params = f"{model.parameters:,} parameters" if model.parameters else "parameters unknown"
        pair = f"{model.pair}, " if model.pair else ""
        print(f"{model.name}  ({model.family_label}, {pair}{params}, {size}; {model.path})")
        if model.refused:
            print(f"  cannot train: {model.refused}")
            continue
        try:
            costs = model_costs(model.path, preset=args.preset, measure=args.estimate)
        except ValueError as err:  # the studio's refusals: this preset, or its data, cannot
            print(f"  cannot say what training it takes: {err}")
            continue
        for label, way in (("full fine-tune", costs.full), ("LoRA adapters", costs.lora)):
            verdict = "fits" if costs.fits(way) else "does not fit"
            line = f"  {label}: about {format_bytes(way.peak)} at the peak ({verdict} in "
            line += f"{costs.machine})"
            if way.warmup_step is not None and way.grpo_step is not None:
                line += (
                    f"; a warm-up step {way.warmup_step:.2f} s, a GRPO step {way.grpo_step:.2f} s"
                )
            print(line)
    return 0
