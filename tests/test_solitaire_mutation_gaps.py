"""Pack Solitaire: rules the mutation run (issue 22) found unpinned.

From the rules: 16 tiles go into a 4 x 4 grid; tiles that touch orthogonally (diagonals
are not checked) are checked coin against facing coin. Left of right: the left tile's
upper-right square faces the right tile's upper-left, lower-right faces lower-left. Above
and below: the upper tile's lower-left faces the lower tile's upper-left, lower-right faces
upper-right.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.pack_solitaire.codes import encode
from pnp.games.pack_solitaire.engine import LL, LR, UL, UR, Placement, classified_pairs, facing_pairs, placed_squares, score_layout
from pnp.games.pack_solitaire.solver.tables import Tables, quarter_turn
from pnp.piecepack.model import Piece, Suit

P = Piece.parse
TILES = {1: (P("3S"), P("5M"), P("2C"), None), 2: (P("4A"), P("4S"), None, P("aC"))}


def empty(size: int = 4) -> list[list[Placement | None]]:
    return [[None] * size for _ in range(size)]


def test_facing_pairs_of_a_two_by_two_board():
    assert facing_pairs(2) == [
        ((0, 0), UR, (0, 1), UL),
        ((0, 0), LR, (0, 1), LL),
        ((0, 0), LL, (1, 0), UL),
        ((0, 0), LR, (1, 0), UR),
        ((0, 1), LL, (1, 1), UL),
        ((0, 1), LR, (1, 1), UR),
        ((1, 0), UR, (1, 1), UL),
        ((1, 0), LR, (1, 1), LL),
    ]


def test_facing_pairs_of_the_four_by_four_board():
    pairs = facing_pairs()
    expected = set()
    for r in range(4):
        for c in range(4):
            if c < 3:  # a neighbour to the right
                expected |= {((r, c), UR, (r, c + 1), UL), ((r, c), LR, (r, c + 1), LL)}
            if r < 3:  # a neighbour below
                expected |= {((r, c), LL, (r + 1, c), UL), ((r, c), LR, (r + 1, c), UR)}
    # 12 touching sides across, 12 down, two facing pairs each; nothing off the board.
    assert len(pairs) == 48
    assert set(pairs) == expected
    assert all(0 <= x < 4 for a, _, b, _ in pairs for x in (*a, *b))


def test_a_single_tile_faces_nothing():
    assert facing_pairs(1) == []
    assert facing_pairs(0) == []


def test_tiles_at_the_edge_face_only_each_other():
    # Two tiles side by side in the bottom right corner: 2 facing pairs, nothing below or right.
    layout = empty()
    layout[3][2], layout[3][3] = Placement(1), Placement(2)
    pairs = classified_pairs(TILES, layout)
    assert [(p.cell_a, p.square_a, p.cell_b, p.square_b) for p in pairs] == [((3, 2), UR, (3, 3), UL), ((3, 2), LR, (3, 3), LL)]


@pytest.mark.parametrize(
    "layout",
    [
        [[None] * 3 for _ in range(4)],  # 4 rows of 3
        [[None] * 4 for _ in range(3)],  # 3 rows of 4
        [[None] * 4, [None] * 4, [None] * 3, [None] * 4],  # one short row
        [[None] * 4, [None] * 4, [None] * 4, [None] * 5],  # one long row
    ],
)
def test_a_layout_that_is_not_square_is_refused(layout):
    with pytest.raises(ValueError, match="square"):
        placed_squares(TILES, layout)
    with pytest.raises(ValueError, match="square"):
        score_layout(TILES, layout)


def test_an_unknown_tile_is_refused_with_its_cell():
    layout = empty()
    layout[0][0] = Placement(1)
    layout[1][2] = Placement(99)
    with pytest.raises(ValueError, match=r"cell \(1, 2\) holds unknown tile 99"):
        placed_squares(TILES, layout)
    with pytest.raises(ValueError, match=r"cell \(1, 2\) holds unknown tile 99"):
        score_layout(TILES, layout)


def test_a_broken_pair_names_its_squares_in_order():
    # Tile 1's UR (5M) faces tile 2's UL (4A): 5 and 4 neither match nor sum to 5.
    # Tile 1's LR (empty) faces tile 2's LL (empty): a match, 2 points.
    layout = empty()
    layout[2][1], layout[2][2] = Placement(1), Placement(2)
    result = score_layout(TILES, layout)
    assert (result.tiles_placed, result.pairs, result.score) == (2, {"match": 1, "sum5": 0, "wild": 0, "invalid": 1}, 2)
    [violation] = result.violations
    assert violation.cells == ((2, 1), (2, 2))
    assert violation.squares == ("5M", "4A")
    assert violation.message.startswith("5M faces 4A: ")


# The Python solver's pair scores (solver/tables.py) against the rules engine: two tiles side
# by side, or one above the other, in every turn, score the matching pairs between them
# (each once: the solver counts pairs, the rules count points from both tiles), and a
# broken pair makes the score negative.

SQUARES = [None, *(Piece(rank, suit) for rank in range(6) for suit in (Suit.SUNS, Suit.MOONS))]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(SQUARES), min_size=8, max_size=8))
def test_the_solvers_pair_scores_agree_with_the_rules(squares):
    tiles = {1: tuple(squares[:4]), 2: tuple(squares[4:])}
    tables = Tables([encode(tiles[1]), encode(tiles[2])], quads=False)
    m = 4 * 2
    for qa in range(4):
        for qb in range(4):
            a, b = qa, 4 + qb  # oriented tiles: 4 * tile + quarter turns
            for across, table in ((True, tables.h), (False, tables.v)):
                layout = empty()
                layout[0][0] = Placement(1, 90 * qa)
                if across:
                    layout[0][1] = Placement(2, 90 * qb)
                else:
                    layout[1][0] = Placement(2, 90 * qb)
                result = score_layout(tiles, layout)
                got = table[a * m + b]
                if result.violations:
                    assert got < 0
                else:
                    assert got == result.pairs["match"] == result.score // 2


def test_a_quarter_turn_of_an_oriented_tile_stays_on_its_tile():
    # Oriented tile 4 * t + q: tile t after q quarter turns; four turns come back round.
    assert [quarter_turn(o) for o in range(8)] == [1, 2, 3, 0, 5, 6, 7, 4]
