"""More data from less: target-language sentences alone, turned into synthetic pairs.

A user often has far more sentences in the target language than pairs. Back-translation
trains a model in the reverse direction (target -> source) on the pairs, translates the
lone target sentences with it into synthetic sources, and mixes the synthetic pairs
into the warm-up. Their targets are real text, so the model learns to write good
output; their sources are a model's, so each begins with the tag `BT_TAG` (one token
of the source tokenizer) that tells the model which inputs to trust less, and real
sources never have it.

What keeps the synthetic pairs from drowning the real ones (a first version, with a
reverse model cut at a fixed step count and the pairs drawn in proportion to their
number, lost 30-40 test chrF on the demo corpus; benchmarks/RESULTS.md):

- the reverse model trains until its own valid chrF stops rising (`PATIENCE`
  evaluations every `EVAL_EVERY` steps without `MIN_GAIN` more, on the run's valid pairs
  read backwards), at most `task.back_translation_steps` (fitted to a user's file:
  text_fit.py), in batches of pairs of like length as the warm-up's, and translates with
  the weights of its best evaluation;
- it translates by beam search by default (`task.back_translation_decoding`), or by
  sampling, which gives more varied but noisier sources;
- at most `task.back_translation_share` of each warm-up batch is synthetic
  (`mixed_draw`), however many synthetic pairs there are;
- a synthetic pair's loss may weigh less than a real one's
  (`task.back_translation_weight`, applied by the task's supervised loss).

The sentences are the target-language lines of `task.text_path` (one_language.py reads
the file, sorts its lines by language and counts what it drops); `back_translate` trains
the reverse model with the forward model's architecture and translates. It runs once,
when the warm-up starts; a run's checkpoints keep the synthetic pairs, so a resumed run
reuses them.

References: Sennrich, Haddow and Birch 2016, "Improving Neural Machine Translation
Models with Monolingual Data"; Edunov, Ott, Auli and Grangier 2018, "Understanding
Back-Translation at Scale" (beam against sampled synthetic sources); Caswell, Chelba
and Grangier 2019, "Tagged Back-Translation".
"""

from __future__ import annotations

import copy
import dataclasses
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import torch

from studio.core.config.decoding import BEAM, GREEDY_DECODING, Decoding
from studio.core.data.languages import language_label
from studio.core.messages import Message, joined, say
from studio.core.tasks.base import Example
from studio.core.tasks.translation.config import TranslationConfig, TranslationError
from studio.core.tasks.translation.decoding import translate, translator

if TYPE_CHECKING:
    from studio.core.tasks.translation.task import TranslationTask

BT_TAG = "<bt>"  # the source tokenizer's token for "this source is a model's"
TAG = BT_TAG + " "  # the text prefix of every synthetic source
BATCH = 32  # pairs a batch, when the task cannot batch by tokens
BATCH_TOKENS = 800  # padded positions a batch of pairs of like length: the warm-up's
LR = 1e-3
LR_WARMUP = 100  # steps of linear learning-rate warm-up, as the preset's warm-up has
GRAD_CLIP = 0.8
EVAL_EVERY = 200  # reverse-model steps between evaluations of its valid chrF
PATIENCE = 3  # evaluations without a better chrF before the reverse model stops...
MIN_GAIN = 0.5  # ...better by this much: 200 sentences' chrF wanders by about as much
VALID_LIMIT = 200  # valid pairs the reverse model is scored on
TRANSLATE_BATCH = 64
BEAMS = 4  # of its beam search: as many as eval.beam_size gives a run by default
SAMPLE_TEMPERATURE = 1.0


@dataclass
class BackTranslated:
    """What `back_translate` made: the synthetic pairs and how the reverse model did."""

    pairs: list[tuple[str, str]]  # (tagged synthetic source, real target)
    steps: int  # reverse-model steps trained
    best_step: int  # the step whose weights translated
    valid_chrf: float | None  # its valid chrF there (None: no valid pairs to score)

    def summary(self) -> Message:
        n, steps = f"{len(self.pairs):,}", f"{self.steps:,}"
        if self.valid_chrf is None:
            return say(
                "back-translated {n} sentences; the reverse model trained {steps} steps",
                n=n,
                steps=steps,
            )
        return say(
            "back-translated {n} sentences; the reverse model trained {steps} steps, valid "
            "chrF {chrf} at step {step}",
            n=n,
            steps=steps,
            chrf=f"{self.valid_chrf:.1f}",
            step=f"{self.best_step:,}",
        )


def synthetic_share(cap: float, real: int, synthetic: int) -> float:
    """The share of a warm-up batch drawn from the synthetic pairs: their share of all
    pairs, but never above `cap`."""
    if synthetic == 0:
        return 0.0
    return min(cap, synthetic / (real + synthetic))


def mixed_draw(
    n: int, real: list[Example], synthetic: list[Example], share: float, rng: random.Random
) -> list[Example]:
    """n examples, round(n * share) of them synthetic and the rest real, in random order.

    A fixed count rather than a coin per example: every batch holds the same mix, so a
    small batch cannot come out all synthetic."""
    k = round(n * share) if synthetic else 0
    drawn = [rng.choice(synthetic) for _ in range(k)] + [rng.choice(real) for _ in range(n - k)]
    rng.shuffle(drawn)
    return drawn


