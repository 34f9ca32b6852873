"""The Pack Solitaire solver against layouts whose best score is known without it.

Unless a test names an engine, solve() runs the compiled one (the Python one with PNP_SOLVER=python)."""

from __future__ import annotations

import random

import pytest

from pnp.games.pack_solitaire.engine import SIZE, rotate, score_layout
from pnp.games.pack_solitaire.generate import deal
from pnp.games.pack_solitaire.solver import solve
from pnp.piecepack.model import Piece, Suit

PERFECT = 2 * 2 * SIZE * (SIZE - 1) * 2  # all 48 facing pairs match, each counted from both tiles


def coin(rank: int | None) -> Piece | None:
    return None if rank is None else Piece(rank, Suit.SUNS)


def assert_checks_out(tiles, solution) -> None:
    """The layout is legal, uses each tile once, and scores what the solver claims."""
    placed = [p.tile_id for row in solution.layout for p in row if p is not None]
    assert len(placed) == len(set(placed)) == solution.tiles_placed
    result = score_layout(tiles, solution.layout)
    assert result.violations == []
    assert result.score == solution.score <= solution.bound


def cut_up_perfect_layout(rng: random.Random) -> dict:
    """Give each of the 5 x 5 points where tiles meet a square value; each tile takes its four
    corners, so the uncut layout matches on every pair. Then shuffle and turn the pieces."""
    point = [[rng.choice([None, 0, 1, 2, 3, 4, 5]) for _ in range(SIZE + 1)] for _ in range(SIZE + 1)]
    pieces = [tuple(coin(point[r + dr][c + dc]) for dr, dc in ((0, 0), (0, 1), (1, 0), (1, 1))) for r in range(SIZE) for c in range(SIZE)]
    rng.shuffle(pieces)
    return {i: rotate(piece, rng.choice((0, 90, 180, 270))) for i, piece in enumerate(pieces, 1)}


@pytest.mark.parametrize("seed", [0, 10])
def test_a_cut_up_perfect_layout_is_put_back_together(seed: int):
    # The Python engine, the reference: on these two cut-ups it proves 96 in under a second
    # (others take up to 5 s, 50 under coverage). test_solver_engines runs many random ones on the
    # compiled engine and checks both engines search node for node alike.
    tiles = cut_up_perfect_layout(random.Random(seed))
    solution = solve(tiles, time_limit=None, engine="python")
    assert solution.engine == "python"
    assert_checks_out(tiles, solution)
    assert (solution.score, solution.tiles_placed, solution.proven_optimal) == (PERFECT, 16, True)


def test_tiles_that_cannot_all_be_laid_leave_holes():
    # Eight all-null tiles and eight all-ace tiles: no null may face an ace, so the two kinds
    # need a row of holes between them. Best: two rows of one kind, a gap, one row of the
    # other; 10 + 3 neighbouring pairs of tiles, 2 matches each, counted from both sides.
    null, ace = (coin(0),) * 4, (coin(1),) * 4
    tiles = {i: null if i <= 8 else ace for i in range(1, 17)}
    solution = solve(tiles, time_limit=None)
    assert_checks_out(tiles, solution)
    assert (solution.tiles_placed, solution.score, solution.proven_optimal) == (12, 2 * 2 * 13, True)
    assert solution.bound == solution.score
    # Stopped before the full search could rule out 16 tiles, it proves nothing.
    stopped = solve(tiles, time_limit=None, node_limit=100)
    assert_checks_out(tiles, stopped)
    assert not stopped.proven_optimal and stopped.bound >= solution.score


def test_a_stopped_search_still_answers_and_its_bound_holds():
    tiles = deal(13)
    best = solve(tiles, time_limit=None)
    assert best.proven_optimal and best.bound == best.score
    stopped = solve(tiles, time_limit=None, node_limit=50)
    assert_checks_out(tiles, stopped)
    assert not stopped.proven_optimal
    assert stopped.tiles_placed == 16
    assert stopped.score <= best.score <= stopped.bound
    # A node budget, unlike a clock, gives the same answer every time.
    assert solve(tiles, time_limit=None, node_limit=50).layout == stopped.layout
