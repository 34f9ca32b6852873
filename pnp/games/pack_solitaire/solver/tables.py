"""The tables one tile set is searched with: its tiles in every turn ("oriented tiles",
numbered 4 * tile + quarter turns), the pair scores of any two side by side or one
above the other, and the best 2x2 arrangements of every 4-tile set."""

from __future__ import annotations

import itertools

from pnp.games.pack_solitaire.codes import REL, Codes, turns
from pnp.games.pack_solitaire.engine import LL, LR, UL, UR

Arrangement = tuple[int, int, int, int, int]  # (inner score, TL, TR, BL, BR oriented tiles) of a 2x2 block
Candidate = tuple[int, int, int]  # (pairs gained, of them inside the quadrant, oriented tile): search.candidates


def quarter_turn(o: int) -> int:
    """The oriented tile `o` (4 * tile + quarter turns) turned once more clockwise."""
    return o - o % 4 + (o + 1) % 4


class Tables:
    """Everything precomputed for one tile set of 16 tiles."""

    def __init__(self, codes: list[Codes], quads: bool = True):
        """quads=False leaves out the 2x2 tables, which only the quadrant search reads."""
        n = len(codes)
        self.n = n
        # sq[4 * t + q]: tile t's squares (UL, UR, LL, LR) after q quarter turns.
        self.sq = [sq for tile in codes for sq in turns(tile)]
        m = 4 * n
        sq = self.sq
        # Pair scores of two oriented tiles side by side (h) and one above the other (v).
        self.h = [REL[a[UR]][b[UL]] + REL[a[LR]][b[LL]] for a in sq for b in sq]
        self.v = [REL[a[LL]][b[UL]] + REL[a[LR]][b[UR]] for a in sq for b in sq]
        # Identical tiles are interchangeable: only the first unused one of a kind is tried.
        first: dict[tuple[int, ...], int] = {}
        self.twin_before = [first.setdefault(tuple(sq[4 * t]), t) for t in range(n)]
        for t in range(n):
            if self.twin_before[t] == t:
                self.twin_before[t] = -1
            else:  # the nearest earlier twin
                self.twin_before[t] = max(u for u in range(t) if sq[4 * u] == sq[4 * t])
        if quads:
            self._quads(m)
        self.part_memo: list[int | None] = [None] * (1 << (n + 4))  # by mask << 4 | cap
        self.cands: list[dict[tuple[int, ...], list[Candidate]]] = [{} for _ in range(16)]

    def _quads(self, m: int) -> None:
        """Every valid 2x2 arrangement of every 4-tile set, with its inner score.

        arrangements[mask] lists (score, TL, TR, BL, BR) oriented tiles, in all four
        turns of the block; quad[mask] is the best score (-1: none fits).
        """
        h, v, n = self.h, self.v, self.n
        # right[o][t] and below[o][t]: the turns of tile t that may lie right of (below) the
        # oriented tile o, with the pair's score. One invalid pair makes a sum negative, so
        # blocks are built from valid pairs only.
        right: list[list[list[tuple[int, int]]]] = [[[] for _ in range(n)] for _ in range(m)]
        below: list[list[list[tuple[int, int]]]] = [[[] for _ in range(n)] for _ in range(m)]
        for o in range(m):
            for p in range(m):
                if h[o * m + p] >= 0:
                    right[o][p >> 2].append((p, h[o * m + p]))
                if v[o * m + p] >= 0:
                    below[o][p >> 2].append((p, v[o * m + p]))
        turn = [quarter_turn(o) for o in range(m)]
        self.arrangements: dict[int, list[Arrangement]] = {}
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
            turned: list[Arrangement] = []
            for s, a, b, c, d in found:
                # Turning the block clockwise: BL goes to TL, TL to TR, BR to BL, TR to BR.
                a2, b2, c2, d2 = turn[c], turn[a], turn[d], turn[b]
                a3, b3, c3, d3 = turn[c2], turn[a2], turn[d2], turn[b2]
                turned += (s, a, b, c, d), (s, a2, b2, c2, d2), (s, a3, b3, c3, d3), (s, turn[c3], turn[a3], turn[d3], turn[b3])
            turned.sort(reverse=True)
            self.arrangements[mask] = turned
            self.quad[mask] = turned[0][0]
        # For the partition bound: the 4-tile sets holding each tile as their lowest, best first.
        self.quads_from: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (score, mask)
        for mask in self.arrangements:
            low = (mask & -mask).bit_length() - 1
            self.quads_from[low].append((self.quad[mask], mask))
        for lst in self.quads_from:
            lst.sort(reverse=True)
        # Best score per set with given oriented tiles at block TL and TR: for the bound of
        # a quadrant with two tiles placed. (o_TL, o_TR) -> [(score, mask)], best first.
        pairs: dict[tuple[int, int], dict[int, int]] = {}
        for mask, arr in self.arrangements.items():
            for s, a, b, _, _ in arr:
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
