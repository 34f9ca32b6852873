"""`pnp power-lines`: score and draw finished games of Power Lines for piecepack, replay them, and
make random ones; the commands: pnp.contract.records.

`score FILE` and `show FILE` read a `.grid` or a `.record`. The extension (any case)
decides; for any other name the content does: a file with an `@` outside comments is
a record, anything else a grid. `show --turn N` and `replay` follow a record's placements
(a grid has none: it is the end of a game). `random` writes a whole game as a `.record`.
"""

from __future__ import annotations

from pathlib import Path

from pnp.contract.app import Result
from pnp.contract.records import Argument, Board, DrawnTurnScaled, Moment, Notation, Outcome, Random, RecordFormat, Score, Show, Watch
from pnp.core.diagnostics import Parsed, PnpError
from pnp.core.printing import Print

from . import GAME
from .engine import Score as GridScore
from .engine import Side, Winner, score
from .files import Game, Grid, load_grid, load_record, replay, source_lines


class PowerLine(Result):
    """One of the ten lines: its name, its largest groups of one suit and of one value, who it scores
    for (`none`: the groups are as large) and how much."""

    name: str
    suit_match: int
    value_match: int
    scores_for: Side
    points: int


class Scored(Result):
    """`pnp power-lines score`: each player's points, the winner, and the ten lines."""

    suits: int
    values: int
    winner: Winner
    lines: list[PowerLine]


def _table(result: GridScore) -> str:
    rows = [f"{'line':<12} {'suit':>4} {'value':>5}  scores"]
    for line in result.lines:
        verdict = "nobody" if line.scores_for == "none" else f"{line.scores_for} +{line.points}"
        rows.append(f"{line.name:<12} {line.suit_match:>4} {line.value_match:>5}  {verdict}")
    outcome = "a tie" if result.winner == "tie" else f"the {result.winner} player wins"
    rows.append(f"suits {result.suits}, values {result.values}: {outcome}")
    return "\n".join(rows)


def _score(game: Game, _: Game | None) -> Outcome:
    result = score(game.grid)
    return Outcome(f"{game.grid}\n{_table(result)}", Scored.model_validate(result.as_json()))


def _under_way(game: Game) -> bool:
    return game.turns < len(game.moves)


def _draw(game: Game, shown_name: str, printing: Print) -> tuple:
    from .draw import show_page  # the drawing loads only to draw

    if not _under_way(game):
        page = show_page(game.grid, score(game.grid), f"Power Lines: {shown_name}", printing)
    else:
        title = f"Power Lines: {shown_name} after turn {game.turns}"
        page = show_page(game.grid, score(game.grid, game.placed), title, printing, game.placed)
    return page.page, page.scale


def _moment(_: Game, game: Game) -> Moment:
    """A position for `replay`: the tile just placed, and the lines complete so far."""
    from .draw import so_far_text, winner_text

    if game.turns == 0:
        move = "before the first tile"
    else:
        tile, (column, row) = game.moves[game.turns - 1]
        player = "first" if game.turns % 2 else "second"
        move = f"turn {game.turns}: the {player} player places {tile} at {column},{row}"
    result = score(game.grid, game.placed)
    return Moment(move, so_far_text(result) if _under_way(game) else winner_text(result))


def _placements(text: str) -> bool:
    return any("@" in line for line in source_lines(text))


def _random(seed: int) -> str:
    from .generate import random_record

    return random_record(seed)


def _ppn(game: Game, title: str) -> str:
    from .ppn import write_ppn

    if not game.moves:
        raise PnpError("a .grid holds the end of a game, not its placements: write a .record's game as PPN", exit_code=2)
    return write_ppn(game, title)


def _read_ppn(data: bytes) -> Parsed[Game]:
    from .ppn import load_ppn

    return load_ppn(data)


def _grid(data: bytes) -> Parsed[Game]:
    grid, found = load_grid(data)
    return Parsed(None if grid is None else Game.finished(grid), found)


# A record is parsed whole into its finished game (every placement checked there), so there is
# no `check` beyond what `score` says; a replay only covers fewer of its cells.
FORMAT: RecordFormat[Game, Game, Game] = RecordFormat(
    help=f"{GAME.made_by}, a two-player game: check a finished 4x4 grid or a game record and score its ten power lines, draw it, or make a random game.",
    example="pnp power-lines score decks/power-lines/example.record",
    suffixes=(".record",),
    sample="decks/power-lines/example.record",
    invalid="not a finished game",  # a record or grid refused: `FILE: not a finished game, not scored (2 errors)`
    parse=load_record,
    replay=replay,
    board=Board(
        suffixes=(".grid",),
        parse=_grid,
        is_record=_placements,
        argument=Argument("GAME", "A .grid (4 rows of 4 tiles), .record (16 placements) or .ppn (the same in PPN) file; - reads standard input."),
        drawn=True,
        invalid="not a finished game",
    ),
    notations=(Notation(suffix=".ppn", write=_ppn, parse=_read_ppn),),
    score=Score(
        help="Score the ten power lines (4 rows, 4 columns, 2 diagonals) of a finished game.",
        result=Scored,
        told=_score,
    ),
    show=Show(
        help="Draw the finished grid on one sheet: the 16 tiles as they lie, each power line marked with who scores it and how much.",
        turn_zero="before the first tile",
        draw=_draw,
        result=DrawnTurnScaled,
    ),
    watch=Watch(told=_moment),
    random=Random(
        help="A whole random game as a .record: each turn a tile left and a legal spot, drawn at random.",
        example="pnp power-lines random --seed 5 -o game.record",
        make=_random,
    ),
)


def load(name: str, data: bytes) -> Parsed[Grid]:
    """The grid a .grid or .record file holds, as `score` and `show` read it, or None and the findings that say why not."""
    game, found = (load_record if FORMAT.is_record(Path(name), data) else _grid)(data)
    return Parsed(None if game is None else game.grid, found)
