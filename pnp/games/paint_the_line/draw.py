"""Paint the Line on paper: the two boards, Looney Pyramids to fold, and a score pad."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pydantic import field_validator

from ...draw.pages import titled_page
from ...draw.shapes import Circle, Drawing, Line, Path, Rect, Shape, Style, Text, group, polygon, rotate
from ...draw.text import BOLD, cap_height
from ...layouts import LayoutModel, Length, Points, load_layout
from .board import BLOCKED, COLS, LETTERS, ROWS, SETUP

INK = "#1A1A1A"
BLOCKED_FILL = "#D9D9D9"
Point = tuple[float, float]


class PyramidSize(LayoutModel):
    pips: int
    base: Length
    height: Length


class Colour(LayoutModel):
    name: str
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
    text_size: Points
    pad_games: int
    pad_row: Length
    pad_padding: Length
    net_gap: Length
    cut_stroke: Length
    fold_dash: Length
    glue_tab: Length
    pip_diameter: float
    pip_rise: float
    pip_spacing: float
    letter_rise: float
    letter_size: Points
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


def pyramid_net(size_name: str, colour: Colour, bleed: float = 0.0) -> list[Shape]:
    """Faces in the colour with their pips near the base; solid lines to cut, dashed to fold."""
    lay = paint_layout()
    size = lay.pyramids[size_name]
    net = net_geometry(size, lay.glue_tab, lay.cut_stroke)
    apex, c = net.apex, net.corners
    cut = Style(stroke=INK, stroke_width=lay.cut_stroke)
    fold = Style(stroke=INK, stroke_width=lay.cut_stroke, dash=(lay.fold_dash, lay.fold_dash))
    shapes: list[Shape] = [polygon([apex, c[i], c[i + 1]], Style(fill=colour.fill)) for i in range(4)]
    for i in range(4):
        shapes += _pips(apex, c[i], c[i + 1], size, colour.pips, lay)
        shapes.append(_letter(apex, c[i], c[i + 1], size, colour, lay))
    shapes += [Line(*apex, *c[i], fold) for i in (1, 2, 3)]
    near, far = net.tab[3], net.tab[0]
    shapes.append(Line(*near, *far, fold))
    outline = [apex, *c, *net.tab]
    shapes.append(Path((("M", *outline[0]), *(("L", *p) for p in outline[1:]), ("Z",)), cut))
    return shapes


def _pips(apex: Point, a: Point, b: Point, size: PyramidSize, colour: str, lay: PaintLayout) -> list[Shape]:
    """A row of pips across one face, parallel to its base edge a-b."""
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    up = _unit(mid, apex)
    along = _unit(a, b)
    rise, gap = lay.pip_rise * size.base, lay.pip_spacing * size.base
    cx, cy = mid[0] + up[0] * rise, mid[1] + up[1] * rise
    r = lay.pip_diameter * size.base / 2
    offsets = [(k - (size.pips - 1) / 2) * gap for k in range(size.pips)]
    return [Circle(cx + along[0] * t, cy + along[1] * t, r, Style(fill=colour)) for t in offsets]


def _letter(apex: Point, a: Point, b: Point, size: PyramidSize, colour: Colour, lay: PaintLayout) -> Shape:
    """The colour's letter on one face, upright when the pyramid stands."""
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    up = _unit(mid, apex)
    rise = lay.letter_rise * size.base
    x, y = mid[0] + up[0] * rise, mid[1] + up[1] * rise
    # Turned so that the letter's top points at the apex.
    turn = math.degrees(math.atan2(up[0], -up[1]))
    text = Text(x, y, LETTERS[colour.name], lay.letter_size, BOLD, colour.pips, "middle")
    return group(text, transform=rotate(turn, x, y))


def _unit(p: Point, q: Point) -> Point:
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy)
    return (dx / n, dy / n)


# ---------------------------------------------------------------------------
# Boards and the score pad


