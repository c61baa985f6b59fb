"""The Python API (studio/api.py, docs/api.md): a script that uses only the documented
names trains, exports and translates; records stream and stop; pairs load as the task
reads them; the gradient-flow plot; clear errors."""

import builtins
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import torch

from studio import api
from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "api.md"

# a 1+1-layer d32 translator on 120 demo pairs, one step of each stage
TINY_TRANSLATION = {
    "model.d_model": 32,
    "model.n_heads": 2,
    "model.n_encoder_layers": 1,
    "model.n_decoder_layers": 1,
    "model.d_ff": 64,
    "model.max_len": 16,
    "task.demo_size": 120,
    "task.vocab_size": 150,
    "data.valid_fraction": 0.3,
    "stages.warmup.steps": 2,
    "stages.warmup.batch_size": 4,
    "stages.grpo.steps": 1,
    "stages.grpo.batch_size": 2,
    "grpo.num_generations": 2,
    "grpo.max_new_tokens": 6,
    "eval.size": 4,
    "training.threads": 1,
    "training.device": "cpu",
}

TINY_GPT = {
    "model.n_layers": 2,
    "model.n_heads": 2,
    "model.d_model": 32,
    "model.d_ff": 64,
    "model.max_len": 12,
    "stages.warmup.steps": 3,
    "stages.warmup.batch_size": 8,
    "stages.warmup.stop_at": None,
    "stages.grpo.steps": 3,
    "stages.grpo.batch_size": 4,
    "grpo.num_generations": 4,
    "eval.size": 8,
    "eval.every": 0,
    "run.checkpoint_every": 0,
    "training.threads": 1,
    "training.device": "cpu",
}

SCRIPT = textwrap.dedent(
    """
    import sys
    from studio import api

    settings = {SETTINGS}
    cfg = api.load_preset("tiny_transformer", settings)
    cfg = api.set_gradient_checkpointing(cfg, 1)
    trainer = api.GRPOTrainer(cfg, save_dir=sys.argv[1])
    stages = set()
    for record in trainer.records():
        if record["kind"] == "step":
            stages.add(record["stage"])
    print("stages", sorted(stages))
    print("valid", sorted(trainer.evaluate()))
    result = api.export(trainer)
    print("export", result.model_path.name)
    run = api.load_run(trainer.run_dir)
    print("translations", run.translate(["我喜欢猫。", "他很高。"]))
    """
)


def ended(record: dict) -> dict:
    """What a final record says: its kind, step and reason."""
    return {k: record.get(k) for k in ("kind", "step", "reason")}


def documented_names() -> set[str]:
    """Every `name` or `name(` written in backticks in docs/api.md."""
    text = DOC.read_text(encoding="utf-8")
    return {m.group(1) for m in re.finditer(r"`(?:api\.)?([A-Za-z_]\w*)", text)}


def test_every_public_name_of_the_module_is_documented():
    public = {
        n
        for n in vars(api)
        if not n.startswith("_") and getattr(getattr(api, n), "__module__", None) == api.__name__
    }
    assert public - documented_names() <= {"Record", "Settings"}  # type aliases


def test_a_script_of_documented_names_warms_up_runs_grpo_exports_and_translates(tmp_path):
    script = SCRIPT.replace("{SETTINGS}", repr(TINY_TRANSLATION))
    used = set(re.findall(r"api\.(\w+)", script))
    members = {"records", "evaluate", "run_dir", "model_path", "translate"}  # called on them
    assert used | members <= documented_names(), (used | members) - documented_names()
    (tmp_path / "run.py").write_text(script, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(tmp_path / "run.py"), str(tmp_path / "runs")],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = done.stdout
    assert "stages ['grpo', 'warmup']" in out
    assert "'chrf'" in out.split("valid", 1)[1].splitlines()[0]
    assert re.search(r"export \S+\.onnx", out)
    translations = eval(out.split("translations", 1)[1].strip())
    assert len(translations) == 2 and all(isinstance(t, str) for t in translations)
    runs = list((tmp_path / "runs").iterdir())
    assert len(runs) == 1 and (runs[0] / "exports").is_dir()


@pytest.fixture(scope="module")
def gpt_run(tmp_path_factory):
    """A tiny Micro-GPT run trained through the API, its records as the loop got them."""
    cfg = api.load_preset("micro_gpt", TINY_GPT)
    trainer = api.GRPOTrainer(cfg, save_dir=tmp_path_factory.mktemp("gpt"))
    records = list(trainer.records())
    return trainer, records


