"""Pack Solitaire rules: tiles, rotation, facing squares, scoring and the seeded deal.

A tile holds four squares in the order UL, UR, LL, LR; a square is a coin (`Piece`)
or None for the empty square. Only ranks matter when two squares face each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, NamedTuple, TypeVar

from pnp.piecepack.model import Piece

Square = Piece | None
Tile = tuple[Square, Square, Square, Square]
Cell = tuple[int, int]
Kind = Literal["match", "sum5", "wild", "invalid"]
S = TypeVar("S")  # what a tile's squares hold: coins (Square) or the solver's codes (int)

SIZE = 4
UL, UR, LL, LR = range(4)
KINDS: tuple[Kind, ...] = ("match", "sum5", "wild", "invalid")
# How `pnp solitaire show` marks a facing pair of each kind, in text and on paper, and names it.
MARKS: dict[Kind, str] = {"match": "=", "sum5": "+", "wild": "*", "invalid": "x"}
MEANINGS: dict[Kind, str] = {"match": "match (same rank or both empty: 2 points)", "sum5": "sum to 5", "wild": "wild (one square empty)", "invalid": "broken"}

# Where each square ends up after a quarter turn clockwise: UL->UR, UR->LR, LR->LL, LL->UL.
_QUARTER_TURN = (LL, UL, LR, UR)  # new square i comes from old square _QUARTER_TURN[i]


class Placement(NamedTuple):
    """A tile on the board: its id and how far it is turned clockwise (0, 90, 180 or 270)."""

    tile_id: int
    deg: int = 0


Layout = list[list[Placement | None]]


def rotate(tile: tuple[S, S, S, S], deg: int) -> tuple[S, S, S, S]:
    """The tile turned clockwise by `deg` degrees."""
    if deg not in (0, 90, 180, 270):
        raise ValueError(f"rotation must be 0, 90, 180 or 270 degrees, not {deg}")
    new_ul, new_ur, new_ll, new_lr = _QUARTER_TURN
    for _ in range(deg // 90):
        tile = (tile[new_ul], tile[new_ur], tile[new_ll], tile[new_lr])
    return tile


def classify(a: Square, b: Square) -> Kind:
    """How two facing squares relate under the three conditions of the rules."""
    if a is None and b is None:
        return "match"
    if a is None or b is None:
        return "wild"
    if a.rank == b.rank:
        return "match"
    if a.rank + b.rank == 5:
        return "sum5"
    return "invalid"


def facing_pairs(size: int = SIZE) -> list[tuple[Cell, int, Cell, int]]:
    """Every pair of facing squares on a size x size board: (cell, square, cell, square).

    Horizontal neighbours: the left tile's UR faces the right tile's UL, LR faces LL.
    Vertical neighbours: the top tile's LL faces the bottom tile's UL, LR faces UR.
    """
    pairs = []
    for r in range(size):
        for c in range(size):
            if c + 1 < size:
                pairs += [((r, c), UR, (r, c + 1), UL), ((r, c), LR, (r, c + 1), LL)]
            if r + 1 < size:
                pairs += [((r, c), LL, (r + 1, c), UL), ((r, c), LR, (r + 1, c), UR)]
    return pairs


def square_text(square: Square) -> str:
    return "." if square is None else str(square)


@dataclass
class Violation:
    cells: tuple[Cell, Cell]
    squares: tuple[str, str]
    message: str


@dataclass
class ScoreResult:
    tiles_placed: int
    pairs: dict[Kind, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    score: int = 0
    violations: list[Violation] = field(default_factory=list)


def placed_squares(tiles: dict[int, Tile], layout: Layout) -> dict[Cell, Tile]:
    """The squares of each placed tile as they lie on the table, turned as the layout says."""
    size = len(layout)
    if any(len(row) != size for row in layout):
        raise ValueError("the layout must be a square grid")
    squares: dict[Cell, Tile] = {}
    for r, row in enumerate(layout):
        for c, placement in enumerate(row):
            if placement is None:
                continue
            if placement.tile_id not in tiles:
                raise ValueError(f"cell {(r, c)} holds unknown tile {placement.tile_id}")
            squares[(r, c)] = rotate(tiles[placement.tile_id], placement.deg)
    return squares


class FacingPair(NamedTuple):
    """Two facing squares of neighbouring tiles and how they relate."""

    cell_a: Cell
    square_a: int
    cell_b: Cell
    square_b: int
    kind: Kind


def classified_pairs(tiles: dict[int, Tile], layout: Layout) -> list[FacingPair]:
    """Every facing pair of the layout where both tiles are placed, in `facing_pairs` order, classified."""
    squares = placed_squares(tiles, layout)
    return [
        FacingPair(cell_a, sq_a, cell_b, sq_b, classify(squares[cell_a][sq_a], squares[cell_b][sq_b]))
        for cell_a, sq_a, cell_b, sq_b in facing_pairs(len(layout))
        if cell_a in squares and cell_b in squares
    ]


def score_layout(tiles: dict[int, Tile], layout: Layout) -> ScoreResult:
    """Classify every facing pair of a layout and score it as the rules are written."""
    squares = placed_squares(tiles, layout)
    result = ScoreResult(tiles_placed=len(squares))
    for cell_a, sq_a, cell_b, sq_b, kind in classified_pairs(tiles, layout):
        a, b = squares[cell_a][sq_a], squares[cell_b][sq_b]
        result.pairs[kind] += 1
        if kind == "invalid":
            texts = (square_text(a), square_text(b))
            result.violations.append(
                Violation((cell_a, cell_b), texts, f"{texts[0]} faces {texts[1]}: ranks neither match nor sum to 5 and neither square is empty")
            )
    # The rules check every tile against each neighbour, so each matching pair is
    # met once from each side and scores twice.
    result.score = 2 * result.pairs["match"]
    return result
