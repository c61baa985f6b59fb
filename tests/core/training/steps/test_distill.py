"""Learning from a bigger model: the soft-target term against hand-made numbers, a teacher
that trains a smaller student's warm-up and stays as it was, the examples it writes, a
distilled run that resumes exactly, and the teachers that are refused and why."""

import math
import random
import shutil
import subprocess
import sys

import pytest
import torch
import yaml

from studio.core.catalogue import load_config
from studio.core.config.fields import ConfigError
from studio.core.runs.checkpoints import latest_checkpoint
from studio.core.runs.loading import load_run_config, load_trained
from studio.core.runs.metrics_file import read_metrics
from studio.core.tasks import build_task
from studio.core.tasks.base import SupervisedLogits
from studio.core.training.loop.trainer import Trainer
from studio.core.training.probes import memory_probe
from studio.core.training.probes.memory_probe import MeasuredEstimate
from studio.core.training.steps.distillation import (
    Distiller,
    DistillError,
    distillation_loss,
    file_sha256,
    soft_target_kl,
)
from tests.helpers import (
    COMMON,
    TINY,
    TINY_TRANSFORMER,
    TRANSLATION,
    assert_same_run,
    make_run,
    tiny_config,
)

# half the teacher's width (tiny_config: d_model 32, d_ff 64)
STUDENT = ["model.d_model=16", "model.d_ff=32"]


@pytest.fixture(scope="module")
def teacher(tmp_path_factory):
    """A finished tiny arithmetic run: warm-up only, a few steps."""
    cfg = tiny_config("stages.warmup.steps=4", "stages.grpo.steps=0", "eval.every=0")
    trainer = Trainer(cfg, save_dir=tmp_path_factory.mktemp("teacher"))
    assert trainer.run()["reason"] == "finished"
    return trainer.run_dir


def student_config(teacher_dir, *extra):
    return tiny_config(*STUDENT, f"distill.teacher={teacher_dir}", *extra)


def copy_of(run_dir, tmp_path):
    return shutil.copytree(run_dir, tmp_path / run_dir.name)


# ---- the soft-target term


def test_the_kl_term_is_the_hand_computed_value_over_the_target_positions_only():
    """T = 2: teacher logits (0, 2 ln 3) soften to (1/4, 3/4), the student's (0, 0) to
    (1/2, 1/2); KL = 1/4 ln(1/2) + 3/4 ln(3/2), times T^2 = 4: 3 ln 3 - 4 ln 2. The second
    position is off the mask: however far apart the models are there, it counts nothing."""
    student = torch.tensor([[[0.0, 0.0], [9.0, -9.0]]])  # (B=1, T=2, V=2)
    teacher = torch.tensor([[[0.0, 2 * math.log(3)], [-9.0, 9.0]]])
    per_position = soft_target_kl(student, teacher, temperature=2.0)
    assert per_position[0, 0].item() == pytest.approx(3 * math.log(3) - 4 * math.log(2))

    sup = SupervisedLogits(
        logits=student,
        targets=torch.tensor([[1, 0]]),
        mask=torch.tensor([[True, False]]),
        weights=torch.tensor([[1.0, 0.0]]),
        teacher_logits=teacher,
    )
    parts = distillation_loss(sup, temperature=2.0, weight=0.25)
    assert parts.kl.item() == pytest.approx(3 * math.log(3) - 4 * math.log(2))
    assert parts.ce.item() == pytest.approx(math.log(2))  # target 1 at (1/2, 1/2)
    assert parts.total.item() == pytest.approx(0.75 * parts.ce.item() + 0.25 * parts.kl.item())


def test_the_kl_term_is_zero_when_the_student_is_a_copy_of_the_teacher():
    cfg = tiny_config()
    task = build_task(cfg)
    model = task.build_model(cfg.model)
    copy = task.build_model(cfg.model)
    copy.load_state_dict(model.state_dict())
    batch = task.sample(8, random.Random(0), 1)
    sup = task.supervised_logits(model, batch, copy.eval())
    parts = distillation_loss(sup, temperature=2.0, weight=0.5)
    assert parts.kl.item() == pytest.approx(0.0, abs=1e-6)
    assert parts.ce.item() > 1.0  # a fresh model: the term is zero for the copy, not for all
    other = task.build_model(cfg.model)  # another draw of the weights
    assert distillation_loss(task.supervised_logits(model, batch, other), 2.0, 0.5).kl > 1e-3


