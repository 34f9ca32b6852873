"""Paint the Line on paper: the two boards, and Looney Pyramids to fold (the score pad: scorepad.py).

Every colour is drawn by `_paint`: a solid fill, or for black and white a pattern of black
lines or dots on white, so the game still plays from a one-ink print."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pydantic import field_validator

from ...draw.pages import titled_page
from ...draw.shapes import Circle, Drawing, Line, Path, Rect, Shape, Style, Text, group, polygon, rotate
from ...draw.sheets import page_caption, room_below
from ...draw.text import BOLD, cap_height
from ...layouts import LayoutModel, Length, Points, load_layout
from .engine import BLOCKED, COLS, LETTERS, ROWS, SETUP

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

    return Net(
        moved((0.0, 0.0)),
        tuple(moved(c) for c in corners),
        tuple(moved(t) for t in tab_points),  # type: ignore[arg-type]
        max(x for x, _ in points) + pad - x0,
        max(y for _, y in points) + pad - y0,
    )


def net_outline(net: Net) -> tuple[Point, ...]:
    """The line to cut along: apex, rim, glue tab."""
    return (net.apex, *net.corners, *net.tab)


def pyramid_net(size_name: str, colour: Colour, bleed: float = 0.0, *, bw: bool = False) -> list[Shape]:
    """Faces in the colour (or its pattern) with their pips near the base; solid lines to cut, dashed to fold."""
    lay = paint_layout()
    size = lay.pyramids[size_name]
    net = net_geometry(size, lay.glue_tab, lay.cut_stroke)
    apex, c = net.apex, net.corners
    cut = Style(stroke=INK, stroke_width=lay.cut_stroke)
    fold = Style(stroke=INK, stroke_width=lay.cut_stroke, dash=(lay.fold_dash, lay.fold_dash))
    shapes: list[Shape] = [s for i in range(4) for s in _paint([apex, c[i], c[i + 1]], colour, bw, lay)]
    for i in range(4):
        shapes += _pips(apex, c[i], c[i + 1], size, colour, bw, lay)
        shapes += _letter(apex, c[i], c[i + 1], size, colour, bw, lay)
    shapes += [Line(*apex, *c[i], fold) for i in (1, 2, 3)]
    near, far = net.tab[3], net.tab[0]
    shapes.append(Line(*near, *far, fold))
    outline = net_outline(net)
    shapes.append(Path((("M", *outline[0]), *(("L", *p) for p in outline[1:]), ("Z",)), cut))
    return shapes


def _ink(colour: Colour, bw: bool) -> str:
    """What is written on the colour: its pip ink, or black on a pattern."""
    return INK if bw else colour.pips


def _paint(shape: list[Point], colour: Colour, bw: bool, lay: PaintLayout) -> list[Shape]:
    """A convex shape in the colour: filled, or (black and white) white with the colour's pattern."""
    if not bw:
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


def _pips(apex: Point, a: Point, b: Point, size: PyramidSize, colour: Colour, bw: bool, lay: PaintLayout) -> list[Shape]:
    """A row of pips across one face, parallel to its base edge a-b (on a pattern, each on a white ground)."""
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    up = _unit(mid, apex)
    along = _unit(a, b)
    rise, gap = lay.pip_rise * size.base, lay.pip_spacing * size.base
    cx, cy = mid[0] + up[0] * rise, mid[1] + up[1] * rise
    r = lay.pip_diameter * size.base / 2
    offsets = [(k - (size.pips - 1) / 2) * gap for k in range(size.pips)]
    centres = [(cx + along[0] * t, cy + along[1] * t) for t in offsets]
    grounds = [Circle(x, y, r + lay.pip_clear, Style(fill=PAPER)) for x, y in centres] if bw else []
    return grounds + [Circle(x, y, r, Style(fill=_ink(colour, bw))) for x, y in centres]


