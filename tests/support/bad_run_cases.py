"""The bad inputs of tests/test_bad_inputs.py that name a run folder: folders damaged in
each way (a copy, RUN), commands given a run of the wrong kind, and each command's
options. Case and the shared setups are bad_input_cases.py's."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from tests.support.bad_input_cases import PYTHON_TAG, Case, files, run_file


def cut_checkpoints(run: Path, data: Path) -> None:
    for path in (run / "checkpoints").glob("step_*.pt"):
        path.write_bytes(path.read_bytes()[:1000])


def diverged(run: Path, data: Path) -> None:
    """The newest checkpoint's first weight matrix holds a NaN."""
    import torch

    from studio.core.runs.checkpoints import latest_checkpoint

    path = latest_checkpoint(run)
    state = torch.load(path, weights_only=True)
    next(iter(state["model"].values()))[0] = float("nan")
    torch.save(state, path)


def escaping_export(run: Path, data: Path) -> None:
    """An export whose graphs read their weights from DATA/secret.bin, outside the export
    folder (ONNX external data), as a crafted export could name any file of the disk."""
    import numpy as np
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    from studio.core.export.snippets.tiny_transformer import FILES

    (data / "secret.bin").write_bytes(np.arange(4, dtype=np.float32).tobytes())
    weight = numpy_helper.from_array(np.zeros(4, dtype=np.float32), "w")
    weight.ClearField("raw_data")
    weight.data_location = TensorProto.EXTERNAL
    for key, value in (("location", "../../DATA/secret.bin"), ("offset", "0"), ("length", "16")):
        weight.external_data.add(key=key, value=value)
    io = [helper.make_tensor_value_info(n, TensorProto.FLOAT, [4]) for n in ("x", "y")]
    graph = helper.make_graph([helper.make_node("Add", ["x", "w"], ["y"])], "g", io[:1], io[1:])
    graph.initializer.append(weight)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    (run / "exports").mkdir()
    for name in FILES.values():
        onnx.save(model, str(run / "exports" / name))


def no_checkpoints(run: Path, data: Path) -> None:
    for path in (run / "checkpoints").iterdir():
        path.unlink()


def poisoned(run: Path, data: Path) -> None:
    """The newest checkpoint holds an object that would create DATA/PWNED when read."""
    from tests.helpers import poison

    poison(run, data / "PWNED")


def locked_elsewhere(run: Path, data: Path) -> None:
    since = time.mktime((2026, 12, 1, 9, 0, 0, 0, 0, -1))  # local time: the same in the table
    holder = {"pid": 4242, "host": "lab-pc-7", "since": since}
    (run / "train.lock").write_text(json.dumps(holder), encoding="utf-8")


def hand_edited_model(run: Path, data: Path) -> None:
    config = run / "config.yaml"
    text = config.read_text(encoding="utf-8")
    config.write_text(re.sub(r"d_model: \d+", "d_model: 32", text), encoding="utf-8")


def foreign_folder(run: Path, data: Path) -> None:
    (data / "out").mkdir()
    (data / "out" / "thesis.odt").write_text("mine")


def python_tag_config(run: Path, data: Path) -> None:
    (run / "config.yaml").write_text(f"name: {PYTHON_TAG.format(data=data)}\n")


