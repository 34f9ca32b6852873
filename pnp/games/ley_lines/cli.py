"""`pnp ley-lines`: check, score, show and generate records of Ley Lines (the commands: pnp.contract.records)."""

from __future__ import annotations

from typing import Annotated

import typer
from pydantic import Field

from pnp.contract import options as parse
from pnp.contract.app import Result
from pnp.contract.records import Check, Moment, Outcome, Random, RecordFormat, Score, Show, Watch
from pnp.core.diagnostics import plural
from pnp.core.printing import Print

from . import GAME
from .board import name
from .engine import domino, domino_name
from .files import Record, TurnItem, load_record
from .game import Event, Game, replay


class Checked(Result):
    """`pnp ley-lines check`: the suits playing, in turn order, the turns and whether the game is over."""

    players: list[str]
    turns: int
    finished: bool


class CairnScored(Result):
    """A cairn that scores: the turn, the cairn and its owner, the tor its energy reaches, the path's
    length, the points, and the dominoes attenuation removes (each by its two spaces)."""

    turn: int
    cairn: str
    owner: str
    value: int
    tor: str
    tor_owner: str
    length: int
    points: int
    removed: list[Annotated[list[str], Field(min_length=2, max_length=2)]]


class Scored(Result):
    """`pnp ley-lines score`: each suit's points, the winners (several in a tie; none before the
    end), whether the game is over, and every cairn that scored."""

    scores: dict[str, int]
    winner: list[str]
    finished: bool
    events: list[CairnScored]


class Made(Result):
    """`pnp ley-lines random`: the seed, the players, the record made, and where it was written (null: printed)."""

    seed: int
    players: int
    record: str
    output: str | None


def _status(game: Game) -> str:
    return f"finished: {game.finished}" if game.finished else "unfinished"


def _check(game: Game) -> Outcome:
    result = Checked(players=list(game.players), turns=game.turns, finished=bool(game.finished))
    return Outcome(f"{game.n} players, {plural(game.turns, 'turn')}, {_status(game)}", result)


def event_json(e: Event) -> CairnScored:
    s = e.scored
    return CairnScored(
        turn=e.turn,
        cairn=name(s.cairn),
        owner=s.owner,
        value=s.value,
        tor=name(s.tor),
        tor_owner=s.tor_owner,
        length=len(s.path),
        points=s.points,
        removed=[[name(a), name(b)] for a, b in s.removed],
    )


def event_line(e: Event) -> str:
    s = e.scored
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


def _score(game: Game, _: Game | None) -> Outcome:
    lines = [event_line(e) for e in game.events]
    lines.append("scores: " + ", ".join(f"{s} {game.scores[s]}" for s in game.players))
    winners = game.winners()
    if not game.finished:
        lines.append(f"unfinished after {plural(game.turns, 'turn')}")
    elif len(winners) == 1:
        lines.append(f"{winners[0]} wins ({game.finished})")
    else:
        lines.append(f"a tie between {' and '.join(winners)} ({game.finished})")
    result = Scored(scores=dict(game.scores), winner=winners, finished=bool(game.finished), events=[event_json(e) for e in game.events])
    return Outcome("\n".join(lines), result)


def _draw(game: Game, shown_name: str, printing: Print) -> tuple:
    from .draw import position_page  # the drawing loads only to draw

    return position_page(game, f"{shown_name} after turn {game.turns}", printing), None


def _moment(record: Record, game: Game) -> Moment:
    """A position for `replay`: its turn's domino (or pass) and the cairns it scored, then the scores."""
    scores = "scores: " + ", ".join(f"{s} {game.scores[s]}" for s in game.players)
    if game.turns == 0:
        return Moment(f"the set-up: {plural(len(game.cairns_placed), 'cairn')} and {plural(game.tors_placed, 'tor')} placed, the dominoes dealt", scores)
    item = [i for i in record.items if isinstance(i, TurnItem)][game.turns - 1]
    if item.values is None or item.first is None or item.second is None:
        move = f"turn {game.turns}: {item.player} passes"
    else:
        move = f"turn {game.turns}: {item.player} lays {domino_name(domino(*item.values))} on {name(item.first)} {name(item.second)}"
    if game.finished:
        scores += f"; over: {game.finished}"
    return Moment(move, scores, tuple(event_line(e) for e in game.events if e.turn == game.turns))


def _random(seed: int, players: Annotated[int, typer.Option("--players", parser=parse.integer(3, 4), help="3 (Albion only) or 4 (both islands).")] = 4) -> str:
    from .generate import random_record  # the move generator loads only here

    return random_record(players, seed)


FORMAT: RecordFormat[Record, Game, Game] = RecordFormat(
    help=f"{GAME.made_by}, for 3-4 players with a piecepack and double-six dominoes: check, score and draw .leylines game records, or make a random game.",
    example="pnp ley-lines random --seed 5 -o game.leylines",
    suffixes=(".leylines",),
    sample="decks/ley-lines/example.leylines",
    parse=load_record,
    replay=replay,
    check=Check(help="Check every rule: set-up, turn order, each domino's energy paths, the end of the game.", result=Checked, told=_check),
    score=Score(
        help="Replay the game: each cairn that scores (turn, cairn, tor, path length, points, dominoes lost), then the scores.",
        result=Scored,
        told=_score,
    ),
    show=Show(
        help="Draw the position on one sheet of paper, scaled to fit: dominoes, cairns, tors, and where each cairn's energy flows.",
        turn_zero="after the set-up",
        draw=_draw,
    ),
    watch=Watch(told=_moment),
    random=Random(
        help="A complete random legal game as a .leylines record: set-up and moves drawn among the legal ones.",
        example="pnp ley-lines random --players 3 --seed 5 -o game.leylines",
        make=_random,
        result=Made,
    ),
)
