"""Poster tiling: a drawing larger than the paper, printed at true size over several sheets.

Neighbouring sheets repeat a band of the drawing (the overlap). Within each band both
sheets print a dashed seam with crosshairs on it: the sheet to the right or below is
trimmed along its seam and its cut edge laid on the other's seam, crosshairs matching.
Given a grid (a board's spaces), every seam lies on one of its lines, so no space is cut
in two. Each sheet names its place (row and column) and which of its edges to trim in its
caption, and an overview page shows the whole drawing reduced, with every sheet's outline
and number.

Only shapes that reach into a sheet are written on it, so each sheet's file holds
its own part of the drawing and nothing else.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from pnp.core.layouts import sheet_layout
from pnp.core.printing import Print

from .pages import titled_page
from .shapes import Circle, Drawing, Field, Group, Line, Matrix, Path, Rect, Shape, Style, Text, compose, group, scale, translate
from .sheets import room_below
from .text import BOLD, MM_PER_PT, cap_height, width_mm

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm
# Art is clipped this far inside the margin, so no anti-aliased edge pixel reaches into it.
GUARD = 0.5
INK = "#1A1A1A"
GUIDE = "#555555"


@dataclass(frozen=True)
class PosterOptions:
    printing: Print  # the paper each sheet is
    overlap: float = 12.0  # mm each sheet repeats of its neighbour
    mark: float = 6.0  # crosshair size, mm
    mark_spacing: float = 60.0  # between crosshairs along a seam, mm
    caption: str = ""  # names the poster on every sheet
    grid: tuple[float, float, float] | None = None  # (x, y, pitch) mm: seams only on these lines
    notes_room: float = 0.0  # mm the overview page leaves empty at its foot, for the file's notes
    # The drawing as the overview shows it, given the scale it is reduced to (its words set to be
    # read at that scale); None: the drawing itself, reduced.
    reduced: Callable[[float], Drawing] | None = None


@dataclass(frozen=True)
class Sheet:
    """One sheet: its place in the grid and the part of the drawing it shows (drawing mm)."""

    row: int
    column: int
    window: Box


@dataclass(frozen=True)
class Plan:
    page_width: float  # the paper as it is used (landscape swaps the sides)
    page_height: float
    margin: float
    sheets: tuple[Sheet, ...]
    rows: int
    columns: int
    seams_x: tuple[float, ...]  # drawing x of each vertical seam
    seams_y: tuple[float, ...]


def _caption_height() -> float:
    return sheet_layout().label_size * MM_PER_PT * 1.6


def plan(width: float, height: float, opts: PosterOptions) -> Plan:
    """The fewest sheets (portrait or landscape, portrait on a tie) that cover a width x height drawing."""
    lay = sheet_layout()
    paper = opts.printing.size
    choices = []
    origin_x, origin_y, pitch = opts.grid if opts.grid else (0.0, 0.0, 0.0)
    for pw, ph in ((paper.width, paper.height), (paper.height, paper.width)):
        ww, wh = pw - 2 * (lay.margin + GUARD), ph - 2 * (lay.margin + GUARD) - _caption_height()
        across = _cuts(width, ww, opts.overlap, origin_x, pitch)
        down = _cuts(height, wh, opts.overlap, origin_y, pitch)
        choices.append((len(across[0]) * len(down[0]), pw, ph, ww, wh, across, down))
    _, pw, ph, ww, wh, (lefts, seams_x), (tops, seams_y) = min(choices, key=lambda choice: choice[0])  # the first of the fewest: portrait
    sheets = tuple(Sheet(r, c, (x, y, x + ww, y + wh)) for r, y in enumerate(tops) for c, x in enumerate(lefts))
    return Plan(pw, ph, lay.margin + GUARD, sheets, len(tops), len(lefts), seams_x, seams_y)


def _cuts(extent: float, window: float, overlap: float, origin: float, pitch: float) -> tuple[list[float], tuple[float, ...]]:
    """Along one side: where each sheet's window starts, and the seams between them.

    Evenly spaced, the drawing centred, unless a grid is given (`pitch` > 0): then each seam
    is the last grid line the sheet before it can hold with half the overlap to spare, and the
    next sheet starts half the overlap before it."""
    step = window - overlap
    count = max(1, math.ceil((extent - overlap) / step - 1e-9))
    first = -(count * step + overlap - extent) / 2  # centred
    if pitch <= 0:
        return [first + c * step for c in range(count)], tuple(first + c * step + overlap / 2 for c in range(1, count))
    starts, seams = [first], []
    while starts[-1] + window < extent - 1e-9:
        limit = starts[-1] + window - overlap / 2
        seam = origin + math.floor((limit - origin) / pitch + 1e-9) * pitch
        if seam - overlap / 2 <= starts[-1]:  # a grid coarser than a sheet: the evenly spaced seam
            seam = limit
        seams.append(seam)
        starts.append(seam - overlap / 2)
    return starts, tuple(seams)


def tile_poster(art: Drawing, opts: PosterOptions) -> list[Drawing]:
    """The overview page, then one page per sheet, row by row from the top left."""
    p = plan(art.width, art.height, opts)
    pages = [overview(art, p, opts)]
    for number, sheet in enumerate(p.sheets, 1):
        pages.append(_sheet_page(art, p, sheet, number, opts))
    return pages


def _sheet_page(art: Drawing, p: Plan, sheet: Sheet, number: int, opts: PosterOptions) -> Drawing:
    x0, y0, x1, y1 = sheet.window
    where = f"row {sheet.row + 1} of {p.rows}, column {sheet.column + 1} of {p.columns}"
    label = f"{opts.caption} - sheet {number} of {len(p.sheets)} ({where})" if opts.caption else f"sheet {number} of {len(p.sheets)} ({where})"
    page = Drawing(p.page_width, p.page_height, title=label)
    shown = tuple(item for item in art.items if _meets(bbox(item), sheet.window))
    # Drawing coordinates to page: the window's corner goes to the margin corner; nothing prints past the window.
    page.add(Group(shown, translate(p.margin - x0, p.margin - y0), Rect(x0, y0, x1 - x0, y1 - y0, Style())))
    marks = [*_seam_marks(p, sheet, opts)]
    page.add(group(*marks, at=(p.margin - x0, p.margin - y0)))
    size = sheet_layout().label_size
    trim = [edge for edge, cut in (("left", sheet.column > 0), ("top", sheet.row > 0)) if cut]
    if trim:
        hint = f"trim the {' and '.join(trim)} edge{'s' * (len(trim) > 1)} along the dashed seam and lay the cut edge on the neighbour's seam, crosshairs matching; print at 100 %"
    else:
        hint = "nothing to trim on this sheet: its neighbours are laid on its seams, crosshairs matching; print at 100 %"
    baseline = p.page_height - p.margin - 0.3 * size * MM_PER_PT  # descenders stay inside the margin
    page.add(Text(p.page_width / 2, baseline, f"{label} - {hint}", size, fill=GUIDE, anchor="middle"))
    return page


def _seam_marks(p: Plan, sheet: Sheet, opts: PosterOptions) -> list[Shape]:
    """The seams crossing this sheet's window, dashed, with crosshairs at a fixed spacing."""
    x0, y0, x1, y1 = sheet.window
    thin = Style(stroke=INK, stroke_width=0.2, dash=(2.0, 1.5))
    shapes: list[Shape] = []
    inset = opts.mark  # keep crosshairs whole inside the window
    for x in p.seams_x:
        if x0 < x < x1:
            shapes.append(Line(x, y0, x, y1, thin))
            shapes += [_crosshair(x, y, opts.mark) for y in _stops(y0 + inset, y1 - inset, opts.mark_spacing)]
    for y in p.seams_y:
        if y0 < y < y1:
            shapes.append(Line(x0, y, x1, y, thin))
            shapes += [_crosshair(x, y, opts.mark) for x in _stops(x0 + inset, x1 - inset, opts.mark_spacing)]
    return shapes


