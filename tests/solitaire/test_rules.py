"""Pack Solitaire's rules in the engine: turning tiles, the three conditions, double counting, the deal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.pack_solitaire.codes import encode
from pnp.games.pack_solitaire.engine import LL, LR, UL, UR, Placement, classified_pairs, classify, facing_pairs, placed_squares, rotate, score_layout
from pnp.games.pack_solitaire.generate import deal
from pnp.games.pack_solitaire.solver.tables import Tables, quarter_turn
from pnp.piecepack.model import ALL_PIECES, Piece, Suit

P = Piece.parse


def sq(text: str | None) -> Piece | None:
    return None if text is None else P(text)


def test_quarter_turn_moves_squares_clockwise():
    ul, ur, ll, lr = P("nS"), P("aM"), P("2C"), None
    # At 90: lower-left goes to upper-left, upper-left to upper-right, upper-right to lower-right, lower-right to lower-left.
    assert rotate((ul, ur, ll, lr), 90) == (ll, ul, lr, ur)
    assert rotate((ul, ur, ll, lr), 180) == (lr, ll, ur, ul)
    assert rotate((ul, ur, ll, lr), 270) == (ur, lr, ul, ll)
    with pytest.raises(ValueError):
        rotate((ul, ur, ll, lr), 45)


@given(st.lists(st.sampled_from([None, *ALL_PIECES]), min_size=4, max_size=4), st.sampled_from([0, 90, 180, 270]))
def test_four_quarter_turns_are_a_full_turn(squares, deg):
    tile = tuple(squares)
    assert rotate(rotate(tile, deg), (360 - deg) % 360) == tile
    assert rotate(rotate(rotate(rotate(tile, 90), 90), 90), 90) == tile


@pytest.mark.parametrize(
    "a, b, kind",
    [
        ("3S", "3M", "match"),  # same rank, any suit
        (None, None, "match"),  # both empty
        ("5S", "nC", "sum5"),
        ("4A", "aM", "sum5"),
        ("3C", "2C", "sum5"),
        ("5S", None, "wild"),
        (None, "nA", "wild"),
        ("5S", "4S", "invalid"),  # same suit does not help
        ("nS", "aS", "invalid"),
    ],
)
def test_the_three_conditions(a, b, kind):
    assert classify(sq(a), sq(b)) == kind
    assert classify(sq(b), sq(a)) == kind


def test_each_match_counts_from_both_tiles():
    # Two tiles side by side: left's UR faces right's UL, left's LR faces right's LL.
    tiles = {1: (P("3S"), P("5M"), P("2C"), None), 2: (P("5A"), P("4S"), None, P("aC"))}
    layout = [[Placement(1), Placement(2), None, None]] + [[None] * 4 for _ in range(3)]
    result = score_layout(tiles, layout)
    # 5M faces 5A: a match; the empty LR faces the empty LL: a match. Two pairs, counted from both sides.
    assert result.pairs == {"match": 2, "sum5": 0, "wild": 0, "invalid": 0}
    assert result.score == 4 and result.tiles_placed == 2 and not result.violations


def test_vertical_neighbours_and_violations():
    tiles = {1: (P("3S"), P("5M"), P("2C"), P("4A")), 2: (P("4S"), P("2M"), P("nC"), None)}
    layout = [[Placement(1)] + [None] * 3, [Placement(2)] + [None] * 3] + [[None] * 4 for _ in range(2)]
    result = score_layout(tiles, layout)
    # Top's LL (2C) faces bottom's UL (4S): invalid; top's LR (4A) faces bottom's UR (2M): invalid.
    assert result.pairs["invalid"] == 2 and len(result.violations) == 2
    assert result.violations[0].cells == ((0, 0), (1, 0))


def test_deal_follows_the_setup():
    tiles = deal(42)
    assert sorted(tiles) == list(range(1, 17))
    assert all(t[3] is None and None not in t[:3] for t in tiles.values())  # lower-right left empty
    for ids in (range(1, 9), range(9, 17)):
        coins = sorted(c for i in ids for c in tiles[i][:3])
        assert coins == sorted(ALL_PIECES)  # each pack's 24 coins exactly once
    assert deal(42) == tiles and deal(43) != tiles


# --- which coins face which, at every edge of the grid -----------------------------------------------

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
