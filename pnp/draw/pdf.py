"""ReportLab backend: a list of pages (Drawings) to one PDF, byte-identical for the same input."""

from __future__ import annotations

from functools import cache
from io import BytesIO
from typing import Any
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen import canvas

from .document import PrintHints
from .shapes import IDENTITY, Circle, Drawing, Field, Group, Line, Path, Rect, Shape, Style, Text
from .text import REGULAR, embedded

PT_PER_MM = 72 / 25.4
# Form XObjects may hold art anywhere within this box (mm): reused designs are never clipped by it.
FORM_BOX = (-1000, -1000, 1000, 1000)

# Compressed streams stay binary: ASCII85 makes files a quarter larger and slower to write.
rl_config.useA85 = 0


def render_pdf(pages: list[Drawing], title: str = "", hints: PrintHints | None = None) -> bytes:
    """One PDF of `pages`; without `hints`, a one-sided file whose outline is its title."""
    hints = hints or PrintHints(subject=title, outline=((title, 0, 0),) if title else ())
    buf = BytesIO()
    # invariant=1 drops the creation date and random document id: same input, same bytes.
    # The initial font is embedded too, so no page refers to an unembedded standard font.
    c = canvas.Canvas(buf, invariant=1, pageCompression=1, initialFontName=embedded(REGULAR), lang="en")  # type: ignore[arg-type]  # types-reportlab: a float, not the font name it is
    c.setTitle(title)
    c.setSubject(hints.subject)
    c.setCreator("pnp")
    c.setAuthor("pnp")
    # Print hints a print dialog reads: actual size, and one- or two-sided as the pages are laid out.
    c.setViewerPreference("PrintScaling", "None")
    c.setViewerPreference("Duplex", "DuplexFlipLongEdge" if hints.duplex else "Simplex")
    c.setViewerPreference("DisplayDocTitle", "true")
    painter = _Painter(c)
    for number, page in enumerate(pages):
        # One destination per outline entry: ReportLab keeps one title per destination name.
        for i, (_, page_index, _) in enumerate(hints.outline):
            if page_index == number:
                c.bookmarkPage(f"entry{i}")
        c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        _trim_boxes(c, page)
        # Work in millimetres with y pointing down, as the drawing model does.
        painter.group(Group(tuple(page.items), (PT_PER_MM, 0, 0, -PT_PER_MM, 0, page.height * PT_PER_MM)))
        c.showPage()
    for i, (entry_title, _, level) in enumerate(hints.outline):
        c.addOutlineEntry(entry_title, f"entry{i}", level)
    c.showOutline()
    c.save()
    return buf.getvalue()


def _trim_boxes(c: canvas.Canvas, page: Drawing) -> None:
    """A page cut by a print shop says where (TrimBox) and that all of it is bleed (BleedBox)."""
    if page.trim is None:
        c.setTrimBox(None)
        c.setBleedBox(None)
        return
    x, y, w, h = page.trim
    top = page.height - y  # PDF's y points up
    c.setTrimBox(tuple(round(v * PT_PER_MM, 4) for v in (x, top - h, x + w, top)))
    c.setBleedBox((0, 0, round(page.width * PT_PER_MM, 4), round(page.height * PT_PER_MM, 4)))


_painters: WeakKeyDictionary[canvas.Canvas, _Painter] = WeakKeyDictionary()


def paint(c: canvas.Canvas, drawing: Drawing, k: float = 1.0) -> None:
    """`drawing`, scaled by k, on a canvas already holding other content (a typeset page's figure),
    its top-left corner at (0, its height) in points. One painter a canvas: a design drawn in two
    figures becomes one form."""
    painter = _painters.setdefault(c, _Painter(c))
    s = k * PT_PER_MM
    painter.group(Group(tuple(drawing.items), (s, 0, 0, -s, 0, drawing.height * s)))


@cache
def _colour(hex_colour: str) -> Color:
    return HexColor(hex_colour)


