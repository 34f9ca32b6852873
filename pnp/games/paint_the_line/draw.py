"""Paint the Line on paper: the two boards, Looney Pyramids to fold, and a position of a game as
`pnp paint-the-line show` draws it (the score pad: scorepad.py).

Every colour is drawn by `_paint`: a solid fill, or for black and white a pattern of black
lines or dots on white, so the game still plays from a one-ink print."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pydantic import field_validator

from pnp.core.layouts import LayoutModel, Length, Points, load_layout, sheet_layout
from pnp.core.printing import COLOUR, Print
from pnp.draw.figures import arrow
from pnp.draw.pages import titled_page
from pnp.draw.shapes import Circle, Drawing, Line, Path, Rect, Shape, Style, Text, group, polygon, rotate
from pnp.draw.sheets import page_caption, room_below
from pnp.draw.text import BOLD, MM_PER_PT, REGULAR, cap_height, wrap_shrinking

from .engine import BLOCKED, COLS, LETTERS, MOVE_ROWS, OPEN, ROWS, SETUP, Pyramid, score, space_name
from .game import Game

INK = "#1A1A1A"
PAPER = "#FFFFFF"
BLOCKED_FILL = "#D9D9D9"
Point = tuple[float, float]


class PyramidSize(LayoutModel):
    pips: int
    base: Length
    height: Length


class Colour(LayoutModel):
    name: str
    hatch: list[float]  # black-and-white pattern: line angles in degrees, none for dots
    fill: str
    pips: str


class PaintLayout(LayoutModel):
    square: Length
    board_stroke: Length
    board_gap: Length
    heading_gap: Length
    footprint_stroke: Length
    title_size: Points
    label_size: Points
    net_gap: Length
    cut_stroke: Length
    fold_dash: Length
    glue_tab: Length
    pip_diameter: float
    pip_rise: float
    pip_spacing: float
    letter_rise: float
    letter_size: Points
    pattern_spacing: Length
    pattern_stroke: Length
    pattern_ink: str
    pattern_inset: Length
    pip_clear: Length
    dot_size: Length
    pyramids: dict[str, PyramidSize]
    colours: list[Colour]

    @field_validator("colours")
    @classmethod
    def _four(cls, v: list[Colour]) -> list[Colour]:
        if len(v) != 4:
            raise ValueError(f"the game is played with 4 colours, not {len(v)}")
        return v


def paint_layout() -> PaintLayout:
    return load_layout("paint-the-line", PaintLayout)


# ---------------------------------------------------------------------------
# Paper pyramids: four faces unrolled around the apex, and a glue tab


@dataclass(frozen=True)
class Net:
    """A pyramid's net in its own box (0..width, 0..height): the apex, the five base
    corners along the unrolled rim (the first and last meet when folded), the glue tab."""

    apex: Point
    corners: tuple[Point, ...]
    tab: tuple[Point, Point, Point, Point]  # along the last edge from the apex outwards, then back
    width: float
    height: float


def net_geometry(size: PyramidSize, tab: float, pad: float) -> Net:
    """The net of a pyramid of `size`, with `pad` mm of room all round for the cut line's width."""
    half = size.base / 2
    slant = math.hypot(size.height, half)  # apex to the middle of a base edge
    edge = math.hypot(slant, half)  # apex to a base corner
    spread = 2 * math.atan2(half, slant)  # the angle one face takes up when unrolled
    # Directions from the apex, fanned out evenly on both sides of straight down.
    dirs = [(math.sin(a), math.cos(a)) for a in ((i - 2) * spread for i in range(5))]
    corners = [(edge * dx, edge * dy) for dx, dy in dirs]
    # The tab runs along the last edge, on its outer side, with 45-degree ends.
    (dx, dy), (nx, ny) = dirs[-1], (dirs[-1][1], -dirs[-1][0])
    near, far = 0.12 * edge, 0.95 * edge
    tab_points = (
        (far * dx, far * dy),
        ((far - tab) * dx + tab * nx, (far - tab) * dy + tab * ny),
        ((near + tab) * dx + tab * nx, (near + tab) * dy + tab * ny),
        (near * dx, near * dy),
    )
    points = [(0.0, 0.0), *corners, *tab_points]
    x0, y0 = min(x for x, _ in points) - pad, min(y for _, y in points) - pad

    def moved(p: Point) -> Point:
        return (p[0] - x0, p[1] - y0)

    t0, t1, t2, t3 = (moved(t) for t in tab_points)
    return Net(
        moved((0.0, 0.0)),
        tuple(moved(c) for c in corners),
        (t0, t1, t2, t3),
        max(x for x, _ in points) + pad - x0,
        max(y for _, y in points) + pad - y0,
    )


