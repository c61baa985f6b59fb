"""Benchmark: where one GRPO step's time goes, phase by phase, and how far the step is from
its FLOP floor, for the three presets.

Each variant (a source tree, optionally with `--set` overrides) and preset runs in its own
worker process (this file with --worker), kept alive for the whole sitting; the driver
alternates the variants round by round (the first variant first in even rounds, last in
odd ones), one worker running while the others wait, and reports medians over all timed
steps. The step is studio.core.training.steps.grpo_step.grpo_step itself: its phases are timed
by wrapping the functions it calls (exclusive times: a phase nested in another is taken
out of the outer one):

  rollout      sampling the completions or episodes, less the two below
  sampling     `choose` (softmax, the draw) inside the rollout
  environment  the grid world's rendering and stepping inside the rollout
  reward       the reward functions
  reference    the reference model's log-probs (no grad)
  policy fwd   the policy's log-probs and entropies with grad
  loss         the clipped GRPO loss
  backward     loss.backward()
  optimizer    gradient clipping and the AdamW step
  other        the rest: advantages, metrics, Python between the phases

The work is fixed where it can be: Micro-GPT decodes exactly `--new-tokens` tokens (EOS
ignored, as in bench_vs_trl.py: 4 prompts x 8 completions x 8 tokens by default), the
Tiny-Transformer exactly grpo.max_new_tokens (its preset: 8 sources x 8 samples x 48
tokens); grid-world episodes end where they end (the same episodes on every variant,
same seeds), so its floor is counted per step from the observations the step ran.
FLOPs: torch's FlopCounterMode on one more step (matmuls and convolutions, forward and
backward; the CPU flash-attention kernel is counted too, with torch's own dense formula).
The floor is those FLOPs at the large fp32 matmul rate (2048^3) measured in this sitting,
before and after the workers (the faster of the two).

    python benchmarks/bench_step_profile.py [--presets micro_gpt tiny_transformer lite_resnet]
        [--variant LABEL:PATH[:KEY=VALUE,env.NAME=VALUE,...]] ... [--rounds 3] [--steps 5]
        [--warmup 2] [--threads 2] [--baseline REV]

--baseline REV adds the variant "before" from `git archive REV` of this repository.

torch.compile (training.compile=true in a variant): the warm-up steps, timed one by one,
hold the compilation; the FLOPs are counted with the passes run eagerly. The workers start
one after another, each after the previous one's warm-up, so two compiled variants with the
same cache folder give the first use and a second run with the cache:

    --variant eager:. --variant cold:.:training.compile=true,env.TORCHINDUCTOR_CACHE_DIR=D/{preset}
    --variant cached:.:training.compile=true,env.TORCHINDUCTOR_CACHE_DIR=D/{preset}

with D a new, empty folder ("{preset}" in an env value is the preset's name).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import flops  # benchmarks/flops.py, beside this file
from worker_process import BenchError, WorkerProcess, claim_stdout

ROOT = Path(__file__).resolve().parents[1]
PHASES = (
    "rollout",
    "sampling",
    "environment",
    "reward",
    "reference",
    "policy fwd",
    "loss",
    "backward",
    "optimizer",
    "other",
)
PRESET_SETS = {
    # bench_vs_trl.py's shape: 4 prompts x 8 completions, reference model (beta 0.04)
    "micro_gpt": ["stages.grpo.batch_size=4", "grpo.num_generations=8", "grpo.beta=0.04"],
    "tiny_transformer": [],
    "lite_resnet": [],
}


# ---- exclusive phase timers


class PhaseClock:
    """Exclusive wall time per phase: time spent in a nested phase is not the outer's."""

    def __init__(self) -> None:
        self.totals: dict[str, float] = {}
        self.stack: list[str] = []
        self.mark = 0.0

    def _charge(self) -> None:
        now = time.perf_counter()
        if self.stack:
            top = self.stack[-1]
            self.totals[top] = self.totals.get(top, 0.0) + now - self.mark
        self.mark = now

    @contextlib.contextmanager
    def phase(self, name: str) -> Iterator[None]:
        self._charge()
        self.stack.append(name)
        try:
            yield
        finally:
            self._charge()
            self.stack.pop()

    def wrap(self, fn: Callable[..., Any], name: str | Callable[..., str]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            with self.phase(name(*args, **kwargs) if callable(name) else name):
                return fn(*args, **kwargs)

        return timed


# ---- the worker


def never_stop(generate: Callable[..., Any], eos: int | None) -> Callable[..., Any]:
    """A model's generate with EOS replaced by `eos` (None or -1: matches no token)."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["eos_id"] = eos
        return generate(*args, **kwargs)

    return wrapper


@dataclass
class Setup:
    task: Any
    learner: Any
    cfg: Any
    prompts: Callable[[], list[Any]]
    clock: PhaseClock = field(default_factory=PhaseClock)


# Where the engine's parts live, in this tree and in trees from before the training folder
# was split into packages (the first module that has the name wins): --baseline may be
# either.
ENGINE = {
    "load_config": ["studio.core.catalogue", "studio.core.config"],
    "new_optimizer": ["studio.core.training.stages.plan", "studio.core.training.stages"],
    "seed_everything": ["studio.core.training.stages.state", "studio.core.training.state"],
    "Learner": ["studio.core.training.steps.update", "studio.core.training.update"],
    "StepOptions": ["studio.core.training.steps.update", "studio.core.training.update"],
    "grpo_step": ["studio.core.training.steps.grpo_step", "studio.core.training.grpo_step"],
}


def engine(name: str) -> Any:
    """One of the engine's parts, from wherever this tree keeps it."""
    import importlib

    for module in ENGINE[name]:
        try:
            found = importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        if hasattr(found, name):
            return getattr(found, name)
    raise ImportError(f"{name} is in none of {ENGINE[name]}")


def build(preset: str, sets: list[str], threads: int, new_tokens: int) -> Setup:
    import random

    import torch

    from studio.core.tasks import build_task

    load_config = engine("load_config")
    new_optimizer, seed_everything = engine("new_optimizer"), engine("seed_everything")
    Learner = engine("Learner")

    overrides = [*PRESET_SETS.get(preset, []), f"training.threads={threads}", "training.device=cpu"]
    if preset == "micro_gpt":
        overrides.append(f"grpo.max_new_tokens={new_tokens}")
    cfg = load_config(preset, overrides + sets)
    tcfg, stage = cfg.training, cfg.stages.grpo
    torch.set_num_threads(tcfg.threads)  # a variant may set its own
    seed_everything(tcfg.seed, tcfg.deterministic)
    task = build_task(cfg)
    loaded = task.load_report()
    if loaded is not None:
        loaded.apply_settings(cfg)
    model = task.build_model(cfg.model)
    if getattr(tcfg, "compile", False):  # as the trainer does (a tree before it has none)
        from studio.core.models.compiled import set_compiled

        set_compiled(model, True)
    ref_model = None
    if cfg.grpo.beta > 0:
        ref_model = copy.deepcopy(model).eval().requires_grad_(False)
    if hasattr(model, "generate"):  # text models: fixed-length completions
        eos = None if preset == "micro_gpt" else -1
        model.generate = never_stop(model.generate, eos)
    optimizer = new_optimizer(model, stage, tcfg, torch.device("cpu"))  # the trainer's
    rng = random.Random(tcfg.seed)
    if hasattr(task, "begin_stage"):
        task.begin_stage("grpo")
    learner = Learner(model, optimizer, tcfg, ref_model=ref_model)
    level = task.num_levels - 1
    return Setup(task, learner, cfg, lambda: task.sample(stage.batch_size, rng, level))


def instrument(setup: Setup) -> None:
    """Wrap what grpo_step calls (looked up in its module at call time) with phase timers."""
    step_module = sys.modules[engine("grpo_step").__module__]

    clock, task, learner = setup.clock, setup.task, setup.learner
    step_module.sampled_rollout = clock.wrap(step_module.sampled_rollout, "rollout")
    step_module.score = clock.wrap(step_module.score, "reward")
    step_module.grpo_loss = clock.wrap(step_module.grpo_loss, "loss")
    step_module.backward = clock.wrap(step_module.backward, "backward")
    step_module.optimizer_step = clock.wrap(step_module.optimizer_step, "optimizer")
    step_module.prepare_batches = clock.wrap(step_module.prepare_batches, "other")

    def which(model: Any, *_: Any, **__: Any) -> str:
        return "reference" if model is learner.ref_model else "policy fwd"

    task.token_logprobs = clock.wrap(task.token_logprobs, which)
    for name in (  # where `choose` is called from, in this tree or an older one
        "studio.core.models.decoder",
        "studio.core.models.micro_gpt",
        "studio.core.models.tiny_transformer",
        "studio.core.tasks.gridworld",
    ):
        module = sys.modules.get(name)
        if module is not None and hasattr(module, "choose"):
            module.choose = clock.wrap(module.choose, "sampling")
    if hasattr(task, "observe"):
        task.observe = clock.wrap(task.observe, "environment")
    envs = sys.modules.get("studio.core.envs.gridworld")
    if envs is not None and hasattr(envs, "GridBatch"):
        envs.GridBatch.step = clock.wrap(envs.GridBatch.step, "environment")


def work_of(outcome: Any) -> float:
    """Tokens (or observations) the step's rollout produced: what its FLOPs scale with."""
    return float(outcome.rollout.mask.sum())


def sdpa_flop_mapping() -> dict[Any, Any]:
    """FlopCounterMode's dense attention formulas, for the CPU flash-attention kernels."""
    import torch
    from torch.utils import flop_counter

    def forward(q: Any, k: Any, v: Any, *_: Any, **__: Any) -> int:
        return flop_counter.sdpa_flop_count(q, k, v)

    def backward(grad: Any, q: Any, k: Any, v: Any, *_: Any, **__: Any) -> int:
        return flop_counter.sdpa_backward_flop_count(grad, q, k, v)

    aten = torch.ops.aten
    return {
        aten._scaled_dot_product_flash_attention_for_cpu: forward,
        aten._scaled_dot_product_flash_attention_for_cpu_backward: backward,
    }


KERNELS = {
    # the arithmetic: what the floor counts, each op's own time (its children excluded)
    "matmul": ("aten::addmm", "aten::mm", "aten::bmm", "aten::baddbmm"),
    "convolution": ("aten::mkldnn_convolution", "aten::convolution_backward"),
    "attention": (
        "aten::_scaled_dot_product_flash_attention_for_cpu",
        "aten::_scaled_dot_product_flash_attention_for_cpu_backward",
    ),
}


def kernel_times(step: Callable[[], Any], steps: int = 2) -> dict[str, float]:
    """Seconds per step in the arithmetic kernels (KERNELS), from torch.profiler on
    `steps` eager steps: the kernels at the rates they reach in the step (small matrices,
    weights that every layer's pass pushes out of the core's own cache), against the
    floor's one large product. The profiler adds microseconds to every op, which makes a
    profiled step slower by much more than it makes any one kernel slower: "profiled step"
    is reported, but the rest of a step is its timed median less these kernels."""
    from torch.profiler import ProfilerActivity, profile, schedule

    # one step under the profiler first, not recorded: the profiler's own start-up
    plan = schedule(wait=0, warmup=1, active=steps, repeat=1)
    with profile(activities=[ProfilerActivity.CPU], schedule=plan) as prof:
        step()
        prof.step()
        start = time.perf_counter()
        for _ in range(steps):
            step()
            prof.step()
        total = (time.perf_counter() - start) / steps
    own = {e.key: e.self_cpu_time_total for e in prof.key_averages()}  # microseconds
    times = {
        group: sum(own.get(name, 0.0) for name in names) / 1e6 / steps
        for group, names in KERNELS.items()
    }
    return {**times, "profiled step": total}


def eager_passes(model: Any, eager: bool) -> None:
    """Run a compiled variant's passes eagerly for a while (eager True), or compiled again."""
    for module in model.modules():
        if hasattr(module, "compiled"):
            if eager:
                module.bench_compiled, module.compiled = module.compiled, False
            else:
                module.compiled = module.bench_compiled


def worker(args: argparse.Namespace, proto: IO[str]) -> None:
    import torch
    from torch.utils.flop_counter import FlopCounterMode

    grpo_step, StepOptions = engine("grpo_step"), engine("StepOptions")

    sets = [s for s in args.sets.split(",") if s]
    setup = build(args.worker, sets, args.threads, args.new_tokens)
    instrument(setup)
    model = setup.learner.model
    info = {
        "event": "ready",
        "params": sum(p.numel() for p in model.parameters()),
        "threads": torch.get_num_threads(),
        "torch": torch.__version__,
    }
    # the first steps on their own, timed: they hold any compilation
    first = []
    for _ in range(args.warmup):
        start = time.perf_counter()
        grpo_step(setup.learner, setup.task, [setup.prompts()], setup.cfg.grpo, StepOptions())
        first.append(time.perf_counter() - start)
    info["first_steps_s"] = first
    # counted eagerly: inductor's kernels are not aten ops, so the counter would miss them,
    # and counting under a dispatch mode would make a compiled model compile again
    eager_passes(model, True)
    with FlopCounterMode(display=False, custom_mapping=sdpa_flop_mapping()) as counter:
        out = grpo_step(setup.learner, setup.task, [setup.prompts()], setup.cfg.grpo, StepOptions())
    info["flops_per_work"] = counter.get_total_flops() / work_of(out)
    info["kernels"] = kernel_times(
        lambda: grpo_step(
            setup.learner, setup.task, [setup.prompts()], setup.cfg.grpo, StepOptions()
        )
    )
    eager_passes(model, False)
    proto.write(json.dumps(info) + "\n")
    for line in sys.stdin:
        words = line.split()
        if not words or words[0] != "run":
            break
        steps = []
        for _ in range(int(words[1])):
            setup.clock.totals = {}
            start = time.perf_counter()
            with setup.clock.phase("other"):
                out = grpo_step(
                    setup.learner, setup.task, [setup.prompts()], setup.cfg.grpo, StepOptions()
                )
            total = time.perf_counter() - start
            steps.append({"total": total, "work": work_of(out), **setup.clock.totals})
        proto.write(json.dumps({"event": "steps", "steps": steps}) + "\n")


# ---- the driver


@dataclass
class Variant:
    label: str
    path: Path
    sets: list[str]


def parse_variant(text: str) -> Variant:
    label, _, rest = text.partition(":")
    path, _, sets = rest.partition(":")
    if not label or not path:
        raise argparse.ArgumentTypeError(
            f"--variant wants LABEL:PATH[:KEY=VALUE,...], got {text!r}"
        )
    return Variant(label, Path(path).resolve(), [s for s in sets.split(",") if s])


def start_worker(
    variant: Variant, preset: str, args: argparse.Namespace, logs: Path
) -> WorkerProcess:
    env = dict(os.environ, PYTHONPATH=str(variant.path), TOKENIZERS_PARALLELISM="false")
    # "env.NAME=VALUE" in a variant's settings is an environment variable of its worker;
    # "{preset}" in VALUE is the preset's name (a compile cache folder per preset)
    for s in variant.sets:
        if s[:4] == "env.":
            name, value = s.removeprefix("env.").split("=", 1)
            env[name] = value.replace("{preset}", preset)
    config_sets = [s for s in variant.sets if s[:4] != "env."]
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        preset,
        "--sets",
        ",".join(config_sets),
        "--threads",
        str(args.threads),
        "--warmup",
        str(args.warmup),
        "--new-tokens",
        str(args.new_tokens),
    ]
    label = f"{variant.label}-{preset}"
    return WorkerProcess(label, command, env, variant.path, logs / f"{label}.log")


