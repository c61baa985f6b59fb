"""Data-parallel GRPO: split-invariant sampling, whole-batch loss scaling, clear errors, and
a real 2-process gloo run under torchrun that ends with the weights of a 1-process run."""

import dataclasses
import random
import subprocess
import sys

import pytest
import torch

from studio.core.catalogue import load_config
from studio.core.grpo import LOSS_TYPES, grpo_loss
from studio.core.machine.distributed import SINGLE, Dist, DistributedError, count_scale, loss_scale
from studio.core.models.sampling import (
    SamplingError,
    draw,
    inverse_cdf,
    mix_seed,
    shared_noise,
)
from studio.core.tasks import build_task
from studio.core.tasks.base import Example, Task
from studio.core.training.loop.trainer import Trainer
from studio.core.training.steps.warmup_step import supervised_scales
from tests.helpers import (
    DDP_EQUAL,
    DDP_TINY,
    assert_same_step_metrics,
    assert_same_weights,
    set_args,
    weights,
)

# ---- sampling


def test_a_row_draws_the_same_token_whether_the_batch_is_whole_or_split():
    torch.manual_seed(0)
    probs = torch.rand(8, 5)  # 8 global rows; unnormalised on purpose
    steps = 3
    with shared_noise(7, offset=0, local_rows=8, total_rows=8):
        whole = torch.stack([draw(probs) for _ in range(steps)])  # (steps, 8)
    halves = []
    for rank in range(2):
        with shared_noise(7, offset=4 * rank, local_rows=4, total_rows=8):
            halves.append(torch.stack([draw(probs[4 * rank : 4 * rank + 4]) for _ in range(steps)]))
    assert torch.equal(whole, torch.cat(halves, dim=1))
    assert len({tuple(r.tolist()) for r in whole}) > 1  # each step draws fresh noise


def test_naming_the_live_rows_keeps_their_draws():
    probs = torch.rand(6, 4, generator=torch.Generator().manual_seed(1))
    with shared_noise(3, offset=0, local_rows=6, total_rows=6):
        every = draw(probs)
    live = torch.tensor([1, 4, 5])
    with shared_noise(3, offset=0, local_rows=6, total_rows=6):
        some = draw(probs[live], rows=live)
    assert torch.equal(some, every[live])


def test_inverse_cdf_samples_the_categorical_distribution():
    n = 20_000
    probs = torch.tensor([[0.1, 0.0, 0.6, 0.3]]).expand(n, 4)
    u = torch.rand(n, generator=torch.Generator().manual_seed(0), dtype=torch.float64)
    counts = torch.bincount(inverse_cdf(probs, u), minlength=4).double() / n
    assert counts[1] == 0  # a choice without mass is never drawn
    torch.testing.assert_close(counts, probs[0].double(), atol=0.01, rtol=0)


def test_inverse_cdf_edges_pick_the_first_and_last_choice_with_mass():
    probs = torch.tensor([[0.0, 0.5, 0.5, 0.0], [0.0, 0.5, 0.5, 0.0]])
    u = torch.tensor([0.0, 1.0 - 1e-17], dtype=torch.float64)  # rounds to 1 * total
    assert inverse_cdf(probs, u).tolist() == [1, 2]


def test_outside_a_scope_draw_uses_torch_default_generator():
    probs = torch.tensor([[0.2, 0.3, 0.5]] * 16)
    torch.manual_seed(5)
    a = draw(probs)
    torch.manual_seed(5)
    assert torch.equal(a, inverse_cdf(probs, torch.rand(16, dtype=torch.float64)))
    assert not torch.equal(draw(probs), draw(probs))  # it moves the generator on


def test_more_rows_than_the_share_holds_is_a_clear_error():
    with (
        shared_noise(0, offset=0, local_rows=4, total_rows=8),
        pytest.raises(SamplingError, match="holds 4 rows"),
    ):
        draw(torch.ones(6, 3))


def test_mixed_seeds_are_stable_and_distinct():
    assert mix_seed(0, 1) == mix_seed(0, 1)
    assert len({mix_seed(0, 1), mix_seed(0, 2), mix_seed(1, 1), mix_seed(-1, 1)}) == 4
    assert 0 <= mix_seed(2**70, -5) < 2**63


# ---- the loss over a split batch


def _rank_slice(t, rank, rows, steps):
    return t[rank * rows : (rank + 1) * rows, :steps]