def test_with_weight_zero_the_loss_is_the_plain_cross_entropy():
    cfg = tiny_config()
    task = build_task(cfg)
    model, other = task.build_model(cfg.model), task.build_model(cfg.model)
    batch = task.sample(8, random.Random(1), 1)
    sup = task.supervised_logits(model, batch, other)
    parts = distillation_loss(sup, temperature=2.0, weight=0.0)
    assert parts.kl.item() > 1e-3  # the teacher disagrees, and still counts nothing
    assert torch.equal(parts.total, task.supervised_loss(model, batch))


def test_translation_logits_line_up_and_give_its_cross_entropy(tmp_path):
    """The translation task's loss is the mean cross-entropy of its labelled tokens, and a
    copy of the model as teacher gives the same logits on the same (noised) sources."""
    cfg = load_config(
        "tiny_transformer",
        [
            *TINY_TRANSFORMER,
            "model.max_len=16",
            "model.dropout=0",
            "task.demo_size=120",
            "task.vocab_size=150",
            "data.augment=true",
            "grpo.max_new_tokens=6",
        ],
    )
    task = build_task(cfg)
    model = task.build_model(cfg.model)
    copy = task.build_model(cfg.model)
    copy.load_state_dict(model.state_dict())
    batch = task.sample(6, random.Random(0), 2)
    torch.manual_seed(0)
    sup = task.supervised_logits(model, batch, copy.eval())
    assert sup.teacher_logits.shape == sup.logits.shape
    assert distillation_loss(sup, 2.0, 0.5).kl.item() == pytest.approx(0.0, abs=1e-6)
    labelled = sup.targets[sup.mask]
    plain = torch.nn.functional.cross_entropy(sup.logits[sup.mask], labelled)
    assert sup.cross_entropy().item() == pytest.approx(plain.item(), rel=1e-6)


# ---- a teacher in a run


def test_a_distilled_run_trains_the_student_leaves_the_teacher_and_records_it(teacher, tmp_path):
    checkpoint = latest_checkpoint(teacher)
    before = file_sha256(checkpoint)
    cfg = student_config(teacher, "distill.synthetic=20", "stages.grpo.steps=1")
    trainer = Trainer(cfg, save_dir=tmp_path)
    teacher_model = trainer.distiller.model
    weights = {k: v.clone() for k, v in teacher_model.state_dict().items()}
    assert trainer.run()["reason"] == "finished"

    for name, value in teacher_model.state_dict().items():
        assert torch.equal(value, weights[name]), name  # frozen in memory
    assert not any(p.requires_grad for p in teacher_model.parameters())
    assert trainer.distiller.model is None  # let go when GRPO started, as the estimate counts
    assert file_sha256(checkpoint) == before  # and on disk
    _, _, on_disk = load_trained(teacher)
    for name, value in on_disk.state_dict().items():
        assert torch.equal(value, weights[name]), name

    records = read_metrics(trainer.run_dir)
    warm = [r for r in records if r["kind"] == "step" and r["stage"] == "warmup"]
    assert len(warm) == 3 and all(r["distill/kl"] > 0 and r["distill/ce"] > 0 for r in warm)
    for r in warm:  # the loss is the mix of its parts
        assert r["loss"] == pytest.approx(0.5 * r["distill/ce"] + 0.5 * r["distill/kl"])
    grpo = [r for r in records if r["kind"] == "step" and r["stage"] == "grpo"]
    assert grpo and not any("distill/kl" in r for r in grpo)  # it teaches the warm-up only
    logs = [r["message"] for r in records if r["kind"] == "log"]
    assert any(m.startswith(f"distillation: teacher {teacher}") for m in logs)
    assert any("the teacher wrote 20 warm-up examples" in m for m in logs)

    saved = yaml.safe_load((trainer.run_dir / "config.yaml").read_text())["distill"]
    assert saved["teacher"] == str(teacher.resolve())
    assert saved["checkpoint"] == checkpoint.name
    assert saved["sha256"] == before


