"""Pack Solitaire layouts in PPN, the piecepack community's Portable Piecepack Notation (shared
parts: pnp.piecepack.ppn), so that piecepackr's tools can draw them; and PPN read back into a
layout of a tile set.

A Pack Solitaire tile is a piecepack tile lying face down with three coins on its quarters, value
side up. pnp writes each as the tile's back (`t`) at its centre, the layout's cells at b8 to h2
(a tile is 2 units wide: columns b, d, f, h from the left, rows 8, 6, 4, 2 from the top), then
its coins, face up (`cS5f`: the coin of Suns, 5), each at the centre of its quarter, half a unit
from the tile's:

    setup. t@b8 cS5f@(1.5,8.5) cMnf@(2.5,8.5) cA2f@(1.5,7.5)

What PPN cannot say: which tile of the tile set a cell holds (its number), which of the two
piecepacks a coin comes from, and how far a tile is turned (a tile's back looks the same all
round). A PPN layout is therefore read with its tile set: each cell's coins, as they lie, must be
those of one tile of the set turned 0, 90, 180 or 270 degrees clockwise; where two tiles of the
set hold the same coins alike, the first not yet used is taken (the score is the same).
"""

from __future__ import annotations

from pnp.core.diagnostics import Diagnostic, Parsed, error, sort_key
from pnp.core.textfile import brief, decode
from pnp.piecepack.model import Piece
from pnp.piecepack.ppn import Placing, header, letters, number, placements

from .engine import LL, LR, SIZE, UL, UR, Cell, Layout, Placement, Tile, rotate
from .files import DEGREES, LayoutFile

GAME_TYPE = "Pack Solitaire"
_TILE_UNITS = 2
_QUARTERS = {(-0.5, 0.5): UL, (0.5, 0.5): UR, (-0.5, -0.5): LL, (0.5, -0.5): LR}  # from a tile's centre; y grows upwards


def _centre(cell: Cell) -> tuple[int, int]:
    row, column = cell
    return _TILE_UNITS * column + _TILE_UNITS, _TILE_UNITS * (SIZE - row)


def write_ppn(tiles: dict[int, Tile], layout: Layout, title: str) -> str:
    """A layout in PPN: each placed tile's back, then its coins as they lie."""
    moves = []
    for r, row in enumerate(layout):
        for c, placement in enumerate(row):
            if placement is None:
                continue
            x, y = _centre((r, c))
            squares = rotate(tiles[placement.tile_id], placement.deg)
            coins = [
                f"c{coin.suit.value}{coin.rank}f@({number(x + dx)},{number(y + dy)})" for (dx, dy), i in _QUARTERS.items() if (coin := squares[i]) is not None
            ]
            moves.append(" ".join([f"t@{letters(x)}{y}", *coins]))
    return "\n".join([*header(GAME_TYPE, title), "setup. " + "\n".join(moves) if moves else "setup."]) + "\n"


def parse_ppn_layout(data: bytes, tiles: dict[int, Tile]) -> Parsed[LayoutFile]:
    """The layout a PPN file holds, its cells matched to `tiles`, or None and every problem found."""
    text, problem = decode(data)
    if text is None:
        return Parsed(None, [problem] if problem else [])
    placed, found = placements(text, GAME_TYPE, "t@b8")
    cells: dict[Cell, Placing] = {}
    squares: dict[Cell, list[Piece | None]] = {}
    for p in placed:
        if p.piece in ("t", "tb"):
            cell = _cell(p)
            if isinstance(cell, Diagnostic):
                found.append(cell)
            elif cell in cells:
                found.append(error("ppn-tile-twice", f"a tile is already here (line {cells[cell].line}, column {cells[cell].column})", p.line, p.where_column))
            else:
                cells[cell], squares[cell] = p, [None] * 4
            continue
        coin = _coin(p)
        if isinstance(coin, Diagnostic):
            found.append(coin)
            continue
        home = next(((cell, _QUARTERS.get((p.x - x, p.y - y))) for cell in cells for x, y in [_centre(cell)] if abs(p.x - x) <= 1 and abs(p.y - y) <= 1), None)
        if home is None or home[1] is None:
            found.append(
                error(
                    "ppn-coin-off-tile",
                    "a coin lies on the centre of a quarter of a tile placed before it, half a unit from the tile's centre",
                    p.line,
                    p.where_column,
                )
            )
        elif squares[home[0]][home[1]] is not None:
            found.append(error("ppn-coin-twice", "this quarter already holds a coin", p.line, p.where_column))
        else:
            squares[home[0]][home[1]] = coin
    if found:  # the coins are matched to tiles only once every piece reads
        return Parsed(None, sorted(found, key=sort_key))
    layout: Layout = [[None] * SIZE for _ in range(SIZE)]
    used: set[int] = set()
    for cell, p in cells.items():
        placement = _matched(tuple(squares[cell]), tiles, used)  # type: ignore[arg-type]  # four squares
        if placement is None:
            shown = " ".join("." if s is None else str(s) for s in squares[cell])
            found.append(error("ppn-no-such-tile", f"no tile of the tile set holds these coins ({shown}, UL UR LL LR) at any turn", p.line, p.column))
            continue
        used.add(placement.tile_id)
        layout[cell[0]][cell[1]] = placement
    if found:
        return Parsed(None, sorted(found, key=sort_key))
    return Parsed(LayoutFile(layout, {cell: (p.line, p.column) for cell, p in cells.items()}), [])


def _cell(p: Placing) -> Cell | Diagnostic:
    column, row = (p.x - _TILE_UNITS) / _TILE_UNITS, SIZE - p.y / _TILE_UNITS
    if column not in range(SIZE) or row not in range(SIZE):
        return error("ppn-off-grid", "a tile lies on the 4 x 4 grid of b8 to h2 (columns b, d, f, h; rows 8, 6, 4, 2)", p.line, p.where_column)
    return int(row), int(column)


def _coin(p: Placing) -> Piece | Diagnostic:
    spec = p.piece
    if len(spec) == 4 and spec[0] == "c" and spec[-1] == "f":
        piece = Piece.parse({"0": "n", "1": "a"}.get(spec[2], spec[2]) + spec[1])
        if piece is not None:
            return piece
    return error("ppn-piece", f"'{brief(spec)}' is neither a tile's back (t) nor a coin face up (like cS5f)", p.line, p.column)


def _matched(squares: Tile, tiles: dict[int, Tile], used: set[int]) -> Placement | None:
    """The first tile not yet used that lies as `squares` at some turn."""
    return next((Placement(i, deg) for i in sorted(tiles) if i not in used for deg in DEGREES if rotate(tiles[i], deg) == squares), None)
