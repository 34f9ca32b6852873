"""Imposition: components on paper, centred, with crop marks, bleed and duplex backs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..diagnostics import PnpError
from ..layouts import SheetLayout, sheet_layout
from .shapes import Drawing, Group, Line, Rect, Shape, Style, Text, group
from .text import MM_PER_PT

# Draws one face in its own cut-box coordinates (0..w, 0..h); art may reach out
# by `bleed` on every side, and is clipped there.
FaceDrawer = Callable[[float], Sequence[Shape]]

MARK = "#000000"


@dataclass(frozen=True)
class Component:
    width: float  # cut size, mm
    height: float
    front: FaceDrawer
    back: FaceDrawer | None = None
    # Names of the designs: components sharing a key share one drawing, drawn once per file.
    front_key: str | None = None
    back_key: str | None = None


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    bleed: float = 0.0  # mm of art past the cut line, each side
    cut_lines: bool = False  # full cut lines instead of crop marks
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, to calibrate a duplex printer
    gap: float = 0.0  # extra space between components (besides twice the bleed)
    max_cols: int | None = None
    max_rows: int | None = None
    duplex: bool = True  # a backs page after every fronts page (blank where there are no backs)


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    x0: float  # cut-box corner of the first component
    y0: float
    pitch_x: float
    pitch_y: float

    def cell(self, i: int) -> tuple[float, float]:
        r, c = divmod(i, self.cols)
        return self.x0 + c * self.pitch_x, self.y0 + r * self.pitch_y


def _fit(paper_len: float, size: float, bleed: float, gap: float, lay: SheetLayout, cap: int | None) -> int:
    """How many components fit along one paper side, with room for marks inside the margin."""
    room = paper_len - 2 * (lay.margin + lay.mark_offset + lay.mark_min_length)
    pitch = size + 2 * bleed + gap
    n = int((room + gap + 1e-9) // pitch)
    return max(0, min(n, cap) if cap else n)


def plan(width: float, height: float, opts: SheetOptions) -> Grid:
    lay = sheet_layout()
    paper = lay.paper[opts.paper]
    cols = _fit(paper.width, width, opts.bleed, opts.gap, lay, opts.max_cols)
    rows = _fit(paper.height, height, opts.bleed, opts.gap, lay, opts.max_rows)
    if cols == 0 or rows == 0:
        raise PnpError(
            f"a {width:g} x {height:g} mm component with {opts.bleed:g} mm bleed does not fit on {opts.paper} paper "
            f"inside the {lay.margin:g} mm margin; use less bleed or larger paper",
            exit_code=2,
        )
    pitch_x = width + 2 * opts.bleed + opts.gap
    pitch_y = height + 2 * opts.bleed + opts.gap
    return centred(Grid(cols, rows, 0.0, 0.0, pitch_x, pitch_y), cols * rows, opts)


def impose(components: Sequence[Component], opts: SheetOptions, caption: str = "") -> list[Drawing]:
    """Pages of fronts, each followed (duplex) by its backs mirrored for a long-edge flip."""
    if not components:
        return []
    w, h = components[0].width, components[0].height
    if any((c.width, c.height) != (w, h) for c in components):
        raise ValueError("impose() takes components of one size; impose each size on its own sheets")
    full = plan(w, h, opts)
    paper = sheet_layout().paper[opts.paper]
    per_page = full.cols * full.rows
    sheets = [components[i : i + per_page] for i in range(0, len(components), per_page)]
    designs = _Designs(opts.bleed)

    def placed(draw: FaceDrawer, key: str | None, x: float, y: float) -> Group:
        return designs.place(draw, key, w, h, x, y)

    pages: list[Drawing] = []
    for number, sheet in enumerate(sheets, 1):
        grid = centred(full, len(sheet), opts)
        label = f"{caption} - sheet {number} of {len(sheets)}" if caption else ""
        front = Drawing(paper.width, paper.height, title=label)
        for i, comp in enumerate(sheet):
            front.add(placed(comp.front, comp.front_key, *grid.cell(i)))
        front.add(*_guides(grid, len(sheet), w, h, opts, label))
        pages.append(front)
        if opts.duplex:
            back = Drawing(paper.width, paper.height, title=f"{label} (backs)" if label else "")
            dx, dy = opts.back_offset
            for i, comp in enumerate(sheet):
                if comp.back is not None:
                    x, y = grid.cell(i)
                    back.add(placed(comp.back, comp.back_key, paper.width - x - w + dx, y + dy))
            pages.append(back)
    return pages


class _Designs:
    """Draws each keyed design once, however many components show it."""

    def __init__(self, bleed: float) -> None:
        self.bleed = bleed
        self.drawn: dict[str, Group] = {}

    def place(self, draw: FaceDrawer, key: str | None, w: float, h: float, x: float, y: float) -> Group:
        if key is None:
            art = Group(tuple(draw(self.bleed)))
        elif key not in self.drawn:
            art = self.drawn[key] = Group(tuple(draw(self.bleed)), key=key)
        else:
            art = self.drawn[key]
        b = self.bleed
        return group(art, at=(x, y), clip=Rect(-b, -b, w + 2 * b, h + 2 * b, Style()))


def pack_rows(components: Sequence[Component], paper_name: str, gap: float, caption: str = "") -> list[Drawing]:
    """Pieces that carry their own cut line (nets), in rows across the paper: a row holds
    pieces of one size, and each row goes on the first page with room for it, so pieces
    of several sizes share pages. No marks and no backs."""
    lay = sheet_layout()
    paper = lay.paper[paper_name]
    room_w = paper.width - 2 * lay.margin
    rows: list[list[Component]] = []
    for comp in components:
        row = rows[-1] if rows else []
        fits = len(row) * (comp.width + gap) + comp.width <= room_w
        if row and (row[0].width, row[0].height) == (comp.width, comp.height) and fits:
            row.append(comp)
        else:
            rows.append([comp])
    bottom = _caption_top(paper_name) if caption else paper.height - lay.margin
    if any(row[0].width > room_w or lay.margin + row[0].height > bottom for row in rows):
        raise PnpError(f"a piece does not fit on {paper_name} paper inside the {lay.margin:g} mm margin", exit_code=2)
    filled: list[float] = []  # per page, the y where the next row may start
    placed: list[list[tuple[float, list[Component]]]] = []
    for row in rows:
        h = row[0].height
        page = next((i for i, y in enumerate(filled) if y + h <= bottom), None)
        if page is None:
            page = len(filled)
            filled.append(lay.margin)
            placed.append([])
        placed[page].append((filled[page], row))
        filled[page] += h + gap
    designs = _Designs(0.0)
    pages = []
    for number, page_rows in enumerate(placed, 1):
        title = f"{caption} - sheet {number} of {len(placed)}" if caption else ""
        page = Drawing(paper.width, paper.height, title=title)
        for y, row in page_rows:
            w, h = row[0].width, row[0].height
            x0 = (paper.width - len(row) * (w + gap) + gap) / 2
            page.add(*(designs.place(c.front, c.front_key, w, h, x0 + i * (w + gap), y) for i, c in enumerate(row)))
        if caption:
            page.add(_caption(title, paper_name))
        pages.append(page)
    return pages


def _caption_baseline(paper_name: str) -> float:
    lay = sheet_layout()
    return lay.paper[paper_name].height - lay.margin - 0.25 * lay.label_size * MM_PER_PT  # room for descenders


def _caption_top(paper_name: str) -> float:
    """The lowest y that art may reach above the caption."""
    return _caption_baseline(paper_name) - sheet_layout().label_size * MM_PER_PT - 1.0


def _caption(label: str, paper_name: str) -> Text:
    """The small line at the foot of a sheet."""
    lay = sheet_layout()
    x = lay.paper[paper_name].width / 2
    return Text(x, _caption_baseline(paper_name), f"{label} - print at 100 % (actual size)", lay.label_size, fill="#555555", anchor="middle")


def centred(grid: Grid, count: int, opts: SheetOptions) -> Grid:
    """The grid placed so that a sheet of `count` components sits centred on the paper."""
    paper = sheet_layout().paper[opts.paper]
    cols = min(count, grid.cols)
    rows = -(-count // grid.cols)
    block_w = cols * grid.pitch_x - opts.gap - 2 * opts.bleed
    block_h = rows * grid.pitch_y - opts.gap - 2 * opts.bleed
    return Grid(grid.cols, grid.rows, (paper.width - block_w) / 2, (paper.height - block_h) / 2, grid.pitch_x, grid.pitch_y)


def _guides(grid: Grid, count: int, w: float, h: float, opts: SheetOptions, label: str) -> list[Shape]:
    """Crop marks in the margin around the block (never over a component), or full cut
    lines; then the page caption where there is room."""
    lay = sheet_layout()
    paper = lay.paper[opts.paper]
    cols = min(count, grid.cols)
    rows = -(-count // grid.cols)
    xs = sorted({round(grid.x0 + c * grid.pitch_x + dx, 6) for c in range(cols) for dx in (0, w)})
    ys = sorted({round(grid.y0 + r * grid.pitch_y + dy, 6) for r in range(rows) for dy in (0, h)})
    # The art (with bleed) spans this box; marks start just outside it.
    left, right = xs[0] - opts.bleed, xs[-1] + opts.bleed
    top, bottom = ys[0] - opts.bleed, ys[-1] + opts.bleed
    shapes: list[Shape] = []
    mark_end_y = bottom
    if opts.cut_lines:
        style = Style(stroke=MARK, stroke_width=lay.cut_line_stroke)
        lo_x, hi_x = lay.margin, paper.width - lay.margin
        lo_y, hi_y = lay.margin, paper.height - lay.margin
        shapes += [Line(x, lo_y, x, hi_y, style) for x in xs]
        shapes += [Line(lo_x, y, hi_x, y, style) for y in ys]
        mark_end_y = hi_y
    else:
        style = Style(stroke=MARK, stroke_width=lay.mark_stroke)
        length_x = min(lay.mark_length, left - lay.mark_offset - lay.margin, paper.width - lay.margin - right - lay.mark_offset)
        length_y = min(lay.mark_length, top - lay.mark_offset - lay.margin, paper.height - lay.margin - bottom - lay.mark_offset)
        a, b = top - lay.mark_offset, bottom + lay.mark_offset
        shapes += [Line(x, a - length_y, x, a, style) for x in xs]
        shapes += [Line(x, b, x, b + length_y, style) for x in xs]
        a, b = left - lay.mark_offset, right + lay.mark_offset
        shapes += [Line(a - length_x, y, a, y, style) for y in ys]
        shapes += [Line(b, y, b + length_x, y, style) for y in ys]
        mark_end_y = bottom + lay.mark_offset + length_y
    if label and not opts.cut_lines and _caption_top(opts.paper) >= mark_end_y:
        shapes.append(_caption(label, opts.paper))
    return shapes
