"""What `pnp export` makes of the piecepack: its 24 tiles and 24 coins, both sides."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from pnp.contract.pieces import Design, Image, Piece, Table
from pnp.core.printing import COLOUR
from pnp.core.tts import bag, custom_tile, pawn

from .draw import coin_back, coin_face, piecepack_layout, scheme, tile_back, tile_face
from .model import ALL_PIECES, RANK_NAMES, SUITS, Suit
from .model import Piece as Face

TTS_DPI = 200
TILE_THICKNESS = 3.0  # mm: a tile printed on card and glued to board
COIN_THICKNESS = 2.0
PITCH = 4.0  # mm between pieces laid out on the table


def suit_name(suit: Suit) -> str:
    return suit.name.lower()


def tile_design(face: Face) -> Design:
    return Design(f"tile-{suit_name(face.suit)}-{RANK_NAMES[face.rank]}", f"tile {RANK_NAMES[face.rank]} of {suit_name(face.suit)}", partial(tile_face, face))


def coin_designs(face: Face, safe: float | None = None) -> tuple[Design, Design]:
    """The rank side (the same in every suit) and the suit side; `safe`: a print shop's (see coin_face)."""
    rank = Design(f"coin-{RANK_NAMES[face.rank]}", f"coin side {RANK_NAMES[face.rank]}", partial(coin_face, face.rank, safe=safe))
    return rank, Design(f"coin-{suit_name(face.suit)}", f"coin side {suit_name(face.suit)}", partial(coin_back, face.suit, safe=safe))


TILE_BACK = Design("tile-back", "tile back", tile_back)


def pieces(safe: float | None = None) -> list[Piece]:
    """The tiles (rank and suit, one common back), then the coins (rank side, suit side), suit by
    suit from null to 5. Drawn without the cut line the home sheets carry: a shop cuts on its own,
    and its cut wanders, so every edge and outline keeps `safe` mm clear of it (the shop's safe zone)."""
    lay = piecepack_layout()
    t, d = lay.tile.size, lay.coin.diameter
    back = TILE_BACK if safe is None else replace(TILE_BACK, draw=partial(tile_back, safe=safe))
    tiles = [Piece(tile_design(f), back, t, t) for f in ALL_PIECES]
    coins = []
    for f in ALL_PIECES:
        rank, suit = coin_designs(f, safe)
        coins.append(Piece(Design(rank.name, f"coin {RANK_NAMES[f.rank]} of {suit_name(f.suit)}", rank.draw), suit, d, d))
    return tiles + coins


def tts_images() -> list[Image]:
    """Every face of the tiles and coins, each once: 24 tile faces and the common back, 6 rank sides, 4 suit sides."""
    lay = piecepack_layout()
    t, d = lay.tile.size, lay.coin.diameter
    tiles = [tile_design(f) for f in ALL_PIECES] + [TILE_BACK]
    ranks = [coin_designs(Face(r, SUITS[0]))[0] for r in range(6)]
    suits = [coin_designs(Face(0, s))[1] for s in SUITS]
    return [Image(x.name, t, t, partial(x.draw, 0.0), TTS_DPI) for x in tiles] + [Image(x.name, d, d, partial(x.draw, 0.0), TTS_DPI) for x in ranks + suits]


Url = Callable[[str], str]


def tiles_on_table(url: Url, faces: Sequence[Face], at: tuple[float, float], *, face_down: bool = False, label: str = "") -> list[dict]:
    """Tiles in rows of six from `at` (mm on the table), each a two-sided custom tile."""
    t = piecepack_layout().tile.size
    placed = []
    for i, f in enumerate(faces):
        design = tile_design(f)
        x, z = at[0] + (i % 6) * (t + PITCH), at[1] - (i // 6) * (t + PITCH)
        tile = custom_tile(f"{design.label}{label}", url(f"{design.name}.png"), url(f"{TILE_BACK.name}.png"), (t, t), "box", TILE_THICKNESS, (x, z))
        if face_down:
            tile["Transform"]["rotZ"] = 180.0
        placed.append(tile)
    return placed


def coins(url: Url, at: tuple[float, float], label: str = "") -> list[dict]:
    """The 24 coins, rank side up, in rows of six: one suit a row."""
    d = piecepack_layout().coin.diameter
    placed = []
    for i, f in enumerate(ALL_PIECES):
        rank, suit = coin_designs(f)
        x, z = at[0] + (i % 6) * (d + PITCH), at[1] - (i // 6) * (d + PITCH)
        placed.append(
            custom_tile(
                f"coin {RANK_NAMES[f.rank]} of {suit_name(f.suit)}{label}",
                url(f"{rank.name}.png"),
                url(f"{suit.name}.png"),
                (d, d),
                "circle",
                COIN_THICKNESS,
                (x, z),
            )
        )
    return placed


def coin_bag(url: Url, at: tuple[float, float], label: str) -> dict:
    return bag(f"coins{label}", coins(url, at, label), at)


def pawns(at: tuple[float, float]) -> list[dict]:
    """Tabletop Simulator's own pawn, one in each suit's colour."""
    colours = scheme(COLOUR)
    return [pawn(f"pawn of {suit_name(s)}", colours.suit(s), (at[0] + i * 30.0, at[1])) for i, s in enumerate(SUITS)]


def table() -> Table:
    """A whole piecepack: 24 tiles face up, 24 coins, 4 pawns (the dice are left out: print them)."""
    t = piecepack_layout().tile.size

    def objects(url: Url) -> list[dict]:
        return [*tiles_on_table(url, ALL_PIECES, (0.0, 0.0)), *coins(url, (6 * (t + PITCH) + 20.0, 0.0)), *pawns((0.0, 4 * (t + PITCH) * -1 - 20.0))]

    return Table(tts_images(), objects)
