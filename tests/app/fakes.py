"""Stand-ins for the engine in app tests: a trainer that emits records like the real one."""

from __future__ import annotations

import math
import time
from pathlib import Path


def step_record(step: int, total: int = 100, stage: str = "grpo") -> dict:
    """A GRPO step record with every key the window charts."""
    r = 1 - math.exp(-step / 20)
    return {
        "kind": "step",
        "stage": stage,
        "step": step,
        "stage_step": step,
        "total_steps": total,
        "elapsed": step * 0.01,
        "loss": 0.1 / step,
        "optim/lr": 1e-4,
        "optim/grad_norm": 0.5,
        "optim/skipped": 0,
        "time/step": 0.01,
        "perf/steps_per_s": 100.0,
        "perf/tokens_per_s": 5000.0,
        "memory/peak_mb": 10.0,
        "reward/mean": r,
        "reward/std": 0.1,
        "reward/correct/mean": r,
        "reward/correct/std": 0.2,
        "reward/format/mean": 0.9,
        "reward/format/std": 0.05,
        "grpo/zero_std_frac": 0.25,
        "grpo/kl": 0.01,
        "grpo/clip_low": 0.0,
        "grpo/clip_high": 0.02,
        "grpo/ratio": 1.0,
        "policy/entropy": 1.5,
        "policy/completion_len": 4.0,
        "time/rollout": 0.005,
        "time/reward": 0.001,
        "time/update": 0.004,
        "curriculum/level": 0,
        "grad_flow": {
            "layers": ["embed", "block0", "head"],
            "mean": [1e-3, 1e-9, 2e-2],
            "max": [1e-2, 1e-8, 20.0],
        },
        "samples": [
            {
                "prompt": "2+3=",
                "reference": "5",
                "completions": ["5", "6"],
                "rewards": [1.0, 0.0],
                "advantages": [0.7, -0.7],
            }
        ],
    }


class FakeTrainer:
    """Emits `steps` step records (sleeping `delay` each), honouring the control."""

    def __init__(
        self,
        control,
        listeners,
        steps: int = 20,
        delay: float = 0.0,
        fail_at: int | None = None,
        error: Exception | None = None,
        run_dir: Path | None = None,
    ) -> None:
        self.control, self.listeners = control, listeners
        self.steps, self.delay, self.fail_at = steps, delay, fail_at
        self.error = error or ValueError("data/train.txt line 3: expected 'a+b=c'; fix the line")
        self.run_dir = run_dir or Path("/tmp/fake-run")
        self.steps_done = 0

    def emit(self, record: dict) -> None:
        for listener in self.listeners:
            listener(record)

    def run(self, max_steps: int | None = None) -> dict:
        self.emit({"kind": "stage", "stage": "grpo", "step": 0, "event": "start", "reason": ""})
        reason = "finished"
        for step in range(1, self.steps + 1):
            if not self.control.wait_for_turn():
                reason = "stopped"
                break
            if step == self.fail_at:
                raise self.error
            time.sleep(self.delay)
            self.steps_done = step
            self.emit(step_record(step, self.steps))
        final = {"kind": "done", "step": self.steps_done, "reason": reason}
        self.emit(final)
        return final


def factory(**kwargs):
    """A TrainerFactory building a FakeTrainer; the built trainer lands in factory.built."""
    built: list[FakeTrainer] = []

    def build(control, listeners):
        trainer = FakeTrainer(control, listeners, **kwargs)
        built.append(trainer)
        return trainer

    build.built = built
    return build
