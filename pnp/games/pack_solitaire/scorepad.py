"""The Pack Solitaire score pad: a log of the deals played, with score and par."""

from __future__ import annotations

from pnp.core.printing import Print
from pnp.draw.scorepad import Block, Row, Table, entry, heading, pad_page
from pnp.draw.shapes import Drawing

LOG = (("Date", "date", 0.24), ("Deal", "deal", 0.19), ("Tiles placed", "tiles", 0.19), ("Score", "score", 0.19), ("Par", "par", 0.19))


def _log_row(n: int) -> Row:
    return tuple(entry(f"game{n}-{key}", width) for _, key, width in LOG)


def score_pad(printing: Print) -> Drawing:
    """A log of games played: the deal (its seed), how many tiles went down, the score and the deal's par."""
    notes = [
        "One line a game. Deal: its number, printed with its tiles. Tiles placed: out of 16. Score: 2 points for every pair",
        "of facing squares that match. Par: the best score found for that deal, printed on its answer page.",
    ]
    log = Table((tuple(heading(title, width) for title, _, width in LOG),), grow=_log_row)
    return pad_page(printing, "Pack Solitaire - score pad", notes, lambda n: Block("", "", ((log,),)))
