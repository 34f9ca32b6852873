"""pnp's players of the two-player card game, chosen by name (`--players greedy,random`).

A player is a function `(game, rng) -> action` that picks one of `game.legal_actions()` for
`game.to_move`. It may read only what that player could see at a table: its own hand, every
card face up, the piles' sizes and the deck lists (open, as `Game.determinize` says); never the
opponent's hand, either deck's order or an enemy face-down card (a search player looks ahead on
`Game.determinize`, never on the game itself). `chosen(name, budget)` gives one with its budget.
"""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable

from pnp.core.diagnostics import shown
from pnp.games.power_lines_cards.rules.actions import Action
from pnp.games.power_lines_cards.rules.game import Game

from .greedy import greedy_player as greedy_player  # re-exported: callers name every player from here
from .search import search
from .simple import Player as Player
from .simple import random_player as random_player


def search_player(game: Game, rng: random.Random, budget: int | None = None) -> Action:
    """Looks ahead: the candidate actions played out by greedy on `budget` determinized copies
    of the game each (`search.py`; None: its default budget)."""
    return search(game, rng) if budget is None else search(game, rng, budget=budget)


PLAYERS: dict[str, Player] = {"random": random_player, "greedy": greedy_player, "search": search_player}


def takes_budget(name: str) -> bool:
    """Whether the player named takes a budget: a keyword parameter `budget` (how hard it thinks)."""
    return "budget" in inspect.signature(PLAYERS[name]).parameters


def chosen(name: str, budget: int | None = None) -> Player:
    """The player named, with `budget` given to it if it takes one (else the budget is not its concern)."""
    player = PLAYERS[name]
    if budget is None or not takes_budget(name):
        return player
    thinking: Callable[..., Action] = player  # a player that takes a budget takes it as a keyword
    return functools.partial(thinking, budget=budget)


def player_names(text: str) -> tuple[str, str]:
    """`greedy,random`: A's player and B's, each a name of PLAYERS (any case, spaces allowed);
    ValueError saying what is wrong otherwise."""
    names = [name.strip().lower() for name in text.split(",")]
    known = ", ".join(PLAYERS)
    if len(names) != 2:
        raise ValueError(f"name two players, A's then B's, like greedy,greedy (the players: {known})")
    for name in names:
        if name not in PLAYERS:
            raise ValueError(f"{shown(name)} is not a player pnp has: they are {known}")
    return names[0], names[1]
