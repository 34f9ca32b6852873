"""A random whole game of Power Lines for piecepack as a `.record`: same seed, same game.

Each turn draws a tile among those left and a spot among the legal ones (files.legal_spots:
beside a tile already played, on an empty spot, keeping the grid within 4 x 4), so every
placement the rules allow can be drawn. Sixteen legal placements always fill the 4 x 4 square:
while a spot of the square is empty, one beside a tile is too.
"""

from __future__ import annotations

import random

from pnp.piecepack.model import Piece

from .files import TILES, Spot, legal_spots


def random_placements(seed: int) -> list[tuple[Piece, Spot]]:
    """The sixteen placements of a random game, in play order."""
    rng = random.Random(seed)
    left = list(TILES)
    board: dict[Spot, Piece] = {}
    moves: list[tuple[Piece, Spot]] = []
    while left:
        tile = left.pop(rng.randrange(len(left)))
        spot = rng.choice(legal_spots(board))
        board[spot] = tile
        moves.append((tile, spot))
    return moves


def format_placements(moves: list[tuple[Piece, Spot]], header: str = "") -> str:
    lines = [f"# {line}" for line in header.splitlines()]
    lines += [
        "# One placement a line, TILE @ COLUMN,ROW: the first tile at 0,0; right and down are positive.",
        "# The players take turns, the first player placing the first tile.",
    ]
    lines += [f"{tile} @ {column},{row}" for tile, (column, row) in moves]
    return "\n".join(lines) + "\n"


def random_record(seed: int) -> str:
    header = f"Power Lines for piecepack, a random game: seed {seed}\nmade by: pnp power-lines random --seed {seed}"
    return format_placements(random_placements(seed), header)
