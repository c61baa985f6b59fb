"""Bad inputs through the command line, each refused in one line that names the field or
file and the fix, with exit code 2, no traceback, and nothing written anywhere.

The cases are also the table of bad inputs in docs/bad_inputs.md, made by running this file
as a script:

    python3 -m tests.test_bad_inputs --table > docs/bad_inputs.md

Every case runs for real: most call the CLI's `main` in this process (one torch import for
them all), a few run `python -m studio` in a subprocess. The run folders they need are
made once (a finished and a stopped Micro-GPT run, a grid-world and a shapes run, a
translation run's config, a tiny translation run with its export); a case that damages a
run works on its own copy.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from studio.cli.main import main
from studio.core.config.fields import ConfigError
from tests.support import (
    bad_api_cases,
    bad_input_cases,
    bad_request_cases,
    bad_run_cases,
    bad_trust_cases,
)
from tests.support.bad_api_cases import Call
from tests.support.bad_input_cases import Case, snapshot
from tests.support.bad_request_cases import Request
from tests.support.servers import Servers, call, raw

PROG_ERROR = "grpo-studio: error: "
DOC = Path(__file__).parents[1] / "docs" / "bad_inputs.md"
TABLE_COMMAND = "python3 -m tests.test_bad_inputs --table > docs/bad_inputs.md"
CASES = [*bad_input_cases.CASES, *bad_run_cases.CASES, *bad_trust_cases.CASES]


@dataclass
class Places:
    """The run folders the cases read, by the names their command lines use."""

    root: Path
    runs: dict[str, Path]

    def names(self, case_dir: Path) -> dict[str, Path]:
        return {
            **self.runs,
            "RUN": case_dir / "RUN",
            "DATA": case_dir / "DATA",
            "SAVE": case_dir / "SAVE",
            "NOWHERE": case_dir / "no-such-folder",
        }


def make_places(root: Path) -> Places:
    """The shared runs: real tiny ones from the trainer (a few seconds each)."""
    from studio.core.config.preset_files import preset_files
    from tests.helpers import GRID_WORLD, TINY_GPT, make_run, make_translation_run, stopped_run

    translation = root / "translation-run"
    translation.mkdir(parents=True)
    shutil.copy(preset_files()["tiny_transformer"], translation / "config.yaml")
    shapes = [
        "model.channels=8",
        "task.demo_size=20",
        "task.demo_eval_size=4",
        "stages.grpo.steps=1",
    ]
    runs = {
        "TEXT_RUN": make_run(root / "text", "micro_gpt", TINY_GPT),
        "STOPPED_RUN": stopped_run(root / "stopped", 1),
        "GRID_RUN": make_run(root / "grid", "lite_resnet", GRID_WORLD),
        "SHAPES_RUN": make_run(root / "shapes", "shapes", [*shapes, "task.image_size=16"]),
        "TRANSLATION_RUN": translation,  # its config only: enough for most cases
        "EXPORTED_RUN": make_translation_run(root / "exported"),  # the altered exports'
    }
    for name, run_dir in runs.items():  # named alike on every machine, for the table
        runs[name] = run_dir.rename(root / name.lower().replace("_", "-"))
    return Places(root, runs)


def prepare(case: Case, places: Places, case_dir: Path) -> dict[str, Path]:
    """The case's folders: DATA (its files), SAVE (empty), RUN (a copy to damage)."""
    names = places.names(case_dir)
    names["DATA"].mkdir(parents=True)
    names["SAVE"].mkdir()
    if case.copy:
        shutil.copytree(names[case.copy], names["RUN"])
    if case.setup:
        case.setup(names["RUN"], names["DATA"])
    return names


def argv_of(case: Case, names: dict[str, Path]) -> list[str]:
    return [arg.format(**{k: str(v) for k, v in names.items()}) for arg in case.argv]


@dataclass
class Result:
    code: int
    out: str
    err: str


def run(case: Case, argv: list[str], env: dict[str, str]) -> Result:
    """The command line run in this process, or in a subprocess for `case.subprocess`."""
    if case.subprocess:
        done = subprocess.run(
            [sys.executable, "-m", "studio", *argv],
            capture_output=True,
            text=True,
            timeout=240,
            env={**os.environ, **env},
        )
        return Result(done.returncode, done.stdout, done.stderr)
    out, err = io.StringIO(), io.StringIO()
    with patched_env(env), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:  # argparse's errors
            code = exit_.code
    return Result(int(code or 0), out.getvalue(), err.getvalue())