RUN_FOLDERS = [
    Case(
        "eval of a folder that does not exist",
        ("eval", "{NOWHERE}"),
        ("{NOWHERE}: no such run folder",),
    ),
    Case(
        "eval of a folder that is not a run",
        ("eval", "{DATA}"),
        ("{DATA}: not a run folder (no config.yaml)",),
    ),
    Case(
        "eval of a run's config.yaml",
        ("eval", "{TEXT_RUN}/config.yaml"),
        ("is a file, not a run folder", "({TEXT_RUN})"),
    ),
    Case(
        "config.yaml not YAML",
        ("eval", "{RUN}"),
        ("{RUN}/config.yaml: not valid YAML",),
        copy="TEXT_RUN",
        setup=run_file("config.yaml", ": : [\n"),
    ),
    Case(
        "config.yaml with a Python tag that would run a command",
        ("eval", "{RUN}"),
        ("{RUN}/config.yaml: not valid YAML", "python/object/apply:os.system"),
        copy="TEXT_RUN",
        setup=python_tag_config,
    ),
    Case(
        "config.yaml empty",
        ("eval", "{RUN}"),
        ("{RUN}/config.yaml: the file holds no settings",),
        copy="TEXT_RUN",
        setup=run_file("config.yaml", ""),
    ),
    Case(
        "latest naming ../config.yaml",
        ("eval", "{RUN}"),
        ("{RUN}/checkpoints/latest: names '../config.yaml'", "delete"),
        copy="TEXT_RUN",
        setup=run_file("checkpoints/latest", "../config.yaml"),
    ),
    Case(
        "latest naming an absolute path",
        ("generate", "{RUN}", "1+1="),
        ("names '/etc/passwd', which is not a checkpoint file of this folder",),
        copy="TEXT_RUN",
        setup=run_file("checkpoints/latest", "/etc/passwd"),
    ),
    Case(
        "no checkpoint at all",
        ("eval", "{RUN}"),
        ("{RUN}: has no checkpoint yet", "train first"),
        copy="TEXT_RUN",
        setup=no_checkpoints,
    ),
    Case(
        "every checkpoint cut short",
        ("eval", "{RUN}"),
        ("{RUN}: no checkpoint can be read", "step_0000002.pt"),
        copy="TEXT_RUN",
        setup=cut_checkpoints,
    ),
    *[
        Case(
            f"a poisoned checkpoint, {what}",
            argv,
            ("refused: it holds io.open", "nothing in it was run"),
            copy="STOPPED_RUN" if what == "resume" else "TEXT_RUN",
            setup=poisoned,
            subprocess=what == "eval",  # one for real: nothing runs in a fresh process either
        )
        for what, argv in (
            ("eval", ("eval", "{RUN}")),
            ("export", ("export", "{RUN}")),
            ("generate", ("generate", "{RUN}", "1+1=")),
            ("resume", ("train", "--resume", "{RUN}")),
        )
    ],
    Case(
        "weights that diverged (a NaN), eval",
        ("eval", "{RUN}"),
        ("its weights hold NaN or infinite values (wte.weight)", "--checkpoint NAME"),
        copy="TEXT_RUN",
        setup=diverged,
    ),
    Case(
        "weights that diverged (a NaN), resume",
        ("train", "--resume", "{RUN}"),
        ("its weights hold NaN or infinite values (wte.weight)",),
        copy="STOPPED_RUN",
        setup=diverged,
    ),
    Case(
        "resume with no checkpoint",
        ("train", "--resume", "{RUN}"),
        ("{RUN}: has no checkpoint to resume from",),
        copy="STOPPED_RUN",
        setup=no_checkpoints,
    ),
    Case(
        "resume of a finished run",
        ("train", "--resume", "{TEXT_RUN}", "--steps", "5"),
        ("finished all its stages at step 2", "nothing is left to train"),
    ),
    Case(
        "resume of a run trained on another computer",
        ("train", "--resume", "{RUN}"),
        ("{RUN}: is being trained by process 4242 on lab-pc-7", "delete {RUN}/train.lock"),
        copy="STOPPED_RUN",
        setup=locked_elsewhere,
    ),
    Case(
        "resume changing the model",
        ("train", "--resume", "{STOPPED_RUN}", "--set", "model.d_model=64"),
        ("model.d_model cannot change", "A resumed run may change only"),
    ),
    Case(
        "resume changing the learning rate",
        ("train", "--resume", "{STOPPED_RUN}", "--set", "stages.grpo.lr=1"),
        ("stages.grpo.lr cannot change",),
    ),
    Case(
        "resume at its step limit",
        ("train", "--resume", "{STOPPED_RUN}", "--steps", "1"),
        ("run.max_steps: the run is at step 1",),
    ),
    Case(
        "resume from a checkpoint that is not there",
        ("train", "--resume", "{STOPPED_RUN}", "--checkpoint", "77"),
        ("--checkpoint 77: no such checkpoint", "step_0000001.pt"),
    ),
    Case(
        "resume from a checkpoint outside checkpoints/",
        ("train", "--resume", "{STOPPED_RUN}", "--checkpoint", "../config.yaml"),
        ("--checkpoint ../config.yaml: no such checkpoint",),
    ),
    Case(
        "config.yaml edited by hand: model no longer fits",
        ("train", "--resume", "{RUN}"),
        ("its weights do not fit the model", "put them back"),
        copy="STOPPED_RUN",
        setup=hand_edited_model,
    ),
]

