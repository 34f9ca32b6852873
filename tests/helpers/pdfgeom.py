"""Reading geometry back from a produced PDF (in mm), so tests never trust the code's own numbers."""

from __future__ import annotations

import math
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


# --- figures of a typeset page: what the drawing painted, read back from the content stream -----

Point = tuple[float, float]


@dataclass(frozen=True)
class Glyph:
    """One character as printed."""

    text: str
    size: float  # pt: the font size times the scale the page applies to it
    box: Box  # x0, top, x1, bottom in mm: its advance across, one em from the descender up


@dataclass(frozen=True)
class Outline:
    """One painted subpath, in mm from the page's top-left corner."""

    ops: str  # its operators: "m", "l", "c" (the points of a curve: two controls, then its end) and "h"
    points: tuple[Point, ...]  # every point the operators give, in order
    stroke: bool
    fill: bool
    width: float  # mm, the stroke as printed
    dashed: bool
    stroke_colour: tuple[float, ...] | None
    fill_colour: tuple[float, ...] | None

    @property
    def box(self) -> Box:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def corners(self) -> list[Point]:
        """The points the path passes through (curves' controls left out), the closing one not repeated."""
        out, i = [], 0
        for op in self.ops:
            if op in "ml":
                out.append(self.points[i])
                i += 1
            elif op == "c":
                out.append(self.points[i + 2])
                i += 3
        if len(out) > 1 and math.dist(out[0], out[-1]) < 1e-6:
            out.pop()
        return out

    @property
    def circle(self) -> tuple[Point, float] | None:
        """(centre, radius) when the subpath is a circle (four curves round a square box)."""
        if self.ops.rstrip("h") != "mcccc":
            return None
        x0, t, x1, b = self.box
        if abs((x1 - x0) - (b - t)) > 0.02 * max(x1 - x0, 1e-9):
            return None
        return ((x0 + x1) / 2, (t + b) / 2), (x1 - x0) / 2


@dataclass(frozen=True)
class FigureGeometry:
    """Everything one figure painted: what the typesetter draws under the figure's own
    y-down transform (pnp.draw.pdf.paint), read from the page's content stream."""

    page: int  # 0-based
    glyphs: tuple[Glyph, ...]
    outlines: tuple[Outline, ...]

    @property
    def box(self) -> Box:
        boxes = [g.box for g in self.glyphs] + [o.box for o in self.outlines]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

    @property
    def text(self) -> str:
        return "".join(g.text for g in self.glyphs)

    def circles(self, largest: float = float("inf")) -> list[tuple[Point, float]]:
        """The circles, no wider across than `largest` mm."""
        return [c for o in self.outlines if (c := o.circle) is not None and 2 * c[1] <= largest]

    def arrows(self) -> list[Arrow]:
        """Arrows: a filled triangle (the head) and a stroked open path (the shaft) ending at or in it."""
        heads = [o for o in self.outlines if o.fill and not o.stroke and o.ops.rstrip("h") == "mll" and len(o.corners) == 3]
        shafts = [o for o in self.outlines if o.stroke and not o.fill and "h" not in o.ops and "c" not in o.ops]
        found = []
        for shaft in shafts:
            line = shaft.corners
            for end in (line[-1], line[0]):
                for head in heads:
                    if polygon_to_point(head.corners, end) <= 0.3:
                        found.append(Arrow(tuple(line), shaft.width, tuple(head.corners)))
        return found


@dataclass(frozen=True)
class Arrow:
    shaft: tuple[Point, ...]  # its centre line
    width: float  # mm, the shaft's stroke
    head: tuple[Point, ...]  # the triangle

    def clearance_to_circle(self, centre: Point, r: float) -> float:
        """From the arrow's ink (the shaft's stroke and the head) to the circle's edge; negative inside."""
        shaft = min(point_to_segment(*centre, (*a, *b)) for a, b in zip(self.shaft, self.shaft[1:])) - self.width / 2
        return min(shaft, polygon_to_point(self.head, centre)) - r

    def clearance_to_box(self, box: Box) -> float:
        """From the arrow's ink to a box (x0, top, x1, bottom); 0 where they touch or overlap."""
        x0, t, x1, b = box
        rect = [(x0, t), (x1, t), (x1, b), (x0, b)]
        shaft = min(polygon_to_polygon([a, b_], rect) for a, b_ in zip(self.shaft, self.shaft[1:])) - self.width / 2
        return max(0.0, min(shaft, polygon_to_polygon(list(self.head), rect)))


def _inside(poly: Sequence[Point], p: Point) -> bool:
    """Even-odd test: is p inside the closed polygon (at least three points)?"""
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, [*poly[1:], poly[0]]):
        if (y1 > p[1]) != (y2 > p[1]) and p[0] < x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _edges(poly: Sequence[Point]) -> list[tuple[float, float, float, float]]:
    """A polygon's sides as segments; two points are one segment, not a closed shape."""
    pairs = [(poly[0], poly[1])] if len(poly) == 2 else list(zip(poly, [*poly[1:], poly[0]]))
    return [(*a, *b) for a, b in pairs]


def polygon_to_point(poly: Sequence[Point], p: Point) -> float:
    """From a closed polygon (or a segment, two points) to a point: 0 inside."""
    if len(poly) > 2 and _inside(poly, p):
        return 0.0
    return min(point_to_segment(*p, e) for e in _edges(poly))