@pytest.mark.parametrize("loss_type", list(LOSS_TYPES))  # every declared loss type
def test_scaled_rank_losses_average_to_the_whole_batch_loss_and_gradient(loss_type):
    g = torch.Generator().manual_seed(0)
    N, T = 8, 5
    lengths = torch.tensor([1, 3, 2, 1, 5, 4, 2, 3])  # rank 0's rows end by step 3
    mask = (torch.arange(T)[None, :] < lengths[:, None]).float()  # (N, T)
    logits = torch.randn(N, T, generator=g, requires_grad=True)
    old = torch.randn(N, T, generator=g) * 0.1
    ref = torch.randn(N, T, generator=g) * 0.1
    adv = torch.randn(N, generator=g)
    kw = dict(beta=0.04, epsilon_low=0.2, epsilon_high=0.2, loss_type=loss_type)

    whole, _ = grpo_loss(logits * 0.1, old, ref, adv, mask, **kw)
    (want,) = torch.autograd.grad(whole, logits)

    # each rank's rollout is only as long as its own longest row
    shares = [(0, 3), (1, 5)]
    sizes = torch.tensor([[4, t, float(mask[r * 4 : r * 4 + 4].sum())] for r, t in shares])
    total = 0.0
    for rank, steps in shares:
        loss, _ = grpo_loss(
            _rank_slice(logits, rank, 4, steps) * 0.1,
            _rank_slice(old, rank, 4, steps),
            _rank_slice(ref, rank, 4, steps),
            adv[rank * 4 : rank * 4 + 4],
            _rank_slice(mask, rank, 4, steps),
            **kw,
        )
        total = total + loss * loss_scale(loss_type, sizes, rank) / 2  # DDP's mean
    (got,) = torch.autograd.grad(total, logits)
    torch.testing.assert_close(total, whole)
    torch.testing.assert_close(got, want)


def test_loss_scale_by_hand():
    sizes = torch.tensor([[4, 3, 3.0], [4, 5, 1.0]])  # rows, steps, tokens
    assert loss_scale("dapo", sizes, 0) == pytest.approx(2 * 3 / 4)
    assert loss_scale("dapo", sizes, 1) == pytest.approx(2 * 1 / 4)
    assert loss_scale("dr_grpo", sizes, 0) == pytest.approx(2 * 12 / 40)
    assert loss_scale("grpo", sizes, 1) == 1.0
    assert count_scale(torch.tensor([6.0, 2.0]), 0) == pytest.approx(1.5)


# ---- the warm-up over a split batch

TINY_GRID = [
    "model.channels=4",
    "model.stem_stride=2",
    "task.size=4",
    "task.min_size=3",
    "task.levels=2",
    "task.max_steps=8",
    "task.pixels_per_cell=2",
]


@pytest.mark.parametrize("preset", ["micro_gpt", "lite_resnet"])
def test_counted_rank_means_weigh_up_to_the_whole_batch_warmup_loss(preset):
    """supervised_count is the number of terms supervised_loss averages over: scaled by
    their counts, two shares' mean losses average to the whole batch's mean loss."""
    cfg = load_config(preset, DDP_TINY if preset == "micro_gpt" else TINY_GRID)
    task = build_task(cfg)
    torch.manual_seed(0)
    model = task.build_model(cfg.model).eval()
    batch = task.sample(8, random.Random(1), task.num_levels - 1)
    shares = [batch[:4], batch[4:]]
    counts = torch.tensor([float(task.supervised_count(s)) for s in shares])
    assert counts[0] != counts[1]  # otherwise the plain average is already exact
    with torch.no_grad():
        whole = task.supervised_loss(model, batch)
        ranks = [
            task.supervised_loss(model, s) * count_scale(counts, r) for r, s in enumerate(shares)
        ]
        plain = sum(task.supervised_loss(model, s) for s in shares) / 2
    torch.testing.assert_close(sum(ranks) / 2, whole)  # DDP's mean of the scaled losses
    assert not torch.allclose(plain, whole, rtol=1e-5, atol=0)  # what the count corrects


@dataclasses.dataclass(frozen=True)
class PeerRank(Dist):
    """Rank `rank` of 2 without a process group: gather pairs this rank's tensor with the
    other rank's, given up front."""

    other: tuple[float, ...] = ()

    def gather(self, t: torch.Tensor) -> torch.Tensor:
        other = torch.tensor(self.other, dtype=t.dtype)
        return torch.stack([t, other] if self.rank == 0 else [other, t])


