"""ReportLab backend: a list of pages (Drawings) to one PDF, byte-identical for the same input."""

from __future__ import annotations

from io import BytesIO

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfgen import canvas

from .shapes import Circle, Drawing, Group, Line, Path, Rect, Shape, Style, Text

PT_PER_MM = 72 / 25.4

# Compressed streams stay binary: ASCII85 makes files a quarter larger and slower to write.
rl_config.useA85 = 0


def render_pdf(pages: list[Drawing], title: str = "") -> bytes:
    buf = BytesIO()
    # invariant=1 drops the creation date and random document id: same input, same bytes.
    c = canvas.Canvas(buf, invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setCreator("pnp")
    c.setAuthor("pnp")
    forms: set[str] = set()
    for page in pages:
        c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        c.saveState()
        # Work in millimetres with y pointing down, as the drawing model does.
        c.transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, page.height * PT_PER_MM)
        for shape in page.items:
            _draw(c, shape, forms)
        c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()


def _apply(c: canvas.Canvas, style: Style) -> tuple[int, int]:
    if style.fill:
        c.setFillColor(HexColor(style.fill))
    if style.stroke:
        c.setStrokeColor(HexColor(style.stroke))
        c.setLineWidth(style.stroke_width)
        c.setDash(list(style.dash) if style.dash else [])
    return (1 if style.fill else 0, 1 if style.stroke else 0)


def _path(c: canvas.Canvas, ops) -> object:
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


# Form XObjects may hold art anywhere within this box (mm): reused designs are never clipped by it.
FORM_BOX = (-1000, -1000, 1000, 1000)


def _draw(c: canvas.Canvas, shape: Shape, forms: set[str]) -> None:
    if isinstance(shape, Group):
        c.saveState()
        c.transform(*shape.transform)
        if shape.clip is not None:
            r = shape.clip
            p = c.beginPath()
            p.rect(r.x, r.y, r.w, r.h)
            c.clipPath(p, stroke=0, fill=0)
        if shape.key is None:
            for item in shape.items:
                _draw(c, item, forms)
        else:
            if shape.key not in forms:
                forms.add(shape.key)
                c.beginForm(shape.key, *FORM_BOX)
                for item in shape.items:
                    _draw(c, item, forms)
                c.endForm()
            c.doForm(shape.key)
        c.restoreState()
    elif isinstance(shape, Text):
        c.saveState()
        c.setFillColor(HexColor(shape.fill))
        c.translate(shape.x, shape.y)
        c.scale(1 / PT_PER_MM, -1 / PT_PER_MM)  # back to points, y up, for the glyphs
        c.setFont(shape.font, shape.size)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[shape.anchor]
        draw(0, 0, shape.text)
        c.restoreState()
    else:
        c.saveState()
        fill, stroke = _apply(c, shape.style)
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
            c.drawPath(_path(c, shape.ops), stroke=stroke, fill=fill, fillMode=0 if shape.style.even_odd else 1)  # ReportLab: 0 even-odd, 1 nonzero
        c.restoreState()
