"""The `.grid` format: a finished Power Lines game as four rows of four tiles.

    # comments run from '#' to the end of the line; blank lines are ignored
    3S 5M 2C 4A
    2M 4S 5A 3C
    5C 3A 4M 2S
    4C 2A 3M 5S

A tile is rank then suit (`3S`, any case). The game uses exactly the sixteen
tiles of ranks 2-5 in the four suits (S, M, C, A), each once; null and ace
tiles stay in the box.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from pnp.diagnostics import Diagnostic, error, sort_key
from pnp.piecepack.model import SUITS, Piece
from pnp.rules import Copies, MultisetRules, Total
from pnp.textfile import tokens_by_line

SIZE = 4
RANKS = range(2, 6)
TILES: tuple[Piece, ...] = tuple(Piece(rank, suit) for suit in SUITS for rank in RANKS)

TILE_RULES = MultisetRules(
    name="Power Lines",
    description="the 2-5 tiles of every suit, each exactly once",
    items=[str(tile) for tile in TILES],
    total=Total(exactly=len(TILES)),
    copies=Copies(min={"*": 1}, max={"*": 1}),
)


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


def end_of_file(text: str) -> tuple[int, int]:
    """Line and column just past the last character: where a missing part would go."""
    lines = text.split("\n")
    return len(lines), len(lines[-1]) + 1


def parse_tile(text: str, line: int, column: int) -> tuple[Located | None, Diagnostic | None]:
    """A tile of the game, or the reason the token is not one."""
    piece = Piece.parse(text)
    if piece is None:
        # Quote a long token only in part: the message should fit on a line.
        shown = text if len(text) <= 12 else text[:10] + "..."
        return None, error("bad-tile", f"'{shown}' is not a tile: write rank then suit, like 3S (ranks 2-5; suits S, M, C, A)", line, column)
    if piece.rank not in RANKS:
        return None, error("unused-tile", f"'{text}': Power Lines uses only the 2, 3, 4 and 5 tiles, not nulls or aces", line, column)
    return Located(piece, line, column), None


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
            first, *again = seen[v.item]
            found += [
                error("duplicate-tile", f"{v.item} is used again (first at line {first.line}, column {first.column}); each tile is used once", p.line, p.column)
                for p in again
            ]
        elif v.code == "too-few-copies":
            missing.append(v.item)
        elif v.code == "wrong-total":
            found.append(error("wrong-total", f"{_tiles(TILE_RULES.counted_total(counts))} given; Power Lines uses exactly {len(TILES)}"))
        else:
            found.append(error(v.code, v.message))
    if missing:
        # One finding for all of them: sixteen separate lines would bury the real mistake.
        found.append(error("missing-tile", f"missing tile{'s' if len(missing) > 1 else ''}: {', '.join(missing)}"))
    return found


def parse_grid(text: str) -> tuple[Grid | None, list[Diagnostic]]:
    """The grid a `.grid` text describes, or None and every problem found in it."""
    rows: list[list[Located]] = []
    found: list[Diagnostic] = []
    for number, tokens in tokens_by_line(text):
        if len(rows) >= SIZE:
            # A whole extra row is one mistake; its width does not matter.
            found.append(error("too-many-rows", f"a grid has {SIZE} rows; this is row {len(rows) + 1}", number, tokens[0][0]))
        elif len(tokens) > SIZE:
            found.append(error("too-many-columns", f"{_tiles(len(tokens))} in this row; a row has {SIZE}", number, tokens[SIZE][0]))
        elif len(tokens) < SIZE:
            column, last = tokens[-1]
            found.append(error("too-few-columns", f"{_tiles(len(tokens))} in this row; a row has {SIZE}", number, column + len(last)))
        row: list[Located] = []
        for column, token in tokens:
            tile, problem = parse_tile(token, number, column)
            if problem is not None:
                found.append(problem)
            else:
                row.append(tile)
        rows.append(row)
    if not rows:
        # Say it once instead of listing all sixteen tiles as missing.
        return None, [error("empty-grid", "no tiles: a grid is 4 rows of 4 tiles", *end_of_file(text))]
    if len(rows) < SIZE:
        found.append(error("too-few-rows", f"only {len(rows)} row{'s' if len(rows) > 1 else ''}; a grid has {SIZE}", *end_of_file(text)))
    # In a grid a wrong count comes from a bad shape or a token that is no tile,
    # and both are already reported where they happen.
    found += [d for d in check_tiles([p for row in rows for p in row]) if d.code != "wrong-total"]
    if found:
        return None, sorted(found, key=sort_key)
    return Grid(tuple(tuple(p.tile for p in row) for row in rows)), []


def _tiles(n: int) -> str:
    return f"{n} tile{'s' if n != 1 else ''}"
