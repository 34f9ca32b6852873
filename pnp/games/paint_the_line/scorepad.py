"""The Paint the Line score pad page: every group of each player's colours, game by game (the
short pad printed under the boards is drawn with them, in draw.py)."""

from __future__ import annotations

from pnp.core.printing import Print
from pnp.draw.scorepad import Block, Row, Table, entry, heading, pad_page
from pnp.draw.shapes import Drawing

GROUPS = 5  # group columns a colour gets


def _game(n: int) -> Block:
    """One game: each player's name, total and largest group, then each of their colours with its groups."""
    rows: list[Row] = [(heading("Colour", 0.16), *(heading(f"Group {g}\npips x size", 0.14) for g in range(1, GROUPS + 1)), heading("Points", 0.14))]
    for p in (1, 2):
        key = f"player{p}"
        rows.append(
            (
                heading(f"Player {p}", 0.16),
                entry(f"{key}-name", 0.28),
                heading("Total", 0.14),
                entry(f"{key}-total", 0.14),
                heading("Largest group", 0.14),
                entry(f"{key}-largest", 0.14),
            )
        )
        for c in (1, 2):
            rows.append(
                (
                    entry(f"{key}-colour{c}", 0.16),
                    *(entry(f"{key}-colour{c}-group{g}", 0.14) for g in range(1, GROUPS + 1)),
                    entry(f"{key}-colour{c}-points", 0.14),
                )
            )
    return Block(f"Game {n}", f"game{n}", ((Table(tuple(rows)),),))


def score_pad(printing: Print) -> Drawing:
    notes = [
        "Only the top pyramid of a stack counts. A group is pyramids of one colour side by side (not diagonally); write it as",
        "its pips x its pyramids (6 x 3 = 18). A player's total is both colours' points; equal totals: the larger group wins.",
    ]
    return pad_page(printing, "Paint the Line - score pad", notes, _game)
