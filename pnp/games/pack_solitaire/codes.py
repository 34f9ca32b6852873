"""Square codes: how the solver's two engines and the greedy player (difficulty.py) hold a
tile's squares, as small numbers.

A coin is coded by its rank (0-5), the empty square by EMPTY: only ranks matter when
squares face each other. A tile is the codes of its squares in engine.py's order (UL,
UR, LL, LR); the compiled core receives these codes as bytes, and REL in its geometry.
"""

from __future__ import annotations

from pnp.games.pack_solitaire.engine import Square, Tile, classify, rotate
from pnp.piecepack.model import Piece, Suit

Codes = tuple[int, int, int, int]

EMPTY = 6
NO_SQUARE = 7  # "no square here yet" in keys and point patterns
DEGREES = (0, 90, 180, 270)  # by number of quarter turns
_INVALID = -100  # an invalid pair: far below any sum of matches, so one makes a total negative
_WORTH = {"match": 1, "sum5": 0, "wild": 0, "invalid": _INVALID}


def _square(code: int) -> Square:
    return None if code == EMPTY else Piece(code, Suit.SUNS)  # any suit will do


# REL[a][b]: 1 for a match (Condition 1), 0 for another allowed pair, _INVALID otherwise,
# as the rules engine classifies squares coded a and b facing each other.
REL = [[_WORTH[classify(_square(a), _square(b))] for b in range(7)] for a in range(7)]


def encode(tile: Tile) -> Codes:
    ul, ur, ll, lr = (EMPTY if s is None else s.rank for s in tile)
    return ul, ur, ll, lr


def turns(codes: Codes) -> list[Codes]:
    """A coded tile after 0, 1, 2 and 3 quarter turns clockwise (engine.rotate moves the
    squares whatever they hold)."""
    return [rotate(codes, deg) for deg in DEGREES]
