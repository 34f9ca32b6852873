"""`pnp power-lines`: check and score finished games of Power Lines for piecepack.

`score FILE` reads a `.grid` or a `.record`. The extension decides; for any
other name the content does: a file with an `@` outside comments is a record,
anything else a grid.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from pnp.app import App, print_diagnostics
from pnp.diagnostics import Diagnostic, at_start
from pnp.textfile import decode, read_bytes

from .grid import Grid, parse_grid, source_lines
from .record import parse_record
from .scoring import Score, score

app = App(
    help="Power Lines for piecepack, a two-player game designed by David Boyle (2000-2001): "
    "check a finished 4x4 grid or a game record and score its ten power lines.",
    no_args_is_help=True,
)


@app.callback()
def _group() -> None:
    # A callback keeps `score` a sub-command even while it is the only one.
    pass


def is_record(name: str, text: str) -> bool:
    if name.endswith(".record"):
        return True
    if name.endswith(".grid"):
        return False
    return any("@" in line for line in source_lines(text))


def load(name: str, data: bytes) -> tuple[Grid | None, list[Diagnostic]]:
    """The grid a grid or record file holds, or None and the diagnostics that say why not."""
    text, problem = decode(data)
    if problem is not None:
        return None, [at_start(problem)]
    return parse_record(text) if is_record(name, text) else parse_grid(text)


def _table(result: Score) -> str:
    rows = [f"{'line':<12} {'suit':>4} {'value':>5}  scores"]
    for line in result.lines:
        verdict = "nobody" if line.scores_for == "none" else f"{line.scores_for} +{line.points}"
        rows.append(f"{line.name:<12} {line.suit_match:>4} {line.value_match:>5}  {verdict}")
    outcome = "a tie" if result.winner == "tie" else f"the {result.winner} player wins"
    rows.append(f"suits {result.suits}, values {result.values}: {outcome}")
    return "\n".join(rows)


@app.command("score")
def score_command(
    file: Annotated[Path, typer.Argument(help="A .grid (4 rows of 4 tiles) or .record (16 placements) file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Score the ten power lines (4 rows, 4 columns, 2 diagonals) of a finished game."""
    grid, diagnostics = load(file.name, read_bytes(file))
    if grid is None:
        if as_json:
            empty = {"valid": False, "suits": 0, "values": 0, "winner": "tie", "lines": []}
            typer.echo(json.dumps({**empty, "diagnostics": [d.as_json() for d in diagnostics]}, indent=2))
        else:
            print_diagnostics(file, diagnostics)
        raise typer.Exit(1)
    result = score(grid)
    if as_json:
        typer.echo(json.dumps({"valid": True, **result.as_json(), "diagnostics": []}, indent=2))
    else:
        typer.echo(f"{grid}\n{_table(result)}")
