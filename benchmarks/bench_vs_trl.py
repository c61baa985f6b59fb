"""Benchmark: one GRPO step of the Micro-GPT preset versus Hugging Face TRL's GRPOTrainer.

Both sides do the same step (issue 2): 4 arithmetic prompts x 8 completions of exactly 8
new tokens, a frozen reference model with beta 0.04, an exact-answer reward plus the
format reward (weights 1 and 0.1), group-scaled advantages, the DAPO token-mean clipped
loss, gradient clipping at 1 and an AdamW update at the preset's GRPO learning rate.
fp32 and the same torch thread count on both sides; TRL's bf16 and gradient-checkpointing
defaults are turned off and its dropout set to 0, as Micro-GPT's is.

  ours  studio.core.training.steps.grpo_step.grpo_step on presets/micro_gpt.yaml (6 layers, 8 heads,
        d_model 256, d_ff 704, 16-token character vocabulary); generate is wrapped to
        pass eos_id=None, so no row stops before 8 tokens
  TRL   GRPOTrainer on a randomly initialised transformers GPT2LMHeadModel of the same
        shape (GELU, tied head, no dropout) with a character-level WordLevel tokenizer
        over the same characters; generation_kwargs min_new_tokens=8 forbids EOS for the
        8 tokens; one optimizer step = per_device_train_batch_size 32 = 4 prompts x 8

Each side runs in its own worker process (this file with --worker), so its peak memory is
its own. The driver warms both up, then alternates them round by round (ours first in
even rounds, TRL first in odd ones), one worker running while the other waits; per-step
times are the medians of all timed steps. A TRL step is timed from the Trainer's
on_step_begin to on_step_end callback: generation, rewards, reference and policy passes,
backward, clipping and the optimizer step; its logging and data loading fall outside, as
drawing the prompts does on our side. FLOPs: benchmarks/flops.py counts the matmuls by
hand; torch's FlopCounterMode counts them on one real step of each side.

Our side builds its optimizer with the trainer's own new_optimizer (fused AdamW) and
takes `--set` overrides (training.compile=true runs the compiled passes). The shape can be
changed (--prompts, --group, --d-model, with d_ff = 2.75 x d_model as in the preset), and
--sweep runs the scaling tables in one go: completions 32, 64, 128, 256 (prompts x 8) at
the preset's width, then widths 128, 256, 512 at 4 x 8, each shape a sitting of its own,
each side against its own FLOP floor (its hand-counted matmuls at the large-matmul rate
of that sitting).

    python benchmarks/bench_vs_trl.py [--rounds 5] [--steps-per-round 10] [--warmup 3]
                                      [--threads 2] [--quick] [--set KEY=VALUE]
                                      [--prompts 4] [--group 8] [--d-model 256] [--sweep]
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import copy
import dataclasses
import functools
import importlib.util
import json
import os
import platform
import resource
import shlex
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import flops  # benchmarks/flops.py, beside this file
from worker_process import BenchError, WorkerProcess, claim_stdout

ROOT = Path(__file__).resolve().parents[1]
NEW_TOKENS, BETA = 8, 0.04
PROMPT_TOKENS = 6  # "99+99=": the padded prompt width of nearly every batch of prompts
FLOOR_GFLOPS = 150.0  # large fp32 matmuls on this CPU, quiet (the busy-machine warning's)
FF_RATIO = 2.75  # d_ff / d_model of the preset (704 / 256)
# a probe below this share of the floor, or per-round ratios further apart than 1 + it,
# means other work shared the cores during the sitting
BUSY_FRACTION = 0.7
SIDES = ("ours", "trl")
LABELS = {"ours": "ours (Micro-GPT)", "trl": "TRL GRPOTrainer (GPT-2)"}


# ---- memory of this process (Linux /proc; resource's lifetime peak elsewhere)


def _status_mib(field: str) -> float | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    return None


def rss_mib() -> float:
    found = _status_mib("VmRSS")
    return found if found is not None else peak_mib()


def peak_mib() -> float:
    """Highest resident set since the process started or since reset_peak()."""
    found = _status_mib("VmHWM")
    if found is not None:
        return found
    scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB on Linux
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale / 2**20


def reset_peak() -> bool:
    """Restart the peak count at the current resident set (Linux: clear_refs 5)."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


# ---- the worker's side of the protocol: one command per line in, one JSON line out


