"""`pnp power-lines`: score and draw finished games of Power Lines for piecepack, and make random
ones; the commands: pnp.contract.records.

`score FILE` and `show FILE` read a `.grid` or a `.record`. The extension (any case)
decides; for any other name the content does: a file with an `@` outside comments is
a record, anything else a grid. `random` writes a whole game as a `.record`.
"""

from __future__ import annotations

from pathlib import Path

from pnp.contract.app import Result
from pnp.contract.records import Argument, Board, DrawnScaled, Outcome, Random, RecordFormat, Score, Show
from pnp.core.diagnostics import Parsed
from pnp.core.printing import Print

from . import GAME
from .engine import Score as GridScore
from .engine import Side, Winner, score
from .files import Grid, load_grid, load_record, source_lines


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


def _score(grid: Grid, _: Grid | None) -> Outcome:
    result = score(grid)
    return Outcome(f"{grid}\n{_table(result)}", Scored.model_validate(result.as_json()))


def _draw(grid: Grid, shown_name: str, printing: Print) -> tuple:
    from .draw import show_page  # the drawing loads only to draw

    page = show_page(grid, score(grid), f"Power Lines: {shown_name}", printing)
    return page.page, page.scale


def _placements(text: str) -> bool:
    return any("@" in line for line in source_lines(text))


def _random(seed: int) -> str:
    from .generate import random_record

    return random_record(seed)


# A record is parsed whole into its final grid (every placement checked there), so there is
# nothing to replay: no `--turn`, and no `check` beyond what `score` says.
FORMAT: RecordFormat[Grid, Grid, Grid] = RecordFormat(
    help=f"{GAME.made_by}, a two-player game: check a finished 4x4 grid or a game record and score its ten power lines, draw it, or make a random game.",
    example="pnp power-lines score decks/power-lines/example.record",
    suffixes=(".record",),
    sample="decks/power-lines/example.record",
    invalid="not a finished game",  # a record or grid refused: `FILE: not a finished game, not scored (2 errors)`
    parse=load_record,
    board=Board(
        suffixes=(".grid",),
        parse=load_grid,
        is_record=_placements,
        argument=Argument("GAME", "A .grid (4 rows of 4 tiles) or .record (16 placements) file; - reads standard input."),
        drawn=True,
        invalid="not a finished game",
    ),
    score=Score(
        help="Score the ten power lines (4 rows, 4 columns, 2 diagonals) of a finished game.",
        result=Scored,
        told=_score,
    ),
    show=Show(
        help="Draw the finished grid on one sheet: the 16 tiles as they lie, each power line marked with who scores it and how much.",
        draw=_draw,
        result=DrawnScaled,
    ),
    random=Random(
        help="A whole random game as a .record: each turn a tile left and a legal spot, drawn at random.",
        example="pnp power-lines random --seed 5 -o game.record",
        make=_random,
    ),
)


def load(name: str, data: bytes) -> Parsed[Grid]:
    """The grid a .grid or .record file holds, as `score` and `show` read it, or None and the findings that say why not."""
    return (load_record if FORMAT.is_record(Path(name), data) else load_grid)(data)
