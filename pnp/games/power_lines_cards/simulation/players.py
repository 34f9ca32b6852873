"""pnp's players of the two-player card game, chosen by name (`--players greedy,random`).

A player is a function `(game, rng) -> action` that picks one of `game.legal_actions()` for
`game.to_move`. It may read only what that player could see at a table: its own hand, every
card face up, the piles' sizes; never the opponent's hand, either deck's order or an enemy
face-down card (a search player looks ahead on `Game.determinize`, never on the game itself).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pnp.games.power_lines_cards.rules.actions import Action, Dominate, Draw, FaceDown, Pick, Play, Shuffle
from pnp.games.power_lines_cards.rules.game import Game
from pnp.games.power_lines_cards.rules.table import prices, printed_values

Player = Callable[[Game, random.Random], Action]


def random_player(game: Game, rng: random.Random) -> Action:
    """Any legal action, each as likely as the others."""
    return rng.choice(game.legal_actions())


def greedy_player(game: Game, rng: random.Random) -> Action:
    """The action with the best fixed score, the first of equals (so `rng` is not used): take the
    enemy Base, then dominate (the strongest defender first), pick for a 2 (the strongest card),
    play (nearest the enemy Base; at its side the highest card, elsewhere the cheapest), draw,
    shuffle; declining and passing last."""
    p = game.to_move
    enemy = game.table.bases[1 - p]

    def score(action: Action) -> float:
        if isinstance(action, Dominate):
            return 10_000 if action.cell == enemy else 1_000 + game.table.defence(action.cell)
        if isinstance(action, Pick):
            return 500 + game.table.value(action.cell)
        if isinstance(action, (Play, FaceDown)):
            far = game.table.distance(action.cell, enemy)
            front = printed_values()[action.card] if far == 1 else -prices().get(action.card, 0)
            return 300 - 10 * far + front
        if isinstance(action, Draw):
            return 100
        return 50 if isinstance(action, Shuffle) else 0

    return max(game.legal_actions(), key=score)


PLAYERS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}
