"""GPU figures: each preset on CUDA in fp32, bf16 and fp16 + gradient scaler.

For each shipped preset and precision it runs a few warm-up and GRPO steps at the
preset's default sizes and records the median step time per stage and the peak memory
torch allocated (torch.cuda.max_memory_allocated). During one run it also reads the
memory gauge's NVML probe and `nvidia-smi` at the same moment, to check they agree.

    python benchmarks/gpu_check.py --steps 8 --out /tmp/gpu
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from studio.core.catalogue import load_config
from studio.core.config.preset_files import preset_files
from studio.core.machine.hardware import MemoryProbe
from studio.core.training.loop.trainer import Trainer

GAUGE_STEP = 3  # the step at which the gauge and nvidia-smi are read together


def nvidia_smi_used_mib(pid: int) -> tuple[int | None, int | None]:
    """(device memory used, this process's memory) in MiB, as nvidia-smi reports them."""

    def query(args: list[str]) -> str:
        try:
            return subprocess.run(
                ["nvidia-smi", *args], capture_output=True, text=True, timeout=20
            ).stdout
        except (OSError, subprocess.TimeoutExpired):
            return ""

    total = query(["--query-gpu=memory.used", "--format=csv,noheader,nounits"]).split()
    device = int(total[0]) if total and total[0].isdigit() else None
    mine = None
    for line in query(
        ["--query-compute-apps=pid,used_memory", "--format=csv,noheader,nounits"]
    ).splitlines():
        parts = [p.strip() for p in line.split(",")]
        if len(parts) == 2 and parts[0] == str(pid) and parts[1].isdigit():
            mine = int(parts[1])
    return device, mine


def run_one(preset: str, amp: str, steps: int, save_dir: Path, gauge: bool) -> dict:
    overrides = [
        "training.device=cuda",
        f"training.amp={amp}",
        f"stages.warmup.steps={steps}",
        "stages.warmup.stop_at=null",
        "stages.warmup.patience=0",
        f"stages.grpo.steps={steps}",
        "eval.every=0",
        "eval.size=64",
        "run.checkpoint_every=0",
    ]
    cfg = load_config(preset, overrides)
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    readings: dict = {}
    probe = MemoryProbe() if gauge else None

    def listener(record: dict) -> None:
        if probe is not None and record["kind"] == "step" and record["step"] == GAUGE_STEP:
            torch.cuda.synchronize()
            reading = probe.read()
            smi_device, smi_process = nvidia_smi_used_mib(os.getpid())
            readings.update(
                {
                    "gauge_source": reading.source,
                    "gauge_device": reading.device,
                    "gauge_used_mib": reading.used_bytes / 2**20,
                    "gauge_process_mib": (reading.process_bytes or 0) / 2**20,
                    "smi_used_mib": smi_device,
                    "smi_process_mib": smi_process,
                }
            )

    trainer = Trainer(cfg, save_dir=save_dir, listeners=[listener])
    started = time.perf_counter()
    trainer.run()
    wall = time.perf_counter() - started
    steps_by_stage: dict[str, list[float]] = {}
    from studio.core.runs.metrics_file import read_metrics

    for r in read_metrics(trainer.run_dir):
        if r["kind"] == "step":
            steps_by_stage.setdefault(r["stage"], []).append(r["time/step"])
    params = sum(p.numel() for p in trainer.model.parameters())
    return {
        "preset": preset,
        "amp": amp,
        "params": params,
        "wall_s": wall,
        "warmup_ms": 1000 * statistics.median(steps_by_stage.get("warmup", [0])[2:] or [0]),
        "grpo_ms": 1000 * statistics.median(steps_by_stage.get("grpo", [0])[2:] or [0]),
        "peak_mib": torch.cuda.max_memory_allocated() / 2**20,
        "skipped": max(
            (
                r.get("optim/skipped", 0)
                for r in read_metrics(trainer.run_dir)
                if r["kind"] == "step"
            ),
            default=0,
        ),
        **readings,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=8, help="steps per stage")
    p.add_argument("--presets", nargs="*", default=None)
    p.add_argument("--out", default=os.environ.get("OUT", "benchmarks/out"))
    args = p.parse_args()
    if not torch.cuda.is_available():
        print("no CUDA GPU: nothing to measure")
        return 1
    presets = args.presets or sorted(preset_files())
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for preset in presets:
            for amp in ("off", "bf16", "fp16"):
                gauge = preset == presets[0] and amp == "off"
                try:
                    row = run_one(preset, amp, args.steps, Path(tmp), gauge)
                except Exception as err:  # one failure must not hide the other figures
                    row = {"preset": preset, "amp": amp, "error": f"{type(err).__name__}: {err}"}
                rows.append(row)
                print(json.dumps(row), flush=True)
    (out / "gpu_rows.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    name = torch.cuda.get_device_name(0)
    lines = [
        f"GPU: {name}, torch {torch.__version__}; {args.steps} steps per stage; "
        "median step time after 2 warm-up steps",
        "",
        "| preset | precision | params | warm-up step ms | GRPO step ms | "
        "peak allocated MiB | skipped steps |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        if "error" in r:
            lines.append(f"| {r['preset']} | {r['amp']} | error: {r['error']} | | | | |")
            continue
        lines.append(
            f"| {r['preset']} | {r['amp']} | {r['params'] / 1e6:.2f}M | "
            f"{r['warmup_ms']:.1f} | {r['grpo_ms']:.1f} | {r['peak_mib']:.0f} | "
            f"{r['skipped']} |"
        )
    gauge = next((r for r in rows if "gauge_used_mib" in r), None)
    if gauge:
        lines += [
            "",
            f"Gauge vs nvidia-smi at step {GAUGE_STEP} of {gauge['preset']} fp32: "
            f"gauge device used {gauge['gauge_used_mib']:.0f} MiB "
            f"(nvidia-smi {gauge['smi_used_mib']} MiB); gauge process share "
            f"{gauge['gauge_process_mib']:.0f} MiB (nvidia-smi "
            f"{gauge['smi_process_mib']} MiB); source {gauge['gauge_source']}, "
            f"{gauge['gauge_device']}",
        ]
    text = "\n".join(lines)
    (out / "gpu.md").write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
