"""Fitting a run into a memory budget: parsing, 'free', the order of the levers, the
least change that fits, the refusal, the measured activations and the trainer's hook."""

import copy
import subprocess
import sys
from collections import namedtuple

import pytest
import torch
import yaml

from studio.core.catalogue import load_config
from studio.core.config.budgets import GIB, parse_budget
from studio.core.config.fields import ConfigError
from studio.core.config.fit import get_path
from studio.core.machine.hardware import (
    BACKWARD_FACTOR,
    ActivationSizes,
    GpuUnavailable,
    MemoryEstimate,
    checkpointed_share,
    kv_cache_bytes,
    memory_estimate,
)
from studio.core.machine.memory_budget import Budget, fit_budget, levers, resolve_budget
from studio.core.runs.folder import CONFIG_FILE
from studio.core.runs.metrics_file import read_metrics
from studio.core.tasks import build_task
from studio.core.training.loop.trainer import Trainer
from studio.core.training.probes import memory_probe
from studio.core.training.probes.memory_probe import MeasuredEstimate, measure_activations
from tests.helpers import ROOT

MIB = 1024**2

CPU = torch.device("cpu")


# ---- the setting


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", None),
        ("  ", None),
        ("4GB", 4 * GIB),
        ("6 GB", 6 * GIB),
        ("8gb", 8 * GIB),
        ("8 GiB", 8 * GIB),
        ("512MB", 512 * MIB),
        ("4", 4 * GIB),  # a plain number is GB (YAML `memory_budget: 4`)
        ("1.5", int(1.5 * GIB)),
        ("free", "free"),
        ("FREE", "free"),
        ("空闲", "free"),  # as the Chinese window's help writes it
    ],
)
def test_budgets_parse(text, expected):
    assert parse_budget(text) == expected


@pytest.mark.parametrize("text", ["lots", "-1", "4 TB", "0", "0 MB", "GB", "4GB8"])
def test_a_bad_budget_names_the_setting_and_the_forms_it_takes(text):
    with pytest.raises(ConfigError) as err:
        parse_budget(text)
    message = str(err.value)
    assert message.startswith("training.memory_budget: ")
    assert f'"{text}"' in message and "4GB" in message and "free" in message


def test_a_bad_budget_is_refused_when_the_preset_loads():
    with pytest.raises(ConfigError, match=r'training.memory_budget: "lots" is not a memory'):
        load_config("micro_gpt", ["training.memory_budget=lots"])
    assert load_config("micro_gpt", ["training.memory_budget=4"]).training.memory_budget == "4"


class FakeGpu:
    """NVML as the budget asks it: one 8 GiB GPU with 2 GiB in use."""

    def __init__(self, fail: bool = False) -> None:
        self.fail, self.shutdowns = fail, 0

    def init(self) -> None:
        if self.fail:
            raise GpuUnavailable("NVML: Driver Not Loaded")

    def device_count(self) -> int:
        return 1

    def device_name(self, index: int) -> str:
        return "Fake GPU"

    def memory(self, index: int) -> tuple[int, int]:
        return 2 * GIB, 8 * GIB

    def process_memory(self, index: int, pid: int) -> int | None:
        return None

    def shutdown(self) -> None:
        self.shutdowns += 1


def test_free_on_a_gpu_is_what_nvml_says_is_free(monkeypatch):
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    gpu = FakeGpu()
    budget = resolve_budget("free", "cuda", backend=gpu)
    assert budget == Budget(6 * GIB, "6.0 GB free on Fake GPU (GPU 0)")
    assert gpu.shutdowns == 1  # NVML is left as it was found
    assert resolve_budget("6GB", "cuda", backend=gpu).bytes == 6 * GIB  # a size: no NVML
    assert resolve_budget("", "cuda", backend=gpu) is None


def test_free_without_nvml_says_so_and_what_to_write_instead():
    with pytest.raises(ConfigError) as err:
        resolve_budget("free", "cuda", backend=FakeGpu(fail=True))
    assert "Driver Not Loaded" in str(err.value) and "6GB" in str(err.value)


def test_free_on_the_cpu_is_the_ram_available_plus_what_the_process_holds(monkeypatch):
    memory = namedtuple("memory", "available total")
    monkeypatch.setattr(
        "studio.core.machine.memory_budget.psutil.virtual_memory",
        lambda: memory(3 * GIB, 16 * GIB),
    )
    budget = resolve_budget("free", "cpu", held_bytes=GIB)
    assert budget.bytes == 4 * GIB and "RAM available" in budget.source


