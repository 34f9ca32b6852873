"""A whole two-player game between two of pnp's players (players.py), and its `.plc` record:
the same decks, players and seed give the same game, and the same record byte for byte.

`play` deals and plays one game from a seed; the match lab (`lab.py`) deals once (`deal`) and
plays the same orders twice, the seats swapped (`play_dealt`). `seen` says, from a game's
history, which kinds a player drew and which they played face up (the lab's per-card figures)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pnp.games.power_lines_cards.rules.actions import Play
from pnp.games.power_lines_cards.rules.game import Game, in_order, shuffled
from pnp.games.power_lines_cards.rules.records import format_record
from pnp.games.power_lines_cards.rules.replay import record_of
from pnp.games.power_lines_cards.rules.variant import DEFAULT, Variant

from .players import chosen

Orders = tuple[list[str], list[str]]  # each deck in the order drawn, first drawn first


def deal(decks: tuple[Sequence[str], Sequence[str]], rng: random.Random) -> Orders:
    """Both decks shuffled by `rng`, A's first, each from catalogue order."""
    return (shuffled(in_order(decks[0]), rng), shuffled(in_order(decks[1]), rng))


def play(decks: tuple[Sequence[str], Sequence[str]], players: tuple[str, str], seed: int, variant: Variant = DEFAULT) -> tuple[Game, Orders]:
    """The game A (`players[0]`) and B play with `decks` shuffled, and each deck in the order
    drawn. One generator draws the shuffles, who goes first, the players' choices and chance."""
    rng = random.Random(seed)
    orders = deal(decks, rng)
    first = rng.randrange(2)
    return play_dealt(orders, first, players, rng, variant), orders


def play_dealt(orders: Orders, first: int, players: tuple[str, str], rng: random.Random, variant: Variant = DEFAULT, budget: int | None = None) -> Game:
    """The game played from `orders` (A's, B's), player `first` first, by the players named
    (`budget` given to those that take one); `rng` draws their choices and chance."""
    game = Game.start((list(reversed(orders[0])), list(reversed(orders[1]))), first, variant)
    by_seat = (chosen(players[0], budget), chosen(players[1], budget))
    while game.outcome() is None:
        game.push(by_seat[game.to_move](game, rng), rng)
    return game


def seen(orders: Orders, game: Game, player: int) -> tuple[frozenset[str], frozenset[str]]:
    """The kinds `player` drew (the opening hand included) and the kinds they played face up
    (card 9's free play included; the set-up's face-down cards not), in `game` played from
    `orders`: its history replayed, the hand read after every action."""
    again = Game.start((list(reversed(orders[0])), list(reversed(orders[1]))), game.first, game.variant)
    drawn, played = set(again.sides[player].hand), set()
    for action in game.history:
        if again.to_move == player and type(action) is Play:
            played.add(action.card)
        again.push(action)
        drawn.update(again.sides[player].hand)
    return frozenset(drawn), frozenset(played)


def match_record(
    decks: tuple[Sequence[str], Sequence[str]], players: tuple[str, str], seed: int, variant: Variant = DEFAULT, header: Sequence[str] = ()
) -> str:
    """The `.plc` record of `play`'s game, `header` as its first comment lines."""
    game, orders = play(decks, players, seed, variant)
    return format_record(record_of(orders, game.first, variant, game.history, header))