def _stops(lo: float, hi: float, spacing: float) -> list[float]:
    """Multiples of `spacing` (in drawing mm, so neighbours agree) between lo and hi."""
    first = math.ceil(lo / spacing)
    return [k * spacing for k in range(first, math.floor(hi / spacing) + 1)]


def _crosshair(x: float, y: float, size: float) -> Shape:
    style = Style(stroke=INK, stroke_width=0.25)
    h = size / 2
    return Group((Circle(x, y, h * 0.6, style), Line(x - h, y, x + h, y, style), Line(x, y - h, x, y + h, style)))


def overview(art: Drawing, p: Plan, opts: PosterOptions) -> Drawing:
    """The drawing reduced to fit one page, each sheet outlined and numbered."""
    lay = sheet_layout()
    title = (
        f"{opts.caption} - how the {len(p.sheets)} sheet{'s fit' if len(p.sheets) != 1 else ' fits'}"
        if opts.caption
        else f"how the {len(p.sheets)} sheet{'s fit' if len(p.sheets) != 1 else ' fits'}"
    )
    notes = [
        f"Print each sheet at 100 % (actual size); sheets overlap by {'at least ' if opts.grid else ''}{opts.overlap:g} mm.",
        "Trim each sheet along the dashed seam on its left and top, and lay it on its neighbour: the crosshairs must match.",
    ]
    head = titled_page(opts.printing, title, notes, 14, 8, INK)
    page = head.page
    room_w = head.width
    room_h = page.height - lay.margin - lay.page_inset - head.top - opts.notes_room
    boxes = [s.window for s in p.sheets]
    x_lo, y_lo = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x_hi, y_hi = max(b[2] for b in boxes), max(b[3] for b in boxes)
    # A round scale: SVG keeps three decimals of a matrix, and the PDF must show the same.
    k = math.floor(min(room_w / (x_hi - x_lo), room_h / (y_hi - y_lo), 1.0) * 1000) / 1000
    at = (head.left + (room_w - k * (x_hi - x_lo)) / 2 - k * x_lo, head.top - k * y_lo)
    shown = art if opts.reduced is None else opts.reduced(k)
    page.add(Group(tuple(shown.items), compose(translate(*at), scale(k))))
    outline = Style(stroke="#C0392B", stroke_width=0.4, dash=(1.5, 1.0))
    for number, s in enumerate(p.sheets, 1):
        bx0, by0, bx1, by1 = (k * v + o for v, o in zip(s.window, (*at, *at)))
        page.add(Rect(bx0, by0, bx1 - bx0, by1 - by0, outline))
        size = 16
        page.add(Text((bx0 + bx1) / 2, (by0 + by1) / 2 + cap_height(size) / 2, str(number), size, BOLD, "#C0392B", "middle"))
    page.room = room_below(head.top + k * (y_hi - y_lo), opts.printing)
    return page