def test_records_stream_every_record_the_run_folder_keeps(gpt_run):
    trainer, records = gpt_run
    assert ended(records[-1]) == {"kind": "done", "step": 6, "reason": "finished"}
    kept = api.load_run(trainer.run_dir).records()
    assert [r["kind"] for r in records] == [r["kind"] for r in kept]
    steps = [r for r in records if r["kind"] == "step"]
    assert [r["stage"] for r in steps] == ["warmup"] * 3 + ["grpo"] * 3


def test_leaving_the_loop_stops_the_run_with_a_checkpoint(tmp_path):
    trainer = api.GRPOTrainer(api.load_preset("micro_gpt", TINY_GPT), save_dir=tmp_path)
    for record in trainer.records():
        if record["kind"] == "step" and record["step"] == 2:
            time.sleep(1.0)  # a slow loop (a busy machine): the run still stops at step 2
            break
    checkpoints = sorted(p.name for p in (trainer.run_dir / "checkpoints").glob("step_*.pt"))
    assert checkpoints == ["step_0000002.pt"]
    kinds = [r["kind"] for r in api.load_run(trainer.run_dir).records()]
    assert kinds[-1] == "done"
    assert set(trainer.evaluate()) >= {"accuracy"}  # the stop does not reach evaluate
    # and it continues from there
    more = api.GRPOTrainer.continue_run(trainer.run_dir, {"run.max_steps": 3})
    assert ended(more.run()) == {"kind": "done", "step": 3, "reason": "step limit"}


def test_a_callback_stops_the_run(tmp_path):
    seen = []

    def stop_after_two(record):
        seen.append(record)
        if record["kind"] == "step" and record["step"] == 2:
            trainer.stop()

    trainer = api.GRPOTrainer(
        api.load_preset("micro_gpt", TINY_GPT), save_dir=tmp_path, callback=stop_after_two
    )
    final = trainer.run()
    assert final["reason"] == "stopped" and final["step"] == 2
    assert ended(seen[-1]) == ended(final)


def test_generate_and_evaluate_a_finished_run(gpt_run):
    trainer, _ = gpt_run
    run = api.load_run(trainer.run_dir)
    out = run.generate(["12+7=", "3+4="], samples=2, temperature=1.0)
    assert [len(o) for o in out] == [2, 2] and all(isinstance(s, str) for o in out for s in o)
    assert set(run.evaluate("test", limit=8)) >= {"accuracy"}
    with pytest.raises(api.APIError, match="a arithmetic run does not translate"):
        run.translate("你好")
    with pytest.raises(api.APIError, match="has no agent"):
        run.act()


def test_load_pairs_reads_a_tatoeba_export_as_the_task_does(tmp_path):
    path = write_tatoeba_file(tmp_path / "zh-en.tsv", realistic_pairs(40, seed=1))
    pairs = api.load_pairs(path, source_lang="zh", target_lang="en", max_length=32, augment=True)
    assert len(pairs) == 40
    zh, en = pairs.pairs[0]
    assert re.search(r"[\u4e00-\u9fff]", zh) and re.search(r"[A-Za-z]", en)  # not by order
    assert "ignored" in pairs.report.text()  # the attribution column, reported
    cfg = api.load_preset("tiny_transformer", pairs.settings)
    assert (cfg.data.path, cfg.data.max_length, cfg.data.augment) == (str(path), 32, True)
    backwards = api.load_pairs(path, source_lang="en", target_lang="zh")
    assert backwards.pairs[0] == (en, zh)


