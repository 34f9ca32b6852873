"""The Ley Lines rule sheet's figures, drawn from the board layout and the engine: the whole
board, an energy flow that scores (turn 2 of the example game in docs/how-to/ley-lines.md) and a fork tie (a round
played from the same set-up). Both positions are replayed under the rules, never set by hand.

Every word and number is set at its printed size (pnp.draw.figures): the board and its close-ups
are reduced, their coordinates are not. Energy runs in a lane between the pips (a quarter space
off the centre line is where no pip lies), so an arrow never covers a pip."""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.core.textfile import shipped
from pnp.draw.figures import SMALLEST_TEXT, Point, arrow, centred, meets, room
from pnp.draw.markdown import Figure
from pnp.draw.shapes import Drawing, Group, Line, Matrix, Path, Rect, Shape, Style, Text, compose, scale, translate
from pnp.draw.text import BOLD, MM_PER_PT, cap_height, width_mm
from pnp.piecepack.model import Suit

from .board import ISLANDS, Space, board, name, neighbours
from .draw import View, board_shapes, cairn_shape, dominoes_shapes, print_layout, tor_shape, view
from .engine import HAND, Flow, Position, Scored, cairn_rules, domino_rules, flow
from .files import load_record
from .game import ALL_PASSED, LAST_CAIRN, TOR_SPACING, Game, replay

EXAMPLE = "ley-lines/example.leylines"
EXAMPLE_TURN = 2  # the turn on which the example's cairn scores
TIE = "ley-lines/tie.leylines"  # the example's set-up, then a round that ends in a fork
TIE_CORNERS = ((8, 2), (12, 5))  # the close-up of the tie: h2 to l5
BOARD_SCALE = 0.25  # the whole board in the text, where the column allows it
CLOSE_UP = 0.6  # the close-ups of the board
EDGE_LABEL = 7.5  # pt as printed: column letters and row numbers
ISLAND_LABEL = 8.0  # pt as printed
VALUE_LABEL = 10.0  # pt as printed: a cairn's value
PIECE_LABEL = SMALLEST_TEXT  # a cairn's suit, a tor's letters
LABEL_GAP = 0.4  # mm between the board and its labels
HIGHLIGHT = "#C0392B"
LANE = 0.5  # of the pip offset: the lane runs half way between a half's rows and columns of pips
ARROW = 0.4  # mm, an arrow's shaft as printed
HEAD = 2.2  # mm, its head
TIE_HEAD = 1.8  # mm, the head of a tie's short arrow
SHORT_OF_TOR = 6.5  # mm on the board (before reduction), past the lane's crossing: clear of the pawn's head
SHORT_OF_TIE = 8.5  # mm on the board: a tie's arrow stops this far before the tied half's centre, short of its pips


def sheet_context() -> dict[str, object]:
    """The facts the rule sheet states, from the board layout and the rule engine's rules."""
    b = board()
    tiles = {island: sum(1 for t in b.tiles if t[0] == island) for island in ("Albion", "Eire")}
    (bridge,) = [(name(s), name(n)) for s, n in _bridges()]
    three, four = domino_rules(3), domino_rules(4)
    return {
        "tiles": len(b.tiles),
        "albion": tiles["Albion"],
        "eire": tiles["Eire"],
        "bridge": bridge,
        "last_column": chr(ord("a") + b.columns - 1),
        "rows": b.rows,
        "cairns": len(cairn_rules().items or []),
        "sixes": len(three.banned),
        "all_dominoes": four.total.exactly,
        "hand": HAND,
        "tor_spacing": TOR_SPACING,
        "last_cairn": LAST_CAIRN,
        "all_passed": ALL_PASSED,
    }


def figures() -> dict[str, Figure]:
    return {"board": board_figure(), "flow": flow_figure(), "tie": tie_figure()}


# --- the whole board ---------------------------------------------------------------------


def _row_label_width(v: View) -> float:
    """The room a row number takes beside the board: the widest, and the gap to the board (none outside: the column's edge)."""
    return max(width_mm(str(r), BOLD, EDGE_LABEL) for r in range(v.bottom_row, v.top_row + 1)) + LABEL_GAP