@contextlib.contextmanager
def patched_env(env: dict[str, str]) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def error_line(result: Result) -> str:
    """The one error line of a refused command; AssertionError when it is not that."""
    assert "Traceback" not in result.err, result.err
    lines = result.err.strip().splitlines()
    errors = [line for line in lines if line.startswith(PROG_ERROR)]
    assert len(errors) == 1 and lines[-1] == errors[0], result.err
    # before it, only an export's progress lines ("[  0%] Reading the checkpoint")
    assert all(line.startswith("[") for line in lines[:-1]), result.err
    return errors[0]


# what this machine has, in a refusal for a size no machine has: the same on every one
MACHINE_FIGURES = [
    (re.compile(r"this machine's [0-9.]+ [KMGT]?B of RAM"), "this machine's N GB of RAM"),
    (re.compile(r"the process itself [0-9.]+ [KMGT]?B"), "the process itself N MB"),
    (re.compile(r"[0-9.]+ [KMGT]?B of RAM available"), "N GB of RAM available"),
]


def shown(text: str, names: dict[str, Path]) -> str:
    """`text` with the folders of this machine written as the names the cases use, and
    its memory as N."""
    for pattern, figure in MACHINE_FIGURES:
        text = pattern.sub(figure, text)
    for name, path in sorted(names.items(), key=lambda kv: -len(str(kv[1]))):
        text = text.replace(str(path), name)
    for name, path in names.items():  # a run named by its folder's name alone
        if name.endswith("_RUN"):
            text = text.replace(f" {path.name} ", f" {name} ")
    return text


def row(case: Case, argv: list[str], message: str) -> str:
    """The case's line of the table: input | command | message."""
    from studio.cli.usage import PROG

    command = cell(shlex.join([PROG, *argv]))
    return f"| {case.what} | `{command}` | {cell(message.removeprefix(PROG_ERROR))} |"


def documented() -> set[str]:
    """The rows of the table as committed."""
    return {line for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith("| ")}


def check(case: Case, places: Places, case_dir: Path) -> tuple[list[str], str]:
    """Run a case and check how it was refused; its command line and message as shown."""
    names = prepare(case, places, case_dir)
    xdg = case_dir / "xdg"  # where runs would go without --save_dir
    xdg.mkdir()
    watched = [places.root, case_dir]
    before = snapshot(watched)
    result = run(case, argv_of(case, names), {"XDG_DATA_HOME": str(xdg)})
    line = error_line(result)
    assert result.code == 2, (result.code, result.err)
    for part in case.expect:
        assert part.format(**{k: str(v) for k, v in names.items()}) in line, line
    assert snapshot(watched) == before, f"{case.argv}: files changed"
    return [shown(a, names) for a in argv_of(case, names)], shown(line, names)


@pytest.fixture(scope="module")
def places(tmp_path_factory) -> Places:
    return make_places(tmp_path_factory.mktemp("bad-inputs"))


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input_is_refused_in_one_line_and_writes_nothing(case, places, tmp_path):
    if case.needs_no_gpu:
        import torch

        if torch.cuda.is_available():
            pytest.skip("a CUDA GPU is here: the case needs a machine without one")
    argv, message = check(case, places, tmp_path)
    assert row(case, argv, message) in documented(), (
        f"{DOC} does not show this case as it is now; make it again: {TABLE_COMMAND}"
    )


def test_translate_takes_its_sentences_before_or_after_its_options(translation_run, capsys):
    sentence = "我喜欢猫。"
    assert main(["translate", str(translation_run), sentence, "--beam", "2"]) == 0
    before = capsys.readouterr().out.splitlines()
    assert main(["translate", str(translation_run), "--beam", "2", sentence]) == 0
    assert capsys.readouterr().out.splitlines() == before and len(before) == 1


# ---- the Python API's bad calls (bad_api_cases.py)


def api_names(places: Places, case_dir: Path) -> dict[str, object]:
    """The names a case's `call` uses (bad_api_cases.py says which)."""
    from studio import api
    from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file

    data = case_dir / "DATA"
    data.mkdir(parents=True, exist_ok=True)
    pairs = write_tatoeba_file(data / "pairs.tsv", realistic_pairs(40, seed=1))
    return {
        "api": api,
        "cfg": api.load_preset("micro_gpt"),
        "run": api.load_run(places.runs["TEXT_RUN"]),
        "RUN": str(places.runs["TEXT_RUN"]),
        "PAIRS": str(pairs),
    }


