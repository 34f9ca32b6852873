"""The drawing model: plain shapes in millimetres, origin top-left, y pointing down.

A component (card, tile, coin, board) is drawn once into these shapes; the PDF
and SVG backends only translate them, so both outputs show the same thing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

Matrix = tuple[float, float, float, float, float, float]  # SVG/PDF order: a b c d e f
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Style:
    fill: str | None = None  # "#rrggbb" or None
    stroke: str | None = None
    stroke_width: float = 0.25  # mm
    dash: tuple[float, ...] | None = None  # mm
    even_odd: bool = False  # fill rule for paths with holes


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style


# Path operations: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathOp = tuple


@dataclass(frozen=True)
class Path:
    ops: tuple[PathOp, ...]
    style: Style


Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Text:
    """One line of text; (x, y) is on the baseline; size in points."""

    x: float
    y: float
    text: str
    size: float
    font: str = "Helvetica"
    fill: str = "#000000"
    anchor: Anchor = "start"


@dataclass(frozen=True)
class Group:
    items: tuple[Shape, ...]
    transform: Matrix = IDENTITY
    clip: Rect | None = None  # in the group's own coordinates
    # A group with a key is a reusable design (one card face drawn on many cards):
    # backends emit it once per file and refer to it wherever it appears again.
    key: str | None = None


FieldKind = Literal["text", "check"]


@dataclass(frozen=True)
class Field:
    """A box to fill in on screen (a score, a name, a tick). The PDF makes it a form field,
    named `name` (unique in its document); SVG, which has no forms, keeps it as an empty,
    unstroked box. Its look on paper is whatever the drawing puts around it."""

    name: str
    x: float
    y: float
    w: float
    h: float
    kind: FieldKind = "text"
    size: float = 10.0  # pt, of the text typed into it


Shape = Rect | Line | Circle | Path | Text | Field | Group


@dataclass
class Drawing:
    """A page (or one component) of a given size in mm."""

    width: float
    height: float
    items: list[Shape] = field(default_factory=list)
    title: str = ""
    # (x, y, w, h) mm: an area left empty, where a file's cover may go (pnp.draw.cover).
    room: tuple[float, float, float, float] | None = None
    # (x, y, w, h) mm: where a print shop cuts this page, the rest being bleed (the PDF's TrimBox).
    trim: tuple[float, float, float, float] | None = None

    def add(self, *shapes: Shape) -> None:
        self.items.extend(shapes)


def translate(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Matrix:
    """Clockwise on the page (y points down), about (cx, cy)."""
    t = math.radians(degrees)
    c, s = round(math.cos(t), 12), round(math.sin(t), 12)
    return (c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy)


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    """The matrix that applies `inner` first, then `outer`."""
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    )


def group(*items: Shape, at: tuple[float, float] = (0.0, 0.0), transform: Matrix = IDENTITY, clip: Rect | None = None) -> Group:
    return Group(tuple(items), compose(translate(*at), transform), clip)


def polygon(points: list[tuple[float, float]], style: Style) -> Path:
    (x0, y0), *rest = points
    return Path((("M", x0, y0), *(("L", x, y) for x, y in rest), ("Z",)), style)
