"""`pnp paint-the-line`: check, score, draw and generate games of Paint the Line (`.ptl` records),
and score the scoring board of a finished game (`.board`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ... import options as parse
from ...app import (
    App,
    GameSeedOption,
    JsonOption,
    OutputOption,
    PaperOption,
    RecordRead,
    Report,
    at_turn,
    deliver,
    drawing_output,
    fresh_seed,
    invalid_record,
    json_name,
    paper_size,
    read_record,
    write_drawing,
)
from ...diagnostics import error, plural, shown
from ...output import check_file
from ...printing import Print
from ...textfile import decode, read_bytes, tokens_by_line
from ..registry import game
from .engine import Board, ColourScore, Group, Result, score, space_name
from .files import Record, load_board, load_record
from .game import PICKS, Game, pyramid_name, replay

GAME = game("paint-the-line")
app = App(
    GAME.group,
    help=f"{GAME.made_by}, a two-player Looney Pyramids game: check, score and draw .ptl game records, make a random game, or score a finished 3x6 scoring board.",
    example="pnp paint-the-line random --seed 3 -o game.ptl",
)

Read = RecordRead[Record, Game]
RecordArg = Annotated[Path, typer.Argument(help="A .ptl game record; - reads standard input.", dir_okay=False, metavar="RECORD", parser=parse.input_path)]


def read_game(path: Path, data: bytes | None = None, until_turn: int | None = None) -> Read:
    data = read_bytes(path) if data is None else data
    return read_record(data, load_record, replay, until_turn)


def _status(game: Game) -> str:
    if game.finished:
        return f"finished: {game.finished}"
    if len(game.picks) < PICKS:
        return f"unfinished: {plural(len(game.picks), 'colour')} of {PICKS} chosen, player {game.to_pick()} to pick"
    return f"unfinished: player {game.to_move()} to move"


def _players_json(game: Game) -> list[dict]:
    return [{"player": n, "colours": list(game.colours(n))} for n in (1, 2)]


@app.command("check", result=("players", "turns", "finished"), example="pnp paint-the-line check game.ptl")
def check_command(record_path: RecordArg, as_json: JsonOption = False) -> Report:
    """Check every rule: the colour picks, each move's route and capture, each placement, the end of the game."""
    read = read_game(record_path)
    if not read.valid:
        return invalid_record(record_path, read, "", as_json)
    g = read.game
    if not as_json:
        typer.echo(f"{shown(record_path)}: valid record: {plural(len(g.picks), 'pick')}, {plural(g.turns, 'turn')}, {_status(g)}")
    return Report(record_path, [], {"players": _players_json(g), "turns": g.turns, "finished": bool(g.finished)}, read.data)


# --- score ----------------------------------------------------------------------------------


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


def _so_far(result: Result, turns: int) -> str:
    one, two = result.players
    lead = "level" if one.score == two.score else f"player {1 if one.score > two.score else 2} leads"
    return f"unfinished after {plural(turns, 'turn')}: {lead}, {one.score} to {two.score} so far"


def _pyramids(n: int) -> str:
    return f"{n} pyramid{'s' * (n != 1)}"


def is_record(path: Path, data: bytes) -> bool:
    """`.ptl` files are records, `.board` files boards; any other name (standard input too) is a
    record when its first line that holds something starts with `pick`, 1 or 2."""
    suffix = path.suffix.lower()
    if suffix in (".ptl", ".board"):
        return suffix == ".ptl"
    text, problem = decode(data)
    lines = tokens_by_line(text) if problem is None else []
    return bool(lines) and lines[0][1][0][1].lower() in ("pick", "1", "2")


def _with_colours(read: Read, needs: str) -> Read:
    """The record as read, refused when its picks stop before every colour is chosen (`needs`: what for)."""
    g = read.game
    if not read.valid or len(g.picks) == PICKS:
        return read
    items = read.record.value.items
    line, column = (items[-1].line, items[-1].column) if items else (1, 1)  # only comments: the top of the file
    stops = f"after {plural(len(g.picks), 'colour pick')}" if g.picks else "before its first colour pick"
    found = error("no-colours", f"the record stops {stops}: {needs} needs all {PICKS} colours chosen", line, column)
    return RecordRead(read.data, read.record, Game(g.pos, diagnostics=[found]))


