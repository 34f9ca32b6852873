"""The two Pack Solitaire files: a tile set (`.tiles`) and a layout (`.layout`).

`.tiles`: one tile a line, `ID: UL UR LL LR`, ID 1-16, each square a coin in
rank-then-suit notation (`5S`, `nM`, `aC`) or `.` for the empty square; `#`
starts a comment. Tiles 1-8 carry the first piecepack's 24 coins, 9-16 the
second's, three coins and one empty square on every tile.

`.layout`: four lines of four cells, each `.` (no tile), `ID` or `ID@DEG`, the
tile turned clockwise by DEG (0, 90, 180 or 270).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from pnp.core.diagnostics import Diagnostic, Parsed, error, plural, sort_key
from pnp.core.rules import Copies, MultisetRules
from pnp.core.textfile import decode, tokens_by_line
from pnp.piecepack.model import ALL_PIECES, Piece

from .engine import SIZE, Layout, Placement, Tile, square_text

TILE_IDS = range(1, 17)
_ID_NAMES = [str(i) for i in TILE_IDS]
PACKS = {"first": range(1, 9), "second": range(9, 17)}
DEGREES = (0, 90, 180, 270)

# The tile-set rules, for the shared multiset engine.
ID_RULES = MultisetRules.each_once("Pack Solitaire", _ID_NAMES)
SQUARE_RULES = MultisetRules(name="Pack Solitaire", items=["coin", "empty"], copies=Copies(min={"coin": 3, "empty": 1}, max={"coin": 3, "empty": 1}))
PACK_RULES = MultisetRules.each_once("Pack Solitaire", [str(p) for p in ALL_PIECES])


@dataclass(frozen=True)
class TileSet:
    tiles: dict[int, Tile]
    where: dict[int, tuple[int, int]]  # tile id -> line, column


def _decoded(data: bytes | str) -> tuple[str | None, list[Diagnostic]]:
    if isinstance(data, str):
        return data, []
    text, problem = decode(data)
    return text, [problem] if problem else []


def parse_tiles(data: bytes | str) -> Parsed[TileSet]:
    """Read and check a tile set; every problem becomes a located diagnostic."""
    result = TileSet({}, {})
    text, found = _decoded(data)
    if text is None:
        return Parsed(None, found)
    id_count: dict[str, int] = defaultdict(int)
    coins: dict[str, list[tuple[str, int, int]]] = {name: [] for name in PACKS}  # pack -> coin, line, column
    lines = tokens_by_line(text)
    if not lines:
        found.append(error("empty", "no tiles: write one tile a line, like `1: 3S 5M 4C .`"))
        return Parsed(None, found)
    for line, words in lines:
        tile_id = _tile_line(line, words, found)
        if tile_id is None:
            continue
        ident, squares, column = tile_id
        id_count[str(ident)] += 1
        if id_count[str(ident)] > 1:
            found.append(error("duplicate-id", f"tile {ident} is given twice (first on line {result.where[ident][0]})", line, column))
            continue
        if ident not in TILE_IDS:
            found.append(error("bad-id", f"tile id {ident} is out of range: ids are 1 to 16", line, column))
            continue
        result.where[ident] = (line, column)
        shape = {"coin": sum(s is not None for s, _ in squares), "empty": sum(s is None for s, _ in squares)}
        for v in SQUARE_RULES.check(shape):
            have = shape[v.named]
            found.append(
                error(
                    "bad-tile",
                    f"tile {ident} has {plural(have, 'coin' if v.named == 'coin' else 'empty square')}; every tile holds 3 coins and 1 empty square",
                    line,
                    column,
                )
            )
        pack = "first" if ident in PACKS["first"] else "second"
        coins[pack] += [(str(s), line, col) for s, col in squares if s is not None]
        (ul, _), (ur, _), (ll, _), (lr, _) = squares  # _tile_line returns a tile's four squares or None
        result.tiles[ident] = (ul, ur, ll, lr)
    _check_ids(id_count, found)
    readable = not found  # coins missing from unreadable tiles would only repeat those errors
    for pack, placed in coins.items():
        _check_pack(pack, placed, found, report_missing=readable)
    found.sort(key=sort_key)
    return Parsed(None if found else result, found)


def _tile_line(line: int, words: list[tuple[int, str]], found: list[Diagnostic]) -> tuple[int, list[tuple[Piece | None, int]], int] | None:
    """`ID: a b c d` split into the id, its squares (with columns) and the id's column."""
    column, first = words[0]
    head, colon, rest = first.partition(":")
    if not colon:
        if len(words) > 1 and words[1][1].startswith(":"):  # `1 : ...`
            head, rest, words = first, words[1][1][1:], words[1:]
        else:
            found.append(
                error(
                    "malformed",
                    f"the colon after tile id {first} is missing: write `{first}: {' '.join(w[:12] for _, w in words[1:5]) or 'UL UR LL LR'}` (each line is `ID: UL UR LL LR`)"
                    if re.fullmatch(r"[0-9]{1,6}", first)
                    else f"expected `ID: UL UR LL LR`, like `1: 3S 5M 4C .`; got {first!r}",
                    line,
                    column,
                )
            )
            return None
    if not re.fullmatch(r"[0-9]{1,6}", head):  # ASCII digits only, as in every pnp format
        found.append(error("bad-id", f"{head!r} is not a tile id: ids are the numbers 1 to 16", line, column))
        return None
    cells = ([(column + len(first) - len(rest), rest)] if rest else []) + list(words[1:])
    squares: list[tuple[Piece | None, int]] = []
    ok = True
    for col, token in cells:
        piece = None if token == "." else Piece.parse(token)
        if token != "." and piece is None:
            found.append(error("bad-square", f"{token[:12]!r} is not a square: write a coin rank then suit (5S, nM, aC) or . for empty", line, col))
            ok = False
        squares.append((piece, col))
    if ok and len(squares) != 4:
        found.append(error("square-count", f"tile {head} has {plural(len(squares), 'square')}; give 4, in the order UL UR LL LR", line, column))
        ok = False
    return (int(head), squares, column) if ok else None