class _Painter:
    """Draws shapes on a canvas, setting colours and line styles only when they change."""

    def __init__(self, c: canvas.Canvas) -> None:
        self.c = c
        self.forms: set[str] = set()
        self.state: dict[str, object] = {}  # what the current graphics state already holds
        self.saved: list[dict[str, object]] = []
        self.in_form = 0  # how deep inside a reused design (a form XObject) the painter is
        self.fields: set[str] = set()

    def _set(self, key: str, value: object, setter) -> None:
        if self.state.get(key, ...) != value:
            setter(value)
            self.state[key] = value

    def _style(self, style: Style) -> tuple[int, int]:
        c = self.c
        if style.fill:
            self._set("fill", style.fill, lambda v: c.setFillColor(_colour(v)))
        if style.stroke:
            self._set("stroke", style.stroke, lambda v: c.setStrokeColor(_colour(v)))
            self._set("width", style.stroke_width, c.setLineWidth)
            self._set("dash", style.dash, lambda v: c.setDash(list(v) if v else []))
        return (1 if style.fill else 0, 1 if style.stroke else 0)

    def _push(self) -> None:
        self.c.saveState()
        self.saved.append(dict(self.state))

    def _pop(self) -> None:
        self.c.restoreState()
        self.state = self.saved.pop()

    def group(self, g: Group) -> None:
        c = self.c
        self._push()
        if g.transform != IDENTITY:
            c.transform(*g.transform)
        if g.clip is not None:
            r = g.clip
            p = c.beginPath()
            p.rect(r.x, r.y, r.w, r.h)
            c.clipPath(p, stroke=0, fill=0)
        if g.key is None:
            for item in g.items:
                self.draw(item)
        else:
            if g.key not in self.forms:
                self.forms.add(g.key)
                outer, self.state = self.state, {}  # a form starts from a fresh graphics state
                c.beginForm(g.key, *FORM_BOX)
                self.in_form += 1
                for item in g.items:
                    self.draw(item)
                self.in_form -= 1
                c.endForm()
                self.state = outer
            c.doForm(g.key)
        self._pop()

    def draw(self, shape: Shape) -> None:
        c = self.c
        if isinstance(shape, Group):
            self.group(shape)
        elif isinstance(shape, Text):
            self._set("fill", shape.fill, lambda v: c.setFillColor(_colour(v)))
            # One text object: its matrix puts the baseline at (x, y) and turns y up again for the glyphs.
            font = embedded(shape.font)
            width = c.stringWidth(shape.text, font, shape.size) / PT_PER_MM
            x = shape.x - {"start": 0.0, "middle": width / 2, "end": width}[shape.anchor]
            t = c.beginText()
            t.setTextTransform(1 / PT_PER_MM, 0, 0, -1 / PT_PER_MM, x, shape.y)
            t.setFont(font, shape.size)
            t.textOut(shape.text)
            c.drawText(t)
        elif isinstance(shape, Field):
            self.field(shape)
        else:
            fill, stroke = self._style(shape.style)
            if isinstance(shape, Rect):
                if shape.radius:
                    c.roundRect(shape.x, shape.y, shape.w, shape.h, shape.radius, stroke=stroke, fill=fill)
                else:
                    c.rect(shape.x, shape.y, shape.w, shape.h, stroke=stroke, fill=fill)
            elif isinstance(shape, Line):
                c.line(shape.x1, shape.y1, shape.x2, shape.y2)
            elif isinstance(shape, Circle):
                c.circle(shape.cx, shape.cy, shape.r, stroke=stroke, fill=fill)
            elif isinstance(shape, Path):
                mode = 0 if shape.style.even_odd else 1  # ReportLab: 0 even-odd, 1 nonzero
                c.drawPath(_path(c, shape.ops), stroke=stroke, fill=fill, fillMode=mode)

    def field(self, f: Field) -> None:
        """An AcroForm field over the box: no border or fill of its own (the drawing shows the box),
        placed in page coordinates, which the canvas's current transform gives for its corners."""
        if self.in_form:
            raise ValueError(f"form field {f.name!r} inside a reused design: a field has one place on one page")
        if f.name in self.fields:
            raise ValueError(f"two form fields named {f.name!r} in one PDF: a viewer would fill both at once")
        self.fields.add(f.name)
        c = self.c
        (x0, y0), (x1, y1) = c.absolutePosition(f.x, f.y), c.absolutePosition(f.x + f.w, f.y + f.h)
        x, y, w, h = min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)
        # Form text is set in the viewer's own Helvetica: ReportLab's forms take only the 14 standard fonts.
        look: dict[str, Any] = dict(borderWidth=0, borderColor=None, fillColor=None, textColor=_colour("#000000"))
        if f.kind == "check":
            side = min(w, h)
            c.acroForm.checkbox(name=f.name, x=x + (w - side) / 2, y=y + (h - side) / 2, size=side, fieldFlags="", **look)  # type: ignore[arg-type]  # types-reportlab: whole points only
        else:
            c.acroForm.textfield(name=f.name, x=x, y=y, width=w, height=h, fontName="Helvetica", fontSize=f.size, **look)  # type: ignore[arg-type]  # types-reportlab: whole points only


def _path(c: canvas.Canvas, ops):
    p = c.beginPath()
    for op in ops:
        kind = op[0]
        if kind == "M":
            p.moveTo(op[1], op[2])
        elif kind == "L":
            p.lineTo(op[1], op[2])
        elif kind == "C":
            p.curveTo(*op[1:])
        elif kind == "Z":
            p.close()
    return p