def board_figure() -> Figure:
    """The whole board at a quarter of its size (less if the column is narrower): the print's
    tiles and spaces, the one place the islands meet outlined, and around it the column letters
    and row numbers, set at a size that reads, as are the islands' names."""
    v, lay = view(4), print_layout()
    b = board()
    side = _row_label_width(v)
    columns, rows = v.last_column - v.first_column + 1, v.top_row - v.bottom_row + 1
    k = min(BOARD_SCALE, (room()[0] - 2 * side) / (columns * v.size))
    top = EDGE_LABEL * MM_PER_PT + 2 * LABEL_GAP  # one em and a gap each side
    width, height = columns * v.size * k, rows * v.size * k
    (bridge,) = _bridges()
    art: list[Shape] = [s for s in board_shapes(v) if not isinstance(s, Text)]
    mark = Style(stroke=HIGHLIGHT, stroke_width=0.6 / k)
    for space in bridge:
        x, y = v.corner(space)
        art.append(Rect(x, y, v.size, v.size, mark))
    to_page = compose(translate(side, top), compose(scale(k), translate(-v.margin, -v.margin)))
    shapes: list[Shape] = [Group(tuple(art), to_page)]
    # The islands' names where the print puts them, on the island's middle tile.
    for t in board_shapes(v):
        if isinstance(t, Text) and t.text in {i.upper() for i in ISLANDS}:
            x, y = _apply(to_page, (t.x, t.y - cap_height(t.size, t.font) / 2))
            shapes.append(centred(x, y, t.text, ISLAND_LABEL, BOLD, lay.ink))
    ink = lay.ink
    for c in range(v.first_column, v.last_column + 1):
        x = side + (c - v.first_column + 0.5) * v.size * k
        letter = name((c, 1))[0]
        shapes += [centred(x, top / 2, letter, EDGE_LABEL, BOLD, ink), centred(x, top + height + top / 2, letter, EDGE_LABEL, BOLD, ink)]
    for r in range(v.bottom_row, v.top_row + 1):
        y = top + (v.top_row - r + 0.5) * v.size * k
        y += cap_height(EDGE_LABEL, BOLD) / 2
        shapes += [Text(side - LABEL_GAP, y, str(r), EDGE_LABEL, BOLD, ink, "end"), Text(side + width + LABEL_GAP, y, str(r), EDGE_LABEL, BOLD, ink)]
    drawing = Drawing(width + 2 * side, height + 2 * top, shapes)
    albion = sum(1 for island, _ in b.tiles if island == "Albion")
    size = "a quarter of its size" if k == BOARD_SCALE else f"{k:.1%} of its size"
    caption = (
        f"The board, {size}: {len(v.spaces)} spaces on {len(b.tiles)} face-down tiles. Thick lines are the tiles' edges, thin lines the spaces'; "
        f"letters name the columns and numbers the rows. Albion ({albion} tiles) is the large island, "
        f"Eire ({len(b.tiles) - albion}) the small one; they meet only where {name(bridge[0])} touches {name(bridge[1])} (outlined in red). "
        "With 3 players only Albion is used."
    )
    return Figure(drawing, caption)


def _apply(m: Matrix, p: Point) -> Point:
    """Where a transform puts a point."""
    a, b, c, d, e, f = m
    return (a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f)


def _bridges() -> list[tuple[Space, Space]]:
    """Where a space of Eire touches a space of Albion, side by side."""
    b = board()
    return [(s, n) for s in sorted(b.spaces) for n in neighbours(s) if b.island[s] == "Eire" and b.island.get(n, "Eire") != "Eire"]


# --- close-ups ---------------------------------------------------------------------------


def _key(pos: Position, scored: Sequence[Scored] = ()) -> str:
    """What the pieces of a close-up are, and the suits' initials on them."""
    owners = {c.owner for c in pos.cairns.values()} | set(pos.tors.values()) | {e.owner for e in scored}
    suits = ", ".join(f"{s.value} {s.name.lower()}" for s in Suit if s.value in owners)
    return f"Coins are cairns (value above, suit below), pawns are tors (T and suit) and dominoes show their pips; {suits}."


def _replayed(record: str, until_turn: int | None = None) -> Game:
    """A figure's position: a shipped record replayed under the rules, which it must keep."""
    game = replay(shipped(record, load_record), until_turn)
    if game.diagnostics:
        raise RuntimeError(f"{record} breaks the rules: {game.diagnostics[0]}")
    return game


def flow_figure() -> Figure:
    game = _replayed(EXAMPLE, EXAMPLE_TURN)
    (e,) = [event.scored for event in game.events if event.turn == EXAMPLE_TURN]
    v = view(3)
    caption = (
        f"Moons have just laid 3-5 on k4 k5. The suns cairn worth {e.value} on h4 (dashed: it scores and leaves the board) sends its energy along the orange arrow through "
        f"{len(e.path)} halves, 1, 2, 3, into the suns tor on l4: the same suit, so it scores {e.value} + {len(e.path)} x 2 = {e.points}. "
        f"Attenuation then removes the 1-2 (dashed), no higher than {e.value} on either half; the 3-5 stays. {_key(game.pos, [e])}"
    )
    return Figure(_close_up(v, _pieces(v, game.pos, [e]), ((8, 3), (12, 7))), caption)