# ---- fitting, against an estimate whose every lever has a known effect


def fake_estimate(cfg) -> MemoryEstimate:
    """100 B of weights plus 1000 B a GRPO sequence of a micro-batch, a quarter of that
    with bf16, and up to a half less by checkpointing (by the share of blocks recomputed)."""
    seqs = cfg.stages.grpo.batch_size * cfg.grpo.num_generations
    act = 1000 * seqs * (0.25 if cfg.training.amp != "off" else 1.0)
    act *= 1 - 0.5 * checkpointed_share(cfg.model.shape())
    parts = dict(weights=100, gradients=0, adamw=0, reference=0, kv_cache=0, runtime=0)
    return MemoryEstimate({"grpo": {**parts, "activations": int(act)}})


@pytest.fixture(scope="module")
def preset():
    # warm-up batch 64, GRPO batch 16, G 8, 6 blocks, no checkpointing, amp off
    return load_config("micro_gpt")


def fit(cfg, budget_bytes):
    return fit_budget(cfg, Budget(budget_bytes, f"{budget_bytes} B"), fake_estimate, "bf16")


def effective(cfg, settings, stage):
    def value(path):
        return settings.get(path, get_path(cfg, path))

    return value(f"stages.{stage}.batch_size") * value("training.grad_accum")


def eased(cfg, settings, path):
    """`settings` with `path` one option less changed (or as it was)."""
    for lever in levers(cfg, "bf16"):
        values = [o[path] for o in lever.options if path in o]
        if values:
            i = values.index(settings[path])
            trial = {k: v for k, v in settings.items() if k not in lever.options[0]}
            if i > 0:
                trial.update(next(o for o in lever.options if o.get(path) == values[i - 1]))
            return trial
    raise AssertionError(path)


def fits_with(cfg, settings, budget_bytes):
    trial = copy.deepcopy(cfg)
    for path, value in settings.items():
        setattr(get_path(trial, path.rsplit(".", 1)[0]), path.rsplit(".", 1)[1], value)
    return fake_estimate(trial).total <= budget_bytes


def test_a_budget_that_fits_changes_nothing(preset):
    found = fit(preset, 10**9)
    assert found.settings == {} and not found.changed
    assert "fits; nothing changed" in found.text()


def test_micro_batches_come_first_the_largest_that_fits_and_the_same_batch(preset):
    found = fit(preset, 40_000)  # 16 x 8 x 1000 = 128,000: a quarter fits, a half does not
    assert found.settings == {
        "stages.warmup.batch_size": 16,
        "stages.grpo.batch_size": 4,
        "training.grad_accum": 4,
    }
    for stage in ("warmup", "grpo"):
        assert effective(preset, found.settings, stage) == effective(preset, {}, stage)
    assert found.after.total <= 40_000 < found.before.total
    assert preset.stages.grpo.batch_size == 16  # the config given is left as it is
    assert "stages.grpo.batch_size 16 -> 4" in found.text()
    assert "the same examples per optimizer step" in found.text()


def test_checkpointing_comes_when_micro_batches_of_one_are_not_enough(preset):
    # micro-batches of one prompt: 8,000 B; recomputing 3 of the 6 blocks: 6,000 B
    found = fit(preset, 6_100)
    assert found.settings["training.grad_accum"] == 16
    assert found.settings["model.gradient_checkpointing"] == 2  # blocks 0, 2, 4
    assert "training.amp" not in found.settings and "grpo.num_generations" not in found.settings
    # the least change: one option less of either lever does not fit
    for path in ("model.gradient_checkpointing", "training.grad_accum"):
        assert not fits_with(preset, eased(preset, found.settings, path), 6_100)


def test_earlier_levers_are_eased_back_once_a_later_one_fits(preset):
    # one prompt a micro-batch with every block recomputed: 4,100 B; bf16 is needed, and
    # with it checkpointing is not: 8 x 1000 x 0.25 = 2,000 B
    found = fit(preset, 3_100)
    assert found.settings["training.amp"] == "bf16"
    assert "model.gradient_checkpointing" not in found.settings  # pulled, then eased back
    assert found.settings["training.grad_accum"] == 16  # two prompts would be 4,100 B
    assert "grpo.num_generations" not in found.settings
    assert "checkpointing" not in found.text()


