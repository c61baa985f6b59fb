"""Benchmark: the memory estimate's parts and fitted RAM budgets against measured peaks (CPU).

Two tables, every figure from a fresh subprocess with one torch thread:

1. The estimate's terms, one configuration per process, each measured as the rise of the
   process's peak resident memory (Linux's VmHWM, reset through /proc/self/clear_refs just
   before the operation) over its resident memory then: the weights (building the model),
   gradients and AdamW state (one step on one example), the frozen reference model (a
   copy), one warm-up micro-batch's forward and backward, one GRPO micro-batch's update
   forward and backward (P x G sequences), and sampling that micro-batch (the KV cache).
   Each is set beside the estimate's term (hardware.memory_estimate with the activations
   measured by training/probes/memory_probe.py, and the formula the gallery uses).
2. Budgets fitted by the trainer (training.memory_budget) and a few steps of each stage the
   preset trains: the settings it chose, its estimate, and the process's measured peak.
   Budgets of 2, 4 and 8 GB; the shipped presets fit 2 GB untouched, so the 2 GB budget
   is also given a heavy variant (batches x4, G 32, one step a stage), and the heavy
   variant budgets that make each lever the last one pulled (half way between the least
   estimates with the levers before it and with it, as the child process computes them).
3. A distillation teacher (distill.teacher): a finished run of the preset's model teaches a
   student half its size (bench_distill.py's), with soft targets. Its terms (the
   teacher's weights once loaded, held and at the load's peak; one warm-up micro-batch
   with its soft targets) and fitted budgets with the teacher, as in 1 and 2.

    python benchmarks/bench_memory_budget.py                   # the three tables
    python benchmarks/bench_memory_budget.py --only terms      # the first
    python benchmarks/bench_memory_budget.py --presets micro_gpt --only runs
    python benchmarks/bench_memory_budget.py --presets micro_gpt tiny_transformer --only teacher
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout

PRESETS = ["micro_gpt", "tiny_transformer", "lite_resnet"]
BUDGETS = ["2GB", "4GB", "8GB"]
HEAVY_BUDGETS = ["2GB"]  # a heavy run takes minutes here: the budget that makes it fit
LEVER_BUDGETS = ["lever:1", "lever:2", "lever:3", "lever:4"]
# a lever whose window is narrower than this is not run: the budget would fall within the
# spread of what different processes hold before training (a few MB)
NARROW = 40 * 1024**2
MIB = 1024**2
# a few steps of each stage, small evaluations, nothing else written or probed
SHORT = [
    "training.device=cpu",
    "training.threads=1",
    "eval.every=0",
    "eval.size=16",
    "run.checkpoint_every=0",
    "run.probe_every=0",
    "run.grad_flow_every=0",
]


def kib(field: str) -> int:
    text = Path("/proc/self/status").read_text()
    found = re.search(rf"{field}:\s+(\d+) kB", text)
    return int(found.group(1)) * 1024 if found else 0


class Window:
    """The process's peak resident memory over one operation, above its memory before."""

    def __enter__(self) -> Window:
        Path("/proc/self/clear_refs").write_text("5")  # VmHWM := VmRSS
        self.before = kib("VmRSS")
        return self

    def __exit__(self, *exc: object) -> None:
        self.rise = kib("VmHWM") - self.before


def overrides(preset: str, variant: str) -> list[str]:
    from studio.core.catalogue import load_config

    cfg = load_config(preset)
    out = list(SHORT)
    steps = 1 if variant == "heavy" else 2  # a heavy GRPO step takes a minute or more here
    if cfg.stages.warmup.steps:
        out.append(f"stages.warmup.steps={steps}")
    out.append(f"stages.grpo.steps={steps}")
    if variant == "heavy":
        out += [
            f"stages.warmup.batch_size={cfg.stages.warmup.batch_size * 4}",
            f"stages.grpo.batch_size={cfg.stages.grpo.batch_size * 4}",
            "grpo.num_generations=32",
        ]
    return out


# ---- child: one term