def net_outline(net: Net) -> tuple[Point, ...]:
    """The line to cut along: apex, rim, glue tab."""
    return (net.apex, *net.corners, *net.tab)


def pyramid_net(size_name: str, colour: Colour, bleed: float = 0.0, *, printing: Print = COLOUR) -> list[Shape]:
    """Faces in the colour (or its pattern) with their pips near the base; solid lines to cut, dashed to fold."""
    lay = paint_layout()
    size = lay.pyramids[size_name]
    net = net_geometry(size, lay.glue_tab, lay.cut_stroke)
    apex, c = net.apex, net.corners
    cut = Style(stroke=INK, stroke_width=lay.cut_stroke)
    fold = Style(stroke=INK, stroke_width=lay.cut_stroke, dash=(lay.fold_dash, lay.fold_dash))
    shapes: list[Shape] = [s for i in range(4) for s in _paint([apex, c[i], c[i + 1]], colour, printing, lay)]
    for i in range(4):
        shapes += _pips(apex, c[i], c[i + 1], size, colour, printing, lay)
        shapes += _letter(apex, c[i], c[i + 1], size, colour, printing, lay)
    shapes += [Line(*apex, *c[i], fold) for i in (1, 2, 3)]
    near, far = net.tab[3], net.tab[0]
    shapes.append(Line(*near, *far, fold))
    outline = net_outline(net)
    shapes.append(Path((("M", *outline[0]), *(("L", *p) for p in outline[1:]), ("Z",)), cut))
    return shapes


def _ink(colour: Colour, printing: Print) -> str:
    """What is written on the colour: its pip ink, or black on a pattern."""
    return INK if printing.bw else colour.pips


def _paint(shape: list[Point], colour: Colour, printing: Print, lay: PaintLayout) -> list[Shape]:
    """A convex shape in the colour: filled, or (black and white) white with the colour's pattern."""
    if not printing.bw:
        return [polygon(shape, Style(fill=colour.fill))]
    lines = Style(stroke=lay.pattern_ink, stroke_width=lay.pattern_stroke)
    painted: list[Shape] = [polygon(shape, Style(fill=PAPER))]
    inner = _inset(shape, lay.pattern_inset)  # a white rim keeps the cut, fold and grid lines clear
    for angle in colour.hatch:
        painted += _hatch(inner, angle, lay.pattern_spacing, lines)
    if not colour.hatch:
        painted += _dots(inner, lay.pattern_spacing, lay.dot_size / 2, lay.pattern_ink)
    return painted


def _inset(shape: list[Point], d: float) -> list[Point]:
    """A triangle or square shrunk by `d` mm on every side, towards the centre of its inscribed circle."""
    edges = list(zip(shape, shape[1:] + shape[:1]))
    lengths = [math.dist(p, q) for p, q in edges]
    # The centre of the inscribed circle: for a triangle the corners weighted by the opposite sides' lengths.
    if len(shape) == 3:
        weights = [lengths[1], lengths[2], lengths[0]]
        cx = sum(w * p[0] for w, p in zip(weights, shape)) / sum(weights)
        cy = sum(w * p[1] for w, p in zip(weights, shape)) / sum(weights)
    else:
        cx, cy = sum(p[0] for p in shape) / len(shape), sum(p[1] for p in shape) / len(shape)
    r = min(abs((q[0] - p[0]) * (cy - p[1]) - (q[1] - p[1]) * (cx - p[0])) / n for (p, q), n in zip(edges, lengths))
    k = max(0.0, 1 - d / r)
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in shape]


