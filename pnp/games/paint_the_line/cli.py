"""`pnp paint-the-line`: check and score the scoring board of a finished game of Paint the Line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from pnp.app import App, print_diagnostics
from pnp.textfile import read_bytes

from .board import ColourScore, Group, Result, score
from .files import load_board

app = App(
    help="Paint the Line, a two-player Looney Pyramids game by Robert Dudley (2011): "
    "check a finished 3x6 scoring board and score each player's groups.",
    no_args_is_help=True,
)


@app.callback()
def _group() -> None:
    # A callback keeps `score` a sub-command even while it is the only one.
    pass


def _group_json(group: Group) -> dict:
    return {"cells": [list(cell) for cell in group.cells], "pips": sum(group.pips), "size": group.size, "points": group.points}


def result_json(result: Result) -> dict:
    return {
        "players": [{"player": p.player, "colours": list(p.colours), "score": p.score, "largest_group": p.largest_group} for p in result.players],
        "colours": {c.colour: {"score": c.points, "groups": [_group_json(g) for g in c.groups]} for c in result.colours},
        "winner": result.winner,
    }


def _colour_line(colour: ColourScore) -> str:
    """`red: 11 = (1+3)x2 + 3x1`: each group's pips times its pyramids."""
    if not colour.groups:
        return f"{colour.colour}: 0, no pyramid on top"
    terms = [f"({'+'.join(map(str, g.pips))})x{g.size}" if g.size > 1 else f"{g.pips[0]}x1" for g in colour.groups]
    return f"{colour.colour}: {colour.points} = {' + '.join(terms)}"


def _verdict(result: Result) -> str:
    one, two = result.players
    if one.score != two.score:
        win, lose = (one, two) if result.winner == 1 else (two, one)
        return f"player {win.player} wins, {win.score} to {lose.score}"
    if result.winner is None:
        return f"a draw: {one.score} each, and both largest groups have {_pyramids(one.largest_group)}"
    win, lose = (one, two) if result.winner == 1 else (two, one)
    return f"tied at {one.score}; player {win.player} wins with the larger group, {_pyramids(win.largest_group)} to {lose.largest_group}"


def _pyramids(n: int) -> str:
    return f"{n} pyramid{'s' * (n != 1)}"


@app.command("score")
def score_command(
    file: Annotated[Path, typer.Argument(help="A .board file: the two player lines, then 3 rows of 6 spaces.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Score a finished board: each group of one colour is worth its pips times its pyramids."""
    board, diagnostics = load_board(read_bytes(file))
    if board is None:
        if as_json:
            empty = {"players": [], "colours": {}, "winner": None}
            typer.echo(json.dumps({"file": str(file), "valid": False, **empty, "diagnostics": [d.as_json() for d in diagnostics]}, indent=2))
        else:
            print_diagnostics(file, diagnostics)
        raise typer.Exit(1)
    result = score(board)
    if as_json:
        typer.echo(json.dumps({"file": str(file), "valid": True, **result_json(result), "diagnostics": []}, indent=2))
        return
    for colour in result.colours:
        typer.echo(_colour_line(colour))
    for p in result.players:
        typer.echo(f"player {p.player} ({p.colours[0]} and {p.colours[1]}): {p.score}, largest group {p.largest_group}")
    typer.echo(_verdict(result))
