"""Pack Solitaire: the best layout of a tile set, by annealing and then branch and bound.

Simulated annealing finds a good full layout in a second or two; the exact
search then tries to beat it. Cells are filled in row order; a tile fits a
cell if each square facing a placed neighbour meets one of the three
conditions. The bound counts every facing pair not yet decided as a possible
match: it is loose, so the search proves optimality only on easy tile sets and
otherwise stops at its limit with the best layout found.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .anneal import anneal
from .engine import SIZE, Layout, Placement, Tile, rotate

EMPTY = 6  # rank code of the empty square; real ranks are 0-5
PAIRS_PER_CELL = {(r, c): (c > 0) * 2 + (r > 0) * 2 for r in range(SIZE) for c in range(SIZE)}
TOTAL_PAIRS = sum(PAIRS_PER_CELL.values())


@dataclass
class Solution:
    layout: Layout
    score: int
    tiles_placed: int
    proven_optimal: bool
    bound: int
    seconds: float


def _start_from_annealing(ids: list[int], options: dict, best: dict, until: float | None) -> None:
    """Seed the search with the best of fixed-seed annealing runs: two (repeatable), or as many as fit `until`."""
    squares = [[sq for _, sq in options[i]] for i in ids]
    seed = 0
    while seed < 2 or (until is not None and time.perf_counter() < until):
        state, pairs = anneal(squares, 100_000, seed)
        seed += 1
        if pairs > best["pairs"]:
            cells = [(r, c) for r in range(SIZE) for c in range(SIZE)]
            grid = {cell: (ids[t], 90 * q, squares[t][q]) for cell, (t, q) in zip(cells, state)}
            best.update(placed=len(ids), pairs=pairs, grid=grid)


def _code(square) -> int:
    return EMPTY if square is None else square.rank


def _fits(a: int, b: int) -> bool:
    return a == EMPTY or b == EMPTY or a == b or a + b == 5


def solve(tiles: dict[int, Tile], time_limit: float | None = 60.0, node_limit: int | None = None) -> Solution:
    """The best layout found within the limits; `node_limit` alone makes the answer repeatable."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    ids = sorted(tiles)
    options = {i: [(deg, tuple(_code(s) for s in rotate(tiles[i], deg))) for deg in (0, 90, 180, 270)] for i in ids}
    cells = [(r, c) for r in range(SIZE) for c in range(SIZE)]
    grid: dict[tuple[int, int], tuple[int, int, tuple[int, ...]]] = {}
    best: dict = {"placed": -1, "pairs": -1, "grid": {}}
    if len(ids) == len(cells):
        # A third of the time (or two runs, with no time limit) goes to annealing: it finds the good layouts.
        anneal_until = None if time_limit is None else start + time_limit / 3
        _start_from_annealing(ids, options, best, anneal_until)
    nodes = 0
    timed_out = False

    def record(pairs: int) -> None:
        placed = len(grid)
        if (placed, pairs) > (best["placed"], best["pairs"]):
            best.update(placed=placed, pairs=pairs, grid=dict(grid))

    def search(k: int, used: frozenset, pairs: int, open_pairs: int) -> None:
        nonlocal nodes, timed_out
        nodes += 1
        out_of_time = deadline is not None and nodes % 2048 == 0 and time.perf_counter() > deadline
        if timed_out or out_of_time or (node_limit is not None and nodes > node_limit):
            timed_out = True
            return
        if k == len(cells) or len(used) == len(ids):
            record(pairs)
            return
        # Tiles placed so far, plus every cell still to come: the most that could still be placed.
        if len(grid) + min(len(cells) - k, len(ids) - len(used)) < best["placed"]:
            return
        if len(grid) + min(len(cells) - k, len(ids) - len(used)) == best["placed"] and pairs + open_pairs <= best["pairs"]:
            return
        r, c = cells[k]
        here = PAIRS_PER_CELL[(r, c)]
        left, up = grid.get((r, c - 1)), grid.get((r - 1, c))
        for tile_id in ids:
            if tile_id in used:
                continue
            for deg, sq in options[tile_id]:
                gained = 0
                ok = True
                if left is not None:
                    for mine, theirs in ((sq[0], left[2][1]), (sq[2], left[2][3])):
                        ok = ok and _fits(mine, theirs)
                        gained += mine == theirs
                if up is not None and ok:
                    for mine, theirs in ((sq[0], up[2][2]), (sq[1], up[2][3])):
                        ok = ok and _fits(mine, theirs)
                        gained += mine == theirs
                if not ok:
                    continue
                grid[(r, c)] = (tile_id, deg, sq)
                search(k + 1, used | {tile_id}, pairs + gained, open_pairs - here)
                del grid[(r, c)]
        # Leaving the cell empty is allowed, but only worth it when tiles cannot all fit.
        search(k + 1, used, pairs, open_pairs - here)

    search(0, frozenset(), 0, TOTAL_PAIRS)
    layout: Layout = [[None] * SIZE for _ in range(SIZE)]
    for (r, c), (tile_id, deg, _) in best["grid"].items():
        layout[r][c] = Placement(tile_id, deg)
    score = 2 * best["pairs"]
    proven = not timed_out
    return Solution(layout, score, best["placed"], proven, score if proven else 2 * TOTAL_PAIRS, time.perf_counter() - start)
