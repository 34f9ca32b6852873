"""Power Lines games in PPN, the piecepack community's Portable Piecepack Notation (version 0.11.0
of its description, as the ppgames R package reads it), so that piecepackr's tools can draw and
animate them; and PPN read back into the same game a `.record` holds.

What pnp writes:

    ---
    GameType: Power Lines
    SetUp: None
    ...
    1. S3@d6 1... M5@f6
    2. ...

The metadata is YAML between `---` and `...`; `SetUp: None` starts from an empty table (piecepackr
knows no Power Lines set-up). Each placement is a tile, face up (suit then rank: `S3`, 3 of Suns),
`@` and where its centre lies. A piecepack tile is 2 units wide in PPN's coordinates, so the
finished 4 x 4 grid's columns are b, d, f and h (left to right) and its rows 8, 6, 4 and 2 (top to
bottom); `N.` is the first player's placement of round N and `N...` the second's.

What pnp reads: the same, with any metadata, `{comments}`, move numbers where PPN allows them, a
tile's rank before or after its suit (`S3`, `3S`, `tS3`, with `f` for face up), anywhere on the
table so long as every tile lies on the grid of the first (a whole number of tiles away). Each
placement must keep the rules, as a `.record`'s must (files.game_of).
"""

from __future__ import annotations

import re

from pnp.core.diagnostics import Diagnostic, Parsed, error
from pnp.core.textfile import brief, load_text, position

from .files import SIZE, Game, Located, Placed, game_of, parse_tile

VERSION = "0.11.0"
GAME_TYPE = "Power Lines"
_TILE_UNITS = 2  # a tile's width in PPN's coordinates
_TOKEN = re.compile(r"\{[^}]*\}?|\S+")  # a comment (closed or not), or a word
_MOVE_NUMBER = re.compile(r"(?:[0-9]+|setup)\.+", re.IGNORECASE)
_PLACEMENT = re.compile(r"(?P<piece>[^@]+)@(?P<x>[a-z]+)(?P<y>[0-9]{1,4})")
_TILE = re.compile(r"t?f?(?:(?P<suit>[SMCA])(?P<rank>[na0-9])|(?P<rank2>[na0-9])(?P<suit2>[SMCA]))f?\^?")


def _column_letters(x: int) -> str:
    letters = ""
    while x > 0:
        x, rest = divmod(x - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def _column_number(letters: str) -> int:
    x = 0
    for letter in letters:
        x = 26 * x + ord(letter) - ord("a") + 1
    return x


def write_ppn(game: Game, title: str) -> str:
    """The game's placements so far (`game.turns`) in PPN, the finished grid's cells at b8 to h2."""
    lines = ["---", f"# Portable Piecepack Notation {VERSION}: {title}", f"GameType: {GAME_TYPE}", "SetUp: None", "..."]
    rounds: list[str] = []
    for turn, (tile, spot) in enumerate(game.moves[: game.turns]):
        row, column = game.cell(spot)
        where = f"{_column_letters(_TILE_UNITS * column + _TILE_UNITS)}{_TILE_UNITS * (SIZE - row)}"
        number = turn // 2 + 1
        placement = f"{tile.suit.value}{tile.rank}@{where}"
        if turn % 2 == 0:
            rounds.append(f"{number}. {placement}")
        else:
            rounds[-1] += f" {number}... {placement}"
    return "\n".join(lines + rounds) + "\n"


def load_ppn(data: bytes) -> Parsed[Game]:
    """The finished game a PPN file's bytes hold, or None and every problem found."""
    return load_text(data, parse_ppn)


def parse_ppn(text: str) -> Parsed[Game]:
    """The finished game a PPN text holds, or None and every problem found, each at its line and column."""
    lines = text.split("\n")
    problems: list[Diagnostic] = []
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    start = 0
    if first is not None and lines[first].rstrip() == "---":
        end = next((i for i in range(first + 1, len(lines)) if lines[i].startswith("...")), None)
        if end is None:
            return Parsed(None, [error("ppn-metadata", "the metadata begun here never ends: close it with a line '...'", first + 1, 1)])
        problems += _metadata(lines[first + 1 : end], first + 2)
        start = end + 1
    moves: list[Placed] = []
    origin: tuple[int, int] | None = None
    offset = sum(len(line) + 1 for line in lines[:start])
    for m in _TOKEN.finditer(text, offset):
        word = m.group()
        line, column = position(text[: m.start()])
        if word.startswith("{"):
            if not word.endswith("}"):
                problems.append(error("ppn-comment", "this comment is never closed: end it with '}'", line, column))
            continue
        if _MOVE_NUMBER.fullmatch(word):
            continue
        placed = _placement(word, line, column)
        if isinstance(placed, Diagnostic):
            problems.append(placed)
            continue
        tile, x, y = placed
        origin = origin or (x, y)
        dx, dy = x - origin[0], origin[1] - y  # PPN's y grows upwards, a record's rows downwards
        if dx % _TILE_UNITS or dy % _TILE_UNITS:
            problems.append(
                error(
                    "ppn-off-grid",
                    f"{word.split('@')[1]} is not a whole number of tiles from the first tile: tiles lie {_TILE_UNITS} apart",
                    line,
                    column + word.index("@") + 1,
                )
            )
            continue
        moves.append(Placed(tile, (dx // _TILE_UNITS, dy // _TILE_UNITS), column + word.index("@") + 1))
    return game_of(moves, problems, "no placements: PPN lists the 16 tiles like 'S3@b8'", position(text))


def _metadata(lines: list[str], first_line: int) -> list[Diagnostic]:
    """A game of another kind is refused where its `GameType` says so; other metadata is kept by PPN's tools, not read here."""
    for number, line in enumerate(lines, first_line):
        m = re.match(r"GameType:\s*(.*?)\s*$", line)
        if m and m[1] and m[1].strip("'\"").lower() != GAME_TYPE.lower():
            return [error("ppn-game-type", f"a game of {brief(m[1])}, not {GAME_TYPE}", number, m.start(1) + 1)]
    return []


def _placement(word: str, line: int, column: int) -> tuple[Located, int, int] | Diagnostic:
    """A placement's tile (checked as a record's are) and where its centre lies, or why it is none."""
    m = _PLACEMENT.fullmatch(word)
    if m is None:
        return error("ppn-move", f"'{brief(word)}' is not a placement: write a face-up tile, @ and where, like 'S3@b8'", line, column)
    tile = _TILE.fullmatch(m["piece"])
    if tile is None:
        return error(
            "ppn-piece", f"'{brief(m['piece'])}' is not a face-up tile: write its suit and rank, like S3 (Power Lines places only tiles)", line, column
        )
    rank, suit = tile["rank"] or tile["rank2"], tile["suit"] or tile["suit2"]
    located = parse_tile(f"{ {'0': 'n', '1': 'a'}.get(rank, rank) }{suit}", line, column)  # PPN's 0 and 1: null and ace
    if isinstance(located, Diagnostic):
        return located
    return located, _column_number(m["x"]), int(m["y"])
