"""Ley Lines on paper: the board at true size, positions with their energy flows, dominoes (the score pad: scorepad.py).

Everything is drawn in mm, origin top-left, north up; a space is `space` mm square.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from pnp.contract.pieces import SAFE_MARGIN
from pnp.core.layouts import LayoutModel, Length, Points, sheet_layout
from pnp.core.printing import COLOUR, Print
from pnp.draw.poster import GUARD
from pnp.draw.shapes import Circle, Drawing, Line, Path, Rect, Shape, Style, Text, group, polygon, scale
from pnp.draw.text import BOLD, MM_PER_PT, REGULAR, cap_height, width_mm, wrap_shrinking
from pnp.piecepack.draw import scheme
from pnp.piecepack.model import Suit

from .board import ISLANDS, Space, board, board_layout, name
from .engine import Domino, Flow, Position, Scored, flow
from .game import Game

SMALLEST = 6.0  # pt as printed: no word a player reads is smaller, at any scale

Point = tuple[float, float]


class LeyPrint(LayoutModel):
    space_stroke: Length
    tile_stroke: Length
    label_margin: Length
    edge_label_size: Points
    space_label_size: Points
    island_label_size: Points
    title_size: Points
    note_size: Points
    domino_stroke: Length
    pip_diameter: Length
    pip_offset: Length
    domino_corner: Length
    six_mark: Length
    domino_back_bleed: Length
    piece_stroke: Length
    coin: Length
    pawn: Length
    poster_overlap: Length
    poster_mark: Length
    overview_notes_room: Length
    poster_mark_spacing: Length
    ink: str
    faint: str
    land: dict[str, str]
    island_ink: dict[str, str]
    flow: str
    scored: str
    back: str


@cache
def print_layout() -> LeyPrint:
    return LeyPrint.model_validate(board_layout().print)


def suit_colour(suit: str) -> str:
    return scheme(COLOUR).suit(Suit(suit))


@dataclass(frozen=True)
class View:
    """The part of the lattice a drawing shows, with room around it for the edge labels."""

    spaces: frozenset[Space]
    first_column: int
    last_column: int
    top_row: int
    bottom_row: int
    size: float  # of a space, mm
    margin: float

    @property
    def width(self) -> float:
        return (self.last_column - self.first_column + 1) * self.size + 2 * self.margin

    @property
    def height(self) -> float:
        return (self.top_row - self.bottom_row + 1) * self.size + 2 * self.margin

    def corner(self, space: Space) -> Point:
        """The top-left corner of a space."""
        return (self.margin + (space[0] - self.first_column) * self.size, self.margin + (self.top_row - space[1]) * self.size)

    def centre(self, space: Space) -> Point:
        x, y = self.corner(space)
        return (x + self.size / 2, y + self.size / 2)


def view(players: int) -> View:
    spaces = board().in_use(players)
    lay = print_layout()
    return View(
        spaces,
        min(c for c, _ in spaces),
        max(c for c, _ in spaces),
        max(r for _, r in spaces),
        min(r for _, r in spaces),
        board_layout().space,
        lay.label_margin,
    )


# --- the board ---------------------------------------------------------------------------


def legible(size: float, k: float) -> float:
    """A word's size on a board drawn `k` times its size: its own, or more, to print at least SMALLEST pt."""
    return max(size, SMALLEST / k)


