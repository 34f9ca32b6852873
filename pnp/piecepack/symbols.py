"""The four suit symbols drawn as vector outlines, never as font glyphs.

Each symbol is designed in a unit box, then scaled so its outline fills a square
of the requested size: every suit looks equally big at any size. A symbol is one
`Path` whose parts never overlap, so it fills and strokes cleanly in both backends.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from pnp.draw.shapes import Path, PathOp, Style

from .model import Suit

Point = tuple[float, float]
Segment = tuple[Point, Point, Point, Point]  # a cubic Bezier: start, two controls, end
Contour = list[Segment]  # closed: the last segment ends where the first starts


def _line(p: Point, q: Point) -> Segment:
    return (p, p, q, q)


def _polygon(points: list[Point]) -> Contour:
    return [_line(p, q) for p, q in zip(points, points[1:] + points[:1])]


def _arc(cx: float, cy: float, r: float, a0: float, a1: float) -> Contour:
    """A circular arc from angle a0 to a1 (radians, either direction) as Beziers of at most 90 degrees."""
    n = max(1, math.ceil(abs(a1 - a0) / (math.pi / 2) - 1e-9))
    step = (a1 - a0) / n
    k = 4 / 3 * math.tan(step / 4) * r  # control-arm length that best fits a circle
    segments = []
    for i in range(n):
        t0, t1 = a0 + i * step, a0 + (i + 1) * step
        p0 = (cx + r * math.cos(t0), cy + r * math.sin(t0))
        p3 = (cx + r * math.cos(t1), cy + r * math.sin(t1))
        c1 = (p0[0] - k * math.sin(t0), p0[1] + k * math.cos(t0))
        c2 = (p3[0] + k * math.sin(t1), p3[1] - k * math.cos(t1))
        segments.append((p0, c1, c2, p3))
    return segments


def _circle(cx: float, cy: float, r: float) -> Contour:
    return _arc(cx, cy, r, 0.0, 2 * math.pi)


def _curve(start: Point, *controls: Point) -> Contour:
    """Cubic segments through `controls` taken three at a time (two controls, then an end point)."""
    segments, p = [], start
    for i in range(0, len(controls), 3):
        c1, c2, end = controls[i : i + 3]
        segments.append((p, c1, c2, end))
        p = end
    if p != start:
        segments.append(_line(p, start))
    return segments


def _mapped(contour: Contour, f: Callable[[Point], Point]) -> Contour:
    """The contour with every point moved by `f` (Beziers stay Beziers under any affine map)."""
    return [(f(a), f(b), f(c), f(d)) for a, b, c, d in contour]


def _mirror(contour: Contour) -> Contour:
    """The contour reflected in the vertical axis x = 0."""
    return _mapped(contour, lambda p: (-p[0], p[1]))


def _bezier(seg: Segment, t: float) -> Point:
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = seg
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3)


def _samples(contour: Contour) -> list[Point]:
    return [_bezier(seg, i / 16) for seg in contour for i in range(16)]


def _bounds(contours: list[Contour]) -> tuple[float, float, float, float]:
    points = [p for c in contours for p in _samples(c)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _sun() -> list[Contour]:
    """A disc ringed by twelve rays, long and short by turns, standing clear of the disc."""
    rays = []
    for i in range(12):
        a = math.radians(i * 30 - 90)
        tip = 0.5 if i % 2 == 0 else 0.43
        half = math.radians(10)
        base = 0.31
        rays.append(
            _polygon(
                [
                    (base * math.cos(a - half), base * math.sin(a - half)),
                    (tip * math.cos(a), tip * math.sin(a)),
                    (base * math.cos(a + half), base * math.sin(a + half)),
                ]
            )
        )
    return [_circle(0, 0, 0.25), *rays]


def _moon() -> list[Contour]:
    """A crescent: a disc with an offset disc taken out, turned so the horns point up and right."""
    big, small, offset = 0.5, 0.43, 0.22
    # Where the two circles cross, relative to the big circle's centre.
    x = (offset**2 + big**2 - small**2) / (2 * offset)
    y = math.sqrt(big**2 - x**2)
    outer = _arc(0, 0, big, math.atan2(y, x), 2 * math.pi - math.atan2(y, x))  # the long way round, through the back
    inner_from = math.atan2(-y, x - offset) + 2 * math.pi
    inner = _arc(offset, 0, small, inner_from, math.atan2(y, x - offset))  # back along the hollow
    c, s = math.cos(math.radians(-35)), math.sin(math.radians(-35))
    return [_mapped(outer + inner, lambda p: (p[0] * c - p[1] * s, p[0] * s + p[1] * c))]


def _crown() -> list[Contour]:
    """Five points topped with pearls, over a separate band."""
    tips = [(-0.46, -0.12), (-0.23, -0.24), (0.0, -0.34), (0.23, -0.24), (0.46, -0.12)]
    valleys = [(-0.33, 0.02), (-0.115, -0.04), (0.115, -0.04), (0.33, 0.02)]
    body = [(-0.42, 0.2), tips[0]]
    for valley, tip in zip(valleys, tips[1:]):
        body += [valley, tip]
    body.append((0.42, 0.2))
    pearls = [_circle(x, y - 0.085, 0.065) for x, y in tips]
    band = _polygon([(-0.42, 0.26), (0.42, 0.26), (0.42, 0.4), (-0.42, 0.4)])
    return [_polygon(body), *pearls, band]


def _arms() -> list[Contour]:
    """A fleur-de-lis: a pointed middle petal, two curling side petals, a band and a three-lobed foot."""
    middle = _curve((-0.09, 0.05), (-0.2, -0.1), (-0.16, -0.32), (0.0, -0.5), (0.16, -0.32), (0.2, -0.1), (0.09, 0.05))
    side = _curve(
        (0.17, 0.05),
        (0.25, -0.13),
        (0.3, -0.31),
        (0.43, -0.3),
        (0.56, -0.29),
        (0.58, -0.1),
        (0.47, -0.02),
        (0.49, -0.12),
        (0.43, -0.19),
        (0.36, -0.14),
        (0.3, -0.1),
        (0.29, -0.02),
        (0.31, 0.05),
    )
    band = _polygon([(-0.33, 0.1), (0.33, 0.1), (0.33, 0.2), (-0.33, 0.2)])
    foot = _curve((0.08, 0.25), (0.07, 0.36), (0.04, 0.44), (0.0, 0.5), (-0.04, 0.44), (-0.07, 0.36), (-0.08, 0.25))
    side_foot = _curve((0.3, 0.25), (0.31, 0.31), (0.36, 0.35), (0.43, 0.35), (0.35, 0.43), (0.19, 0.42), (0.12, 0.25))
    return [middle, side, _mirror(side), band, foot, side_foot, _mirror(side_foot)]


_DESIGNS: dict[Suit, Callable[[], list[Contour]]] = {
    Suit.SUNS: _sun,
    Suit.MOONS: _moon,
    Suit.CROWNS: _crown,
    Suit.ARMS: _arms,
}


def _path(contours: list[Contour], place: Callable[[Point], Point], style: Style) -> Path:
    ops: list[PathOp] = []
    for contour in contours:
        ops.append(("M", *place(contour[0][0])))
        for seg in contour:
            p0, c1, c2, p3 = (place(p) for p in seg)
            ops.append(("L", *p3) if (c1, c2) == (p0, p3) else ("C", *c1, *c2, *p3))
        ops.append(("Z",))
    return Path(tuple(ops), style)


def _rounded(p: Point) -> Point:
    return (round(p[0], 4), round(p[1], 4))


@cache
def _design(suit: Suit) -> tuple[list[Contour], tuple[float, float, float, float]]:
    """The suit's outline in its design box, and the bounds it really covers."""
    contours = _DESIGNS[suit]()
    return contours, _bounds(contours)


def suit_symbol(suit: Suit, cx: float, cy: float, size: float, style: Style) -> Path:
    """The suit's symbol centred on (cx, cy), its outline filling a `size` mm square."""
    contours, (x0, y0, x1, y1) = _design(suit)
    k = size / max(x1 - x0, y1 - y0)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    return _path(contours, lambda p: _rounded((cx + (p[0] - mx) * k, cy + (p[1] - my) * k)), style)


def ring(cx: float, cy: float, outer: float, inner: float, fill: str) -> Path:
    """A filled ring between two radii: one closed outline, so no seam shows where a stroked circle would end.

    The inner circle runs the other way round, which makes it a hole under either fill rule.
    """
    hole = _arc(cx, cy, inner, 2 * math.pi, 0.0)
    return _path([_circle(cx, cy, outer), hole], _rounded, Style(fill=fill))
