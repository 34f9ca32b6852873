"""Power Lines for piecepack on paper: a finished game as `pnp power-lines show` draws it.

The sixteen tiles are the piecepack's own faces (`piecepack.draw.tile_face`), laid edge to edge
as on the table, at true size where the grid and its marks fit the paper, else scaled alike
both ways (the page says by how much). Each of the ten power lines is marked where it ends:
rows on the right, columns below, the two diagonals by arrows at the right-hand corners, each
with the player it scores for and its points, as the scoring engine reckons them.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from pnp.core.layouts import sheet_layout
from pnp.core.printing import Print
from pnp.draw.figures import arrow
from pnp.draw.poster import GUARD
from pnp.draw.shapes import Anchor, Drawing, Line, Rect, Shape, Style, Text, group, scale
from pnp.draw.text import BOLD, MM_PER_PT, REGULAR, cap_height, wrap_cutting
from pnp.piecepack.draw import piecepack_layout, tile_face

from .engine import LineScore, Score
from .files import SIZE, Cell, Grid

INK, FAINT = "#1A1A1A", "#6B6B6B"
TITLE, NOTE, LABEL = 13.0, 8.5, 10.0  # pt
RIGHT = 24.0  # mm beside the grid for the rows' marks
BELOW = 9.0  # mm under it for the columns'
ABOVE = 8.0  # mm over it for the / diagonal's
DIAGONAL_GAP, DIAGONAL_ARROW = 0.8, 6.0  # mm from a corner to an arrow's tip and to its tail, across and down
SEAM = 0.35  # mm: a light line where two tiles meet, so tiles of one suit still read as tiles


@dataclass(frozen=True)
class Shown:
    page: Drawing
    scale: float  # of the tiles: 1.0 is true size


def mark(line: LineScore) -> str:
    """What a line's mark says: `suits 3`, `values 2`, or `none` when the matches are equal."""
    return "none" if line.scores_for == "none" else f"{line.scores_for} {line.points}"


def winner_text(result: Score) -> str:
    outcome = "a tie" if result.winner == "tie" else f"the {result.winner} player wins"
    return f"suits {result.suits}, values {result.values}: {outcome}"


def show_page(grid: Grid, result: Score, title: str, printing: Print, placed: Collection[Cell] | None = None) -> Shown:
    """One page of the print's paper: the heading, then the grid with every power line marked;
    with `placed`, a game under way: only those cells' tiles, and only complete lines marked."""
    sheet = sheet_layout()
    width, height = printing.size.width, printing.size.height
    margin = sheet.margin + GUARD  # inside the printable area, anti-aliased edges included
    room = width - 2 * margin
    tile = piecepack_layout().tile.size
    page = Drawing(width, height, title=title)
    y = margin
    lines = []
    for text, size, font in [*_heading(title, result, room, placed is not None), ("", NOTE, REGULAR)]:  # the last: the scale, one line
        y += cap_height(size, font)
        lines.append((text, size, font, y))
        y += 0.75 * size * MM_PER_PT
    k = min(1.0, (room - RIGHT) / (SIZE * tile), (height - margin - y - ABOVE - BELOW - 2.0) / (SIZE * tile))
    k = 1.0 if k >= 1 else float(f"{k:.3f}")  # drawn at the scale the page prints
    *heading, (_, size, font, scale_y) = lines
    page.add(*(Text(margin, at, text, size, font, INK) for text, size, font, at in heading))
    page.add(Text(margin, scale_y, scale_text(k, printing), size, font, INK))
    side = SIZE * tile * k
    left = margin + (room - side - RIGHT) / 2
    top = y + 2.0 + ABOVE
    page.add(*grid_shapes(grid, result, left, top, k, placed))
    table_top = top + side + BELOW + 6.0
    if table_top + TABLE_ROWS * TABLE_STEP <= height - margin:  # where the grid leaves room under it
        page.add(*table_shapes(result, margin, table_top, room))
    return Shown(page, k)


TABLE_STEP = 4.6  # mm from a table row to the next
TABLE_ROWS = 1 + 2 + SIZE  # a heading, then the rows (or columns) and a diagonal in each half
TABLE_COLUMNS: tuple[tuple[str, float, Anchor], ...] = (
    ("line", 0.0, "start"),
    ("suit match", 40.0, "end"),
    ("value match", 62.0, "end"),
    ("scores", 68.0, "start"),
)


