"""Reading geometry back from a produced PDF (in mm), so tests never trust the code's own numbers."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pdfplumber

MM = 25.4 / 72


@dataclass
class PageGeometry:
    width: float
    height: float
    lines: list[tuple[float, float, float, float]]  # x0, top, x1, bottom in mm
    rects: list[tuple[float, float, float, float]]  # x0, top, width, height in mm, filled ones
    curves: list[tuple[float, float, float, float]]  # bounding boxes x0, top, x1, bottom
    chars: list[tuple[float, float, float, float]]
    text: str

    def outside_lines(self, boxes: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
        """Lines touching none of `boxes` (x0, top, width, height): the crop marks around them."""

        def overlaps(line, box) -> bool:
            x, t, w, h = box
            return line[0] < x + w and line[2] > x and line[1] < t + h and line[3] > t

        return [l for l in self.lines if not any(overlaps(l, b) for b in boxes)]

    def rects_of_size(self, w: float, h: float, tol: float = 0.1) -> list[tuple[float, float, float, float]]:
        return [r for r in self.rects if abs(r[2] - w) <= tol and abs(r[3] - h) <= tol]


def read_pages(path: Path) -> list[PageGeometry]:
    pages = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            # Clipped art (bleed) may extend past what prints; crop to what is visible on paper.
            pages.append(
                PageGeometry(
                    width=float(page.width) * MM,
                    height=float(page.height) * MM,
                    lines=[(l["x0"] * MM, l["top"] * MM, l["x1"] * MM, l["bottom"] * MM) for l in page.lines],
                    rects=[(r["x0"] * MM, r["top"] * MM, r["width"] * MM, r["height"] * MM) for r in page.rects if r.get("fill")],
                    curves=[(c["x0"] * MM, c["top"] * MM, c["x1"] * MM, c["bottom"] * MM) for c in page.curves],
                    chars=[(c["x0"] * MM, c["top"] * MM, c["x1"] * MM, c["bottom"] * MM) for c in page.chars],
                    text=page.extract_text() or "",
                )
            )
    return pages


def cover_pages(path: Path) -> int:
    """How many pages come before the first part the PDF's outline names (the cover and its back); 0 without a cover."""
    import pypdf

    reader = pypdf.PdfReader(path)
    top = [entry for entry in reader.outline if not isinstance(entry, list)]
    if len(top) < 2 or top[0].title != "About this file":
        return 0
    return reader.get_destination_page_number(top[1])


def ink_margins(path: Path, dpi: int = 100) -> list[float]:
    """Per page, the distance in mm from the paper edge to the nearest printed (non-white) pixel.

    Rendered, so clipping is honoured: this is what a printer would put on paper.
    """
    import pypdfium2

    margins = []
    pdf = pypdfium2.PdfDocument(str(path))
    for page in pdf:
        image = page.render(scale=dpi / 72).to_pil().convert("L")
        inked = image.point(lambda v: 255 if v < 250 else 0).getbbox()
        if inked is None:
            margins.append(float("inf"))
            continue
        left, top, right, bottom = inked
        margins.append(min(left, top, image.width - right, image.height - bottom) * 25.4 / dpi)
    pdf.close()
    return margins
