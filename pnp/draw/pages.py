"""Pages that are read rather than cut (record sheets, boards, score pads): a title, notes, room below."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.core.layouts import sheet_layout
from pnp.core.printing import Print

from .shapes import Drawing, Text
from .text import BOLD, MM_PER_PT, cap_height


@dataclass
class TitledPage:
    page: Drawing
    left: float  # the text column's left edge, mm
    top: float  # the first free y below the title and notes
    width: float  # of the text column


def titled_page(printing: Print, title: str, notes: list[str], title_size: float, note_size: float, ink: str) -> TitledPage:
    sheet = sheet_layout()
    p = printing.size
    margin = sheet.margin + sheet.page_inset
    page = Drawing(p.width, p.height, title=title)
    y = margin + cap_height(title_size)
    page.add(Text(margin, y, title, title_size, BOLD, ink))
    y += 1.25 * title_size * MM_PER_PT
    for note in notes:
        page.add(Text(margin, y, note, note_size, "Helvetica", ink))
        y += 1.6 * note_size * MM_PER_PT
    return TitledPage(page, margin, y, p.width - 2 * margin)
