"""The Power Lines rule sheet's figure: the example grid's 16 tiles, each of its ten power lines
marked with what it scores, as the scoring engine reckons it."""

from __future__ import annotations

from pnp.core.printing import COLOUR
from pnp.core.textfile import shipped
from pnp.draw.figures import arrow
from pnp.draw.markdown import Figure
from pnp.draw.shapes import Anchor, Drawing, Line, Shape, Style, Text, group, scale
from pnp.draw.text import BOLD, REGULAR, cap_height, width_mm
from pnp.piecepack.draw import piecepack_layout, scheme, tile_face
from pnp.piecepack.model import SUITS
from pnp.piecepack.symbols import suit_symbol

from .engine import LineScore, score
from .files import SIZE, TILE_RULES, TILES, load_grid

EXAMPLE = "power-lines/example.grid"
CELL = 17.5  # mm: the tiles at about a third of their size
LABEL = 7.0  # pt
INK, FAINT = "#1A1A1A", "#7A7A7A"
DIAGONAL_GAP = 0.6  # mm from the grid's corner to an arrow's tip, across and down
DIAGONAL_ARROW = 4.8  # mm from the corner to its tail, likewise
KEY_HEIGHT = 6.0  # mm, the row of suits under the grid
SYMBOL = 3.6  # mm, a suit's symbol in that key


def sheet_context() -> dict[str, object]:
    """The tiles in play, from the rule engine's rules for a grid."""
    ranks = sorted({tile.rank for tile in TILES})
    return {"tiles": TILE_RULES.total.exactly, "ranks": f"{ranks[0]} to {ranks[-1]}", "lines": 2 * SIZE + 2, "size": SIZE}


def figures() -> dict[str, Figure]:
    grid = shipped(EXAMPLE, load_grid)
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
    for r in range(SIZE):
        shapes.append(_label(lines[f"row {r + 1}"], side + 1.5, top + (r + 0.5) * CELL, "start"))
    for c in range(SIZE):
        shapes.append(_label(lines[f"column {c + 1}"], (c + 0.5) * CELL, top + side + 4.0, "middle"))
    # The diagonals: an arrow at a corner, outside the grid, pointing along each; no line across the tiles' numerals.
    for name, corner, out in (("diagonal /", (side, top), -1), ("diagonal \\", (side, top + side), 1)):
        x, y = corner
        tip, tail = (x + DIAGONAL_GAP, y + out * DIAGONAL_GAP), (x + DIAGONAL_ARROW, y + out * DIAGONAL_ARROW)
        shapes += arrow([tail, tip], INK)
        shapes.append(_label(lines[name], tail[0] + 1.0, tail[1], "start"))
    key_top = top + side + below
    shapes += _suit_key(key_top, side + right)
    caption = (
        "The ten power lines of a finished game, each marked with the player it scores for and how many points: "
        f"suits {result.suits}, values {result.values}, so {_winner(result.winner)}. Each tile shows its value, and its suit by symbol "
        "and colour (the key below the grid); the two arrows at the corners point along the diagonals. "
        "A line whose best suit group and best value group are equal scores nothing."
    )
    return {"lines": Figure(Drawing(side + right, key_top + KEY_HEIGHT, shapes), caption)}


def _suit_key(y: float, width: float) -> list[Shape]:
    """The four suits in a row, each symbol in its colour with its name."""
    sch = scheme(COLOUR)
    names = [(suit, suit.name.lower()) for suit in SUITS]
    slot = width / len(names)
    shapes: list[Shape] = []
    mid = y + KEY_HEIGHT / 2
    for i, (suit, word) in enumerate(names):
        w = SYMBOL + 1.0 + width_mm(word, REGULAR, LABEL)
        x = i * slot + (slot - w) / 2
        shapes.append(suit_symbol(suit, x + SYMBOL / 2, mid, SYMBOL, Style(fill=sch.suit(suit))))
        shapes.append(Text(x + SYMBOL + 1.0, mid + cap_height(LABEL) / 2, word, LABEL, REGULAR, INK))
    return shapes


def _label(line: LineScore, x: float, y: float, anchor: Anchor) -> Text:
    """What a line scores, centred on y: `suits 3`, `values 2` or `none`."""
    if line.scores_for == "none":
        text, font, ink = "none", REGULAR, FAINT
    else:
        text, font, ink = f"{line.scores_for} {line.points}", BOLD, INK
    return Text(x, y + cap_height(LABEL, font) / 2, text, LABEL, font, ink, anchor)


def _winner(winner: str) -> str:
    return "a tie" if winner == "tie" else f"{winner} win"