def _hatch(shape: list[Point], angle: float, spacing: float, style: Style) -> list[Line]:
    """Parallel lines `spacing` apart at `angle` degrees, clipped to a convex shape."""
    t = math.radians(angle)
    along, across = (math.cos(t), math.sin(t)), (-math.sin(t), math.cos(t))
    level = [x * across[0] + y * across[1] for x, y in shape]
    lines = []
    for k in range(math.ceil(min(level) / spacing), math.floor(max(level) / spacing) + 1):
        at = k * spacing
        cuts = []
        for i, (p, q) in enumerate(zip(shape, shape[1:] + shape[:1])):
            a, b = level[i] - at, level[(i + 1) % len(shape)] - at
            if a != b and min(a, b) <= 0 <= max(a, b):
                f = a / (a - b)
                cuts.append((p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f))
        if len(cuts) >= 2:
            ends = sorted(cuts, key=lambda c: c[0] * along[0] + c[1] * along[1])
            (x1, y1), (x2, y2) = ends[0], ends[-1]
            if math.hypot(x2 - x1, y2 - y1) > 0.3:  # skip slivers at the corners
                lines.append(Line(x1, y1, x2, y2, style))
    return lines


def _dots(shape: list[Point], spacing: float, r: float, ink: str) -> list[Circle]:
    """Dots on a staggered grid, the whole of each inside a convex shape."""
    xs, ys = [x for x, _ in shape], [y for _, y in shape]
    edges = list(zip(shape, shape[1:] + shape[:1]))
    turn = 1 if sum((q[0] - p[0]) * (q[1] + p[1]) for p, q in edges) < 0 else -1  # which side is inside

    def inside(x: float, y: float) -> bool:
        return all(turn * ((q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])) / math.dist(p, q) >= r * 1.5 for p, q in edges)

    dots = []
    for j in range(math.floor(min(ys) / spacing), math.ceil(max(ys) / spacing) + 1):
        shift = spacing / 2 if j % 2 else 0.0
        for i in range(math.floor(min(xs) / spacing) - 1, math.ceil(max(xs) / spacing) + 1):
            x, y = i * spacing + shift, j * spacing
            if inside(x, y):
                dots.append(Circle(x, y, r, Style(fill=ink)))
    return dots


def _pips(apex: Point, a: Point, b: Point, size: PyramidSize, colour: Colour, printing: Print, lay: PaintLayout) -> list[Shape]:
    """A row of pips across one face, parallel to its base edge a-b (on a pattern, each on a white ground)."""
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    up = _unit(mid, apex)
    along = _unit(a, b)
    rise, gap = lay.pip_rise * size.base, lay.pip_spacing * size.base
    cx, cy = mid[0] + up[0] * rise, mid[1] + up[1] * rise
    r = lay.pip_diameter * size.base / 2
    offsets = [(k - (size.pips - 1) / 2) * gap for k in range(size.pips)]
    centres = [(cx + along[0] * t, cy + along[1] * t) for t in offsets]
    grounds: list[Shape] = [Circle(x, y, r + lay.pip_clear, Style(fill=PAPER)) for x, y in centres] if printing.bw else []
    return grounds + [Circle(x, y, r, Style(fill=_ink(colour, printing))) for x, y in centres]


def _letter(apex: Point, a: Point, b: Point, size: PyramidSize, colour: Colour, printing: Print, lay: PaintLayout) -> list[Shape]:
    """The colour's letter on one face, upright when the pyramid stands."""
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    up = _unit(mid, apex)
    rise = lay.letter_rise * size.base
    x, y = mid[0] + up[0] * rise, mid[1] + up[1] * rise
    # Turned so that the letter's top points at the apex.
    turn = math.degrees(math.atan2(up[0], -up[1]))
    text = Text(x, y, LETTERS[colour.name], lay.letter_size, BOLD, _ink(colour, printing), "middle")
    ground = [Circle(x, y - cap_height(lay.letter_size) / 2, cap_height(lay.letter_size), Style(fill=PAPER))] if printing.bw else []
    return [group(*ground, text, transform=rotate(turn, x, y))]


def _unit(p: Point, q: Point) -> Point:
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy)
    return (dx / n, dy / n)