def check_call(case: Call, places: Places, case_dir: Path) -> str:
    """Make the call and check how it was refused; its message as shown."""
    from studio import api

    names = api_names(places, case_dir)
    xdg = case_dir / "xdg"  # where runs would go without save_dir
    xdg.mkdir()
    watched = [places.root, case_dir]
    before = snapshot(watched)
    with patched_env({"XDG_DATA_HOME": str(xdg)}), pytest.raises(ValueError) as refused:
        eval(case.call, names)  # the call as the table shows it
    message = str(refused.value)
    assert "\n" not in message and all(part in message for part in case.expect), message
    assert isinstance(refused.value, TypeError) == case.wrong_type, repr(refused.value)
    assert isinstance(refused.value, api.APIError | ConfigError), repr(refused.value)
    assert snapshot(watched) == before, f"{case.call}: files changed"
    if case.same_as:  # the command line's words, its options written as arguments
        said = run(
            Case(case.call, case.same_as, ()),
            argv_of_call(case, places),
            {"XDG_DATA_HOME": str(xdg)},
        )
        cli = error_line(said).removeprefix(PROG_ERROR)
        assert message == re.sub(r"--([a-z-]+)", lambda m: m[1].replace("-", "_"), cli), cli
    return shown(message, {**places.runs, "DATA": case_dir / "DATA"})


def argv_of_call(case: Call, places: Places) -> list[str]:
    return [arg.format(**{k: str(v) for k, v in places.runs.items()}) for arg in case.same_as]


def api_row(case: Call, message: str) -> str:
    argv = [arg.replace("{TEXT_RUN}", "TEXT_RUN") for arg in case.same_as]
    same = f"`{cell(shlex.join(['grpo-studio', *argv]))}`" if case.same_as else ""
    return f"| `{cell(case.call)}` | {cell(message)} | {same} |"


@pytest.mark.parametrize("case", bad_api_cases.CALLS, ids=[c.id for c in bad_api_cases.CALLS])
def test_bad_api_call_is_refused_naming_its_argument(case, places, tmp_path):
    assert api_row(case, check_call(case, places, tmp_path)) in documented(), (
        f"{DOC} does not show this call as it is now; make it again: {TABLE_COMMAND}"
    )


# ---- the translation server's bad requests (bad_request_cases.py)


class RequestServers:
    """The servers the bad requests go to, on EXPORTED_RUN's copy (a /suggest that is
    taken writes into its run folder): one with suggestions off, one with them on, both
    logging to `log`."""

    def __init__(self, places: Places, root: Path) -> None:
        run = root / "served-run"
        shutil.copytree(places.runs["EXPORTED_RUN"], run)
        self.servers, self.log = Servers(), []
        self.plain = self.servers(run, log=self.log.append)
        self.suggesting = self.servers(run, suggestions=True, log=self.log.append)

    def stop(self) -> None:
        self.servers.stop()


# a hung-up request's log line says how far it got, which the machine's pace decides
HUNG_UP_COUNTS = [
    (re.compile(r"stopped after \d+ sentences?"), "stopped after N sentences"),
    (re.compile(r"requests stopped so far: \d+"), "requests stopped so far: N"),
]


def check_request(case: Request, servers: RequestServers) -> tuple[str, str]:
    """Send the case's request; its status and message as the table shows them."""
    server = servers.suggesting if case.suggestions else servers.plain
    before = len(servers.log)
    if case.hang_up:
        return "none (the client is gone)", hung_up(case, server, servers.log)
    status, headers, body = raw(server.port, case.data(server.port))
    assert status == case.status, (status, body)
    assert headers["Content-Type"].startswith("application/json")
    message = json.loads(body)["error"]
    assert "\n" not in message and all(part in message for part in case.expect), message
    logged = servers.log[before:]
    if case.logged:  # one line, for what the server's user can do
        (line,) = logged
        assert all(part in line for part in case.logged), line
        message += f" (log: {line})"
    else:
        assert logged == []  # the client's mistake: nothing for the server's log
    return str(status), message.replace(f":{server.port}", ":PORT")


