"""What `pnp export tts` makes of Pack Solitaire: 16 tiles face down and the coins of two piecepacks, each in a bag of its own."""

from __future__ import annotations

from pnp.contract.pieces import Table
from pnp.piecepack.draw import piecepack_layout
from pnp.piecepack.export import PITCH, coin_bag, tiles_on_table, tts_images
from pnp.piecepack.model import ALL_PIECES

TILES = 16  # any 16: they are played face down


def table() -> Table:
    """The tiles face down, four by four from the first row of a piecepack; beside them two bags,
    the coins of each piecepack kept apart, to draw from at random."""
    t = piecepack_layout().tile.size

    def objects(url) -> list[dict]:
        x = 6 * (t + PITCH) + 40.0
        return [
            *tiles_on_table(url, ALL_PIECES[:TILES], (0.0, 0.0), face_down=True),
            coin_bag(url, (x, 0.0), " (piecepack 1)"),
            coin_bag(url, (x, -80.0), " (piecepack 2)"),
        ]

    return Table(tts_images(), objects)
