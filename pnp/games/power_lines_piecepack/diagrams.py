"""The Power Lines rule sheet's figure: the example grid's 16 tiles, each of its ten power lines
marked with what it scores, as the scoring engine reckons it."""

from __future__ import annotations

from ...draw.markdown import Figure
from ...draw.shapes import Drawing, Line, Shape, Style, Text, group, scale
from ...draw.text import BOLD, REGULAR, cap_height
from ...piecepack.draw import piecepack_layout, tile_face
from ...resources import deck_file
from .engine import LineScore, score
from .files import SIZE, TILE_RULES, TILES, Grid, parse_grid

EXAMPLE = "power-lines/example.grid"
CELL = 17.5  # mm: the tiles at about a third of their size
LABEL = 7.0  # pt
INK, FAINT = "#1A1A1A", "#7A7A7A"


def example_grid() -> Grid:
    grid, problems = parse_grid(deck_file(EXAMPLE).read_text(encoding="utf-8"))
    if grid is None or problems:
        raise RuntimeError(f"{EXAMPLE} is broken: {problems}")
    return grid


def sheet_context() -> dict[str, object]:
    """The tiles in play, from the rule engine's rules for a grid."""
    ranks = sorted({tile.rank for tile in TILES})
    return {"tiles": TILE_RULES.total.exactly, "ranks": f"{ranks[0]} to {ranks[-1]}", "lines": 2 * SIZE + 2, "size": SIZE}


def figures() -> dict[str, Figure]:
    grid = example_grid()
    result = score(grid)
    lines = {line.name: line for line in result.lines}
    side = SIZE * CELL
    top, right, below = 6.0, 17.0, 7.0  # room for the labels
    k = CELL / piecepack_layout().tile.size
    shapes: list[Shape] = []
    for r, row in enumerate(grid.rows):
        for c, tile in enumerate(row):
            shapes.append(group(*tile_face(tile), at=(c * CELL, top + r * CELL), transform=scale(k)))
    seam = Style(stroke="#FFFFFF", stroke_width=0.4)  # tiles side by side still read as tiles
    for i in range(1, SIZE):
        shapes += [Line(i * CELL, top, i * CELL, top + side, seam), Line(0, top + i * CELL, side, top + i * CELL, seam)]
    diagonal = Style(stroke=INK, stroke_width=0.35, dash=(1.2, 0.8))
    shapes += [Line(0, top, side, top + side, diagonal), Line(0, top + side, side, top, diagonal)]
    for r in range(SIZE):
        shapes.append(_label(lines[f"row {r + 1}"], side + 1.5, top + (r + 0.5) * CELL, "start"))
    for c in range(SIZE):
        shapes.append(_label(lines[f"column {c + 1}"], (c + 0.5) * CELL, top + side + 4.0, "middle"))
    shapes.append(_label(lines["diagonal /"], side + 1.5, top - 1.5, "start", "/ "))
    shapes.append(_label(lines["diagonal \\"], side + 1.5, top + side + 4.0, "start", "\\ "))
    caption = (
        "The ten power lines of a finished game, each marked with the player it scores for and how many points: "
        f"suits {result.suits}, values {result.values}, so {_winner(result.winner)}. Diagonals are dashed; "
        "a line whose best suit group and best value group are equal scores nothing."
    )
    return {"lines": Figure(Drawing(side + right, top + side + below, shapes), caption)}


def _label(line: LineScore, x: float, y: float, anchor: str, prefix: str = "") -> Text:
    """What a line scores, centred on y: `suits 3`, `values 2` or `none`."""
    if line.scores_for == "none":
        text, font, ink = f"{prefix}none", REGULAR, FAINT
    else:
        text, font, ink = f"{prefix}{line.scores_for} {line.points}", BOLD, INK
    return Text(x, y + cap_height(LABEL, font) / 2, text, LABEL, font, ink, anchor)  # type: ignore[arg-type]


def _winner(winner: str) -> str:
    return "a tie" if winner == "tie" else f"{winner} win"
