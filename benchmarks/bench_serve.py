"""Benchmark: `grpo-studio serve` under 20 concurrent clients, on the CPU, ONNX engine.

Makes the run bench_onnx_latency.py makes (a Tiny-Transformer at the preset's default
size, zh->en on the built-in demo corpus, `--warmup-steps` supervised steps: far from a
good translator, but its outputs end at about the references' length), exports it, and
serves the export from a child process (this script with --serve-child: the server of
studio.core.serving, loopback, no key, the default limits but two):

- the per-address rate is lifted ("--rate"): every client here is 127.0.0.1, and the
  default 30 requests a second from one address is exactly what this load exceeds;
- the translation cache holds one sentence and no encoder output, so every request is
  translated by the model, not served from memory (the held-out sentences repeat).

Then, with the clients in this process (urllib, one connection a request, as the server
closes each):

1. One sentence, LibreTranslate's shape (POST /translate {"q", "source", "target"})
   against the studio's own endpoint (POST /studio/translate {"text"}), one client, each
   held-out sentence asked of both, the order alternating, no sentence asked twice in a
   row (so both miss the one-sentence cache): median latency of each, and the median of
   the per-sentence ratio LibreTranslate / studio; then one sentence asked again and
   again of both, alternating, answered from the cache: the request and answer alone;
   and the same in this process, the application called without sockets (Werkzeug's
   test client), which the machine's other work disturbs less.
2. `--clients` clients (20) for `--seconds` (60), each sending its next request as soon
   as its last is answered: a one-sentence request, or (`--paragraph-share`, 30%) a
   paragraph of four sentences. Reported per kind: requests, p50/p95/max latency as the
   client measured it; requests sent, answered with a translation, and lost (any other
   status, or no answer); the server's RSS each second (at the start of the load, 10 s in,
   at the end, its peak).

    OMP_NUM_THREADS=1 python benchmarks/bench_serve.py [--clients 20] [--seconds 60]
        [--warmup-steps 150] [--threads 1] [--run RUN_DIR]

`--run` serves a translation run made elsewhere, exported (its export/ folder): the one
bench_pretrained_translator.py leaves (its report's run_dir) puts an opus-mt-zh-en-shaped
translator of the user's under the same load.
    python benchmarks/bench_serve.py --quick    # a tiny model, 4 clients for 5 s
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

PARAGRAPH = 4  # sentences in a paragraph request
RATE = "1000000/minute"  # the per-address rate, lifted (see the docstring)


def serve_child(run_dir: Path, port_file: Path, threads: int) -> None:
    """The server: the run's export, a one-sentence cache; writes its port, then serves
    until killed."""
    import torch

    from studio.core.serving.http_app import Access
    from studio.core.serving.http_server import TranslationServer
    from studio.core.serving.request_fields import ServeLimits
    from studio.core.serving.text_answers import open_service
    from studio.core.tasks.translation.cache import TranslationCache

    torch.set_num_threads(threads)
    service = open_service([run_dir], onnx=True, threads=threads, limits=ServeLimits(rate=RATE))
    for run in service.runs.runs:  # every request through the model
        run.translator.cache = TranslationCache(sentences=1, encoder_bytes=1)
    server = TranslationServer(service, Access(), "127.0.0.1", 0)
    port_file.write_text(str(server.port))
    server.serve()


def post(url: str, body: dict) -> tuple[int, dict | None]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as err:
        return err.code, None
    except OSError:
        return 0, None  # no answer at all


def translated(status: int, answer: dict | None, key: str) -> bool:
    return status == 200 and isinstance(answer, dict) and isinstance(answer.get(key), str)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def compare_shapes(base: str, sentences: list[str]) -> dict[str, float]:
    """Median latency (ms) of one sentence by each endpoint, and the median ratio."""
    lt, own, ratios = [], [], []

    def libre(s: str) -> float:
        started = time.perf_counter()
        status, answer = post(f"{base}/translate", {"q": s, "source": "zh", "target": "en"})
        assert translated(status, answer, "translatedText"), (status, answer)
        return (time.perf_counter() - started) * 1000

    def studio(s: str) -> float:
        started = time.perf_counter()
        status, answer = post(f"{base}/studio/translate", {"text": s})
        assert translated(status, answer, "translation"), (status, answer)
        return (time.perf_counter() - started) * 1000

    for i in range(0, len(sentences) - 1, 2):
        a, b = sentences[i], sentences[i + 1]
        first, second = (libre, studio) if i % 4 == 0 else (studio, libre)
        # a by one, b by the other, a by the other, b by the first: no sentence twice in a row
        t_a1, t_b2, t_a2, t_b1 = first(a), second(b), second(a), first(b)
        pairs = [(t_a1, t_a2), (t_b1, t_b2)]  # (first's, second's) for each sentence
        for t_first, t_second in pairs:
            t_lt, t_own = (t_first, t_second) if first is libre else (t_second, t_first)
            lt.append(t_lt)
            own.append(t_own)
            ratios.append(t_lt / t_own)
    return {
        "libre_ms": statistics.median(lt),
        "studio_ms": statistics.median(own),
        "ratio": statistics.median(ratios),
        "n": len(ratios),
    }


def compare_answering(base: str, sentence: str, n: int) -> dict[str, float]:
    """The same, for one sentence asked `n` times each way, alternating: the cache's one
    sentence answers all but the first, so this is the cost of the request and its answer
    alone (HTTP, fields, the shape), without the model."""
    lt, own = [], []
    post(f"{base}/translate", {"q": sentence, "source": "zh", "target": "en"})  # cached now
    for i in range(2 * n):
        libre = i % 2 == (i // 2) % 2  # LT first in one pair, second in the next
        started = time.perf_counter()
        if libre:
            status, answer = post(
                f"{base}/translate", {"q": sentence, "source": "zh", "target": "en"}
            )
            assert translated(status, answer, "translatedText"), (status, answer)
        else:
            status, answer = post(f"{base}/studio/translate", {"text": sentence})
            assert translated(status, answer, "translation") and answer["from_cache"] == 1
        (lt if libre else own).append((time.perf_counter() - started) * 1000)
    return {"libre_ms": statistics.median(lt), "studio_ms": statistics.median(own), "n": n}


def compare_in_process(run_dir: Path, sentence: str, n: int) -> dict[str, float]:
    """The same request of both shapes, answered from the cache by the application alone
    (Werkzeug's test client, in this process: no sockets, no other process to wait for),
    alternating: what each shape costs the server itself, in microseconds."""
    from werkzeug.test import Client

    from studio.core.serving.http_app import Access, TranslationApp
    from studio.core.serving.request_fields import ServeLimits
    from studio.core.serving.text_answers import open_service

    service = open_service([run_dir], onnx=True, limits=ServeLimits(rate=RATE))
    app = TranslationApp(service, Access())
    app.port = 80  # the test client's Host is "localhost"
    client = Client(app)
    asks = {
        "libre": ("/translate", {"q": sentence, "source": "zh", "target": "en"}),
        "studio": ("/studio/translate", {"text": sentence}),
    }
    took: dict[str, list[float]] = {"libre": [], "studio": []}
    for i in range(n + 20):  # the first 20 of each warm up
        for name in ("libre", "studio") if i % 2 else ("studio", "libre"):
            path, body = asks[name]
            started = time.perf_counter()
            answer = client.post(path, json=body)
            if i >= 20:
                took[name].append((time.perf_counter() - started) * 1e6)
            assert answer.status_code == 200, answer.get_data()
    service.queue.close()
    return {name: statistics.median(values) for name, values in took.items()}


def load(
    base: str, sentences: list[str], clients: int, seconds: float, share: float, pid: int
) -> dict:
    """`clients` clients for `seconds`; latencies by kind, counts, the server's RSS."""
    results: list[tuple[str, bool, float]] = []  # (kind, translated, latency ms)
    lock = threading.Lock()
    start = time.perf_counter()
    deadline = start + seconds

    def client(seed: int) -> None:
        rng = random.Random(seed)
        while time.perf_counter() < deadline:
            kind = "paragraph" if rng.random() < share else "sentence"
            count = PARAGRAPH if kind == "paragraph" else 1
            text = "".join(rng.sample(sentences, count))
            began = time.perf_counter()
            status, answer = post(f"{base}/translate", {"q": text, "source": "zh", "target": "en"})
            took = (time.perf_counter() - began) * 1000
            with lock:
                results.append((kind, translated(status, answer, "translatedText"), took))

    rss: list[tuple[float, int]] = []
    process = psutil.Process(pid)
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            rss.append((time.perf_counter() - start, process.memory_info().rss))
            done.wait(1.0)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    threads = [threading.Thread(target=client, args=(1000 + i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    done.set()
    sampler.join()
    rss.append((time.perf_counter() - start, process.memory_info().rss))
    return {"results": results, "rss": rss, "wall": time.perf_counter() - start}


def rss_at(rss: list[tuple[float, int]], t: float) -> float:
    """The server's RSS (MiB) at the first sample at or after t seconds."""
    return next(value for at, value in rss if at >= t or (at, value) == rss[-1]) / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--paragraph-share", type=float, default=0.3)
    parser.add_argument("--warmup-steps", type=int, default=150, help="supervised steps first")
    parser.add_argument("--threads", type=int, default=1, help="the server's CPU threads")
    parser.add_argument("--compare", type=int, default=100, help="sentences of part 1")
    parser.add_argument("--run", help="serve this translation run (with its export) instead")
    parser.add_argument("--quick", action="store_true", help="tiny model, 4 clients for 5 s")
    parser.add_argument("--serve-child", help=argparse.SUPPRESS)
    parser.add_argument("--port-file", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_child:
        serve_child(Path(args.serve_child), Path(args.port_file), args.threads)
        return
    if args.quick:
        args.clients, args.seconds, args.warmup_steps, args.compare = 4, 5, 2, 10

    from bench_onnx_latency import make_run

    from studio.core.export.pipeline import export_run
    from studio.core.runs.loading import load_trained
    from studio.core.tasks.translation.sentences import split_sentences

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as root:
        if args.run:
            run_dir = Path(args.run)
        else:
            made = time.perf_counter()
            run_dir = make_run(Path(root), args.warmup_steps, args.quick)
            export_run(run_dir, examples=20)
            print(f"run made and exported in {time.perf_counter() - made:.0f} s", flush=True)
        _, task, model = load_trained(run_dir)
        held_out = [s for s, _ in task.splits["valid"] + task.splits["test"]]
        sentences = list(dict.fromkeys(p for h in held_out for p in split_sentences(h)))
        random.Random(0).shuffle(sentences)
        port_file = Path(root) / "port"
        command = [sys.executable, __file__, "--serve-child", str(run_dir)]
        command += ["--port-file", str(port_file), "--threads", str(args.threads)]
        child = subprocess.Popen(command)
        try:
            while not port_file.exists() or not port_file.read_text():
                if child.poll() is not None:
                    sys.exit("the server did not start; its error is above")
                time.sleep(0.1)
            base = f"http://127.0.0.1:{port_file.read_text()}"
            for s in sentences[:20]:  # warm-up: allocators, onnxruntime's first runs
                post(f"{base}/translate", {"q": s, "source": "zh", "target": "en"})
            params = sum(p.numel() for p in model.parameters()) / 1e6
            made_by = (
                f"the run {run_dir.name}" if args.run else f"{args.warmup_steps} warm-up steps"
            )
            print(
                f"{type(model).__name__} {params:.2f}M params, {made_by}, "
                f"ONNX, server threads {args.threads}, {len(sentences)} distinct held-out "
                f"sentences; load average {load_before[0]:.1f} before",
                flush=True,
            )
            shapes = compare_shapes(base, sentences[: 2 * args.compare])
            print(
                f"\n1. one sentence, one client, {shapes['n']} sentences each way: "
                f"LibreTranslate /translate median {shapes['libre_ms']:.1f} ms, "
                f"/studio/translate median {shapes['studio_ms']:.1f} ms, "
                f"median ratio {shapes['ratio']:.3f}",
                flush=True,
            )
            cached = compare_answering(base, sentences[0], args.compare * 2)
            print(
                f"   the same sentence {cached['n']} times each way (from the cache: the "
                f"request and answer alone): /translate median {cached['libre_ms']:.2f} ms, "
                f"/studio/translate median {cached['studio_ms']:.2f} ms, ratio "
                f"{cached['libre_ms'] / cached['studio_ms']:.3f}",
                flush=True,
            )
            alone = compare_in_process(run_dir, sentences[0], 20 * args.compare)
            print(
                f"   the same, {20 * args.compare} times each way in this process by the "
                f"application alone: /translate median {alone['libre']:.0f} us, "
                f"/studio/translate median {alone['studio']:.0f} us, ratio "
                f"{alone['libre'] / alone['studio']:.3f}",
                flush=True,
            )
            got = load(base, sentences, args.clients, args.seconds, args.paragraph_share, child.pid)
        finally:
            child.terminate()
            child.wait(10)
    results, rss = got["results"], got["rss"]
    print(
        f"\n2. {args.clients} clients for {args.seconds:.0f} s "
        f"({args.paragraph_share:.0%} paragraphs of {PARAGRAPH} sentences), "
        f"wall {got['wall']:.1f} s; load average {os.getloadavg()[0]:.1f} after"
    )
    print("| kind | requests | p50 ms | p95 ms | max ms | per second |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind in ("sentence", "paragraph"):
        took = [ms for k, _, ms in results if k == kind]
        if took:
            print(
                f"| {kind} | {len(took)} | {percentile(took, 0.5):.0f} | "
                f"{percentile(took, 0.95):.0f} | {max(took):.0f} | "
                f"{len(took) / got['wall']:.1f} |"
            )
    answered = sum(ok for _, ok, _ in results)
    lost = len(results) - answered
    print(f"sent {len(results)}, answered with a translation {answered}, lost {lost}")
    peak = max(value for _, value in rss) / 2**20
    print(
        f"server RSS: {rss_at(rss, 0):.1f} MiB at the start, {rss_at(rss, 10):.1f} MiB at 10 s, "
        f"{rss[-1][1] / 2**20:.1f} MiB at the end, peak {peak:.1f} MiB ({len(rss)} samples)"
    )


if __name__ == "__main__":
    main()