def tie_figure() -> Figure:
    game = _replayed(TIE)
    pos, v = game.pos, view(3)
    ties = [(space, f) for space, f in ((s, flow(pos, s)) for s in pos.cairns) if f.stop == "tie"]
    (cairn, stop), *_ = ties
    values = ", ".join(str(pos.halves[s]) for s in stop.path)
    here = name(stop.path[-1]) if stop.path else name(cairn)
    caption = (
        f"A tie, after a first round played from the example's set-up: the energy of the {Suit(pos.cairns[cairn].owner).name.lower()} cairn on {name(cairn)} runs "
        f"{values} to {here}, then meets two {pos.halves[stop.tied[0]]}s, on {' and '.join(name(s) for s in stop.tied)} (the dashed purple arrows). "
        f"By pnp's rule it stops there and the cairn does not score{_without(pos, cairn, stop)}. {_key(pos)}"
    )
    return Figure(_close_up(v, _pieces(v, pos), TIE_CORNERS), caption)


def _without(pos: Position, cairn: Space, stop: Flow) -> str:
    """What the energy would do with one of the tied dominoes taken away, when it would then reach a tor."""
    for gone in stop.tied:
        trial = Position(pos.spaces, dict(pos.cairns), dict(pos.tors), dict(pos.halves), dict(pos.partner))
        trial.remove(gone)
        f = flow(trial, cairn)
        if f.tor is not None:
            return f", although without the domino on {name(gone)} it would run on into the tor on {name(f.tor)}"
    return ""


def _pieces(v: View, pos: Position, just_scored: Sequence[Scored] = ()) -> list[Shape]:
    """The pieces of a position (their words at a size that reads once reduced), each cairn's
    energy (purple), and in orange the path of a cairn that just scored with the dominoes it took
    away (dashed, as is the cairn, now off the board)."""
    lay = print_layout()
    shapes = dominoes_shapes(v, pos, just_scored)
    for space, owner in pos.tors.items():
        shapes += _words(tor_shape(v, space, owner))
        cx, cy = v.centre(space)
        shapes.append(_text(cx, cy + lay.pawn * 0.45, f"T{owner}", PIECE_LABEL, "#FFFFFF"))
    for space, cairn in pos.cairns.items():
        shapes += _cairn(v, space, cairn.owner, cairn.value)
    for e in just_scored:
        shapes += _cairn(v, e.cairn, e.owner, e.value, ghost=True)
        shapes += _flow(v, Flow(e.cairn, e.path, e.tor, "tor"), lay.scored)
    for space in pos.cairns:
        shapes += _flow(v, flow(pos, space), lay.flow)
    return shapes


def _words(shapes: list[Shape]) -> list[Shape]:
    """A piece without its words (set again by the figure at a size that reads)."""
    return [s for s in shapes if not isinstance(s, Text)]


def _text(x: float, y: float, text: str, size: float, fill: str) -> Text:
    """Text centred on (x, y) in board mm, `size` pt once the close-up is reduced."""
    return centred(x, y, text, size / CLOSE_UP, BOLD, fill)


def _cairn(v: View, space: Space, owner: str, value: int, ghost: bool = False) -> list[Shape]:
    lay = print_layout()
    cx, cy = v.centre(space)
    r = lay.coin / 2
    shapes = _words(cairn_shape(v, space, owner, value, ghost))
    if ghost:
        return [*shapes, _text(cx, cy, str(value), VALUE_LABEL, lay.scored)]
    return [*shapes, _text(cx, cy - r * 0.2, str(value), VALUE_LABEL, "#FFFFFF"), _text(cx, cy + r * 0.55, owner, PIECE_LABEL, "#FFFFFF")]


def _lane(v: View, space: Space) -> Point:
    """Where energy crosses a space: half way between the pips' rows and columns, up and right of the centre."""
    cx, cy = v.centre(space)
    o = print_layout().pip_offset * LANE
    return (cx + o, cy - o)


def _towards(p: Point, q: Point, d: float) -> Point:
    n = math.dist(p, q)
    return (p[0] + (q[0] - p[0]) * d / n, p[1] + (q[1] - p[1]) * d / n)


