"""The command line in a subprocess, with tiny sizes."""

import os
import signal
import subprocess
import sys
import time

import pytest

from studio.cli.train import StopOnSignal
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.metrics_file import read_metrics
from studio.core.training.loop.control import TrainerControl
from tests.helpers import MICRO_GPT_2, set_args

TINY = set_args(
    [
        *MICRO_GPT_2,
        "eval.size=8",
        "stages.warmup.steps=2",
        "stages.grpo.steps=2",
        "stages.grpo.batch_size=2",
        "grpo.num_generations=2",
    ]
)


def cli(*args, **kw):
    return subprocess.run(
        [sys.executable, "-m", "studio", *args], capture_output=True, text=True, timeout=240, **kw
    )


def test_train_then_eval_and_generate(tmp_path):
    done = cli("train", "--config", "micro_gpt", "--save_dir", str(tmp_path), "--steps", "3", *TINY)
    assert done.returncode == 0, done.stderr
    (run_dir,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert "step limit at step 3" in done.stdout
    assert [r["step"] for r in read_metrics(run_dir) if r["kind"] == "step"] == [1, 2, 3]

    at_limit = cli("train", "--resume", str(run_dir))  # the run keeps its --steps 3
    assert at_limit.returncode == 2 and "Traceback" not in at_limit.stderr
    assert at_limit.stderr.startswith(
        "grpo-studio: error: run.max_steps: the run is at step 3, its step limit of 3; "
    )
    resumed = cli("train", "--resume", str(run_dir), "--steps", "4")
    assert resumed.returncode == 0, resumed.stderr
    assert "finished at step 4" in resumed.stdout

    evaluated = cli("eval", str(run_dir), "--limit", "5")
    assert evaluated.returncode == 0, evaluated.stderr
    assert "accuracy:" in evaluated.stdout

    exported = cli("export", str(run_dir))
    assert exported.returncode == 0, exported.stderr
    assert (run_dir / "exports" / "micro_gpt.onnx").is_file()
    assert str(run_dir / "exports") in exported.stdout

    generated = cli("generate", str(run_dir), "12+34=", "--samples", "2", "--temperature", "1")
    assert generated.returncode == 0, generated.stderr
    lines = generated.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith("12+34=") for line in lines)

    for args, message in (
        (["eval", "--limit", "-5"], "--limit: must be 1 or more examples, got -5"),
        (
            ["eval", "--decoding", "beam"],
            "--decoding beam: the arithmetic task decodes with greedy",
        ),
        (["generate", "1+2=", "--samples", "0"], "--samples: must be 1 or more completions"),
        (["generate", "1+2=", "--temperature", "-1"], "--temperature: must be 0 (greedy) or a"),
        (["generate", ""], "prompt 1 is empty; give the text to complete"),
    ):
        refused = cli(args[0], str(run_dir), *args[1:])
        assert refused.returncode == 2 and "Traceback" not in refused.stderr, args
        assert refused.stderr.startswith(f"grpo-studio: error: {message}"), refused.stderr


def test_bad_config_value_is_one_clear_line(tmp_path):
    out = cli(
        "train",
        "--config",
        "micro_gpt",
        "--save_dir",
        str(tmp_path),
        "--set",
        "stages.warmup.batch_size=abc",
    )
    assert out.returncode == 2
    assert out.stderr.strip() == (
        'grpo-studio: error: stages.warmup.batch_size: must be an integer, got "abc"'
    )
    assert list(tmp_path.iterdir()) == []  # no empty run folder left behind


def test_missing_run_folder_is_a_clear_error(tmp_path):
    out = cli("eval", str(tmp_path / "nope"))
    assert out.returncode == 2
    assert "no such run folder" in out.stderr and "Traceback" not in out.stderr


def test_presets_are_listed():
    out = cli("presets")
    assert out.returncode == 0 and "micro_gpt" in out.stdout


def test_sigterm_stops_at_the_last_finished_step_with_a_checkpoint(tmp_path):
    args = ["train", "--config", "micro_gpt", "--save_dir", str(tmp_path), *TINY]
    endless = ["--set", "stages.warmup.steps=100000", "--set", "eval.every=0"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "studio", *args, *endless],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:  # wait for the first step on file
            runs = [p for p in tmp_path.iterdir() if p.is_dir()]
            if runs and any(r["kind"] == "step" for r in read_metrics(runs[0])):
                break
            time.sleep(0.2)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert "SIGTERM: stopping at the last finished step and saving a checkpoint" in err
    (run_dir,) = runs
    done = read_metrics(run_dir)[-1]
    assert done["kind"] == "done" and done["reason"] == "stopped"
    assert latest_checkpoint(run_dir).name == f"step_{done['step']:07d}.pt"
    assert f"stopped at step {done['step']}" in out


