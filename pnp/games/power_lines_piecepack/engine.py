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
from dataclasses import asdict, dataclass
from typing import Any, Literal

from pnp.piecepack.model import Piece

from .files import SIZE, Grid

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


def power_lines(grid: Grid) -> list[tuple[str, tuple[Piece, ...]]]:
    """The ten lines of four tiles, named and in a fixed order."""
    rows = grid.rows
    lines = [(f"row {r + 1}", rows[r]) for r in range(SIZE)]
    lines += [(f"column {c + 1}", tuple(row[c] for row in rows)) for c in range(SIZE)]
    lines.append(("diagonal \\", tuple(rows[i][i] for i in range(SIZE))))
    lines.append(("diagonal /", tuple(rows[SIZE - 1 - i][i] for i in range(SIZE))))
    return lines


def score_line(name: str, tiles: tuple[Piece, ...]) -> LineScore:
    suit_match = max(Counter(t.suit for t in tiles).values())
    value_match = max(Counter(t.rank for t in tiles).values())
    if suit_match > value_match:
        return LineScore(name, suit_match, value_match, "suits", suit_match)
    if value_match > suit_match:
        return LineScore(name, suit_match, value_match, "values", value_match)
    return LineScore(name, suit_match, value_match, "none", 0)


def score(grid: Grid) -> Score:
    lines = tuple(score_line(name, tiles) for name, tiles in power_lines(grid))
    suits = sum(line.points for line in lines if line.scores_for == "suits")
    values = sum(line.points for line in lines if line.scores_for == "values")
    winner: Winner = "suits" if suits > values else "values" if values > suits else "tie"
    return Score(lines, suits, values, winner)