class Session:
    """Reads the driver's commands ("run N", "flops", "quit"), times steps, replies.

    A reply is sent only when the next command is awaited, so a worker has finished
    everything of its last step (TRL's logging too) before the other worker starts.
    """

    def __init__(self, proto: IO[str], info: dict[str, Any]) -> None:
        self.proto = proto
        self.pending: dict[str, Any] = {"event": "ready", **info}
        self.left = 0
        self.times: list[float] = []
        self.lengths: list[float] = []
        self.counter: Any = None
        self.process_peak = peak_mib()  # before any reset: imports and setup included
        self.start = 0.0

    def await_command(self) -> bool:
        """Send the pending reply, take the next command; False when told to quit."""
        self.proto.write(json.dumps(self.pending) + "\n")
        words = sys.stdin.readline().split()
        op = words[0] if words else "quit"
        self.times, self.lengths = [], []
        self.process_peak = max(self.process_peak, peak_mib())
        if op == "run":
            self.left = int(words[1])
            reset_peak()
        elif op == "flops":
            from torch.utils.flop_counter import FlopCounterMode

            self.left = 1
            self.counter = FlopCounterMode(display=False)
        else:
            return False
        return True

    def begin(self) -> None:
        if self.counter is not None:
            self.counter.__enter__()
        self.start = time.perf_counter()

    def end(self, completion_len: float) -> None:
        elapsed = time.perf_counter() - self.start
        self.times.append(elapsed)
        self.lengths.append(completion_len)
        self.left -= 1
        if self.counter is not None:
            self.counter.__exit__(None, None, None)
            self.pending = {"event": "flops", "flops": self.counter.get_total_flops()}
            self.counter = None
        elif self.left == 0:
            self.pending = {
                "event": "times",
                "times": self.times,
                "completion_len": self.lengths,
                "step_peak_mib": peak_mib(),
                "process_peak_mib": max(self.process_peak, peak_mib()),
            }


def d_ff_of(d_model: int) -> int:
    return round(FF_RATIO * d_model)


def preset_config(args: argparse.Namespace, sets: list[str] = ()) -> Any:
    from studio.core.catalogue import load_config

    return load_config(
        "micro_gpt",
        [
            f"grpo.beta={BETA}",
            f"grpo.max_new_tokens={NEW_TOKENS}",
            f"grpo.num_generations={args.group}",
            f"stages.grpo.batch_size={args.prompts}",
            f"model.d_model={args.d_model}",
            f"model.d_ff={d_ff_of(args.d_model)}",
            f"training.threads={args.threads}",
            "training.device=cpu",
            *sets,
        ],
    )


def never_stop(generate: Callable[..., Any]) -> Callable[..., Any]:
    """Micro-GPT's generate with eos_id=None: every row runs all max_new_tokens steps."""

    @functools.wraps(generate)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        kwargs["eos_id"] = None
        return generate(*args, **kwargs)

    return wrapper


def ours_worker(args: argparse.Namespace, proto: IO[str]) -> None:
    import random

    import torch

    from studio.core.models.compiled import set_compiled
    from studio.core.tasks import build_task
    from studio.core.training.stages.plan import new_optimizer
    from studio.core.training.stages.state import seed_everything
    from studio.core.training.steps.grpo_step import grpo_step
    from studio.core.training.steps.update import Learner, StepOptions

    torch.set_num_threads(args.threads)
    cfg = preset_config(args, args.set)
    # as Trainer does; deterministic mode imports torch's compiler stack (~70 MB), which
    # is library code, so the baseline is read after it
    seed_everything(cfg.training.seed, cfg.training.deterministic)
    lib_mib = rss_mib()
    task = build_task(cfg)
    model = task.build_model(cfg.model)
    set_compiled(model, cfg.training.compile)  # as the trainer does
    ref_model = copy.deepcopy(model).eval().requires_grad_(False)
    model.generate = never_stop(model.generate)
    tcfg, stage = cfg.training, cfg.stages.grpo
    optimizer = new_optimizer(model, stage, tcfg, torch.device("cpu"))  # the trainer's AdamW
    rng = random.Random(tcfg.seed)
    learner = Learner(model, optimizer, tcfg, ref_model=ref_model)
    session = Session(
        proto,
        {
            "params": sum(p.numel() for p in model.parameters()),
            "threads": torch.get_num_threads(),
            "lib_mib": lib_mib,
            "lr": stage.lr,
            "dtypes": sorted({str(p.dtype) for m in (model, ref_model) for p in m.parameters()}),
            "checkpointing": bool(cfg.model.gradient_checkpointing),
            "reference": ref_model is not None,
        },
    )
    while session.await_command():
        while session.left:
            prompts = task.sample(stage.batch_size, rng, task.num_levels - 1)
            session.begin()
            out = grpo_step(learner, task, [prompts], cfg.grpo, StepOptions())
            session.end(out.metrics["policy/completion_len"])


