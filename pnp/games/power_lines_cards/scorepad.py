"""Power Lines (cards) on paper, besides the cards themselves (cards.py): the score pad."""

from __future__ import annotations

from pnp.core.printing import Print
from pnp.draw.scorepad import Block, Row, Table, entry, heading, label, pad_page, tick
from pnp.draw.shapes import Drawing

# What the rules score: each game's winner, and how the game ended, in the three ways the rules
# give. The rules play single games and keep no tally across them, so the pad has no match or total.
HOW = ("Base dominated", "Closest card", "Draw")


def _game(n: int) -> Row:
    key = f"game{n}"
    return (label(str(n), 0.1), entry(f"{key}-winner", 0.36), *(tick(f"{key}-{how.split()[0].lower()}", 0.18) for how in HOW))


def score_pad(printing: Print) -> Drawing:
    notes = [
        "A game is won by dominating the other player's Base; when both players run out of cards, by the card closest to the",
        "other Base (connected or not); with no closer card it is a draw. For each game, write the winner and tick how it ended.",
    ]
    players = Table(tuple((heading(f"Player {p}", 0.2), entry(f"player{p}", 0.8)) for p in (1, 2)))
    log = Table(((heading("Game", 0.1), heading("Winner", 0.36), *(heading(how, 0.18) for how in HOW)),), grow=_game)
    return pad_page(printing, "Power Lines (cards) - score pad", notes, lambda n: Block("", "", ((players,), (log,))))
