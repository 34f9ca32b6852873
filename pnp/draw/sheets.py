"""Imposition: components on paper, centred, with crop marks, bleed and duplex backs.

Blocks of different components (coins, then dice) may share a sheet: `impose_stacked`
stacks them, one grid under the other, each with its own marks. Pieces that carry their
own cut line (nets) are nested instead: `nesting.nest_rows`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from pnp.core.diagnostics import PnpError
from pnp.core.layouts import SheetLayout, sheet_layout
from pnp.core.printing import Print

from .shapes import Drawing, Group, Line, Rect, Shape, Style, Text, group
from .text import MM_PER_PT

# Draws one face in its own cut-box coordinates (0..w, 0..h); art may reach out
# by `bleed` on every side, and is clipped there.
FaceDrawer = Callable[[float], Sequence[Shape]]
Point = tuple[float, float]

MARK = "#000000"
ROOM_LEAST = 45.0  # mm: a band at a sheet's foot shallower than this holds no notes


@dataclass(frozen=True)
class Component:
    width: float  # cut size, mm
    height: float
    front: FaceDrawer
    back: FaceDrawer | None = None
    # Names of the designs: components sharing a key share one drawing, drawn once per file.
    front_key: str | None = None
    back_key: str | None = None
    # The cut line as a polygon in the cut box: lets `nesting.nest_rows` fit pieces into each other's gaps.
    outline: tuple[Point, ...] | None = None


@dataclass(frozen=True)
class SheetOptions:
    """How one block of components is imposed: on the print's paper, with its cut lines or crop
    marks and its backs' offset (`printing`), and the block's own bleed, spacing and limits."""

    printing: Print
    bleed: float = 0.0  # mm of this block's art past the cut line, each side (a target that takes --bleed: the print's)
    gap: float = 0.0  # extra space between components (besides twice the bleed)
    max_cols: int | None = None
    max_rows: int | None = None
    duplex: bool = True  # a backs page after every fronts page (a note where there are no backs)
    # Backs' art past the cut on the block's outer edges (where no neighbour lies), even
    # without bleed: a printer shifting the backs then shows no white edge.
    back_bleed: float = 0.0
    marks: bool = True  # False for pieces that carry their own cut line


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


def _edge_room(lay: SheetLayout, opts: SheetOptions) -> float:
    """What a grid keeps clear between its art and each paper edge: with crop marks, room for
    the shortest mark, ending no nearer the edge than `mark_margin` (printers clip the edge);
    full cut lines and pieces with their own cut line need no mark, only `grid_margin`."""
    plain = max(lay.margin, lay.grid_margin)
    if not opts.marks or opts.printing.cut_lines:
        return plain
    return max(plain, max(lay.margin, lay.mark_margin) + lay.mark_offset + lay.mark_min_length)


def _fit(paper_len: float, size: float, bleed: float, gap: float, lay: SheetLayout, opts: SheetOptions, cap: int | None) -> int:
    """How many components fit along one paper side, with room for marks inside the margin."""
    room = paper_len - 2 * _edge_room(lay, opts)
    pitch = size + 2 * bleed + gap
    n = int((room + gap + 1e-9) // pitch)
    return max(0, min(n, cap) if cap else n)


def plan(width: float, height: float, opts: SheetOptions) -> Grid:
    lay = sheet_layout()
    paper = opts.printing.size
    cols = _fit(paper.width, width, opts.bleed, opts.gap, lay, opts, opts.max_cols)
    rows = _fit(paper.height, height, opts.bleed, opts.gap, lay, opts, opts.max_rows)
    if cols == 0 or rows == 0:
        raise PnpError(
            f"a {width:g} x {height:g} mm component with {opts.bleed:g} mm bleed does not fit on {opts.printing.paper} paper "
            f"inside the {lay.margin:g} mm margin; use less bleed or larger paper",
            exit_code=2,
        )
    pitch_x = width + 2 * opts.bleed + opts.gap
    pitch_y = height + 2 * opts.bleed + opts.gap
    return centred(Grid(cols, rows, 0.0, 0.0, pitch_x, pitch_y), cols * rows, opts)


def impose(components: Sequence[Component], opts: SheetOptions, caption: str = "") -> list[Drawing]:
    """Pages of fronts, each followed (duplex) by its backs mirrored for a long-edge flip."""
    return impose_stacked([(components, opts)], caption)


@dataclass(frozen=True)
class _Block:
    """One grid of components of one size, placed on a page."""

    components: Sequence[Component]
    opts: SheetOptions
    grid: Grid
    art_height: float  # from the top of the first row's art to the bottom of the last

    @property
    def mark_room(self) -> float:
        lay = sheet_layout()
        return lay.mark_offset + lay.mark_length if self.opts.marks else 0.0


def _blocks(components: Sequence[Component], opts: SheetOptions) -> list[_Block]:
    """The components cut into sheet-sized grids, in order; a grid that cannot fill its sheet comes
    first, so the room it leaves is on the file's first sheet (where a cover's notes go)."""
    if not components:
        return []
    w, h = components[0].width, components[0].height
    if any((c.width, c.height) != (w, h) for c in components):
        raise ValueError("a block takes components of one size; give each size its own block")
    full = plan(w, h, opts)
    per_page = full.cols * full.rows
    cuts = sorted({0, *range(len(components) % per_page, len(components), per_page), len(components)})
    blocks = []
    for i, j in pairwise(cuts):
        chunk = components[i:j]
        grid = centred(full, len(chunk), opts)
        rows = -(-len(chunk) // grid.cols)
        blocks.append(_Block(chunk, opts, grid, rows * grid.pitch_y - opts.gap))
    return blocks


def impose_stacked(sections: Sequence[tuple[Sequence[Component], SheetOptions]], caption: str = "", names: Sequence[str] = ()) -> list[Drawing]:
    """Each section's components in grids; grids that fit one under the other share a sheet.

    A sheet's blocks stand centred on the paper, crop marks around each; a backs page
    follows each fronts page when duplex, mirrored for a long-edge flip. With `names` (one a
    section, such as "deck A"), the grids that cannot fill a sheet come first, all sections'
    together, so that they share sheets, and each sheet's caption names the sections on it.
    """
    blocks = [(s, b) for s, (components, opts) in enumerate(sections) for b in _blocks(components, opts)]
    if not blocks:
        return []
    if names:
        blocks.sort(key=lambda sb: not _short(sb[1]))  # stable: each section's order kept
    printing = blocks[0][1].opts.printing
    paper = printing.size
    sheets: list[list[_Block]] = []
    owners: list[list[int]] = []
    for section, block in blocks:
        if sheets and _stack_height(sheets[-1] + [block]) <= _stack_room(sheets[-1] + [block], paper.height) + 1e-9:
            sheets[-1].append(block)
            owners[-1] += [section] * (section not in owners[-1])
        else:
            sheets.append([block])
            owners.append([section])
    designs = Designs()
    pages: list[Drawing] = []
    for number, (sheet, owner) in enumerate(zip(sheets, owners), 1):
        named = f"{caption}, {' and '.join(names[s] for s in owner)}" if names else caption
        label = f"{named} - sheet {number} of {len(sheets)}" if caption else ""
        placed = _placed(sheet, printing)
        front = Drawing(paper.width, paper.height, title=label)
        mark_bottom = 0.0
        for block in placed:
            g, b = block.grid, block.opts.bleed
            for i, comp in enumerate(block.components):
                front.add(designs.place(comp.front, comp.front_key, b, comp.width, comp.height, *g.cell(i)))
            marks, bottom = _guides(g, len(block.components), block.components[0].width, block.components[0].height, block.opts)
            front.add(*marks)
            mark_bottom = max(mark_bottom, bottom)
        if label and caption_top(printing) >= mark_bottom:
            front.add(page_caption(label, printing))
        front.room = room_below(mark_bottom, printing)
        pages.append(front)
        if any(block.opts.duplex for block in placed):
            back = _backs(placed, paper.width, paper.height, designs, f"{label} (backs)" if label else "")
            last = number == len(sheets)
            if back.items or not last:  # a blank back is left out at the end, kept (with a note) between sheets
                if not back.items:
                    back.add(_foot("Nothing to print on this side: it keeps the duplex pages in step.", printing))
                pages.append(back)
    return pages


def _short(block: _Block) -> bool:
    """Whether the block leaves part of its sheet's grid empty."""
    return len(block.components) < block.grid.cols * block.grid.rows