def _record_board(path: Path, data: bytes, as_json: bool) -> tuple[Board | None, Game | None, Report | None]:
    """The scoring board a record reaches, its game, or the report of why there is none."""
    read = _with_colours(read_game(path, data), "scoring")
    if not read.valid:
        return None, None, invalid_record(path, read, "not scored", as_json)
    return read.game.board(), read.game, None


@app.command("score", result=("players", "colours", "winner", "finished", "turns"), example="pnp paint-the-line score game.ptl --json")
def score_command(
    file: Annotated[
        Path,
        typer.Argument(
            help="A .ptl game record, or a .board file: a finished scoring board (- reads standard input).", metavar="GAME", parser=parse.input_path
        ),
    ],
    as_json: JsonOption = False,
) -> Report:
    """Score a game: each group of one colour on the scoring board is worth its pips times its pyramids."""
    data = read_bytes(file)
    g: Game | None = None
    if is_record(file, data):
        board, g, refused = _record_board(file, data, as_json)
        if refused is not None:
            return refused
    else:
        board, diagnostics = load_board(data)
        if board is None:
            return Report(file, diagnostics, source=data)
    assert board is not None
    result = score(board)
    finished = g is None or bool(g.finished)
    if not as_json:
        for colour in result.colours:
            typer.echo(_colour_line(colour))
        for p in result.players:
            typer.echo(f"player {p.player} ({p.colours[0]} and {p.colours[1]}): {p.score}, largest group {p.largest_group}")
        typer.echo(_verdict(result) if finished else _so_far(result, g.turns))
    fields = result_json(result) | {"finished": finished, "turns": g.turns if g else None}
    if not finished:
        fields["winner"] = None
    return Report(file, [], fields, data)


# --- show -----------------------------------------------------------------------------------


def move_line(g: Game) -> str:
    """The last turn in words, or what the position is when there is none."""
    m = g.last
    if m is None:
        return "after the colour picks, before the first turn"
    route = " ".join(space_name(c) for c in m.route)
    return (
        f"turn {g.turns}: player {m.player} moved the {pyramid_name(m.mover)} {route}, capturing the {pyramid_name(m.captured)}, "
        f"placed on {space_name(m.place)}"
    )


@app.command("show", result=("turn", "output"), example="pnp paint-the-line show game.ptl --turn 12 --paper letter -o turn12.pdf")
def show_command(
    record_path: RecordArg,
    turn: Annotated[
        int | None,
        typer.Option("--turn", parser=parse.integer(0, 10_000), help="Draw the position after this turn (0: after the colour picks); the last by default."),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="A .pdf or .svg file to write (default: RECORD's name with .pdf, here).", dir_okay=False)
    ] = None,
    paper: PaperOption = None,
    as_json: JsonOption = False,
) -> Report:
    """Draw both boards at true size on one sheet: every stack, the last move as an arrow along its route, where its capture went."""
    output = drawing_output(output, record_path, GAME.id)
    size = paper_size(paper)
    read = _with_colours(read_game(record_path), "drawing")
    check_file(output)  # never the record itself, nor a folder or a place pnp cannot write
    if not read.valid:
        return invalid_record(record_path, read, "nothing drawn", as_json)
    g = at_turn(read, record_path, turn, replay)
    from .draw import position_page  # the drawing loads only to draw

    write_drawing(output, position_page(g, f"{shown(record_path.name)} after turn {g.turns}", move_line(g), Print(size)), as_json)
    return Report(record_path, [], {"turn": g.turns, "output": json_name(output)}, read.data)


@app.command("random", result=("seed", "record", "output"), example="pnp paint-the-line random --seed 3 -o game.ptl")
def random_command(
    seed: GameSeedOption = None,
    output: OutputOption = None,
    as_json: JsonOption = False,
) -> Report:
    """A whole random legal game as a .ptl record: colour picks and every turn drawn among the legal ones."""
    from .generate import random_record  # the move generator loads only here

    seed = fresh_seed(seed, as_json)
    text = random_record(seed)
    deliver(text, output, as_json)
    return Report(None, result={"seed": seed, "record": text, "output": json_name(output)})
