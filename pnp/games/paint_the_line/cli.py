"""`pnp paint-the-line`: check and score the scoring board of a finished game of Paint the Line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...app import App, JsonOption, Report
from ...textfile import read_bytes
from ..registry import game
from .engine import ColourScore, Group, Result, score
from .files import load_board

GAME = game("paint-the-line")
app = App(
    GAME.group,
    help=f"{GAME.made_by}, a two-player Looney Pyramids game: check a finished 3x6 scoring board and score each player's groups.",
    example="pnp paint-the-line score finished.board",
)



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


@app.command("score", result=("players", "colours", "winner"), example="pnp paint-the-line score finished.board --json")
def score_command(
    file: Annotated[Path, typer.Argument(help="A .board file: the two player lines, then 3 rows of 6 spaces (- reads standard input).", metavar="BOARD")],
    as_json: JsonOption = False,
) -> Report:
    """Score a finished board: each group of one colour is worth its pips times its pyramids."""
    data = read_bytes(file)
    board, diagnostics = load_board(data)
    if board is None:
        return Report(file, diagnostics, source=data)
    result = score(board)
    if not as_json:
        for colour in result.colours:
            typer.echo(_colour_line(colour))
        for p in result.players:
            typer.echo(f"player {p.player} ({p.colours[0]} and {p.colours[1]}): {p.score}, largest group {p.largest_group}")
        typer.echo(_verdict(result))
    return Report(file, diagnostics, result_json(result), data)
