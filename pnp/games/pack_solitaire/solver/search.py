"""The Python engine: the quadrant branch and bound for a full layout (the reference
the compiled core follows node for node), and the plain search with holes that the
rules fall back on when not every tile fits."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from typing import TypeVar

from pnp.games.pack_solitaire.codes import DEGREES, NO_SQUARE, REL, Codes
from pnp.games.pack_solitaire.engine import LL, LR, SIZE, UL, UR, Cell, Layout, Placement
from pnp.games.pack_solitaire.solver.geometry import LOOSE_BL_BR, NEIGHBOURS, PLANS, POS, ROW_ABOVE_BOTTOM, TWO_TURNS, point_max
from pnp.games.pack_solitaire.solver.tables import Candidate, Tables, quarter_turn

K = TypeVar("K")
V = TypeVar("V")
Block = tuple[int, int, int, int]  # the oriented tiles of a quadrant: TL, TR, BL, BR
Split = tuple[int, int, int, int]  # (capped score sum, BL tiles, BR tiles, capped BR score): Search.splits


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


class OutOfBudget(Exception):
    pass


class _Cache(dict[K, V]):
    """A memo that empties itself when full: its values can always be computed again."""

    def __init__(self, most: int):
        super().__init__()
        self.most = most

    def put(self, key: K, value: V) -> None:
        if len(self) >= self.most:
            self.clear()
        self[key] = value


class Search:
    """Depth-first branch and bound over the cells in ORDER; pairs are counted once."""

    def __init__(self, tables: Tables, best: int, best_grid: list[int] | None, deadline: float | None, node_limit: int | None, stop: bytearray | None = None):
        self.t = tables
        self.best = best
        self.best_grid = best_grid
        self.grid = [0] * 16
        self.deadline = deadline
        self.node_limit = node_limit
        self.stop = stop  # its first byte, once set (by Ctrl-C), stops the search at the next check
        self.nodes = 0
        self.open: list[int] = []  # bound of the child being explored, per level
        sq = tables.sq
        # Profile relations: for the squares (x, y) above a cell, what each oriented tile's
        # top side scores against them; likewise for the squares (x, y) to its left.
        self.rel_top = [[REL[x][s[UL]] + REL[y][s[UR]] for s in sq] for x in range(7) for y in range(7)]
        self.rel_left = [[REL[x][s[UL]] + REL[y][s[LL]] for s in sq] for x in range(7) for y in range(7)]
        # Bounded caches: emptied when full, so memory does not grow with the search.
        self.t_memo: _Cache[tuple[int, int, int, int], int] = _Cache(1 << 17)
        self.split_memo: _Cache[int, list[Split]] = _Cache(1 << 11)  # a few kB each
        self.first_bound: dict[int, int] = {}

    # -- bounds ------------------------------------------------------------
    def loose(self, d: int) -> int:
        """Bound on the pairs between quadrants not yet settled at depth d."""
        total, _, groups = PLANS[d]
        sq, grid = self.t.sq, self.grid
        for known, where, size, pairs, table in groups:
            key = 0
            for p, s in known:
                key = key * 7 + sq[grid[p]][s]
            got = table[key]
            if got < 0:
                codes = [NO_SQUARE] * size
                for i, (p, s) in zip(where, known):
                    codes[i] = sq[grid[p]][s]
                got = table[key] = point_max(tuple(codes), pairs)
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
        bl_a, bl_b, br_a, br_b = (7 * sq[grid[p]][LL] + sq[grid[p]][LR] for p in ROW_ABOVE_BOTTOM)
        # Only splits that could beat the best layout matter.
        beat = self.best - score - LOOSE_BL_BR
        for both, bl, br, quad_br in self.splits(mask, cap):
            if both + 8 <= beat:
                break  # sorted: every later split is weaker
            up_bl = self.quad_with_top(bl, bl_a, bl_b, cap)
            if up_bl + quad_br + 4 <= beat:
                continue
            value = up_bl + self.quad_with_top(br, br_a, br_b, cap)
            if value > beat:
                beat = value
        return score + beat + LOOSE_BL_BR

    def splits(self, mask: int, cap: int) -> list[Split]:
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

    def last_quadrant(self, mask: int, cap: int) -> tuple[int, Block | None]:
        """Depth 12: the best BR outright, given TR above it and BL to its left.
        Returns (pairs gained, arrangement) or (negative, None)."""
        sq, grid = self.t.sq, self.grid

        def sq_at(cell: Cell) -> Codes:
            return sq[grid[POS[cell]]]

        top_a = self.rel_top[7 * sq_at((1, 2))[LL] + sq_at((1, 2))[LR]]
        top_b = self.rel_top[7 * sq_at((1, 3))[LL] + sq_at((1, 3))[LR]]
        left_a = self.rel_left[7 * sq_at((2, 1))[UR] + sq_at((2, 1))[LR]]
        left_c = self.rel_left[7 * sq_at((3, 1))[UR] + sq_at((3, 1))[LR]]
        arrangement: Block | None
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
        for _ in range(TWO_TURNS[q]):
            o1, o2 = quarter_turn(o1), quarter_turn(o2)
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

    def child_bound(self, k: int, mask: int, score: int, inner: int, cap: int | None, o: int) -> tuple[int, int | None, Block | None]:
        """Bound on the best layout through the child that put oriented tile o at position k.
        Returns (bound, cap for the child, the best last quadrant when it was solved)."""
        d = k + 1
        q, j = divmod(d, 4)
        _, loose_most, _ = PLANS[d]
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
        if d == 8 and bound > self.best and cap is not None:  # cap is set at depth 4, when TL is done
            bound = min(bound, self.bottom_half(mask, score, cap))
        return bound, cap, None

    # -- search ------------------------------------------------------------
    def candidates(self, k: int) -> list[Candidate]:
        """Oriented tiles that may stand at position k next to the placed neighbours, as
        (pairs gained, pairs gained inside the quadrant, oriented tile), most gained first."""
        sq, grid = self.t.sq, self.grid
        key = tuple(sq[grid[p]][theirs] for p, squares, _ in NEIGHBOURS[k] for _, theirs in squares)
        table = self.t.cands[k]
        got = table.get(key)
        if got is None:
            got = []
            for o, mine in enumerate(sq):
                gain = inner = 0
                codes = iter(key)
                for _p, squares, same in NEIGHBOURS[k]:
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
            if (self.deadline is not None and time.perf_counter() > self.deadline) or (self.node_limit is not None and self.nodes > self.node_limit):
                raise OutOfBudget
            if self.stop is not None and self.nodes & 1023 == 0 and self.stop[0]:
                raise OutOfBudget  # checked where the compiled search checks it: both stop at the same node
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


def fewer_tiles(
    tables: Tables, ids: list[int], deadline: float | None, node_limit: int | None, start: float, none_full: bool, stop: bytearray | None = None
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
    best_value, best_grid = 0, grid[:]  # the empty grid is the layout to beat
    nodes = 0
    # A turn that looks the same as an earlier turn of the tile is the same choice.
    turns = [o for o in range(4 * n) if sq[o] not in sq[o - o % 4 : o]]

    def run(k: int, mask: int, value: int) -> None:
        nonlocal nodes, best_value, best_grid
        nodes += 1
        if (node_limit is not None and nodes > node_limit) or (
            nodes & 1023 == 0 and ((deadline is not None and time.perf_counter() > deadline) or (stop is not None and stop[0]))
        ):
            raise OutOfBudget
        if k == cells:
            if value > best_value:
                best_value, best_grid = value, grid[:]
            return
        if value + most_per_cell * (cells - k) <= best_value:
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
    except OutOfBudget:
        proven = False
    value, found = best_value, best_grid
    layout: Layout = [[None] * SIZE for _ in range(SIZE)]
    for k, o in enumerate(found):
        if o is not None:
            layout[k // SIZE][k % SIZE] = Placement(ids[o >> 2], DEGREES[o & 3])
    placed, matches = divmod(value, per_tile)
    # Unproven, the bound is only the rules' ceiling: every pair of a full grid matching.
    bound = matches if proven else 2 * SIZE * (SIZE - 1) * 2
    return Solution(layout, 2 * matches, placed, proven, 2 * bound, time.perf_counter() - start)
