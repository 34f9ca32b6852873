"""A whole two-player game between two of pnp's players (players.py), and its `.plc` record:
the same decks, players and seed give the same game, and the same record byte for byte.

`play` deals and plays one game from a seed; the match lab (`lab.py`) deals once (`deal`) and
plays the same orders twice, the seats swapped (`play_dealt`). `seen` says, from a game's
history, which kinds a player drew and which they played face up (the lab's per-card figures)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.games.power_lines_cards.rules.game import Game, in_order, shuffled
from pnp.games.power_lines_cards.rules.records import format_record
from pnp.games.power_lines_cards.rules.replay import record_of
from pnp.games.power_lines_cards.rules.setup import HAND_SIZE
from pnp.games.power_lines_cards.rules.variant import DEFAULT, Variant

from .fast import Playout, playout
from .players import chosen

Orders = tuple[list[str], list[str]]  # each deck in the order drawn, first drawn first


def deal(decks: tuple[Sequence[str], Sequence[str]], rng: random.Random) -> Orders:
    """Both decks shuffled by `rng`, A's first, each from catalogue order."""
    return (shuffled(in_order(decks[0]), rng), shuffled(in_order(decks[1]), rng))


def play(
    decks: tuple[Sequence[str], Sequence[str]], players: tuple[str, str], seed: int, variant: Variant = DEFAULT, budget: int | None = None
) -> tuple[Game, Orders]:
    """The game A (`players[0]`) and B play with `decks` shuffled, and each deck in the order
    drawn; `budget` goes to the players that take one. One generator draws the shuffles, who goes
    first, the players' choices and chance."""
    rng = random.Random(seed)
    orders = deal(decks, rng)
    first = rng.randrange(2)
    done = play_dealt(orders, first, players, rng, variant, budget, final=True)
    assert done.game is not None  # asked for
    return done.game, orders


def play_dealt(
    orders: Orders,
    first: int,
    players: tuple[str, str],
    rng: random.Random,
    variant: Variant = DEFAULT,
    budget: int | None = None,
    final: bool = False,
) -> Playout:
    """The game played from `orders` (A's, B's), player `first` first, by the players named
    (`budget` given to those that take one); `rng` draws their choices and chance. Played out by
    `fast.playout` (the compiled core where it was built, for the players it knows: the same
    game); `final`: with the game at its end (`Playout.game`), its history for a record."""
    game = Game.start((list(reversed(orders[0])), list(reversed(orders[1]))), first, variant)
    return playout(game, (chosen(players[0], budget), chosen(players[1], budget)), rng, final=final)


def seen(orders: Orders, done: Playout, player: int) -> tuple[frozenset[str], frozenset[str]]:
    """The kinds `player` drew (the opening hand included) and the kinds they played face up
    (card 9's free play included; the set-up's face-down cards not), in the game `play_dealt`
    played from `orders`."""
    drawn = set(orders[player][:HAND_SIZE]) | {kind for kind, n in done.drawn[player].items() if n}
    return frozenset(drawn), frozenset(kind for kind, n in done.played[player].items() if n)


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
