"""How a translation is asked to decode: greedily, or by beam search with N beams.

The command line (--beam), the server ("beam" in a request) and the API (beam=) each read
a number of beams and turn it into (decoding, beam size) here; the live translator keys
its cache by the label of a decoding. Nothing here imports torch, so a front door can
refuse a wrong number before the model and its libraries load.
"""

from __future__ import annotations

GREEDY, BEAM = "greedy", "beam"


def beam_decoding(beams: int) -> tuple[str, int]:
    """(decoding, beam size) for a number of beams as a person asks for it: 0 is greedy
    decoding, 2 or more beam search. One beam would be greedy decoding by another name, so
    it is refused as a likely mistake (a ValueError), as a negative number is."""
    if beams < 0 or beams == 1:
        raise ValueError(f"beams must be 0 (greedy) or 2 or more, got {beams}")
    return (BEAM, beams) if beams else (GREEDY, 1)


def run_decoding(test_decoding: str, beam_size: int) -> tuple[str, int]:
    """(decoding, beam size) a run's test figures were measured with (its
    eval.test_decoding and eval.beam_size): how it translates when not asked otherwise."""
    return (BEAM, beam_size) if test_decoding == BEAM else (GREEDY, 1)


def decoding_label(decoding: str, beam_size: int) -> str:
    """'greedy' or 'beam 4': what a cached translation was made with."""
    if decoding not in (GREEDY, BEAM):
        raise ValueError(f"decoding must be 'greedy' or 'beam', got {decoding!r}")
    if decoding == BEAM and beam_size < 1:
        raise ValueError(f"the beam size must be at least 1, got {beam_size}")
    return f"beam {beam_size}" if decoding == BEAM else GREEDY
