"""grpo-studio serve: a real server on a free localhost port with real tiny translation runs,
called over HTTP: the studio's own endpoint, several runs behind one server, and the
command itself in a subprocess. (LibreTranslate's API and its clients:
test_libretranslate.py; what the server refuses: test_serve_safety.py.)"""

import json
import os
import signal
import subprocess
import sys

import pytest

from studio.cli.main import main
from studio.core.config.decoding import Decoding
from studio.core.runs.loading import load_trained
from studio.core.serving.engines import ServingError
from studio.core.serving.http_app import TranslationApp
from studio.core.serving.request_fields import ServeLimits
from studio.core.serving.sentence_queue import SentenceQueue
from studio.core.serving.served_runs import open_runs
from studio.core.serving.text_answers import Service
from studio.core.tasks.translation.decoding import translate
from studio.core.tasks.translation.directions import tagged
from tests.helpers import GRID_WORLD, TRANSLATION, held_out_sentences, make_run
from tests.support.servers import Servers, call


@pytest.fixture(scope="module")
def sentences(translation_model):
    return held_out_sentences(translation_model[1], 8, 5)


@pytest.fixture
def served():
    servers = Servers()
    yield servers
    servers.stop()


@pytest.fixture(scope="module")
def en_zh_run(tmp_path_factory):
    """A tiny en->zh run (no export), the other way of translation_run."""
    overrides = [*TRANSLATION, "task.source_lang=en", "task.target_lang=zh"]
    return make_run(tmp_path_factory.mktemp("en-zh"), "tiny_transformer", overrides, 0.3, 2)


@pytest.fixture(scope="module")
def both_ways_run(tmp_path_factory):
    overrides = [*TRANSLATION, "task.both_directions=true"]
    return make_run(tmp_path_factory.mktemp("both"), "tiny_transformer", overrides, 0.3, 3)


def test_studio_translate_answers_the_translation_its_latency_and_wait(
    served, translation_run, translation_model, sentences
):
    _, task, model = translation_model
    base = served(translation_run).url
    a, b = sentences[:2]
    status, body, headers = call(base + "/studio/translate", {"text": f"{a}{b}\n{a}"})
    assert status == 200 and headers["Content-Type"] == "application/json"
    one = {s: translate(model, task, [s])[0] for s in (a, b)}
    assert body["translation"] == f"{one[a]} {one[b]}\n{one[a]}"
    assert body["latency_ms"] >= body["wait_ms"] >= 0 and body["latency_ms"] > 0
    assert (body["engine"], body["source"], body["target"]) == ("PyTorch", "zh-Hans", "en")
    assert (body["sentences"], body["from_cache"], body["decoding"]) == (3, 1, "greedy")
    status, again, _ = call(base + "/studio/translate", {"text": a})
    assert status == 200 and again["from_cache"] == 1 and again["translation"] == one[a]
    status, beam, _ = call(base + "/studio/translate", {"text": a, "beam": 3})
    assert beam["translation"] == translate(model, task, [a], Decoding.beam(3))[0]
    assert beam["decoding"] == "beam 3"


def test_health_names_runs_by_folder_name_never_by_path(served, translation_run):
    server = served(translation_run)
    status, health, _ = call(server.url + "/health")
    assert status == 200 and health["status"] == "ok"
    assert health["runs"] == [
        {"name": translation_run.name, "engine": "PyTorch", "ways": ["zh-Hans->en"]}
    ]
    text = json.dumps(health)
    assert str(translation_run.parent) not in text and os.sep + translation_run.name not in text


def test_the_onnx_export_serves_the_same_translations(
    served, translation_run, translation_model, sentences
):
    _, task, model = translation_model
    base = served(translation_run, onnx=True).url
    status, body, _ = call(base + "/studio/translate", {"text": sentences[2]})
    assert status == 200 and body["engine"] == "ONNX"
    assert body["translation"] == translate(model, task, [sentences[2]])[0]


