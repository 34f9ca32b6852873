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
from pnp.piecepack.ppn import Placing, header, letters, placements

from .files import SIZE, Game, Located, Placed, game_of, parse_tile

GAME_TYPE = "Power Lines"
_TILE_UNITS = 2  # a tile's width in PPN's coordinates
_TILE = re.compile(r"t?f?(?:(?P<suit>[SMCA])(?P<rank>[na0-9])|(?P<rank2>[na0-9])(?P<suit2>[SMCA]))f?\^?")


def write_ppn(game: Game, title: str) -> str:
    """The game's placements so far (`game.turns`) in PPN, the finished grid's cells at b8 to h2."""
    rounds: list[str] = []
    for turn, (tile, spot) in enumerate(game.moves[: game.turns]):
        row, column = game.cell(spot)
        placement = f"{tile.suit.value}{tile.rank}@{letters(_TILE_UNITS * column + _TILE_UNITS)}{_TILE_UNITS * (SIZE - row)}"
        if turn % 2 == 0:
            rounds.append(f"{turn // 2 + 1}. {placement}")
        else:
            rounds[-1] += f" {turn // 2 + 1}... {placement}"
    return "\n".join(header(GAME_TYPE, title) + rounds) + "\n"


def load_ppn(data: bytes) -> Parsed[Game]:
    """The finished game a PPN file's bytes hold, or None and every problem found."""
    return load_text(data, parse_ppn)


def parse_ppn(text: str) -> Parsed[Game]:
    """The finished game a PPN text holds, or None and every problem found, each at its line and column."""
    placed, problems = placements(text, GAME_TYPE, "S3@b8")
    moves: list[Placed] = []
    origin: tuple[float, float] | None = None
    for p in placed:
        tile = _tile(p)
        if isinstance(tile, Diagnostic):
            problems.append(tile)
            continue
        origin = origin or (p.x, p.y)
        dx, dy = p.x - origin[0], origin[1] - p.y  # PPN's y grows upwards, a record's rows downwards
        if dx % _TILE_UNITS or dy % _TILE_UNITS:
            problems.append(
                error("ppn-off-grid", f"this is not a whole number of tiles from the first tile: tiles lie {_TILE_UNITS} apart", p.line, p.where_column)
            )
            continue
        moves.append(Placed(tile, (int(dx) // _TILE_UNITS, int(dy) // _TILE_UNITS), p.where_column))
    return game_of(moves, problems, "no placements: PPN lists the 16 tiles like 'S3@b8'", position(text))


def _tile(p: Placing) -> Located | Diagnostic:
    """A placement's tile, checked as a record's are, or why it is none."""
    tile = _TILE.fullmatch(p.piece)
    if tile is None:
        return error(
            "ppn-piece", f"'{brief(p.piece)}' is not a face-up tile: write its suit and rank, like S3 (Power Lines places only tiles)", p.line, p.column
        )
    rank, suit = tile["rank"] or tile["rank2"], tile["suit"] or tile["suit2"]
    return parse_tile(f"{ {'0': 'n', '1': 'a'}.get(rank, rank) }{suit}", p.line, p.column)  # PPN's 0 and 1: null and ace