def board_shapes(v: View, k: float = 1.0, names: bool = True) -> list[Shape]:
    """Land, the spaces, thick tile outlines, the edge labels and (with `names`) each space's name
    and the islands' names, every word at least SMALLEST pt once the board is drawn `k` times its size.
    An island's name stands in the lower part of one space of its middle tile, under the space's
    own name and clear of the grid lines."""
    lay = print_layout()
    s = v.size
    shapes: list[Shape] = []
    thin = Style(stroke=lay.ink, stroke_width=lay.space_stroke)
    thick = Style(stroke=lay.ink, stroke_width=lay.tile_stroke)
    tiles = [(island, own) for island, own in board().tiles if set(own) <= v.spaces]
    for island, own in tiles:
        x, y = _tile_corner(v, own)
        shapes.append(Rect(x, y, 2 * s, 2 * s, Style(fill=lay.land[island])))
    pad = 1.2
    for island in ISLANDS if names else ():  # each name on its island's middle tile, under the grid
        corners = [_tile_corner(v, own) for name_, own in tiles if name_ == island]
        if corners:
            mx, my = sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners)
            x, y = min(corners, key=lambda corner: math.dist(corner, (mx, my)))
            word = island.upper()
            size = min(legible(lay.island_label_size, k), lay.island_label_size * (s - 4 * pad) / width_mm(word, BOLD, lay.island_label_size))
            shapes.append(Text(x + s / 2, y + s * 0.62 + cap_height(size) / 2, word, size, BOLD, lay.island_ink[island], "middle"))
    for _, own in tiles:
        x, y = _tile_corner(v, own)
        shapes += [Line(x + s, y, x + s, y + 2 * s, thin), Line(x, y + s, x + 2 * s, y + s, thin)]
    for _, own in tiles:
        x, y = _tile_corner(v, own)
        shapes.append(Rect(x, y, 2 * s, 2 * s, thick))
    label = legible(lay.space_label_size, k)
    for space in sorted(v.spaces) if names else ():
        x, y = v.corner(space)
        shapes.append(Text(x + pad, y + pad + cap_height(label), name(space), label, fill=lay.faint))
    size = legible(lay.edge_label_size, k)
    top, bottom = v.margin / 2 + cap_height(size) / 2, v.height - v.margin / 2 + cap_height(size) / 2
    for c in range(v.first_column, v.last_column + 1):
        x, _ = v.centre((c, v.top_row))
        letter = name((c, 1))[0]
        shapes += [Text(x, top, letter, size, BOLD, lay.ink, "middle"), Text(x, bottom, letter, size, BOLD, lay.ink, "middle")]
    for r in range(v.bottom_row, v.top_row + 1):
        _, y = v.centre((v.first_column, r))
        y += cap_height(size) / 2
        shapes += [Text(v.margin / 2, y, str(r), size, BOLD, lay.ink, "middle"), Text(v.width - v.margin / 2, y, str(r), size, BOLD, lay.ink, "middle")]
    return shapes


def _tile_corner(v: View, own: tuple[Space, ...]) -> Point:
    west = min(c for c, _ in own)
    north = max(r for _, r in own)
    return v.corner((west, north))


def board_drawing(players: int, k: float = 1.0) -> Drawing:
    """The board at true size, or as the poster's overview shows it, `k` times its size: there
    only the edge labels, at a size that reads (the spaces' and islands' names would not fit)."""
    v = view(players)
    page = Drawing(v.width, v.height, title=f"Ley Lines board ({players} players)")
    page.add(*board_shapes(v, k, names=k == 1.0))
    return page


# --- pieces --------------------------------------------------------------------------------

# Pip places on a half, as (along the domino, across it) in steps of the pip offset.
PIPS = {
    0: (),
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    5: ((-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)),
    6: ((-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)),
}


def pips(value: int, cx: float, cy: float, vertical: bool, colour: str) -> list[Shape]:
    lay = print_layout()
    d = lay.pip_offset
    r = lay.pip_diameter / 2
    return [Circle(cx + (v if vertical else u) * d, cy + (u if vertical else v) * d, r, Style(fill=colour)) for u, v in PIPS[value]]


def domino_on_board(v: View, first: Space, a: int, second: Space, b: int, ink: str | None = None, ghost: bool = False) -> list[Shape]:
    """A domino lying on two spaces; a ghost (one just lost to attenuation) is dashed and faint."""
    lay = print_layout()
    ink = ink or lay.ink
    (x1, y1), (x2, y2) = v.corner(first), v.corner(second)
    x, y = min(x1, x2), min(y1, y2)
    vertical = x1 == x2
    w, h = (v.size, 2 * v.size) if vertical else (2 * v.size, v.size)
    inset = 1.5
    dash = (1.5, 1.0) if ghost else None
    style = Style(fill=None if ghost else "#FFFFFF", stroke=ink, stroke_width=2 * lay.domino_stroke, dash=dash)
    shapes: list[Shape] = [Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, style, radius=lay.domino_corner)]
    mid = Style(stroke=ink, stroke_width=lay.domino_stroke, dash=dash)
    if vertical:
        shapes.append(Line(x + 4, y + v.size, x + w - 4, y + v.size, mid))
    else:
        shapes.append(Line(x + v.size, y + 4, x + v.size, y + h - 4, mid))
    pip_ink = ink if not ghost else lay.scored
    for space, value in ((first, a), (second, b)):
        shapes += pips(value, *v.centre(space), vertical, pip_ink)
    return shapes


def cairn_shape(v: View, space: Space, owner: str, value: int, ghost: bool = False, k: float = 1.0) -> list[Shape]:
    """A cairn as a coin of its owner's suit, face up so its value shows (its suit's letter at
    least SMALLEST pt once drawn `k` times its size)."""
    lay = print_layout()
    cx, cy = v.centre(space)
    r = lay.coin / 2
    colour = suit_colour(owner)
    if ghost:
        style = Style(stroke=lay.scored, stroke_width=0.6, dash=(1.5, 1.0))
        return [Circle(cx, cy, r, style), Text(cx, cy + cap_height(12) / 2, str(value), 12, BOLD, lay.scored, "middle")]
    return [
        Circle(cx, cy, r, Style(fill=colour, stroke=lay.ink, stroke_width=lay.piece_stroke)),
        Text(cx, cy + cap_height(13) / 2 - 1.2, str(value), 13, BOLD, "#FFFFFF", "middle"),
        Text(cx, cy + r - 2.2 - (legible(6, k) - 6) * MM_PER_PT * 0.5, owner, legible(6, k), BOLD, "#FFFFFF", "middle"),
    ]