def test_g_is_lowered_last_the_largest_that_fits_and_said_to_change_the_algorithm(preset):
    found = fit(preset, 600)  # one prompt, bf16, every block: 125 B a sample
    assert found.settings["grpo.num_generations"] == 4  # 5 would be 725 B
    assert found.settings["training.amp"] == "bf16"
    assert found.settings["model.gradient_checkpointing"] == 1
    text = found.text()
    assert "grpo.num_generations 8 -> 4" in text and "changes the algorithm" in text
    # said in the order pulled: micro-batches, checkpointing, mixed precision, G
    order = [
        text.index(s) for s in ("grad_accum", "gradient_checkpointing", "training.amp", "num_gen")
    ]
    assert order == sorted(order)


def test_a_budget_nothing_fits_is_refused_with_the_reason_and_the_fix(preset):
    with pytest.raises(ConfigError) as err:
        fit(preset, 300)  # the least reached: 100 B of weights + 2 samples x 125 B
    message = str(err.value)
    assert message.startswith("training.memory_budget: 300 B is less than the smallest")
    assert "350 B" in message and "activations takes 250 B" in message
    assert "grpo.num_generations 2" in message
    assert "raise the budget" in message and "data.max_length" in message


def test_levers_follow_the_config(preset):
    cfg = copy.deepcopy(preset)
    cfg.stages.warmup.steps = 0  # GRPO alone: its batch of 16 splits 2, 4, 8 or 16 ways
    cfg.training.amp = "bf16"  # mixed precision already: no such lever
    names = [lever.name for lever in levers(cfg, "bf16")]
    assert names == ["micro-batches", "checkpointing", "G"]
    assert [o["training.grad_accum"] for o in levers(cfg, "bf16")[0].options] == [2, 4, 8, 16]
    cfg.stages.grpo.batch_size = 7  # prime: only micro-batches of one prompt, 7 of them
    assert [o["training.grad_accum"] for o in levers(cfg, "bf16")[0].options] == [7]
    cfg.stages.grpo.batch_size = 1  # nothing to split
    assert [lever.name for lever in levers(cfg, "bf16")] == ["checkpointing", "G"]
    cfg.model.gradient_checkpointing = 1  # every block recomputed already
    assert [lever.name for lever in levers(cfg, "bf16")] == ["G"]


# ---- the estimate's parts


def test_the_kv_cache_term_by_hand(preset):
    cfg = copy.deepcopy(preset)  # 6 layers of width 256
    assert kv_cache_bytes(cfg, seqs=10, seq_len=20) == 2 * 6 * 10 * 20 * 256 * 4
    cfg.training.amp = "bf16"
    assert kv_cache_bytes(cfg, seqs=10, seq_len=20) == 2 * 6 * 10 * 20 * 256 * 2
    grid = load_config("lite_resnet")
    assert kv_cache_bytes(grid, seqs=10, seq_len=20) == 0  # no attention, no cache


def test_the_estimate_with_measured_activations_by_hand(preset):
    # warm-up batch 64; GRPO 16 prompts x G 8; beta 0.04: a reference model
    sizes = ActivationSizes(warmup_per_example=1000, grpo_per_sequence=500, warmup_fixed=100)
    estimate = memory_estimate(preset, 1000, sizes, runtime_bytes=7)
    warm, grpo = estimate.stages["warmup"], estimate.stages["grpo"]
    assert warm["activations"] == int(BACKWARD_FACTOR * (100 + 1000 * 64))
    assert grpo["activations"] == int(BACKWARD_FACTOR * 500 * 16 * 8)
    assert warm["reference"] == 0 and grpo["reference"] == 4000
    assert grpo["kv_cache"] == kv_cache_bytes(preset, 16 * 8, 64 + 4)  # at the longest
    static = 4000 + 4000 + 8000 + 7
    assert estimate.stage_total(warm) == static + warm["activations"]
    # sampling and the update take turns: the larger of the two, not their sum
    assert estimate.stage_total(grpo) == static + 4000 + max(grpo["activations"], grpo["kv_cache"])
    assert estimate.total == max(estimate.stage_total(warm), estimate.stage_total(grpo))
    # tiny activations: AdamW's step, a temporary the size of the weights, sets the peak
    small = memory_estimate(preset, 1000, ActivationSizes(0.01, 0.0), runtime_bytes=0)
    assert small.stage_total(small.stages["warmup"]) == 4000 + 4000 + 8000 + 4000


