"""Teach Micro-GPT a text task of your own from a file: clock times in words into digits.

    python examples/own_text_file.py                  # about a minute or two on a laptop CPU
    python examples/own_text_file.py --file my.tsv    # your own file instead
    python examples/own_text_file.py --tiny           # a tiny model, seconds (a smoke test)

Without --file it writes a small file of its own, one "prompt -> answer" line each
("quarter to seven pm -> 18:45"; a time without am or pm has two acceptable answers,
"04:30, 16:30"), with one broken line that the load report counts as skipped. Any layout
the own_text task reads works: TSV/CSV (prompt, answer), JSON Lines (prompt/completion,
input/output, question/answer, instruction/response), "prompt -> answer" or
"prompt => answer" lines, or prompts alone (then only checks that need no answer).

The reward is a list of checks (data, not code): the exact answer, and chrF to the
nearest answer for partial credit. It trains the own_text preset, prints the load report
(what was read, skipped and fitted), the held-out exact-answer accuracy and chrF when
GRPO starts and after it, and completes a few prompts with the finished run.
Uses only studio.api (docs/api.md).
"""

import argparse
import time
from pathlib import Path

from studio import api

HOURS = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]
# minutes past the hour, as said; "to" minutes count back from the next hour
PAST = {"o'clock": 0, "five past": 5, "ten past": 10, "quarter past": 15, "twenty past": 20,
        "twenty-five past": 25, "half past": 30}  # fmt: skip
TO = {"twenty-five to": 35, "twenty to": 40, "quarter to": 45, "ten to": 50, "five to": 55}

# smaller than the preset (2 layers) and a short GRPO stage: a minute or two on 2 cores
QUICK = {
    "model.n_layers": 2,
    "stages.warmup.stop_at": 0.5,  # GRPO then polishes answers the model mostly knows
    "stages.grpo.steps": 100,
    "stages.grpo.lr": 1.0e-4,
    "data.valid_fraction": 0.1,  # 43 held-out prompts each: a steadier figure than 22
    "data.test_fraction": 0.1,
    "eval.every": 25,
}

# seconds rather than minutes: a 2-layer d32 model, a few steps of each stage
TINY = {
    "model.n_layers": 2,
    "model.n_heads": 2,
    "model.d_model": 32,
    "model.d_ff": 64,
    "stages.warmup.steps": 3,
    "stages.warmup.batch_size": 8,
    "stages.grpo.steps": 2,
    "stages.grpo.batch_size": 4,
    "grpo.num_generations": 4,
    "eval.size": 8,
    "eval.every": 0,
}


def clock(hour: int, minute: int, half: str) -> str:
    """ "HH:MM" of a 1-12 hour in the am or pm half of the day."""
    hour24 = hour % 12 + (12 if half == "pm" else 0)
    return f"{hour24:02d}:{minute:02d}"


def write_times(path: Path) -> Path:
    """A "prompt -> answer" file of every time this file's words can say, and a broken line."""
    lines = []
    for i, word in enumerate(HOURS, start=1):
        said = [(f"{word} o'clock" if k == "o'clock" else f"{k} {word}", i, m)
                for k, m in PAST.items()]  # fmt: skip
        said += [(f"{k} {word}", (i - 2) % 12 + 1, m) for k, m in TO.items()]  # the hour before
        for words, hour, minute in said:
            lines.append(f"{words} am -> {clock(hour, minute, 'am')}")
            lines.append(f"{words} pm -> {clock(hour, minute, 'pm')}")
            lines.append(f"{words} -> {clock(hour, minute, 'am')}, {clock(hour, minute, 'pm')}")
    lines.insert(7, "quarter past nowhere ->")  # no answer: counted as skipped, with its line
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", help="your own prompts file (default: write clock times)")
    parser.add_argument("--runs", default="runs", help="folder that holds the run")
    parser.add_argument("--tiny", action="store_true", help="tiny settings: a smoke test")
    args = parser.parse_args()

    started = time.perf_counter()
    runs = Path(args.runs)
    runs.mkdir(parents=True, exist_ok=True)
    path = Path(args.file) if args.file else write_times(runs / "clock_times.txt")
    prompts = api.load_prompts(path)
    print(f"{len(prompts)} prompts read from {path} as {prompts.layout}")

    cfg = api.load_preset("own_text", {**prompts.settings, "training.device": "cpu"})
    cfg = api.configure(cfg, TINY if args.tiny else QUICK)
    checks = [
        {"kind": "exact", "weight": 1.0, "options": {"ignore_case": True}},
        {"kind": "similarity", "weight": 0.5, "options": {"metric": "chrf"}},
    ]
    if not prompts.has_answers:  # prompts alone: no answer to compare with
        checks = [{"kind": "length", "weight": 1.0, "options": {"min": 1, "max": 20}}]
    cfg = api.set_rewards(cfg, checks)
    trainer = api.GRPOTrainer(cfg, save_dir=runs)
    report = trainer.load_report
    if report is not None:  # what was read, skipped and fitted, as the command line says
        print(report.text())

    latest: dict[str, float] = {}  # the latest held-out evaluation
    before: dict[str, float] = {}  # the one GRPO started from
    for record in trainer.records():
        if record["kind"] == "eval":
            latest = {k: v for k, v in record.items() if k.startswith("eval/")}
            print(
                f"step {record['step']:4d} {record['stage']:6s} exact answers "
                f"{latest['eval/accuracy']:.1%}  chrF {latest.get('eval/chrf', 0.0):.1f}"
            )
        elif record["kind"] == "stage" and record["stage"] == "grpo" and not before:
            before = dict(latest)
            print(f"GRPO starts at step {record['step']}")
        elif record["kind"] == "done":
            print(f"{record['reason']} at step {record['step']}; run folder: {trainer.run_dir}")
    if before and latest:
        print(
            f"held-out exact answers: {before['eval/accuracy']:.1%} when GRPO started, "
            f"{latest['eval/accuracy']:.1%} after GRPO; chrF {before.get('eval/chrf', 0.0):.1f} "
            f"-> {latest.get('eval/chrf', 0.0):.1f}"
        )

    run = api.load_run(trainer.run_dir)
    test = run.evaluate("test")
    print(f"test split: exact answers {test['accuracy']:.1%}, chrF {test.get('chrf', 0.0):.1f}")
    examples = prompts.items[-3:]
    answers = run.generate([prompt for prompt, _ in examples])  # the prompt end is added
    for (prompt, expected), (answer,) in zip(examples, answers):
        print(f"{prompt}  ->  {answer}   (expected: {', '.join(expected) or 'no answer given'})")
    print(f"took {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
