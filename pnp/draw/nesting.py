"""Nesting: pieces that carry their own cut line (nets), packed in rows across the paper.

Each outline is read as its left and right edges in horizontal strips of STRIP mm; a piece
clears another when, in every strip, it starts right of the other's edge grown by the gap
(grown as a disc, so sloping edges keep `gap` mm apart too).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from pnp.core.diagnostics import PnpError
from pnp.core.layouts import sheet_layout
from pnp.core.printing import Print

from .shapes import Drawing, group, rotate
from .sheets import Component, Designs, Point, caption_top, page_caption

STRIP = 0.1  # mm, the height of the strips outlines are read in
CLEAR = 0.5  # mm more than the side margins that nested rows leave free
COARSE = 5  # strips between the lowerings tried first


def nest_rows(components: Sequence[Component], printing: Print, gap: float, caption: str = "") -> list[Drawing]:
    """Pieces that carry their own cut line (nets), in rows across the paper, no marks, no backs.

    A row holds pieces of one size, every other one turned half round, so that each fits into
    its neighbours' gaps (the outlines stay `gap` mm apart); each row goes on the first page
    with room for it, so pieces of several sizes share pages. A page's rows stand centred
    between the margin and the caption."""
    lay = sheet_layout()
    paper = printing.size
    # Half a millimetre more than the side margins: a sloping cut line's ink stays clear of them.
    room_w = paper.width - 2 * (lay.margin + CLEAR)
    top, bottom = lay.margin, caption_top(printing) if caption else paper.height - lay.margin
    runs: list[list[Component]] = []  # pieces of one shape, one after the other
    for comp in components:
        shape = (comp.width, comp.height, comp.outline)
        if runs and (runs[-1][0].width, runs[-1][0].height, runs[-1][0].outline) == shape:
            runs[-1].append(comp)
        else:
            runs.append([comp])
    rows: list[tuple[_Nest, list[Component]]] = []
    for run in runs:
        w, h = run[0].width, run[0].height
        if w > room_w or h > bottom - top:
            raise PnpError(f"a piece does not fit on {printing.paper} paper inside the {lay.margin:g} mm margin", exit_code=2)
        nest = _nest(w, h, run[0].outline or _box(w, h), gap, room_w, len(run))
        rows += [(nest, run[i : i + nest.count]) for i in range(0, len(run), nest.count)]
    filled: list[float] = []  # per page, the height its rows take so far
    placed: list[list[tuple[_Nest, list[Component]]]] = []
    for nest, row in rows:
        h = nest.row_height(len(row))
        page = next((i for i, used in enumerate(filled) if used + gap + h <= bottom - top), None)
        if page is None:
            page = len(filled)
            filled.append(-gap)
            placed.append([])
        placed[page].append((nest, row))
        filled[page] += gap + h
    designs = Designs()
    pages = []
    for number, page_rows in enumerate(placed, 1):
        title = f"{caption} - sheet {number} of {len(placed)}" if caption else ""
        sheet = Drawing(paper.width, paper.height, title=title)
        y = top + (bottom - top - filled[number - 1]) / 2
        for nest, row in page_rows:
            x0 = (paper.width - nest.row_width(len(row))) / 2
            for i, comp in enumerate(row):
                w, h = comp.width, comp.height
                art = designs.place(comp.front, comp.front_key, 0.0, w, h, 0.0, 0.0)
                x, dy = x0 + nest.xs[i], y - nest.top(len(row)) + (nest.dy if i % 2 else 0.0)
                sheet.add(group(art, at=(x, dy), transform=rotate(180, w / 2, h / 2)) if i % 2 else group(art, at=(x, dy)))
            y += nest.row_height(len(row)) + gap
        if caption:
            sheet.add(page_caption(title, printing))
        pages.append(sheet)
    return pages


@dataclass(frozen=True)
class _Nest:
    """How pieces of one outline line up in a row: piece i at xs[i], every odd one turned
    half round and lowered by dy (raised if negative)."""

    xs: tuple[float, ...]
    dy: float
    width: float  # of one piece's cut box
    height: float

    @property
    def count(self) -> int:
        return len(self.xs)

    def row_width(self, n: int) -> float:
        return self.xs[n - 1] + self.width

    def row_height(self, n: int) -> float:
        return self.height + (abs(self.dy) if n > 1 else 0.0)

    def top(self, n: int) -> float:
        """The row's highest point, relative to the top of its upright pieces' boxes."""
        return min(0.0, self.dy) if n > 1 else 0.0


def _box(w: float, h: float) -> tuple[Point, ...]:
    return ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))


def _edges(outline: tuple[Point, ...], h: float) -> tuple[list[float], list[float]]:
    """The outline's leftmost and rightmost x in each strip (inf and -inf where it has none).

    Strip k spans y from (k - 1/2) to (k + 1/2) strips; each edge counts with every point it
    has in a strip, so nothing between two strips' centres is missed."""
    n = int(math.ceil(h / STRIP)) + 1
    left, right = [math.inf] * n, [-math.inf] * n
    points = list(outline) + [outline[0]]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        lo, hi = min(y1, y2), max(y1, y2)
        for k in range(max(0, int((lo / STRIP) - 0.5)), min(n - 1, int(math.ceil(hi / STRIP + 0.5))) + 1):
            a, b = max(lo, (k - 0.5) * STRIP), min(hi, (k + 0.5) * STRIP)
            if a > b:
                continue
            xs = (x1, x2) if y1 == y2 else tuple(x1 + (x2 - x1) * (y - y1) / (y2 - y1) for y in (a, b))
            left[k], right[k] = min(left[k], *xs), max(right[k], *xs)
    return left, right