TINY_GPT = [
    "training.device=cpu",
    "model.n_layers=4",
    "model.d_model=64",
    "model.n_heads=4",
    "model.d_ff=128",
]


def test_measured_activations_see_bf16_weight_copies_and_checkpointing():
    torch.set_num_threads(1)
    cfg = load_config("micro_gpt", TINY_GPT)
    task = build_task(cfg)
    model = task.build_model(cfg.model)
    params = sum(p.numel() for p in model.parameters())
    full = measure_activations(task, model, cfg, "off")
    assert full.warmup_per_example > 0 and full.grpo_per_sequence > 0
    assert full.warmup_fixed < 0.05 * params  # fp32: nothing saved whatever the batch
    half = measure_activations(task, model, cfg, "bf16")
    # autocast keeps a 16-bit copy of each weight matrix it multiplies with, once a pass
    assert 1.0 * params < half.warmup_fixed < 2.2 * params
    assert half.warmup_per_example < 0.75 * full.warmup_per_example
    cfg.model.gradient_checkpointing = 1
    recomputed = measure_activations(task, task.build_model(cfg.model), cfg, "off")
    assert recomputed.warmup_per_example < 0.3 * full.warmup_per_example
    assert model.training  # the mode the model was in (a new model trains)


def test_the_measured_estimate_draws_nothing_from_the_run_s_random_stream():
    cfg = load_config("micro_gpt", TINY_GPT)
    torch.manual_seed(5)
    expected = torch.rand(3)
    torch.manual_seed(5)
    MeasuredEstimate(build_task(cfg), CPU)(cfg)
    assert torch.equal(torch.rand(3), expected)


# ---- the trainer's hook


def tiny_run(budget: str, extra=()):
    return load_config(
        "micro_gpt",
        [
            *TINY_GPT,
            "training.threads=1",
            "eval.every=0",
            "eval.size=4",
            "run.checkpoint_every=0",
            "stages.warmup.steps=1",
            "stages.warmup.batch_size=64",
            "stages.grpo.steps=1",
            "stages.grpo.batch_size=8",
            "grpo.num_generations=4",
            f"training.memory_budget={budget}",
            *extra,
        ],
    )


@pytest.fixture
def no_runtime(monkeypatch):
    """The process's own memory left out, so that a budget means the same in any test."""
    monkeypatch.setattr(memory_probe, "runtime_bytes", lambda device: 0)


def test_the_trainer_fits_the_budget_runs_it_and_keeps_it_in_the_run_folder(tmp_path, no_runtime):
    probe_cfg = tiny_run("")
    before = MeasuredEstimate(build_task(probe_cfg), CPU)(probe_cfg)
    act = before.parts["activations"]
    budget = f"{(before.total - act // 3) / MIB:.3f}MB"  # a third less activations
    trainer = Trainer(tiny_run(budget), save_dir=tmp_path)
    fit = trainer.memory_fit
    assert fit is not None and fit.changed
    assert trainer.cfg.training.grad_accum == 2  # half the micro-batch: the largest that fits
    assert trainer.cfg.stages.warmup.batch_size == 32 and trainer.cfg.stages.grpo.batch_size == 4
    trainer.run(max_steps=1)  # the warm-up's step; GRPO is left for the resumed run
    saved = yaml.safe_load((trainer.run_dir / CONFIG_FILE).read_text())
    assert saved["training"]["grad_accum"] == 2 and saved["stages"]["grpo"]["batch_size"] == 4
    logs = [r["message"] for r in read_metrics(trainer.run_dir) if r["kind"] == "log"]
    assert fit.text() in logs
    # a resumed run keeps the settings it was fitted with
    resumed = Trainer(trainer.cfg, resume_from=trainer.run_dir)
    assert resumed.memory_fit is None
    assert resumed.cfg.stages.grpo.batch_size == 4


def test_checkpointing_fitted_by_the_trainer_reaches_the_model(tmp_path, no_runtime):
    # the warm-up alone, one example a micro-batch: only recomputing blocks saves more
    # (Micro-GPT's GRPO pass reuses the prompt's KV cache, which checkpointing skips)
    # (narrow and deep: a micro-batch's activations outweigh AdamW's step, the weights' size)
    alone = ["stages.grpo.steps=0", "stages.warmup.batch_size=1", "model.n_layers=8"]
    alone += ["model.d_model=16", "model.n_heads=2", "model.d_ff=32"]
    probe_cfg = tiny_run("", alone)
    estimate = MeasuredEstimate(build_task(probe_cfg), CPU)
    before = estimate(probe_cfg).total
    probe_cfg.model.gradient_checkpointing = 1
    least = estimate(probe_cfg).total
    assert least < before
    trainer = Trainer(tiny_run(f"{(before + least) / 2 / MIB:.4f}MB", alone), save_dir=tmp_path)
    assert set(trainer.memory_fit.settings) == {"model.gradient_checkpointing"}
    assert trainer.model.cfg.gradient_checkpointing == trainer.cfg.model.gradient_checkpointing


