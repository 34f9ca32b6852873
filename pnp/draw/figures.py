"""What the rule sheets' figures share: how much room a figure has at its own size, text at a size
read at arm's length, and arrows.

A figure no larger than `room()` is printed at its own size on every paper (the typesetter
reduces a larger one to the column), so a size drawn in it is the size on paper: 7 pt is 7 pt.
"""

from __future__ import annotations

import math
from functools import cache

from pnp.core.printing import Paper, Print

from .shapes import IDENTITY, Circle, Group, Line, Matrix, Path, Rect, Shape, Style, Text, compose, polygon
from .text import MM_PER_PT, cap_height, width_mm

SMALLEST_TEXT = 7.0  # pt as printed: every word, number and coordinate of a figure
CLEARANCE = 0.8  # mm: what an arrow leaves between itself and a pip or a character (0.5 at the least)

Point = tuple[float, float]


@cache
def room() -> tuple[float, float]:
    """The largest figure (width, height in mm) that prints at its own size on every paper: the
    narrowest column, and the share of the shortest column one figure may take."""
    from .typeset import frames, rule_layout  # ReportLab's typesetter: loaded with the first figure

    columns = [frames(Print(paper), 0.0)[0] for paper in Paper]
    return min(c.w for c in columns), min(c.h for c in columns) * rule_layout().figure_height


def centred(x: float, y: float, text: str, size: float, font: str, fill: str) -> Text:
    """`text` centred on (x, y) both ways: its capitals' middle at y."""
    return Text(x, y + cap_height(size, font) / 2, text, size, font, fill, "middle")


def text_box(t: Text) -> tuple[float, float, float, float]:
    """Where a line of text lies (x0, top, x1, bottom, mm): its advance across, one em from the
    descender up, as a PDF reader boxes each character."""
    w = width_mm(t.text, t.font, t.size)
    x0 = t.x - {"start": 0.0, "middle": w / 2, "end": w}[t.anchor]
    em = t.size * MM_PER_PT
    return (x0, t.y - 0.79 * em, x0 + w, t.y + 0.21 * em)


def bounds(shape: Shape, m: Matrix = IDENTITY) -> tuple[float, float, float, float] | None:
    """A shape's extent (x0, y0, x1, y1) once `m` applies to it (a group's own transform included);
    None for an empty group."""
    if isinstance(shape, Group):
        inner = compose(m, shape.transform)
        boxes = [box for s in shape.items if (box := bounds(s, inner)) is not None]
        if shape.clip is not None and (clip := bounds(shape.clip, inner)) is not None:
            boxes = [(max(b[0], clip[0]), max(b[1], clip[1]), min(b[2], clip[2]), min(b[3], clip[3])) for b in boxes]
            boxes = [b for b in boxes if b[0] < b[2] and b[1] < b[3]]
        if not boxes:
            return None
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    if isinstance(shape, Rect):
        points = [(shape.x, shape.y), (shape.x + shape.w, shape.y + shape.h)]
    elif isinstance(shape, Line):
        points = [(shape.x1, shape.y1), (shape.x2, shape.y2)]
    elif isinstance(shape, Circle):
        points = [(shape.cx - shape.r, shape.cy - shape.r), (shape.cx + shape.r, shape.cy + shape.r)]
    elif isinstance(shape, Path):
        points = [(op[i], op[i + 1]) for op in shape.ops for i in range(1, len(op) - 1, 2)]
    elif isinstance(shape, Text):
        x0, top, x1, bottom = text_box(shape)
        points = [(x0, top), (x1, bottom)]
    else:  # a form field
        points = [(shape.x, shape.y), (shape.x + shape.w, shape.y + shape.h)]
    if isinstance(shape, (Rect, Circle, Text)) or not isinstance(shape, (Line, Path)):
        (x0, y0), (x1, y1) = points
        points = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]  # all four corners: a turn moves each
    a, b, c, d, e, f = m
    moved = [(a * x + c * y + e, b * x + d * y + f) for x, y in points]
    xs, ys = [p[0] for p in moved], [p[1] for p in moved]
    return (min(xs), min(ys), max(xs), max(ys))


def meets(shape: Shape, box: tuple[float, float, float, float]) -> bool:
    """Whether a shape reaches into the box (x0, y0, x1, y1): for the part of a drawing a figure
    shows, where what lies wholly outside is left out, not just clipped (hidden text would still
    be found and copied)."""
    b = bounds(shape)
    return b is not None and b[0] < box[2] and b[2] > box[0] and b[1] < box[3] and b[3] > box[1]


def arrow(points: list[Point], colour: str, width: float = 0.35, head: float = 1.6, dash: tuple[float, ...] | None = None) -> list[Shape]:
    """A shaft through `points` and a filled head whose tip is the last point; the shaft stops at
    the head's base, so a dashed shaft never shows through it. `head`: the head's length in mm
    (as wide as it is long); the first segment from the head back must be longer than it."""
    *shaft, tip = points
    prev = shaft[-1]
    length = math.dist(prev, tip)
    if length <= head:
        raise ValueError(f"an arrow's last segment ({length:.2f} mm) is no longer than its head ({head} mm)")
    ux, uy = (tip[0] - prev[0]) / length, (tip[1] - prev[1]) / length
    base = (tip[0] - ux * head, tip[1] - uy * head)
    ops = (("M", *shaft[0]), *(("L", *p) for p in [*shaft[1:], base]))
    half = head / 2
    return [
        Path(ops, Style(stroke=colour, stroke_width=width, dash=dash)),
        polygon([tip, (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)], Style(fill=colour)),
    ]


def legible(shapes: list[Shape], k: float = 1.0, smallest: float = SMALLEST_TEXT, shade: str = "#BDBDBD") -> list[Shape]:
    """`shapes` printed at scale k, with every text that would print smaller than `smallest` pt
    shown as a grey bar where it stands (its width, a capital's height): small print in a figure is
    shown as being there, not set too small to read. A reused design that loses text is no longer
    reused (its key is dropped), so the full-size design elsewhere in the file keeps its words."""
    return [_legible(s, IDENTITY, k, smallest, shade) for s in shapes]


def _legible(shape: Shape, outer: Matrix, k: float, smallest: float, shade: str) -> Shape:
    if isinstance(shape, Group):
        m = compose(outer, shape.transform)
        items = tuple(_legible(s, m, k, smallest, shade) for s in shape.items)
        if items == shape.items:
            return shape
        return Group(items, shape.transform, shape.clip, None)
    if isinstance(shape, Text):
        a, b, c, d = outer[:4]
        if shape.size * math.sqrt(abs(a * d - b * c)) * k < smallest - 1e-9:
            x0, _, x1, _ = text_box(shape)
            cap = cap_height(shape.size, shape.font)
            return Rect(x0, shape.y - cap, x1 - x0, cap, Style(fill=shade), radius=cap / 4)
    return shape
