"""Benchmark: what the policy probe (the Policy tab's snapshots) costs a run's throughput.

Each preset trains as it ships (its model, task, group size and batch), its GRPO stage
only (the warm-up and evaluations off, so that only the probe differs), twice: with the
preset's run.probe_every and with run.probe_every=0. The GRPO steps are timed by the
wall clock from the first step record to the last, so the probes between them count. A
run of 1 + k * probe_every steps holds exactly k probes. The two runs alternate, `--repeats`
times; the table shows each condition's median steps/s, and the median time of one
probe (`probe_snapshot` on the trained model, timed alone afterwards).

    OMP_NUM_THREADS=1 python benchmarks/bench_probe.py            # 3 presets, 31 steps
    OMP_NUM_THREADS=1 python benchmarks/bench_probe.py --presets micro_gpt --repeats 1

One process, one run at a time, one torch thread (`--threads`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from studio.core.catalogue import load_config
from studio.core.training.loop.trainer import Trainer
from studio.core.training.stages.probe import probe_snapshot

PRESETS = ("micro_gpt", "tiny_transformer", "lite_resnet")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--presets", nargs="+", default=list(PRESETS), help="shipped presets")
    p.add_argument("--probes", type=int, default=3, help="k: probes inside the timed span")
    p.add_argument("--repeats", type=int, default=2, help="runs of each condition")
    p.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    p.add_argument("--probe-timings", type=int, default=5, help="probes timed alone")
    return p.parse_args(argv)


def grpo_run(
    preset: str, every: int, steps: int, threads: int, save_dir: Path
) -> tuple[Trainer, list[float]]:
    """Train `steps` GRPO steps of `preset`; the trainer, and the clock at each step record."""
    overrides = [
        "training.device=cpu",
        f"training.threads={threads}",
        "stages.warmup.steps=0",
        f"stages.grpo.steps={steps}",
        "stages.grpo.stop_at=null",
        "eval.every=0",
        "run.checkpoint_every=0",
        f"run.probe_every={every}",
    ]
    cfg = load_config(preset, overrides)
    clock: list[float] = []

    def listen(record: dict[str, Any]) -> None:
        if record["kind"] == "step":
            clock.append(time.perf_counter())

    trainer = Trainer(cfg, save_dir=save_dir, listeners=[listen])
    trainer.run()
    return trainer, clock


def steps_per_second(clock: list[float]) -> float:
    return (len(clock) - 1) / (clock[-1] - clock[0])


def probe_seconds(trainer: Trainer, count: int) -> float:
    """Median seconds of one probe on the trained model."""
    times = []
    for _ in range(count):
        start = time.perf_counter()
        probe_snapshot(trainer.task, trainer.model, trainer.cfg.training.amp, trainer.device)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-probe-") as scratch:
        for preset in args.presets:
            every = load_config(preset).run.probe_every
            steps = 1 + args.probes * every
            rates: dict[int, list[float]] = {every: [], 0: []}
            trainer = None
            for repeat in range(args.repeats):
                order = (every, 0) if repeat % 2 == 0 else (0, every)
                for value in order:
                    folder = Path(scratch) / f"{preset}-{value}-{repeat}"
                    trainer, clock = grpo_run(preset, value, steps, args.threads, folder)
                    rates[value].append(steps_per_second(clock))
                    print(
                        f"{preset} probe_every={value}: {rates[value][-1]:.3f} steps/s", flush=True
                    )
            probe_s = probe_seconds(trainer, args.probe_timings)
            with_probe, without = statistics.median(rates[every]), statistics.median(rates[0])
            rows.append((preset, every, without, with_probe, probe_s, steps))
    print()
    print("| preset | probe_every | steps/s without | with | change | one probe | steps timed |")
    print("|---|---|---|---|---|---|---|")
    for preset, every, without, with_probe, probe_s, steps in rows:
        change = 100 * (with_probe / without - 1)
        print(
            f"| {preset} | {every} | {without:.3f} | {with_probe:.3f} | {change:+.1f}% "
            f"| {1000 * probe_s:.0f} ms | {steps} |"
        )


if __name__ == "__main__":
    main()
