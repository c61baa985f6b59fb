"""Tags ("<2en>", "<bt>") are one token of the source tokenizer, BPE writes Chinese one
character a piece, and the export's own tokenizers (plain Python) read both the same way
as the studio's."""

import json

import pytest

from studio.core.data.text_tokenizers import TextTokenizer, TokenizerError, train_tokenizer
from studio.core.export.snippets.tiny_transformer import TranslatorOnnx, make_tokenizer

ZH = ["我喜欢猫。", "他昨天买了三本书。", "你喝茶吗？", "猫在睡觉。", "我们明天去北京"]
EN = ["I like cats.", "He bought three books yesterday.", "Do you drink tea?", "The cat sleeps."]
TAGS = ["<2en>", "<2zh>", "<bt>"]


@pytest.mark.parametrize("kind", ["char", "bpe"])
def test_a_tag_is_one_token_after_the_vocabulary_and_decodes_to_nothing(kind):
    texts = [f"<2en> {z}" for z in ZH] + [f"<2zh> {e}" for e in EN]
    tok = train_tokenizer(texts * 3, kind=kind, vocab_size=120, tags=TAGS)
    plain = train_tokenizer(ZH * 3 + EN * 3, kind=kind, vocab_size=120)
    assert tok.vocab_size == plain.vocab_size + 3  # the tags' text was not learned as text
    ids = tok.encode("<2zh> <bt> I like cats.")
    assert tok.tokens(ids[:2]) == ["<2zh>", "<bt>"]
    assert ids[:2] == [plain.vocab_size + 1, plain.vocab_size + 2]
    assert ids[2:] == plain.encode("I like cats.")  # the space after each tag is the tag's
    assert tok.decode(ids) == "I like cats."
    assert tok.encode("I like <2en> cats.") == plain.encode("I like <2en> cats.")  # only leading
    back = TextTokenizer.from_dict(json.loads(json.dumps(tok.to_dict(), ensure_ascii=False)))
    assert back.tags == tuple(TAGS) and back.encode("<bt> 猫在睡觉。") == tok.encode(
        "<bt> 猫在睡觉。"
    )
    # a tokenizer saved before tags existed has none, and reads "<2en>" as its characters
    assert "tags" not in plain.to_dict() and TextTokenizer.from_dict(plain.to_dict()).tags == ()


def test_bad_tags_are_refused():
    for bad in (["2en"], ["<2 en>"], ["<bt>", "<bt>"]):
        with pytest.raises(TokenizerError, match="tag"):
            train_tokenizer(EN, kind="char", tags=bad)
    with pytest.raises(TokenizerError, match="list of strings"):
        TextTokenizer.from_dict({**train_tokenizer(EN, kind="char").to_dict(), "tags": "<bt>"})


def test_bpe_keeps_each_han_character_a_piece_of_its_own():
    tok = train_tokenizer((ZH + EN) * 20, kind="bpe", vocab_size=400)
    pieces = tok.tokens(tok.encode("我喜欢猫。"))
    assert pieces == ["▁", "我", "喜", "欢", "猫", "。"]  # whole sentences were single pieces
    assert any(len(p) > 3 for p in tok.tokens(tok.encode("yesterday")))  # English still merges
    for text in [*ZH, *EN, "我 like 猫猫。 三本书?", "猫 cats  猫猫 "]:
        assert tok.decode(tok.encode(text)) == text


@pytest.mark.parametrize("kind", ["char", "bpe"])
def test_the_example_programs_tokenizers_read_tags_and_chinese_as_the_studio_does(kind):
    texts = [f"<2en> {z}" for z in ZH] + [f"<2zh> {e}" for e in EN]
    tok = train_tokenizer(texts * 4, kind=kind, vocab_size=150, tags=TAGS)
    ours = make_tokenizer(json.loads(json.dumps(tok.to_dict(), ensure_ascii=False)))
    tricky = [
        *texts,
        "<2zh> <bt> I like 猫 cats.",
        "我用Python写代码，很好。",
        "  两个  空格 ",
        "<bt>",
        "未见过的字 and unseen words €",
    ]
    for text in tricky:
        ids = tok.encode(text)
        assert ours.encode(text) == ids, text
        assert ours.decode(ids) == tok.decode(ids), text


def test_the_example_program_tags_the_direction_of_a_model_trained_both_ways():
    tok = train_tokenizer(["<2en> 猫", "<2zh> cat"], kind="char", tags=["<2en>", "<2zh>"])
    runner = TranslatorOnnx.__new__(TranslatorOnnx)  # the tagging needs no graphs
    runner.source_tok = make_tokenizer(tok.to_dict())
    runner.meta = {"task": {"source_lang": "zh", "target_lang": "en", "both_directions": True}}
    assert runner.directed("猫") == "<2en> 猫"
    assert runner.directed("cat", "zh") == "<2zh> cat"
    assert runner.directed("<2zh> cat") == "<2zh> cat"  # tagged already: left alone
    with pytest.raises(ValueError, match="writes zh or en, not 'fr'"):
        runner.directed("cat", "fr")
    runner.meta["task"]["both_directions"] = False
    assert runner.directed("猫") == "猫"
    with pytest.raises(ValueError, match="zh->en only"):
        runner.directed("cat", "zh")