def baseline_tree(rev: str) -> Path:
    """This repository at `rev`, extracted into a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="bench-step-base-"))
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def sitting(args: argparse.Namespace, variants: list[Variant]) -> dict[str, Any]:
    probes = [flops.matmul_gflops(args.threads)]
    logs = Path(tempfile.mkdtemp(prefix="bench-step-profile-"))
    workers: dict[tuple[str, str], WorkerProcess] = {}
    steps: dict[tuple[str, str], list[dict[str, float]]] = {}
    try:
        for preset in args.presets:
            for v in variants:
                workers[v.label, preset] = start_worker(v, preset, args, logs)
                steps[v.label, preset] = []
        for r in range(args.rounds):
            for preset in args.presets:
                order = variants if r % 2 == 0 else variants[::-1]
                for v in order:
                    steps[v.label, preset] += workers[v.label, preset].ask(
                        f"run {args.steps}", "steps"
                    )["steps"]
    finally:
        for w in workers.values():
            w.close()
    probes.append(flops.matmul_gflops(args.threads))
    return {
        "probes": probes,
        "info": {f"{k[0]}/{k[1]}": w.info for k, w in workers.items()},
        "steps": {f"{k[0]}/{k[1]}": s for k, s in steps.items()},
        "logs": str(logs),
    }


def report(args: argparse.Namespace, variants: list[Variant], result: dict[str, Any]) -> str:
    rate = max(result["probes"]) * 1e9
    head = (
        "| preset | variant | step ms | "
        + " | ".join(PHASES)
        + " | GFLOP | floor ms | time / floor |"
    )
    lines = [head, "|---|---|" + "---:|" * (len(PHASES) + 4)]
    for preset in args.presets:
        for v in variants:
            key = f"{v.label}/{preset}"
            steps, info = result["steps"][key], result["info"][key]
            med = statistics.median(s["total"] for s in steps)
            phases = [statistics.median(s.get(p, 0.0) for s in steps) for p in PHASES]
            gflop = statistics.median(info["flops_per_work"] * s["work"] for s in steps) / 1e9
            floor = gflop * 1e9 / rate
            cells = " | ".join(f"{p * 1e3:.1f}" for p in phases)
            lines.append(
                f"| {preset} | {v.label} | **{med * 1e3:.1f}** | {cells} | {gflop:.2f} | "
                f"{floor * 1e3:.1f} | **{med / floor:.2f}x** |"
            )
    lines += [
        "",
        "| preset | variant | profiled step ms | "
        + " | ".join(f"{k} ms" for k in KERNELS)
        + " | kernels ms | kernels / floor | step ms less kernels |",
        "|---|---|" + "---:|" * (len(KERNELS) + 4),
    ]
    for preset in args.presets:
        for v in variants:
            info = result["info"][f"{v.label}/{preset}"]
            kernels = info["kernels"]
            arithmetic = sum(kernels[k] for k in KERNELS)
            steps = result["steps"][f"{v.label}/{preset}"]
            med = statistics.median(s["total"] for s in steps)
            floor = info["flops_per_work"] * statistics.median(s["work"] for s in steps) / rate
            cells = " | ".join(f"{kernels[k] * 1e3:.1f}" for k in KERNELS)
            lines.append(
                f"| {preset} | {v.label} | {kernels['profiled step'] * 1e3:.1f} | {cells} | "
                f"**{arithmetic * 1e3:.1f}** | **{arithmetic / floor:.2f}x** | "
                f"{(med - arithmetic) * 1e3:.1f} |"
            )
    lines += [
        "",
        "The second table: the arithmetic kernels' own time in two profiled eager steps "
        "(torch.profiler), against the same floor, and the timed step's median less them: "
        "everything else (pointwise ops, copies, the optimizer, Python). Kernels at 1.0x "
        "would run at the large product's rate. The kernels are profiled with the passes run "
        "eagerly, a compiled variant's too, so its last column is only a rough guide.",
        "Phases are medians of each phase over the timed steps (so they need not add up to the "
        "step's median exactly).",
        "- Large fp32 matmul (2048^3) before / after the workers: "
        + " / ".join(f"{g:.0f}" for g in result["probes"])
        + f" GFLOP/s on {args.threads} threads; the floor uses the faster.",
        "- First steps (s, compilation included where a variant compiles): "
        + "; ".join(
            f"{k}: " + ", ".join(f"{t:.2f}" for t in i["first_steps_s"])
            for k, i in result["info"].items()
        ),
        f"- {args.rounds} rounds x {args.steps} steps per variant and preset, after "
        f"{args.warmup} warm-up steps; Python {platform.python_version()}, torch "
        f"{next(iter(result['info'].values()))['torch']}, {os.cpu_count()} CPUs, load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end.",
        "- Variants: "
        + "; ".join(f"{v.label} = {v.path} {' '.join(v.sets)}".strip() for v in variants),
        "",
        "Command: `"
        + shlex.join(["python", "benchmarks/bench_step_profile.py", *sys.argv[1:]])
        + "`",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs="+", default=list(PRESET_SETS))
    parser.add_argument("--variant", action="append", type=parse_variant, default=[])
    parser.add_argument("--baseline", help="also run this git revision, as 'before'")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=5, help="timed steps per round")
    parser.add_argument("--warmup", type=int, default=2, help="untimed first steps")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--new-tokens", type=int, default=8, help="Micro-GPT's completion length")
    parser.add_argument("--json", type=Path, help="also write the raw timings here")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--sets", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args, claim_stdout())
        return
    variants = list(args.variant)
    if args.baseline:
        variants.insert(0, Variant("before", baseline_tree(args.baseline), []))
    if not any(v.path == ROOT for v in variants) and not args.variant:
        variants.append(Variant("now", ROOT, []))
    if args.warmup < 1:
        parser.error("--warmup must be at least 1 (the FLOP count follows the warm-up)")
    try:
        result = sitting(args, variants)
    except BenchError as err:
        sys.exit(f"bench_step_profile: {err}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    print(report(args, variants, result))


if __name__ == "__main__":
    main()
