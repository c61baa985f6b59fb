"""train's progress line, in process: what a log file gets, what a terminal gets, and an
ETA that follows the stage's pace."""

import io

from studio.cli.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def step(n: int, seconds: float, stage: str = "grpo", total: int = 100) -> dict:
    record = {
        "kind": "step",
        "stage": stage,
        "step": n,
        "total_steps": total,
        "elapsed": n * seconds,
        "time/step": seconds,
        "loss": 0.25,
    }
    if stage == "grpo":
        record["reward/mean"] = 0.5
    return record


def test_a_log_file_gets_whole_lines_named_by_the_catalogue(monkeypatch):
    log = io.StringIO()
    progress = Progress(log)
    clock = iter([100.0, 101.0, 107.0, 108.0])
    monkeypatch.setattr("studio.cli.progress.monotonic", lambda: next(clock))
    progress(step(1, 2.0, stage="warmup"))  # the first line
    progress(step(2, 2.0, stage="warmup"))  # a second later: not yet
    progress(
        {"kind": "eval", "stage": "warmup", "step": 2, "metric": "accuracy", "eval/accuracy": 0.5}
    )
    progress(step(3, 2.0))  # past the interval: a line, with the last evaluation
    progress(step(4, 2.0))
    progress({"kind": "done", "step": 4, "reason": "stopped"})
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue() and len(lines) == 4
    assert lines[0].startswith("warmup [") and "loss 0.25" in lines[0] and "reward" not in lines[0]
    assert lines[1] == "eval at step 2: accuracy 50%"  # a share, shown in %
    assert "total reward 0.5" in lines[2] and "accuracy 50%" in lines[2]
    assert lines[2].endswith("0.50 steps/s ETA 3:14")  # 97 steps at 2 s
    assert lines[3] == "done at step 4: stopped"


def test_a_terminal_gets_one_line_rewritten_in_place():
    tty = Terminal()
    progress = Progress(tty)
    for n in range(1, 4):
        progress(step(n, 0.5))
    out = tty.getvalue()
    assert out.count("\r\033[K") == 3 and "\n" not in out


def test_the_eta_follows_the_current_stage_not_the_run_average():
    log = io.StringIO()
    progress = Progress(log)
    for n in range(1, 51):
        progress(step(n, 0.1, stage="warmup", total=60))
    progress(step(51, 5.0, total=60))  # GRPO steps are fifty times dearer
    assert progress.eta.seconds_left() == 9 * 5.0