def test_supervised_scales_weigh_each_micro_batch_by_its_share_of_the_tokens():
    task = build_task(load_config("micro_gpt", DDP_TINY))
    answers = [Example("1+2=", "3"), Example("50+50=", "100")]  # 2 and 4 tokens (EOS)
    assert task.supervised_count(answers[:1]) == 2 and task.supervised_count(answers) == 6
    # micro-batch 0: this rank 2 tokens, the other 6; micro-batch 1: 6 and 2
    here = PeerRank(rank=1, world_size=2, other=(6.0, 2.0))
    assert supervised_scales(task, [answers[:1], answers], here) == [0.5, 1.5]
    assert supervised_scales(task, [answers[:1], answers], SINGLE) == [1.0, 1.0]


def test_a_task_that_does_not_count_its_terms_gets_the_plain_average():
    class Uncounted:  # Task's default: supervised_count returns None
        supervised_count = Task.supervised_count

    here = PeerRank(rank=0, world_size=2, other=(1.0,))
    assert supervised_scales(Uncounted(), [[Example("x")]], here) == [1.0]


def test_a_rank_keeps_its_contiguous_share():
    assert Dist(rank=1, world_size=3).share(list(range(6))) == [2, 3]
    with pytest.raises(DistributedError, match="multiple of 4"):
        Dist(rank=0, world_size=4).share(list(range(6)))


# ---- the trainer's refusals (checked before any process group is needed)


def test_a_batch_that_does_not_split_over_the_processes_is_a_clear_error(tmp_path):
    cfg = load_config("micro_gpt", DDP_TINY)
    with pytest.raises(DistributedError, match=r"stages\.warmup\.batch_size: 8 .* 3 processes"):
        Trainer(cfg, save_dir=tmp_path, dist=Dist(rank=0, world_size=3))
    assert list(tmp_path.iterdir()) == []


def test_resuming_with_another_world_size_is_a_clear_error(tmp_path):
    cfg = load_config("micro_gpt", [*DDP_TINY, "stages.grpo.steps=0", "stages.warmup.steps=1"])
    trainer = Trainer(cfg, save_dir=tmp_path)
    trainer.run()
    with pytest.raises(DistributedError, match="trained by 1 process, not 2.*without torchrun"):
        Trainer(cfg, resume_from=trainer.run_dir, dist=Dist(rank=0, world_size=2))


# ---- a real 2-process run


def torchrun(*args):
    cmd = [sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node", "2"]
    done = subprocess.run(
        [*cmd, "-m", "studio", "train", *args, *set_args(DDP_EQUAL), "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """One process on whole batches: 3 steps (2 warm-up, 1 GRPO), then resumed to 5. And
    2 processes (torchrun, gloo) on half the prompts each, stopped at the same step 3."""
    root = tmp_path_factory.mktemp("ddp")
    cfg = load_config("micro_gpt", DDP_EQUAL)
    one = Trainer(cfg, save_dir=root / "one")
    one.run(max_steps=3)
    one_at_3 = weights(one.run_dir)
    Trainer(cfg, resume_from=one.run_dir).run()
    torchrun("--config", "micro_gpt", "--save_dir", str(root / "two"), "--steps", "3")
    return {"root": root, "one": one.run_dir, "one_at_3": one_at_3, "two": root / "two"}


def test_two_processes_end_with_the_weights_of_one_process_on_the_whole_batch(runs):
    (run_dir,) = list(runs["two"].iterdir())  # rank 1 made no folder of its own
    state = weights(run_dir)
    assert state["world_size"] == 2 and len(state["rng_ranks"]) == 2
    assert_same_weights(state, runs["one_at_3"])
    assert_same_step_metrics(run_dir, runs["one"])


@pytest.mark.slow  # a second torchrun: ~10 s, ~20 s on a busy 2-core machine
def test_a_distributed_run_resumes_with_the_same_world_size(runs):
    (run_dir,) = list(runs["two"].iterdir())
    # the first session ran with --steps 3, a limit the resumed run keeps unless given another
    done = torchrun("--resume", str(run_dir), "--steps", "5")
    assert "finished at step 5" in done.stdout and done.stdout.count("finished") == 1
    assert_same_weights(weights(run_dir), weights(runs["one"]))
    assert_same_step_metrics(run_dir, runs["one"])
