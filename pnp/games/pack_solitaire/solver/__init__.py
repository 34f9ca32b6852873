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
installed) and the Python code in tables.py and search.py, the reference. They visit
the same nodes in the same order, so they give the same layout, bound and proof. The
compiled one is used when it was built, unless the environment variable
PNP_SOLVER=python asks for the Python one. Both read the board from geometry.py and
the tiles as codes.py encodes them.
"""

from __future__ import annotations

import os
import time

from pnp.games.pack_solitaire.codes import DEGREES, encode
from pnp.games.pack_solitaire.engine import SIZE, Layout, Placement, Tile
from pnp.games.pack_solitaire.solver.geometry import ORDER, c_geometry
from pnp.games.pack_solitaire.solver.search import OutOfBudget, Search, fewer_tiles
from pnp.games.pack_solitaire.solver.search import Solution as Solution  # the answer's type, for solve's callers
from pnp.games.pack_solitaire.solver.tables import Tables

try:
    from pnp.games.pack_solitaire import _csearch  # type: ignore[attr-defined]  # a C extension hatch_build.py compiles: no source for mypy
except ImportError:  # not compiled at install time: the Python engine does the work
    _csearch = None


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
    tiles: dict[int, Tile], time_limit: float | None = 60.0, node_limit: int | None = None, engine: str | None = None, stop: bytearray | None = None
) -> Solution:
    """The best layout: as many tiles placed as possible, then the highest score.

    Stops at `time_limit` seconds or after `node_limit` search nodes (whichever comes
    first; None for no limit) with the best layout found and a proven upper bound.
    Given the same limits that were not reached, the answer is always the same, from
    either engine ("compiled" or "python"; None picks as _engine() says).

    `stop`: a bytearray whose first byte, once set (a Ctrl-C handler sets it), stops the
    search as a limit does, at its next check (every 1024 nodes, the same node in both
    engines), with the best layout found so far."""
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    ids = sorted(tiles)
    codes = [encode(tiles[i]) for i in ids]
    engine = _engine(engine)
    tables = None
    best_grid: list[int] | None
    if engine == "compiled" and len(codes) == SIZE * SIZE:
        flat = bytes(x for tile in codes for x in tile)
        seconds_left = -1.0 if deadline is None else max(0.0, deadline - time.perf_counter())
        limit = -1 if node_limit is None else node_limit
        given = () if stop is None else (stop,)
        best, best_grid, proven, bound, nodes = _csearch.search(flat, c_geometry(), limit, seconds_left, *given)
    else:
        engine = "python"
        tables = Tables(codes)
        search = Search(tables, -1, None, deadline, node_limit, stop)
        try:
            search.run()
            proven = True
        except OutOfBudget:
            proven = False
        best, best_grid, nodes = search.best, search.best_grid, search.nodes
        bound = best if proven else max([best, *search.open])
    if best_grid is None:  # no full layout exists, or none was found in time
        found = fewer_tiles(tables or Tables(codes, quads=False), ids, deadline, node_limit, start, none_full=proven, stop=stop)
        found.engine, found.nodes = engine, nodes
        return found
    layout: Layout = [[None] * SIZE for _ in range(SIZE)]
    for k, o in enumerate(best_grid):
        r, c = ORDER[k]
        layout[r][c] = Placement(ids[o >> 2], DEGREES[o & 3])
    return Solution(layout, 2 * best, 16, proven, 2 * bound, time.perf_counter() - start, engine, nodes)
