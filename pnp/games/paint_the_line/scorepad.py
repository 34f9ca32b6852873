"""The Paint the Line score pad page: every group of each player's colours, game by game (the
short pad printed under the boards is drawn with them, in draw.py)."""

from __future__ import annotations

from pnp.core.printing import Print
from pnp.draw.scorepad import Block, Row, Table, entry, heading, pad_page
from pnp.draw.shapes import Drawing

GROUPS = 6  # group columns a colour gets: 6, the most of 2,000 random games (tests/print/test_scorepads.py)
COLUMN = 0.12  # of the width: a group's column, and each of the player row's cells after the name


def _game(n: int) -> Block:
    """One game: each of their colours with its groups, then each player's largest group and total,
    the total under the colours' points."""
    rows: list[Row] = [(heading("Colour", 0.16), *(heading(f"Group {g}\npips x size", COLUMN) for g in range(1, GROUPS + 1)), heading("Points", COLUMN))]
    name = 1 - 0.16 - 4 * COLUMN
    for p in (1, 2):
        key = f"player{p}"
        rows.append(
            (
                heading(f"Player {p}", 0.16),
                entry(f"{key}-name", name),
                heading("Largest\ngroup", COLUMN),
                entry(f"{key}-largest", COLUMN),
                heading("Total", COLUMN),
                entry(f"{key}-total", COLUMN),
            )
        )
        for c in (1, 2):
            rows.append(
                (
                    entry(f"{key}-colour{c}", 0.16),
                    *(entry(f"{key}-colour{c}-group{g}", COLUMN) for g in range(1, GROUPS + 1)),
                    entry(f"{key}-colour{c}-points", COLUMN),
                )
            )
    return Block(f"Game {n}", f"game{n}", ((Table(tuple(rows)),),))


def score_pad(printing: Print) -> Drawing:
    notes = [
        "Only the top pyramid of a stack counts. A group is pyramids of one colour side by side (not diagonally); write it as",
        "its pips x its pyramids (6 x 3 = 18). A player's total is both colours' points; equal totals: the larger group wins.",
    ]
    return pad_page(printing, "Paint the Line - score pad", notes, _game)