def _grown(right: list[float], gap: float) -> list[float]:
    """A right edge pushed out by `gap` in every direction."""
    reach = int(gap / STRIP)
    grown = []
    for k in range(len(right)):
        best = -math.inf
        for t in range(-reach, reach + 1):
            if 0 <= k + t < len(right) and right[k + t] > -math.inf:
                best = max(best, right[k + t] + math.sqrt(max(0.0, gap * gap - (t * STRIP) ** 2)))
        grown.append(best)
    return grown


def _shift(right: list[float], left: list[float], steps: int) -> float:
    """How far right a piece (left edges `left`, lowered by `steps` strips) must stand to clear `right`."""
    # Strip k of `right` meets strip k - steps of `left`; a strip either leaves empty gives -inf.
    lo, hi = max(0, steps), min(len(right), len(left) + steps)
    return max(map(operator.sub, right[lo:hi], left[lo - steps : hi - steps]), default=-math.inf)


@cache
def _nest(w: float, h: float, outline: tuple[Point, ...], gap: float, room: float, pieces: int) -> _Nest:
    """The row pattern (how far the turned pieces are lowered, and where each stands) that
    lays `pieces` pieces, rows of `room` mm, in the least height."""
    # Read in a frame with room for the gap above and below, so pieces also keep it vertically.
    upright = _edges(tuple((x, y + gap) for x, y in outline), h + 2 * gap)
    turned = _edges(tuple((w - x, h - y + gap) for x, y in outline), h + 2 * gap)
    sides = (upright, turned)
    grown = (_grown(upright[1], gap), _grown(turned[1], gap))
    best: _Nest | None = None

    def lowered(steps: int) -> _Nest:
        """The row with the turned pieces lowered by `steps` strips, each piece as far left as it goes."""
        # How far a piece stands right of another depends only on which of them is turned.
        clear = {(a, b): max(0.0, _shift(grown[a], sides[b][0], (b - a) * steps)) for a in (0, 1) for b in (0, 1)}
        xs = [0.0]
        while True:
            i = len(xs)
            x = max(xs[j] + clear[j % 2, i % 2] for j in range(i))
            if x + w > room + 1e-9:
                return _Nest(tuple(xs), steps * STRIP, w, h)
            xs.append(x)

    def better(nest: _Nest, than: _Nest | None) -> bool:
        key = (round(_total(nest, pieces, gap), 6), abs(nest.dy))
        return than is None or key < (round(_total(than, pieces, gap), 6), abs(than.dy))

    # Every COARSE strips first, then every strip around the best of those.
    limit = int(h / STRIP)
    for steps in range(-limit, limit + 1, COARSE):
        if better(nest := lowered(steps), best):
            best = nest
    assert best is not None
    around = round(best.dy / STRIP)
    for steps in range(around - COARSE + 1, around + COARSE):
        if better(nest := lowered(steps), best):
            best = nest
    assert best is not None
    return best


def _total(nest: _Nest, pieces: int, gap: float) -> float:
    """The height `pieces` pieces take in rows of this pattern."""
    full, rest = divmod(pieces, nest.count)
    return full * (nest.row_height(nest.count) + gap) + (nest.row_height(rest) + gap if rest else 0.0)
