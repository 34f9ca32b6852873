"""The Python solver's tables (solver/tables.py) against the rules (issue 22: mutation gaps).

From the rules: tiles that touch orthogonally (diagonals are not checked) are checked coin
against facing coin; a pair is valid if the ranks match (condition #1, 1 point), sum to 5
(#2) or one square is empty (#3); only #1 scores. The solver splits the 4 x 4 grid into four
2 x 2 quadrants: for every 4-tile set it lists each valid 2 x 2 arrangement with its inner
score (the matching pairs between the four tiles), and bounds the search with them.
Oriented tile 4 * t + q is tile t (0-based) after q quarter turns clockwise.
"""

from __future__ import annotations

import itertools

from pnp.games.pack_solitaire.codes import encode
from pnp.games.pack_solitaire.engine import Placement, score_layout
from pnp.games.pack_solitaire.solver.tables import Tables
from pnp.piecepack.model import Piece

P = Piece.parse

# Four tiles as the set-up builds them: three coins (UL, UR, LL) and the lower right empty.
FOUR = {
    1: (P("nM"), P("4S"), P("5M"), None),
    2: (P("5M"), P("nS"), P("aM"), None),
    3: (P("nS"), P("3S"), P("5M"), None),
    4: (P("3S"), P("3C"), P("4M"), None),
}


def blocks_by_the_rules(tiles: dict) -> dict[int, set[tuple[int, int, int, int, int]]]:
    """Every valid 2 x 2 block of every 4-tile set, scored by the rules engine: mask ->
    {(matching pairs, TL, TR, BL, BR as oriented tiles)}."""
    ids = sorted(tiles)
    found: dict[int, set] = {}
    for four in itertools.combinations(ids, 4):
        mask = sum(1 << (ids.index(t)) for t in four)
        for order in itertools.permutations(four):
            for qs in itertools.product(range(4), repeat=4):
                (tl, tr, bl, br) = (Placement(t, 90 * q) for t, q in zip(order, qs))
                result = score_layout(tiles, [[tl, tr], [bl, br]])
                if not result.violations:
                    oriented = tuple(4 * ids.index(t) + q for t, q in zip(order, qs))
                    found.setdefault(mask, set()).add((result.pairs["match"], *oriented))
    return found


def tables_of(tiles: dict) -> Tables:
    return Tables([encode(tiles[t]) for t in sorted(tiles)])


def test_every_valid_block_is_listed_with_its_inner_score():
    tables = tables_of(FOUR)
    rules = blocks_by_the_rules(FOUR)
    assert set(tables.arrangements) == set(rules) == {0b1111}
    listed = tables.arrangements[0b1111]
    assert sorted(listed) == sorted(rules[0b1111])  # each once
    assert listed == sorted(listed, reverse=True)  # best first
    assert tables.quad[0b1111] == max(s for s, *_ in rules[0b1111])


def test_the_best_block_under_each_top_pair_counts_a_block_that_scores_nothing():
    # two_placed[(TL, TR)]: for each 4-tile set with a valid block under those two oriented
    # tiles, that block's best inner score, best first. A block scoring 0 (every facing pair
    # sums to 5 or has an empty square) is a valid block all the same and must be listed.
    tables = tables_of(FOUR)
    best: dict[tuple[int, int], dict[int, int]] = {}
    for mask, blocks in blocks_by_the_rules(FOUR).items():
        for s, tl, tr, _, _ in blocks:
            per = best.setdefault((tl, tr), {})
            per[mask] = max(per.get(mask, -1), s)
    assert any(per[0b1111] == 0 for per in best.values())  # the case this test is for
    assert any(per[0b1111] > 0 for per in best.values())
    assert tables.two_placed == {k: sorted(((s, m) for m, s in per.items()), reverse=True) for k, per in best.items()}


# Eight tiles (three coins each, the lower right empty; no coin more often than two piecepacks
# hold it). Tiles 4, 6, 7 and 8 fit in no 2 x 2 block at all; 1, 5, 6 and 8 make a block whose
# eight facing pairs all match (an inner score of 8, the most there is).
EIGHT = {
    1: (P("2S"), P("4C"), P("aC"), None),
    2: (P("3A"), P("2M"), P("4M"), None),
    3: (P("5C"), P("2A"), P("3S"), None),
    4: (P("5M"), P("5S"), P("5A"), None),
    5: (P("aM"), P("3M"), P("4A"), None),
    6: (P("aA"), P("3C"), P("3A"), None),
    7: (P("aS"), P("aM"), P("aA"), None),
    8: (P("3S"), P("aS"), P("3C"), None),
}


def test_a_tile_set_that_fits_in_no_block_has_no_best_score():
    # quad[mask] is the best inner score of the set, -1 when no block of it is valid.
    tables = tables_of(EIGHT)
    stuck = {t: EIGHT[t] for t in (4, 6, 7, 8)}
    assert blocks_by_the_rules(stuck) == {}
    mask = 1 << 3 | 1 << 5 | 1 << 6 | 1 << 7
    assert tables.quad[mask] == -1 and mask not in tables.arrangements
    assert max(tables.quad) == tables.quad[1 << 0 | 1 << 4 | 1 << 5 | 1 << 7] == 8  # the perfect block is there too
    assert all(tables.quad[m] == (max(s for s, *_ in arr) if (arr := tables.arrangements.get(m)) else -1) for m in range(1 << 8))


def best_split(quad: list[int], mask: int, cap: int) -> int | None:
    """Best total of min(inner score, cap) over splits of mask into 4-tile sets with a valid block
    each, by trying every split (None: there is none)."""
    if not mask:
        return 0
    low = mask & -mask
    rest = [1 << i for i in range(8) if mask >> i & 1 and 1 << i != low]
    best = None
    for three in itertools.combinations(rest, 3):
        quad_mask = low | sum(three)
        if quad[quad_mask] >= 0:
            tail = best_split(quad, mask & ~quad_mask, cap)
            if tail is not None:
                value = min(quad[quad_mask], cap) + tail
                best = value if best is None else max(best, value)
    return best


def test_the_partition_bound_is_exact_for_every_cap_in_any_order():
    # A quadrant's inner score runs from 0 to 8 (four touching tile pairs, two facing squares each),
    # and the first quadrant's score caps the others: every cap 0-8 occurs, each remembered apart.
    tables = tables_of(EIGHT)
    everyone = (1 << 8) - 1
    masks = [everyone] + [m for m in range(1 << 8) if m.bit_count() == 4]
    for cap in (0, 8, 1, 7, 2, 6, 3, 5, 4):
        for mask in masks:
            expected = best_split(tables.quad, mask, cap)
            got = tables.part(mask, cap)
            if expected is None:
                assert got < -900, (mask, cap)
            else:
                assert got == expected, (mask, cap)
    assert tables.part(everyone, 8) > tables.part(everyone, 0) == 0
