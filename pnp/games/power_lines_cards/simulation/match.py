"""A whole two-player game between two of pnp's players (players.py), and its `.plc` record:
the same decks, players and seed give the same game, and the same record byte for byte."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.games.power_lines_cards.rules.game import Game, in_order, shuffled
from pnp.games.power_lines_cards.rules.records import format_record
from pnp.games.power_lines_cards.rules.replay import record_of
from pnp.games.power_lines_cards.rules.variant import DEFAULT, Variant

from .fast import playout
from .players import make_player


def play(
    decks: tuple[Sequence[str], Sequence[str]], players: tuple[str, str], seed: int, variant: Variant = DEFAULT, budget: int | None = None
) -> tuple[Game, tuple[list[str], list[str]]]:
    """The game A (`players[0]`) and B play with `decks` shuffled, and each deck in the order
    drawn; `budget` sets the search player's (`make_player`). One generator draws the shuffles,
    who goes first, the players' choices and chance. Played out by `fast.playout` (the compiled
    core where it was built, for the players it knows: the same game).
    rng = random.Random(seed)
    orders = (shuffled(in_order(decks[0]), rng), shuffled(in_order(decks[1]), rng))
    first = rng.randrange(2)
    game = Game.start((list(reversed(orders[0])), list(reversed(orders[1]))), first, variant)
    done = playout(game, (make_player(players[0], budget), make_player(players[1], budget)), rng, final=True)
    assert done.game is not None  # asked for
    return done.game, orders


def match_record(
    decks: tuple[Sequence[str], Sequence[str]],
    players: tuple[str, str],
    seed: int,
    variant: Variant = DEFAULT,
    header: Sequence[str] = (),
    budget: int | None = None,
) -> str:
    """The `.plc` record of `play`'s game, `header` as its first comment lines."""
    game, orders = play(decks, players, seed, variant, budget)
    return format_record(record_of(orders, game.first, variant, game.history, header))
