"""Character and BPE tokenizers: round trips, spacing, saving, unknown characters."""

import json

import pytest

from studio.core.data.text_tokenizers import TextTokenizer, TokenizerError, train_tokenizer

ZH = ["我喜欢猫。", "他昨天买了三本书。", "你喝茶吗？", "猫在睡觉。"]
EN = [
    "I like cats.",
    "He bought three books yesterday.",
    "Do you drink tea?",
    'She said, "The cat\'s asleep!"',
    "The cat is sleeping.",
]


def test_char_tokenizer_round_trip_and_specials():
    tok = train_tokenizer(ZH, kind="char")
    assert tok.kind == "char"
    assert (tok.pad_id, tok.bos_id, tok.eos_id, tok.unk_id) == (0, 1, 2, 3)
    assert tok.vocab_size == 4 + len(set("".join(ZH)))
    for text in ZH:
        ids = tok.encode(text)
        assert len(ids) == len(text) and min(ids) >= 4  # one token per character, no specials
        assert tok.decode(ids) == text
    # special ids are left out of the text
    ids = tok.encode("猫")
    assert tok.decode([tok.bos_id, *ids, tok.eos_id, tok.pad_id, tok.pad_id]) == "猫"


def test_char_unknown_characters_map_to_unk():
    tok = train_tokenizer(ZH, kind="char")
    ids = tok.encode("猫狗")  # 狗 never seen
    assert ids[1] == tok.unk_id and ids[0] != tok.unk_id
    assert tok.decode(ids) == "猫"


def test_char_vocab_size_is_a_ceiling_keeping_the_most_frequent():
    tok = train_tokenizer(["aaab", "ab", "c"], kind="char", vocab_size=6)
    assert tok.vocab_size == 6 and tok.tokens(tok.encode("abc")) == ["a", "b", "<unk>"]
    rare = train_tokenizer(["aaab", "ab", "c"], kind="char", min_frequency=2)
    assert rare.encode("c") == [rare.unk_id]


def test_bpe_round_trip_restores_spacing_and_case():
    tok = train_tokenizer(EN * 3, kind="bpe", vocab_size=120)
    assert tok.kind == "bpe" and tok.vocab_size <= 120
    assert (tok.pad_id, tok.bos_id, tok.eos_id, tok.unk_id) == (0, 1, 2, 3)
    for text in EN:
        ids = tok.encode(text)
        assert tok.decode(ids) == text
    # punctuation is split off words, yet decoding puts no space before it
    pieces = tok.tokens(tok.encode("Do you drink tea?"))
    assert pieces[-1] == "?" and tok.decode(tok.encode("tea? I like cats.")) == "tea? I like cats."
    assert tok.decode([tok.bos_id, *tok.encode("I like cats."), tok.eos_id]) == "I like cats."


def test_bpe_merges_frequent_words_and_maps_unknown_characters_to_unk():
    tok = train_tokenizer(EN * 5, kind="bpe", vocab_size=200)
    assert len(tok.encode("The cat is sleeping.")) < len("The cat is sleeping.")
    ids = tok.encode("cat €")  # € never seen
    assert tok.unk_id in ids and tok.decode(ids) == "cat "  # the space before € stays


def test_joint_bpe_handles_both_languages():
    tok = train_tokenizer(ZH + EN, kind="bpe", vocab_size=150)
    for text in ZH + EN:
        assert tok.decode(tok.encode(text)) == text


@pytest.mark.parametrize("kind", ["char", "bpe"])
def test_to_dict_from_dict_gives_identical_encodings(kind):
    tok = train_tokenizer(ZH + EN, kind=kind, vocab_size=150)
    saved = json.loads(json.dumps(tok.to_dict(), ensure_ascii=False))  # survives JSON
    back = TextTokenizer.from_dict(saved)
    assert back.kind == kind and back.vocab_size == tok.vocab_size
    for text in [*ZH, *EN, "未知字符 and unknown words €"]:
        assert back.encode(text) == tok.encode(text)
        assert back.decode(tok.encode(text)) == tok.decode(tok.encode(text))


def test_training_errors_name_the_problem():
    with pytest.raises(TokenizerError, match='kind "word"'):
        train_tokenizer(EN, kind="word")
    with pytest.raises(TokenizerError, match="must exceed the 4 special tokens"):
        train_tokenizer(EN, kind="char", vocab_size=4)
    with pytest.raises(TokenizerError, match="no text"):
        train_tokenizer(["", ""], kind="bpe")
    with pytest.raises(TokenizerError, match="min_frequency"):
        train_tokenizer(EN, kind="bpe", min_frequency=0)


def test_from_dict_and_decode_errors():
    tok = train_tokenizer(ZH, kind="char")
    with pytest.raises(TokenizerError, match="outside this tokenizer's vocabulary"):
        tok.decode([tok.vocab_size])
    with pytest.raises(TokenizerError, match='kind "None"'):
        TextTokenizer.from_dict({"chars": ["a"]})
    with pytest.raises(TokenizerError, match="retrain"):
        TextTokenizer.from_dict({**tok.to_dict(), "format": 99})
    with pytest.raises(TokenizerError, match="list of characters"):
        TextTokenizer.from_dict({**tok.to_dict(), "chars": ["ab"]})
    with pytest.raises(TokenizerError, match="cannot be read"):
        TextTokenizer.from_dict({**tok.to_dict(), "kind": "bpe", "bpe": {"model": 3}})
