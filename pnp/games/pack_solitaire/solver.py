"""Pack Solitaire: the best layout of a tile set, proven optimal by branch and bound.

The rules' first aim is to place every tile; all 16 fit in practice, and then the
task is the highest score. Only when no full layout exists (or none is found in
time) does a plain search look for the most tiles with holes left between them.
Scores here are counted in matching pairs; the rules count each pair from both
tiles, so points are twice that.

How the exact search gets its speed:

* The board is four 2x2 quadrants, filled one after another (TL, TR, BL, BR).
  A quadrant's 8 inner pairs depend only on its 4 tiles, so the best inner score
  of every 4-tile set is computed once ("quad table"); splitting the unplaced
  tiles into the unfilled quadrants then bounds most of the future score.
* Board rotation: every layout can be turned so that TL has the highest inner
  score of the four quadrants. The search only builds such layouts, so once TL
  is done its score caps every other quadrant; most weak starts die at once.
* The 16 pairs between quadrants are bounded square by square (lattice points):
  what the unplaced squares could still match, given the placed ones.
* When TL and TR are done, BL and BR are each scored with the placed row above
  them (their best arrangement of a tile set, inner pairs plus the pairs facing
  up); when BL is done too, the best BR is found outright.

Two engines run this search: the compiled core (_csearch.c, built when pnp is
installed) and the Python code below, the reference. They visit the same nodes in
the same order, so they give the same layout, bound and proof. The compiled one is
used when it was built, unless the environment variable PNP_SOLVER=python asks for
the Python one.
"""

from __future__ import annotations

import itertools
import os
import time
from array import array
from dataclasses import dataclass
from functools import cache

from pnp.games.pack_solitaire.engine import SIZE, Layout, Placement, Tile

try:
    from pnp.games.pack_solitaire import _csearch
except ImportError:  # not compiled at install time: the Python engine does the work
    _csearch = None

EMPTY = 6  # code of the empty square; coins are coded by rank 0-5
# Ranks that sum to 5 share a class; two coins may face each other only within a class.
_CLASS = (0, 1, 2, 2, 1, 0, 3)
_INVALID = -100  # an invalid pair: far below any sum of matches, so one makes a total negative
_NONE = 7  # "no square here yet" in keys and point patterns
UL, UR, LL, LR = range(4)
_DEGREES = (0, 90, 180, 270)


def _relation(a: int, b: int) -> int:
    """1 for a match (Condition 1), 0 for another allowed pair, _INVALID otherwise."""
    if a == b:
        return 1
    if a == EMPTY or b == EMPTY or _CLASS[a] == _CLASS[b]:
        return 0
    return _INVALID


REL = [[_relation(a, b) for b in range(7)] for a in range(7)]


@dataclass
class Solution:
    layout: Layout
    score: int  # points: twice the matching pairs
    tiles_placed: int
    proven_optimal: bool
    bound: int  # no layout placing as many tiles scores more than this (points)
    seconds: float
    engine: str = "python"  # which engine searched: "compiled" or "python"
    nodes: int = 0  # search nodes visited by the full-layout search


class _OutOfBudget(Exception):
    pass


# ---------------------------------------------------------------------------
# Board geometry for the quadrant search.
#
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
_POS = {cell: k for k, cell in enumerate(ORDER)}


def _quadrant(cell: tuple[int, int]) -> int:
    return _POS[cell] // 4


def _block_pos(cell: tuple[int, int]) -> int:
    return (cell[0] % 2) * 2 + cell[1] % 2


# Facing squares for a neighbour in each direction: (my square, its square).
_FACING = {
    (0, -1): ((UL, UR), (LL, LR)),  # left neighbour
    (-1, 0): ((UL, LL), (UR, LR)),  # above
    (0, 1): ((UR, UL), (LR, LL)),  # right
    (1, 0): ((LL, UL), (LR, UR)),  # below
}