def _stack_height(blocks: Sequence[_Block]) -> float:
    """Art and marks of blocks one under the other, from the first's art to the last's."""
    return sum(b.art_height for b in blocks) + sum(_between(a, b) for a, b in zip(blocks, blocks[1:]))


def _stack_room(blocks: Sequence[_Block], paper_height: float) -> float:
    """The height a stack may take: it stands centred, each end as far in as its blocks need."""
    lay = sheet_layout()
    return paper_height - 2 * max(_edge_room(lay, b.opts) for b in blocks)


def _between(upper: _Block, lower: _Block) -> float:
    """Room between two stacked blocks: the marks of each, and the larger of their gaps."""
    return upper.mark_room + lower.mark_room + max(upper.opts.gap, lower.opts.gap)


def _placed(blocks: Sequence[_Block], printing: Print) -> list[_Block]:
    """The blocks one under the other, each centred across the paper. A sheet that is not full
    and leaves room at its foot for a file's notes starts at the top, as far in as its blocks
    need, so that the room is one band; a full sheet stands centred."""
    lay = sheet_layout()
    top = max(_edge_room(lay, b.opts) for b in blocks)
    height = _stack_height(blocks)
    short = any(_short(b) for b in blocks)
    if not short or room_below(top + height + blocks[-1].mark_room, printing) is None:
        top = (printing.size.height - height) / 2
    y = top
    placed = []
    for i, block in enumerate(blocks):
        if i:
            y += _between(blocks[i - 1], block)
        g = block.grid
        placed.append(replace(block, grid=replace(g, y0=y + block.opts.bleed)))
        y += block.art_height
    return placed