@pytest.mark.parametrize(
    ("data", "content_type", "status", "said"),
    [
        (b'{"text": "oops', "application/json", 400, "not valid JSON"),
        (b"\xff\xfe", "application/json", 400, "not UTF-8"),
        ({"txt": "你好"}, "application/json", 400, "unknown field 'txt'"),
        ({}, "application/json", 400, 'needs a "text" field'),
        (["你好"], "application/json", 400, "must be an object"),
        ({"text": 12}, "application/json", 400, '"text" must be a string, got int'),
        ({"text": "你好", "beam": 1}, "application/json", 400, '"beam" must be 0'),
        ({"text": "你好", "beam": "two"}, "application/json", 400, "whole number"),
        ({"text": "a" * 101}, "application/json", 400, "at most 100 at once (--max-chars)"),
        ({"text": "好" * 90}, "application/json", 413, "over 512 bytes (--max-bytes)"),
        (b"text=%E4%BD%A0%E5%A5%BD", "application/x-www-form-urlencoded", 200, None),
    ],
)
def test_bad_requests_get_a_json_error_that_says_what_to_fix(
    served, translation_run, data, content_type, status, said
):
    base = served(translation_run, limits=ServeLimits(max_bytes=512, max_chars=100)).url
    got, body, _ = call(base + "/studio/translate", data, content_type=content_type)
    assert got == status
    if said is not None:
        assert said in body["error"]


def test_a_client_past_the_rate_limit_is_told_when_to_come_back(served, translation_run):
    base = served(translation_run, limits=ServeLimits(rate="3/minute")).url
    statuses = [call(base + "/studio/translate", {"text": "你好"})[0] for _ in range(3)]
    assert statuses == [200, 200, 200]
    status, body, headers = call(base + "/studio/translate", {"text": "你好"})
    assert status == 429 and "at most 3/minute" in body["error"]
    assert 1 <= int(headers["Retry-After"]) <= 61


def test_a_bad_rate_is_refused_before_serving(translation_run):
    runs = open_runs([translation_run])
    with pytest.raises(ValueError, match='write it like "30/second"'):
        TranslationApp(Service(runs, SentenceQueue(), ServeLimits(rate="often")))


# ---- several runs behind one server


def test_two_runs_serve_both_ways_and_auto_picks_by_the_texts_language(
    served, translation_run, en_zh_run, translation_model
):
    _, task, model = translation_model
    base = served(translation_run, en_zh_run).url
    status, languages, _ = call(base + "/languages")
    assert status == 200
    assert languages == [
        {"code": "zh-Hans", "name": "Chinese", "targets": ["en"]},
        {"code": "en", "name": "English", "targets": ["zh-Hans"]},
    ]
    zh_en = translate(model, task, ["我喜欢猫。"])[0]
    _, en_task, en_model = load_trained(en_zh_run)
    en_zh = translate(en_model, en_task, ["I like cats."])[0]
    status, body, _ = call(
        base + "/translate", {"q": ["我喜欢猫。", "I like cats."], "source": "auto", "target": "en"}
    )
    assert status == 200
    assert body["translatedText"] == [zh_en, "I like cats."]  # English into English: as is
    assert [d["language"] for d in body["detectedLanguage"]] == ["zh-Hans", "en"]
    status, body, _ = call(
        base + "/translate", {"q": "I like cats.", "source": "auto", "target": "zh"}
    )
    assert status == 200 and body["translatedText"] == en_zh
    assert body["detectedLanguage"] == {"confidence": 100.0, "language": "en"}
    status, body, _ = call(base + "/studio/translate", {"text": "I like cats."})
    assert status == 400 and "translates zh-Hans->en, en->zh-Hans" in body["error"]
    status, body, _ = call(
        base + "/studio/translate", {"text": "I like cats.", "source": "en", "target": "zh"}
    )
    assert status == 200 and body["translation"] == en_zh and body["run"] == en_zh_run.name


def test_a_pair_no_run_covers_is_a_clear_400(served, translation_run):
    base = served(translation_run).url
    status, body, _ = call(base + "/translate", {"q": "你好", "source": "zh", "target": "fr"})
    assert status == 400
    assert body["error"] == "no run here translates zh-Hans->fr; this server translates zh-Hans->en"