def tor_shape(v: View, space: Space, owner: str, k: float = 1.0) -> list[Shape]:
    """A tor as a pawn seen from above and the side: a head on a widening body, its letters at
    least SMALLEST pt once drawn `k` times its size."""
    lay = print_layout()
    cx, cy = v.centre(space)
    w = lay.pawn
    style = Style(fill=suit_colour(owner), stroke=lay.ink, stroke_width=lay.piece_stroke)
    body = polygon([(cx - w * 0.22, cy - w * 0.2), (cx + w * 0.22, cy - w * 0.2), (cx + w / 2, cy + w * 0.75), (cx - w / 2, cy + w * 0.75)], style)
    head = Circle(cx, cy - w * 0.45, w * 0.33, style)
    return [body, head, Text(cx, cy + w * 0.6, f"T{owner}", legible(6, k), BOLD, "#FFFFFF", "middle")]


def flow_shapes(v: View, f: Flow, colour: str, width: float = 0.9) -> list[Shape]:
    """The way a cairn's energy runs: an arrow to the tor it reaches; a bar where it stops at a
    dead end; short forks toward the neighbours that tied."""
    points = [v.centre(f.cairn), *(v.centre(s) for s in f.path)]
    if f.tor is not None:
        points.append(v.centre(f.tor))
    style = Style(stroke=colour, stroke_width=width)
    shapes: list[Shape] = []
    if len(points) > 1:
        # Start at the coin's rim and stop short of a tor so the pieces stay readable.
        start = _towards(points[0], points[1], print_layout().coin / 2)
        end = _towards(points[-1], points[-2], 5.0) if f.tor is not None else points[-1]
        line = [start, *points[1:-1], end]
        shapes.append(Path((("M", *line[0]), *(("L", *p) for p in line[1:])), style))
        if f.tor is not None:
            shapes.append(_arrowhead(line[-2], end, colour))
        else:
            shapes.append(_bar(line[-2], end, style))
    here = points[-1]
    rim = print_layout().coin / 2 if not f.path else 0.0  # a tie at the cairn itself starts at the coin's edge
    for near in f.tied:
        start, end = _towards(here, v.centre(near), rim), _towards(here, v.centre(near), 0.8 * v.size)
        shapes.append(Line(*start, *end, Style(stroke=colour, stroke_width=width, dash=(1.2, 0.8))))
    return shapes


def _towards(p: Point, q: Point, d: float) -> Point:
    """The point `d` mm from p toward q."""
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    return (p[0] + (q[0] - p[0]) * d / length, p[1] + (q[1] - p[1]) * d / length)


def _arrowhead(p: Point, q: Point, colour: str) -> Shape:
    ux, uy = (q[0] - p[0]), (q[1] - p[1])
    n = math.hypot(ux, uy)
    ux, uy = ux / n, uy / n
    size = 3.5
    back = (q[0] - ux * size, q[1] - uy * size)
    return polygon([q, (back[0] - uy * size / 2, back[1] + ux * size / 2), (back[0] + uy * size / 2, back[1] - ux * size / 2)], Style(fill=colour))


def _bar(p: Point, q: Point, style: Style) -> Shape:
    ux, uy = (q[0] - p[0]), (q[1] - p[1])
    n = math.hypot(ux, uy)
    ux, uy = ux / n * 3, uy / n * 3
    return Line(q[0] - uy, q[1] + ux, q[0] + uy, q[1] - ux, style)


def dominoes_shapes(v: View, pos: Position, just_scored: Sequence[Scored] = ()) -> list[Shape]:
    """The dominoes on the board, and ghosts in the scoring colour of those a cairn just took away."""
    scored = print_layout().scored
    shapes: list[Shape] = []
    for first, second in pos.dominoes():
        shapes += domino_on_board(v, first, pos.halves[first], second, pos.halves[second])
    for e in just_scored:
        for (a, b), (va, vb) in zip(e.removed, e.removed_values):
            shapes += domino_on_board(v, a, va, b, vb, scored, ghost=True)
    return shapes