def test_a_teacher_leaves_the_students_first_weights_as_the_seed_gives_them(teacher, tmp_path):
    """Loading the teacher draws nothing from the run's random streams, so a distilled
    run and one without a teacher start from the same student (a fair comparison)."""
    alone = Trainer(tiny_config(*STUDENT), save_dir=tmp_path / "alone")
    taught = Trainer(student_config(teacher), save_dir=tmp_path / "taught")
    for name, value in alone.model.state_dict().items():
        assert torch.equal(value, taught.model.state_dict()[name]), name


def test_the_teacher_writes_distinct_training_prompts_and_the_report_counts_them(teacher):
    cfg = student_config(teacher, "distill.synthetic=50")
    task = build_task(cfg)
    distiller = Distiller.load(cfg, task, torch.device("cpu"))
    report = distiller.write_examples(task)
    written = distiller.examples
    prompts = [e.prompt for e in written]
    held_out = {e.prompt for split in task.splits().values() for e in split}
    assert len(set(prompts)) == len(prompts) and not held_out & set(prompts)
    answers = task.greedy_answers(distiller.model, written)
    assert [e.reference for e in written] == answers  # the teacher's own greedy answers
    empty = 50 - len(written)
    assert report.startswith(f"distillation: the teacher wrote {len(written)} warm-up examples")
    assert f"{empty} skipped (empty answer)" in report
    assert distiller.write_examples(task) is None  # once

    rng = random.Random(0)
    batch = distiller.draw(10, rng, lambda n: task.sample(n, rng, 1))
    mine = sum(any(e is w for w in written) for e in batch)
    assert len(batch) == 10 and mine == 5  # distill.synthetic_share 0.5


def test_asking_for_more_examples_than_there_are_prompts_says_so(teacher):
    """1-digit addition has 100 problems, 10 of them held out: 90 prompts to answer."""
    cfg = student_config(teacher, "task.max_digits=1", "distill.synthetic=200")
    task = build_task(cfg)
    distiller = Distiller.load(cfg, task, torch.device("cpu"))
    report = distiller.write_examples(task)
    assert "answers to 90 distinct training prompts" in report
    assert "200 were asked, but the training data holds only 90 distinct prompts" in report


def test_a_distilled_run_resumes_exactly(teacher, tmp_path):
    cfg = student_config(teacher, "distill.synthetic=16", "run.checkpoint_every=2")
    whole = Trainer(cfg, save_dir=tmp_path / "a")
    whole.run()

    first = Trainer(cfg, save_dir=tmp_path / "b")
    assert first.run(max_steps=2)["reason"] == "step limit"  # as if killed in the warm-up
    resumed = Trainer(load_run_config(first.run_dir), resume_from=first.run_dir)
    assert resumed.run()["reason"] == "finished"
    assert_same_run(resumed, whole)

    def kl_of(run_dir):
        return [r.get("distill/kl") for r in read_metrics(run_dir) if r["kind"] == "step"]

    assert kl_of(resumed.run_dir) == kl_of(whole.run_dir)
    assert kl_of(whole.run_dir)[0] is not None


# ---- teachers that are refused


def test_a_missing_folder_is_refused(tmp_path):
    cfg = student_config(tmp_path / "nowhere")
    with pytest.raises(DistillError, match=r"distill.teacher: .*nowhere: no such run folder"):
        Trainer(cfg, save_dir=tmp_path)


def test_a_teacher_of_another_task_is_refused(teacher, tmp_path):
    other = copy_of(teacher, tmp_path)
    config = yaml.safe_load((other / "config.yaml").read_text())
    config["task"] = {"name": "strings"}
    (other / "config.yaml").write_text(yaml.safe_dump(config))
    with pytest.raises(DistillError, match="learned the strings task, this run trains arithmetic"):
        Trainer(student_config(other), save_dir=tmp_path / "runs")


def test_a_teacher_whose_vocabulary_lacks_the_tasks_characters_is_refused(teacher, tmp_path):
    """Same size, other characters: its logits would name other tokens."""
    other = copy_of(teacher, tmp_path)
    path = latest_checkpoint(other)
    state = torch.load(path, weights_only=True)
    chars = state["task"]["tokenizer"]["chars"]
    state["task"]["tokenizer"]["chars"] = "abcdefghij" + chars[10:]
    torch.save(state, path)
    with pytest.raises(DistillError, match="the saved vocabulary lacks '0123456789'"):
        Trainer(student_config(other), save_dir=tmp_path / "runs")


