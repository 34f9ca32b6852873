"""`pnp cards`: check, score, draw and play whole two-player games of Power Lines as `.plc`
records (the format: rules/records.py; the commands: pnp.contract.records)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

import typer
from pydantic import Field

from pnp.contract import options
from pnp.contract.app import Result
from pnp.contract.records import Check, Moment, Outcome, Random, RecordFormat, Score, Show, Watch
from pnp.core.diagnostics import plural, shown
from pnp.core.printing import Print

from . import GAME
from .options import CARDS, BudgetOption
from .rules.catalogue import catalogue_file
from .rules.game import Ending
from .rules.records import PLAYER_NAMES, SUFFIX, Record, load_record
from .rules.replay import Replayed, ending_text, nearest_text, replay
from .simulation.players import PLAYERS, player_names

if TYPE_CHECKING:
    from pnp.draw.shapes import Drawing

Player = Literal["A", "B"]
_NAMES: tuple[Player, Player] = ("A", "B")
DEFAULT_PLAYERS = "greedy,greedy"


class Checked(Result):
    """`pnp cards check`: the turns begun (0: the set-up only), the actions, whether the game is
    over, and how (null while it goes on), its winner (null: a draw, or not over), who is to move
    (null: over)."""

    turns: int
    actions: int
    finished: bool
    ending: Ending | None
    winner: Player | None
    to_move: Player | None


class Scored(Result):
    """`pnp cards score`: whether the game is over and how, its winner (null: a draw, or not
    over), the player whose nearest card stands nearer the enemy Base (null: level), each
    player's nearest card's distance to the enemy Base, A's then B's (null: no card on the
    table), and the turns begun."""

    finished: bool
    ending: Ending | None
    winner: Player | None
    leader: Player | None
    nearest: Annotated[list[int | None], Field(min_length=2, max_length=2)]
    turns: int


class Made(Result):
    """`pnp cards random`: the seed, the two deck files, the players (A's, B's), the variant file
    (null: pnp's readings), the search player's budget (null: its default, or no search player),
    the record made, and where it was written (null: printed)."""

    seed: int
    deck_a: str
    deck_b: str
    players: str
    variant: str | None
    budget: int | None
    record: str
    output: str | None


def _winner(r: Replayed) -> Player | None:
    outcome = r.game.outcome()
    return None if outcome is None or outcome.winner is None else _NAMES[outcome.winner]


def _check(r: Replayed) -> Outcome:
    game, outcome = r.game, r.game.outcome()
    status = f"finished: {ending_text(game, outcome)}" if outcome is not None else f"unfinished: {PLAYER_NAMES[game.to_move]} to move"
    result = Checked(
        turns=r.turns,
        actions=len(game.history),
        finished=outcome is not None,
        ending=outcome.ending if outcome is not None else None,
        winner=_winner(r),
        to_move=None if outcome is not None else _NAMES[game.to_move],
    )
    return Outcome(f"{plural(len(game.history), 'action')}, {plural(r.turns, 'turn')}, {status}", result)


def _score(r: Replayed, _: Replayed | None) -> Outcome:
    game, outcome = r.game, r.game.outcome()
    near = [game.table.closest(p) for p in (0, 1)]
    far = [n if n is not None else 1 << 30 for n in near]
    leader = None if far[0] == far[1] else _NAMES[far.index(min(far))]
    if outcome is not None:
        text = ending_text(game, outcome)
    else:
        lead = "level" if leader is None else f"{leader} leads"
        text = f"unfinished after {plural(r.turns, 'turn')}: {lead}; {nearest_text(game)}"
    result = Scored(
        finished=outcome is not None,
        ending=outcome.ending if outcome is not None else None,
        winner=_winner(r),
        leader=leader,
        nearest=near,
        turns=r.turns,
    )
    return Outcome(text, result)


def _draw(r: Replayed, shown_name: str, printing: Print) -> tuple[Drawing, float | None]:
    from .position import table_page  # the drawing loads only to draw

    return table_page(r.game, r.last, f"{shown_name} after {f'turn {r.turns}' if r.turns else 'the set-up'}", printing), None


def _moment(_: Record, r: Replayed) -> Moment:
    """A position for `replay`: the last action, where the game stands (as `score` says it), and
    each player's cards off the table, counted."""
    from .position import last_words  # as the drawing says it

    sides = [f"player {name}: hand {s.hand_size}, deck {len(s.deck)}, discard {len(s.discard)}, trash {len(s.trash)}" for name, s in zip(_NAMES, r.game.sides)]
    return Moment(last_words(r.game, r.last), _score(r, None).text, tuple(sides))


def _players(text: str) -> str:
    """`--players greedy,random`: A's player and B's, each one pnp has."""
    try:
        return ",".join(player_names(text))
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None


def _deck(help: str, metavar: str) -> typer.models.ArgumentInfo:
    return typer.Argument(help=help, metavar=metavar, show_default=False, dir_okay=False, parser=options.input_path)


def _random(
    seed: int,
    deck_a: Annotated[Path, _deck("A's deck list (a .deck file, as `pnp deck validate` takes it); - reads standard input.", "DECK_A")],
    deck_b: Annotated[Path, _deck("B's deck list.", "DECK_B")],
    players: Annotated[str, typer.Option("--players", parser=_players, help=f"A's player and B's, of {', '.join(PLAYERS)}.")] = DEFAULT_PLAYERS,
    variant: Annotated[
        Path | None,
        typer.Option(
            "--variant",
            metavar="FILE",
            dir_okay=False,
            help="Readings of the rules other than pnp's, one `name = value` a line (a .toml file; `pnp help readings` lists them); the record names those it was played under.",
        ),
    ] = None,
    budget: BudgetOption = None,
) -> str:
    from .rules.engine import load_deck  # an invalid deck: its findings, as `pnp deck` gives them
    from .rules.variant import DEFAULT, load_variant
    from .simulation.match import match_record

    decks = (load_deck(deck_a).cards(), load_deck(deck_b).cards())
    readings = DEFAULT if variant is None else load_variant(variant)
    a, b = players.split(",")
    cards = catalogue_file()
    given = [("--variant", variant), ("--cards", cards), ("--budget", budget)]
    header = (
        f"{GAME.title}: {a} (A) against {b} (B)",
        f"made by: pnp cards random {shown(deck_a)} {shown(deck_b)} --seed {seed} --players {players}"
        + "".join(f" {flag} {shown(value)}" for flag, value in given if value is not None),
    )
    return match_record(decks, (a, b), seed, readings, header=header, budget=budget)


FORMAT: RecordFormat[Record, Replayed, Replayed] = RecordFormat(
    help=f"{GAME.made_by}, two players: check, score and draw {SUFFIX} game records, or play a whole game between two of pnp's players.",
    example=f"pnp cards random decks/starter.deck decks/fives.deck --seed 3 -o game{SUFFIX}",
    suffixes=(SUFFIX,),
    sample=f"decks/power-lines-cards/example{SUFFIX}",
    parse=load_record,
    replay=replay,
    check=Check(
        help="Check every rule, line by line: the decks and draws, the set-up, each action and every choice its effects ask; stop at the first line that breaks one.",
        result=Checked,
        told=_check,
    ),
    score=Score(
        help="Say who won and how the game ended (a Base taken, out of cards, all passed, the turn cap), or who leads an unfinished one.",
        result=Scored,
        told=_score,
    ),
    show=Show(
        help="Draw the table after a turn on one page: every card in play, the hands and piles, the last action.",
        turn_zero="after the set-up",
        draw=_draw,
    ),
    watch=Watch(told=_moment),
    random=Random(
        help="Play a whole game between two of pnp's players (random, greedy, search) with two deck lists, and write its record; the same seed gives the same record.",
        example="pnp cards random decks/starter.deck decks/fives.deck --players greedy,random",
        make=_random,
        result=Made,
    ),
    contexts=(CARDS,),
)
