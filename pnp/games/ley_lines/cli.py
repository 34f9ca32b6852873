"""`pnp ley-lines`: check, score, show and generate records of Ley Lines (a game by James Kyle)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Annotated, Optional

import typer

from ... import options as parse
from ...app import App, print_diagnostics
from ...diagnostics import PnpError, rejected, shown
from ...output import check_file, write_file
from ...textfile import read_bytes
from .board import name
from .engine import Scored, domino, domino_name
from .files import Record, load_record
from .game import Event, Game, replay

app = App(
    help="Ley Lines, by James Kyle (2002), for 3-4 players with a piecepack and double-six dominoes: "
    "check, score and draw .leylines game records, or make a random game.",
    no_args_is_help=True,
)

RecordArg = Annotated[Path, typer.Argument(help="A .leylines game record.", dir_okay=False)]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]


@app.callback()
def _group() -> None:
    pass


def read_game(path: Path, until_turn: int | None = None) -> tuple[Record, Game | None]:
    """The record and its replay (None when its syntax is broken)."""
    record = load_record(read_bytes(path))
    if not record.valid_syntax:
        return record, None
    return record, replay(record, until_turn)


def _diagnostics(record: Record, game: Game | None) -> list:
    return list(record.diagnostics) + (game.diagnostics if game else [])


def _status(game: Game) -> str:
    return f"finished: {game.finished}" if game.finished else "unfinished"


@app.command("check")
def check_command(record_path: RecordArg, as_json: JsonOption = False) -> None:
    """Check every rule: set-up, turn order, each domino's energy paths, the end of the game."""
    record, game = read_game(record_path)
    found = _diagnostics(record, game)
    valid = not found
    if as_json:
        data = {
            "file": str(record_path),
            "valid": valid,
            "players": list(record.players.suits) if record.players else [],
            "turns": game.turns if game else 0,
            "finished": bool(game and game.finished),
            "diagnostics": [d.as_json() for d in found],
        }
        typer.echo(json.dumps(data, indent=2))
    else:
        print_diagnostics(record_path, found)
        if valid and game is not None:
            typer.echo(f"{shown(record_path)}: valid record: {game.n} players, {game.turns} turn{'s' * (game.turns != 1)}, {_status(game)}")
        else:
            typer.echo(f"{shown(record_path)}: invalid record, {len(found)} error{'s' * (len(found) != 1)}")
    if not valid:
        raise typer.Exit(1)


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
        f"through {len(s.path)} space{'s' * (len(s.path) != 1)}{same}: {s.value} + {len(s.path)}x{per} = {s.points} for {s.tor_owner}"
    )
    if s.removed:
        lost = ", ".join(f"{domino_name(domino(*v))} on {name(a)} {name(b)}" for (a, b), v in zip(s.removed, s.removed_values))
        line += f"; attenuation removes {lost}"
    return line


@app.command("score")
def score_command(record_path: RecordArg, as_json: JsonOption = False) -> None:
    """Replay the game: each cairn that scores (turn, cairn, tor, path length, points, dominoes lost), then the scores."""
    record, game = read_game(record_path)
    found = _diagnostics(record, game)
    valid = not found
    if as_json:
        data = {
            "file": str(record_path),
            "valid": valid,
            "scores": dict(game.scores) if game else {s: 0 for s in (record.players.suits if record.players else ())},
            "winner": game.winners() if game and valid else [],
            "finished": bool(game and game.finished),
            "events": [event_json(e) for e in game.events] if game else [],
            "diagnostics": [d.as_json() for d in found],
        }
        typer.echo(json.dumps(data, indent=2))
        if not valid:
            raise typer.Exit(1)
        return
    if game is None or not valid:
        raise rejected(record_path, found, f"{record_path}: invalid record, not scored ({len(found)} error{'s' * (len(found) != 1)})")
    for e in game.events:
        typer.echo(event_line(e))
    typer.echo("scores: " + ", ".join(f"{s} {game.scores[s]}" for s in game.players))
    winners = game.winners()
    if not game.finished:
        typer.echo(f"unfinished after {game.turns} turn{'s' * (game.turns != 1)}")
    elif len(winners) == 1:
        typer.echo(f"{winners[0]} wins ({game.finished})")
    else:
        typer.echo(f"a tie between {' and '.join(winners)} ({game.finished})")


@app.command("show")
def show_command(
    record_path: RecordArg,
    turn: Annotated[Optional[int], typer.Option("--turn", parser=parse.integer(0, 10_000), help="Draw the position after this turn (0: after the set-up); the last by default.")] = None,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="A .pdf or .svg file to write (default: RECORD's name with .pdf, here).", dir_okay=False)] = None,
) -> None:
    """Draw the position on the board: dominoes, cairns, tors, and where each cairn's energy flows."""
    output = output or Path(record_path.with_suffix(".pdf").name)
    kind = output.suffix.lower()
    if kind not in (".pdf", ".svg"):
        raise PnpError(f"-o {output}: write a .pdf or an .svg file", exit_code=2)
    record, game = read_game(record_path)
    check_file(output)  # never the record itself, nor a folder or a place pnp cannot write
    found = _diagnostics(record, game)
    if game is None or found:
        raise rejected(record_path, found, f"{record_path}: invalid record, nothing drawn")
    if turn is not None and turn > game.turns:
        raise PnpError(f"--turn {turn}: {record_path} has only {game.turns} turn{'s' * (game.turns != 1)}", exit_code=2)
    if turn is not None:
        game = replay(record, turn)
    from ...draw.pdf import render_pdf  # ReportLab and svgwrite load only to draw
    from ...draw.svg import render_svg
    from .draw import position_page

    page = position_page(game, f"{shown(record_path.name)} after turn {game.turns}")
    write_file(output, render_pdf([page], title=page.title) if kind == ".pdf" else render_svg(page))
    typer.echo(f"wrote {shown(output)}", err=True)


@app.command("random")
def random_command(
    players: Annotated[int, typer.Option("--players", parser=parse.integer(3, 4), help="3 (Albion only) or 4 (both islands).")] = 4,
    seed: Annotated[Optional[int], typer.Option("--seed", parser=parse.seed, help="Same seed, same game; one is chosen if left out.")] = None,
    output: Annotated[Optional[Path], typer.Option("-o", "--output", help="Write the record here instead of printing it.", dir_okay=False)] = None,
) -> None:
    """A complete random legal game as a .leylines record: set-up and moves drawn among the legal ones."""
    from .random_game import random_record

    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
        typer.echo(f"seed: {seed}", err=True)
    text = random_record(players, seed)
    if output is None:
        typer.echo(text, nl=False)
    else:
        write_file(output, text)
        typer.echo(f"wrote {shown(output)}", err=True)
