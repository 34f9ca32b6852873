"""Board geometry for the quadrant search: the order cells are filled in, each cell's
placed neighbours, the quadrants, and per depth the plan for bounding the pairs
between quadrants lattice point by lattice point."""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Callable
from functools import cache

from pnp.games.pack_solitaire.codes import NO_SQUARE, REL
from pnp.games.pack_solitaire.engine import LL, LR, SIZE, UL, UR, Cell

Facing = tuple[tuple[int, int], tuple[int, int]]  # two facing pairs of squares: (mine, its), (mine, its)
# A lattice point with placed squares, at some depth: (known: their (position, square), where: their
# slots, the number of slots, the pairs of slots, the table of point_max by the known codes, base 7).
Group = tuple[tuple[tuple[int, int], ...], list[int], int, tuple[tuple[int, int], ...], list[int]]
Plan = tuple[int, int, list[Group]]  # (the points with no placed square, the most the whole can be, the others)
Neighbour = tuple[int, Facing, bool]  # (position, the squares facing, in the same quadrant)

# Cells are visited quadrant by quadrant. Within a quadrant the order puts the
# cell next to an earlier quadrant first, so that every cell has its placed
# neighbours to the left, above, or (for corner cells filled last) to the right
# or below within its own quadrant. Block positions inside a quadrant: 0 TL,
# 1 TR, 2 BL, 3 BR.
_QUADRANTS = (
    ((0, 0), (0, 1), (1, 0), (1, 1)),
    ((1, 2), (0, 2), (1, 3), (0, 3)),
    ((2, 0), (2, 1), (3, 1), (3, 0)),
    ((2, 2), (2, 3), (3, 2), (3, 3)),
)
ORDER = [cell for quad in _QUADRANTS for cell in quad]
POS = {cell: k for k, cell in enumerate(ORDER)}


def _quadrant(cell: Cell) -> int:
    return POS[cell] // 4


def _block_pos(cell: Cell) -> int:
    return (cell[0] % 2) * 2 + cell[1] % 2


# Facing squares for a neighbour in each direction: (my square, its square).
_FACING: dict[Cell, Facing] = {
    (0, -1): ((UL, UR), (LL, LR)),  # left neighbour
    (-1, 0): ((UL, LL), (UR, LR)),  # above
    (0, 1): ((UR, UL), (LR, LL)),  # right
    (1, 0): ((LL, UL), (LR, UR)),  # below
}


def _lattice_pairs() -> list[tuple[Cell, int, Cell, int, Cell]]:
    """Every facing pair as (cell a, square a, cell b, square b, lattice point)."""
    point_of = {UL: (0, 0), UR: (0, 1), LL: (1, 0), LR: (1, 1)}
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            for (dr, dc), squares in _FACING.items():
                nb = (r + dr, c + dc)
                if (dr, dc) in ((0, 1), (1, 0)) and nb[0] < SIZE and nb[1] < SIZE:
                    for mine, theirs in squares:
                        pr, pc = point_of[mine]
                        out.append(((r, c), mine, nb, theirs, (r + pr, c + pc)))
    return out


PAIRS = _lattice_pairs()


@cache  # the board's lattice points repeat a handful of shapes: this keeps start-up quick
def point_max(codes: tuple[int, ...], pairs: tuple[tuple[int, int], ...]) -> int:
    """Most matches among `pairs` of slots at one lattice point, choosing the unknown
    (NO_SQUARE) slots freely but keeping every pair allowed. At most 4 slots, so brute force."""
    unknown = [i for i, x in enumerate(codes) if x == NO_SQUARE]
    best = -1
    for fill in itertools.product(range(7), repeat=len(unknown)):
        s = list(codes)
        for i, x in zip(unknown, fill):
            s[i] = x
        total = sum(REL[s[a]][s[b]] for a, b in pairs)
        best = max(best, total)
    return best