def _backs(blocks: Sequence[_Block], width: float, height: float, designs: Designs, title: str) -> Drawing:
    """The backs of a sheet, mirrored about the page centre for a long-edge flip.

    Backs bleed by `back_bleed` past every cut with no neighbour beyond it, but never
    into the paper's margin.
    """
    margin = sheet_layout().margin
    page = Drawing(width, height, title=title)
    for block in blocks:
        g, opts = block.grid, block.opts
        n = len(block.components)
        dx, dy = opts.printing.back_offset
        for i, comp in enumerate(block.components):
            if comp.back is None:
                continue
            w, h = comp.width, comp.height
            fx, y = g.cell(i)
            x = width - fx - w
            r, c = divmod(i, g.cols)
            # Neighbours on the front; on the back, left and right swap.
            right_of_front = c + 1 < g.cols and i + 1 < n
            left_of_front = c > 0
            above, below = r > 0, i + g.cols < n
            outer = max(opts.bleed, opts.back_bleed)
            left = opts.bleed if right_of_front else min(outer, x - margin)
            right = opts.bleed if left_of_front else min(outer, width - margin - x - w)
            top = opts.bleed if above else min(outer, y - margin)
            bottom = opts.bleed if below else min(outer, height - margin - y - h)
            clip = Rect(-left, -top, w + left + right, h + top + bottom, Style())
            page.add(designs.place(comp.back, comp.back_key, outer, w, h, x + dx, y + dy, clip))
    return page


class Designs:
    """Draws each keyed design once, however many components show it."""

    def __init__(self) -> None:
        self.drawn: dict[tuple[str, float], Group] = {}

    def place(self, draw: FaceDrawer, key: str | None, bleed: float, w: float, h: float, x: float, y: float, clip: Rect | None = None) -> Group:
        """The design at (x, y), clipped to its cut box grown by `bleed` (or to `clip`)."""
        if key is None:
            art = Group(tuple(draw(bleed)))
        else:
            if (key, bleed) not in self.drawn:
                # A design drawn at a second bleed is a second design, with a name of its own.
                name = f"{key}-bleed-{bleed:g}" if any(k == key for k, _ in self.drawn) else key
                self.drawn[key, bleed] = Group(tuple(draw(bleed)), key=name)
            art = self.drawn[key, bleed]
        return group(art, at=(x, y), clip=clip or Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style()))