# ---------------------------------------------------------------------------
# The boards


def boards_page(printing: Print) -> Drawing:
    """Both boards on one page, used where they are printed: nothing to cut (the score pad has a file of its own)."""
    lay = paint_layout()
    notes = [
        "Movement board: set a tree (large, medium, small) of the colour shown on each space.",
        "Scoring board: captured pyramids go here; the two grey spaces are never used.",
    ]
    title = "Paint the Line - boards" + (" (black and white)" if printing.bw else "")
    head = titled_page(printing, title, notes, lay.title_size, lay.label_size, INK)
    page, sq = head.page, lay.square
    x0 = (page.width - COLS * sq) / 2
    y = _heading(page, "Movement board", x0, head.top, lay)
    page.add(*movement_board(x0, y, printing))
    y = _heading(page, "Scoring board", x0, y + len(SETUP) * sq + lay.board_gap, lay)
    page.add(*scoring_board(x0, y))
    page.add(page_caption(title, printing))
    page.room = room_below(y + ROWS * sq + COORDINATE_ROOM, printing)  # below the column letters
    return page


def movement_board(x0: float, y0: float, printing: Print = COLOUR) -> list[Shape]:
    """The movement board, its top-left corner at (x0, y0): each space in the colour of the tree
    that starts there, with the tree's footprint and number, the grid and the coordinates."""
    lay = paint_layout()
    sq = lay.square
    large = max(lay.pyramids.values(), key=lambda s: s.base).base
    shapes: list[Shape] = []
    for r, row in enumerate(SETUP):
        for col, number in enumerate(row):
            colour = lay.colours[number - 1]
            bx, by = x0 + col * sq, y0 + r * sq
            shapes += _paint([(bx, by), (bx + sq, by), (bx + sq, by + sq), (bx, by + sq)], colour, printing, lay)
            cx, cy = bx + sq / 2, by + sq / 2
            ink = _ink(colour, printing)
            shapes.append(Rect(cx - large / 2, cy - large / 2, large, large, Style(stroke=ink, stroke_width=lay.footprint_stroke)))
            if printing.bw:  # a white plate, so the words stand clear of the pattern
                plate_w, plate_h = large * 0.8, 2.2 * cap_height(lay.label_size)
                shapes.append(Rect(cx - plate_w / 2, cy - plate_h / 2, plate_w, plate_h, Style(fill=PAPER), radius=1.0))
            shapes.append(Text(cx, cy + cap_height(lay.label_size) / 2, f"{number} {colour.name}", lay.label_size, BOLD, ink, "middle"))
    return [*shapes, *_grid(x0, y0, len(SETUP), COLS, lay), *coordinates(x0, y0, len(SETUP), COLS, sq)]


def scoring_board(x0: float, y0: float) -> list[Shape]:
    """The scoring board, its top-left corner at (x0, y0), its two unused spaces greyed."""
    lay = paint_layout()
    return [*_blocked(x0, y0, lay.square, lay), *_grid(x0, y0, ROWS, COLS, lay), *coordinates(x0, y0, ROWS, COLS, lay.square)]


# Every space is named as records name it (engine.space_name): a column letter under the board,
# a row number at its left, small, outside the grid.
COORDINATE_SIZE = 7.5  # pt
COORDINATE_GAP = 1.2  # mm between the grid and a coordinate
COORDINATE_ROOM = COORDINATE_GAP + 0.9 * COORDINATE_SIZE * MM_PER_PT  # what the column letters take below a board


def coordinates(x0: float, y0: float, rows: int, cols: int, sq: float, ink: str = INK) -> list[Shape]:
    """The column letters a-f under a board whose top left is (x0, y0), and the row numbers from 1 at
    the top down its left side."""
    size, cap = COORDINATE_SIZE, cap_height(COORDINATE_SIZE, BOLD)
    below = y0 + rows * sq + COORDINATE_GAP + cap
    shapes: list[Shape] = [Text(x0 + (c + 0.5) * sq, below, space_name((0, c))[0], size, BOLD, ink, "middle") for c in range(cols)]
    shapes += [Text(x0 - COORDINATE_GAP, y0 + (r + 0.5) * sq + cap / 2, str(r + 1), size, BOLD, ink, "end") for r in range(rows)]
    return shapes


