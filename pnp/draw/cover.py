"""The notes that open every game's print file, and what the PDF tells a print dialog.

A build hands over its parts (tiles, cards, nets, boards) with a line about each. With them go
notes saying what the file holds on which pages, how to print it (paper, actual size, one- or
two-sided and how to flip), a scale bar that proves the print is true to size, and how to fold
and glue whatever must be assembled. The notes go into the first room a sheet of pieces leaves
empty (`Drawing.room`), in as many columns as that room is wide for, so they cost no paper; only
where no sheet has room enough do they take a page of their own in front, and say why. A
two-sided file's notes carry a duplex check: a cross, with rulers printed behind it. The same
parts give the PDF its outline (one entry per part, one below it per sheet) and its one- or
two-sided print hint.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from pnp.core.layouts import MM_PER, LayoutModel, Length, Points, load_layout, sheet_layout
from pnp.core.printing import Print

from .document import Document, Part, PrintHints
from .shapes import Anchor, Drawing, Line, Rect, Shape, Style, Text, group
from .text import BOLD, MM_PER_PT, REGULAR, cap_height, width_mm, wrap

COVER = "About this file"
BULLET = 5.0  # mm from a bullet or step number to its text
LEADING = 0.45  # of the type size, between one line's baseline and the next line's capitals


class ScaleBar(LayoutModel):
    length: Length
    steps: int
    unit: str


class CoverLayout(LayoutModel):
    title_size: Points
    heading_size: Points
    text_size: Points
    note_size: Points
    heading_gap: Length
    item_gap: Length
    number_column: Length
    ink: str
    faint: str
    bar_height: Length
    check_cross: Length
    check_reach: Length
    check_tick: Length
    check_label: Length
    column_gap: Length
    rule_gap: Length
    min_column: Length
    scale_bar: dict[str, ScaleBar]


def cover_layout() -> CoverLayout:
    return load_layout("cover", CoverLayout)


@dataclass(frozen=True)
class _Chunk:
    """Lines of the notes that stay together in one column, drawn from (0, 0)."""

    shapes: tuple[Shape, ...]
    height: float
    heading: bool = False  # stays with the chunk after it, and has a gap above unless it heads a column
    cross: tuple[float, float] | None = None  # the duplex check's cross, in the chunk's coordinates


@dataclass(frozen=True)
class _Cover:
    """What the notes say: the file's title, paper and line about it, each part's pages, whether it
    prints two-sided, the build's own notes and assembly steps, and the pages the notes take for
    themselves (0: none, they share a sheet of pieces)."""

    title: str
    printing: Print
    about: str
    contents: Sequence[tuple[int, int, Part]]
    duplex: bool
    notes: Sequence[str]
    assembly: Sequence[str]
    own: int = 0
    reduced: bool = False  # nothing drawn at its real size, nothing to cut (a book of deals)
    cut: str = ""  # what to cut, for pieces that need no assembly steps beyond it


@dataclass(frozen=True)
class _Laid:
    shapes: list[Shape]
    cross: tuple[float, float] | None  # in the page's coordinates


def document(
    title: str,
    printing: Print,
    about: str,
    parts: Sequence[Part],
    notes: Sequence[str] = (),
    assembly: Sequence[str] = (),
    reduced: bool = False,
    cut: str = "",
) -> Document:
    """Every part (`reduced`: drawn smaller than life, with nothing to cut; `cut`: how to cut the
    pieces out, where no assembly step says it), with the notes about the file in the first room a page of pieces leaves, or, where
    none is large enough, on a page of their own in front (with a duplex check behind it). In a file
    with two-sided parts every one-sided page gets a blank back, so the whole file prints two-sided
    in one go."""
    parts = [part for part in parts if part.pages]
    duplex = any(part.duplex for part in parts)
    lay = cover_layout()
    pages, outline, contents = _paged(parts, printing, duplex, 0)
    cover = _Cover(title, printing, about, contents, duplex, notes, assembly, reduced=reduced, cut=cut)
    step = 2 if duplex else 1  # pages a sheet of paper takes: a front is every step-th page
    for index in range(0, len(pages), step):
        room = pages[index].room
        if duplex and index + 1 == len(pages):
            break  # a last front whose back was left out: nothing to put the duplex check's rulers on
        if room is None:
            continue
        laid = _notes(room, cover)
        if laid:
            x, y, w, _ = room
            rule = Line(x, y - lay.rule_gap, x + w, y - lay.rule_gap, Style(stroke=lay.faint, stroke_width=0.2))
            pages[index].add(rule, *laid.shapes)  # a hairline parts the notes from the pieces above
            if laid.cross:
                pages[index + 1].add(*duplex_rulers(printing, laid.cross))
            outline.insert(0, (COVER, index, 0))
            return Document(title, pages, PrintHints(about, tuple(outline), duplex, preview=0))
    own = 2 if duplex else 1
    pages, outline, contents = _paged(parts, printing, duplex, own)
    sheet = sheet_layout()
    p = printing.size
    margin = sheet.margin + sheet.page_inset
    room = (margin, margin, p.width - 2 * margin, p.height - 2 * margin)
    laid = _notes(room, replace(cover, contents=contents, own=own))
    if laid is None:
        raise ValueError(f"the notes of {title!r} run past the foot of {printing.paper} paper; shorten them")
    front = Drawing(p.width, p.height, title=f"{title} - {COVER.lower()}")
    front.add(*laid.shapes)
    head = [front]
    if laid.cross:
        back = Drawing(p.width, p.height, title="Back of page 1: duplex check")
        y = p.height - margin
        back.add(Text(p.width / 2, y, "Back of page 1: the duplex check (see the front of this sheet).", lay.note_size, REGULAR, lay.faint, "middle"))
        back.add(*duplex_rulers(printing, laid.cross))
        head.append(back)
    outline.insert(0, (COVER, 0, 0))
    return Document(title, head + pages, PrintHints(about, tuple(outline), duplex, preview=own))


def _paged(parts: Sequence[Part], printing: Print, duplex: bool, start: int) -> tuple[list[Drawing], list[tuple[str, int, int]], list[tuple[int, int, Part]]]:
    """The parts' pages from page `start` (from 0), blank backs added in a two-sided file; the
    outline; and each part's first and last page number (from 1)."""
    contents: list[tuple[int, int, Part]] = []
    outline: list[tuple[str, int, int]] = []
    pages: list[Drawing] = []
    step = 2 if duplex else 1
    for part in parts:
        own = list(part.pages)
        if duplex and not part.duplex:
            own = [p for i, page in enumerate(own) for p in (page, blank_back(printing, start + 2 * i + 1))]
        outline.append((part.name, start, 0))
        sheets = range(0, len(own), step)
        if len(sheets) > 1 or part.duplex:
            for n, i in enumerate(sheets, 1):
                outline.append((f"Sheet {n} fronts" if part.duplex else f"Sheet {n}", start + i, 1))
                if part.duplex:
                    outline.append((f"Sheet {n} backs", start + i + 1, 1))
        contents.append((start + 1, start + len(own), part))
        pages += own
        start += len(own)
    return pages, outline, contents