def test_a_translation_student_takes_its_teachers_tokenizers_or_is_refused(tmp_path):
    """The student's own tokenizers are trained on its data; it uses the teacher's instead,
    and refuses a teacher trained with another vocabulary size."""
    teacher_dir = make_run(tmp_path / "teacher", "tiny_transformer", TRANSLATION)
    overrides = [*COMMON, *TRANSLATION, "model.n_encoder_layers=1", "model.d_model=16"]
    overrides += ["model.n_heads=2", "model.d_ff=32", f"distill.teacher={teacher_dir}"]
    trainer = Trainer(load_config("tiny_transformer", overrides), save_dir=tmp_path / "runs")
    _, taught, _ = load_trained(teacher_dir)
    assert trainer.task.source_tok.to_dict() == taught.source_tok.to_dict()
    assert trainer.task.target_tok.to_dict() == taught.target_tok.to_dict()
    assert trainer.run(max_steps=1)["reason"] == "step limit"
    step = next(r for r in read_metrics(trainer.run_dir) if r["kind"] == "step")
    assert step["distill/kl"] > 0

    other = load_config("tiny_transformer", [*overrides, "task.vocab_size=120"])
    with pytest.raises(DistillError, match=r"task.vocab_size: 150, this run asks 120; the student"):
        Trainer(other, save_dir=tmp_path / "runs")


def test_an_unfinished_teacher_is_refused(teacher, tmp_path):
    other = copy_of(teacher, tmp_path)
    metrics = other / "metrics.jsonl"
    metrics.write_text("".join(metrics.read_text().splitlines(keepends=True)[:-1]))
    with pytest.raises(DistillError, match="has not finished: its records end without"):
        Trainer(student_config(other), save_dir=tmp_path / "runs")


def test_a_changed_teacher_checkpoint_is_refused(teacher, tmp_path):
    cfg = student_config(teacher, "distill.sha256=" + "0" * 64)
    with pytest.raises(
        DistillError, match="distill.sha256: the teacher's checkpoint .* has changed"
    ):
        Trainer(cfg, save_dir=tmp_path)


def test_a_student_longer_than_its_teacher_is_refused(teacher, tmp_path):
    with pytest.raises(DistillError, match=r"model.max_len: 16 is longer than the teacher's \(12"):
        Trainer(student_config(teacher, "model.max_len=16"), save_dir=tmp_path)


@pytest.mark.parametrize(
    ("preset", "overrides", "message"),
    [
        ("micro_gpt", ["distill.synthetic=5"], "distill.synthetic: is set, but distill.teacher"),
        (
            "micro_gpt",
            ["distill.teacher=somewhere", "stages.warmup.steps=0"],
            "the teacher teaches the supervised warm-up, and stages.warmup.steps is 0",
        ),
        (
            "quick_grid_world",
            ["distill.teacher=somewhere"],
            "the gridworld task's warm-up has no token logits",
        ),
    ],
)
def test_settings_a_teacher_cannot_work_with_are_refused_at_load(preset, overrides, message):
    with pytest.raises(ConfigError, match=message):
        load_config(preset, overrides)


# ---- the command line


def cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "studio", "train", "--config", "micro_gpt", *args],
        capture_output=True,
        text=True,
        timeout=240,
    )