def _lattice_pairs():
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
def _point_max(codes: tuple[int, ...], pairs: tuple[tuple[int, int], ...]) -> int:
    """Most matches among `pairs` of slots at one lattice point, choosing the unknown
    (_NONE) slots freely but keeping every pair allowed. At most 4 slots, so brute force."""
    unknown = [i for i, x in enumerate(codes) if x == _NONE]
    best = -1
    for fill in itertools.product(range(7), repeat=len(unknown)):
        s = list(codes)
        for i, x in zip(unknown, fill):
            s[i] = x
        total = sum(REL[s[a]][s[b]] for a, b in pairs)
        best = max(best, total)
    return best


def _loose_plan(depth: int, covered) -> tuple[int, list]:
    """Bound pieces for the pairs not yet settled at `depth` and not covered by a
    quadrant bound, grouped by lattice point. Returns (the sum over points with no
    placed square, the most the whole can be, the points with placed squares)."""
    placed = set(ORDER[:depth])
    by_point: dict = {}
    for a, sa, b, sb, point in PAIRS:
        if (a in placed and b in placed) or covered(a, b):
            continue
        by_point.setdefault(point, []).append(((a, sa), (b, sb)))
    constant, most, groups = 0, 0, []
    for pairs in by_point.values():
        slots = sorted({s for pair in pairs for s in pair})
        index = {s: i for i, s in enumerate(slots)}
        local = tuple((index[x], index[y]) for x, y in pairs)
        free = _point_max((_NONE,) * len(slots), local)
        known = tuple((_POS[cell], square) for cell, square in slots if _POS[cell] < depth)
        if known:
            # Filled in as met: keyed by the placed squares' codes, base 7.
            groups.append((known, [i for i, (cell, _) in enumerate(slots) if _POS[cell] < depth], len(slots), local, [-1] * 7 ** len(known)))
            most += free
        else:
            constant += free
    return constant, constant + most, groups