def _loose_plan(depth: int, covered: Callable[[Cell, Cell], bool]) -> Plan:
    """Bound pieces for the pairs not yet settled at `depth` and not covered by a
    quadrant bound, grouped by lattice point. Returns (the sum over points with no
    placed square, the most the whole can be, the points with placed squares)."""
    placed = set(ORDER[:depth])
    by_point: dict[Cell, list[tuple[tuple[Cell, int], tuple[Cell, int]]]] = {}
    for a, sa, b, sb, point in PAIRS:
        if (a in placed and b in placed) or covered(a, b):
            continue
        by_point.setdefault(point, []).append(((a, sa), (b, sb)))
    constant, most = 0, 0
    groups: list[Group] = []
    for pairs in by_point.values():
        slots = sorted({s for pair in pairs for s in pair})
        index = {s: i for i, s in enumerate(slots)}
        local = tuple((index[x], index[y]) for x, y in pairs)
        free = point_max((NO_SQUARE,) * len(slots), local)
        known = tuple((POS[cell], square) for cell, square in slots if POS[cell] < depth)
        if known:
            # Filled in as met: keyed by the placed squares' codes, base 7.
            groups.append((known, [i for i, (cell, _) in enumerate(slots) if POS[cell] < depth], len(slots), local, [-1] * 7 ** len(known)))
            most += free
        else:
            constant += free
    return constant, constant + most, groups


def _plans() -> tuple[list[Plan], list[list[Neighbour]]]:
    """Per depth: the loose-pair plan, the inner pairs of the current quadrant already
    placed, and the placed neighbours of the cell to fill next."""
    plans = []
    for d in range(17):
        q = d // 4
        # Pairs inside the current or a later quadrant are bounded by quadrant tables.
        plans.append(_loose_plan(d, lambda a, b: _quadrant(a) == _quadrant(b) >= q))
    neighbours = []
    for k, (r, c) in enumerate(ORDER):
        here: list[Neighbour] = []
        for (dr, dc), squares in _FACING.items():
            p = POS.get((r + dr, c + dc))
            if p is not None and p < k:
                here.append((p, squares, _quadrant(ORDER[p]) == k // 4))
        neighbours.append(here)
    return plans, neighbours


PLANS, NEIGHBOURS = _plans()
# The cells whose bottom sides BL and BR face: above BL's top cells, then above BR's.
ROW_ABOVE_BOTTOM = tuple(POS[cell] for cell in ((1, 0), (1, 1), (1, 2), (1, 3)))
# At depth 8 BL and BR are scored with the pairs facing up, so only the four pairs
# between BL and BR stay loose (none of their squares is placed yet).
LOOSE_BL_BR = _loose_plan(8, lambda a, b: _quadrant(a) == _quadrant(b) or {_quadrant(a), _quadrant(b)} != {2, 3})[0]


def _clockwise_turns(p1: int, p2: int) -> int:
    """How many quarter turns of a block bring block positions p1, p2 to TL, TR."""
    step = {0: 1, 1: 3, 3: 2, 2: 0}  # where each block position goes on one clockwise turn
    for turns in range(4):
        if (p1, p2) == (0, 1):
            return turns
        p1, p2 = step[p1], step[p2]
    raise ValueError("not adjacent in a row")


# For each quadrant: the turns that map its first two cells to block TL, TR.
TWO_TURNS = [_clockwise_turns(_block_pos(q[0]), _block_pos(q[1])) for q in _QUADRANTS]


@cache
def c_geometry() -> array[int]:
    """The geometry above (and REL) as a flat list of C ints, for the compiled core (its
    read_geometry() reads them back in this order)."""
    out = [x for row in REL for x in row]
    for here in NEIGHBOURS:
        out.append(len(here))
        for p, squares, same in here:
            out += [p, int(same), *(x for pair in squares for x in pair)]
    for constant, most, groups in PLANS:
        out += [constant, most, len(groups)]
        for known, where, size, pairs, _ in groups:
            out += [len(known), size, len(pairs)]
            for (p, square), i in zip(known, where):
                out += [p, square, i]
            out += [x for pair in pairs for x in pair]
    out += [LOOSE_BL_BR, *ROW_ABOVE_BOTTOM, *TWO_TURNS]
    out += [POS[cell] for cell in ((1, 2), (1, 3), (2, 1), (3, 1))]  # what last_quadrant reads
    return array("i", out)