def blank_back(printing: Print, page_number: int) -> Drawing:
    """An empty page that says why it is empty."""
    lay, sheet = cover_layout(), sheet_layout()
    p = printing.size
    page = Drawing(p.width, p.height, title=f"Back of page {page_number}")
    y = p.height - sheet.margin - sheet.page_inset
    page.add(Text(p.width / 2, y, f"Back of page {page_number}: left blank on purpose.", lay.note_size, REGULAR, lay.faint, "middle"))
    return page


def _notes(room: tuple[float, float, float, float], cover: _Cover) -> _Laid | None:
    """The notes set in the room, in the fewest columns of at least `min_column` that hold them;
    None if no number of columns does."""
    lay = cover_layout()
    x, y, width, height = room
    most = max(1, int((width + lay.column_gap) // (lay.min_column + lay.column_gap)))
    for columns in range(1, most + 1):
        column = (width - (columns - 1) * lay.column_gap) / columns
        chunks = _chunks(column, lay, cover)
        placed = _columns(chunks, columns, height, lay)
        if placed is None:
            continue
        shapes: list[Shape] = []
        cross = None
        for c, top, chunk in placed:
            at = (x + c * (column + lay.column_gap), y + top)
            shapes.append(group(*chunk.shapes, at=at))
            if chunk.cross:
                cross = (at[0] + chunk.cross[0], at[1] + chunk.cross[1])
                shapes += _cross(cross, lay)
        return _Laid(shapes, cross)
    return None


def _columns(chunks: Sequence[_Chunk], columns: int, height: float, lay: CoverLayout) -> list[tuple[int, float, _Chunk]] | None:
    """Each chunk's column and top, filling one column before the next; a heading goes with the
    chunk after it. None if the chunks need more columns."""
    placed: list[tuple[int, float, _Chunk]] = []
    column, y = 0, 0.0
    i = 0
    while i < len(chunks):
        together = chunks[i : i + 2] if chunks[i].heading else chunks[i : i + 1]
        gap = lay.heading_gap if together[0].heading and y > 0 else 0.0
        need = gap + sum(c.height for c in together)
        if y > 0 and y + need > height:
            column, y, gap = column + 1, 0.0, 0.0
            need = sum(c.height for c in together)
        if column >= columns or need > height:
            return None
        y += gap
        for chunk in together:
            placed.append((column, y, chunk))
            y += chunk.height
        i += len(together)
    return placed


def _chunks(width: float, lay: CoverLayout, cover: _Cover) -> list[_Chunk]:
    """The notes in pieces that a column break may fall between."""
    chunks = [_chunk(width, lay, lambda f: f.line(cover.title, lay.title_size, BOLD))]

    def heading(text: str) -> None:
        chunks.append(_chunk(width, lay, lambda f: f.heading(text), heading=True))

    def entry(label: str, text: str, indent: float) -> None:
        """A label (page numbers, a bullet) and its text wrapped `indent` mm in, a chunk a line."""
        rows = wrap(text, REGULAR, lay.text_size, width - indent) or [text]
        for i, row in enumerate(rows):
            chunks.append(_chunk(width, lay, lambda f: f.row("" if i else label, row, indent, last=i == len(rows) - 1)))

    entry("", cover.about, 0.0)

    heading("In this file")
    column = lay.number_column
    if cover.own:
        checks = "a scale check and, on its back, a duplex check" if cover.duplex else "a scale check"
        entry(
            "Pages 1-2" if cover.own == 2 else "Page 1",
            f"These notes: how to print, {checks}"
            + (", how to assemble" if cover.assembly else "")
            + ". They take a page of their own: no sheet of this file has room for them to spare.",
            column,
        )
    for first, last, part in cover.contents:
        sides = "Two-sided." if part.duplex else ("One-sided, blank backs." if cover.duplex else "")
        entry(f"Page {first}" if first == last else f"Pages {first}-{last}", f"{part.name}: {part.about} {sides}".rstrip(), column)

    heading("How to print")
    sized = "the pages are drawn reduced, with nothing to cut" if cover.reduced else "every piece is drawn at its real size"
    how = [f"{cover.printing.paper.described} paper, portrait, at 100 % (\u201cActual size\u201d), never \u201cFit to page\u201d: {sized}."]
    if cover.duplex:
        blanks = any(not part.duplex for _, _, part in cover.contents)
        how.append(
            "Print two-sided, flipping on the long edge: each page of backs lands behind its page of fronts."
            + (" A one-sided page is followed by a blank one, so the sheets stay in step." if blanks else "")
        )
    else:
        how.append("Print one-sided: nothing goes on the back of any page.")
    for line in [*how, *cover.notes]:
        entry("\u2022", line, BULLET)

    def scale_check(f: _Flow) -> None:
        f.gap(lay.item_gap)
        f.scale_bar(lay.scale_bar[cover.printing.paper])

    chunks.append(_chunk(width, lay, scale_check))

    if cover.cut:
        heading("How to cut")
        entry("", cover.cut, 0.0)
    if cover.assembly:
        heading("Assembly")
        for n, step in enumerate(cover.assembly, 1):
            entry(f"{n}.", step, BULLET)
    if cover.duplex:
        heading("Duplex check")

        # The cross stands beside the words. Behind the notes the page is empty, so the rulers'
        # numbers may reach out over the back of the words.
        beside = max(lay.check_cross, 2 * lay.check_reach) + 2 * lay.check_label
        text = _chunk(
            width - beside,
            lay,
            lambda f: f.paragraph(
                "Hold this sheet to the light: the cross beside shows through onto two rulers on its back. "
                "Where it falls is your printer's shift in mm, X across and Y up and down. "
                "At 0,0 the backs land true; otherwise rebuild with --back-offset X,Y."
            ),
        )
        height = max(text.height, 2 * lay.check_reach + lay.check_cross)
        chunks.append(_Chunk(text.shapes, height, cross=(width - beside / 2, height / 2)))
    return chunks


def _chunk(width: float, lay: CoverLayout, write: Callable[[_Flow], object], heading: bool = False) -> _Chunk:
    """What `write` sets in a column `width` mm wide, and how tall it is."""
    scratch = Drawing(width, 0.0)
    flow = _Flow(scratch, 0.0, 0.0, width, lay)
    write(flow)
    return _Chunk(tuple(scratch.items), flow.y, heading)


def _cross(at: tuple[float, float], lay: CoverLayout) -> list[Shape]:
    x, y, arm, style = *at, lay.check_cross / 2, Style(stroke=lay.ink, stroke_width=0.25)
    return [Line(x - arm, y, x + arm, y, style), Line(x, y - arm, x, y + arm, style)]


def duplex_rulers(printing: Print, check: tuple[float, float]) -> list[Shape]:
    """The rulers behind the notes' cross after a long-edge flip (x mirrored), read in the back's
    own directions, as --back-offset moves the backs."""
    lay = cover_layout()
    p = printing.size
    cx, cy = p.width - check[0], check[1]
    style, reach = Style(stroke=lay.ink, stroke_width=0.2), lay.check_reach
    shapes: list[Shape] = [Line(cx - reach, cy, cx + reach, cy, style), Line(cx, cy - reach, cx, cy + reach, style)]
    steps = round(reach / lay.check_tick)
    per_mm = round(1 / lay.check_tick)
    size = lay.note_size
    for k in range(-steps, steps + 1):
        u = k * lay.check_tick
        tick = 1.8 if k % (5 * per_mm) == 0 else 1.2 if k % per_mm == 0 else 0.6  # as on a ruler: 5 mm, mm, half mm
        # Ticks on one side of each ruler only, so that the two meet at their zero and nowhere else.
        shapes += [Line(cx + u, cy, cx + u, cy + tick, style), Line(cx, cy + u, cx + tick, cy + u, style)]
    # Numbers at the ends only: there is no room for more at true size.
    half = cap_height(size) / 2
    shapes.append(Text(cx - reach - 1.2, cy + half, f"-{reach:g}", size, REGULAR, lay.ink, "end"))
    shapes.append(Text(cx + reach + 1.2, cy + half, f"+{reach:g} mm  X", size, REGULAR, lay.ink))
    shapes.append(Text(cx, cy - reach - 1.2, f"Y  -{reach:g}", size, REGULAR, lay.ink, "middle"))
    below = cy + reach + 1.2 + 2 * half
    shapes.append(Text(cx, below, f"+{reach:g}", size, REGULAR, lay.ink, "middle"))
    # What the rulers are for, running toward the page's middle, where the room behind the notes lies.
    towards: tuple[Anchor, float] = ("start", cx - reach) if cx < p.width / 2 else ("end", cx + reach)
    shapes.append(Text(towards[1], below + 4 * half, "Duplex check: see the other side of this sheet.", size, REGULAR, lay.faint, towards[0]))
    return shapes


class _Flow:
    """Text set from the top of the page down."""

    def __init__(self, page: Drawing, left: float, top: float, width: float, lay: CoverLayout) -> None:
        self.page, self.left, self.y, self.width, self.lay = page, left, top, width, lay

    def gap(self, mm: float) -> None:
        self.y += mm

    def line(self, text: str, size: float, font: str, x: float | None = None) -> None:
        self.y += cap_height(size, font)
        self.page.add(Text(self.left if x is None else x, self.y, text, size, font, self.lay.ink))
        self.y += size * MM_PER_PT * LEADING

    def paragraph(self, text: str, indent: float = 0.0) -> None:
        size = self.lay.text_size
        for line in wrap(text, REGULAR, size, self.width - indent) or [text]:
            self.line(line, size, REGULAR, self.left + indent)
        self.y += self.lay.item_gap

    def heading(self, text: str) -> None:
        self.line(text, self.lay.heading_size, BOLD)
        self.y += self.lay.item_gap

    def row(self, label: str, text: str, indent: float, last: bool) -> None:
        """A line of text `indent` mm in, a label at the left; the gap between entries after the last."""
        if label:
            self.page.add(Text(self.left, self.y + cap_height(self.lay.text_size), label, self.lay.text_size, BOLD, self.lay.ink))
        self.line(text, self.lay.text_size, REGULAR, self.left + indent)
        if last:
            self.y += self.lay.item_gap

    def scale_bar(self, bar: ScaleBar) -> None:
        """Black and white steps, outlined, numbered in the paper's own unit, and what to do if they measure wrong."""
        lay = self.lay
        step = bar.length / bar.steps
        x0, y0 = self.left + BULLET, self.y
        for i in range(bar.steps):
            fill = lay.ink if i % 2 == 0 else "#ffffff"
            self.page.add(Rect(x0 + i * step, y0, step, lay.bar_height, Style(fill=fill, stroke=lay.ink, stroke_width=0.2)))
        label_y = y0 + lay.bar_height + 1.0 + cap_height(lay.note_size)
        for i in range(bar.steps + 1):
            value = f"{i * step / MM_PER[bar.unit]:g}"
            self.page.add(Text(x0 + i * step, label_y, value, lay.note_size, REGULAR, lay.ink, "middle"))
        unit_x = x0 + bar.length + width_mm(value, REGULAR, lay.note_size) / 2 + 1.0
        self.page.add(Text(unit_x, label_y, bar.unit, lay.note_size, REGULAR, lay.ink))
        self.y = label_y + 2.0
        length = f"{bar.length / MM_PER[bar.unit]:g} {bar.unit}"
        self.paragraph(f"Scale check: this bar is {length} long at actual size. If it is not, the printer scaled the page: switch scaling off.", BULLET)
