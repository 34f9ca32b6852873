"""The two files of a Power Lines game: a finished grid (`.grid`) and a whole game (`.record`).

A `.grid` is a finished game as four rows of four tiles:

    # comments run from '#' to the end of the line; blank lines are ignored
    3S 5M 2C 4A
    2M 4S 5A 3C
    5C 3A 4M 2S
    4C 2A 3M 5S

A tile is rank then suit (`3S`, any case). The game uses exactly the sixteen
tiles of ranks 2-5 in the four suits (S, M, C, A), each once; null and ace
tiles stay in the box.

A `.record` is a game as its sixteen placements, in play order:

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
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from pnp.core.diagnostics import Diagnostic, Parsed, error, sort_key
from pnp.core.rules import MultisetRules
from pnp.core.textfile import brief, load_text, position, row_width, tokens_by_line
from pnp.piecepack.model import SUITS, Piece

SIZE = 4
RANKS = range(2, 6)
TILES: tuple[Piece, ...] = tuple(Piece(rank, suit) for suit in SUITS for rank in RANKS)

TILE_RULES = MultisetRules.each_once("Power Lines", [str(tile) for tile in TILES], "the 2-5 tiles of every suit, each exactly once")


@dataclass(frozen=True)
class Grid:
    """A complete game: `rows[r][c]`, row 0 at the top, column 0 on the left."""

    rows: tuple[tuple[Piece, ...], ...]

    def __str__(self) -> str:
        return "\n".join(" ".join(str(tile) for tile in row) for row in self.rows) + "\n"


@dataclass(frozen=True)
class Located:
    """A tile as written in a file, kept with its position for diagnostics."""

    tile: Piece
    line: int
    column: int


def source_lines(text: str) -> list[str]:
    """Lines with comments cut off; split on '\\n' only so numbers match what editors show."""
    return [line.split("#", 1)[0] for line in text.split("\n")]


def parse_tile(text: str, line: int, column: int) -> Located | Diagnostic:
    """A tile of the game, or the reason the token is not one."""
    piece = Piece.parse(text)
    if piece is None:
        return error("bad-tile", f"'{brief(text)}' is not a tile: write rank then suit, like 3S (ranks 2-5; suits S, M, C, A)", line, column)
    if piece.rank not in RANKS:
        return error("unused-tile", f"'{text}': Power Lines uses only the 2, 3, 4 and 5 tiles, not nulls or aces", line, column)
    return Located(piece, line, column)


def check_tiles(placed: list[Located]) -> list[Diagnostic]:
    """The shared multiset rules, with each duplicate reported where it was written."""
    seen: dict[str, list[Located]] = defaultdict(list)
    for p in placed:
        seen[str(p.tile)].append(p)
    counts = {name: len(where) for name, where in seen.items()}
    found: list[Diagnostic] = []
    missing: list[str] = []
    for v in TILE_RULES.check(counts):
        if v.code == "too-many-copies":
            first, *again = seen[v.named]
            found += [
                error("duplicate-tile", f"{v.item} is used again (first at line {first.line}, column {first.column}); each tile is used once", p.line, p.column)
                for p in again
            ]
        elif v.code == "too-few-copies":
            missing.append(v.named)
        elif v.code == "wrong-total":
            found.append(error("wrong-total", f"{_tiles(TILE_RULES.counted_total(counts))} given; Power Lines uses exactly {len(TILES)}"))
        else:
            found.append(error(v.code, v.message))
    if missing:
        # One finding for all of them: sixteen separate lines would bury the real mistake.
        found.append(error("missing-tile", f"missing tile{'s' if len(missing) > 1 else ''}: {', '.join(missing)}"))
    return found


def load_grid(data: bytes) -> Parsed[Grid]:
    """The grid a `.grid` file's bytes hold, or None and every problem found."""
    return load_text(data, parse_grid)


def parse_grid(text: str) -> Parsed[Grid]:
    """The grid a `.grid` text describes, or None and every problem found in it."""
    rows: list[list[Located]] = []
    found: list[Diagnostic] = []
    for number, tokens in tokens_by_line(text):
        if len(rows) >= SIZE:
            # A whole extra row is one mistake; its width does not matter.
            found.append(error("too-many-rows", f"a grid has {SIZE} rows; this is row {len(rows) + 1}", number, tokens[0][0]))
        else:
            found += row_width(tokens, SIZE, "tile", number)
        row: list[Located] = []
        for column, token in tokens:
            tile = parse_tile(token, number, column)
            if isinstance(tile, Diagnostic):
                found.append(tile)
            else:
                row.append(tile)
        rows.append(row)
    if not rows:
        # Say it once instead of listing all sixteen tiles as missing.
        return Parsed(None, [error("empty-grid", "no tiles: a grid is 4 rows of 4 tiles", *position(text))])
    if len(rows) < SIZE:
        found.append(error("too-few-rows", f"only {len(rows)} row{'s' if len(rows) > 1 else ''}; a grid has {SIZE}", *position(text)))
    # In a grid a wrong count comes from a bad shape or a token that is no tile,
    # and both are already reported where they happen.
    found += [d for d in check_tiles([p for row in rows for p in row]) if d.code != "wrong-total"]
    if found:
        return Parsed(None, sorted(found, key=sort_key))
    return Parsed(Grid(tuple(tuple(p.tile for p in row) for row in rows)), [])


