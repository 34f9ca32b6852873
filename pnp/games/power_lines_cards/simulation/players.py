"""pnp's players of the two-player card game, chosen by name (`--players greedy,random`).

A player is a function `(game, rng) -> action` that picks one of `game.legal_actions()` for
`game.to_move`. It may read only what that player could see at a table: its own hand, every
card face up, the piles' sizes and the deck lists (open, as `Game.determinize` says); never the
opponent's hand, either deck's order or an enemy face-down card (a search player looks ahead on
`Game.determinize`, never on the game itself). `make_player(name, budget)` gives one with its budget.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from pnp.games.power_lines_cards.rules.actions import Action
from pnp.games.power_lines_cards.rules.game import Game

from .greedy import greedy_player as greedy_player  # re-exported: callers name every player from here
from .search import search

Player = Callable[[Game, random.Random], Action]


def random_player(game: Game, rng: random.Random) -> Action:
    """Any legal action, each as likely as the others."""
    return rng.choice(game.legal_actions())


def search_player(game: Game, rng: random.Random) -> Action:
    """Looks ahead: the candidate actions played out by greedy on determinized copies of the game
    (`search.py`), at its default budget."""
    return search(game, rng)


PLAYERS: dict[str, Player] = {"random": random_player, "greedy": greedy_player, "search": search_player}
BUDGETED = "search"  # the player a budget applies to


def make_player(name: str, budget: int | None = None) -> Player:
    """The player called `name`: `budget` (None: its default) sets the search player's deals a
    decision (`search.py`), its strength and its cost; the other players have no budget."""
    if name == BUDGETED and budget is not None:
        return partial(search, budget=budget)
    return PLAYERS[name]