def table_shapes(result: Score, left: float, top: float, width: float) -> list[Shape]:
    """Every line with its best suit match, its best value match and what it scores: the rows and
    the \\ diagonal in one half, the columns and the / diagonal in the other."""
    lines = {line.name: line for line in result.lines}
    halves = ([f"row {i + 1}" for i in range(SIZE)] + ["diagonal \\"], [f"column {i + 1}" for i in range(SIZE)] + ["diagonal /"])
    shapes: list[Shape] = []
    for h, names in enumerate(halves):
        x = left + h * width / 2
        y = top + cap_height(NOTE, BOLD)
        shapes += [Text(x + dx, y, head, NOTE, BOLD, INK, anchor) for head, dx, anchor in TABLE_COLUMNS]
        for name in names:
            y += TABLE_STEP
            line = lines.get(name)
            if line is None:  # a game under way: the line still has a gap
                shapes.append(Text(x, y, name, NOTE, REGULAR, FAINT))
                shapes.append(Text(x + TABLE_COLUMNS[-1][1], y, "not complete yet", NOTE, REGULAR, FAINT))
                continue
            cells = (name, str(line.suit_match), str(line.value_match), mark(line))
            font = REGULAR if line.scores_for == "none" else BOLD
            for (_, dx, anchor), text in zip(TABLE_COLUMNS, cells):
                shapes.append(Text(x + dx, y, text, NOTE, font if text == cells[-1] else REGULAR, INK, anchor))
    return shapes


def scale_text(k: float, printing: Print) -> str:
    if k >= 1:
        return "Tiles at true size (2 in, 50.8 mm): print at 100 %."
    return f"Tiles at {100 * k:.1f} % of true size: a 4 x 4 grid of 2 in tiles with its marks does not fit on {printing.paper.short} paper."


def so_far_text(result: Score) -> str:
    return f"suits {result.suits}, values {result.values} from the {len(result.lines)} complete lines so far"


def _heading(title: str, result: Score, room: float, under_way: bool) -> list[tuple[str, float, str]]:
    """The heading's lines as (text, size, font): the file, the outcome (or the score so far), what the marks mean."""
    lines = [(line, TITLE, BOLD) for line in wrap_cutting(title, BOLD, TITLE, room)]
    lines += [(so_far_text(result) if under_way else winner_text(result), LABEL, BOLD)]
    legend = (
        "Each power line is marked with the player it scores for and its points: rows on the right, columns below, "
        "the diagonals by the arrows at the right-hand corners; none: its best suit match and best value match are equal."
    )
    return lines + [(line, NOTE, REGULAR) for line in wrap_cutting(legend, REGULAR, NOTE, room)]


def grid_shapes(grid: Grid, result: Score, left: float, top: float, k: float, placed: Collection[Cell] | None = None) -> list[Shape]:
    """The tiles from (left, top), `k` times true size, and the ten lines' marks around them (with
    `placed`: those cells' tiles only, on the outline of the grid to come, and the complete lines' marks)."""
    tile = piecepack_layout().tile.size
    cell = tile * k
    side = SIZE * cell
    shapes: list[Shape] = []
    if placed is not None:
        shapes.append(Rect(left, top, side, side, Style(stroke=FAINT, stroke_width=SEAM, dash=(2.0, 2.0))))
    for r, row in enumerate(grid.rows):
        for c, piece in enumerate(row):
            if placed is None or (r, c) in placed:
                shapes.append(group(*tile_face(piece), at=(left + c * cell, top + r * cell), transform=scale(k)))
    seam = Style(stroke="#FFFFFF", stroke_width=SEAM)
    for i in range(1, SIZE):
        shapes += [Line(left + i * cell, top, left + i * cell, top + side, seam), Line(left, top + i * cell, left + side, top + i * cell, seam)]
    lines = {line.name: line for line in result.lines}
    for r in range(SIZE):
        if f"row {r + 1}" in lines:
            shapes.append(_label(lines[f"row {r + 1}"], left + side + 2.5, top + (r + 0.5) * cell, "start"))
    for c in range(SIZE):
        if f"column {c + 1}" in lines:
            shapes.append(_label(lines[f"column {c + 1}"], left + (c + 0.5) * cell, top + side + BELOW / 2, "middle"))
    # The diagonals: an arrow outside each right-hand corner, pointing along it into the grid.
    for name, (x, y), out in (("diagonal /", (left + side, top), -1), ("diagonal \\", (left + side, top + side), 1)):
        if name not in lines:
            continue
        tip, tail = (x + DIAGONAL_GAP, y + out * DIAGONAL_GAP), (x + DIAGONAL_ARROW, y + out * DIAGONAL_ARROW)
        shapes += arrow([tail, tip], INK, width=0.45, head=2.0)
        shapes.append(_label(lines[name], tail[0] + 1.0, tail[1], "start"))
    return shapes


def _label(line: LineScore, x: float, y: float, anchor: Anchor) -> Text:
    """A line's mark, centred on y."""
    font, ink = (REGULAR, FAINT) if line.scores_for == "none" else (BOLD, INK)
    return Text(x, y + cap_height(LABEL, font) / 2, mark(line), LABEL, font, ink, anchor)