def _letter(apex: Point, a: Point, b: Point, size: PyramidSize, colour: Colour, bw: bool, lay: PaintLayout) -> list[Shape]:
    """The colour's letter on one face, upright when the pyramid stands."""
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    up = _unit(mid, apex)
    rise = lay.letter_rise * size.base
    x, y = mid[0] + up[0] * rise, mid[1] + up[1] * rise
    # Turned so that the letter's top points at the apex.
    turn = math.degrees(math.atan2(up[0], -up[1]))
    text = Text(x, y, LETTERS[colour.name], lay.letter_size, BOLD, _ink(colour, bw), "middle")
    ground = [Circle(x, y - cap_height(lay.letter_size) / 2, cap_height(lay.letter_size), Style(fill=PAPER))] if bw else []
    return [group(*ground, text, transform=rotate(turn, x, y))]


def _unit(p: Point, q: Point) -> Point:
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy)
    return (dx / n, dy / n)


# ---------------------------------------------------------------------------
# The boards


def boards_page(paper: str, bw: bool = False) -> Drawing:
    """Both boards on one page, used where they are printed: nothing to cut (the score pad has a file of its own)."""
    lay = paint_layout()
    notes = [
        "Movement board: set a tree (large, medium, small) of the colour shown on each space.",
        "Scoring board: captured pyramids go here; the two grey spaces are never used.",
    ]
    title = "Paint the Line - boards" + (" (black and white)" if bw else "")
    head = titled_page(paper, title, notes, lay.title_size, lay.label_size, INK)
    page, sq = head.page, lay.square
    x0 = (page.width - COLS * sq) / 2
    y = _heading(page, "Movement board", x0, head.top, lay)
    large = max(lay.pyramids.values(), key=lambda s: s.base).base
    for r, row in enumerate(SETUP):
        for col, number in enumerate(row):
            colour = lay.colours[number - 1]
            bx, by = x0 + col * sq, y + r * sq
            page.add(*_paint([(bx, by), (bx + sq, by), (bx + sq, by + sq), (bx, by + sq)], colour, bw, lay))
            cx, cy = bx + sq / 2, by + sq / 2
            ink = _ink(colour, bw)
            page.add(Rect(cx - large / 2, cy - large / 2, large, large, Style(stroke=ink, stroke_width=lay.footprint_stroke)))
            label = f"{number} {colour.name}"
            if bw:  # a white plate, so the words stand clear of the pattern
                plate_w, plate_h = large * 0.8, 2.2 * cap_height(lay.label_size)
                page.add(Rect(cx - plate_w / 2, cy - plate_h / 2, plate_w, plate_h, Style(fill=PAPER), radius=1.0))
            page.add(Text(cx, cy + cap_height(lay.label_size) / 2, label, lay.label_size, BOLD, ink, "middle"))
    page.add(*_grid(x0, y, len(SETUP), COLS, lay))
    y = _heading(page, "Scoring board", x0, y + len(SETUP) * sq + lay.board_gap, lay)
    for r, col in sorted(BLOCKED):
        bx, by = x0 + col * sq, y + r * sq
        cross = Style(stroke=INK, stroke_width=lay.board_stroke)
        page.add(Rect(bx, by, sq, sq, Style(fill=BLOCKED_FILL)), Line(bx, by, bx + sq, by + sq, cross), Line(bx + sq, by, bx, by + sq, cross))
    page.add(*_grid(x0, y, ROWS, COLS, lay))
    page.add(page_caption(title, paper))
    page.room = room_below(y + ROWS * sq, paper)
    return page


def _heading(page: Drawing, text: str, x: float, top: float, lay: PaintLayout) -> float:
    """A heading whose capitals start at `top`; returns where what it heads begins."""
    page.add(Text(x, top + cap_height(lay.title_size), text, lay.title_size, BOLD, INK))
    return top + cap_height(lay.title_size) + lay.heading_gap


def _grid(x0: float, y0: float, rows: int, cols: int, lay: PaintLayout) -> list[Shape]:
    sq, style = lay.square, Style(stroke=INK, stroke_width=lay.board_stroke)
    lines = [Line(x0 + c * sq, y0, x0 + c * sq, y0 + rows * sq, style) for c in range(cols + 1)]
    return lines + [Line(x0, y0 + r * sq, x0 + cols * sq, y0 + r * sq, style) for r in range(rows + 1)]
