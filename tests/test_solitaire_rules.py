"""Pack Solitaire's rules in the engine: turning tiles, the three conditions, double counting, the deal."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.games.pack_solitaire.engine import Placement, classify, rotate, score_layout
from pnp.games.pack_solitaire.generate import deal
from pnp.piecepack.model import ALL_PIECES, Piece

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
