"""The Paint the Line rule sheet's figures, seen from above: the movement board set up (from
the set-up data) and the rules' scoring example (decks/paint-the-line/example.board, scored by
the engine), its groups joined by bars."""

from __future__ import annotations

from pnp.core.textfile import shipped
from pnp.draw.markdown import Figure
from pnp.draw.shapes import Circle, Drawing, Line, Rect, Shape, Style, Text
from pnp.draw.text import BOLD, cap_height

from .draw import BLOCKED_FILL, INK, Colour, paint_layout
from .engine import BLOCKED, COLS, ROWS, SETUP, SIZES, TRIOS, Pyramid, groups, score, tops
from .files import load_board

EXAMPLE = "paint-the-line/example.board"
CELL = 12.0  # mm: a space of the figures
NUMBER = 7.0  # pt


def sheet_context() -> dict[str, object]:
    """The colours in play (named by the layout, numbered as the set-up numbers them) and the set-up rows."""
    colours = [c.name for c in paint_layout().colours]
    return {
        "colours": colours,
        "trios": TRIOS,
        "setup": [", ".join(str(n) for n in row) for row in SETUP],
        "rows": ROWS,
        "cols": COLS,
        "blocked": [_ordinal(c + 1) for _, c in sorted(BLOCKED)],
        "sizes": [SIZES[p] for p in sorted(SIZES)],
    }


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def figures() -> dict[str, Figure]:
    return {"setup": setup_figure(), "example": example_figure()}


def _colour(name: str) -> Colour:
    return next(c for c in paint_layout().colours if c.name == name)


def _pyramid(cx: float, cy: float, pips: int, colour: Colour) -> list[Shape]:
    """A pyramid seen from above: its square base, the four faces meeting at the apex."""
    half = CELL * 0.42 * (0.5 + pips / 6)  # small, medium, large: 0.5, 0.67, 0.83 of the largest
    edge = Style(fill=colour.fill, stroke=INK, stroke_width=0.2)
    ridge = Style(stroke=INK, stroke_width=0.15)
    return [
        Rect(cx - half, cy - half, 2 * half, 2 * half, edge),
        Line(cx - half, cy - half, cx + half, cy + half, ridge),
        Line(cx + half, cy - half, cx - half, cy + half, ridge),
    ]


def _grid(rows: int, cols: int, top: float) -> list[Shape]:
    style = Style(stroke=INK, stroke_width=0.35)
    return [
        Rect(0, top, cols * CELL, rows * CELL, style),
        *(Line(c * CELL, top, c * CELL, top + rows * CELL, style) for c in range(1, cols)),
        *(Line(0, top + r * CELL, cols * CELL, top + r * CELL, style) for r in range(1, rows)),
    ]


def setup_figure() -> Figure:
    lay = paint_layout()
    shapes: list[Shape] = []
    for r, row in enumerate(SETUP):
        for c, number in enumerate(row):
            colour = lay.colours[number - 1]
            cx, cy = (c + 0.5) * CELL, (r + 0.5) * CELL
            for pips in sorted(SIZES, reverse=True):  # a tree: large, then medium, then small on top
                shapes += _pyramid(cx, cy, pips, colour)
            shapes += _badge(cx, cy, str(number))
    shapes += _grid(len(SETUP), COLS, 0.0)
    names = ", ".join(f"{n} {c.name}" for n, c in enumerate(lay.colours, 1))
    caption = (
        "The movement board set up, seen from above: a tree on every space, its large, medium and small pyramids "
        f"the three nested squares, their ridges the crossing lines. The number on top is the tree's colour: {names}."
    )
    return Figure(Drawing(COLS * CELL, len(SETUP) * CELL, shapes), caption)


def _badge(cx: float, cy: float, text: str) -> list[Shape]:
    """A number on a white disc over the pyramids' ridges, so no line crosses it."""
    return [
        Circle(cx, cy, cap_height(NUMBER, BOLD) * 0.95, Style(fill="#FFFFFF", stroke=INK, stroke_width=0.15)),
        Text(cx, cy + cap_height(NUMBER, BOLD) / 2, text, NUMBER, BOLD, INK, "middle"),
    ]


def example_figure() -> Figure:
    board = shipped(EXAMPLE, load_board)
    top = tops(board)
    shapes: list[Shape] = []
    for r, c in sorted(BLOCKED):
        x, y = c * CELL, r * CELL
        cross = Style(stroke=INK, stroke_width=0.3)
        shapes += [Rect(x, y, CELL, CELL, Style(fill=BLOCKED_FILL)), Line(x, y, x + CELL, y + CELL, cross), Line(x + CELL, y, x, y + CELL, cross)]
    # Bars between the members of a group, under the pyramids: what joins, and so what scores together.
    for g in groups(board):
        bar = Style(stroke=_colour(g.colour).fill, stroke_width=2.2)
        for a in g.cells:
            for b in g.cells:
                if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
                    shapes.append(Line((a[1] + 0.5) * CELL, (a[0] + 0.5) * CELL, (b[1] + 0.5) * CELL, (b[0] + 0.5) * CELL, bar))
    for (r, c), pyramid in sorted(top.items()):
        shapes += _top(pyramid, (c + 0.5) * CELL, (r + 0.5) * CELL)
    shapes += _grid(ROWS, COLS, 0.0)
    result = score(board)
    sums = {cs.colour: f"{cs.colour} {' + '.join(str(g.points) for g in cs.groups)} = {cs.points}" for cs in result.colours}
    players = " ".join(f"Player {p.player}: {sums[p.colours[0]]}, {sums[p.colours[1]]}, total {p.score}." for p in result.players)
    caption = (
        "The rules' scoring example: the top pyramid of each space, seen from above, larger the more pips it has, its pips "
        f"the number on it; bars join the pyramids of a group; the two shaded, crossed spaces are out of play. {players} "
        + (f"Player {result.winner} wins." if result.winner else "A draw.")
    )
    return Figure(Drawing(COLS * CELL, ROWS * CELL, shapes), caption)


def _top(pyramid: Pyramid, cx: float, cy: float) -> list[Shape]:
    return [*_pyramid(cx, cy, pyramid.pips, _colour(pyramid.colour)), *_badge(cx, cy, str(pyramid.pips))]