def child_term(preset: str, term: str) -> dict[str, Any]:
    import random

    import torch

    from studio.core.catalogue import load_config
    from studio.core.machine.hardware import memory_estimate
    from studio.core.tasks import build_task
    from studio.core.tasks.base import Sampling
    from studio.core.training.probes.memory_probe import FIRST_STEP_BYTES, measure_activations

    torch.set_num_threads(1)
    torch.manual_seed(0)
    cfg = load_config(preset, overrides(preset, "shipped"))
    if term == "warmup" and not cfg.stages.warmup.steps:
        cfg.stages.warmup.steps = 2  # the BFS imitation warm-up the preset leaves off
    task = build_task(cfg)
    rng = random.Random(0)
    out: dict[str, Any] = {"preset": preset, "term": term}
    with Window() as w:
        model = task.build_model(cfg.model)
    params = sum(p.numel() for p in model.parameters())
    out["params"] = params
    if term == "weights":
        return {**out, "measured": w.rise, "estimate": 4 * params}
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    one = task.sample(1, rng, task.num_levels - 1)
    with Window() as w:
        model.train()
        task.supervised_loss(model, one).backward()
        optimizer.step()
    if term == "optimizer":  # gradients, AdamW's moments and its step's temporary
        return {**out, "measured": w.rise, "estimate": 16 * params + FIRST_STEP_BYTES}
    if term == "reference":
        with Window() as w:
            ref = copy.deepcopy(model).requires_grad_(False)
        del ref
        return {**out, "measured": w.rise, "estimate": 4 * params}
    optimizer.zero_grad(set_to_none=False)  # the gradients stay allocated, as mid-step
    sizes = measure_activations(task, model, cfg, "off")
    formula = memory_estimate(cfg, params).stages
    estimate = memory_estimate(cfg, params, sizes).stages
    P, G = cfg.stages.grpo.batch_size, cfg.grpo.num_generations
    gcfg = cfg.grpo
    sampling = Sampling(gcfg.temperature, gcfg.top_k, gcfg.top_p, gcfg.max_new_tokens)
    prompts = task.sample(P, rng, task.num_levels - 1)
    if term == "warmup":
        batch = task.sample(cfg.stages.warmup.batch_size, rng, task.num_levels - 1)
        with Window() as w:
            task.supervised_loss(model, batch).backward()
        part = "activations"
        return {
            **out,
            "items": len(batch),
            "measured": w.rise,
            "estimate": estimate["warmup"][part],
            "formula": formula["warmup"][part],
        }
    model.eval()
    with Window() as w, torch.no_grad():
        rollout = task.rollout(model, prompts, G, sampling)
    if term == "kv_cache":
        return {
            **out,
            "items": rollout.num_sequences,
            "measured": w.rise,
            "estimate": estimate["grpo"]["kv_cache"],
        }
    model.train()
    with Window() as w:
        logp, _ = task.token_logprobs(model, rollout, gcfg.temperature)
        (logp * rollout.mask.to(logp.device)).sum().backward()
    return {
        **out,
        "items": rollout.num_sequences,
        "measured": w.rise,
        "estimate": estimate["grpo"]["activations"],
        "formula": formula["grpo"]["activations"],
    }


# ---- child: a distillation teacher


def child_teacher(preset: str, out_dir: str) -> dict[str, Any]:
    """Train a finished teacher (the preset's model, a few warm-up steps) in `out_dir`."""
    import torch

    from studio.core.catalogue import load_config
    from studio.core.training.loop.trainer import Trainer

    torch.set_num_threads(1)
    teach = [*SHORT, "stages.warmup.steps=2", "stages.grpo.steps=0"]
    trainer = Trainer(load_config(preset, teach), save_dir=Path(out_dir))
    done = trainer.run()["reason"]
    return {"run_dir": str(trainer.run_dir), "done": done}


def student_overrides(preset: str, teacher_dir: str) -> list[str]:
    """A student half the teacher's size (bench_distill.py's), taught by soft targets."""
    from bench_distill import BUDGETS as HALF

    return [
        *HALF[preset].student,
        f"distill.teacher={teacher_dir}",
        "distill.weight=0.5",
        "distill.temperature=2",
    ]