def room_below(bottom: float, printing: Print) -> tuple[float, float, float, float] | None:
    """The band between a sheet's lowest mark and its caption, inside the margins a page that is
    read keeps; None when it is too shallow to hold anything."""
    lay = sheet_layout()
    inset = lay.margin + lay.page_inset
    top = bottom + lay.page_inset
    height = caption_top(printing) - top
    return (inset, top, printing.size.width - 2 * inset, height) if height >= ROOM_LEAST else None


def _caption_baseline(printing: Print) -> float:
    lay = sheet_layout()
    return printing.size.height - lay.margin - 0.25 * lay.label_size * MM_PER_PT  # room for descenders


def caption_top(printing: Print) -> float:
    """The lowest y that art may reach above the caption."""
    return _caption_baseline(printing) - sheet_layout().label_size * MM_PER_PT - 1.0


def page_caption(label: str, printing: Print) -> Text:
    """The small line at the foot of a sheet: what it is, and to print it at actual size."""
    return _foot(f"{label} - print at 100 % (actual size)", printing)


def _foot(text: str, printing: Print) -> Text:
    lay = sheet_layout()
    return Text(printing.size.width / 2, _caption_baseline(printing), text, lay.label_size, fill="#555555", anchor="middle")


def centred(grid: Grid, count: int, opts: SheetOptions) -> Grid:
    """The grid placed so that a sheet of `count` components sits centred on the paper."""
    paper = opts.printing.size
    cols = min(count, grid.cols)
    rows = -(-count // grid.cols)
    block_w = cols * grid.pitch_x - opts.gap - 2 * opts.bleed
    block_h = rows * grid.pitch_y - opts.gap - 2 * opts.bleed
    return Grid(grid.cols, grid.rows, (paper.width - block_w) / 2, (paper.height - block_h) / 2, grid.pitch_x, grid.pitch_y)


def _guides(grid: Grid, count: int, w: float, h: float, opts: SheetOptions) -> tuple[list[Shape], float]:
    """Crop marks in the margin around the block (never over a component), or full cut
    lines; and the lowest y they reach."""
    lay = sheet_layout()
    paper = opts.printing.size
    cols = min(count, grid.cols)
    rows = -(-count // grid.cols)
    xs = sorted({round(grid.x0 + c * grid.pitch_x + dx, 6) for c in range(cols) for dx in (0, w)})
    ys = sorted({round(grid.y0 + r * grid.pitch_y + dy, 6) for r in range(rows) for dy in (0, h)})
    # The art (with bleed) spans this box; marks start just outside it.
    left, right = xs[0] - opts.bleed, xs[-1] + opts.bleed
    top, bottom = ys[0] - opts.bleed, ys[-1] + opts.bleed
    if not opts.marks:
        return [], bottom
    if opts.printing.cut_lines:
        style = Style(stroke=MARK, stroke_width=lay.cut_line_stroke)
        lo_x, hi_x = lay.margin, paper.width - lay.margin
        lo_y, hi_y = lay.margin, paper.height - lay.margin
        lines: list[Shape] = [Line(x, lo_y, x, hi_y, style) for x in xs]
        lines += [Line(lo_x, y, hi_x, y, style) for y in ys]
        return lines, hi_y
    style = Style(stroke=MARK, stroke_width=lay.mark_stroke)
    # Printers clip the paper's edge: a mark ends `mark_margin` short of it, and is shortened
    # on the side where the art leaves less room than a full mark.
    edge = max(lay.margin, lay.mark_margin) + lay.mark_offset
    above = min(lay.mark_length, top - edge)
    below = min(lay.mark_length, paper.height - edge - bottom)
    before = min(lay.mark_length, left - edge)
    after = min(lay.mark_length, paper.width - edge - right)
    shapes: list[Shape] = []
    a, b = top - lay.mark_offset, bottom + lay.mark_offset
    shapes += [Line(x, a - above, x, a, style) for x in xs]
    shapes += [Line(x, b, x, b + below, style) for x in xs]
    a, b = left - lay.mark_offset, right + lay.mark_offset
    shapes += [Line(a - before, y, a, y, style) for y in ys]
    shapes += [Line(b, y, b + after, y, style) for y in ys]
    return shapes, bottom + lay.mark_offset + below