def test_the_trainer_refuses_a_budget_nothing_fits_before_making_a_folder(tmp_path):
    with pytest.raises(ConfigError, match=r"training.memory_budget: 1.0 MB .* is less than"):
        Trainer(tiny_run("1MB"), save_dir=tmp_path)
    assert list(tmp_path.iterdir()) == []


# Micro-batches of other lengths, one after the other, each a pass without gradients (as
# the reference's) and one with its backward, with tensors of 8-10 MB: the size glibc
# serves from its heap once a larger block was freed.
MICRO_BATCHES = """
import re, sys
from pathlib import Path
import torch
torch.set_num_threads(1)
from studio.core.training.probes import memory_probe
def rss():
    return int(re.search(r"VmRSS:\\s+(\\d+) kB", Path("/proc/self/status").read_text())[1]) * 1024
if sys.argv[1] == "as the trainer does":
    assert memory_probe.hand_back_freed_tensors()
layers = [torch.nn.Linear(256, 256) for _ in range(12)]
def forward(x):
    for layer in layers:
        x = torch.tanh(layer(x))
    return x
big = torch.ones(40 * 2**20, dtype=torch.uint8)
del big
start = rss()
for length in (32, 37, 29, 41):
    with torch.no_grad():
        forward(torch.randn(256, length, 256))
    forward(torch.randn(256, length, 256)).square().mean().backward()
    print((rss() - start) / 2**20)
"""


def micro_batches_leave(how: str) -> list[float]:
    """MiB the process holds above its start after each of four micro-batches."""
    env = {"PATH": "/usr/bin:/bin", "OMP_NUM_THREADS": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", MICRO_BATCHES, how],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-800:]
    return [float(line) for line in done.stdout.split()]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's heap, /proc")
def test_a_micro_batch_leaves_no_tensors_behind_for_the_next_to_stack_on():
    # The estimate counts one micro-batch's activations: Tiny-Transformer at G 32 peaked
    # over its fitted budget as each micro-batch's freed tensors stayed in the heap.
    left = micro_batches_leave("as the trainer does")
    assert len(left) == 4 and max(left) < 64
    assert max(micro_batches_leave("glibc's default")) > 200  # what the trainer avoids


def test_a_cpu_trainer_with_a_budget_has_freed_tensors_handed_back(tmp_path, monkeypatch):
    from studio.core.training.loop import trainer

    calls = []
    monkeypatch.setattr(trainer, "hand_back_freed_tensors", lambda: calls.append(1))
    Trainer(load_config("micro_gpt", TINY_GPT), save_dir=tmp_path / "none")
    assert calls == []  # no budget: glibc's faster default
    Trainer(tiny_run("8GB"), save_dir=tmp_path / "budget")
    assert calls == [1]


# ---- what the user set


def test_a_budget_keeps_the_users_precision_and_g_and_says_whose_batch_it_split():
    mine = load_config("micro_gpt", ["training.amp=off", "stages.grpo.batch_size=16"])
    found = fit(mine, 3_100)  # bf16 would fit (test above); the user's off is kept: G goes
    assert "training.amp" not in found.settings and found.settings["grpo.num_generations"] == 6
    text = found.text()
    assert "  training.amp: kept at off, you set it; the budget would try bf16" in text
    assert "; you set stages.grpo.batch_size to 16" in text  # split, the same examples a step
    assert "you set" not in fit(mine, 10**9).text()  # a budget that fits says nothing of it
    theirs = load_config("micro_gpt", ["training.amp=off", "grpo.num_generations=8"])
    with pytest.raises(ConfigError) as err:
        fit(theirs, 3_100)  # micro-batches of one and every block recomputed: 4,100 B
    message = str(err.value)
    assert "; it keeps training.amp as you set it; it keeps grpo.num_generations" in message
    assert message.startswith("training.memory_budget: 3100 B is less than")