def test_load_prompts_reads_a_file_as_own_text_does_and_trains_with_set_rewards(tmp_path):
    path = tmp_path / "abbrev.tsv"
    lines = ["prompt\tanswer", "st\tstreet", "rd\troad", "ave\t", "st\tsaint", "dr\tdrive"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    prompts = api.load_prompts(path, max_prompt_chars=20)
    assert prompts.layout == "tsv" and prompts.has_answers and len(prompts) == 3
    assert prompts.items[0] == ("st", ("street", "saint"))  # one prompt, both answers kept
    assert "skipped 1 with an empty answer (line 4)" in prompts.report.text()
    cfg = api.load_preset("own_text", {**prompts.settings, "data.valid_fraction": 0.34})
    assert (cfg.data.path, cfg.task.max_prompt_chars) == (str(path), 20)
    checks = [{"kind": "exact", "options": {"ignore_case": True}}, {"kind": "length"}]
    cfg = api.set_rewards(cfg, checks)
    assert cfg.task.rewards == checks
    trainer = api.GRPOTrainer(cfg, save_dir=tmp_path / "runs")  # built, not trained
    report = trainer.load_report
    assert report is not None and sum(report.split.values()) == 3
    assert "grpo.max_new_tokens" in report.text()
    assert not (tmp_path / "runs").exists()


def test_generate_adds_the_prompt_end_an_own_text_run_was_trained_with(tmp_path):
    path = tmp_path / "pairs.txt"
    path.write_text("".join(f"w{i} -> W{i}\n" for i in range(30)), encoding="utf-8")
    tiny = {"model.n_layers": 1, "model.d_model": 32, "model.n_heads": 2, "model.d_ff": 64,
            "stages.warmup.steps": 2, "stages.grpo.steps": 1, "stages.grpo.batch_size": 2,
            "grpo.num_generations": 2, "eval.size": 4, "training.device": "cpu"}  # fmt: skip
    cfg = api.load_preset("own_text", {**api.load_prompts(path).settings, **tiny})
    trainer = api.GRPOTrainer(cfg, save_dir=tmp_path / "runs")
    trainer.run()
    run = api.load_run(trainer.run_dir)
    assert run.prompt_end == "="
    # the same greedy answer, with or without the end typed
    assert run.generate(["w3"]) == run.generate(["w3="])
    assert api.load_run(trainer.run_dir).evaluate("test").keys() >= {"accuracy", "chrf"}


def test_settings_are_checked_with_their_path():
    cfg = api.load_preset("micro_gpt")
    with pytest.raises(ValueError, match="training.lr"):
        api.configure(cfg, {"training.lr": 1e-4})  # lr is a stage's, not training's
    changed = api.configure(cfg, {"training.grad_penalty_lambda": 0.3})
    assert changed.training.grad_penalty_lambda == 0.3 and cfg.training.grad_penalty_lambda == 0
    on = api.enable_curriculum(cfg, threshold=0.5)
    assert on.curriculum.enabled and on.curriculum.threshold == 0.5
    assert api.set_gradient_checkpointing(cfg, 2).model.gradient_checkpointing == 2
    with pytest.raises(ValueError, match="model.gradient_checkpointing"):
        api.set_gradient_checkpointing(cfg, -1)


def test_plot_grad_flow_from_a_run_and_from_a_model(gpt_run):
    pytest.importorskip("matplotlib")
    trainer, records = gpt_run
    fig = api.plot_grad_flow(api.load_run(trainer.run_dir))
    ax = fig.axes[0]
    flow = [r for r in records if "grad_flow" in r][-1]["grad_flow"]
    assert [t.get_text() for t in ax.get_xticklabels()] == flow["layers"]
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Linear(4, 1))
    with pytest.raises(api.APIError, match="no gradients"):
        api.plot_grad_flow(model)
    model(torch.randn(5, 3)).sum().backward()
    assert [t.get_text() for t in api.plot_grad_flow(model).axes[0].get_xticklabels()] == [
        "0",
        "1",
    ]


def test_plot_grad_flow_without_matplotlib_names_the_extra(monkeypatch, gpt_run):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    with pytest.raises(api.APIError, match=re.escape("pip install grpo-studio[notebook]")):
        api.plot_grad_flow(gpt_run[0].run_dir)


def test_a_memory_budget_is_fitted_and_said(monkeypatch):
    from studio.core.training.probes import memory_probe

    monkeypatch.setattr(memory_probe, "runtime_bytes", lambda device: 0)  # any machine
    cfg = api.load_preset("micro_gpt", {**TINY_GPT, "stages.grpo.batch_size": 4})
    assert api.GRPOTrainer(cfg).memory_fit is None
    fitted = api.GRPOTrainer(api.set_memory_budget(cfg, "4GB")).memory_fit
    assert fitted is not None and fitted.settings == {} and "nothing changed" in fitted.text()
    with pytest.raises(ValueError, match="training.memory_budget: 1.0 KB .* is less than"):
        api.GRPOTrainer(api.set_memory_budget(cfg, "0.001MB"))
