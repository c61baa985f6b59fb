"""The estimate printed before training against the run's real wall time.

Each case runs `grpo-studio train` as a user would (a fresh process, one thread), reads
the estimate line it prints before the first step, and times the whole command from its
start to its exit (imports, data, the measurement, training, evaluations, checkpoints).
A warm-up with stop_at or patience gives a bound ("at most"); the case with them cleared
gives a forecast to compare.

    OMP_NUM_THREADS=1 python benchmarks/bench_time_estimate.py [--cases own_text,...]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file

CASES: dict[str, list[str]] = {
    "own_text": ["--config", "own_text"],
    "own_text (no early stop)": [
        "--config",
        "own_text",
        "--set",
        "stages.warmup.stop_at=null",
    ],
    "quick_micro_gpt": ["--config", "quick_micro_gpt"],
    "quick_micro_gpt (no early stop)": [
        "--config",
        "quick_micro_gpt",
        "--set",
        "stages.warmup.stop_at=null",
    ],
    "tiny_transformer (made-up corpus; time_budget 8min)": [
        "--config",
        "tiny_transformer",
        "--data_path",
        "{CORPUS}",
        "--time_budget",
        "8min",
    ],
}
_ESTIMATE = re.compile(r"estimate: (about|at most) (.+?) on this machine")


def seconds(text: str) -> float:
    """'12 min' / '2.5 min' / '40 s' / '1 h 05 min' -> seconds."""
    found = re.fullmatch(r"(?:(\d+) h )?(?:([\d.]+) min)?(?:(\d+) s)?", text.strip())
    if found is None:
        raise ValueError(text)
    h, m, s = (float(g) if g else 0.0 for g in found.groups())
    return 3600 * h + 60 * m + s


def run_case(args: list[str]) -> tuple[str, float, float, str]:
    with tempfile.TemporaryDirectory() as runs:
        if "{CORPUS}" in args:  # the made-up realistic corpus, as a user's Tatoeba file
            corpus = Path(runs) / "cmn-3000.txt"
            write_tatoeba_file(corpus, realistic_pairs(3000, 0))
            args = [str(corpus) if a == "{CORPUS}" else a for a in args]
        entry = "import sys; from studio.cli.main import main; sys.exit(main())"
        command = [sys.executable, "-c", entry, "train", "--quiet", *args]
        command += ["--set", "training.threads=1", "--save_dir", runs]
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=True)
        wall = time.perf_counter() - started
    found = _ESTIMATE.search(done.stderr)
    if found is None:
        raise SystemExit(f"no estimate line in:\n{done.stderr}")
    last = done.stdout.strip().splitlines()[-1]
    return found.group(1), seconds(found.group(2)), wall, last


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", default="|".join(CASES), help="case names, separated by |")
    picked = [c.strip() for c in parser.parse_args().cases.split("|")]
    load = os.getloadavg()
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}, OMP_NUM_THREADS=1")
    print("| case | estimate | real wall time | estimate / real | how it ended |")
    print("|---|---|---|---|---|")
    for name in picked:
        kind, estimate, wall, last = run_case(CASES[name])
        print(
            f"| {name} | {kind} {estimate / 60:.1f} min | {wall / 60:.1f} min | "
            f"{estimate / wall:.2f} | {last} |",
            flush=True,
        )
    load = os.getloadavg()
    print(f"load average after {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")


if __name__ == "__main__":
    main()
