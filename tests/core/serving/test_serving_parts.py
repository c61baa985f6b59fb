"""The server's parts without HTTP: the model's queue (turns in order, bounded, closed,
a gone client's turns dropped), HTML cut into markup and text, language codes as clients
send them, a text's language among those served, beam search's ranked hypotheses and the
alternatives made of them."""

import random
import threading
import time

import pytest
import torch

from studio.core.config.decoding import Decoding
from studio.core.data.language_id import rank_languages
from studio.core.models.beam_search import beam_search, ranked_beam_search
from studio.core.serving.html_text import pieces, translate_html
from studio.core.serving.language_codes import language_name, served_code
from studio.core.serving.live_translation import LiveUpdate, SentenceResult
from studio.core.serving.sentence_queue import (
    ClientGone,
    QueueClosed,
    QueueFull,
    RequestTurns,
    SentenceQueue,
)
from studio.core.tasks.translation.cache import CacheStats

# ---- the queue


def test_a_short_request_gets_the_next_turn_after_one_sentence_of_a_long_one():
    queue = SentenceQueue()
    order: list[str] = []
    first_started, gate = threading.Event(), threading.Event()

    def sentence(name: str):
        def work():
            if name == "long 0":
                first_started.set()
                gate.wait(10)
            order.append(name)

        return work

    def long_request():
        for i in range(4):  # one sentence at a time, each after the one before is done
            queue.run(sentence(f"long {i}"))

    long_thread = threading.Thread(target=long_request)
    long_thread.start()
    assert first_started.wait(10)
    short_thread = threading.Thread(target=lambda: queue.run(sentence("short")))
    short_thread.start()
    while queue.waiting < 1:  # the short one waits behind the long one's first sentence
        time.sleep(0.001)
    gate.set()
    long_thread.join(10)
    short_thread.join(10)
    assert order == ["long 0", "short", "long 1", "long 2", "long 3"]
    queue.close()


def test_the_wait_for_a_turn_is_counted_and_errors_reach_the_caller():
    queue = SentenceQueue()
    gate = threading.Event()
    holder = threading.Thread(target=lambda: queue.run(lambda: gate.wait(10)))
    holder.start()
    while queue.served == 0 and queue.waiting == 0 and not holder.is_alive():
        time.sleep(0.001)
    time.sleep(0.05)  # the holder's turn is running
    turns = RequestTurns(queue)
    threading.Timer(0.2, gate.set).start()
    assert turns(lambda: "done") == "done"
    assert turns.waited >= 0.1
    with pytest.raises(ZeroDivisionError):
        turns(lambda: 1 / 0)
    holder.join(10)
    queue.close()


def test_a_full_queue_refuses_and_a_closed_one_ends_what_waits():
    queue = SentenceQueue(max_waiting=1)
    gate = threading.Event()
    running = threading.Thread(target=lambda: queue.run(lambda: gate.wait(10)))
    running.start()
    time.sleep(0.05)
    outcome: list[BaseException] = []

    def wait_in_line():
        try:
            queue.run(lambda: None)
        except QueueClosed as err:
            outcome.append(err)

    waiting = threading.Thread(target=wait_in_line)
    waiting.start()
    while queue.waiting < 1:
        time.sleep(0.001)
    with pytest.raises(QueueFull):
        queue.run(lambda: None)
    queue.close()
    waiting.join(10)
    assert len(outcome) == 1
    with pytest.raises(QueueClosed):
        queue.run(lambda: None)
    gate.set()
    running.join(10)


def test_a_gone_clients_turns_are_dropped_before_and_while_they_wait():
    queue = SentenceQueue()
    gate, gone = threading.Event(), threading.Event()
    holder = threading.Thread(target=lambda: queue.run(lambda: gate.wait(10)))
    holder.start()
    time.sleep(0.05)  # the holder's turn is running
    turns = RequestTurns(queue, gone.is_set)
    ran: list[int] = []
    outcome: list[BaseException] = []

    def request():
        try:
            for i in range(5):
                turns(lambda i=i: ran.append(i))
        except ClientGone as err:
            outcome.append(err)

    asking = threading.Thread(target=request)
    asking.start()
    while queue.waiting < 1:  # its first sentence waits behind the holder's
        time.sleep(0.001)
    gone.set()  # the client hangs up while it waits
    gate.set()
    asking.join(10)
    holder.join(10)
    assert ran == [] and len(outcome) == 1 and turns.taken == 0
    assert queue.dropped == 1  # skipped when its turn came, never run
    with pytest.raises(ClientGone):  # and no later sentence is queued at all
        turns(lambda: ran.append(9))
    assert queue.dropped == 1 and ran == []
    queue.close()