def hung_up(case: Request, server, log: list[str]) -> str:
    """Send the request and hang up at once: the server stops translating it within a
    few sentences and says so in one log line."""
    before, served = len(log), server.service.queue.served
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(case.data(server.port))
    deadline = time.monotonic() + 60
    while len(log) == before and time.monotonic() < deadline:
        time.sleep(0.02)
    (line,) = log[before:]
    assert all(part in line for part in case.expect), line
    assert server.service.queue.served - served < 20  # of its 400 sentences
    for pattern, shown in HUNG_UP_COUNTS:
        line = pattern.sub(shown, line)
    return "log: " + line


def request_row(case: Request, status: str, message: str) -> str:
    return f"| {case.what} | `{cell(case.shown())}` | {status} | {cell(message)} |"


@pytest.fixture(scope="module")
def request_servers(places, tmp_path_factory):
    servers = RequestServers(places, tmp_path_factory.mktemp("served"))
    yield servers
    servers.stop()


@pytest.mark.parametrize(
    "case", bad_request_cases.REQUESTS, ids=[c.id for c in bad_request_cases.REQUESTS]
)
def test_bad_request_is_refused_in_one_json_line_and_the_server_goes_on(
    case, request_servers, capfd
):
    row = request_row(case, *check_request(case, request_servers))
    assert capfd.readouterr().err == ""  # no traceback, no line but the log's (collected)
    assert call(request_servers.plain.url + "/health")[0] == 200  # still serving
    assert row in documented(), (
        f"{DOC} does not show this request as it is now; make it again: {TABLE_COMMAND}"
    )


# ---- settings the user gave where the studio fits them to the data: kept, and said


@dataclass(frozen=True)
class Kept:
    setting: str  # the --set of the issue
    said: str  # the load report's line for it

    @property
    def argv(self) -> tuple[str, ...]:
        preset = ("--config", "tiny_transformer", "--data_path", "{DATA}/cmn.txt")
        return (*bad_input_cases.TRAIN, *preset, *FAST, "--set", self.setting)


# a 1+1-layer translator: the fit, not the model, is what the cases try
FAST = tuple(
    arg
    for s in ("model.d_model=32", "model.n_encoder_layers=1", "model.n_decoder_layers=1")
    for arg in ("--set", s)
)
KEPT = [
    Kept("eval.every=0", "eval.every: kept at 0, you set it; the fit would choose 500"),
    Kept(
        "stages.warmup.steps=1",
        "stages.warmup.steps: kept at 1, you set it; the fit would choose 5,000",
    ),
    Kept("task.vocab_size=150", "task.vocab_size: kept at 150, you set it; the fit would choose"),
]


def check_kept(case: Kept, case_dir: Path) -> tuple[list[str], str]:
    """Train a step on 1,200 pairs (enough for task.fit_to_data to fit) with the user's
    setting: the run keeps it, and its load report says so."""
    from studio.core.data.realistic_corpus import realistic_pairs, write_tatoeba_file
    from studio.core.runs.loading import load_run_config

    names = {"DATA": case_dir / "DATA", "SAVE": case_dir / "SAVE"}
    for folder in names.values():
        folder.mkdir(parents=True)
    write_tatoeba_file(names["DATA"] / "cmn.txt", realistic_pairs(1200, seed=3))
    argv = [a.format(**{k: str(v) for k, v in names.items()}) for a in case.argv]
    result = run(Case(case.setting, case.argv, ()), [*argv, "--quiet"], {})
    assert result.code == 0, result.err
    said = [line.strip() for line in result.err.splitlines() if line.strip().startswith(case.said)]
    assert len(said) == 1, result.err
    (run_dir,) = names["SAVE"].iterdir()
    key, value = case.setting.split("=")
    section, *path = key.split(".")
    node = getattr(load_run_config(run_dir), section)
    for name in path:
        node = getattr(node, name)
    assert node == int(value)  # as the user set it, in the run's config.yaml
    assert case.said in (run_dir / "data_report.txt").read_text("utf-8")
    return [shown(a, names) for a in argv], said[0]


def kept_row(case: Kept, argv: list[str], said: str) -> str:
    return f"| --set {case.setting} | `{cell(shlex.join(['grpo-studio', *argv]))}` | {cell(said)} |"


@pytest.mark.parametrize("case", KEPT, ids=[c.setting for c in KEPT])
def test_a_setting_the_user_gave_is_kept_where_the_studio_fits_and_said(case, tmp_path):
    assert kept_row(case, *check_kept(case, tmp_path)) in documented(), (
        f"{DOC} does not show this case as it is now; make it again: {TABLE_COMMAND}"
    )