def _blocked(x0: float, y0: float, sq: float, lay: PaintLayout) -> list[Shape]:
    """The scoring board's two blocked spaces: grey, crossed."""
    shapes: list[Shape] = []
    cross = Style(stroke=INK, stroke_width=lay.board_stroke)
    for r, col in sorted(BLOCKED):
        bx, by = x0 + col * sq, y0 + r * sq
        shapes += [Rect(bx, by, sq, sq, Style(fill=BLOCKED_FILL)), Line(bx, by, bx + sq, by + sq, cross), Line(bx + sq, by, bx, by + sq, cross)]
    return shapes


def _heading(page: Drawing, text: str, x: float, top: float, lay: PaintLayout) -> float:
    """A heading whose capitals start at `top`; returns where what it heads begins."""
    page.add(Text(x, top + cap_height(lay.title_size), text, lay.title_size, BOLD, INK))
    return top + cap_height(lay.title_size) + lay.heading_gap


def _grid(x0: float, y0: float, rows: int, cols: int, lay: PaintLayout) -> list[Shape]:
    sq, style = lay.square, Style(stroke=INK, stroke_width=lay.board_stroke)
    lines: list[Shape] = [Line(x0 + c * sq, y0, x0 + c * sq, y0 + rows * sq, style) for c in range(cols + 1)]
    return lines + [Line(x0, y0 + r * sq, x0 + cols * sq, y0 + r * sq, style) for r in range(rows + 1)]


# ---------------------------------------------------------------------------
# A position of a game, as `pnp paint-the-line show` draws it

# A stack is drawn in the lower left of its space, each pyramid seen from the side: a triangle
# in its colour, wider the more pips it has, its pips near its base; the bottom of the stack
# lowest. The top strip and the right strip of every space stay free: the last move's arrow
# runs there, from lane point to lane point, so it never crosses a pyramid or a pip.
MARK_HEIGHT = 6.2  # mm
MARK_GAP = 0.6
MARK_WIDTH = {1: 9.0, 2: 13.0, 3: 17.0}
MARK_INSET = 2.5  # from the space's left and bottom edges
LANE = 4.5  # the arrow runs this far inside a space's top and right edges
LANE_ROOM = 9.0  # nothing else stands within this of a space's top and right edges
PIP = 1.3  # mm across
PIP_RISE = 1.5  # from a triangle's base to its pips' centres
PIP_STEP = 2.3
ACCENT = "#7B2D8E"  # the last move: its arrow and the frame round the space its capture went to
ARROW_WIDTH = 0.6
ARROW_HEAD = 2.6


def _colour(name: str) -> Colour:
    return next(c for c in paint_layout().colours if c.name == name)


def stack_marks(bx: float, by: float, sq: float, stack: list[Pyramid], moved: bool = False) -> list[Shape]:
    """A space's stack at (bx, by) (its top left), bottom first; the top pyramid outlined heavier,
    and heavier still (in the accent) when it is the one that just moved."""
    shapes: list[Shape] = []
    cx = bx + MARK_INSET + (sq - MARK_INSET - LANE_ROOM) / 2
    base = by + sq - MARK_INSET
    for level, pyramid in enumerate(stack):
        colour, w = _colour(pyramid.colour), MARK_WIDTH[pyramid.pips]
        top = level == len(stack) - 1
        edge = Style(fill=colour.fill, stroke=ACCENT if top and moved else INK, stroke_width=0.7 if top and moved else 0.45 if top else 0.2)
        shapes.append(polygon([(cx - w / 2, base), (cx + w / 2, base), (cx, base - MARK_HEIGHT)], edge))
        y = base - PIP_RISE
        for k in range(pyramid.pips):
            shapes.append(Circle(cx + (k - (pyramid.pips - 1) / 2) * PIP_STEP, y, PIP / 2, Style(fill=colour.pips)))
        base -= MARK_HEIGHT + MARK_GAP
    return shapes


