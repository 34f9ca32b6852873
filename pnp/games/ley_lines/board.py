"""The Ley Lines board, derived from the 24 tile centres in layouts/ley-lines.toml.

The rules' own board diagram is lost; the tile centres reconstruct it (see the
layout file). Each 2 x 2 in tile holds four 1 in spaces, and every tile sits on
the same 1 in lattice, so a space is a lattice point (column, row): columns
1-13 run west to east and are named a-m, rows 1-15 run south to north. Space
(c, r) is centred c in east and r in north of the lattice origin, so the names
players use (`e10`, `f10`) are derived too, never typed in.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import cache
from typing import Literal

from pnp.core.diagnostics import PnpError
from pnp.core.layouts import LayoutModel, Length, load_layout

Space = tuple[int, int]  # (column, row), both from 1
ISLANDS = ("Albion", "Eire")


class Tile(LayoutModel):
    centre: tuple[Length, Length]  # mm, x east, y north
    island: Literal["Albion", "Eire"]


class BoardLayout(LayoutModel):
    space: Length
    tile: Length
    tiles: list[Tile]
    print: dict[str, object]  # drawing settings, read by draw.py


def board_layout() -> BoardLayout:
    return load_layout("ley-lines", BoardLayout)


@dataclass(frozen=True)
class Board:
    """Every space of both islands, and where each tile lies."""

    island: dict[Space, str]  # space -> "Albion" or "Eire"
    tiles: tuple[tuple[str, tuple[Space, ...]], ...]  # island, its four spaces
    columns: int
    rows: int

    @property
    def spaces(self) -> frozenset[Space]:
        return frozenset(self.island)

    def in_use(self, players: int) -> frozenset[Space]:
        """3 players use Albion only; 4 players both islands."""
        return frozenset(s for s, name in self.island.items() if players == 4 or name == "Albion")


@cache
def board() -> Board:
    lay = board_layout()
    per_tile = round(lay.tile / lay.space)
    island: dict[Space, str] = {}
    tiles = []
    for number, tile in enumerate(lay.tiles, 1):
        # The south-west space of the tile: its centre lies half a tile minus half a space from the tile's.
        corner = [(c - lay.tile / 2) / lay.space + 0.5 for c in tile.centre]
        if any(abs(v - round(v)) > 1e-6 for v in corner):
            raise PnpError(f"layouts/ley-lines.toml: error: tile {number} is off the {lay.space:g} mm lattice of spaces")
        x0, y0 = (round(v) for v in corner)
        own = tuple((x0 + i, y0 + j) for j in range(per_tile) for i in range(per_tile))
        for space in own:
            if space in island:
                raise PnpError(f"layouts/ley-lines.toml: error: tile {number} overlaps another at {name(space)}")
            island[space] = tile.island
        tiles.append((tile.island, own))
    columns = max(c for c, _ in island)
    rows = max(r for _, r in island)
    if min(c for c, _ in island) != 1 or min(r for _, r in island) != 1 or columns > len(string.ascii_lowercase):
        raise PnpError("layouts/ley-lines.toml: error: the tiles must start at the first column and row")
    return Board(island, tuple(tiles), columns, rows)


def name(space: Space) -> str:
    """`e10`: the column letter, then the row number."""
    return f"{string.ascii_lowercase[space[0] - 1]}{space[1]}"


_NAME = re.compile(r"([A-Za-z])([0-9]{1,2})")


def parse_space(text: str) -> Space | None:
    """The lattice point a name like `f10` (any case) stands for, or None if it names none."""
    m = _NAME.fullmatch(text)
    if m is None:
        return None
    space = (string.ascii_lowercase.index(m[1].lower()) + 1, int(m[2]))
    b = board()
    return space if 1 <= space[0] <= b.columns and 1 <= space[1] <= b.rows else None


def neighbours(space: Space) -> tuple[Space, ...]:
    """The four orthogonal neighbours on the lattice, north, east, south, west (on the board or not)."""
    c, r = space
    return ((c, r + 1), (c + 1, r), (c, r - 1), (c - 1, r))


def adjacent(a: Space, b: Space) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def king_distance(a: Space, b: Space) -> int:
    """Steps between two spaces moving orthogonally or diagonally (the Chebyshev distance)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
