"""Simulated annealing for Pack Solitaire: good full layouts fast, to start the exact search from."""

from __future__ import annotations

import math
import random

from .engine import SIZE

EMPTY = 6
CELLS = [(r, c) for r in range(SIZE) for c in range(SIZE)]
# For each cell index: (square of mine, other cell index, square of theirs) for every facing pair.
_FACING: list[list[tuple[int, int, int]]] = [[] for _ in CELLS]
PAIRS: list[tuple[int, int, int, int]] = []
for i, (r, c) in enumerate(CELLS):
    if c + 1 < SIZE:
        PAIRS += [(i, 1, i + 1, 0), (i, 3, i + 1, 2)]
    if r + 1 < SIZE:
        PAIRS += [(i, 2, i + SIZE, 0), (i, 3, i + SIZE, 1)]
for p, (a, sa, b, sb) in enumerate(PAIRS):
    _FACING[a].append(p)
    _FACING[b].append(p)


def _pair_value(a: int, b: int, penalty: int) -> int:
    if a == b:
        return 1
    if a == EMPTY or b == EMPTY or a + b == 5:
        return 0
    return -penalty


def anneal(squares: list[list[tuple[int, ...]]], steps: int, seed: int) -> tuple[list[tuple[int, int]], int]:
    """`squares[t][q]`: tile t's squares after q quarter turns. Returns the best rule-abiding
    layout seen as (tile, quarter turns) per cell, row by row, and its matching pairs (-1 if none)."""
    rng = random.Random(seed)
    n = len(squares)
    state = [(t, 0) for t in range(n)]
    rng.shuffle(state)
    penalty = 2

    def value(p: int) -> int:
        a, sa, b, sb = PAIRS[p]
        ta, qa = state[a]
        tb, qb = state[b]
        return _pair_value(squares[ta][qa][sa], squares[tb][qb][sb], penalty)

    def invalid() -> int:
        return sum(value(p) < 0 for p in range(len(PAIRS)))

    energy = sum(value(p) for p in range(len(PAIRS)))
    best: list[tuple[int, int]] = []
    best_pairs = -1
    hot, cold = 1.0, 0.05
    for step in range(steps):
        t = hot * (cold / hot) ** (step / steps)
        i = rng.randrange(n)
        j = rng.randrange(n) if rng.random() < 0.5 else i
        was = state[i], state[j]
        touched = set(_FACING[i]) | set(_FACING[j])
        old = sum(value(p) for p in touched)
        state[i], state[j] = state[j], state[i]
        if j == i or rng.random() < 0.5:
            state[i] = (state[i][0], rng.randrange(4))
        delta = sum(value(p) for p in touched) - old
        if delta >= 0 or rng.random() < math.exp(delta / t):
            energy += delta
            if energy > best_pairs and invalid() == 0:
                best, best_pairs = list(state), energy
        else:
            state[i], state[j] = was
    return best, best_pairs