def _tiles(n: int) -> str:
    return f"{n} tile{'s' if n != 1 else ''}"


# --- the .record format ----------------------------------------------------------------------

Spot = tuple[int, int]  # (column, row)
Cell = tuple[int, int]  # (row, column) of the finished grid
Move = tuple[Piece, Spot]


@dataclass(frozen=True)
class Game:
    """A game after `turns` of its placements: the grid it ends in, its sixteen moves in play order
    (none for a `.grid`, which holds the end only), and the cells of the grid covered so far."""

    grid: Grid
    moves: tuple[Move, ...]
    turns: int
    placed: frozenset[Cell]
    diagnostics: tuple[Diagnostic, ...] = ()

    @staticmethod
    def finished(grid: Grid, moves: tuple[Move, ...] = ()) -> Game:
        return Game(grid, moves, SIZE * SIZE, frozenset((r, c) for r in range(SIZE) for c in range(SIZE)))

    def cell(self, spot: Spot) -> Cell:
        """Where a spot of the moves lies in the finished grid."""
        left = min(c for _, (c, _) in self.moves)
        top = min(r for _, (_, r) in self.moves)
        return spot[1] - top, spot[0] - left


def replay(game: Game, turns: int | None = None) -> Game:
    """A finished game as it stood after `turns` placements (None: all of them)."""
    turns = len(game.moves) if turns is None else turns
    return Game(game.grid, game.moves, turns, frozenset(game.cell(spot) for _, spot in game.moves[:turns]))


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


def legal_spots(board: Mapping[Spot, Piece]) -> list[Spot]:
    """Every spot the next tile may go on, in reading order (row, then column): 0,0 on an empty board."""
    if not board:
        return [(0, 0)]
    near = {(c + dc, r + dr) for c, r in board for dc, dr in _NEIGHBOURS}
    return sorted((spot for spot in near if placement_problem(board, spot) is None), key=lambda s: (s[1], s[0]))


def load_record(data: bytes) -> Parsed[Game]:
    """The finished game a `.record` file's bytes hold, or None and every problem found."""
    return load_text(data, parse_game)


def parse_record(text: str) -> Parsed[Grid]:
    """The final grid a finished `.record` text determines, or None and every problem found."""
    game, found = parse_game(text)
    return Parsed(None if game is None else game.grid, found)


def parse_game(text: str) -> Parsed[Game]:
    """The finished game a `.record` text holds, or None and every problem found in it."""
    moves: list[Placed] = []
    problems: list[Diagnostic] = []
    for number, line in enumerate(source_lines(text), 1):
        if not line.strip():
            continue
        m = _PLACEMENT.fullmatch(line)
        if m is None:
            column = len(line) - len(line.lstrip()) + 1
            problems.append(error("bad-placement", "expected a placement like '3S @ 0,0' (tile @ column,row)", number, column))
            continue
        tile = parse_tile(m["tile"], number, m.start("tile") + 1)
        if isinstance(tile, Diagnostic):
            problems.append(tile)
            continue
        spot = (int(m["column"]), int(m["row"]))
        where = m.start("column") + 1
        if not moves and spot != (0, 0):
            # Still place it: the rest of the record is read relative to it.
            problems.append(error("first-not-origin", f"the first tile goes at 0,0 (positions count from it), not {spot[0]},{spot[1]}", number, where))
        moves.append(Placed(tile, spot, where))
    return game_of(moves, problems, "no placements: a record lists 16 tiles like '3S @ 0,0'", position(text))


@dataclass(frozen=True)
class Placed:
    """A placement as a file wrote it: the tile (with where it was written), the spot, and the
    column the spot was written at (on the tile's line)."""

    tile: Located
    spot: Spot
    column: int


def game_of(moves: list[Placed], problems: list[Diagnostic], empty: str, end: tuple[int, int]) -> Parsed[Game]:
    """The finished game a file's placements make under the rules, whatever notation wrote them
    (a `.record`, PPN), or None and every problem found: the file's own (`problems`), each broken
    placement rule, the tiles' count; `empty` says what is missing where there is nothing at all."""
    board: dict[Spot, Piece] = {}
    for move in moves:
        broken = placement_problem(board, move.spot)
        if broken is not None:
            # An illegal move stays off the board, so later moves are judged against legal play only.
            problems.append(error(broken[0], broken[1], move.tile.line, move.column))
        else:
            board[move.spot] = move.tile.tile
    if not moves and not problems:
        # Say it once instead of listing all sixteen tiles as missing.
        return Parsed(None, [error("empty-record", empty, *end)])
    diagnostics = sorted(problems + check_tiles([m.tile for m in moves]), key=sort_key)
    if diagnostics:
        return Parsed(None, diagnostics)
    # Sixteen legal placements in at most 4x4 spots fill the square exactly.
    left = min(c for c, _ in board)
    top = min(r for _, r in board)
    grid = Grid(tuple(tuple(board[(left + c, top + r)] for c in range(SIZE)) for r in range(SIZE)))
    return Parsed(Game.finished(grid, tuple((tile, spot) for spot, tile in board.items())), [])