def child_taught_term(preset: str, term: str, teacher_dir: str) -> dict[str, Any]:
    """The teacher's weights as loaded ("teacher": held after the load, and the load's
    peak), or one warm-up micro-batch with its soft targets ("warmup")."""
    import gc
    import random

    import torch

    from studio.core.catalogue import load_config
    from studio.core.machine.hardware import memory_estimate
    from studio.core.tasks import build_task
    from studio.core.training.probes.memory_probe import measure_activations, release_free_heap
    from studio.core.training.steps.distillation import Distiller

    torch.set_num_threads(1)
    torch.manual_seed(0)
    cfg = load_config(preset, overrides(preset, "shipped") + student_overrides(preset, teacher_dir))
    task = build_task(cfg)
    out: dict[str, Any] = {"preset": preset, "term": term}
    with Window() as w:
        distiller = Distiller.load(cfg, task, torch.device("cpu"))
    gc.collect()
    release_free_heap()  # what reading the checkpoint freed, handed back: what stays is held
    held = kib("VmRSS") - w.before
    if term == "teacher":
        return {**out, "measured": held, "load_peak": w.rise, "estimate": distiller.weight_bytes()}
    model = task.build_model(cfg.model)
    params = sum(p.numel() for p in model.parameters())
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    rng = random.Random(0)
    model.train()
    distiller.loss(task, model, task.sample(1, rng, task.num_levels - 1)).total.backward()
    optimizer.step()
    optimizer.zero_grad(set_to_none=False)  # the gradients stay allocated, as mid-step
    sizes = measure_activations(task, model, cfg, "off", distiller)
    plain = measure_activations(task, model, cfg, "off")
    estimate = memory_estimate(cfg, params, sizes).stages["warmup"]["activations"]
    without = memory_estimate(cfg, params, plain).stages["warmup"]["activations"]
    batch = task.sample(cfg.stages.warmup.batch_size, rng, task.num_levels - 1)
    with Window() as w:
        distiller.loss(task, model, batch).total.backward()
    return {
        **out,
        "items": len(batch),
        "measured": w.rise,
        "estimate": estimate,
        "without": without,
    }


# ---- child: one fitted run


def least_estimates(cfg: Any) -> list[int]:
    """The estimate untouched, then with each lever in turn at its most (the ones before
    it at theirs too), as the trainer's fit would compute them now."""
    import torch

    from studio.core.config.fit import set_path
    from studio.core.machine.memory_budget import levers
    from studio.core.tasks import build_task
    from studio.core.training.probes.memory_probe import MeasuredEstimate

    estimate = MeasuredEstimate(build_task(cfg), torch.device("cpu"))
    trial = copy.deepcopy(cfg)
    found = [estimate(trial).total]
    for lever in levers(cfg, "bf16"):
        for path, value in lever.options[-1].items():
            set_path(trial, path, value)
        found.append(estimate(trial).total)
    return found


def child_levels(preset: str, variant: str) -> dict[str, Any]:
    """The lever names and least estimates of a preset, in a process of their own (the
    probes leave memory behind, which a run measured after them would count twice)."""
    import torch

    from studio.core.catalogue import load_config
    from studio.core.machine.memory_budget import levers

    torch.set_num_threads(1)
    cfg = load_config(preset, overrides(preset, variant))
    return {"levers": [lever.name for lever in levers(cfg, "bf16")], "least": least_estimates(cfg)}


def child_run(preset: str, variant: str, budget: str, teacher_dir: str = "") -> dict[str, Any]:
    import torch

    from studio.core.catalogue import load_config
    from studio.core.config.fields import ConfigError
    from studio.core.training.loop.trainer import Trainer

    torch.set_num_threads(1)
    taught = student_overrides(preset, teacher_dir) if teacher_dir else []
    cfg = load_config(preset, overrides(preset, variant) + taught)
    out: dict[str, Any] = {"preset": preset, "variant": variant, "budget": budget}
    cfg.training.memory_budget = budget
    with tempfile.TemporaryDirectory() as tmp:
        try:
            trainer = Trainer(cfg, save_dir=Path(tmp))
        except ConfigError as err:
            return {**out, "refused": str(err), "peak": kib("VmHWM")}
        fit = trainer.memory_fit
        assert fit is not None
        started = time.perf_counter()
        trainer.run()
        out["seconds"] = round(time.perf_counter() - started, 1)
    return {
        **out,
        "budget_bytes": fit.budget.bytes,
        "settings": fit.settings,
        "before": fit.before.total,
        "estimate": fit.after.total,
        "parts": fit.after.parts,
        "stage": fit.after.peak_stage,
        "peak": kib("VmHWM"),  # the whole process: imports, fitting, training
    }


# ---- parent