def back_translate(forward: TranslationTask, sentences: list[str]) -> BackTranslated:
    """(tagged synthetic source, sentence) for each sentence, by a reverse-direction model
    trained on the forward task's training pairs until its valid chrF stops rising (at
    most task.back_translation_steps). Leaves the caller's random streams as they were."""
    cfg, model_cfg = forward.cfg, forward.model_config
    if model_cfg is None:
        raise TranslationError(say("back-translation needs the model built first (build_model)"))
    reverse_cfg = dataclasses.replace(
        cfg,
        source_lang=cfg.target_lang,
        target_lang=cfg.source_lang,
        source_tokenizer=cfg.target_tokenizer,
        target_tokenizer=cfg.source_tokenizer,
        back_translation=False,
        both_directions=False,
        text_path=None,
        fit_to_data=False,
        num_levels=1,
    )
    reverse_data = dataclasses.replace(
        forward.data, path=None, valid_fraction=0.0, test_fraction=0.0
    )
    train = forward.splits["train"]
    reverse = type(forward)(  # the forward task's own class: the task module imports this one
        reverse_cfg, reverse_data, seed=forward.seed, pairs=[(t, s) for s, t in train]
    )
    reverse.splits["valid"] = [(t, s) for s, t in forward.splits["valid"]]
    with torch.random.fork_rng():
        torch.manual_seed(forward.seed)
        model = reverse.build_model(model_cfg)
        steps, best_step, best_chrf = train_to_plateau(reverse, model, cfg.back_translation_steps)
        sources = translate_all(reverse, model, sentences, cfg.back_translation_decoding)
    pairs = [(TAG + s, t) for s, t in zip(sources, sentences) if s.strip()]
    return BackTranslated(pairs, steps, best_step, best_chrf)


def train_to_plateau(
    task: TranslationTask, model: torch.nn.Module, max_steps: int
) -> tuple[int, int, float | None]:
    """Warm the model up on the task's pairs (batches of like length, BATCH_TOKENS
    positions), evaluating its valid chrF every EVAL_EVERY steps and stopping after
    PATIENCE evaluations without one MIN_GAIN better; the model ends with the weights of
    its best. Returns (steps trained, best step, best chrF or None)."""
    optimizer = torch.optim.AdamW(model.parameters(), lr=LR, betas=(0.9, 0.99))
    rng = random.Random(task.seed)
    scored = bool(task.splits["valid"])
    best_chrf, best_step, best_state, waited = -1.0, 0, None, 0
    step = 0
    for step in range(1, max_steps + 1):
        model.train()
        for group in optimizer.param_groups:
            group["lr"] = LR * min(1.0, step / LR_WARMUP)
        batch = task.sample_tokens(BATCH_TOKENS, rng, 0) or task.sample(BATCH, rng, 0)
        loss = task.supervised_loss(model, batch)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), GRAD_CLIP)
        optimizer.step()
        if scored and (step % EVAL_EVERY == 0 or step == max_steps):
            chrf = task.evaluate(model, split="valid", limit=VALID_LIMIT)["chrf"]
            if chrf >= best_chrf + MIN_GAIN:
                best_chrf, best_step, waited = chrf, step, 0
                best_state = copy.deepcopy(model.state_dict())
            else:
                waited += 1
                if waited >= PATIENCE:
                    break
    if best_state is not None:
        model.load_state_dict(best_state)
    model.eval()
    if not scored:
        return step, step, None
    return step, best_step, best_chrf


def translate_all(
    task: TranslationTask, model: torch.nn.Module, sentences: list[str], decoding: str
) -> list[str]:
    """The model's translations: greedy, beam search (BEAMS beams) or one sample each
    (`decoding`: task.back_translation_decoding)."""
    if decoding != "sample":
        how = Decoding.beam(BEAMS) if decoding == BEAM else GREEDY_DECODING
        return translate(model, task, sentences, how, batch_size=TRANSLATE_BATCH)
    tok, out, net = task.target_tok, [], translator(model)
    with torch.no_grad():
        max_len = net.cfg.max_len
        for start in range(0, len(sentences), TRANSLATE_BATCH):
            src, src_mask = task.sources_batch(sentences[start : start + TRANSLATE_BATCH], max_len)
            gen = net.generate(
                src,
                src_mask,
                max_new_tokens=max_len,
                temperature=SAMPLE_TEMPERATURE,
                bos_id=tok.bos_id,
                eos_id=tok.eos_id,
            )
            out += [task.detokenize(row) for row in gen.tokens.tolist()]
    return out


def loss_weights(tags_of_each: list[list[str]], weight: float) -> list[float] | None:
    """Each example's loss weight from its source's leading tags: `weight` for a
    back-translated source, 1 for a real one; None when all are 1 (the plain mean)."""
    weights = [weight if BT_TAG in tags else 1.0 for tags in tags_of_each]
    return None if all(w == 1.0 for w in weights) else weights


def describe(cfg: TranslationConfig, sentences: int) -> Message:
    """The load report's line: what back-translation will make of the text's
    `sentences` target-language sentences, and how."""
    head = say(
        "back-translation: the {n} {language} sentences",
        n=f"{sentences:,}",
        language=language_label(cfg.target_lang),
    )
    how = {
        "steps": f"{cfg.back_translation_steps:,}",
        "decoding": cfg.back_translation_decoding,
        "tag": BT_TAG,
        "share": f"{cfg.back_translation_share:.0%}",
    }
    if cfg.back_translation_weight != 1.0:
        tail = say(
            "when the warm-up starts a reverse model trains until its valid chrF stops rising "
            "(at most {steps} steps) and translates them ({decoding}); the synthetic sources "
            "are tagged {tag}, at most {share} of each warm-up batch, each weighing {weight} "
            "of a real pair in the loss",
            weight=f"{cfg.back_translation_weight:g}",
            **how,
        )
    else:
        tail = say(
            "when the warm-up starts a reverse model trains until its valid chrF stops rising "
            "(at most {steps} steps) and translates them ({decoding}); the synthetic sources "
            "are tagged {tag}, at most {share} of each warm-up batch",
            **how,
        )
    return joined("; ", [head, tail])