def _crosses(s, t) -> bool:
    def side(ax, ay, bx, by, px, py) -> float:
        return (bx - ax) * (py - ay) - (by - ay) * (px - ax)

    d1, d2 = side(*t, *s[:2]), side(*t, *s[2:4])
    d3, d4 = side(*s, *t[:2]), side(*s, *t[2:4])
    return d1 * d2 < 0 and d3 * d4 < 0


def polygon_to_polygon(a: Sequence[Point], b: Sequence[Point]) -> float:
    """The gap between two polygons (or segments, two points each): 0 where they overlap."""
    if any(polygon_to_point(b, p) == 0.0 for p in a) or any(polygon_to_point(a, p) == 0.0 for p in b):
        return 0.0
    ea, eb = _edges(a), _edges(b)
    if any(_crosses(s, t) for s in ea for t in eb):
        return 0.0
    return min(min(point_to_segment(*s[:2], t), point_to_segment(*s[2:], t), point_to_segment(*t[:2], s), point_to_segment(*t[2:], s)) for s in ea for t in eb)


def figures_in(source: Path | bytes) -> list[FigureGeometry]:
    """The figures of a typeset PDF in reading order (Figure 1 first): each is what was painted
    between a `cm` that turns y downward (a pnp Drawing painted into the text) and the `Q` that
    ends it, forms (designs drawn once and reused) included."""
    data = source if isinstance(source, bytes) else Path(source).read_bytes()
    with untraced():
        return _figures(data)


@lru_cache(maxsize=16)
def _figures(data: bytes) -> list[FigureGeometry]:
    from pdfminer.converter import PDFPageAggregator
    from pdfminer.layout import LTChar, LTContainer, LTCurve
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage

    def scale(m) -> float:
        return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))

    class Device(PDFPageAggregator):
        depth, opened, figure, count = 0, 0, None, 0

        def render_char(self, matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate):
            adv = super().render_char(matrix, font, fontsize, scaling, rise, cid, ncs, graphicstate)
            item = self.cur_item._objs[-1]
            item.figure, item.printed = self.figure, fontsize * scale(matrix)
            return adv

        def paint_path(self, gstate, stroke, fill, evenodd, path):
            before = len(self.cur_item._objs)
            super().paint_path(gstate, stroke, fill, evenodd, path)
            for item in self.cur_item._objs[before:]:
                item.figure, item.printed = self.figure, gstate.linewidth * scale(self.ctm)

    class Interpreter(PDFPageInterpreter):
        def do_q(self) -> None:
            super().do_q()
            self.device.depth += 1

        def do_Q(self) -> None:
            if self.gstack:
                self.device.depth -= 1
            super().do_Q()
            if self.device.figure is not None and self.device.depth < self.device.opened:
                self.device.figure = None

        def do_w(self, linewidth) -> None:
            # A stroke's width is in the user space of the moment it is stroked, as the PDF
            # reference says: kept as given here, scaled when a path is painted.
            super().do_w(linewidth)
            self.graphicstate.linewidth = float(linewidth)

        def do_cm(self, a1, b1, c1, d1, e1, f1) -> None:  # the interpreter passes as many operands as the signature names
            super().do_cm(a1, b1, c1, d1, e1, f1)
            if self.device.figure is None and self.ctm[3] < 0:
                self.device.count += 1
                self.device.figure, self.device.opened = self.device.count, self.device.depth

    manager = PDFResourceManager()
    device = Device(manager)
    interpreter = Interpreter(manager, device)
    found: dict[int, tuple[int, list[Glyph], list[Outline]]] = {}

    def walk(item, page: int, height: float) -> None:
        if isinstance(item, LTContainer) and not isinstance(item, LTCurve):
            for child in item:
                walk(child, page, height)
            return
        number = getattr(item, "figure", None)
        if number is None:
            return
        _, glyphs, outlines = found.setdefault(number, (page, [], []))
        if isinstance(item, LTChar):
            glyphs.append(Glyph(item.get_text(), item.printed, (item.x0 * MM, (height - item.y1) * MM, item.x1 * MM, (height - item.y0) * MM)))
        elif isinstance(item, LTCurve):
            ops = "".join(str(seg[0]) for seg in item.original_path or [])
            points = tuple((x * MM, (height - y) * MM) for seg in item.original_path or [] for x, y in seg[1:])
            dash = item.dashing_style
            outlines.append(
                Outline(
                    ops,
                    points,
                    bool(item.stroke),
                    bool(item.fill),
                    item.printed * MM,
                    bool(dash and dash[0]),
                    _colour(item.stroking_color) if item.stroke else None,
                    _colour(item.non_stroking_color) if item.fill else None,
                )
            )

    for number, page in enumerate(PDFPage.get_pages(BytesIO(data))):
        interpreter.process_page(page)
        layout = device.get_result()
        walk(layout, number, layout.height)
    return [FigureGeometry(page, tuple(glyphs), tuple(outlines)) for _, (page, glyphs, outlines) in sorted(found.items())]


def _colour(value) -> tuple[float, ...] | None:
    if value is None:
        return None
    return tuple(float(v) for v in value) if isinstance(value, (tuple, list)) else (float(value),)
