"""What `pnp export` makes of Ley Lines: its 28 dominoes for a print shop; the board, dominoes, cairns and tors for Tabletop Simulator."""

from __future__ import annotations

from functools import partial

from pnp.contract.pieces import Design, Image, Piece, Table
from pnp.core.tts import custom_board, custom_tile
from pnp.piecepack.draw import piecepack_layout
from pnp.piecepack.export import PITCH, TTS_DPI, coins, pawns, tts_images

from .draw import board_drawing, domino_back, domino_face, domino_size
from .engine import DOMINOES, domino_name

DOMINO_BACK = Design("domino-back", "domino back", domino_back)


def domino_design(d: tuple[int, int]) -> Design:
    return Design(f"domino-{d[0]}-{d[1]}", f"domino {domino_name(d)}", partial(domino_face, d))


def pieces() -> list[Piece]:
    """The double-six set, 0-0 to 6-6, standing up (low half above)."""
    w, h = domino_size()
    return [Piece(domino_design(d), DOMINO_BACK, w, h) for d in DOMINOES]


TTS_BOARD_DPI = 150
DOMINO_THICKNESS = 4.0  # mm
PLAYERS = 4  # both islands: the board for any number of players


def table() -> Table:
    """The board of both islands at true size; beside it the 28 dominoes face down, the coins
    (cairns) and a pawn of each suit (tors)."""
    w, h = domino_size()
    board = board_drawing(PLAYERS)
    images = [Image("board", board.width, board.height, lambda: board.items, TTS_BOARD_DPI)]
    images += [Image(d.name, w, h, partial(d.draw, 0.0), TTS_DPI) for d in [domino_design(x) for x in DOMINOES] + [DOMINO_BACK]]
    images += tts_images()
    coin = piecepack_layout().coin.diameter

    def objects(url) -> list[dict]:
        placed = [custom_board("Ley Lines board", url("board.png"), (board.width, board.height), (0.0, 0.0))]
        x0 = board.width / 2 + 30.0
        for i, d in enumerate(DOMINOES):
            design = domino_design(d)
            at = (x0 + (i % 7) * (w + PITCH), board.height / 2 - h / 2 - (i // 7) * (h + PITCH))
            tile = custom_tile(design.label, url(f"{design.name}.png"), url(f"{DOMINO_BACK.name}.png"), (w, h), "box", DOMINO_THICKNESS, at)
            tile["Transform"]["rotZ"] = 180.0  # face down, to be drawn at random
            placed.append(tile)
        below = board.height / 2 - 4 * (h + PITCH) - 30.0  # under the 4 rows of dominoes
        return [*placed, *coins(url, (x0, below)), *pawns((x0, below - 4 * (coin + PITCH) - 20.0))]  # under the 4 rows of coins

    return Table(images, objects)
