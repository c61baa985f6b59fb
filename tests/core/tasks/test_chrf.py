"""The studio's one chrF (studio.core.tasks.chrf): sacrebleu's, its F-beta right for a
fractional recall weight too (the config takes a float), against n-grams counted by hand."""

import random

import pytest
from sacrebleu.metrics import CHRF

from studio.core.tasks.chrf import CHRF_BETA, CHRF_BETA_MAX, corpus_chrf, sentence_chrf


def f_beta(precision: float, recall: float, beta: float) -> float:
    b2 = beta * beta
    return (1 + b2) * precision * recall / (b2 * precision + recall)


# "abx" against "abcab", counted by hand (hypothesis n-grams, reference n-grams, matches):
#   1-grams a b x / a b c a b: 3, 5, 2 (a, b)  -> precision 2/3, recall 2/5
#   2-grams ab bx / ab bc ca ab: 2, 4, 1 (ab)  -> precision 1/2, recall 1/4
#   3-grams abx / abc bca cab: 1, 3, 0         -> precision 0, recall 0
#   4-grams and longer: none in the hypothesis, so those orders are left out
PRECISION = (2 / 3 + 1 / 2 + 0) / 3
RECALL = (2 / 5 + 1 / 4 + 0) / 3


@pytest.mark.parametrize("beta", [0.5, 1.0, 1.5, 2.0, 2.7, CHRF_BETA_MAX])
def test_f_beta_of_hand_counted_ngrams_for_any_recall_weight(beta):
    assert sentence_chrf("abx", ["abcab"], beta=beta) == pytest.approx(
        f_beta(PRECISION, RECALL, beta), abs=1e-12
    )


def test_a_fractional_beta_lies_between_its_whole_neighbours():
    # recall is below precision here: the more recall weighs, the lower the score
    scores = [sentence_chrf("abx", ["abcab"], beta=b) for b in (1.0, 1.5, 2.0)]
    assert scores[0] > scores[1] > scores[2]


def test_several_references_score_the_nearest_and_none_scores_0():
    rng = random.Random(1)
    for beta in (1.0, 1.5):
        for _ in range(30):
            hyp, *refs = ("".join(rng.choices("abcd ", k=rng.randint(1, 10))) for _ in "1234")
            nearest = max(sentence_chrf(hyp, [r], beta=beta) for r in refs)
            assert sentence_chrf(hyp, refs, beta=beta) == nearest, (hyp, refs)
    assert sentence_chrf("abc", []) == 0.0
    with pytest.raises(TypeError):  # a text is not a list of references
        sentence_chrf("abc", "abc")


def test_edges_spaces_and_the_weight_of_0():
    assert sentence_chrf("a b c", ["abc"]) == 1.0  # whitespace is left out
    assert sentence_chrf("", ["abc"]) == 0.0 and sentence_chrf("abc", [""]) == 0.0
    assert sentence_chrf("abx", ["abcab"], beta=0) == pytest.approx(PRECISION)  # precision alone


def test_the_default_is_sacrebleus_standard_chrf():
    assert CHRF_BETA == 2.0
    standard = CHRF()
    rng = random.Random(0)
    for _ in range(50):
        ref = "".join(rng.choices("abcde ", k=rng.randint(1, 12)))
        hyp = "".join(rng.choices("abcde ", k=rng.randint(1, 12)))
        assert sentence_chrf(hyp, [ref]) == standard.sentence_score(hyp, [ref]).score / 100
    hyps, refs = ["the cat sat", "a dog"], ["the cat sat down", "the dog"]
    assert corpus_chrf(hyps, refs) == standard.corpus_score(hyps, [refs]).score