def boards_page(paper: str) -> Drawing:
    """Both boards on one page, used where they are printed: nothing to cut."""
    lay = paint_layout()
    notes = [
        "Movement board: set a tree (large, medium, small) of the colour shown on each space.",
        "Scoring board: captured pyramids go here; the two grey spaces are never used.",
    ]
    head = titled_page(paper, "Paint the Line - boards", notes, lay.title_size, lay.label_size, INK)
    page, sq = head.page, lay.square
    x0 = (page.width - COLS * sq) / 2
    y = head.top + cap_height(lay.title_size)
    page.add(Text(x0, y, "Movement board", lay.title_size, BOLD, INK))
    y += lay.heading_gap
    page.add(*_grid(x0, y, len(SETUP), COLS, lay))
    large = max(lay.pyramids.values(), key=lambda s: s.base).base
    for r, row in enumerate(SETUP):
        for col, number in enumerate(row):
            colour = lay.colours[number - 1]
            cx, cy = x0 + (col + 0.5) * sq, y + (r + 0.5) * sq
            style = Style(stroke=colour.fill, stroke_width=lay.footprint_stroke)
            page.add(Rect(cx - large / 2, cy - large / 2, large, large, style))
            page.add(Text(cx, cy + cap_height(lay.label_size) / 2, f"{number} {colour.name}", lay.label_size, BOLD, INK, "middle"))
    y += len(SETUP) * sq + lay.board_gap
    page.add(Text(x0, y, "Scoring board", lay.title_size, BOLD, INK))
    y += lay.heading_gap
    for r, col in sorted(BLOCKED):
        bx, by = x0 + col * sq, y + r * sq
        cross = Style(stroke=INK, stroke_width=lay.board_stroke)
        page.add(Rect(bx, by, sq, sq, Style(fill=BLOCKED_FILL)), Line(bx, by, bx + sq, by + sq, cross), Line(bx + sq, by, bx, by + sq, cross))
    page.add(*_grid(x0, y, ROWS, COLS, lay))
    return page


def _grid(x0: float, y0: float, rows: int, cols: int, lay: PaintLayout) -> list[Shape]:
    sq, style = lay.square, Style(stroke=INK, stroke_width=lay.board_stroke)
    lines = [Line(x0 + c * sq, y0, x0 + c * sq, y0 + rows * sq, style) for c in range(cols + 1)]
    return lines + [Line(x0, y0 + r * sq, x0 + cols * sq, y0 + r * sq, style) for r in range(rows + 1)]


# Score pad columns: heading and share of the width.
PAD_COLUMNS = (("Game", 0.08), ("Player 1: colours", 0.26), ("points", 0.11), ("Player 2: colours", 0.26), ("points", 0.11), ("winner", 0.18))


def score_pad(paper: str) -> Drawing:
    lay = paint_layout()
    notes = [
        "Only the top pyramid of each space counts. A group is same-coloured pyramids joined side to side.",
        "Each group scores its pips added up, times the number of pyramids in it. Equal totals: the larger group wins.",
    ]
    head = titled_page(paper, "Paint the Line - score pad", notes, lay.title_size, lay.label_size, INK)
    page, x0, width, row = head.page, head.left, head.width, lay.pad_row
    y = head.top + row / 2
    style = Style(stroke=INK, stroke_width=lay.board_stroke / 2)
    edges = [x0]
    for _, share in PAD_COLUMNS:
        edges.append(edges[-1] + share * width)
    rows = lay.pad_games + 1
    for r in range(rows + 1):
        page.add(Line(x0, y + r * row, x0 + width, y + r * row, style))
    for x in edges:
        page.add(Line(x, y, x, y + rows * row, style))
    baseline = y + row / 2 + cap_height(lay.text_size) / 2
    for (heading, _), left in zip(PAD_COLUMNS, edges):
        page.add(Text(left + lay.pad_padding, baseline, heading, lay.text_size, BOLD, INK))
    for game in range(1, lay.pad_games + 1):
        page.add(Text(edges[0] + lay.pad_padding, baseline + game * row, str(game), lay.text_size, "Helvetica", INK))
    return page
