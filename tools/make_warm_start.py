"""Write the warm start a lesson starts from: a supervised warm-up on the studio's own demo
corpus, stopped at a chosen held-out score, saved as weights and tokenizers.

    OMP_NUM_THREADS=1 python tools/make_warm_start.py [--lesson quick_translation]
        [--stop-at 40] [--steps 1500] [--out presets/warm_starts/quick_translation.pt]

The lesson's own model, task and data sections are trained (its training.init_from is
cleared and its GRPO stage skipped), with its seed and deterministic algorithms, so the
same command on the same torch version writes the same weights. The data is the
built-in demo corpus the studio generates (studio/core/data/demo_corpus.py); no outside
sentences. The file is written in half precision (see studio/core/runs/warm_start.py).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import torch

from studio.core.catalogue import load_config
from studio.core.config.preset_files import shipped_file
from studio.core.runs.warm_start import WARM_STARTS, save_warm_start
from studio.core.training.loop.trainer import Trainer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lesson", default="quick_translation")
    parser.add_argument("--stop-at", type=float, default=40.0, help="held-out score to stop at")
    parser.add_argument("--steps", type=int, default=1500, help="warm-up steps at most")
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    torch.set_num_threads(1)  # the same numbers on any machine (and quiet on a shared one)
    cfg = load_config(args.lesson)
    if cfg.data.path:
        raise SystemExit(f"{args.lesson}: data.path is set; a warm start uses the demo corpus")
    out = args.out or shipped_file(WARM_STARTS, str(cfg.training.init_from or f"{args.lesson}.pt"))
    cfg.training.init_from = None
    cfg.training.device = "cpu"
    cfg.training.deterministic = True
    warm = cfg.stages.warmup
    warm.steps, warm.lr, warm.stop_at, warm.patience = args.steps, args.lr, args.stop_at, 0
    warm.lr_schedule, warm.lr_warmup_steps = "constant", 50
    cfg.stages.grpo.steps = 0
    cfg.eval.every = 50
    started = time.perf_counter()

    def say(record: dict) -> None:
        if record["kind"] == "eval":
            score = record[f"eval/{record['metric']}"]
            print(f"step {record['step']}: {record['metric']} {score:.2f}", flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        trainer = Trainer(cfg, save_dir=Path(tmp), listeners=[say])
        final = trainer.run()
        save_warm_start(out, cfg, trainer.task, trainer.model)
    size = out.stat().st_size
    print(
        f"{out}: {size / 1e6:.2f} MB after {final['step']} warm-up steps "
        f"({final['reason']}, {time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