def test_a_first_signal_asks_for_a_stop_and_a_second_quits_at_once():
    control = TrainerControl()
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt), StopOnSignal(control, announce=False, escalate=True):
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.1)  # Python runs the handler in the main thread, between bytecodes
        assert control.stop_requested
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)  # interrupted at once
    assert signal.getsignal(signal.SIGINT) is before  # the handlers are put back


def test_under_torchrun_every_signal_only_asks_for_a_stop():
    control = TrainerControl()
    with StopOnSignal(control, announce=False, escalate=False):
        os.kill(os.getpid(), signal.SIGINT)
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.1)
    assert control.stop_requested


def test_generate_refuses_a_run_of_another_kind_and_says_which_command_fits(translation_run):
    out = cli("generate", str(translation_run), "你好")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip() == (
        f"grpo-studio: error: {translation_run}: this run is a translation run: use translate "
        f"(grpo-studio translate {translation_run} SENTENCE)"
    )


def test_data_path_for_a_task_that_reads_no_data_is_refused_not_ignored(tmp_path):
    pairs = tmp_path / "pairs.tsv"
    pairs.write_text("hello\tbonjour\n")
    args = [
        "--config",
        "micro_gpt",
        "--save_dir",
        str(tmp_path / "runs"),
        "--data_path",
        str(pairs),
    ]
    out = cli("train", *args)
    assert out.returncode == 2 and not (tmp_path / "runs").exists()
    assert out.stderr.startswith(
        "grpo-studio: error: data.path (--data_path): the arithmetic task reads no data file"
    )


# `python -m studio ARGS`, printing OMP_NUM_THREADS and OMP_WAIT_POLICY as they are when
# torch starts to load (OpenMP reads them then, once) and ending there
AT_TORCH_IMPORT = """
import os, runpy, sys

class AtTorch:
    def find_spec(self, name, path=None, target=None):
        if name == "torch":
            print(os.environ.get("OMP_NUM_THREADS"), os.environ.get("OMP_WAIT_POLICY"))
            sys.stdout.flush()
            os._exit(0)

sys.meta_path.insert(0, AtTorch())
sys.argv = ["grpo-studio", *sys.argv[1:]]
runpy.run_module("studio", run_name="__main__")
"""


@pytest.mark.parametrize(("users", "seen"), [(None, "1"), ("3", "3")])
def test_torch_computes_on_one_thread_unless_the_user_names_a_count(users, seen):
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS", "OMP_WAIT_POLICY")}
    if users is not None:
        env["OMP_NUM_THREADS"] = users
    done = subprocess.run(
        [sys.executable, "-c", AT_TORCH_IMPORT, "presets"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    # torch loaded and saw this count, with OpenMP's own wait policy: threads asked for
    # spin at barriers, which made two threads 2.2x faster than sleeping ones when idle
    assert done.stdout.split() == [seen, "None"]


@pytest.mark.slow
@pytest.mark.parametrize("moment", ["starting", "training"])
def test_two_ctrl_c_a_third_of_a_second_apart_end_with_a_closing_line(tmp_path, moment):
    """Ctrl-C twice, 0.3 s apart, while the program starts (imports, building the
    trainer) or while it trains: it ends with a line that says how it ended, no
    traceback, and exit code 130 (quit at once) or 0 (stopped at a step)."""
    args = ["train", "--config", "micro_gpt", "--save_dir", str(tmp_path), *TINY]
    endless = ["--set", "stages.warmup.steps=100000", "--set", "eval.every=0"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "studio", *args, *endless],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        if moment == "starting":
            time.sleep(1.0)  # in the middle of the imports
        else:
            deadline = time.monotonic() + 180
            while time.monotonic() < deadline:  # the first step on file
                runs = [p for p in tmp_path.iterdir() if p.is_dir()]
                if runs and any(r["kind"] == "step" for r in read_metrics(runs[0])):
                    break
                time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert "Traceback" not in err, err
    last = err.strip().splitlines()[-1] if err.strip() else ""
    # 130, or killed by the second SIGINT after its line (the interpreter's own exit on
    # an interrupt, seen now and then when both arrive while torch loads): either way
    # the line that says so is its last
    if proc.returncode in (130, -signal.SIGINT):
        assert last.startswith("grpo-studio: ") and "quit at once" in last, err
    else:
        assert proc.returncode == 0 and "stopped at step" in out, (proc.returncode, out, err)
