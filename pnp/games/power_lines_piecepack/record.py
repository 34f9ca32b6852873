"""The `.record` format: a Power Lines game as its sixteen placements, in play order.

    # comments run from '#' to the end of the line; blank lines are ignored
    4S @ 0,0      # the first tile always sits at 0,0
    3M @ 1,0      # COLUMN,ROW from the first tile: right and down are positive
    5C @ 0,-1     # negative numbers are left of / above the first tile

One placement a line: a tile (rank then suit, any case), `@`, then the column
and row. Every placement after the first must keep the placement rule: it
touches an earlier tile orthogonally, lands on an empty spot, and leaves the
played tiles no more than 4 wide and 4 tall. A record that may be scored
holds all sixteen 2-5 tiles, each once; the tiles then fill a 4x4 square,
and that square is the game's grid.
"""

from __future__ import annotations

import re
from typing import Mapping

from pnp.diagnostics import Diagnostic, error, sort_key
from pnp.piecepack.model import Piece

from .grid import SIZE, Grid, Located, check_tiles, end_of_file, parse_tile, source_lines

Spot = tuple[int, int]  # (column, row)

# Positions stay within -3..3 in a real game; capping the digits keeps int() safe on hostile input.
_PLACEMENT = re.compile(r"\s*(?P<tile>[^\s@]+)\s*@\s*(?P<column>[+-]?[0-9]{1,6})\s*,\s*(?P<row>[+-]?[0-9]{1,6})\s*")
_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def placement_problem(board: Mapping[Spot, Piece], spot: Spot) -> tuple[str, str] | None:
    """Why a tile may not go on `spot` given the tiles on `board`, as (code, message); None if it may."""
    column, row = spot
    if spot in board:
        return "occupied", f"{column},{row} is already taken by {board[spot]}"
    if board and not any((column + dc, row + dr) in board for dc, dr in _NEIGHBOURS):
        return "not-adjacent", f"{column},{row} touches no tile played before; place a tile beside one (not diagonally)"
    spots = [*board, spot]
    width = max(c for c, _ in spots) - min(c for c, _ in spots) + 1
    height = max(r for _, r in spots) - min(r for _, r in spots) + 1
    if width > SIZE:
        return "too-wide", f"a tile at {column},{row} makes the grid {width} tiles wide; at most {SIZE} allowed"
    if height > SIZE:
        return "too-tall", f"a tile at {column},{row} makes the grid {height} tiles tall; at most {SIZE} allowed"
    return None


def parse_record(text: str) -> tuple[Grid | None, list[Diagnostic]]:
    """The final grid a finished `.record` text determines, or None and every problem found."""
    board: dict[Spot, Piece] = {}
    placed: list[Located] = []
    problems: list[Diagnostic] = []
    for number, line in enumerate(source_lines(text), 1):
        if not line.strip():
            continue
        m = _PLACEMENT.fullmatch(line)
        if m is None:
            column = len(line) - len(line.lstrip()) + 1
            problems.append(error("bad-placement", "expected a placement like '3S @ 0,0' (tile @ column,row)", number, column))
            continue
        tile, problem = parse_tile(m["tile"], number, m.start("tile") + 1)
        if problem is not None:
            problems.append(problem)
            continue
        placed.append(tile)
        spot = (int(m["column"]), int(m["row"]))
        where = m.start("column") + 1
        if not board and spot != (0, 0):
            # Still place it: the rest of the record is read relative to it.
            problems.append(error("first-not-origin", f"the first tile goes at 0,0 (positions count from it), not {spot[0]},{spot[1]}", number, where))
        broken = placement_problem(board, spot)
        if broken is not None:
            # An illegal move stays off the board, so later moves are judged against legal play only.
            problems.append(error(broken[0], broken[1], number, where))
        else:
            board[spot] = tile.tile
    if not placed and not problems:
        # Say it once instead of listing all sixteen tiles as missing.
        return None, [error("empty-record", "no placements: a record lists 16 tiles like '3S @ 0,0'", *end_of_file(text))]
    diagnostics = sorted(problems + check_tiles(placed), key=sort_key)
    if diagnostics:
        return None, diagnostics
    # Sixteen legal placements in at most 4x4 spots fill the square exactly.
    left = min(c for c, _ in board)
    top = min(r for _, r in board)
    return Grid(tuple(tuple(board[(left + c, top + r)] for c in range(SIZE)) for r in range(SIZE))), []
