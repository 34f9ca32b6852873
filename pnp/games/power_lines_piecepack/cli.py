"""`pnp power-lines`: score and draw finished games of Power Lines for piecepack, and make random ones.

`score FILE` and `show FILE` read a `.grid` or a `.record`. The extension decides;
for any other name the content does: a file with an `@` outside comments is a
record, anything else a grid. `random` writes a whole game as a `.record`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ... import options as parse
from ...app import App, GameSeedOption, JsonOption, OutputOption, PaperOption, Report, deliver, drawing_output, fresh_seed, json_name, paper_size, write_drawing
from ...diagnostics import Parsed, at_start, plural, shown
from ...output import check_file
from ...printing import Print
from ...textfile import decode, read_bytes
from ..registry import game
from .engine import Score, score
from .files import Grid, parse_grid, parse_record, source_lines

GAME = game("power-lines")
app = App(
    GAME.group,
    help=f"{GAME.made_by}, a two-player game: check a finished 4x4 grid or a game record and score its ten power lines, draw it, or make a random game.",
    example="pnp power-lines score game.record",
)


GameArg = Annotated[
    Path,
    typer.Argument(
        help="A .grid (4 rows of 4 tiles) or .record (16 placements) file; - reads standard input.", dir_okay=False, metavar="GAME", parser=parse.input_path
    ),
]


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
    file: GameArg,
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


@app.command("show", result=("output", "scale"), example="pnp power-lines show game.record --paper letter -o game.pdf")
def show_command(
    file: GameArg,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="A .pdf or .svg file to write (default: GAME's name with .pdf, here).", dir_okay=False)
    ] = None,
    paper: PaperOption = None,
    as_json: JsonOption = False,
) -> Report:
    """Draw the finished grid on one sheet: the 16 tiles as they lie, each power line marked with who scores it and how much."""
    output = drawing_output(output, file, GAME.id)
    size = paper_size(paper)
    data = read_bytes(file)
    check_file(output)  # never the game itself, nor a folder or a place pnp cannot write
    grid, diagnostics = load(file.name, data)
    if grid is None:
        if not as_json:
            typer.echo(f"{shown(file)}: not a finished game, nothing drawn ({plural(len(diagnostics), 'error')})", err=True)
        return Report(file, diagnostics, source=data)
    from .draw import show_page  # the drawing loads only to draw

    shown_page = show_page(grid, score(grid), f"Power Lines: {shown(file.name)}", Print(size))
    write_drawing(output, shown_page.page, as_json, shown_page.scale)
    return Report(file, diagnostics, {"output": json_name(output), "scale": shown_page.scale}, data)


@app.command("random", result=("seed", "record", "output"), example="pnp power-lines random --seed 5 -o game.record")
def random_command(
    seed: GameSeedOption = None,
    output: OutputOption = None,
    as_json: JsonOption = False,
) -> Report:
    """A whole random game as a .record: each turn a tile left and a legal spot, drawn at random."""
    from .generate import random_record

    seed = fresh_seed(seed, as_json)
    text = random_record(seed)
    deliver(text, output, as_json)
    return Report(None, result={"seed": seed, "record": text, "output": json_name(output)})