def _plans():
    """Per depth: the loose-pair plan, the inner pairs of the current quadrant already
    placed, and the placed neighbours of the cell to fill next."""
    plans = []
    for d in range(17):
        q = d // 4
        # Pairs inside the current or a later quadrant are bounded by quadrant tables.
        plans.append(_loose_plan(d, lambda a, b: _quadrant(a) == _quadrant(b) >= q))
    neighbours = []
    for k, (r, c) in enumerate(ORDER):
        here = []
        for (dr, dc), squares in _FACING.items():
            p = _POS.get((r + dr, c + dc))
            if p is not None and p < k:
                here.append((p, squares, _quadrant(ORDER[p]) == k // 4))
        neighbours.append(here)
    return plans, neighbours


_PLANS, _NEIGHBOURS = _plans()
# The cells whose bottom sides BL and BR face: above BL's top cells, then above BR's.
_ROW_ABOVE_BOTTOM = tuple(_POS[cell] for cell in ((1, 0), (1, 1), (1, 2), (1, 3)))
# At depth 8 BL and BR are scored with the pairs facing up, so only the four pairs
# between BL and BR stay loose (none of their squares is placed yet).
_LOOSE_BL_BR = _loose_plan(8, lambda a, b: _quadrant(a) == _quadrant(b) or {_quadrant(a), _quadrant(b)} != {2, 3})[0]


class _Cache(dict):
    """A memo that empties itself when full: its values can always be computed again."""

    def __init__(self, most: int):
        super().__init__()
        self.most = most

    def put(self, key, value) -> None:
        if len(self) >= self.most:
            self.clear()
        self[key] = value


def _turn(o: int) -> int:
    """The oriented tile `o` (4 * tile + quarter turns) turned once more clockwise."""
    return o - o % 4 + (o + 1) % 4


class _Tables:
    """Everything precomputed for one tile set of 16 tiles."""

    def __init__(self, codes: list[tuple[int, int, int, int]], quads: bool = True):
        """quads=False leaves out the 2x2 tables, which only the quadrant search reads."""
        n = len(codes)
        self.n = n
        # sq[4 * t + q]: tile t's squares (UL, UR, LL, LR) after q quarter turns.
        self.sq = [sq for tile in codes for sq in _turns(tile)]
        m = 4 * n
        sq = self.sq
        # Pair scores of two oriented tiles side by side (h) and one above the other (v).
        self.h = [REL[a[UR]][b[UL]] + REL[a[LR]][b[LL]] for a in sq for b in sq]
        self.v = [REL[a[LL]][b[UL]] + REL[a[LR]][b[UR]] for a in sq for b in sq]
        # Identical tiles are interchangeable: only the first unused one of a kind is tried.
        first = {}
        self.twin_before = [first.setdefault(tuple(sq[4 * t]), t) for t in range(n)]
        for t in range(n):
            if self.twin_before[t] == t:
                self.twin_before[t] = -1
            else:  # the nearest earlier twin
                self.twin_before[t] = max(u for u in range(t) if sq[4 * u] == sq[4 * t])
        if quads:
            self._quads(m)
        self.part_memo: list[int | None] = [None] * (1 << (n + 4))  # by mask << 4 | cap
        self.cands: list[dict] = [{} for _ in range(16)]

    def _quads(self, m: int) -> None:
        """Every valid 2x2 arrangement of every 4-tile set, with its inner score.

        arrangements[mask] lists (score, TL, TR, BL, BR) oriented tiles, in all four
        turns of the block; quad[mask] is the best score (-1: none fits).
        """
        h, v, n = self.h, self.v, self.n
        # right[o][t] and below[o][t]: the turns of tile t that may lie right of (below) the
        # oriented tile o, with the pair's score. One invalid pair makes a sum negative, so
        # blocks are built from valid pairs only.
        right = [[[] for _ in range(n)] for _ in range(m)]
        below = [[[] for _ in range(n)] for _ in range(m)]
        for o in range(m):
            for p in range(m):
                if h[o * m + p] >= 0:
                    right[o][p >> 2].append((p, h[o * m + p]))
                if v[o * m + p] >= 0:
                    below[o][p >> 2].append((p, v[o * m + p]))
        turn = [_turn(o) for o in range(m)]
        self.arrangements: dict[int, list] = {}
        self.quad = [-1] * (1 << n)
        for tiles4 in itertools.combinations(range(n), 4):
            first, rest = tiles4[0], tiles4[1:]
            found = []
            # Block turns are added below, so the first tile stays at TL here.
            for b, c, d in itertools.permutations(rest):
                for oa in range(4 * first, 4 * first + 4):
                    downs = below[oa][c]
                    if not downs:
                        continue
                    for ob, top in right[oa][b]:
                        for oc, left in downs:
                            for od, bottom in right[oc][d]:
                                side = v[ob * m + od]
                                if side >= 0:
                                    found.append((top + left + bottom + side, oa, ob, oc, od))
            mask = sum(1 << t for t in tiles4)
            if not found:
                continue
            turned = []
            for s, a, b, c, d in found:
                # Turning the block clockwise: BL goes to TL, TL to TR, BR to BL, TR to BR.
                a2, b2, c2, d2 = turn[c], turn[a], turn[d], turn[b]
                a3, b3, c3, d3 = turn[c2], turn[a2], turn[d2], turn[b2]
                turned += (s, a, b, c, d), (s, a2, b2, c2, d2), (s, a3, b3, c3, d3), (s, turn[c3], turn[a3], turn[d3], turn[b3])
            turned.sort(reverse=True)
            self.arrangements[mask] = turned
            self.quad[mask] = turned[0][0]
        # For the partition bound: the 4-tile sets holding each tile as their lowest, best first.
        self.quads_from = [[] for _ in range(n)]
        for mask in self.arrangements:
            low = (mask & -mask).bit_length() - 1
            self.quads_from[low].append((self.quad[mask], mask))
        for lst in self.quads_from:
            lst.sort(reverse=True)
        # Best score per set with given oriented tiles at block TL and TR: for the bound of
        # a quadrant with two tiles placed. (o_TL, o_TR) -> [(score, mask)], best first.
        pairs: dict = {}
        for mask, arr in self.arrangements.items():
            for s, a, b, c, d in arr:
                per = pairs.setdefault((a, b), {})
                if per.get(mask, -1) < s:
                    per[mask] = s
        self.two_placed = {k: sorted(((s, mk) for mk, s in per.items()), reverse=True) for k, per in pairs.items()}

    def part(self, mask: int, cap: int) -> int:
        """Best total of min(inner score, cap) over splits of `mask` into 4-tile quadrants
        (a large negative number if there is none)."""
        key = mask << 4 | cap
        got = self.part_memo[key]
        if got is not None:
            return got
        if mask == 0:
            return 0
        low = (mask & -mask).bit_length() - 1
        rest_quads = mask.bit_count() // 4 - 1
        best = -1000
        for score, quad in self.quads_from[low]:
            value = min(score, cap)
            if value + cap * rest_quads <= best:
                break  # sorted: no later set can do better
            if quad & mask == quad:
                value += self.part(mask & ~quad, cap)
                if value > best:
                    best = value
        self.part_memo[key] = best
        return best


def _turns(tile: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
    out = [tile]
    for _ in range(3):
        ul, ur, ll, lr = out[-1]
        out.append((ll, ul, lr, ur))
    return out


def _clockwise_turns(p1: int, p2: int) -> int:
    """How many quarter turns of a block bring block positions p1, p2 to TL, TR."""
    step = {0: 1, 1: 3, 3: 2, 2: 0}  # where each block position goes on one clockwise turn
    for turns in range(4):
        if (p1, p2) == (0, 1):
            return turns
        p1, p2 = step[p1], step[p2]
    raise ValueError("not adjacent in a row")


# For each quadrant: the turns that map its first two cells to block TL, TR.
_TWO_TURNS = [_clockwise_turns(_block_pos(q[0]), _block_pos(q[1])) for q in _QUADRANTS]


class _Search:
    """Depth-first branch and bound over the cells in ORDER; pairs are counted once."""

    def __init__(self, tables: _Tables, best: int, best_grid, deadline: float | None, node_limit: int | None):
        self.t = tables
        self.best = best
        self.best_grid = best_grid
        self.grid = [0] * 16
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.open: list[int] = []  # bound of the child being explored, per level
        sq = tables.sq
        # Profile relations: for the squares (x, y) above a cell, what each oriented tile's
        # top side scores against them; likewise for the squares (x, y) to its left.
        self.rel_top = [[REL[x][s[UL]] + REL[y][s[UR]] for s in sq] for x in range(7) for y in range(7)]
        self.rel_left = [[REL[x][s[UL]] + REL[y][s[LL]] for s in sq] for x in range(7) for y in range(7)]
        # Bounded caches: emptied when full, so memory does not grow with the search.
        self.t_memo = _Cache(1 << 17)
        self.split_memo = _Cache(1 << 11)  # a few kB each
        self.first_bound: dict[int, int] = {}

    # -- bounds ------------------------------------------------------------
    def loose(self, d: int) -> int:
        """Bound on the pairs between quadrants not yet settled at depth d."""
        total, _, groups = _PLANS[d]
        sq, grid = self.t.sq, self.grid
        for known, where, size, pairs, table in groups:
            key = 0
            for p, s in known:
                key = key * 7 + sq[grid[p]][s]
            got = table[key]
            if got < 0:
                codes = [_NONE] * size
                for i, (p, s) in zip(where, known):
                    codes[i] = sq[grid[p]][s]
                got = table[key] = _point_max(tuple(codes), pairs)
            total += got
        return total

    def quad_with_top(self, mask: int, above_left: int, above_right: int, cap: int) -> int:
        """Best inner score (at most cap) plus the pairs facing up, over arrangements of the
        4 tiles in mask; above_* index the two squares above each top cell (7 * x + y)."""
        key = (mask, above_left, above_right, cap)
        got = self.t_memo.get(key)
        if got is None:
            got = -1000
            ra, rb = self.rel_top[above_left], self.rel_top[above_right]
            for s, a, b, _, _ in self.t.arrangements.get(mask, ()):
                if s > cap:
                    continue
                if s + 4 <= got:
                    break  # sorted by inner score; the facing pairs add at most 4
                value = s + ra[a] + rb[b]
                if value > got:
                    got = value
            self.t_memo.put(key, got)
        return got

    def bottom_half(self, mask: int, score: int, cap: int) -> int:
        """Depth 8 (TL and TR done): the best split of the 8 tiles left into BL and BR,
        each scored with the row above it, plus the pairs between BL and BR."""
        sq, grid = self.t.sq, self.grid
        bl_a, bl_b, br_a, br_b = (7 * sq[grid[p]][LL] + sq[grid[p]][LR] for p in _ROW_ABOVE_BOTTOM)
        # Only splits that could beat the best layout matter.
        beat = self.best - score - _LOOSE_BL_BR
        for both, bl, br, quad_br in self.splits(mask, cap):
            if both + 8 <= beat:
                break  # sorted: every later split is weaker
            up_bl = self.quad_with_top(bl, bl_a, bl_b, cap)
            if up_bl + quad_br + 4 <= beat:
                continue
            value = up_bl + self.quad_with_top(br, br_a, br_b, cap)
            if value > beat:
                beat = value
        return score + beat + _LOOSE_BL_BR

    def splits(self, mask: int, cap: int) -> list:
        """The splits of 8 tiles into BL and BR as (capped score sum, BL, BR, capped BR
        score), best first."""
        key = mask << 4 | cap
        got = self.split_memo.get(key)
        if got is None:
            quad = self.t.quad
            bits = [1 << i for i in range(self.t.n) if mask >> i & 1]
            got = []
            for combo in itertools.combinations(bits[1:], 3):
                one = bits[0] | sum(combo)
                for bl in (one, mask & ~one):
                    br = mask & ~bl
                    if quad[bl] >= 0 and quad[br] >= 0:
                        qa, qb = min(quad[bl], cap), min(quad[br], cap)
                        got.append((qa + qb, bl, br, qb))
            got.sort(reverse=True)
            self.split_memo.put(key, got)
        return got

    def last_quadrant(self, mask: int, cap: int):
        """Depth 12: the best BR outright, given TR above it and BL to its left.
        Returns (pairs gained, arrangement) or (negative, None)."""
        sq, grid = self.t.sq, self.grid
        def sq_at(cell):
            return sq[grid[_POS[cell]]]
        top_a = self.rel_top[7 * sq_at((1, 2))[LL] + sq_at((1, 2))[LR]]
        top_b = self.rel_top[7 * sq_at((1, 3))[LL] + sq_at((1, 3))[LR]]
        left_a = self.rel_left[7 * sq_at((2, 1))[UR] + sq_at((2, 1))[LR]]
        left_c = self.rel_left[7 * sq_at((3, 1))[UR] + sq_at((3, 1))[LR]]
        best, arrangement = -1000, None
        for s, a, b, c, d in self.t.arrangements.get(mask, ()):
            if s > cap:
                continue
            if s + 8 <= best:
                break
            value = s + top_a[a] + top_b[b] + left_a[a] + left_c[c]
            if value > best:
                best, arrangement = value, (a, b, c, d)
        return best, arrangement

    def two_placed(self, q: int, o1: int, o2: int, mask: int, cap: int | None) -> int:
        """Bound on the current quadrant (two tiles placed) plus the later quadrants."""
        for _ in range(_TWO_TURNS[q]):
            o1, o2 = _turn(o1), _turn(o2)
        placed = 1 << (o1 >> 2) | 1 << (o2 >> 2)
        later = 3 - q
        part = self.t.part
        best = -1000
        for s, quad in self.t.two_placed.get((o1, o2), ()):
            here = s if cap is None else min(s, cap)
            limit = here if cap is None else cap
            if here + limit * later <= best:
                break  # sorted: the later sets score no more
            others = quad & ~placed
            if others & mask == others:
                value = here + part(mask & ~others, limit)
                if value > best:
                    best = value
        return best

    def three_placed(self, k: int, mask: int, inner: int, cap: int | None) -> int:
        """Bound on the current quadrant (three tiles placed) plus the later quadrants:
        every tile that fits the last cell, scored exactly."""
        part = self.t.part
        best = -1000
        for _, gain_inner, o in self.candidates(k + 1):
            t = o >> 2
            if not mask >> t & 1:
                continue
            here = inner + gain_inner
            if cap is not None and here > cap:
                continue
            value = here + part(mask & ~(1 << t), here if cap is None else cap)
            if value > best:
                best = value
        return best

    def first_tile(self, t: int) -> int:
        """Bound for the whole board with tile t in TL, before TL's score is known."""
        got = self.first_bound.get(t)
        if got is None:
            tables, everyone = self.t, (1 << self.t.n) - 1
            got = -1000
            for mask in tables.arrangements:
                if mask >> t & 1:
                    s = tables.quad[mask]
                    got = max(got, s + tables.part(everyone & ~mask, s))
            self.first_bound[t] = got
        return got

    def child_bound(self, k: int, mask: int, score: int, inner: int, cap: int | None, o: int):
        """Bound on the best layout through the child that put oriented tile o at position k.
        Returns (bound, cap for the child, the best last quadrant when it was solved)."""
        d = k + 1
        q, j = divmod(d, 4)
        _, loose_most, _ = _PLANS[d]
        if j == 0:  # quadrant q-1 is complete
            if cap is None:  # TL is done: its score caps the other quadrants
                cap = inner
            elif inner > cap:
                return -1, cap, None  # not the canonical turn of this layout
            if q == 3:
                gained, arrangement = self.last_quadrant(mask, cap)
                return score + gained, cap, arrangement
            bound = score + self.t.part(mask, cap)
        else:
            bound = score - inner
            if j == 1:
                if cap is None:
                    bound += self.first_tile(o >> 2)
                else:
                    # The quadrant's tiles are this one and some of mask: no better than the
                    # best split of everything left, which the parent has computed already.
                    bound += self.t.part(mask | 1 << (o >> 2), cap)
            elif j == 2:
                bound += self.two_placed(q, self.grid[d - 2], o, mask, cap)
            else:
                bound += self.three_placed(k, mask, inner, cap)
        if bound + loose_most <= self.best:
            return bound + loose_most, cap, None  # pruned without looking closer
        bound += self.loose(d)
        if d == 8 and bound > self.best:
            bound = min(bound, self.bottom_half(mask, score, cap))
        return bound, cap, None

    # -- search ------------------------------------------------------------
    def candidates(self, k: int) -> list:
        """Oriented tiles that may stand at position k next to the placed neighbours, as
        (pairs gained, pairs gained inside the quadrant, oriented tile), most gained first."""
        sq, grid = self.t.sq, self.grid
        key = tuple(sq[grid[p]][theirs] for p, squares, _ in _NEIGHBOURS[k] for _, theirs in squares)
        table = self.t.cands[k]
        got = table.get(key)
        if got is None:
            got = []
            for o, mine in enumerate(sq):
                gain = inner = 0
                codes = iter(key)
                for p, squares, same in _NEIGHBOURS[k]:
                    edge = sum(REL[mine[m]][next(codes)] for m, _ in squares)
                    gain += edge
                    if same:
                        inner += edge
                if gain >= 0:
                    got.append((gain, inner, o))
            got.sort(key=lambda c: -c[0])
            table[key] = got
        return got

    def run(self, k: int = 0, mask: int | None = None, score: int = 0, inner: int = 0, cap: int | None = None) -> None:
        self.nodes += 1
        if self.nodes & 1023 == 0 or (self.node_limit is not None and self.nodes > self.node_limit):
            if (self.deadline is not None and time.perf_counter() > self.deadline) or (
                self.node_limit is not None and self.nodes > self.node_limit
            ):
                raise _OutOfBudget
        if mask is None:
            mask = (1 << self.t.n) - 1
        twin_before = self.t.twin_before
        grid = self.grid
        children = []
        for gain, gain_inner, o in self.candidates(k):
            t = o >> 2
            if not mask >> t & 1:
                continue
            twin = twin_before[t]
            if twin >= 0 and mask >> twin & 1:
                continue
            grid[k] = o
            new_inner = 0 if (k + 1) % 4 == 0 else inner + gain_inner
            bound, new_cap, last = self.child_bound(k, mask & ~(1 << t), score + gain, inner + gain_inner, cap, o)
            if bound > self.best:
                children.append((bound, gain, o, new_inner, new_cap, last))
        children.sort(key=lambda c: -c[0])
        self.open.append(0)
        for bound, gain, o, new_inner, new_cap, last in children:
            if bound <= self.best:
                break
            self.open[-1] = bound
            grid[k] = o
            if last is not None:  # the last quadrant was solved outright: a full layout
                self.best = bound
                self.best_grid = grid[:12] + list(last)
                continue
            self.run(k + 1, mask & ~(1 << (o >> 2)), score + gain, new_inner, new_cap)
        self.open.pop()


def _codes(tiles: dict[int, Tile], ids: list[int]) -> list[tuple[int, int, int, int]]:
    return [tuple(EMPTY if s is None else s.rank for s in tiles[i]) for i in ids]


@cache
def _geometry() -> array:
    """The board's geometry above as a flat list of C ints, for the compiled core (its
    read_geometry() reads them back in this order)."""
    out = [x for row in REL for x in row]
    for here in _NEIGHBOURS:
        out.append(len(here))
        for p, squares, same in here:
            out += [p, int(same), *(x for pair in squares for x in pair)]
    for constant, most, groups in _PLANS:
        out += [constant, most, len(groups)]
        for known, where, size, pairs, _ in groups:
            out += [len(known), size, len(pairs)]
            for (p, square), i in zip(known, where):
                out += [p, square, i]
            out += [x for pair in pairs for x in pair]
    out += [_LOOSE_BL_BR, *_ROW_ABOVE_BOTTOM, *_TWO_TURNS]
    out += [_POS[cell] for cell in ((1, 2), (1, 3), (2, 1), (3, 1))]  # what last_quadrant reads
    return array("i", out)


def _engine(engine: str | None) -> str:
    """The engine asked for; by default the compiled one, when it was built and the
    environment variable PNP_SOLVER does not ask for "python"."""
    if engine is None:
        engine = "python" if _csearch is None or os.environ.get("PNP_SOLVER") == "python" else "compiled"
    if engine not in ("compiled", "python"):
        raise ValueError(f"unknown solver engine {engine!r}")
    if engine == "compiled" and _csearch is None:
        raise RuntimeError("the solver's compiled core was not built when pnp was installed")
    return engine


def solve(
    tiles: dict[int, Tile], time_limit: float | None = 60.0, node_limit: int | None = None, engine: str | None = None
) -> Solution:
    """The best layout: as many tiles placed as possible, then the highest score.

    Stops at `time_limit` seconds or after `node_limit` search nodes (whichever comes
    first; None for no limit) with the best layout found and a proven upper bound.
    Given the same limits that were not reached, the answer is always the same, from
    either engine ("compiled" or "python"; None picks as _engine() says)."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    ids = sorted(tiles)
    codes = _codes(tiles, ids)
    engine = _engine(engine)
    tables = None
    if engine == "compiled" and len(codes) == SIZE * SIZE:
        flat = bytes(x for tile in codes for x in tile)
        seconds_left = -1.0 if deadline is None else max(0.0, deadline - time.perf_counter())
        limit = -1 if node_limit is None else node_limit
        best, best_grid, proven, bound, nodes = _csearch.search(flat, _geometry(), limit, seconds_left)
    else:
        engine = "python"
        tables = _Tables(codes)
        search = _Search(tables, -1, None, deadline, node_limit)
        try:
            search.run()
            proven = True
        except _OutOfBudget:
            proven = False
        best, best_grid, nodes = search.best, search.best_grid, search.nodes
        bound = best if proven else max([best, *search.open])
    if best_grid is None:  # no full layout exists, or none was found in time
        found = _fewer_tiles(tables or _Tables(codes, quads=False), ids, deadline, node_limit, start, none_full=proven)
        found.engine, found.nodes = engine, nodes
        return found
    layout: Layout = [[None] * SIZE for _ in range(SIZE)]
    for k, o in enumerate(best_grid):
        r, c = ORDER[k]
        layout[r][c] = Placement(ids[o >> 2], _DEGREES[o & 3])
    return Solution(layout, 2 * best, 16, proven, 2 * bound, time.perf_counter() - start, engine, nodes)


def _fewer_tiles(
    tables: _Tables, ids: list[int], deadline: float | None, node_limit: int | None, start: float, none_full: bool
) -> Solution:
    """The rules' fallback: the most tiles the grid can hold, leaving holes, then the most
    matches (proven only if the full search has shown that no layout holds all 16).

    A plain depth-first search in reading order: tile sets that cannot be laid whole
    are rare and constrained, so the quadrant machinery is not needed."""
    h, v, sq, m, n = tables.h, tables.v, tables.sq, 4 * tables.n, tables.n
    twin_before = tables.twin_before
    cells = SIZE * SIZE
    grid: list[int | None] = [None] * cells
    # The objective is (tiles, matches) as one number: a tile outweighs any matches,
    # and a cell adds at most 4 matches (2 to the left, 2 above).
    per_tile, most_per_cell = 100, 100 + 4
    best = [0, [None] * cells]  # the empty grid is the layout to beat
    nodes = 0
    # A turn that looks the same as an earlier turn of the tile is the same choice.
    turns = [o for o in range(4 * n) if sq[o] not in sq[o - o % 4 : o]]

    def run(k: int, mask: int, value: int) -> None:
        nonlocal nodes
        nodes += 1
        if (node_limit is not None and nodes > node_limit) or (
            deadline is not None and nodes & 1023 == 0 and time.perf_counter() > deadline
        ):
            raise _OutOfBudget
        if k == cells:
            if value > best[0]:
                best[:] = value, grid[:]
            return
        if value + most_per_cell * (cells - k) <= best[0]:
            return
        left = grid[k - 1] if k % SIZE else None
        up = grid[k - SIZE] if k >= SIZE else None
        options = []
        for o in turns:
            t = o >> 2
            if not mask >> t & 1 or (twin_before[t] >= 0 and mask >> twin_before[t] & 1):
                continue
            gain = (0 if left is None else h[left * m + o]) + (0 if up is None else v[up * m + o])
            if gain >= 0:
                options.append((gain, o))
        options.sort(key=lambda g: -g[0])
        for gain, o in options:
            grid[k] = o
            run(k + 1, mask & ~(1 << (o >> 2)), value + per_tile + gain)
        grid[k] = None
        run(k + 1, mask, value)

    try:
        run(0, (1 << n) - 1, 0)
        proven = none_full
    except _OutOfBudget:
        proven = False
    value, found = best
    layout: Layout = [[None] * SIZE for _ in range(SIZE)]
    for k, o in enumerate(found):
        if o is not None:
            layout[k // SIZE][k % SIZE] = Placement(ids[o >> 2], _DEGREES[o & 3])
    placed, matches = divmod(value, per_tile)
    # Unproven, the bound is only the rules' ceiling: every pair of a full grid matching.
    bound = matches if proven else 2 * SIZE * (SIZE - 1) * 2
    return Solution(layout, 2 * matches, placed, proven, 2 * bound, time.perf_counter() - start)
