"""How hard a deal is: how far a greedy player's best layout falls short of par.

The greedy player fills the grid in reading order and puts on each cell the tile
and turn that fit the placed neighbours and score the most at once (ties: the lower
tile number, then the smaller turn). It plays once from each of the 64 openings
(every tile, every turn, in the top-left corner); its best game that places all 16
tiles is what a quick player could find. A deal where that reaches par is easy; the
more points it misses, the more the deal hides its best layout.
"""

from __future__ import annotations

from .codes import DEGREES, REL, encode
from .engine import LL, LR, SIZE, UL, UR, Layout, Placement, Tile, rotate


def _turned_codes(tiles: dict[int, Tile]) -> dict[tuple[int, int], tuple[int, ...]]:
    return {(t, d): encode(rotate(tiles[t], d)) for t in tiles for d in DEGREES}


def _play(tiles: dict[int, Tile], turned: dict[tuple[int, int], tuple[int, ...]], first: Placement) -> tuple[Layout, int]:
    """The greedy game opened with `first` in the top-left corner, and its matching pairs;
    a cell no tile fits stays empty."""
    layout: Layout = [[None] * SIZE for _ in range(SIZE)]
    placed: dict[tuple[int, int], tuple[int, ...]] = {}
    free = sorted(tiles)
    matches = 0
    for k in range(SIZE * SIZE):
        r, c = divmod(k, SIZE)
        left, up = placed.get((r, c - 1)), placed.get((r - 1, c))
        # (the neighbour's square, the square of the new tile facing it)
        facing = (((left[UR], UL), (left[LR], LL)) if left else ()) + (((up[LL], UL), (up[LR], UR)) if up else ())
        options = [tuple(first)] if k == 0 else [(t, d) for t in free for d in DEGREES]
        best: tuple[int, int, int] | None = None
        for t, d in options:
            sq = turned[(t, d)]
            worths = [REL[a][sq[i]] for a, i in facing]  # a pair the rules forbid is negative
            if min(worths, default=0) >= 0 and (best is None or sum(worths) > best[0]):
                best = (sum(worths), t, d)
        if best is not None:
            gain, t, d = best
            free.remove(t)
            placed[(r, c)] = turned[(t, d)]
            layout[r][c] = Placement(t, d)
            matches += gain
    return layout, matches


def greedy_layout(tiles: dict[int, Tile], first: Placement) -> Layout:
    """The greedy game opened with `first` in the top-left corner; a cell no tile fits stays empty."""
    return _play(tiles, _turned_codes(tiles), first)[0]


def greedy_best(tiles: dict[int, Tile]) -> int | None:
    """The best score (points, 2 a matching pair) of the greedy games that place every tile; None if none does."""
    turned = _turned_codes(tiles)
    scores = []
    for t in sorted(tiles):
        for d in DEGREES:
            layout, matches = _play(tiles, turned, Placement(t, d))
            if all(cell is not None for row in layout for cell in row):
                scores.append(2 * matches)
    return max(scores, default=None)


def difficulty(tiles: dict[int, Tile], par: int) -> int:
    """Points by which the greedy player's best full layout misses par (all of par if it never places every tile)."""
    greedy = greedy_best(tiles)
    return par - (0 if greedy is None else greedy)