WRONG_KIND = [
    Case(
        "generate on a grid-world run",
        ("generate", "{GRID_RUN}", "x"),
        ("this run is a gridworld run", "eval"),
    ),
    Case(
        "generate on a shapes run", ("generate", "{SHAPES_RUN}", "x"), ("this run is a shapes run",)
    ),
    Case(
        "generate on a translation run",
        ("generate", "{TRANSLATION_RUN}", "x"),
        ("this run is a translation run: use translate",),
        subprocess=True,
    ),
    Case(
        "translate on a Micro-GPT run",
        ("translate", "{TEXT_RUN}", "x"),
        ("a run of the arithmetic task, not translation",),
    ),
    Case(
        "translate on a grid-world run",
        ("translate", "{GRID_RUN}", "x"),
        ("a run of the gridworld task, not translation",),
    ),
    Case(
        "translate --onnx on a shapes run",
        ("translate", "{SHAPES_RUN}", "--onnx", "x"),
        ("a run of the shapes task, not translation",),
    ),
    Case(
        "serve on a Micro-GPT run",
        ("serve", "{TEXT_RUN}", "--port", "0"),
        ("a run of the arithmetic task, not translation",),
    ),
    Case(
        "serve on a shapes run",
        ("serve", "{SHAPES_RUN}", "--port", "0"),
        ("a run of the shapes task, not translation",),
    ),
    Case(
        "eval --decoding beam on a Micro-GPT run",
        ("eval", "{TEXT_RUN}", "--decoding", "beam"),
        ("--decoding beam: the arithmetic task decodes with greedy",),
    ),
    Case(
        "eval --decoding beam on a grid-world run",
        ("eval", "{GRID_RUN}", "--decoding", "beam"),
        ("--decoding beam: the gridworld task",),
    ),
    Case(
        "an export whose graph reads a file outside its folder",
        ("translate", "{RUN}", "--onnx", "x"),
        ("{RUN}/exports: the ONNX export could not be loaded", "External data path escapes"),
        copy="TRANSLATION_RUN",
        setup=escaping_export,
    ),
    Case(
        "translate --onnx before any export",
        ("translate", "{TRANSLATION_RUN}", "--onnx", "x"),
        ("has no ONNX export yet", "grpo-studio export"),
    ),
]

