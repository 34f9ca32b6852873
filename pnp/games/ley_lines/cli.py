"""`pnp ley-lines`: check, score, show and generate records of Ley Lines."""

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
from ...diagnostics import plural, shown
from ...output import check_file
from ...printing import Print
from ...textfile import read_bytes
from ..registry import game
from .board import name
from .engine import Scored, domino, domino_name
from .files import Record, load_record
from .game import Event, Game, replay

GAME = game("ley-lines")
app = App(
    GAME.group,
    help=f"{GAME.made_by}, for 3-4 players with a piecepack and double-six dominoes: check, score and draw .leylines game records, or make a random game.",
    example="pnp ley-lines random --seed 5 -o game.leylines",
)

Read = RecordRead[Record, Game]
RecordArg = Annotated[Path, typer.Argument(help="A .leylines game record; - reads standard input.", dir_okay=False, metavar="RECORD", parser=parse.input_path)]


def read_game(path: Path, until_turn: int | None = None) -> Read:
    data = read_bytes(path)
    return read_record(data, load_record, replay, until_turn)


def _status(game: Game) -> str:
    return f"finished: {game.finished}" if game.finished else "unfinished"


@app.command("check", result=("players", "turns", "finished"), example="pnp ley-lines check game.leylines")
def check_command(record_path: RecordArg, as_json: JsonOption = False) -> Report:
    """Check every rule: set-up, turn order, each domino's energy paths, the end of the game."""
    read = read_game(record_path)
    if not read.valid:
        return invalid_record(record_path, read, "", as_json)
    game = read.game
    if not as_json:
        typer.echo(f"{shown(record_path)}: valid record: {game.n} players, {plural(game.turns, 'turn')}, {_status(game)}")
    return Report(record_path, [], {"players": list(read.record.value.players.suits), "turns": game.turns, "finished": bool(game.finished)}, read.data)


def event_json(e: Event) -> dict:
    s = e.scored
    return {
        "turn": e.turn,
        "cairn": name(s.cairn),
        "owner": s.owner,
        "value": s.value,
        "tor": name(s.tor),
        "tor_owner": s.tor_owner,
        "length": len(s.path),
        "points": s.points,
        "removed": [[name(a), name(b)] for a, b in s.removed],
    }


def event_line(e: Event) -> str:
    s: Scored = e.scored
    per = 2 if s.doubled else 1
    same = " (same suit: 2 points a space)" if s.doubled else ""
    line = (
        f"turn {e.turn}: {s.owner}'s cairn {s.value} on {name(s.cairn)} reaches {s.tor_owner}'s tor on {name(s.tor)} "
        f"through {plural(len(s.path), 'space')}{same}: {s.value} + {len(s.path)}x{per} = {s.points} for {s.tor_owner}"
    )
    if s.removed:
        lost = ", ".join(f"{domino_name(domino(*v))} on {name(a)} {name(b)}" for (a, b), v in zip(s.removed, s.removed_values))
        line += f"; attenuation removes {lost}"
    return line


@app.command("score", result=("scores", "winner", "finished", "events"), example="pnp ley-lines score game.leylines --json")
def score_command(record_path: RecordArg, as_json: JsonOption = False) -> Report:
    """Replay the game: each cairn that scores (turn, cairn, tor, path length, points, dominoes lost), then the scores."""
    read = read_game(record_path)
    if not read.valid:
        return invalid_record(record_path, read, "not scored", as_json)
    game = read.game
    if not as_json:
        for e in game.events:
            typer.echo(event_line(e))
        typer.echo("scores: " + ", ".join(f"{s} {game.scores[s]}" for s in game.players))
        winners = game.winners()
        if not game.finished:
            typer.echo(f"unfinished after {plural(game.turns, 'turn')}")
        elif len(winners) == 1:
            typer.echo(f"{winners[0]} wins ({game.finished})")
        else:
            typer.echo(f"a tie between {' and '.join(winners)} ({game.finished})")
    result = {"scores": dict(game.scores), "winner": game.winners(), "finished": bool(game.finished), "events": [event_json(e) for e in game.events]}
    return Report(record_path, [], result, read.data)


@app.command("show", result=("turn", "output"), example="pnp ley-lines show game.leylines --turn 12 --paper letter -o turn12.pdf")
def show_command(
    record_path: RecordArg,
    turn: Annotated[
        int | None,
        typer.Option("--turn", parser=parse.integer(0, 10_000), help="Draw the position after this turn (0: after the set-up); the last by default."),
    ] = None,
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="A .pdf or .svg file to write (default: RECORD's name with .pdf, here).", dir_okay=False)
    ] = None,
    paper: PaperOption = None,
    as_json: JsonOption = False,
) -> Report:
    """Draw the position on one sheet of paper, scaled to fit: dominoes, cairns, tors, and where each cairn's energy flows."""
    output = drawing_output(output, record_path, GAME.id)
    size = paper_size(paper)
    read = read_game(record_path)
    check_file(output)  # never the record itself, nor a folder or a place pnp cannot write
    if not read.valid:
        return invalid_record(record_path, read, "nothing drawn", as_json)
    game = at_turn(read, record_path, turn, replay)
    from .draw import position_page  # the drawing loads only to draw

    write_drawing(output, position_page(game, f"{shown(record_path.name)} after turn {game.turns}", Print(size)), as_json)
    return Report(record_path, [], {"turn": game.turns, "output": json_name(output)}, read.data)


@app.command("random", result=("seed", "players", "record", "output"), example="pnp ley-lines random --players 3 --seed 5 -o game.leylines")
def random_command(
    players: Annotated[int, typer.Option("--players", parser=parse.integer(3, 4), help="3 (Albion only) or 4 (both islands).")] = 4,
    seed: GameSeedOption = None,
    output: OutputOption = None,
    as_json: JsonOption = False,
) -> Report:
    """A complete random legal game as a .leylines record: set-up and moves drawn among the legal ones."""
    from .generate import random_record  # the move generator loads only here

    seed = fresh_seed(seed, as_json)
    text = random_record(players, seed)
    deliver(text, output, as_json)
    return Report(None, result={"seed": seed, "players": players, "record": text, "output": json_name(output)})