# ---- language codes


@pytest.mark.parametrize(
    ("sent", "served"),
    [
        ("zh", "zh-Hans"),
        ("zh-Hans", "zh-Hans"),
        ("ZH_hans", "zh-Hans"),
        ("zh-CN", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("cmn", "zh-Hans"),
        ("Chinese", "zh-Hans"),
        ("zh-Hant", "zh-Hant"),
        ("zh_TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zt", "zh-Hant"),
        ("EN", "en"),
        ("en-US", "en"),
        ("en_GB", "en"),
        ("pt-BR", "pt"),
        ("Klingon", "klingon"),
    ],
)
def test_language_codes_are_read_as_clients_send_them_and_said_as_libretranslate(sent, served):
    assert served_code(sent) == served


def test_language_names_are_libretranslates():
    assert [language_name(c) for c in ("zh-Hans", "zh-Hant", "en", "xx")] == [
        "Chinese",
        "Chinese (traditional)",
        "English",
        "xx",
    ]


# ---- HTML


@pytest.mark.parametrize(
    "fragment",
    [
        "plain text",
        '<p class="a">Hello &amp; bye!</p>',
        "<p>a <b>bold</b> move<br>and more</p>\n<p>two</p>",
        "<!-- note --><p translate=\"no\">Keep</p> a < b <script>var x = '<p>';</script>",
        "<p>unclosed <i>tags",
        "",
    ],
)
def test_html_pieces_join_back_to_the_fragment(fragment):
    assert "".join(piece.raw for piece in pieces(fragment)) == fragment


def test_html_text_is_translated_and_escaped_the_markup_kept():
    fragment = (
        '<p class="x">One &lt;two&gt;</p><code>keep me</code> <span class="notranslate">'
        "Me too</span><pre>and me</pre> 42 <a href='/t'>link</a>"
    )
    out = translate_html(fragment, lambda text: f"[{text}] & more")
    assert out == (
        '<p class="x">[One &lt;two&gt;] &amp; more</p><code>keep me</code> '
        '<span class="notranslate">Me too</span><pre>and me</pre> 42 '
        "<a href='/t'>[link] &amp; more</a>"
    )


# ---- a text's language


def test_languages_are_ranked_by_script_then_by_the_identifier():
    assert rank_languages("我喜欢猫。", ["en", "zh"]) == [("zh", 1.0), ("en", 0.0)]
    assert rank_languages("I like cats.", ["zh", "en"])[0] == ("en", 1.0)
    french = rank_languages("Je voudrais un café, s'il vous plaît.", ["en", "fr", "zh"])
    assert french[0][0] == "fr" and french[-1] == ("zh", 0.0)
    assert rank_languages("12 + 34", ["zh", "en"]) == [("zh", 0.0), ("en", 0.0)]


# ---- ranked beams and alternatives


def test_the_best_ranked_beam_is_beam_searchs_answer(translation_model):
    _, task, model = translation_model
    sentences = [e.prompt for e in task.sample(3, random.Random(0), 0)]
    src, mask = task.sources_batch(sentences, model.cfg.max_len)
    tok = task.target_tok
    settings = {
        "beam_size": 4,
        "max_new_tokens": model.cfg.max_len,
        "bos_id": tok.bos_id,
        "eos_id": tok.eos_id,
    }
    with torch.no_grad():
        best = beam_search(model.eval(), src, mask, **settings)
        ranked = ranked_beam_search(model.eval(), src, mask, **settings)
    assert [beams[0] for beams in ranked] == best
    assert all(1 <= len(beams) <= 4 for beams in ranked)


def update(lines: list[list[SentenceResult]]) -> LiveUpdate:
    return LiveUpdate("PyTorch", Decoding.beam(3), lines, 0.0, CacheStats(0, 0, 0, 1), " ")


def test_alternatives_take_each_sentences_next_hypotheses_without_repeats():
    a = SentenceResult("a", "A1", False, ("A1", "A2", "A3"))
    b = SentenceResult("b", "B1", False, ("B1", "B1"))  # fewer distinct ones
    assert update([[a, b]]).alternatives(2) == ["A2 B1", "A3 B1"]
    assert update([[a, b]]).alternatives(1) == ["A2 B1"]
    assert update([[b]]).alternatives(3) == []  # its only other hypothesis is itself
    plain = SentenceResult("c", "C", True)
    assert update([[plain]]).alternatives(2) == []
