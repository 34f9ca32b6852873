"""The Pack Solitaire rule sheet's figure: the three ways facing squares may meet, each on the
edge of two tiles as the deal sheets draw them, named by the rules engine's own test."""

from __future__ import annotations

from pnp.draw.markdown import Figure
from pnp.draw.shapes import Drawing, Rect, Shape, Style, Text, group, scale
from pnp.draw.text import BOLD, REGULAR, cap_height
from pnp.piecepack.draw import piecepack_layout
from pnp.piecepack.model import Piece, Suit

from .draw import dealt_tile
from .engine import LL, LR, SIZE, UL, UR, Kind, Placement, Tile, classify, facing_pairs, score_layout
from .files import ID_RULES, PACK_RULES, PACKS, SQUARE_RULES

S, M, C, A = Suit("S"), Suit("M"), Suit("C"), Suit("A")
# Pairs of tiles, each with its empty square where turning a dealt tile may put it; the left
# tile's right edge meets the right tile's left edge.
PAIRS: tuple[tuple[Tile, Tile], ...] = (
    ((Piece(2, S), Piece(3, M), Piece(4, C), None), (Piece(3, C), Piece(5, S), None, Piece(0, M))),
    ((None, Piece(4, S), Piece(2, C), Piece(5, M)), (Piece(1, C), Piece(3, S), Piece(0, A), None)),
    ((Piece(5, S), None, Piece(1, A), Piece(2, M)), (Piece(4, C), Piece(2, S), None, Piece(3, M))),
)
NAMES: dict[Kind, str] = {"match": "1. Match", "sum5": "2. Make five", "wild": "3. Wild"}
SAYS: dict[Kind, str] = {"match": "a match", "sum5": "5 together", "wild": "one is empty"}
TILE = 19.0  # mm: the tiles at three eighths of their size
SPLIT = 1.2  # between the two tiles of a pair, so each reads as a tile
GAP = 4.0
EDGE = Style(stroke="#1A1A1A", stroke_width=0.3)
FACING = Style(stroke="#C0392B", stroke_width=0.5)
LABEL = 7.5  # pt
RANK_WORDS = {0: "null", 1: "ace"}


def _square(square: Piece | None) -> str:
    return "empty" if square is None else RANK_WORDS.get(square.rank, str(square.rank))


def sheet_context() -> dict[str, object]:
    """The pieces, from the rules engine's rules for a tile set; points for one match and the facing pairs of a full grid, as the engine scores them."""
    left, right = PAIRS[0]
    both_match = score_layout({1: left, 2: right}, [[Placement(1), Placement(2)], [None, None]])
    return {
        "tiles": ID_RULES.total.exactly,
        "size": SIZE,
        "coins": PACK_RULES.total.exactly,
        "per_pack": len(PACKS["first"]),
        "per_tile": SQUARE_RULES.copies.min["coin"],
        "match_points": both_match.score // both_match.pairs["match"],
        "grid_pairs": len(facing_pairs()),
    }


def figures() -> dict[str, Figure]:
    k = TILE / piecepack_layout().tile.size
    shapes: list[Shape] = []
    text_x = 2 * TILE + SPLIT + 3.0
    for i, (left, right) in enumerate(PAIRS):
        top = 1.0 + i * (TILE + GAP)  # 1 mm clear for the red frame
        for x, tile in ((0.0, left), (TILE + SPLIT, right)):
            shapes.append(group(*dealt_tile(0, tile, numbered=False), at=(x, top), transform=scale(k)))
            shapes.append(Rect(x, top, TILE, TILE, EDGE))
        # The squares that face each other across the shared side.
        shapes.append(Rect(TILE / 2 - 0.6, top - 0.6, TILE + SPLIT + 1.2, TILE + 1.2, FACING, radius=1.0))
        facing = [(left[UR], right[UL]), (left[LR], right[LL])]
        (kind,) = {classify(a, b) for a, b in facing}  # both pairs of an edge show the same way
        lines = [f"{_square(a)} and {_square(b)}: {SAYS[kind]}" for a, b in facing]
        y = top + TILE / 2 - 2.5
        shapes.append(Text(text_x, y, NAMES[kind], LABEL, BOLD))
        for n, line in enumerate(lines, 1):
            shapes.append(Text(text_x, y + n * 1.5 * cap_height(LABEL) + 1.2 * n, line, LABEL - 0.5, REGULAR))
    width = text_x + 36.0
    caption = (
        "Two tiles side by side: the squares in the red frame face each other in two pairs, "
        "and each pair must meet in one of the three ways. Only a match scores. The circles are coins with their values "
        "(A the ace, the struck-through ring the null); a coin's small triangle shows which way it faces; a square without a coin is empty."
    )
    return {"conditions": Figure(Drawing(width, 3 * TILE + 2 * GAP + 2.0, shapes), caption)}
