"""train's progress: one self-updating line on a terminal, a line every few seconds in a
log file, and a line for each evaluation, stage change, warning and the end."""

from __future__ import annotations

import sys
import time
from typing import Any


class Progress:
    """One self-updating line on a terminal; a line every few seconds otherwise."""

    def __init__(self, stream: Any = sys.stderr) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.last_print = 0.0
        self.last_eval = ""
        self.reward: float | None = None

    def __call__(self, record: dict[str, Any]) -> None:
        kind = record["kind"]
        if kind == "eval":
            name = record["metric"]
            self.last_eval = f"{name} {record.get(f'eval/{name}', float('nan')):.3f}"
            self._line(f"eval at step {record['step']}: {self.last_eval}", final=True)
        elif kind == "step":
            self._step(record)
        elif kind == "stage":
            self._line(
                f"{record['stage']} {record['event']} at step {record['step']} "
                f"({record['reason']})",
                final=True,
            )
        elif kind == "log" and record["level"] != "info":
            self._line(f"{record['level']}: {record['message']}", final=True)
        elif kind == "done":
            self._line(f"done at step {record['step']}: {record['reason']}", final=True)

    def _step(self, r: dict[str, Any]) -> None:
        if "reward/mean" in r:
            self.reward = r["reward/mean"]
        step, total = r["step"], r["total_steps"]
        rate = step / r["elapsed"] if r.get("elapsed") else 0.0
        eta = (total - step) / rate if rate > 0 else 0.0
        width = 20
        filled = int(width * step / max(total, 1))
        bar = "#" * filled + "-" * (width - filled)
        parts = [f"{r['stage']:6s} [{bar}] {step}/{total}", f"loss {r['loss']:.4f}"]
        if self.reward is not None and r["stage"] == "grpo":
            parts.append(f"reward {self.reward:.3f}")
        if self.last_eval:
            parts.append(self.last_eval)
        parts.append(f"{rate:.2f} steps/s ETA {int(eta // 60)}:{int(eta % 60):02d}")
        now = time.monotonic()
        if self.tty or now - self.last_print > 5 or step == total:
            self._line("  ".join(parts), final=not self.tty)
            self.last_print = now

    def _line(self, text: str, final: bool) -> None:
        if self.tty:
            self.stream.write("\r\033[K" + text + ("\n" if final else ""))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()
