"""`pnp power-lines`: check and score finished games of Power Lines for piecepack.

`score FILE` reads a `.grid` or a `.record`. The extension decides; for any
other name the content does: a file with an `@` outside comments is a record,
anything else a grid.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...app import App, JsonOption, Report
from ...diagnostics import Parsed, at_start
from ...textfile import decode, read_bytes
from ..registry import game
from .engine import Score, score
from .files import Grid, parse_grid, parse_record, source_lines

GAME = game("power-lines")
app = App(
    GAME.group,
    help=f"{GAME.made_by}, a two-player game: check a finished 4x4 grid or a game record and score its ten power lines.",
    example="pnp power-lines score game.record",
)



def is_record(name: str, text: str) -> bool:
    if name.endswith(".record"):
        return True
    if name.endswith(".grid"):
        return False
    return any("@" in line for line in source_lines(text))


def load(name: str, data: bytes) -> Parsed[Grid]:
    """The grid a grid or record file holds, or None and the diagnostics that say why not."""
    text, problem = decode(data)
    if problem is not None:
        return Parsed(None, [at_start(problem)])
    return parse_record(text) if is_record(name, text) else parse_grid(text)


def _table(result: Score) -> str:
    rows = [f"{'line':<12} {'suit':>4} {'value':>5}  scores"]
    for line in result.lines:
        verdict = "nobody" if line.scores_for == "none" else f"{line.scores_for} +{line.points}"
        rows.append(f"{line.name:<12} {line.suit_match:>4} {line.value_match:>5}  {verdict}")
    outcome = "a tie" if result.winner == "tie" else f"the {result.winner} player wins"
    rows.append(f"suits {result.suits}, values {result.values}: {outcome}")
    return "\n".join(rows)


@app.command("score", result=("suits", "values", "winner", "lines"), example="pnp power-lines score game.record --json")
def score_command(
    file: Annotated[Path, typer.Argument(help="A .grid (4 rows of 4 tiles) or .record (16 placements) file; - reads standard input.", metavar="RECORD")],
    as_json: JsonOption = False,
) -> Report:
    """Score the ten power lines (4 rows, 4 columns, 2 diagonals) of a finished game."""
    data = read_bytes(file)
    grid, diagnostics = load(file.name, data)
    if grid is None:
        return Report(file, diagnostics, source=data)
    result = score(grid)
    if not as_json:
        typer.echo(f"{grid}\n{_table(result)}")
    return Report(file, diagnostics, result.as_json(), data)