def test_a_both_ways_run_serves_each_way_by_its_tag(served, both_ways_run):
    _, task, model = load_trained(both_ways_run)
    base = served(both_ways_run).url
    _, languages, _ = call(base + "/languages")
    assert {lang["code"]: lang["targets"] for lang in languages} == {
        "zh-Hans": ["en"],
        "en": ["zh-Hans"],
    }
    for text, source, target in (("我喜欢猫。", "zh", "en"), ("I like cats.", "en", "zh")):
        status, body, _ = call(base + "/translate", {"q": text, "source": source, "target": target})
        assert status == 200
        assert body["translatedText"] == translate(model, task, [tagged(text, target)])[0]


def test_two_runs_of_one_pair_are_refused(translation_run, both_ways_run):
    with pytest.raises(ServingError, match="both translate zh-Hans->en; serve one of them"):
        open_runs([translation_run, both_ways_run])


# ---- the command


def test_serve_of_a_missing_folder_or_another_tasks_run_is_one_clear_line(tmp_path, capsys):
    assert main(["serve", str(tmp_path / "nowhere"), "--port", "0"]) == 2
    assert "no such run folder" in capsys.readouterr().err
    grid = make_run(tmp_path / "grid", None, GRID_WORLD)
    assert main(["serve", str(grid), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "a run of the gridworld task, not translation" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--max-alternatives", "8"], "--max-alternatives 8 needs --max-beam 9 or more"),
        (["--beam", "12"], "--beam 12 is over --max-beam 8"),
        (["--max-chars", "0"], "--max-chars takes 1 or more, got 0"),
        (["--rate", "often"], "is not a rate"),
        (["--port", "70000"], "--port takes 0 (any free port) to 65535"),
    ],
)
def test_serve_options_are_checked_before_a_model_loads(tmp_path, capsys, options, said):
    assert main(["serve", str(tmp_path / "nowhere"), *options]) == 2
    assert said in capsys.readouterr().err


def test_an_empty_keys_file_is_refused(tmp_path, capsys):
    keys = tmp_path / "keys.txt"
    keys.write_text("# none yet\n\n")
    assert main(["serve", str(tmp_path), "--api-keys", str(keys)]) == 2
    assert "holds no key" in capsys.readouterr().err


def serve_command(*args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "studio", "serve", *args]
    return subprocess.Popen(command, stderr=subprocess.PIPE, text=True, env=env)


def lines_up_to_the_url(proc: subprocess.Popen) -> list[str]:
    lines = []
    for line in proc.stderr:
        lines.append(line)
        if "http://" in line:
            break
    return lines


def test_the_serve_command_listens_on_localhost_and_stops_on_ctrl_c(
    translation_run, translation_model, sentences
):
    _, task, model = translation_model
    proc = serve_command(str(translation_run), "--port", "0", "--onnx")
    try:
        *before, line = lines_up_to_the_url(proc)
        assert not before  # no warning: loopback only
        assert f"ONNX translations of {translation_run} (zh-Hans->en) at http://127.0.0.1:" in line
        (url,) = [word for word in line.split() if word.startswith("http://")]
        status, body, _ = call(
            url + "/translate", {"q": sentences[0], "source": "zh", "target": "en"}
        )
        assert status == 200
        assert body["translatedText"] == translate(model, task, [sentences[0]])[0]
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0


def test_every_interface_is_said_in_one_line_and_the_url_names_a_real_host(translation_run):
    proc = serve_command(str(translation_run), "--port", "0", "--onnx", "--host", "")
    try:
        warning, line = lines_up_to_the_url(proc)
        assert "warning: listening on every interface (" in warning
        assert "127.0.0.1" in warning and "--api-key makes them send a key" in warning
        (url,) = [word for word in line.split() if word.startswith("http://")]
        assert url.startswith("http://127.0.0.1:") and not url.startswith("http://:")
        status, _, _ = call(url + "/languages")
        assert status == 200
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=30) == 0
