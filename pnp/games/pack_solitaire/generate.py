"""Pack Solitaire deals: the 16 tiles of a game, from a seed."""

from __future__ import annotations

import random

from pnp.piecepack.model import ALL_PIECES

from .engine import Tile


def deal(seed: int) -> dict[int, Tile]:
    """The 16 tiles of a game, built as the rules' setup describes, from a seed.

    Each piecepack's coins are drawn in a shuffled order onto its 8 tiles: UL, UR, LL,
    with LR left empty. Tiles 1-8 come from the first pack, 9-16 from the second.
    """
    rng = random.Random(seed)
    tiles: dict[int, Tile] = {}
    for pack in range(2):
        coins = list(ALL_PIECES)
        rng.shuffle(coins)
        for i in range(8):
            ul, ur, ll = coins[3 * i : 3 * i + 3]
            tiles[8 * pack + i + 1] = (ul, ur, ll, None)
    return tiles