def cell(text: str) -> str:
    """`text` as a Markdown table cell: a | would end it."""
    return text.replace("|", "\\|")


def table() -> str:
    """The cases as the Markdown table of docs/bad_inputs.md."""
    import tempfile

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        places = make_places(Path(tmp) / "runs")
        for i, case in enumerate(CASES):
            rows.append(row(case, *check(case, places, Path(tmp) / f"case{i}")))
        calls = [
            api_row(call, check_call(call, places, Path(tmp) / f"call{i}"))
            for i, call in enumerate(bad_api_cases.CALLS)
        ]
        kept = [
            kept_row(case, *check_kept(case, Path(tmp) / f"kept{i}")) for i, case in enumerate(KEPT)
        ]
        servers = RequestServers(places, Path(tmp))
        try:
            requests = [
                request_row(case, *check_request(case, servers))
                for case in bad_request_cases.REQUESTS
            ]
        finally:
            servers.stop()
    return "\n".join(
        [
            "# Bad inputs and what the command line says",
            "",
            f"Generated by `{TABLE_COMMAND}`;",
            f"each of its {len(CASES)} rows is a case of tests/test_bad_inputs.py, run for real",
            "through the command line. Every one exits with status 2 and prints one",
            f"`{PROG_ERROR.strip()}` line (shown without that prefix), no traceback, and writes",
            "nothing. In the commands,",
            "TEXT_RUN is a finished tiny Micro-GPT run, STOPPED_RUN one stopped after its first",
            "step, GRID_RUN and SHAPES_RUN tiny Lite-ResNet runs, TRANSLATION_RUN a translation",
            "run's folder (its config), EXPORTED_RUN a tiny translation run with its ONNX",
            "export, RUN a copy of one of them damaged as the first column",
            "says, DATA a folder of the case's files, SAVE an empty folder, NOWHERE a path that",
            "does not exist. This machine's memory is written N.",
            "",
            "| input | command | message |",
            "|---|---|---|",
            *rows,
            "",
            "## The Python API",
            "",
            f"Each of these {len(calls)} calls is a case of tests/test_bad_inputs.py",
            "(tests/support/bad_api_cases.py), made for real as written: `cfg` is",
            '`api.load_preset("micro_gpt")`, `run` is `api.load_run(TEXT_RUN)`, `RUN` is',
            "TEXT_RUN's folder and `PAIRS` a TSV of 40 Chinese-English pairs. Every one raises",
            "a `ValueError` whose one-line message names the argument (`api.APIError`; a",
            "setting's value `ConfigError`, naming its path as `--set` does; an argument of the",
            "wrong type `api.APITypeError`, also a `TypeError`), and writes nothing. Where the",
            "command line takes the same value, its command is in the last column: it says the",
            "same words, naming its option (`--finetune-steps`) where the API names its",
            "argument (`finetune_steps`).",
            "",
            "| call | message | the command line's |",
            "|---|---|---|",
            *calls,
            "",
            "## What the user set, where the studio fits settings to the data",
            "",
            "Not refusals: with 1,000 sentence pairs or more, `task.fit_to_data` chooses some",
            "settings for the data; one the user gave is kept as given, and the load report",
            "says so. Each row is a case of tests/test_bad_inputs.py, run for real: a step of",
            "training on DATA/cmn.txt, 1,200 pairs of the realistic corpus, after which the",
            "run's config.yaml holds the user's value and its data_report.txt the line shown.",
            "",
            "| setting | command | the load report says |",
            "|---|---|---|",
            *kept,
            "",
            "## The translation server",
            "",
            f"Each of these {len(requests)} requests is a case of tests/test_bad_inputs.py",
            "(tests/support/bad_request_cases.py), sent as written to `grpo-studio serve",
            "EXPORTED_RUN` on a free port (PORT), headers beyond Host and Content-Length as",
            'shown (· between the parts). Every answer is one JSON line, `{"error": ...}`',
            "(shown without the JSON), with the status shown; the server writes nothing to",
            "stderr, no traceback, and answers the next request. A client that hangs up gets",
            "no answer: the server stops translating its request and logs one line (the",
            "counts in it are written N).",
            "",
            "| input | request | status | message |",
            "|---|---|---|---|",
            *requests,
            "",
        ]
    )


if __name__ == "__main__":
    if sys.argv[1:] != ["--table"]:
        sys.exit("usage: python3 -m tests.test_bad_inputs --table")
    import torch

    torch.set_num_threads(1)
    sys.stdout.write(table())
