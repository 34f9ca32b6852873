"""How hard a deal is: how far a greedy player's best layout falls short of par.

The greedy player fills the grid in reading order and puts on each cell the tile
and turn that fit the placed neighbours and score the most at once (ties: the lower
tile number, then the smaller turn). It plays once from each of the 64 openings
(every tile, every turn, in the top-left corner); its best game that places all 16
tiles is what a quick player could find. A deal where that reaches par is easy; the
more points it misses, the more the deal hides its best layout.
"""

from __future__ import annotations

from .engine import SIZE, Layout, Placement, Tile, classify, rotate, score_layout

DEGREES = (0, 90, 180, 270)
UL, UR, LL, LR = range(4)


def greedy_layout(tiles: dict[int, Tile], first: Placement) -> Layout:
    """The greedy game opened with `first` in the top-left corner; a cell no tile fits stays empty."""
    turned = {(t, d): rotate(tiles[t], d) for t in tiles for d in DEGREES}
    layout: Layout = [[None] * SIZE for _ in range(SIZE)]
    placed: dict[tuple[int, int], Tile] = {}
    free = sorted(tiles)
    for k in range(SIZE * SIZE):
        r, c = divmod(k, SIZE)
        left, up = placed.get((r, c - 1)), placed.get((r - 1, c))
        options = [tuple(first)] if k == 0 else [(t, d) for t in free for d in DEGREES]
        best: tuple[int, int, int] | None = None
        for t, d in options:
            sq = turned[(t, d)]
            facing = ([(left[UR], sq[UL]), (left[LR], sq[LL])] if left else []) + ([(up[LL], sq[UL]), (up[LR], sq[UR])] if up else [])
            kinds = [classify(a, b) for a, b in facing]
            if "invalid" not in kinds and (best is None or kinds.count("match") > best[0]):
                best = (kinds.count("match"), t, d)
        if best is not None:
            _, t, d = best
            free.remove(t)
            placed[(r, c)] = turned[(t, d)]
            layout[r][c] = Placement(t, d)
    return layout


def greedy_best(tiles: dict[int, Tile]) -> int | None:
    """The best score (points) of the greedy games that place every tile; None if none does."""
    scores = []
    for t in sorted(tiles):
        for d in DEGREES:
            result = score_layout(tiles, greedy_layout(tiles, Placement(t, d)))
            if result.tiles_placed == len(tiles):
                scores.append(result.score)
    return max(scores, default=None)


def difficulty(tiles: dict[int, Tile], par: int) -> int:
    """Points by which the greedy player's best full layout misses par (all of par if it never places every tile)."""
    greedy = greedy_best(tiles)
    return par - (0 if greedy is None else greedy)