def _check_ids(id_count: dict[str, int], found: list[Diagnostic]) -> None:
    wanted = {k: min(n, 1) for k, n in id_count.items() if k in _ID_NAMES}
    missing = [v.named for v in ID_RULES.check(wanted) if v.code == "too-few-copies"]
    if missing:
        found.append(error("missing-tiles", f"tile{'s' * (len(missing) > 1)} {', '.join(missing)} missing: a tile set has tiles 1 to 16"))


def _check_pack(pack: str, placed: list[tuple[str, int, int]], found: list[Diagnostic], report_missing: bool) -> None:
    counts: dict[str, int] = defaultdict(int)
    seen: dict[str, tuple[int, int]] = {}
    ids = PACKS[pack]
    for coin, line, col in placed:
        counts[coin] += 1
        if coin in seen:
            found.append(
                error(
                    "duplicate-coin",
                    f"coin {coin} is on two of tiles {ids[0]}-{ids[-1]} (also line {seen[coin][0]}); each {pack} piecepack coin is used once",
                    line,
                    col,
                )
            )
        seen.setdefault(coin, (line, col))
    missing = [v.named for v in PACK_RULES.check(counts) if v.code == "too-few-copies"]
    if missing and report_missing:
        found.append(error("missing-coins", f"tiles {ids[0]}-{ids[-1]} lack coin{'s' * (len(missing) > 1)} {', '.join(missing)} of the {pack} piecepack"))


def format_tiles(tiles: dict[int, Tile], header: str = "") -> str:
    lines = [f"# {line}" for line in header.splitlines()]
    lines.append("# ID: UL UR LL LR  (. is the empty square)")
    lines += [f"{i}: " + " ".join(square_text(s) for s in tiles[i]) for i in sorted(tiles)]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class LayoutFile:
    layout: Layout
    where: dict[tuple[int, int], tuple[int, int]]  # cell -> line, column in the file


_CELL = re.compile(r"([0-9]{1,3})(?:@([0-9]{1,3}))?")  # ASCII digits only


def parse_layout(data: bytes | str, tiles: dict[int, Tile] | None = None) -> Parsed[LayoutFile]:
    """Read a layout; with `tiles`, also flag ids the tile set does not have."""
    text, found = _decoded(data)
    layout: Layout = [[None] * SIZE for _ in range(SIZE)]
    where: dict[tuple[int, int], tuple[int, int]] = {}
    if text is None:
        return Parsed(None, found)
    lines = tokens_by_line(text)
    if not lines:
        found.append(error("empty", "no layout: write 4 lines of 4 cells (`.`, `ID` or `ID@DEG`)"))
    if len(lines) > SIZE:
        found.append(error("too-many-rows", f"{len(lines)} rows; a layout has {SIZE}", lines[SIZE][0], lines[SIZE][1][0][0]))
    elif 0 < len(lines) < SIZE:
        found.append(error("too-few-rows", f"only {plural(len(lines), 'row')}; a layout has {SIZE} (use . for an empty cell)", lines[-1][0]))
    used: dict[int, tuple[int, int]] = {}
    for r, (line, words) in enumerate(lines[:SIZE]):
        if len(words) != SIZE:
            col = words[SIZE][0] if len(words) > SIZE else words[-1][0]
            found.append(error("row-length", f"row {r + 1} has {plural(len(words), 'cell')}; each row has {SIZE}", line, col))
        for c, (col, token) in enumerate(words[:SIZE]):
            if token == ".":
                continue
            m = _CELL.fullmatch(token)
            if m is None:
                found.append(error("bad-cell", f"{token[:12]!r} is not a cell: write . or a tile id, optionally @90, @180 or @270", line, col))
                continue
            ident, deg = int(m[1]), int(m[2] or 0)
            if deg not in DEGREES:
                found.append(error("bad-rotation", f"{deg} is not a turn: use 0, 90, 180 or 270 (clockwise)", line, col + len(m[1]) + 1))
                continue
            if ident in used:
                found.append(error("tile-twice", f"tile {ident} is placed twice (also line {used[ident][0]}, column {used[ident][1]})", line, col))
                continue
            if (tiles is not None and ident not in tiles) or ident not in TILE_IDS:
                found.append(error("unknown-tile", f"there is no tile {ident}: ids run 1 to 16", line, col))
                continue
            used[ident] = (line, col)
            layout[r][c] = Placement(ident, deg)
            where[(r, c)] = (line, col)
    found.sort(key=sort_key)
    return Parsed(None if found else LayoutFile(layout, where), found)


def format_layout(layout: Layout) -> str:
    def cell(p: Placement | None) -> str:
        return "." if p is None else f"{p.tile_id}@{p.deg}" if p.deg else str(p.tile_id)

    return "\n".join(" ".join(f"{cell(p):>6}" for p in row).rstrip() for row in layout) + "\n"
