"""Scoring a finished Power Lines grid: pure functions, no I/O.

The ten power lines are named "row 1".."row 4" (top to bottom), "column 1"..
"column 4" (left to right), "diagonal \\" (top left to bottom right) and
"diagonal /" (bottom left to top right). In each line the biggest group of
one suit is set against the biggest group of one value: the bigger group
scores its size for its player, and a draw (including 1 against 1, no match
at all) scores for nobody. Only the biggest group counts, so two pairs are
worth 2, not 4.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from dataclasses import asdict, dataclass
from typing import Any, Literal

from pnp.piecepack.model import Piece

from .files import SIZE, Cell, Grid

Side = Literal["suits", "values", "none"]
Winner = Literal["suits", "values", "tie"]


@dataclass(frozen=True)
class LineScore:
    name: str
    suit_match: int  # size of the biggest group sharing a suit
    value_match: int  # size of the biggest group sharing a value
    scores_for: Side
    points: int


@dataclass(frozen=True)
class Score:
    lines: tuple[LineScore, ...]
    suits: int
    values: int
    winner: Winner

    def as_json(self) -> dict[str, Any]:
        return {"suits": self.suits, "values": self.values, "winner": self.winner, "lines": [asdict(line) for line in self.lines]}


def _lines() -> list[tuple[str, tuple[Cell, ...]]]:
    lines = [(f"row {r + 1}", tuple((r, c) for c in range(SIZE))) for r in range(SIZE)]
    lines += [(f"column {c + 1}", tuple((r, c) for r in range(SIZE))) for c in range(SIZE)]
    lines.append(("diagonal \\", tuple((i, i) for i in range(SIZE))))
    lines.append(("diagonal /", tuple((SIZE - 1 - i, i) for i in range(SIZE))))
    return lines


LINES = _lines()  # the ten lines, named, as the cells (row, column) they cross, in a fixed order


def power_lines(grid: Grid, placed: Collection[Cell] | None = None) -> list[tuple[str, tuple[Piece, ...]]]:
    """The ten lines of four tiles, named and in a fixed order; with `placed`, those whose four
    cells are all covered."""
    return [(name, tuple(grid.rows[r][c] for r, c in cells)) for name, cells in LINES if placed is None or set(cells) <= set(placed)]


def score_line(name: str, tiles: tuple[Piece, ...]) -> LineScore:
    suit_match = max(Counter(t.suit for t in tiles).values())
    value_match = max(Counter(t.rank for t in tiles).values())
    if suit_match > value_match:
        return LineScore(name, suit_match, value_match, "suits", suit_match)
    if value_match > suit_match:
        return LineScore(name, suit_match, value_match, "values", value_match)
    return LineScore(name, suit_match, value_match, "none", 0)


def score(grid: Grid, placed: Collection[Cell] | None = None) -> Score:
    """The score of a finished grid; with `placed`, of the lines complete so far (no tile moves once
    laid, so what a complete line scores is settled)."""
    lines = tuple(score_line(name, tiles) for name, tiles in power_lines(grid, placed))
    suits = sum(line.points for line in lines if line.scores_for == "suits")
    values = sum(line.points for line in lines if line.scores_for == "values")
    winner: Winner = "suits" if suits > values else "values" if values > suits else "tie"
    return Score(lines, suits, values, winner)