def lane_point(x0: float, y0: float, sq: float, cell: tuple[int, int]) -> tuple[float, float]:
    """Where the arrow passes through a space: near its top right corner, clear of every mark."""
    return (x0 + (cell[1] + 1) * sq - LANE, y0 + cell[0] * sq + LANE)


def position_page(game: Game, title: str, move: str, printing: Print) -> Drawing:
    """Both boards at true size on one sheet of the print's paper, after the turns `game` holds: a heading
    (the players' colours and scores so far, the last move in words, a key), then the movement
    board with every stack and the last move's arrow along its route, then the scoring board with
    the space its capture went to framed."""
    lay = paint_layout()
    sheet = sheet_layout()
    page_w, page_h = printing.size.width, printing.size.height
    margin = sheet.margin + sheet.page_inset
    room = page_w - 2 * margin
    sq = lay.square
    board = game.board()
    if board is None:
        raise ValueError("a position is drawn once every colour is chosen")
    result = score(board)
    players = "; ".join(f"player {p.player}: {p.colours[0]} and {p.colours[1]}, {p.score} points" for p in result.players)
    picks = ", ".join(f"{p.player} {p.colour} ({space_name(p.space)})" for p in game.picks)
    status = f"the game is over: {game.finished}" if game.finished else f"player {game.to_move()} to move"
    lines = [
        f"{players} ({'final' if game.finished else 'so far'}); {status}.",
        f"{move[0].upper()}{move[1:]}." if game.last else f"The position {move}.",
        f"Colour picks (player, colour, the tree its small came from): {picks}.",
        "Each pyramid is drawn from the side, wider the more pips it has, a stack's bottom lowest; the top one is outlined.",
        "The arrow: the last move, along one route it could take; the framed scoring space took its capture.",
    ]
    page = Drawing(page_w, page_h, title=title)
    size, note = lay.title_size, lay.label_size
    size, headings = wrap_shrinking(title, BOLD, size, room)
    y = margin + cap_height(size)
    for line in headings:
        page.add(Text(margin, y, line, size, BOLD, INK))
        y += 1.2 * size * MM_PER_PT
    y += 0.3 * size * MM_PER_PT
    for text in lines:
        text_size, parts = wrap_shrinking(text, REGULAR, note, room)
        for line in parts:
            page.add(Text(margin, y, line, text_size, fill=INK))
            y += 1.5 * note * MM_PER_PT
    x0 = (page_w - COLS * sq) / 2
    last = game.last
    # The movement board.
    y = _heading(page, "Movement board", x0, y + lay.heading_gap, lay)
    move_y = y
    for cell, stack in sorted(game.pos.movement.items()):
        r, c = cell
        page.add(*stack_marks(x0 + c * sq, y + r * sq, sq, stack, moved=last is not None and cell == last.end))
    page.add(*_grid(x0, y, MOVE_ROWS, COLS, lay))
    page.add(*coordinates(x0, y, MOVE_ROWS, COLS, sq))
    if last is not None:
        points = [lane_point(x0, move_y, sq, cell) for cell in last.route]
        start = points[0]
        page.add(Circle(*start, 1.0, Style(fill=ACCENT)))
        page.add(*arrow(points, ACCENT, ARROW_WIDTH, ARROW_HEAD))
    # The scoring board.
    y = _heading(page, "Scoring board", x0, y + MOVE_ROWS * sq + COORDINATE_ROOM + lay.board_gap, lay)
    page.add(*_blocked(x0, y, sq, lay))
    for cell in OPEN:
        r, c = cell
        page.add(*stack_marks(x0 + c * sq, y + r * sq, sq, game.pos.scoring[cell]))
    page.add(*_grid(x0, y, ROWS, COLS, lay))
    page.add(*coordinates(x0, y, ROWS, COLS, sq))
    if last is not None:
        r, c = last.place
        inset = 1.2
        page.add(Rect(x0 + c * sq + inset, y + r * sq + inset, sq - 2 * inset, sq - 2 * inset, Style(stroke=ACCENT, stroke_width=0.8)))
    bottom = y + ROWS * sq + COORDINATE_ROOM
    if bottom > page_h - margin:
        raise ValueError(f"the boards need {bottom:.1f} mm of a {page_h:.1f} mm page")
    return page
