"""Few pairs and text in one language: does the text help? (issue 49)

A person building a translator has a few thousand sentence pairs and more text in one of
the languages. From a Tatoeba export as it comes (English, Chinese, attribution), this
benchmark takes, by a fixed seeded draw (`--split-seed`, the same for every kind and
seed, so the kinds differ only in what they are given):

- `--pairs` lines as the user's pair file (the run's valid split comes from them, as the
  fit chooses; its own test split is not used);
- the Chinese side of `--text` other lines as Chinese-only text;
- the English side of `--text` more as English-only text;
- `--test` lines none of those contain as the test set, translated by the test split's
  decoding (beam search) at GRPO's start and at the run's end.

and trains the Tiny-Transformer preset on one `--kind`:

- `pairs`: the pair file alone;
- `zh`: with the Chinese text as task.text_path;
- `both`: with one file holding the Chinese and then the English text.

Everything else is as shipped, unless `--set` gives a setting as the user would;
`--control` then runs the GRPO stage again from the same grpo_start.pt with
grpo.shuffle_rewards (each sample gets another's reward), the same text, the same seed.
One kind and seed per process, so that two can run side by side with one thread each:

    OMP_NUM_THREADS=1 python benchmarks/bench_one_language.py \
        --data path/to/tatoeba-cmn-eng-dev.tsv --kind zh --seed 0 --control

It prints the load report, then one JSON line: test chrF / BLEU / length ratio at GRPO's
start, at the end and after the control, each stage's steps and seconds, why each stage
ended, and the wall time against the budget's plan.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from bench_own_data import control_folder, grpo_from, stage_times

from studio.core.catalogue import load_config
from studio.core.runs.checkpoints import CHECKPOINT_DIR, latest_checkpoint
from studio.core.runs.loading import load_trained
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer

KINDS = ("pairs", "zh", "both")


def split_lines(data: Path, n_pairs: int, n_text: int, n_test: int, seed: int) -> dict:
    """The export's lines (blank ones aside) drawn without overlap: the user's pairs, the
    lines whose Chinese and whose English side become one-language text, the test pairs."""
    lines = [line for line in data.read_text("utf-8").splitlines() if line.strip()]
    need = n_pairs + 2 * n_text + n_test
    if len(lines) < need:
        raise SystemExit(f"{data}: {len(lines)} lines, the split needs {need}")
    random.Random(seed).shuffle(lines)
    cuts = [n_pairs, n_pairs + n_text, n_pairs + 2 * n_text]
    return {
        "pairs": lines[: cuts[0]],
        "zh": [line.split("\t")[1] for line in lines[cuts[0] : cuts[1]]],
        "en": [line.split("\t")[0] for line in lines[cuts[1] : cuts[2]]],
        "test": [tuple(line.split("\t")[1::-1]) for line in lines[cuts[2] : need]],
    }


def write_files(parts: dict, out: Path) -> dict[str, Path]:
    """The user's files: the pair file as the export has it, the one-language files."""
    out.mkdir(parents=True, exist_ok=True)
    files = {
        "pairs": parts["pairs"],
        "zh": parts["zh"],
        "both": parts["zh"] + parts["en"],
    }
    paths = {}
    for name, lines in files.items():
        paths[name] = out / f"{name}.txt"
        paths[name].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return paths


def test_scores(run_dir: Path, checkpoint: Path, test: list[tuple[str, str]]) -> dict:
    """chrF, BLEU and length ratio of the held-out test pairs zh -> en, decoded as the
    run's test split is (a model that translates both ways is scored on this way only,
    as the pairs-alone model is)."""
    cfg, task, model = load_trained(run_dir, checkpoint=checkpoint)
    task.splits["test"] = list(test)
    ways = task.evaluate_directions(
        model, split="test", limit=len(test), decoding=cfg.eval.decoding_of("test")
    )
    return ways[f"{cfg.task.source_lang}->{cfg.task.target_lang}"]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, required=True, help="a Tatoeba cmn-eng export")
    p.add_argument("--kind", choices=KINDS, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--split-seed", type=int, default=0)
    p.add_argument("--pairs", type=int, default=4000)
    p.add_argument("--text", type=int, default=4500, help="lines for each language's text")
    p.add_argument("--test", type=int, default=1000)
    p.add_argument("--control", action="store_true", help="and the shuffled-reward control")
    p.add_argument("--out", type=Path, default=Path("benchmarks/out/one_language"))
    p.add_argument("--set", dest="overrides", action="append", default=[])
    args = p.parse_args()
    parts = split_lines(args.data, args.pairs, args.text, args.test, args.split_seed)
    files = write_files(parts, args.out / "files")
    settings = [f"data.path={files['pairs']}", f"training.seed={args.seed}"]
    if args.kind != "pairs":
        settings.append(f"task.text_path={files[args.kind]}")
    out = args.out / f"{args.kind}-{args.seed}"
    started = time.perf_counter()
    trainer = Trainer(load_config("tiny_transformer", [*settings, *args.overrides]), save_dir=out)
    print(trainer.task.report(), flush=True)
    trainer.run()
    wall = time.perf_counter() - started
    run_dir = trainer.run_dir
    records = read_metrics(run_dir)
    row = {
        "kind": args.kind,
        "seed": args.seed,
        "run_dir": str(run_dir),
        **stage_times([r for r in records if r["kind"] == "step"]),
        "wall_s": wall,
        "ends": [r["reason"] for r in records if r["kind"] == "stage" and r["event"] == "end"],
        "time_fit": next((r["time_fit"] for r in records if "time_fit" in r), None),
        "start": test_scores(run_dir, run_dir / CHECKPOINT_DIR / "grpo_start.pt", parts["test"]),
        "end": test_scores(run_dir, latest_checkpoint(run_dir), parts["test"]),
    }
    if args.control:
        control = control_folder(run_dir, out)
        row["control_wall_s"] = grpo_from(control, ["grpo.shuffle_rewards=true"])
        row["control"] = test_scores(control, latest_checkpoint(control), parts["test"])
    print(json.dumps(row), flush=True)
    (out / "result.json").write_text(json.dumps(row, indent=1), encoding="utf-8")
    print(f"\ncommand: python {' '.join(sys.argv)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
