"""What `pnp export tts` makes of Power Lines for piecepack: the 2 to 5 tiles, face up, and coins to keep the score."""

from __future__ import annotations

from pnp.contract.pieces import Table
from pnp.piecepack.draw import piecepack_layout
from pnp.piecepack.export import PITCH, coins, tiles_on_table, tts_images
from pnp.piecepack.model import ALL_PIECES

RANKS = range(2, 6)  # the rules use only the 2, 3, 4 and 5 of each suit


def table() -> Table:
    """The sixteen tiles face up to one side, and one piecepack's coins for the running totals."""
    t = piecepack_layout().tile.size

    def objects(url) -> list[dict]:
        tiles = [f for f in ALL_PIECES if f.rank in RANKS]
        return [*tiles_on_table(url, tiles, (0.0, 0.0)), *coins(url, (6 * (t + PITCH) + 20.0, 0.0))]

    return Table(tts_images(), objects)