OPTIONS = [
    Case(
        "eval --limit -5",
        ("eval", "{TEXT_RUN}", "--limit", "-5"),
        ("--limit: must be 1 or more examples, got -5",),
    ),
    Case(
        "eval --limit 0",
        ("eval", "{TEXT_RUN}", "--limit", "0"),
        ("--limit: must be 1 or more examples, got 0",),
    ),
    Case(
        "generate --samples 0",
        ("generate", "{TEXT_RUN}", "1+2=", "--samples", "0"),
        ("--samples: must be 1 or more",),
    ),
    Case(
        "generate --samples 10000000",
        ("generate", "{TEXT_RUN}", "1+2=", "--samples", "10000000"),
        ("--samples: must be at most 64 completions a prompt", "got 10000000"),
    ),
    Case(
        "generate --temperature -1",
        ("generate", "{TEXT_RUN}", "1+2=", "--temperature", "-1"),
        ("--temperature: must be 0 (greedy) or a positive number",),
    ),
    Case(
        "generate --temperature nan",
        ("generate", "{TEXT_RUN}", "1+2=", "--temperature", "nan"),
        ("--temperature: must be 0 (greedy) or a positive number, got nan",),
    ),
    Case(
        "generate an empty prompt", ("generate", "{TEXT_RUN}", "1+2=", ""), ("prompt 2 is empty",)
    ),
    Case(
        "translate --beam 1",
        ("translate", "{TRANSLATION_RUN}", "--beam", "1", "x"),
        ("--beam takes 2 beams or more (or 0 for greedy), got 1",),
    ),
    Case(
        "translate --beam -3",
        ("translate", "{TRANSLATION_RUN}", "x", "--beam", "-3"),
        ("--beam takes 2 beams or more",),
    ),
    Case(
        "translate --beam 1000000000",
        ("translate", "{TRANSLATION_RUN}", "x", "--beam", "1000000000"),
        ("--beam takes at most 16 beams, got 1000000000",),
    ),
    Case(
        "translate --threads 0",
        ("translate", "{TRANSLATION_RUN}", "--threads", "0", "x"),
        ("--threads takes 1 or more, got 0",),
    ),
    Case(
        "translate --batch 0",
        ("translate", "{TRANSLATION_RUN}", "--file", "{DATA}/in.txt", "--batch", "0"),
        ("--batch takes 1 or more sentences, got 0",),
        setup=files({"in.txt": "我\n"}),
    ),
    Case(
        "translate --file that does not exist",
        ("translate", "{TRANSLATION_RUN}", "--file", "{NOWHERE}"),
        ("{NOWHERE}: no such file",),
    ),
    Case(
        "translate --file not UTF-8",
        ("translate", "{TRANSLATION_RUN}", "--file", "{DATA}/in.txt"),
        ("{DATA}/in.txt: not UTF-8 text", "save it as UTF-8"),
        setup=files({"in.txt": "我喜欢猫".encode("gbk")}),
    ),
    Case(
        "translate --out onto its --file",
        ("translate", "{TRANSLATION_RUN}", "--file", "{DATA}/in.txt", "--out", "{DATA}/in.txt"),
        ("is the file being translated",),
        setup=files({"in.txt": "我\n"}),
    ),
    Case(
        "translate --out without --file",
        ("translate", "{TRANSLATION_RUN}", "--out", "{DATA}/out.txt", "x"),
        ("--out goes with --file IN",),
    ),
    Case(
        "translate sentences and --interactive",
        ("translate", "{TRANSLATION_RUN}", "--interactive", "x"),
        ("give sentences, --interactive or --file, not several",),
    ),
    Case(
        "serve --port 99999",
        ("serve", "{TRANSLATION_RUN}", "--port", "99999"),
        ("--port takes 0 (any free port) to 65535, got 99999",),
    ),
    Case(
        "serve --port -1",
        ("serve", "{TRANSLATION_RUN}", "--port", "-1"),
        ("--port takes 0 (any free port) to 65535, got -1",),
    ),
    Case(
        "serve --max-bytes 0",
        ("serve", "{TRANSLATION_RUN}", "--max-bytes", "0"),
        ("--max-bytes takes 1 or more, got 0",),
    ),
    Case(
        "serve --max-chars -1",
        ("serve", "{TRANSLATION_RUN}", "--max-chars", "-1"),
        ("--max-chars takes 1 or more, got -1",),
    ),
    Case(
        "serve --rate abc",
        ("serve", "{TRANSLATION_RUN}", "--rate", "abc"),
        ("--rate 'abc' is not a rate", "30/second"),
    ),
    Case(
        "serve --read-timeout nan",
        ("serve", "{TRANSLATION_RUN}", "--read-timeout", "nan"),
        ("--read-timeout takes 1 to 3600 seconds, got nan",),
    ),
    Case(
        "serve --read-timeout inf",
        ("serve", "{TRANSLATION_RUN}", "--read-timeout", "inf"),
        ("--read-timeout takes 1 to 3600 seconds, got inf",),
    ),
    Case(
        "serve --read-timeout 0.5",
        ("serve", "{TRANSLATION_RUN}", "--read-timeout", "0.5"),
        ("--read-timeout takes 1 to 3600 seconds, got 0.5",),
    ),
    Case(
        "serve --allow-origin without a scheme",
        ("serve", "{TRANSLATION_RUN}", "--allow-origin", "example.org"),
        ("--allow-origin takes a web page's origin", "https://example.org, got 'example.org'"),
    ),
    Case(
        "serve --allow-origin with a path",
        ("serve", "{TRANSLATION_RUN}", "--allow-origin", "https://example.org/app"),
        ("--allow-origin takes a web page's origin", "got 'https://example.org/app'"),
    ),
    Case(
        "serve --beam 1",
        ("serve", "{TRANSLATION_RUN}", "--port", "0", "--beam", "1"),
        ("--beam takes 2 beams or more",),
    ),
    Case(
        "serve --beam over --max-beam",
        ("serve", "{TRANSLATION_RUN}", "--beam", "16"),
        ("--beam 16 is over --max-beam 8",),
    ),
    Case(
        "serve --max-beam over the most beams a search takes",
        ("serve", "{TRANSLATION_RUN}", "--max-beam", "1000"),
        ("--max-beam takes at most 16 beams, got 1000",),
    ),
    Case(
        "serve --max-alternatives not under --max-beam",
        ("serve", "{TRANSLATION_RUN}", "--max-alternatives", "8"),
        ("--max-alternatives 8 needs --max-beam 9 or more",),
    ),
    Case(
        "serve --api-key empty",
        ("serve", "{TRANSLATION_RUN}", "--api-key", ""),
        ("--api-key takes a key, got an empty one",),
    ),
    Case(
        "serve --api-keys file with no key",
        ("serve", "{TRANSLATION_RUN}", "--api-keys", "{DATA}/keys.txt"),
        ("holds no key; write one key a line",),
        setup=files({"keys.txt": "# keys for the studio\n\n"}),
    ),
    Case(
        "serve --api-keys file missing",
        ("serve", "{TRANSLATION_RUN}", "--api-keys", "{NOWHERE}/keys.txt"),
        ("--api-keys", "No such file or directory", "give a file of keys"),
    ),
    Case(
        "export --out naming a file",
        ("export", "{TEXT_RUN}", "--out", "{DATA}/file.txt"),
        ("{DATA}/file.txt: it is a file, not a folder", "--out"),
        setup=files({"file.txt": "x"}),
    ),
    Case(
        "export --out into a folder of other files",
        ("export", "{TEXT_RUN}", "--out", "{DATA}/out"),
        ("{DATA}/out: holds files that are not part of an export (thesis.odt)", "--out"),
        setup=foreign_folder,
    ),
    Case(
        "prune --sparsity 1.5",
        ("prune", "{TEXT_RUN}", "--sparsity", "1.5"),
        ("--sparsity: 1.5 is not a share of the weights to prune", "at most 0.95"),
    ),
    Case(
        "prune --finetune-steps -3",
        ("prune", "{TEXT_RUN}", "--sparsity", "0.5", "--finetune-steps", "-3"),
        ("--finetune-steps: -3 is below 0",),
    ),
]

CASES = [*RUN_FOLDERS, *WRONG_KIND, *OPTIONS]
