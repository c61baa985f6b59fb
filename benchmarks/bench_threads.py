"""Benchmark: fp32 matmul rates of Micro-GPT-sized products on 1 and 2 threads, with
OpenMP's default waiting (threads spin at a barrier) and with OMP_WAIT_POLICY=PASSIVE
(waiting threads sleep). On a CPU busy with other programs, spinning threads wait for a
partner that is not running; this shows how much that costs at each size.

Each policy runs in its own process (OpenMP reads the variable once, when torch loads
it); sizes are (M x 256) @ (256 x 768), Micro-GPT's q/k/v projection with M rows (32: a
decoded token of 4 x 8 completions; 256: the update's completion tokens), medians of 200
products after 10 warm-up ones, each reading twice, alternating thread counts. The whole
GRPO step under each policy is bench_step_profile.py's (RESULTS.md, "Threads, third
reading").

    python benchmarks/bench_threads.py [--rows 32 256]
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time

POLICIES = {"default": None, "passive": "PASSIVE"}


def rate(m: int, threads: int, reps: int = 200) -> float:
    import torch

    torch.set_num_threads(threads)
    a, b = torch.randn(m, 256), torch.randn(256, 768)
    for _ in range(10):
        a @ b
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        a @ b
        times.append(time.perf_counter() - start)
    return 2 * m * 256 * 768 / statistics.median(times) / 1e9


def worker(rows: list[int]) -> None:
    out = {m: {t: [] for t in (1, 2)} for m in rows}
    for m in rows:
        for t in (1, 2, 1, 2):
            out[m][t].append(rate(m, t))
    print(json.dumps(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[32, 256])
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.rows)
        return
    results = {}
    load_before = os.getloadavg()
    for name, value in POLICIES.items():
        env = dict(os.environ)
        env.pop("OMP_WAIT_POLICY", None)
        if value is not None:
            env["OMP_WAIT_POLICY"] = value
        command = [sys.executable, __file__, "--worker", "--rows", *map(str, args.rows)]
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        results[name] = json.loads(done.stdout)

    def cell(values: list[float]) -> str:
        return " / ".join(f"{v:.0f}" for v in values)

    print("| M | 1 thread | 2 threads, default | 2 threads, OMP_WAIT_POLICY=PASSIVE |")
    print("|---:|---:|---:|---:|")
    for m in map(str, args.rows):
        one = [v for r in results.values() for v in r[m]["1"]]
        print(
            f"| {m} | {cell(one)} | {cell(results['default'][m]['2'])} | "
            f"{cell(results['passive'][m]['2'])} |"
        )
    load = " ".join(f"{x:.2f}" for x in load_before)
    after = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nGFLOP/s, each reading; load average {load} before, {after} after.")
    print(
        "\nCommand: `" + shlex.join(["python", "benchmarks/bench_threads.py", *sys.argv[1:]]) + "`"
    )


if __name__ == "__main__":
    main()
