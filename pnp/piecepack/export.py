"""What `pnp export` makes of the piecepack: its 24 tiles and 24 coins, both sides."""

from __future__ import annotations

from functools import partial

from ..pieces import Design, Piece
from .draw import coin_back, coin_face, piecepack_layout, tile_back, tile_face
from .model import ALL_PIECES, RANK_NAMES, Suit
from .model import Piece as Face


def suit_name(suit: Suit) -> str:
    return suit.name.lower()


def tile_design(face: Face) -> Design:
    return Design(f"tile-{suit_name(face.suit)}-{RANK_NAMES[face.rank]}", f"tile {RANK_NAMES[face.rank]} of {suit_name(face.suit)}", partial(tile_face, face))


def coin_designs(face: Face) -> tuple[Design, Design]:
    """The rank side (the same in every suit) and the suit side."""
    rank = Design(f"coin-{RANK_NAMES[face.rank]}", f"coin side {RANK_NAMES[face.rank]}", partial(coin_face, face.rank))
    return rank, Design(f"coin-{suit_name(face.suit)}", f"coin side {suit_name(face.suit)}", partial(coin_back, face.suit))


TILE_BACK = Design("tile-back", "tile back", tile_back)


def pieces() -> list[Piece]:
    """The tiles (rank and suit, one common back), then the coins (rank side, suit side), suit by
    suit from null to 5. Drawn without the cut line the home sheets carry: a shop cuts on its own."""
    lay = piecepack_layout()
    t, d = lay.tile.size, lay.coin.diameter
    tiles = [Piece(tile_design(f), TILE_BACK, t, t) for f in ALL_PIECES]
    coins = []
    for f in ALL_PIECES:
        rank, suit = coin_designs(f)
        coins.append(Piece(Design(rank.name, f"coin {RANK_NAMES[f.rank]} of {suit_name(f.suit)}", rank.draw), suit, d, d, outline="circle"))
    return tiles + coins