def position_shapes(v: View, pos: Position, just_scored: Sequence[Scored] = (), k: float = 1.0) -> list[Shape]:
    """The pieces of a position, the energy flow of every cairn on the board, and (in the
    scoring colour) the paths of cairns that just scored with the dominoes they took away."""
    lay = print_layout()
    shapes = dominoes_shapes(v, pos, just_scored)
    for space, owner in pos.tors.items():
        shapes += tor_shape(v, space, owner, k)
    for space, cairn in pos.cairns.items():
        shapes += cairn_shape(v, space, cairn.owner, cairn.value, k=k)
    for e in just_scored:
        shapes += cairn_shape(v, e.cairn, e.owner, e.value, ghost=True, k=k)
        shapes += flow_shapes(v, Flow(e.cairn, e.path, e.tor, "tor"), lay.scored, 1.4)
    for space in pos.cairns:
        shapes += flow_shapes(v, flow(pos, space), lay.flow)
    return shapes


def position_page(game: Game, title: str, printing: Print) -> Drawing:
    """A position as `pnp ley-lines show` draws it, on one sheet of the print's paper: a heading
    with the scores, then the board scaled (alike both ways) to fill what the margins leave below it."""
    lay = print_layout()
    sheet = sheet_layout()
    page_w, page_h = printing.size.width, printing.size.height
    margin = sheet.margin + GUARD  # inside the printable area, anti-aliased edges included
    room = page_w - 2 * margin
    v = view(game.n)
    size, note = lay.title_size, lay.note_size
    scored = [e.scored for e in game.events if e.turn == game.turns and game.turns > 0]
    lines = ["scores: " + ", ".join(f"{s} {game.scores[s]}" for s in game.players) + (f"; {game.finished}" if game.finished else "")]
    lines += [f"turn {game.turns}: {e.owner}'s cairn {e.value} on {name(e.cairn)} scored {e.points} at {e.tor_owner}'s tor on {name(e.tor)}" for e in scored]
    lines.append(
        "purple: where each cairn's energy flows now (a bar: it stops; short dashes: a tie stops it); orange: scored this turn, with the dominoes it took away"
    )
    # The heading at its own size, wrapped to the paper; only the board is scaled.
    size, headings = wrap_shrinking(title, BOLD, size, room)
    page = Drawing(page_w, page_h, title=title)
    y = margin + cap_height(size)
    for line in headings:
        page.add(Text(margin, y, line, size, BOLD, lay.ink))
        y += 1.2 * size * MM_PER_PT
    y += 0.3 * size * MM_PER_PT
    for text in lines:
        text_size, parts = wrap_shrinking(text, REGULAR, note, room)
        for line in parts:
            page.add(Text(margin, y, line, text_size, fill=lay.ink))
            y += 1.6 * note * MM_PER_PT
    head = y - 0.6 * note * MM_PER_PT  # below the last line's descenders
    k = min(1.0, room / v.width, (page_h - margin - head) / v.height)
    at = ((page_w - k * v.width) / 2, head)
    page.add(group(*board_shapes(v, k), *position_shapes(v, game.pos, scored, k), at=at, transform=scale(k)))
    return page


# --- dominoes to print -------------------------------------------------------------------------


def domino_size() -> tuple[float, float]:
    s = board_layout().space
    return s, 2 * s


def domino_face(d: Domino, bleed: float = 0.0, *, safe: float | None = None) -> list[Shape]:
    """A domino standing up: the low value above, the high below. A small filled triangle at the
    foot marks a six: centred between the pip columns and below the centre pip, where no value
    puts a pip, and clear of the rounded outline. `safe`: for a print shop, whose cut wanders: no
    outline (the white face is the edge) and the six's mark `safe` mm or more inside the cut."""
    lay = print_layout()
    w, h = domino_size()
    ink = lay.ink
    shapes: list[Shape] = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill="#FFFFFF"))]
    if safe is None:
        shapes.append(Rect(0.6, 0.6, w - 1.2, h - 1.2, Style(stroke=ink, stroke_width=lay.domino_stroke), radius=lay.domino_corner))
    shapes.append(Line(4, h / 2, w - 4, h / 2, Style(stroke=ink, stroke_width=lay.domino_stroke)))
    shapes += pips(d[0], w / 2, h / 4, True, ink)
    shapes += pips(d[1], w / 2, 3 * h / 4, True, ink)
    if 6 in d:
        m = lay.six_mark
        foot = h - 0.6 - lay.domino_stroke / 2 - 0.8  # 0.8 mm inside the outline's inner edge
        if safe is not None:
            foot = h - safe - SAFE_MARGIN
        shapes.append(polygon([(w / 2 - m / 2, foot - m / 2), (w / 2 + m / 2, foot - m / 2), (w / 2, foot)], Style(fill=ink)))
    return shapes


def domino_back(bleed: float = 0.0) -> list[Shape]:
    """One plain back for every domino, so none can be told apart face down: the colour alone,
    out to the bleed. No line crosses it (one across the middle looks like a cut), and no frame
    or motif shows a duplex shift."""
    lay = print_layout()
    w, h = domino_size()
    return [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=lay.back))]