# --- bounding boxes ----------------------------------------------------------------------


def _meets(a: Box | None, b: Box) -> bool:
    return a is not None and a[0] < b[2] and a[2] > b[0] and a[1] < b[3] and a[3] > b[1]


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def bbox(shape: Shape) -> Box | None:
    """Where a shape can put ink, in its parent's coordinates (generous for strokes and text)."""
    if isinstance(shape, Rect):
        pad = shape.style.stroke_width / 2 if shape.style.stroke else 0.0
        return (shape.x - pad, shape.y - pad, shape.x + shape.w + pad, shape.y + shape.h + pad)
    if isinstance(shape, Line):
        pad = shape.style.stroke_width / 2
        return (min(shape.x1, shape.x2) - pad, min(shape.y1, shape.y2) - pad, max(shape.x1, shape.x2) + pad, max(shape.y1, shape.y2) + pad)
    if isinstance(shape, Circle):
        pad = shape.r + (shape.style.stroke_width / 2 if shape.style.stroke else 0.0)
        return (shape.cx - pad, shape.cy - pad, shape.cx + pad, shape.cy + pad)
    if isinstance(shape, Path):
        xs = [v for op in shape.ops for v in op[1::2]]
        ys = [v for op in shape.ops for v in op[2::2]]
        if not xs:
            return None
        pad = shape.style.stroke_width / 2 if shape.style.stroke else 0.0
        return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    if isinstance(shape, Text):
        w = width_mm(shape.text, shape.font, shape.size)
        x = shape.x - {"start": 0.0, "middle": w / 2, "end": w}[shape.anchor]
        em = shape.size * MM_PER_PT
        return (x, shape.y - em, x + w, shape.y + 0.3 * em)
    if isinstance(shape, Field):  # a form field: what is typed in it stays in its box
        return (shape.x, shape.y, shape.x + shape.w, shape.y + shape.h)
    boxes = [b for b in (bbox(item) for item in shape.items) if b is not None]
    if shape.clip is not None:
        c = shape.clip
        boxes = [(max(b[0], c.x), max(b[1], c.y), min(b[2], c.x + c.w), min(b[3], c.y + c.h)) for b in boxes]
    if not boxes:
        return None
    corners = [_apply(shape.transform, x, y) for b in boxes for x in (b[0], b[2]) for y in (b[1], b[3])]
    return (min(x for x, _ in corners), min(y for _, y in corners), max(x for x, _ in corners), max(y for _, y in corners))
