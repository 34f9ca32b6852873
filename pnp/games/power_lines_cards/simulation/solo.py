"""A goldfish game: the two-player engine (`rules/game.py`) with an opponent who has only a Base.

The deck plays first against player 1, whose deck is empty: at the set-up they draw and place
nothing, and every turn nothing is possible for them, so they pass (the rules' only choice left
them is card 2's pick, which they decline). Every figure comes from the same rules code as a
whole game, under the default readings (`rules/variant.py`), its turn cap apart: T goldfish
turns are the engine's 2T turns (the deck's own turns, 1, 3, 5, ..., counted 1, 2, 3, ...).

How a game ends, and what the goldfish makes of it:
- "base": the enemy Base fell, on the deck's turn counted as above: a game won.
- "turn-cap": T turns played without it: not won.
- "all-passed": the deck's player could do nothing for a whole turn (the opponent passes every
  turn): nothing on the table can change again, so the game is over, not won.
- "out-of-cards": the deck's cards are all on the table or trashed (deck, hand and discard pile
  empty, as the opponent's always are). The engine then judges the nearer card, which would
  hand the deck a win its Base never gave. The table can no longer change, so the driver asks
  the engine instead whether the Base may be dominated from it (`fast.base_falls`): a win on this
  turn if an action was left, else on the next; otherwise not won.

The games are played out by `fast.playout`: the compiled core where it was built (the same
games), else the Python engine. Each game has its own generator, seeded from the run's seed and
the game's number, so a result depends only on (deck, games, seed, turns, player).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import NamedTuple

from pnp.games.power_lines_cards.rules.game import Ending, Game, shuffled
from pnp.games.power_lines_cards.rules.variant import DEFAULT

from .fast import playout
from .simple import Player, passing_player

DECK, OPPONENT = 0, 1
ENGINE_TURNS = 2  # engine turns per goldfish turn: the deck's and the opponent's


class Solo(NamedTuple):
    """One goldfish game: the turn the enemy Base fell (None: not won), how the engine ended it,
    and the cards the deck played face up (card 9's free play included)."""

    turn: int | None
    ending: Ending
    played: Counter[str]


def game_rng(seed: int, game: int) -> random.Random:
    """Game `game`'s own generator: a result depends on the seed, never on the order games run in."""
    return random.Random(f"pnp-goldfish/{seed}/{game}")


def play_solo(cards: list[str], rng: random.Random, turns: int, player: Player) -> Solo:
    """`cards` shuffled by `rng` and played by `player` against the passing opponent, `turns` turns at most."""
    variant = replace(DEFAULT, turn_cap=ENGINE_TURNS * turns)
    game = Game.start((shuffled(cards, rng), ()), first=DECK, variant=variant)
    done = playout(game, (player, passing_player), rng)
    outcome, played = done.outcome, done.played[DECK]
    turn = (done.turn + 1) // ENGINE_TURNS  # the deck's turns are the engine's odd ones
    if outcome.ending == "base" and outcome.winner == DECK:
        return Solo(turn, outcome.ending, played)
    if outcome.ending == "out-of-cards" and done.base_falls(DECK):
        turn += done.actions == 0  # no action left: it falls next turn
        return Solo(turn if turn <= turns else None, outcome.ending, played)
    return Solo(None, outcome.ending, played)
