"""Reading geometry back from a produced PDF (in mm), so tests never trust the code's own numbers."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from weakref import WeakKeyDictionary

import pdfplumber

MM = 25.4 / 72
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class PageGeometry:
    width: float
    height: float
    lines: tuple[Box, ...]  # x0, top, x1, bottom in mm
    rects: tuple[Box, ...]  # x0, top, width, height in mm, filled ones
    curves: tuple[Box, ...]  # bounding boxes x0, top, x1, bottom
    chars: tuple[Box, ...]
    text: str

    def outside_lines(self, boxes: list[Box]) -> list[Box]:
        """Lines touching none of `boxes` (x0, top, width, height): the crop marks around them."""

        def overlaps(line, box) -> bool:
            x, t, w, h = box
            return line[0] < x + w and line[2] > x and line[1] < t + h and line[3] > t

        return [l for l in self.lines if not any(overlaps(l, b) for b in boxes)]

    def rects_of_size(self, w: float, h: float, tol: float = 0.1) -> list[Box]:
        return [r for r in self.rects if abs(r[2] - w) <= tol and abs(r[3] - h) <= tol]


@contextmanager
def untraced():
    """Coverage's tracer paused for the tests' own work, such as reading a PDF back: none of
    pnp runs there, and on Python 3.11 tracing makes pdfplumber's parser about three times slower."""
    try:
        from coverage import Coverage
    except ImportError:
        cov = None
    else:
        cov = Coverage.current()
    if cov is None:
        yield
        return
    cov.stop()
    try:
        yield
    finally:
        cov.start()


@contextmanager
def open_pdf(source: Path | bytes):
    """pdfplumber's view of a PDF (a path or its bytes), read with coverage paused: keep
    pnp's own calls out of the `with` block, or they go unmeasured. Read only: the
    document is shared with every other test that opens the same bytes."""
    with untraced():
        yield _document(source if isinstance(source, bytes) else Path(source).read_bytes())


@lru_cache(maxsize=16)
def _document(pdf: bytes) -> pdfplumber.PDF:
    """Kept by content: builds are deterministic, so the tests that make or read the same
    file parse it once (pdfplumber keeps each page's objects once parsed)."""
    return pdfplumber.open(BytesIO(pdf))


def read_pages(path: Path) -> Pages:
    return Pages(_document(Path(path).read_bytes()))


class Pages(Sequence[PageGeometry]):
    """A PDF's pages (or a slice of them), each read back the first time it is asked for."""

    def __init__(self, doc: pdfplumber.PDF, indices: range | None = None):
        self._doc = doc
        self._indices = range(len(doc.pages)) if indices is None else indices

    def __len__(self) -> int:
        return len(self._indices)

    def __getitem__(self, key):
        if isinstance(key, slice):
            return Pages(self._doc, self._indices[key])
        return _geometry(self._doc.pages[self._indices[key]])


_READ: WeakKeyDictionary = WeakKeyDictionary()  # page -> its geometry, for as long as _document keeps the page


def _geometry(page: pdfplumber.page.Page) -> PageGeometry:
    if page not in _READ:
        with untraced():
            _READ[page] = PageGeometry(
                width=float(page.width) * MM,
                height=float(page.height) * MM,
                lines=tuple((l["x0"] * MM, l["top"] * MM, l["x1"] * MM, l["bottom"] * MM) for l in page.lines),
                rects=tuple((r["x0"] * MM, r["top"] * MM, r["width"] * MM, r["height"] * MM) for r in page.rects if r.get("fill")),
                curves=tuple((c["x0"] * MM, c["top"] * MM, c["x1"] * MM, c["bottom"] * MM) for c in page.curves),
                chars=tuple((c["x0"] * MM, c["top"] * MM, c["x1"] * MM, c["bottom"] * MM) for c in page.chars),
                text=page.extract_text() or "",
            )
    return _READ[page]


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


def segment_length(s) -> float:
    """A segment (x1, y1, x2, y2, ...) end to end."""
    return ((s[2] - s[0]) ** 2 + (s[3] - s[1]) ** 2) ** 0.5


def point_to_segment(px: float, py: float, s) -> float:
    """From the point to the nearest point of the segment (x1, y1, x2, y2, ...)."""
    x1, y1, x2, y2 = s[:4]
    dx, dy = x2 - x1, y2 - y1
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
    return ((px - x1 - t * dx) ** 2 + (py - y1 - t * dy) ** 2) ** 0.5
