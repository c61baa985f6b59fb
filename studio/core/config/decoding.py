"""How a model's outputs become an answer: greedily, or by a beam search of N beams.

One vocabulary for everything that decodes or asks for a decoding: the settings
eval.decoding and eval.test_decoding (the words GREEDY and BEAM, which presets and run
folders keep), the decodings a task offers (Task.DECODINGS), the translation task's
`translate`, the live translator and its cache (a decoding's `label`), and the front
doors: the command line (--beam, serve's --max-beam), the server ("beam" in a request),
the API (beam=) and the playground. A number of beams a person gives becomes a
`Decoding` through `Decoding.asked`; a run's settings through `Decoding.named`. MAX_BEAMS
bounds every one of them.

A beam search ranks its hypotheses with the length normalisation of the task that runs it
(the translation task's beam_length_penalty, after Wu et al. 2016, GNMT): the decoding
says how many beams, the task how they are ranked.

Nothing here imports anything of the studio, so a front door can refuse a wrong number
before the model and its libraries load.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from studio.core.messages import say

Method = Literal["greedy", "beam"]  # what eval.decoding and eval.test_decoding take
GREEDY: Final = "greedy"  # the likeliest token at every step
BEAM: Final = "beam"  # a beam search
METHODS: Final[tuple[Method, ...]] = (GREEDY, BEAM)

# Each beam is a decoder row at every step, so a run folder, a request or a command line
# handed over cannot make one search take more.
MAX_BEAMS: Final = 16


class BeamsRefused(ValueError):
    """A number of beams a person asked for that no decoding takes. `rule` says what it
    must be, for each front door to put after its own name for the number."""

    def __init__(self, beams: int, rule: str) -> None:
        super().__init__(say("beams must be {rule}, got {beams}", rule=rule, beams=beams))
        self.beams, self.rule = beams, rule


@dataclass(frozen=True)
class Decoding:
    """Greedy decoding (one row per source), or a beam search of `beams` beams."""

    method: Method = GREEDY
    beams: int = 1  # rows searched per source: 1 for greedy decoding

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise ValueError(f"decoding must be 'greedy' or 'beam', got {self.method!r}")
        if self.method == GREEDY and self.beams != 1:
            raise ValueError(f"greedy decoding keeps 1 beam, got {self.beams}")
        if not 1 <= self.beams <= MAX_BEAMS:
            raise ValueError(
                f"the beam size must be at least 1 and at most {MAX_BEAMS}, got {self.beams}"
            )

    @classmethod
    def beam(cls, beams: int) -> Decoding:
        """A beam search of `beams` beams."""
        return cls(BEAM, beams)

    @classmethod
    def named(cls, method: Method, beams: int) -> Decoding:
        """The decoding a setting names (eval.decoding or eval.test_decoding) with the
        beams of eval.beam_size, which greedy decoding does not read."""
        return cls.beam(beams) if method == BEAM else cls(method)

    @classmethod
    def asked(cls, beams: int) -> Decoding:
        """The decoding for a number of beams as a person asks for it: 0 is greedy
        decoding, 2 to MAX_BEAMS a beam search. One beam would be greedy decoding by
        another name, so it is refused as a likely mistake (BeamsRefused), as a negative
        number and a number over MAX_BEAMS are."""
        if beams < 0 or beams == 1:
            raise BeamsRefused(beams, say("2 beams or more (or 0 for greedy)"))
        if beams > MAX_BEAMS:
            raise BeamsRefused(beams, say("at most {n} beams", n=MAX_BEAMS))
        return cls.beam(beams) if beams else cls()

    @property
    def greedy(self) -> bool:
        return self.method == GREEDY

    @property
    def label(self) -> str:
        """'greedy' or 'beam 4': what a cached translation was made with, as the server
        reports it."""
        return GREEDY if self.greedy else f"beam {self.beams}"


GREEDY_DECODING: Final = Decoding()
