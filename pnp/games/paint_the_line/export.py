"""What `pnp export tts` makes of Paint the Line: its two boards and the 36 Looney Pyramids."""

from __future__ import annotations

from functools import partial

from pnp.contract.pieces import Image, Table
from pnp.core.tts import custom_board, custom_model, pyramid_obj
from pnp.draw.shapes import Rect, Shape, Style

from .draw import PAPER, movement_board, paint_layout, scoring_board
from .engine import COLS, ROWS, SETUP

TTS_DPI = 150
MARGIN = 8.0  # mm of paper round each board: room for its coordinates
TREES = 3  # trees of each colour: 12 spaces, 4 colours


def _board(shapes, rows: int) -> list[Shape]:
    sq = paint_layout().square
    return [Rect(0, 0, COLS * sq + 2 * MARGIN, rows * sq + 2 * MARGIN, Style(fill=PAPER)), *shapes(MARGIN, MARGIN)]


def _size(rows: int) -> tuple[float, float]:
    sq = paint_layout().square
    return COLS * sq + 2 * MARGIN, rows * sq + 2 * MARGIN


def table() -> Table:
    """The movement board with the scoring board beyond it, both at true size, and beside them the
    pyramids as models, sorted by colour and size: each space of the movement board names the tree
    to stand there. (Stacked trees would topple: a model's collider is its solid pyramid.)"""
    lay = paint_layout()
    move, score = _size(len(SETUP)), _size(ROWS)
    images = [
        Image("movement-board", *move, partial(_board, movement_board, len(SETUP)), TTS_DPI),
        Image("scoring-board", *score, partial(_board, scoring_board, ROWS), TTS_DPI),
    ]
    meshes = {f"pyramid-{name}.obj": pyramid_obj(size.base, size.height) for name, size in lay.pyramids.items()}

    def objects(url) -> list[dict]:
        placed = [
            custom_board("Movement board", url("movement-board.png"), move, (0.0, 0.0)),
            custom_board("Scoring board", url("scoring-board.png"), score, (0.0, (move[1] + score[1]) / 2 + 20.0)),
        ]
        x0 = move[0] / 2 + 30.0
        for c, colour in enumerate(lay.colours):
            for s, (name, _size) in enumerate(lay.pyramids.items()):
                for k in range(TREES):
                    at = (x0 + (s * TREES + k) * 30.0, -move[1] / 2 + c * 35.0)
                    placed.append(custom_model(f"{colour.name} {name}", url(f"pyramid-{name}.obj"), colour.fill, at))
        return placed

    return Table(images, objects, meshes)