def test_a_run_distils_through_the_command_line_and_a_bad_teacher_is_one_line(teacher, tmp_path):
    sets = [f"--set={s}" for s in [*TINY, *STUDENT, "stages.grpo.steps=0"]]
    done = cli("--save_dir", str(tmp_path), *sets, f"--set=distill.teacher={teacher}")
    assert done.returncode == 0, done.stderr
    (run_dir,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    steps = [r for r in read_metrics(run_dir) if r["kind"] == "step"]
    assert len(steps) == 3 and all(r["distill/kl"] > 0 for r in steps)
    saved = yaml.safe_load((run_dir / "config.yaml").read_text())["distill"]
    assert saved["sha256"] == file_sha256(latest_checkpoint(teacher))

    missing = tmp_path / "no-teacher"
    refused = cli("--save_dir", str(tmp_path / "b"), *sets, f"--set=distill.teacher={missing}")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert refused.stderr.startswith(f"grpo-studio: error: distill.teacher: {missing}: no such")
    assert not (tmp_path / "b").exists()  # refused before anything was written


def test_the_api_names_a_teacher_by_its_folder_or_its_loaded_run(teacher):
    from studio import api

    cfg = tiny_config(*STUDENT)
    taught = api.distill_from(cfg, api.load_run(teacher), weight=0.8, synthetic=10)
    assert (taught.distill.teacher, taught.distill.weight) == (str(teacher), 0.8)
    assert (taught.distill.synthetic, taught.distill.temperature) == (10, 2.0)
    assert cfg.distill.teacher is None  # the config given is left as it was
    assert api.distill_from(cfg, str(teacher)).distill.teacher == str(teacher)
    with pytest.raises(ConfigError, match="distill.weight: must be at most 1"):
        api.distill_from(cfg, teacher, weight=2)


# ---- what a teacher costs in memory


def test_the_memory_estimate_counts_the_teacher_in_the_warm_up_only(teacher, monkeypatch):
    """The teacher's weights are a part of the warm-up's peak (not GRPO's: it is let go
    when GRPO starts), once: not also in the process's own memory, which holds it; and its
    soft targets add to the warm-up's measured activations."""
    process = 10**9  # what the process holds, teacher included
    monkeypatch.setattr(memory_probe, "runtime_bytes", lambda device: process)
    cfg = student_config(teacher, "stages.grpo.steps=2")
    task = build_task(cfg)
    distiller = Distiller.load(cfg, task, torch.device("cpu"))
    held = distiller.weight_bytes()
    assert held == 4 * sum(p.numel() for p in distiller.model.parameters())  # fp32, no buffers

    with_teacher = MeasuredEstimate(task, torch.device("cpu"), distiller)(cfg)
    without = MeasuredEstimate(task, torch.device("cpu"))(cfg)
    assert with_teacher.stages["warmup"]["teacher"] == held
    assert with_teacher.stages["grpo"]["teacher"] == 0
    assert without.stages["warmup"]["teacher"] == 0
    assert with_teacher.stages["warmup"]["runtime"] == process - held
    assert without.stages["warmup"]["runtime"] == process
    # the KL term keeps both softened distributions (B, T, V) for the backward
    assert with_teacher.stages["warmup"]["activations"] > without.stages["warmup"]["activations"]
    assert with_teacher.stages["grpo"]["activations"] == without.stages["grpo"]["activations"]


def test_a_budget_the_teacher_does_not_fit_is_refused_naming_the_teacher(tmp_path, monkeypatch):
    """A student an eighth of its teacher's width under a budget below the estimate: the
    trainer loads the teacher before fitting, and refuses naming the teacher's weights,
    the largest part, and the fix, before any folder is made."""
    monkeypatch.setattr(memory_probe, "runtime_bytes", lambda device: 0)  # the test's own size
    wide = ["model.d_model=128", "model.d_ff=512", "stages.grpo.steps=0", "eval.every=0"]
    big = Trainer(tiny_config(*wide, "stages.warmup.steps=2"), save_dir=tmp_path / "teacher")
    assert big.run()["reason"] == "finished"
    cfg = student_config(big.run_dir, "stages.grpo.steps=0", "training.device=cpu")
    task = build_task(cfg)
    distiller = Distiller.load(cfg, task, torch.device("cpu"))
    estimate = MeasuredEstimate(task, torch.device("cpu"), distiller)(cfg)
    assert estimate.largest_part()[0] == "teacher"

    budget = estimate.total - estimate.stages["warmup"]["teacher"] // 2
    cfg.training.memory_budget = f"{budget / 1024**2:.3f}MB"
    with pytest.raises(ConfigError) as err:
        Trainer(cfg, save_dir=tmp_path / "student")
    assert "of which teacher model takes" in str(err.value)
    assert "pick a smaller teacher run (distill.teacher)" in str(err.value)
    assert not (tmp_path / "student").exists()
