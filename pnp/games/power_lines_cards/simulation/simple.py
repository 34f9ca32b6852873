"""The players with no policy to speak of: `random_player`, and the goldfish's opponent who only passes."""

from __future__ import annotations

import random
from collections.abc import Callable

from pnp.games.power_lines_cards.rules.actions import Action, Decline, Pass
from pnp.games.power_lines_cards.rules.game import Game

Player = Callable[[Game, random.Random], Action]


def random_player(game: Game, rng: random.Random) -> Action:
    """Any legal action, each as likely as the others."""
    return rng.choice(game.legal_actions())


def passing_player(game: Game, rng: random.Random) -> Action:
    """The goldfish's opponent (`solo.py`), who has no cards: it declines every effect's choice and passes."""
    return Decline() if Decline() in game.legal_actions() else Pass()