class _Quit(Exception):
    """Raised from a TRL callback to leave trainer.train() when the driver is done."""


def trl_worker(args: argparse.Namespace, proto: IO[str]) -> None:
    import random

    import datasets
    import torch
    import transformers
    import trl
    from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers
    from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    from studio.core.tasks import build_task
    from studio.core.tasks.arithmetic import FORMAT_WEIGHT, exact_match, is_integer

    lib_mib = rss_mib()
    torch.set_num_threads(args.threads)
    cfg = preset_config(args)
    task = build_task(cfg)
    mcfg, tcfg, stage = cfg.model, cfg.training, cfg.stages.grpo

    # the same characters, ids and specials as the task's CharTokenizer (PAD 0, EOS 1)
    chars = task.tokenizer.chars
    vocab = {"<pad>": 0, "<eos>": 1} | {c: i + 2 for i, c in enumerate(chars)}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<pad>"))
    core.pre_tokenizer = pre_tokenizers.Split(Regex("."), behavior="isolated")
    core.decoder = decoders.Fuse()
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_object=core, pad_token="<pad>", eos_token="<eos>", padding_side="left"
    )
    gpt2 = GPT2Config(
        vocab_size=len(vocab),
        n_positions=mcfg.max_len,
        n_embd=mcfg.d_model,
        n_layer=mcfg.n_layers,
        n_head=mcfg.n_heads,
        n_inner=mcfg.d_ff,
        activation_function="gelu",  # Micro-GPT's exact GELU, not GPT-2's tanh form
        resid_pdrop=0.0,
        embd_pdrop=0.0,
        attn_pdrop=0.0,
        tie_word_embeddings=mcfg.tie_weights,
        bos_token_id=1,
        eos_token_id=1,
        pad_token_id=0,
    )
    torch.manual_seed(tcfg.seed)
    folder = Path(tempfile.mkdtemp(prefix="bench-trl-"))
    atexit.register(shutil.rmtree, folder, True)
    # saved so that TRL can build its reference model from the path (no Hub access)
    GPT2LMHeadModel(gpt2).save_pretrained(folder / "model")
    tokenizer.save_pretrained(folder / "model")

    rng = random.Random(tcfg.seed)
    examples = task.sample(args.prompts * args.max_steps, rng, task.num_levels - 1)
    dataset = datasets.Dataset.from_dict(
        {"prompt": [e.prompt for e in examples], "answer": [e.reference for e in examples]}
    )

    def correct(prompts: list, completions: list[str], answer: list[str], **_: Any) -> list:
        return [exact_match(c, a) for c, a in zip(completions, answer)]

    def well_formed(prompts: list, completions: list[str], **_: Any) -> list:
        return [float(is_integer(c)) for c in completions]

    gcfg = cfg.grpo
    # transformers 5 renamed gradient_checkpointing; TRL sets the old name's default to True
    renamed = {f.name for f in dataclasses.fields(GRPOConfig)} & {"activation_checkpointing"}
    config = GRPOConfig(
        **dict.fromkeys(renamed, False),
        output_dir=str(folder / "out"),
        per_device_train_batch_size=args.prompts * args.group,  # completions per step
        gradient_accumulation_steps=1,
        num_generations=args.group,
        max_completion_length=NEW_TOKENS,
        generation_kwargs={"min_new_tokens": NEW_TOKENS},  # EOS is masked for 8 tokens
        temperature=gcfg.temperature,
        top_k=gcfg.top_k,
        top_p=gcfg.top_p,
        beta=BETA,
        num_iterations=gcfg.num_iterations,
        epsilon=gcfg.epsilon_low,
        epsilon_high=gcfg.epsilon_high,
        loss_type=gcfg.loss_type,
        scale_rewards=gcfg.scale_rewards,
        mask_truncated_completions=gcfg.mask_truncated_completions,
        reward_weights=[1.0, FORMAT_WEIGHT],
        learning_rate=stage.lr,
        lr_scheduler_type="constant",
        adam_beta1=tcfg.adam_beta1,
        adam_beta2=tcfg.adam_beta2,
        weight_decay=tcfg.weight_decay,
        max_grad_norm=tcfg.grad_norm_clip,
        bf16=False,
        fp16=False,
        gradient_checkpointing=False,  # TRL's default is True
        use_cpu=True,
        max_steps=args.max_steps,
        seed=tcfg.seed,
        report_to="none",
        save_strategy="no",
        logging_strategy="no",
        disable_tqdm=True,
        log_completions=False,
        dataloader_num_workers=0,
        model_init_kwargs={"dtype": "float32", "attn_implementation": "sdpa"},
    )
    session: Session | None = None
    trainer: GRPOTrainer | None = None

    def as_run() -> dict[str, Any]:
        """What the trainer really runs with, checked by the driver once training started."""
        model = trainer.model
        checkpointing = getattr(model, "is_activation_checkpointing", None)
        if checkpointing is None:
            checkpointing = model.is_gradient_checkpointing
        return {
            "dtypes": sorted(
                {str(p.dtype) for m in (model, trainer.ref_model) for p in m.parameters()}
            ),
            "checkpointing": bool(checkpointing),
            "reference": trainer.ref_model is not None,
        }

    class Conductor(TrainerCallback):
        """Takes the driver's commands between optimizer steps and times each step."""

        def on_step_begin(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
            if session.pending["event"] == "ready":
                session.pending.update(as_run())
            if session.left == 0 and not session.await_command():
                raise _Quit
            session.begin()

        def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
            session.end(trainer._metrics["train"]["completions/mean_length"][-1])

    trainer = GRPOTrainer(
        model=str(folder / "model"),
        reward_funcs=[correct, well_formed],
        args=config,
        train_dataset=dataset,
        processing_class=tokenizer,
        callbacks=[Conductor()],
    )
    torch.set_num_threads(args.threads)  # in case a library changed it while loading
    session = Session(
        proto,
        {
            "params": sum(p.numel() for p in trainer.model.parameters()),
            "threads": torch.get_num_threads(),
            "lib_mib": lib_mib,
            "lr": config.learning_rate,
            "optim": getattr(config.optim, "value", str(config.optim)),
            "versions": {
                "trl": trl.__version__,
                "transformers": transformers.__version__,
                "datasets": datasets.__version__,
            },
        },
    )
    with contextlib.suppress(_Quit):
        trainer.train()


# ---- the driver


def start_worker(side: str, args: argparse.Namespace, log_dir: Path) -> WorkerProcess:
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        side,
        "--threads",
        str(args.threads),
        "--max-steps",
        str(args.warmup + args.rounds * args.steps_per_round + 2),
        "--prompts",
        str(args.prompts),
        "--group",
        str(args.group),
        "--d-model",
        str(args.d_model),
        *(f"--set={s}" for s in (args.set if side == "ours" else [])),
    ]
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    )
    env.update(TOKENIZERS_PARALLELISM="false", HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return WorkerProcess(side, command, env, ROOT, log_dir / f"{side}.log")


def check_lengths(side: str, lengths: list[float]) -> None:
    if any(abs(n - NEW_TOKENS) > 1e-6 for n in lengths):
        raise BenchError(
            f"{side}: completions averaged {lengths} tokens, not {NEW_TOKENS}; the two sides "
            "would not be doing equal work"
        )


def check_setup(side: str, info: dict[str, Any], threads: int) -> None:
    """fp32 weights, no activation checkpointing, a reference model, the asked threads."""
    wrong = []
    if info["dtypes"] != ["torch.float32"]:
        wrong.append(f"weights are {info['dtypes']}, not fp32")
    if info["checkpointing"]:
        wrong.append("activation checkpointing is on")
    if not info["reference"]:
        wrong.append("there is no reference model")
    if info["threads"] != threads:
        wrong.append(f"torch runs {info['threads']} threads, not {threads}")
    if wrong:
        raise BenchError(f"{side}: {'; '.join(wrong)}; the two sides would not do equal work")


def run(args: argparse.Namespace) -> dict[str, Any]:
    missing = [
        m
        for m in ("trl", "transformers", "datasets", "accelerate")
        if not importlib.util.find_spec(m)
    ]
    if missing:
        raise BenchError(
            f"{', '.join(missing)} not installed; the comparison needs the bench extra: "
            "pip install -e .[bench]"
        )
    probe_before = flops.matmul_gflops(args.threads)  # before and after the workers, not during
    log_dir = Path(tempfile.mkdtemp(prefix="bench-vs-trl-"))
    workers: dict[str, WorkerProcess] = {}
    done = False
    try:
        for side in SIDES:  # one at a time: setup and warm-up never overlap
            workers[side] = start_worker(side, args, log_dir)
            check_setup(side, workers[side].info, args.threads)
            if args.warmup:
                warm = workers[side].ask(f"run {args.warmup}", "times")
                check_lengths(side, warm["completion_len"])
        times: dict[str, list[float]] = {s: [] for s in SIDES}
        rounds: dict[str, list[float]] = {s: [] for s in SIDES}
        memory: dict[str, float] = {s: 0.0 for s in SIDES}
        process_peak: dict[str, float] = {}
        for r in range(args.rounds):
            for side in SIDES if r % 2 == 0 else SIDES[::-1]:
                reply = workers[side].ask(f"run {args.steps_per_round}", "times")
                check_lengths(side, reply["completion_len"])
                times[side] += reply["times"]
                rounds[side].append(statistics.median(reply["times"]))
                memory[side] = max(memory[side], reply["step_peak_mib"])
                process_peak[side] = reply["process_peak_mib"]
        counted = {s: workers[s].ask("flops", "flops")["flops"] for s in SIDES}
        done = True
    finally:
        for w in workers.values():
            w.close()
        if done:  # the logs are kept when something failed: the error names them
            shutil.rmtree(log_dir, ignore_errors=True)
    return {
        "matmul_gflops": [probe_before, flops.matmul_gflops(args.threads)],
        "info": {s: w.info for s, w in workers.items()},
        "times": times,
        "rounds": rounds,
        "step_peak_mib": memory,
        "process_peak_mib": process_peak,
        "counted_flops": counted,
    }


def busy_warning(probes: list[float], per_round: list[float]) -> list[str]:
    """A line telling the reader not to trust this sitting, when it looks busy."""
    slow = min(probes) < BUSY_FRACTION * FLOOR_GFLOPS
    spread = max(per_round) / min(per_round) > 1 + BUSY_FRACTION
    if not (slow or spread):
        return []
    why = []
    if slow:
        why.append(f"the matmul probe ran at {min(probes):.0f} GFLOP/s")
    if spread:
        why.append("the per-round ratios disagree")
    return [
        f"**Busy machine** ({' and '.join(why)}): other work competed for the cores; "
        "rerun when the machine is quiet before quoting these figures.",
        "",
    ]


def report(args: argparse.Namespace, result: dict[str, Any]) -> str:
    """The markdown table and notes for benchmarks/RESULTS.md."""
    med = {s: statistics.median(result["times"][s]) for s in SIDES}
    ratio = med["trl"] / med["ours"]
    per_round = [t / o for o, t in zip(result["rounds"]["ours"], result["rounds"]["trl"])]
    hand, bare, no_cache = hand_counts(args)
    rate = max(result["matmul_gflops"])  # the floor's rate: this sitting's large matmul
    floor_s = hand["ours"] / (rate * 1e9)
    info, counted = result["info"], result["counted_flops"]

    def row(name: str, cell: Callable[[str], str]) -> str:
        return f"| {name} | " + " | ".join(cell(s) for s in SIDES) + " |"

    lines = [
        "| per GRPO step | " + " | ".join(LABELS[s] for s in SIDES) + " |",
        "|---|" + "---:|" * len(SIDES),
        row("median time (ms)", lambda s: f"**{med[s] * 1e3:.0f}**"),
        row(
            "per-round medians (ms)",
            lambda s: " ".join(f"{t * 1e3:.0f}" for t in result["rounds"][s]),
        ),
        row("steps timed", lambda s: str(len(result["times"][s]))),
        row("parameters", lambda s: f"{info[s]['params'] / 1e6:.2f}M"),
        row("matmul GFLOP, hand count", lambda s: f"{hand[s] / 1e9:.2f}"),
        row(
            "matmul GFLOP, FlopCounterMode / hand count without attention",
            lambda s: f"{counted[s] / 1e9:.2f} / {bare[s] / 1e9:.2f}",
        ),
        row("achieved GFLOP/s (hand count / median)", lambda s: f"{hand[s] / med[s] / 1e9:.1f}"),
        row(
            f"time / floor ({hand['ours'] / 1e9:.2f} GFLOP at {rate:.0f} GFLOP/s = "
            f"{floor_s * 1e3:.0f} ms)",
            lambda s: f"{med[s] / floor_s:.1f}x",
        ),
        row("peak RSS during timed steps (MiB)", lambda s: f"{result['step_peak_mib'][s]:.0f}"),
        row(
            "peak RSS above the imported libraries (MiB)",
            lambda s: f"{result['step_peak_mib'][s] - info[s]['lib_mib']:.0f}",
        ),
        row(
            "peak RSS of the whole process (MiB)", lambda s: f"{result['process_peak_mib'][s]:.0f}"
        ),
        "",
        f"**TRL / ours: {ratio:.2f}x** (ratio of the median step times; per-round ratios "
        f"{min(per_round):.2f}-{max(per_round):.2f}x, median "
        f"{statistics.median(per_round):.2f}x)",
        "",
        *busy_warning(result["matmul_gflops"], per_round),
        f"- Equal work: {args.prompts} prompts x {args.group} completions x exactly "
        f"{NEW_TOKENS} new tokens, d_model {args.d_model} (d_ff {d_ff_of(args.d_model)}), "
        f"reference model and beta {BETA}, fp32, torch threads {info['ours']['threads']} "
        f"(ours) and {info['trl']['threads']} (TRL), AdamW lr {info['ours']['lr']:g} "
        f"(TRL's optim: {info['trl']['optim']}). Ours: Micro-GPT's generate wrapped to pass "
        f"eos_id=None. TRL: generation_kwargs min_new_tokens={NEW_TOKENS} (EOS masked), bf16, "
        "gradient checkpointing and dropout off. Every timed step's mean completion length "
        f"was checked to be {NEW_TOKENS}.",
        "- FLOPs: benchmarks/flops.py, 2 per multiply-add, matmuls only, dense attention, "
        f"6 prompt tokens; without a KV cache the step would be {no_cache / 1e9:.2f} GFLOP. "
        "FlopCounterMode (torch 2.13) counts one real step of each side but not the CPU "
        "flash-attention kernel; it agrees with the hand count without attention.",
        "- Large fp32 matmul (2048^3) in this sitting, before / after: "
        + " / ".join(f"{g:.0f}" for g in result["matmul_gflops"])
        + f" GFLOP/s on {args.threads} threads (the floor uses the faster); load average "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
        + " at the end.",
        "- Peak RSS: each side in its own process; 'during timed steps' restarts the peak "
        "(/proc/self/clear_refs) before each round; 'above the imported libraries' subtracts "
        "the RSS once torch, studio and (TRL) trl, transformers and datasets are imported; "
        "modules they import lazily later still count.",
        f"- Python {platform.python_version()}, torch {_torch_version()}, "
        + ", ".join(f"{k} {v}" for k, v in info["trl"]["versions"].items())
        + f"; {os.cpu_count()} CPUs.",
        "",
        "Command: `" + shlex.join(["python", "benchmarks/bench_vs_trl.py", *sys.argv[1:]]) + "`",
    ]
    return "\n".join(lines)


def hand_counts(args: argparse.Namespace) -> tuple[dict[str, int], dict[str, int], int]:
    """Each side's matmul FLOPs by hand (flops.py), with attention and without, and ours
    without a KV cache. Micro-GPT runs each prompt once per group, HF generate once per
    (repeated) row."""
    shape = flops.DecoderShape(
        n_layers=flops.PRESET.n_layers,
        d_model=args.d_model,
        d_ff=d_ff_of(args.d_model),
        vocab=flops.PRESET.vocab,
    )
    sizes = (shape, args.prompts, args.group, PROMPT_TOKENS, NEW_TOKENS)
    once = {"ours": True, "trl": False}
    hand = {s: flops.grpo_step_flops(*sizes, prefix_per_prompt=once[s])["total"] for s in SIDES}
    bare = {
        s: flops.grpo_step_flops(*sizes, prefix_per_prompt=once[s], attention=False)["total"]
        for s in SIDES
    }
    return hand, bare, flops.grpo_step_flops(*sizes, cache=False)["total"]


SWEEP_HEAD = (
    "| completions (prompts x 8) | d_model | ours ms | TRL ms | TRL / ours | GFLOP ours / TRL "
    "| ours / own floor | TRL / own floor | large matmul GFLOP/s |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def sweep_row(args: argparse.Namespace, result: dict[str, Any]) -> str:
    """One shape's line of the scaling table: medians, each side against its own floor."""
    med = {s: statistics.median(result["times"][s]) for s in SIDES}
    hand, _, _ = hand_counts(args)
    rate = max(result["matmul_gflops"]) * 1e9
    own = {s: med[s] / (hand[s] / rate) for s in SIDES}
    return (
        f"| {args.prompts * args.group} ({args.prompts} x {args.group}) | {args.d_model} | "
        f"{med['ours'] * 1e3:.0f} | {med['trl'] * 1e3:.0f} | **{med['trl'] / med['ours']:.2f}x** | "
        f"{hand['ours'] / 1e9:.1f} / {hand['trl'] / 1e9:.1f} | {own['ours']:.2f}x | "
        f"{own['trl']:.2f}x | {rate / 1e9:.0f} |"
    )


def sweep(args: argparse.Namespace) -> str:
    """The scaling tables: completions at the preset's width, then widths at 32 completions."""
    shapes = [(n // args.group, args.d_model) for n in args.sweep_completions]
    shapes += [(args.prompts, d) for d in args.sweep_widths if d != args.d_model]
    lines = [SWEEP_HEAD]
    for prompts, d_model in shapes:
        shape_args = argparse.Namespace(**{**vars(args), "prompts": prompts, "d_model": d_model})
        lines.append(sweep_row(shape_args, run(shape_args)))
        print(lines[-1], file=sys.stderr, flush=True)  # progress: each shape as it ends
    lines += [
        "",
        f"- Each row one sitting of its own (both sides alternating, {args.rounds} rounds of "
        f"{args.steps_per_round} steps after {args.warmup} warm-up); 6 layers, 8 heads, d_ff = "
        f"{FF_RATIO} x d_model, {NEW_TOKENS} new tokens, beta {BETA}, fp32, {args.threads} "
        "threads; a side's own floor is its hand-counted matmul FLOPs at that row's large "
        "matmul rate. Load average at the end: "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
        + ".",
        "",
        "Command: `" + shlex.join(["python", "benchmarks/bench_vs_trl.py", *sys.argv[1:]]) + "`",
    ]
    return "\n".join(lines)


def _torch_version() -> str:
    import torch

    return torch.__version__


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternations of the two sides")
    parser.add_argument("--steps-per-round", type=int, default=10, help="timed steps per turn")
    parser.add_argument("--warmup", type=int, default=3, help="untimed steps of each side first")
    parser.add_argument("--threads", type=int, default=2, help="torch threads on both sides")
    parser.add_argument("--quick", action="store_true", help="2 rounds of 3 steps, 1 warm-up")
    parser.add_argument("--json", type=Path, help="also write the raw timings here")
    parser.add_argument("--prompts", type=int, default=4, help="prompts per step")
    parser.add_argument("--group", type=int, default=8, help="completions per prompt")
    parser.add_argument("--d-model", type=int, default=256, help="width (d_ff follows it)")
    parser.add_argument(
        "--set", action="append", default=[], help="a config override for our side only"
    )
    parser.add_argument(
        "--sweep", action="store_true", help="the scaling tables instead of one comparison"
    )
    parser.add_argument("--sweep-completions", type=int, nargs="+", default=[32, 64, 128, 256])
    parser.add_argument("--sweep-widths", type=int, nargs="+", default=[128, 256, 512])
    parser.add_argument("--worker", choices=SIDES, help=argparse.SUPPRESS)
    parser.add_argument("--max-steps", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        (ours_worker if args.worker == "ours" else trl_worker)(args, claim_stdout())
        return
    if args.quick:
        args.rounds, args.steps_per_round, args.warmup = 2, 3, 1
    if min(args.rounds, args.steps_per_round, args.threads) < 1 or args.warmup < 0:
        parser.error("--rounds, --steps-per-round and --threads must be at least 1, --warmup 0+")
    try:
        if args.sweep:
            print(sweep(args))
            return
        result = run(args)
    except BenchError as err:
        sys.exit(f"bench_vs_trl: {err}")
    if args.json:
        args.json.write_text(json.dumps(result, indent=1))
    print(report(args, result))


if __name__ == "__main__":
    main()
