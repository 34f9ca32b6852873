"""The first page of every game's print file, and what the PDF tells a print dialog.

A build hands over its parts (tiles, cards, nets, boards) with a line about each. In front of
them goes a cover saying what the file holds on which pages, how to print it (paper, actual
size, one- or two-sided and how to flip), a scale bar that proves the print is true to size,
and how to fold and glue whatever must be assembled. The same parts give the PDF its outline
(one entry per part, one below it per sheet) and its one- or two-sided print hint.
"""

from __future__ import annotations

from typing import Sequence

from ..layouts import MM_PER, LayoutModel, Length, Points, load_layout, sheet_layout
from .document import Document, Part, PrintHints
from .shapes import Drawing, Line, Rect, Shape, Style, Text
from .text import BOLD, MM_PER_PT, REGULAR, cap_height, width_mm, wrap

COVER = "About this file"
BULLET = 5.0  # mm from a bullet or step number to its text


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
    scale_bar: dict[str, ScaleBar]


def cover_layout() -> CoverLayout:
    return load_layout("cover", CoverLayout)


PAPER_NAMES = {"a4": "A4 (210 x 297 mm)", "letter": "US Letter (8.5 x 11 in)"}


def document(title: str, paper: str, about: str, parts: Sequence[Part], notes: Sequence[str] = (), assembly: Sequence[str] = ()) -> Document:
    """The cover, then every part. In a file with two-sided parts every one-sided page (the
    cover too) gets a blank back, so the whole file prints two-sided in one go."""
    parts = [part for part in parts if part.pages]
    duplex = any(part.duplex for part in parts)
    cover_pages = 2 if duplex else 1
    contents: list[tuple[int, int, Part]] = []  # first and last page number (from 1) of each part
    outline = [(COVER, 0, 0)]
    pages: list[Drawing] = []
    start = cover_pages
    step = 2 if duplex else 1  # pages a sheet of paper takes
    for part in parts:
        own = list(part.pages)
        if duplex and not part.duplex:
            own = [p for i, page in enumerate(own) for p in (page, blank_back(paper, start + 2 * i + 1))]
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
    front, check = cover_page(title, paper, about, contents, duplex, notes, assembly)
    head = [front, duplex_check(paper, check)] if check else [front]
    return Document(title, head + pages, PrintHints(about, tuple(outline), duplex))


def blank_back(paper: str, page_number: int) -> Drawing:
    """An empty page that says why it is empty."""
    lay, sheet = cover_layout(), sheet_layout()
    p = sheet.paper[paper]
    page = Drawing(p.width, p.height, title=f"Back of page {page_number}")
    y = p.height - sheet.margin - sheet.page_inset
    page.add(Text(p.width / 2, y, f"Back of page {page_number}: left blank on purpose.", lay.note_size, REGULAR, lay.faint, "middle"))
    return page


def cover_page(
    title: str,
    paper: str,
    about: str,
    contents: Sequence[tuple[int, int, Part]],
    duplex: bool,
    notes: Sequence[str],
    assembly: Sequence[str],
) -> tuple[Drawing, tuple[float, float] | None]:
    """The cover, and where its duplex check's cross is (two-sided files only)."""
    lay, sheet = cover_layout(), sheet_layout()
    p = sheet.paper[paper]
    margin = sheet.margin + sheet.page_inset
    width = p.width - 2 * margin
    page = Drawing(p.width, p.height, title=f"{title} - {COVER.lower()}")
    flow = _Flow(page, margin, margin, width, lay)
    flow.line(title, lay.title_size, BOLD)
    flow.paragraph(about)

    flow.heading("In this file")
    cover_pages = "Pages 1-2" if duplex else "Page 1"
    column = lay.number_column
    checks = "a scale check and, on its back, a duplex check" if duplex else "a scale check"
    flow.entry(cover_pages, f"This page: how to print, {checks}" + (", how to assemble" if assembly else "") + ".", column)
    for first, last, part in contents:
        sides = "Two-sided: fronts, then their backs." if part.duplex else ("One-sided, with blank backs." if duplex else "One-sided.")
        flow.entry(f"Page {first}" if first == last else f"Pages {first}-{last}", f"{part.name}: {part.about} {sides}", column)

    flow.heading("How to print")
    bar = lay.scale_bar[paper]
    how = [f"Paper: {PAPER_NAMES[paper]}, portrait.", "Print at 100 % (\u201cActual size\u201d), never \u201cFit to page\u201d: every piece is drawn at its real size."]
    if duplex:
        how.append(
            "Print the whole file two-sided, flipping on the long edge: each page of backs lands behind its page of fronts. "
            "Pages with nothing on their back are followed by a blank page, so the sheets stay in step."
        )
    else:
        how.append("Print one-sided: nothing goes on the back of any page.")
    for line in [*how, *notes]:
        flow.entry("\u2022", line, BULLET)
    flow.gap(lay.item_gap * 2)
    flow.scale_bar(bar)

    if assembly:
        flow.heading("Assembly")
        for n, step in enumerate(assembly, 1):
            flow.entry(f"{n}.", step, BULLET)
    check = None
    if duplex:
        flow.heading("Duplex check")
        flow.paragraph(
            "Hold this sheet up to a window or a lamp and look at its back: the cross below shows through onto two rulers. "
            "Where it falls is your printer's shift, X on the across ruler and Y on the up-and-down one, in mm. "
            "At 0,0 the backs land true; otherwise rebuild with --back-offset X,Y (whatever offset this file was built with)."
        )
        check = (p.width / 2, flow.y + lay.check_reach + lay.check_cross / 2)
        page.add(*_cross(check, lay))
        flow.gap(2 * lay.check_reach + lay.check_cross)
    if flow.y > p.height - margin:
        raise ValueError(f"the cover of {title!r} runs past the foot of {paper} paper; shorten its text")
    return page, check


