"""Reading geometry back from a produced SVG (in mm), resolving transforms and reused designs,
so that it can be set beside what pdfgeom reads from the PDF of the same page."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)
Box = tuple[float, float, float, float]  # x0, top, x1, bottom in mm


@dataclass
class SvgGeometry:
    width: float
    height: float
    rects: list[Box] = field(default_factory=list)  # square-cornered rectangles, as drawn on the page
    lines: list[Box] = field(default_factory=list)
    circles: list[Box] = field(default_factory=list)
    # Form fields' empty boxes (class field-text or field-check), by field name: no page content in
    # the PDF, which holds them as form annotations instead.
    fields: dict[str, Box] = field(default_factory=dict)


def _mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _parse_transform(text: str | None) -> Matrix:
    if not text:
        return IDENTITY
    m = IDENTITY
    for kind, args in re.findall(r"(\w+)\(([^)]*)\)", text):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip())]
        if kind == "matrix":
            step = tuple(v)
        elif kind == "translate":
            step = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif kind == "scale":
            step = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif kind == "rotate":
            r = math.radians(v[0])
            step = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
        else:
            raise ValueError(f"transform {kind} not understood")
        m = _mul(m, step)
    return m


def _box(m: Matrix, points: list[tuple[float, float]]) -> Box:
    a, b, c, d, e, f = m
    xs = [a * x + c * y + e for x, y in points]
    ys = [b * x + d * y + f for x, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def _mm(text: str) -> float:
    return float(text.removesuffix("mm"))


def read_svg(path: Path) -> SvgGeometry:
    root = ET.parse(path).getroot()
    geometry = SvgGeometry(_mm(root.get("width")), _mm(root.get("height")))
    ids = {el.get("id"): el for el in root.iter() if el.get("id")}

    def walk(el: ET.Element, m: Matrix) -> None:
        tag = el.tag.removeprefix(NS)
        if tag in ("defs", "clipPath", "desc", "title"):
            return  # definitions draw nothing until a <use> places them
        m = _mul(m, _parse_transform(el.get("transform")))
        get = lambda name: float(el.get(name, "0"))  # noqa: E731
        if tag == "rect" and (el.get("class") or "").startswith("field-"):
            x, y, w, h = get("x"), get("y"), get("width"), get("height")
            geometry.fields[el.get("id").removeprefix("field-")] = _box(m, [(x, y), (x + w, y + h)])
        elif tag == "rect" and not el.get("rx"):
            x, y, w, h = get("x"), get("y"), get("width"), get("height")
            geometry.rects.append(_box(m, [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]))
        elif tag == "line":
            geometry.lines.append(_box(m, [(get("x1"), get("y1")), (get("x2"), get("y2"))]))
        elif tag == "circle":
            cx, cy, r = get("cx"), get("cy"), get("r")
            geometry.circles.append(_box(m, [(cx - r, cy - r), (cx + r, cy + r), (cx - r, cy + r), (cx + r, cy - r)]))
        elif tag == "use":
            walk(ids[(el.get("href") or el.get(XLINK)).removeprefix("#")], m)
            return
        for child in el:
            walk(child, m)

    for child in root:
        walk(child, IDENTITY)
    return geometry


def unmatched(wanted: list[Box], found: list[Box], tol: float = 0.01) -> list[Box]:
    """The boxes of `wanted` that no box of `found` matches within `tol` mm (each used once)."""
    buckets: dict[tuple[int, int], list[Box]] = {}
    for box in found:
        buckets.setdefault((round(box[0]), round(box[1])), []).append(box)
    missing = []
    for box in wanted:
        key = (round(box[0]), round(box[1]))
        near = [b for dx in (-1, 0, 1) for dy in (-1, 0, 1) for b in buckets.get((key[0] + dx, key[1] + dy), [])]
        hit = next((b for b in near if all(abs(p - q) <= tol for p, q in zip(box, b))), None)
        if hit is None:
            missing.append(box)
        else:
            buckets[(round(hit[0]), round(hit[1]))].remove(hit)
    return missing
