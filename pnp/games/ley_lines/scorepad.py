"""The Ley Lines score pad: one row per scored cairn, each player's running total."""

from __future__ import annotations

from pnp.core.printing import Print
from pnp.draw.scorepad import Block, Row, Table, entry, heading, pad_page, tick
from pnp.draw.shapes import Drawing
from pnp.piecepack.model import Suit


def _pad_row(n: int) -> Row:
    key = f"cairn{n}"
    fixed = (
        entry(f"{key}-turn", 0.07),
        entry(f"{key}-tor", 0.08),
        entry(f"{key}-value", 0.08),
        entry(f"{key}-spaces", 0.08),
        tick(f"{key}-same-suit", 0.12),
        entry(f"{key}-points", 0.09),
    )
    return fixed + tuple(entry(f"{key}-{suit.name.lower()}", 0.12) for suit in Suit)


def score_pad(printing: Print) -> Drawing:
    notes = [
        "One row per scored cairn. Points = the cairn's value + 1 for each space the energy passed, 2 when cairn and tor share a suit.",
        "Add the points to the running total of the tor's owner, in that player's column. 3 players leave one column empty.",
    ]
    names = (entry(f"player-{suit.name.lower()}", 0.12) for suit in Suit)
    head = (
        heading("Turn", 0.07),
        heading("Tor of", 0.08),
        heading("Cairn value", 0.08),
        heading("Spaces", 0.08),
        heading("Same suit x2", 0.12),
        heading("Points", 0.09),
    ) + tuple(heading(suit.name.capitalize(), 0.12) for suit in Suit)
    log = Table(((heading("Players", 0.52), *names), head), grow=_pad_row)
    return pad_page(printing, "Ley Lines - score pad", notes, lambda n: Block("", "", ((log,),)))