def _cross(at: tuple[float, float], lay: CoverLayout) -> list[Shape]:
    x, y, arm, style = *at, lay.check_cross / 2, Style(stroke=lay.ink, stroke_width=0.25)
    return [Line(x - arm, y, x + arm, y, style), Line(x, y - arm, x, y + arm, style)]


def duplex_check(paper: str, check: tuple[float, float]) -> Drawing:
    """The cover's back: rulers centred behind the cover's cross after a long-edge flip (x mirrored),
    read in the back's own directions, as --back-offset moves the backs."""
    lay, sheet = cover_layout(), sheet_layout()
    p = sheet.paper[paper]
    page = Drawing(p.width, p.height, title="Back of page 1: duplex check")
    y = p.height - sheet.margin - sheet.page_inset
    page.add(Text(p.width / 2, y, "Back of page 1: the duplex check (see the front of this sheet).", lay.note_size, REGULAR, lay.faint, "middle"))
    cx, cy = p.width - check[0], check[1]
    style, reach = Style(stroke=lay.ink, stroke_width=0.2), lay.check_reach
    page.add(Line(cx - reach, cy, cx + reach, cy, style), Line(cx, cy - reach, cx, cy + reach, style))
    steps = round(reach / lay.check_tick)
    per_mm = round(1 / lay.check_tick)
    size = lay.note_size
    for k in range(-steps, steps + 1):
        u = k * lay.check_tick
        tick = 1.8 if k % (5 * per_mm) == 0 else 1.2 if k % per_mm == 0 else 0.6  # as on a ruler: 5 mm, mm, half mm
        # Ticks on one side of each ruler only, so that the two meet at their zero and nowhere else.
        page.add(Line(cx + u, cy, cx + u, cy + tick, style), Line(cx, cy + u, cx + tick, cy + u, style))
    # Numbers at the ends only: there is no room for more at true size.
    half = cap_height(size) / 2
    page.add(Text(cx - reach - 1.2, cy + half, f"-{reach:g}", size, REGULAR, lay.ink, "end"))
    page.add(Text(cx + reach + 1.2, cy + half, f"+{reach:g} mm  X", size, REGULAR, lay.ink))
    page.add(Text(cx, cy - reach - 1.2, f"Y  -{reach:g}", size, REGULAR, lay.ink, "middle"))
    page.add(Text(cx, cy + reach + 1.2 + 2 * half, f"+{reach:g}", size, REGULAR, lay.ink, "middle"))
    return page


class _Flow:
    """Text set from the top of the page down."""

    def __init__(self, page: Drawing, left: float, top: float, width: float, lay: CoverLayout) -> None:
        self.page, self.left, self.y, self.width, self.lay = page, left, top, width, lay

    def gap(self, mm: float) -> None:
        self.y += mm

    def line(self, text: str, size: float, font: str, x: float | None = None) -> None:
        self.y += cap_height(size, font)
        self.page.add(Text(self.left if x is None else x, self.y, text, size, font, self.lay.ink))
        self.y += size * MM_PER_PT * 0.55

    def paragraph(self, text: str, indent: float = 0.0) -> None:
        size = self.lay.text_size
        for line in wrap(text, REGULAR, size, self.width - indent) or [text]:
            self.line(line, size, REGULAR, self.left + indent)
        self.y += self.lay.item_gap

    def heading(self, text: str) -> None:
        self.y += self.lay.heading_gap
        self.line(text, self.lay.heading_size, BOLD)
        self.y += self.lay.item_gap

    def entry(self, label: str, text: str, column: float) -> None:
        """A label (page numbers, a bullet) at the left, its text wrapped in a column `column` mm in."""
        self.page.add(Text(self.left, self.y + cap_height(self.lay.text_size), label, self.lay.text_size, BOLD, self.lay.ink))
        self.paragraph(text, column)

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
        self.paragraph(
            f"Scale check: measure this bar with a ruler. It is {length} long when printed at actual size; "
            "if not, the printer scaled the page: switch scaling off and print again.",
            BULLET,
        )
