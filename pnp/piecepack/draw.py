"""Piecepack components drawn once, in millimetres, for any backend and any game.

Faces follow the imposition contract (`FaceDrawer`): drawn in the cut box
(0..w, 0..h), with background art reaching `bleed` mm past the cut. Each is drawn in the
scheme its print context asks for (`printing`, pnp.core.printing.Print: colour unless black and
white); left out, in colour.

Ranks: null is the empty-set sign (a round ring struck through past its rim), ace is
"A", then the numerals 2-5.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from pnp.contract.pieces import SAFE_MARGIN
from pnp.core.layouts import LayoutModel, Length, Points, load_layout
from pnp.core.printing import COLOUR, Print
from pnp.draw.shapes import Circle, Line, Path, Rect, Shape, Style, Text, compose, group, polygon, rotate, scale, translate
from pnp.draw.text import BOLD, MM_PER_PT, cap_height

from .colours import Scheme
from .model import RANK_LETTERS, Piece, Suit
from .symbols import ring, suit_symbol


class TileLayout(LayoutModel):
    size: Length
    rank_size: Points
    symbol_size: Length
    symbol_inset: Length
    grid_stroke: Length
    grid_inset: Length


class CoinLayout(LayoutModel):
    diameter: Length
    rank_size: Points
    symbol_size: Length
    pointer: Length


class DieLayout(LayoutModel):
    face: Length
    tab: Length
    rank_size: Points
    symbol_size: Length


class PawnLayout(LayoutModel):
    width: Length
    height: Length
    foot: Length
    symbol_size: Length


class PiecepackLayout(LayoutModel):
    bleed: Length
    cut_stroke: Length
    fold_dash: Length
    kit_gap: Length
    note_size: Points
    tile: TileLayout
    coin: CoinLayout
    die: DieLayout
    pawn: PawnLayout
    colour: Scheme
    bw: Scheme


def piecepack_layout() -> PiecepackLayout:
    return load_layout("piecepack", PiecepackLayout)


def scheme(printing: Print) -> Scheme:
    lay = piecepack_layout()
    return lay.bw if printing.bw else lay.colour


def _fill(colour: str) -> Style:
    return Style(fill=colour)


def cut_style(printing: Print) -> Style:
    """A solid line to cut along."""
    lay = piecepack_layout()
    return Style(stroke=scheme(printing).ink, stroke_width=lay.cut_stroke)


def fold_style(printing: Print) -> Style:
    """A dashed line to fold along."""
    lay = piecepack_layout()
    return Style(stroke=scheme(printing).ink, stroke_width=lay.cut_stroke, dash=(lay.fold_dash, lay.fold_dash))


def _bleed_box(w: float, h: float, bleed: float, colour: str) -> Rect:
    return Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, _fill(colour))


def rank_mark(rank: int, cx: float, cy: float, size: float, colour: str) -> list[Shape]:
    """The rank centred on (cx, cy), as tall as a capital at `size` pt."""
    cap = cap_height(size)
    if rank == 0:
        # The empty-set sign: a round ring as tall as the numerals, struck through by a bar that
        # runs out past the rim. A bare ring reads as the letter O or a zero; this reads as nothing else.
        stem = 0.15 * size * MM_PER_PT
        r = cap / 2
        return [ring(cx, cy, r, r - stem, colour), _strike(cx, cy, NULL_STRIKE * r, stem, colour)]
    return [Text(cx, cy + cap / 2, RANK_LETTERS[rank].upper(), size, BOLD, colour, "middle")]


NULL_STRIKE = 1.3  # the null's bar reaches this many ring radii from the centre, each way


def _strike(cx: float, cy: float, reach: float, width: float, colour: str) -> Path:
    """A bar across (cx, cy), rising to the right at 60 degrees, `reach` mm out each way."""
    dx, dy = reach * 0.5, -reach * 0.866  # cos 60, -sin 60 (y points down)
    nx, ny = -dy / reach * width / 2, dx / reach * width / 2  # half the width, across the bar
    return polygon([(cx - dx + nx, cy - dy + ny), (cx + dx + nx, cy + dy + ny), (cx + dx - nx, cy + dy - ny), (cx - dx - nx, cy - dy - ny)], _fill(colour))


# Tiles


def tile_edge(printing: Print = COLOUR) -> Rect:
    """The tile's true edge, a thin solid line on the cut, drawn over the art on both sides.

    Centred on the cut, so scissors and a paper cutter follow the same line: cut down
    its middle and at most 0.1 mm of it stays on the tile, with the art carrying on
    under it and out into the bleed, so a cut that strays a little either way shows
    neither white nor a heavy dark rim. Solid ink (black in black and white), not a grey
    that a printer would break into dots: it reads on every suit's light ground, on the
    backs, and in the bleed between two tiles.
    """
    s = piecepack_layout().tile.size
    return Rect(0, 0, s, s, cut_style(printing))


def tile_face(piece: Piece, bleed: float = 0.0, *, printing: Print = COLOUR, edge: bool = False) -> list[Shape]:
    """Rank large in the middle; the suit in two opposite corners, so it reads from either side.

    `edge=True` draws the tile's edge over the art (`tile_edge`): for sheets to cut, not
    for figures of tiles lying together on the table.
    """
    lay, sch = piecepack_layout(), scheme(printing)
    t = lay.tile
    ink = sch.suit(piece.suit)
    near, far = t.symbol_inset, t.size - t.symbol_inset
    return [
        _bleed_box(t.size, t.size, bleed, sch.background(piece.suit)),
        *rank_mark(piece.rank, t.size / 2, t.size / 2, t.rank_size, ink),
        suit_symbol(piece.suit, near, near, t.symbol_size, _fill(ink)),
        group(suit_symbol(piece.suit, far, far, t.symbol_size, _fill(ink)), transform=rotate(180, far, far)),
        *([tile_edge(printing)] if edge else []),
    ]


def tile_back(bleed: float = 0.0, *, printing: Print = COLOUR, edge: bool = False, safe: float | None = None) -> list[Shape]:
    """The standard back, the same on every tile so backs give nothing away: its four squares.

    Each quarter of the tile is framed by a square set in from the quarter's sides,
    centred where a coin sits (`square_centres`). No line runs through the tile's middle,
    out to its edge or into the bleed, so nothing on a sheet of backs passes for a cut.
    `edge=True` draws the edge itself as on the front, so a sheet of backs shows where each
    tile ends (the front's line is the one to cut along: a duplex shift moves this one).
    `safe`: for a print shop, whose cut wanders: the squares shrink about their centres until
    their outer sides lie `safe` mm or more inside the cut.
    """
    lay, sch = piecepack_layout(), scheme(printing)
    t = lay.tile
    grid = Style(stroke=sch.grid, stroke_width=t.grid_stroke)
    inset = t.grid_inset if safe is None else max(t.grid_inset, safe + SAFE_MARGIN + t.grid_stroke / 2)
    side = t.size / 2 - 2 * inset
    squares = [Rect(cx - side / 2, cy - side / 2, side, side, grid) for cx, cy in square_centres()]
    return [_bleed_box(t.size, t.size, bleed, sch.tile_back), *squares, *([tile_edge(printing)] if edge else [])]


def square_centres() -> list[tuple[float, float]]:
    """Centres of the four squares of a tile back, in tile coordinates: UL, UR, LL, LR."""
    q = piecepack_layout().tile.size / 4
    return [(q, q), (3 * q, q), (q, 3 * q), (3 * q, 3 * q)]


def tile_with_coins(squares: Sequence[Piece | None], bleed: float = 0.0, *, printing: Print = COLOUR, coin_diameter: float | None = None) -> list[Shape]:
    """A tile back with coins showing their ranks on its squares (UL, UR, LL, LR; None leaves one empty).

    This is how Pack Solitaire builds its tiles. Coins are full size unless a
    `coin_diameter` in mm is given.
    """
    shapes = tile_back(bleed, printing=printing)
    for square, (cx, cy) in zip(squares, square_centres()):
        if square is not None:
            shapes += draw_coin(square, cx, cy, coin_diameter, printing=printing)
    return shapes


# Coins


def _pointer(tip: float, size: float, colour: str) -> Path:
    """A small triangle at the top, its tip `tip` mm above the centre, pointing out: which way the coin faces."""
    tip = -tip
    return polygon([(0, tip), (size * 0.6, tip + size), (-size * 0.6, tip + size)], _fill(colour))


def _rank_side(rank: int, printing: Print) -> tuple[str, list[Shape]]:
    sch, c = scheme(printing), piecepack_layout().coin
    # Nudged down a little: the pointer takes the top of the coin.
    return sch.paper, rank_mark(rank, 0, 0.04 * c.diameter, c.rank_size, sch.ink)


def _suit_side(suit: Suit, printing: Print, safe: float | None = None) -> tuple[str, list[Shape]]:
    """The suit's symbol on its ground; `safe`: shrunk, if need be, to stay inside a print shop's safe zone."""
    sch, c = scheme(printing), piecepack_layout().coin
    nudge = 0.04 * c.diameter
    size = c.symbol_size if safe is None else min(c.symbol_size, 2 * (c.diameter / 2 - safe - SAFE_MARGIN - nudge))
    return sch.background(suit), [suit_symbol(suit, 0, nudge, size, _fill(sch.suit(suit)))]


def _coin(side: tuple[str, list[Shape]], bleed: float, printing: Print, rim: bool, safe: float | None = None) -> list[Shape]:
    """One side of a coin centred on (0, 0): its ground out to the bleed, its art, the pointer
    (`safe` mm or more inside the rim, for a print shop), maybe the rim."""
    lay, sch = piecepack_layout(), scheme(printing)
    r = lay.coin.diameter / 2
    ground, art = side
    tip = 0.88 * r if safe is None else min(0.88 * r, r - safe - SAFE_MARGIN)
    shapes: list[Shape] = [Circle(0, 0, r + bleed, _fill(ground)), *art, _pointer(tip, lay.coin.pointer, sch.ink)]
    if rim:
        shapes.append(Circle(0, 0, r, cut_style(printing)))
    return shapes


def coin_face(rank: int, bleed: float = 0.0, *, printing: Print = COLOUR, safe: float | None = None) -> list[Shape]:
    """The rank side, the same for every suit, with the thin circle to cut along; `safe`: for a
    print shop, which cuts on its own and wanders: no circle, the pointer inside the safe zone."""
    r = piecepack_layout().coin.diameter / 2
    return [group(*_coin(_rank_side(rank, printing), bleed, printing, rim=safe is None, safe=safe), at=(r, r))]


def coin_back(suit: Suit, bleed: float = 0.0, *, printing: Print = COLOUR, safe: float | None = None) -> list[Shape]:
    """The suit side. No cut circle: backs are cut by their fronts, and a shifted circle would mislead."""
    r = piecepack_layout().coin.diameter / 2
    return [group(*_coin(_suit_side(suit, printing, safe), bleed, printing, rim=False, safe=safe), at=(r, r))]


def draw_coin(
    coin: Piece | int,
    cx: float,
    cy: float,
    diameter: float | None = None,
    *,
    printing: Print = COLOUR,
    side: Literal["face", "back"] = "face",
    angle: float = 0.0,
) -> list[Shape]:
    """A coin anywhere: centred on (cx, cy), `diameter` mm across (default 3/4 in), turned `angle` degrees clockwise.

    `side="face"` shows the rank (a bare int will do), `"back"` the suit (needs a Piece).
    The rim is always drawn, so the coin stands out from whatever it lies on.
    """
    if side == "face":
        art = _rank_side(coin if isinstance(coin, int) else coin.rank, printing)
    elif isinstance(coin, Piece):
        art = _suit_side(coin.suit, printing)
    else:
        raise ValueError("the suit side of a coin needs a Piece, not a bare rank")
    full = piecepack_layout().coin.diameter
    k = (diameter or full) / full
    return [group(*_coin(art, 0.0, printing, rim=True), transform=compose(translate(cx, cy), compose(scale(k), rotate(angle))))]


# Dice: a cube net per suit, cut out, folded and glued


# Net cells (column, row) -> rank. Opposite faces add up to 5, as on a standard piecepack die.
_NET = {(1, 0): 0, (0, 1): 2, (1, 1): 1, (2, 1): 3, (1, 2): 5, (1, 3): 4}
# One glue tab for each of the seven edges that meet once the net is folded.
_TABS = {((0, 1), "top"), ((0, 1), "bottom"), ((2, 1), "top"), ((2, 1), "bottom"), ((1, 3), "left"), ((1, 3), "right"), ((1, 0), "top")}
_SIDES = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}


def die_net_size() -> tuple[float, float]:
    d = piecepack_layout().die
    return 3 * d.face, 4 * d.face + d.tab  # the top face's tab sticks out above the 3 x 4 cross


def _edge(x: float, y: float, f: float, side: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The ends of one side of the face whose top-left corner is (x, y), in clockwise order."""
    return {
        "top": ((x, y), (x + f, y)),
        "right": ((x + f, y), (x + f, y + f)),
        "bottom": ((x + f, y + f), (x, y + f)),
        "left": ((x, y + f), (x, y)),
    }[side]


def die_net(suit: Suit, *, printing: Print = COLOUR) -> list[Shape]:
    """The die of one suit as a foldable net: solid lines to cut, dashed lines to fold."""
    lay, sch = piecepack_layout(), scheme(printing)
    d = lay.die
    f, t = d.face, d.tab
    ink, cut, fold = sch.suit(suit), cut_style(printing), fold_style(printing)
    shapes: list[Shape] = []
    lines: list[Shape] = []
    for (col, row), rank in sorted(_NET.items()):
        x, y = col * f, t + row * f
        shapes += [
            Rect(x, y, f, f, _fill(sch.background(suit))),
            *rank_mark(rank, x + f / 2, y + f / 2 + 0.04 * f, d.rank_size, ink),
            suit_symbol(suit, x + 0.2 * f, y + 0.2 * f, d.symbol_size, _fill(ink)),
        ]
        for side, (dx, dy) in _SIDES.items():
            (x1, y1), (x2, y2) = _edge(x, y, f, side)
            if (col + dx, row + dy) in _NET:
                if side in ("right", "bottom"):  # a shared edge: draw it once
                    lines.append(Line(x1, y1, x2, y2, fold))
            elif ((col, row), side) in _TABS:
                lines.append(Line(x1, y1, x2, y2, fold))
                # The tab leans outward from the edge with 45-degree ends, clear of its neighbours.
                nx, ny = dx * t, dy * t
                ux, uy = (x2 - x1) / f * t, (y2 - y1) / f * t
                tab = [(x1, y1), (x1 + nx + ux, y1 + ny + uy), (x2 + nx - ux, y2 + ny - uy), (x2, y2)]
                shapes.append(polygon(tab, _fill(sch.paper)))  # hidden once glued
                lines.append(Path((("M", *tab[0]), *(("L", *p) for p in tab[1:])), cut))
            else:
                lines.append(Line(x1, y1, x2, y2, cut))
    return shapes + lines


# Pawns: a fold-over standee


def pawn_strip_size() -> tuple[float, float]:
    p = piecepack_layout().pawn
    return p.width, 2 * (p.height + p.foot)


def pawn_strip(suit: Suit, *, printing: Print = COLOUR) -> list[Shape]:
    """Foot, back (upside down), front, foot: fold in the middle and glue back to back, spread the feet.

    Both sides show the suit, so the pawn reads from anywhere around the table.
    """
    lay, sch = piecepack_layout(), scheme(printing)
    p = lay.pawn
    w, h = pawn_strip_size()
    fold = fold_style(printing)
    front_y = p.foot + p.height
    shapes: list[Shape] = [
        Rect(0, 0, w, p.foot, _fill(sch.background(suit))),
        Rect(0, h - p.foot, w, p.foot, _fill(sch.background(suit))),
    ]
    for y, turn in ((p.foot, 180), (front_y, 0)):
        cx, cy = w / 2, y + p.height / 2
        panel: list[Shape] = [Rect(0, y, w, p.height, _fill(sch.suit(suit))), suit_symbol(suit, cx, cy, p.symbol_size, _fill(sch.paper))]
        shapes.append(group(*panel, transform=rotate(turn, cx, cy)))
    shapes += [Line(0, y, w, y, fold) for y in (p.foot, front_y + p.height)]
    # The middle fold runs through the coloured panels, where only a light line shows.
    shapes.append(Line(0, front_y, w, front_y, replace(fold, stroke=sch.paper)))
    shapes.append(Rect(0, 0, w, h, cut_style(printing)))
    return shapes
