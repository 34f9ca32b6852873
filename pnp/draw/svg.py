"""svgwrite backend: one Drawing to one SVG whose width and height are in mm."""

from __future__ import annotations

import re

import svgwrite

from .shapes import IDENTITY, Circle, Drawing, Field, Group, Line, Path, Rect, Shape, Style, Text
from .text import MM_PER_PT, face


def _n(x: float) -> str:
    """Numbers rounded to a micrometre: short, stable output."""
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def render_svg(page: Drawing) -> str:
    dwg = svgwrite.Drawing(
        size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
        viewBox=f"0 0 {_n(page.width)} {_n(page.height)}",
        profile="full",
        debug=False,
    )
    if page.title:
        dwg.set_desc(title=page.title)
    ids = _Ids()
    for shape in page.items:
        dwg.add(_element(dwg, shape, ids))
    return dwg.tostring() + "\n"


class _Ids:
    """Element ids of one SVG: numbered clip paths, and reusable designs defined once."""

    def __init__(self) -> None:
        self.clips: dict[Rect, str] = {}
        self.defined: dict[str, str] = {}

    def clip(self, rect: Rect) -> tuple[str, bool]:
        """The id of a clip path for `rect` (shared by every group clipped alike), and whether it is new."""
        if rect in self.clips:
            return self.clips[rect], False
        self.clips[rect] = f"clip{len(self.clips) + 1}"
        return self.clips[rect], True

    def design(self, key: str) -> tuple[str, bool]:
        """The id for a keyed design, and whether it still needs defining."""
        if key in self.defined:
            return self.defined[key], False
        self.defined[key] = "d" + re.sub(r"[^A-Za-z0-9_-]", "-", key)
        return self.defined[key], True


def _style(style: Style) -> dict:
    attrs = {"fill": style.fill or "none"}
    if style.stroke:
        attrs |= {"stroke": style.stroke, "stroke_width": _n(style.stroke_width)}
        if style.dash:
            attrs["stroke_dasharray"] = " ".join(_n(d) for d in style.dash)
    if style.even_odd:
        attrs["fill_rule"] = "evenodd"
    return attrs


def _path_data(ops) -> str:
    return " ".join(op[0] + " ".join(_n(v) for v in op[1:]) for op in ops)


def _element(dwg: svgwrite.Drawing, shape: Shape, ids: _Ids):
    if isinstance(shape, Group):
        g = dwg.g()
        if shape.transform != IDENTITY:
            g["transform"] = "matrix(" + " ".join(_n(v) for v in shape.transform) + ")"
        if shape.clip is not None:
            clip_id, new = ids.clip(shape.clip)
            if new:
                r = shape.clip
                dwg.defs.add(dwg.clipPath(id=clip_id)).add(dwg.rect((_n(r.x), _n(r.y)), (_n(r.w), _n(r.h))))
            g["clip-path"] = f"url(#{clip_id})"
        if shape.key is None:
            for item in shape.items:
                g.add(_element(dwg, item, ids))
            return g
        design_id, new = ids.design(shape.key)
        if new:
            design = dwg.defs.add(dwg.g(id=design_id))
            for item in shape.items:
                design.add(_element(dwg, item, ids))
        g.add(dwg.use(f"#{design_id}"))
        return g
    if isinstance(shape, Text):
        # The family the PDF embeds, then fallbacks with the same widths: lines break where the PDF's do.
        font = face(shape.font)
        return dwg.text(
            shape.text,
            insert=(_n(shape.x), _n(shape.y)),
            font_size=_n(shape.size * MM_PER_PT),
            font_family=font.family,
            font_weight=font.weight,
            text_anchor=shape.anchor,
            fill=shape.fill,
            # SVG collapses runs of spaces unless told not to; aligned text (a .layout in Courier) needs them.
            **({"xml:space": "preserve"} if "  " in shape.text or shape.text != shape.text.strip() else {}),
        )
    if isinstance(shape, Rect):
        extra = {"rx": _n(shape.radius)} if shape.radius else {}
        return dwg.rect((_n(shape.x), _n(shape.y)), (_n(shape.w), _n(shape.h)), **extra, **_style(shape.style))
    if isinstance(shape, Line):
        return dwg.line((_n(shape.x1), _n(shape.y1)), (_n(shape.x2), _n(shape.y2)), **_style(shape.style))
    if isinstance(shape, Circle):
        return dwg.circle((_n(shape.cx), _n(shape.cy)), _n(shape.r), **_style(shape.style))
    if isinstance(shape, Path):
        return dwg.path(d=_path_data(shape.ops), **_style(shape.style))
    if isinstance(shape, Field):
        # SVG has no forms: the field stays an empty box that names it, for an editor to find.
        field_id = "field-" + re.sub(r"[^A-Za-z0-9_-]", "-", shape.name)
        return dwg.rect((_n(shape.x), _n(shape.y)), (_n(shape.w), _n(shape.h)), id=field_id, class_=f"field-{shape.kind}", fill="none")
    raise TypeError(f"cannot draw {type(shape).__name__}")
