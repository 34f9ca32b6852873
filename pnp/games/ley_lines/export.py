"""What `pnp export` makes of Ley Lines: its 28 dominoes for a print shop; the board, dominoes, cairns and tors for Tabletop Simulator."""

from __future__ import annotations

from functools import partial

from pnp.contract.pieces import Design, Image, Piece, Table
from pnp.core.tts import bag, custom_board, custom_tile
from pnp.piecepack.draw import piecepack_layout
from pnp.piecepack.export import COIN_THICKNESS, PITCH, TTS_DPI, Url, coin_designs, pawns, suit_name, tts_images
from pnp.piecepack.model import ALL_PIECES, SUITS, Suit

from .draw import board_drawing, domino_back, domino_face, domino_size
from .engine import DOMINOES, domino_name

DOMINO_BACK = Design("domino-back", "domino back", domino_back)


def domino_design(d: tuple[int, int], safe: float | None = None) -> Design:
    return Design(f"domino-{d[0]}-{d[1]}", f"domino {domino_name(d)}", partial(domino_face, d, safe=safe))


def pieces(safe: float | None = None) -> list[Piece]:
    """The double-six set, 0-0 to 6-6, standing up (low half above); `safe`: the print shop's
    safe zone, kept clear (see domino_face; the back is its colour alone)."""
    w, h = domino_size()
    return [Piece(domino_design(d, safe), DOMINO_BACK, w, h) for d in DOMINOES]


TTS_BOARD_DPI = 150
DOMINO_THICKNESS = 4.0  # mm
PLAYERS = 4  # both islands: the board for any number of players


def table() -> Table:
    """The board of both islands at true size; beside it the 28 dominoes in a bag, drawn at random,
    each suit's 6 coins (its cairns) face down in a bag of their own, and a pawn of each suit (tors).
    Nothing hidden lies face up or in order: a domino's or a cairn's name says no more than its back."""
    w, h = domino_size()
    board = board_drawing(PLAYERS)
    images = [Image("board", board.width, board.height, lambda: board.items, TTS_BOARD_DPI)]
    images += [Image(d.name, w, h, partial(d.draw, 0.0), TTS_DPI) for d in [domino_design(x) for x in DOMINOES] + [DOMINO_BACK]]
    images += tts_images()
    coin = piecepack_layout().coin.diameter

    def objects(url: Url) -> list[dict]:
        placed = [custom_board("Ley Lines board", url("board.png"), (board.width, board.height), (0.0, 0.0))]
        x0 = board.width / 2 + 30.0
        dominoes = []
        for d in DOMINOES:
            tile = custom_tile("domino", url(f"{domino_design(d).name}.png"), url(f"{DOMINO_BACK.name}.png"), (w, h), "box", DOMINO_THICKNESS, (x0, 0.0))
            tile["Transform"]["rotZ"] = 180.0  # face down
            dominoes.append(tile)
        placed.append(bag(f"dominoes ({len(DOMINOES)}), drawn at random", dominoes, (x0, board.height / 2 - h), at_random=True))
        below = board.height / 2 - 2 * h - 30.0
        placed += [_cairns(url, suit, (x0 + i * (coin + PITCH + 20.0), below)) for i, suit in enumerate(SUITS)]
        return [*placed, *pawns((x0, below - coin - 40.0))]

    return Table(images, objects)


def _cairns(url: Url, suit: Suit, at: tuple[float, float]) -> dict:
    """A suit's 6 coins, value side down, in a bag drawn at random: its owner's cairns."""
    d = piecepack_layout().coin.diameter
    coins = []
    for face in (f for f in ALL_PIECES if f.suit == suit):
        rank, back = coin_designs(face)
        tile = custom_tile(f"cairn of {suit_name(face.suit)}", url(f"{rank.name}.png"), url(f"{back.name}.png"), (d, d), "circle", COIN_THICKNESS, at)
        tile["Transform"]["rotZ"] = 180.0  # the suit side up, the value hidden
        coins.append(tile)
    return bag(f"cairns of {suit_name(suit)}", coins, at, at_random=True)