def spawn(*args: str) -> dict[str, Any]:
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, __file__, "--child", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=1800,
    )
    if done.returncode != 0:
        raise RuntimeError(f"child {args} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def mb(n: float) -> str:
    return f"{n / MIB:.1f}"


def terms_table(presets: list[str]) -> list[str]:
    rows = [
        "| preset | term | items | measured (MiB) | estimate (MiB) | measured / estimate "
        "| formula (MiB) |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for preset in presets:
        for term in ("weights", "optimizer", "reference", "warmup", "grpo", "kv_cache"):
            r = spawn("term", preset, term)
            ratio = r["measured"] / r["estimate"] if r["estimate"] else float("nan")
            formula = mb(r["formula"]) if "formula" in r else ""
            rows.append(
                f"| {preset} | {term} | {r.get('items', '')} | {mb(r['measured'])} | "
                f"{mb(r['estimate'])} | {ratio:.2f} | {formula} |"
            )
            print(rows[-1], flush=True)
    return rows


RUNS_HEAD = [
    "| preset | variant | budget | settings changed | estimate before -> after (MiB) "
    "| measured peak (MiB) | peak / estimate | within budget |",
    "|---|---|---|---|---:|---:|---:|---|",
]


def run_row(preset: str, variant: str, label: str, r: dict[str, Any]) -> str:
    if "refused" in r:
        return f"| {preset} | {variant} | {label} | refused: {r['refused']} | | | | |"
    changed = ", ".join(f"{k}={v}" for k, v in r["settings"].items()) or "none"
    within = "yes" if r["peak"] <= r["budget_bytes"] else "**no**"
    return (
        f"| {preset} | {variant} | {label} | {changed} | {mb(r['before'])} -> "
        f"{mb(r['estimate'])} | {mb(r['peak'])} | {r['peak'] / r['estimate']:.2f} "
        f"| {within} |"
    )


def runs_table(presets: list[str]) -> list[str]:
    rows = list(RUNS_HEAD)
    for preset in presets:
        plan = [("shipped", b) for b in BUDGETS] + [("heavy", b) for b in HEAVY_BUDGETS]
        plan += [("heavy", b) for b in LEVER_BUDGETS]
        levels: dict[str, Any] = {}
        for variant, budget in plan:
            label = budget
            if budget.startswith("lever:"):
                levels = levels or spawn("levels", preset, variant)
                n = int(budget.split(":")[1])
                if n > len(levels["levers"]):
                    continue
                low, high = levels["least"][n], levels["least"][n - 1]
                if high - low < NARROW:
                    rows.append(
                        f"| {preset} | {variant} | {levels['levers'][n - 1]} last | not run: "
                        f"it saves {mb(high - low)} MiB at most, less than the runtime's spread "
                        "between processes | | | | |"
                    )
                    print(rows[-1], flush=True)
                    continue
                size = (low + high) / 2
                budget = f"{size / MIB:.1f}MB"
                label = f"{budget} ({levels['levers'][n - 1]} last)"
            rows.append(run_row(preset, variant, label, spawn("run", preset, variant, budget)))
            print(rows[-1], flush=True)
    return rows


TAUGHT_TERMS = {"teacher": "the teacher's weights", "warmup": "warm-up with soft targets"}


def teacher_tables(presets: list[str]) -> list[str]:
    terms = [
        "| preset | term | items | measured (MiB) | estimate (MiB) | measured / estimate "
        "| the load's peak / without a teacher (MiB) |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    runs = list(RUNS_HEAD)
    with tempfile.TemporaryDirectory() as tmp:
        for preset in presets:
            made = spawn("teacher", preset, tmp)
            assert made["done"] == "finished", made
            teacher = made["run_dir"]
            for term in ("teacher", "warmup"):
                r = spawn("taught", preset, term, teacher)
                other = r.get("load_peak", r.get("without", 0))
                terms.append(
                    f"| {preset} | {TAUGHT_TERMS[term]} | {r.get('items', '')} | "
                    f"{mb(r['measured'])} | {mb(r['estimate'])} | "
                    f"{r['measured'] / r['estimate']:.2f} | {mb(other)} |"
                )
                print(terms[-1], flush=True)
            for variant in ("shipped", "heavy"):
                r = spawn("run", preset, variant, "2GB", teacher)
                runs.append(run_row(preset, f"{variant} + teacher", "2GB", r))
                print(runs[-1], flush=True)
    return [*terms, "", *runs]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", choices=["terms", "runs", "teacher"], help="one table")
    p.add_argument("--presets", nargs="+", default=PRESETS, choices=PRESETS)
    p.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        kind, *rest = args.child
        child = {
            "term": child_term,
            "levels": child_levels,
            "run": child_run,
            "teacher": child_teacher,
            "taught": child_taught_term,
        }[kind]
        result = child(*rest)
        print(json.dumps(result))
        return 0
    print(f"load average {os.getloadavg()}, one torch thread per process", flush=True)
    tables = []
    if args.only in (None, "terms"):
        tables.append(terms_table(args.presets))
    if args.only in (None, "runs"):
        tables.append(runs_table(args.presets))
    if args.only in (None, "teacher"):
        tables.append(teacher_tables([p for p in args.presets if p != "lite_resnet"]))
    print(f"load average {os.getloadavg()}")
    print("\n\n".join("\n".join(t) for t in tables))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
