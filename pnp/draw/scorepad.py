"""Score pads: a titled page of ruled tables, every blank cell also a form field.

A game describes its pad as data: tables of rows of cells, each cell a heading, a label, a
field to write in or a box to tick. This module lays them out on the page and repeats them:
a block (one game, one match) as often as it fits, or a table that grows a row at a time (a
log) down to the foot of the page. Every field is a `Field` shape, so the PDF can be filled in
on a tablet and the SVG shows the same page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from pnp.core.layouts import LayoutModel, Length, Points, load_layout, sheet_layout
from pnp.core.printing import Print

from .document import PrintHints
from .pages import titled_page
from .shapes import Drawing, Field, Rect, Shape, Style, Text
from .text import BOLD, REGULAR, cap_height, fit


class PadLayout(LayoutModel):
    title_size: Points
    note_size: Points
    text_size: Points
    smallest: Points
    field_size: Points
    row: Length
    padding: Length
    check: Length
    title_gap: Length
    block_gap: Length
    table_gap: Length
    stroke: Length
    ink: str
    shade: str


@cache
def pad_layout() -> PadLayout:
    return load_layout("scorepad", PadLayout)


@dataclass(frozen=True)
class Cell:
    width: float  # share of its table's width; a row's cells add up to 1
    text: str = ""  # printed in the cell
    kind: Literal["heading", "label", "text", "check"] = "label"
    name: str = ""  # of the field ("text", "check"), unique in its block
    align: Literal["start", "middle"] = "start"


def heading(text: str, width: float) -> Cell:
    return Cell(width, text, "heading")


def label(text: str, width: float, align: Literal["start", "middle"] = "start") -> Cell:
    return Cell(width, text, "label", align=align)


def entry(name: str, width: float) -> Cell:
    """A blank to write in: a text field."""
    return Cell(width, kind="text", name=name)


def tick(name: str, width: float) -> Cell:
    """A square to tick: a check box."""
    return Cell(width, kind="check", name=name)


Row = tuple[Cell, ...]


@dataclass(frozen=True)
class Table:
    rows: tuple[Row, ...]
    width: float = 1.0  # share of its band's width, gaps between tables aside
    # A log: after `rows`, as many rows `grow(n)` (n from 1) as the page has room for.
    grow: Callable[[int], Row] | None = None
    most: int | None = None  # at most this many grown rows


@dataclass(frozen=True)
class Block:
    """What the pad repeats: bands one under the other, each of tables side by side."""

    title: str
    key: str  # the prefix of its fields' names: `key-name`
    bands: tuple[tuple[Table, ...], ...] = field(default_factory=tuple)


def pad_hints(page: Drawing, about: str) -> PrintHints:
    """A score pad's PDF: one-sided, `about` as its subject, its one page in the outline."""
    return PrintHints(about, ((page.title, 0, 0),))


def pad_page(printing: Print, title: str, notes: list[str], block: Callable[[int], Block]) -> Drawing:
    """A page of blocks `block(1)`, `block(2)` ... as many as fit; a block holding a log is
    drawn once, its log grown to the foot of the page."""
    lay = pad_layout()
    head = titled_page(printing, title, notes, lay.title_size, lay.note_size, lay.ink)
    page, x, width = head.page, head.left, head.width
    bottom = page.height - sheet_layout().margin - sheet_layout().page_inset
    y = head.top + lay.block_gap / 2
    first = block(1)
    if any(t.grow for band in first.bands for t in band):
        fixed = block_height(first, 0)
        grown = int((bottom - y - fixed) / lay.row + 1e-9)
        if grown < 1:
            raise ValueError(f"{title}: no room on {printing.paper} paper for a single row of its log")
        page.add(*block_shapes(first, x, y, width, grown))
        return page
    n = 0
    while y + block_height(block(n + 1)) <= bottom + 1e-9:
        n += 1
        b = block(n)
        page.add(*block_shapes(b, x, y, width))
        y += block_height(b) + lay.block_gap
    if n == 0:
        raise ValueError(f"{title}: not one block fits on {printing.paper} paper")
    return page


def block_height(b: Block, grown: int = 0) -> float:
    lay = pad_layout()
    top = _title_height(b)
    bands = [max(_rows(t, grown) for t in band) * lay.row for band in b.bands]
    return top + sum(bands) + lay.table_gap * (len(bands) - 1)


def _title_height(b: Block) -> float:
    lay = pad_layout()
    return cap_height(lay.text_size * 1.25, BOLD) + lay.title_gap if b.title else 0.0


def _rows(t: Table, grown: int) -> int:
    return len(t.rows) + (min(grown, t.most or grown) if t.grow else 0)


def block_shapes(b: Block, x: float, y: float, width: float, grown: int = 0) -> list[Shape]:
    """The block with its top-left corner at (x, y), `width` mm wide; logs grown by `grown` rows."""
    lay = pad_layout()
    shapes: list[Shape] = []
    if b.title:
        size = lay.text_size * 1.25
        shapes.append(Text(x, y + cap_height(size, BOLD), b.title, size, BOLD, lay.ink))
    y += _title_height(b)
    for band in b.bands:
        free = width - lay.table_gap * (len(band) - 1)
        tx = x
        for t in band:
            shapes += table_shapes(t, tx, y, free * t.width, b.key, grown)
            tx += free * t.width + lay.table_gap
        y += max(_rows(t, grown) for t in band) * lay.row + lay.table_gap
    return shapes


def table_shapes(t: Table, x: float, y: float, width: float, key: str, grown: int = 0) -> list[Shape]:
    """A ruled table `width` mm wide, top-left at (x, y); its fields named `key-name`."""
    lay = pad_layout()
    rows = list(t.rows)
    if t.grow:
        rows += [t.grow(n) for n in range(1, min(grown, t.most or grown) + 1)]
    shapes: list[Shape] = []
    for r, row in enumerate(rows):
        if abs(sum(c.width for c in row) - 1.0) > 1e-6:
            raise ValueError(f"a score pad row's cells take {sum(c.width for c in row):g} of its width, not all of it")
        cx = x
        for cell in row:
            shapes += cell_shapes(cell, cx, y + r * lay.row, cell.width * width, lay.row, f"{key}-{cell.name}" if key else cell.name)
            cx += cell.width * width
    return shapes


def cell_shapes(cell: Cell, x: float, y: float, w: float, h: float, name: str) -> list[Shape]:
    """One cell: its ruled box (shaded for a heading), then its text or its field."""
    lay = pad_layout()
    shade = lay.shade if cell.kind == "heading" else None
    shapes: list[Shape] = [Rect(x, y, w, h, Style(fill=shade, stroke=lay.ink, stroke_width=lay.stroke))]
    inset = lay.padding
    if cell.kind in ("heading", "label"):
        if cell.text:
            font = BOLD if cell.kind == "heading" else REGULAR
            text = fit(cell.text, font, w - 2 * inset, h, lay.text_size, lay.smallest, f"score pad cell {cell.text!r}", line_spacing=1.05)
            at = x + inset if cell.align == "start" else x + w / 2
            shapes += text.shapes(at, y, h, font, lay.ink, cell.align)
    elif cell.kind == "check":
        side = lay.check
        bx, by = x + (w - side) / 2, y + (h - side) / 2
        shapes.append(Rect(bx, by, side, side, Style(stroke=lay.ink, stroke_width=lay.stroke)))
        shapes.append(Field(name, bx, by, side, side, "check"))
    else:
        shapes.append(Field(name, x + inset / 2, y + inset / 2, w - inset, h - inset, "text", lay.field_size))
    return shapes