def _off_coin(v: View, space: Space, towards: Point) -> Point:
    """Where the lane from a cairn's space toward `towards` leaves the coin."""
    (cx, cy), p = v.centre(space), _lane(v, space)
    r = print_layout().coin / 2
    n = math.dist(p, towards)
    ux, uy = (towards[0] - p[0]) / n, (towards[1] - p[1]) / n
    fx, fy = p[0] - cx, p[1] - cy
    b = fx * ux + fy * uy
    t = -b + math.sqrt(b * b - (fx * fx + fy * fy - r * r))
    return (p[0] + ux * t, p[1] + uy * t)


def _flow(v: View, f: Flow, colour: str) -> list[Shape]:
    """A cairn's energy in its lane: an arrow into the tor it reaches, a bar where it runs into a
    dead end, dashed arrows toward neighbours that tie."""
    width, head = ARROW / CLOSE_UP, HEAD / CLOSE_UP
    shapes: list[Shape] = []
    lanes = [_lane(v, s) for s in f.path]
    if f.tor is not None:
        before = lanes[-1] if lanes else _lane(v, f.cairn)
        lanes.append(_towards(_lane(v, f.tor), before, print_layout().pip_offset * LANE + SHORT_OF_TOR))
    if lanes:
        points = [_off_coin(v, f.cairn, lanes[0]), *lanes]
        if f.tor is not None:
            shapes += arrow(points, colour, width, head)
        else:
            style = Style(stroke=colour, stroke_width=width)
            (px, py), (qx, qy) = points[-2], points[-1]
            n = math.dist((px, py), (qx, qy))
            ux, uy = (qx - px) / n * 3, (qy - py) / n * 3
            ops = (("M", *points[0]), *(("L", *p) for p in points[1:]))
            shapes += [Path(ops, style), Line(qx - uy, qy + ux, qx + uy, qy - ux, style)]
    here = f.path[-1] if f.path else f.cairn
    o = print_layout().pip_offset * LANE
    for near in f.tied:
        (hx, hy), (nx, ny) = v.centre(here), v.centre(near)
        if hy == ny:  # along the row, in the lane above the centre line
            end = (nx - math.copysign(SHORT_OF_TIE, nx - hx), ny - o)
        else:  # along the column, in the lane right of it
            end = (nx + o, ny - math.copysign(SHORT_OF_TIE, ny - hy))
        start = _lane(v, here) if f.path else _off_coin(v, here, end)
        shapes += arrow([start, end], colour, width, TIE_HEAD / CLOSE_UP, dash=(0.8 / CLOSE_UP, 0.5 / CLOSE_UP))
    return shapes


def _close_up(v: View, pieces: list[Shape], corners: tuple[Space, Space]) -> Drawing:
    """The part of the board between two corner spaces (south-west, north-east), reduced and
    framed, its column letters above and row numbers on the left at a size that reads."""
    (c0, r0), (c1, r1) = corners
    (x0, y0) = v.corner((c0, r1))
    w, h = (c1 - c0 + 1) * v.size, (r1 - r0 + 1) * v.size
    k = CLOSE_UP
    lay = print_layout()
    side = max(width_mm(str(r), BOLD, EDGE_LABEL) for r in range(r0, r1 + 1)) + 2 * LABEL_GAP
    top = EDGE_LABEL * MM_PER_PT + 2 * LABEL_GAP
    # Space names and island names are left out, and so is whatever lies wholly outside the crop,
    # not just clipped: hidden text would still be found and copied, hidden shapes still printed.
    art = [s for s in [*(b for b in board_shapes(v) if not isinstance(b, Text)), *pieces] if meets(s, (x0, y0, x0 + w, y0 + h))]
    to_page = compose(translate(side, top), compose(scale(k), translate(-x0, -y0)))
    shapes: list[Shape] = [Group(tuple(art), to_page, Rect(x0, y0, w, h, Style())), Rect(side, top, w * k, h * k, Style(stroke=lay.ink, stroke_width=0.3))]
    for c in range(c0, c1 + 1):
        shapes.append(centred(side + (c - c0 + 0.5) * v.size * k, top / 2, name((c, 1))[0], EDGE_LABEL, BOLD, lay.ink))
    for r in range(r0, r1 + 1):
        shapes.append(centred(side / 2, top + (r1 - r + 0.5) * v.size * k, str(r), EDGE_LABEL, BOLD, lay.ink))
    return Drawing(side + w * k, top + h * k, shapes)
