"""grpo-studio serve: a real server on a free localhost port, called over HTTP, with a real
tiny translation run; and the command itself in a subprocess."""

import json
import os
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request

import pytest
from tiny_runs import GRID_WORLD, held_out_sentences, make_run

from studio.cli.main import main
from studio.cli.serve import Limits, TranslationService, make_server
from studio.core.serving.live_translation import LiveTranslator
from studio.core.serving.translation_backends import open_backend
from studio.core.tasks.translation.decoding import translate


@pytest.fixture(scope="module")
def sentences(translation_model):
    return held_out_sentences(translation_model[1], 8, 5)


def start(service):
    server = make_server(service, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


@pytest.fixture
def served(translation_run):
    """A server on a free port and its base URL; `limits` may be replaced per test."""
    servers = []

    def serve(limits=None, onnx=False):
        service = TranslationService(
            LiveTranslator(open_backend(translation_run, onnx=onnx)),
            limits=limits,
            run_dir=str(translation_run),
        )
        server, thread = start(service)
        servers.append((server, thread))
        return f"http://127.0.0.1:{server.port}"

    yield serve
    for server, thread in servers:
        server.shutdown()
        server.server_close()
        thread.join(5)


def call(url, data=None, *, method=None, content_type="application/json"):
    """(status, JSON body, headers) of one request."""
    body = data if isinstance(data, bytes) or data is None else json.dumps(data).encode()
    request = urllib.request.Request(url, data=body, method=method)
    if content_type and body is not None:
        request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read()), response.headers
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read()), err.headers


def test_post_translate_answers_the_translation_and_its_latency(
    served, translation_model, sentences
):
    _, task, model = translation_model
    base = served()
    a, b = sentences[:2]
    status, body, headers = call(base + "/translate", {"text": f"{a}{b}\n{a}"})
    assert status == 200 and headers["Content-Type"] == "application/json"
    one = {s: translate(model, task, [s])[0] for s in (a, b)}
    assert body["translation"] == f"{one[a]} {one[b]}\n{one[a]}"
    assert body["latency_ms"] > 0 and body["engine"] == "PyTorch"
    assert (body["sentences"], body["from_cache"], body["decoding"]) == (3, 1, "greedy")
    status, again, _ = call(base + "/translate", {"text": a})
    assert status == 200 and again["from_cache"] == 1 and again["translation"] == one[a]
    status, beam, _ = call(base + "/translate", {"text": a, "beam": 3})
    assert beam["translation"] == translate(model, task, [a], "beam", 3)[0]
    assert beam["decoding"] == "beam 3"
    status, health, _ = call(base + "/health")
    assert status == 200 and health["engine"] == "PyTorch" and health["cache"]["entries"] == 3


def test_the_onnx_export_serves_the_same_translations(served, translation_model, sentences):
    _, task, model = translation_model
    base = served(onnx=True)
    status, body, _ = call(base + "/translate", {"text": sentences[2]})
    assert status == 200 and body["engine"] == "ONNX"
    assert body["translation"] == translate(model, task, [sentences[2]])[0]


@pytest.mark.parametrize(
    ("data", "content_type", "status", "said"),
    [
        (b'{"text": "oops', "application/json", 400, "not valid JSON"),
        (b"\xff\xfe", "application/json", 400, "not UTF-8"),
        ({"txt": "你好"}, "application/json", 400, 'needs a "text" field'),
        (["你好"], "application/json", 400, 'needs a "text" field'),
        ({"text": 12}, "application/json", 400, '"text" must be a string, got int'),
        ({"text": "你好", "lang": "en"}, "application/json", 400, "unknown field 'lang'"),
        ({"text": "你好", "beam": 1}, "application/json", 400, '"beam" must be 0'),
        ({"text": "你好"}, "text/plain", 415, "Content-Type: application/json"),
        ({"text": "a" * 101}, "application/json", 413, '"text" has 101 characters'),
        ({"text": "好" * 90}, "application/json", 413, "over 512 bytes"),  # 6 bytes each
    ],
)
def test_bad_requests_get_a_json_error_that_says_what_to_fix(
    served, data, content_type, status, said
):
    base = served(Limits(max_bytes=512, max_chars=100))
    got, body, _ = call(base + "/translate", data, content_type=content_type)
    assert got == status
    assert said in body["error"]


def test_wrong_paths_and_methods_get_json_errors(served):
    base = served()
    status, body, headers = call(base + "/translate")  # GET
    assert status == 405 and "use POST /translate" in body["error"] and headers["Allow"] == "POST"
    status, body, _ = call(base + "/nowhere", {"text": "你好"})
    assert status == 404 and "no such path /nowhere" in body["error"]


def test_a_client_past_the_rate_limit_is_told_when_to_come_back(served):
    base = served(Limits(rate="3/minute"))
    statuses = [call(base + "/translate", {"text": "你好"})[0] for _ in range(3)]
    assert statuses == [200, 200, 200]
    status, body, headers = call(base + "/translate", {"text": "你好"})
    assert status == 429 and "at most 3/minute" in body["error"]
    assert 1 <= int(headers["Retry-After"]) <= 61


def test_a_bad_rate_is_refused_before_serving(translation_run):
    translator = LiveTranslator(open_backend(translation_run))
    with pytest.raises(ValueError, match='write it like "30/second"'):
        TranslationService(translator, limits=Limits(rate="often"))


def test_serve_of_a_missing_folder_or_another_tasks_run_is_one_clear_line(tmp_path, capsys):
    assert main(["serve", str(tmp_path / "nowhere"), "--port", "0"]) == 2
    assert "no such run folder" in capsys.readouterr().err
    grid = make_run(tmp_path / "grid", None, GRID_WORLD)
    assert main(["serve", str(grid), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "a run of the gridworld task, not translation" in err and "Traceback" not in err


def test_the_serve_command_listens_on_localhost_and_stops_on_ctrl_c(
    translation_run, translation_model, sentences
):
    _, task, model = translation_model
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "studio", "serve", str(translation_run), "--port", "0", "--onnx"],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        line = ""
        for line in proc.stderr:  # up to the line that names the address
            if "http://" in line:
                break
        assert "ONNX translations of" in line and "http://127.0.0.1:" in line
        (url,) = [word for word in line.split() if word.startswith("http://")]
        status, body, _ = call(url, {"text": sentences[0]})
        assert status == 200
        assert body["translation"] == translate(model, task, [sentences[0]])[0]
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
