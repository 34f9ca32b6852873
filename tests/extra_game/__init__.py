"""A game that exists only for the tests: the least a game declares to be served by pnp.

Registered by `tests/framework/test_game_object.py` in a pnp process of its own, it shows that a new game
is its package alone: `pnp build`, `pnp list`, the kit, index.html and its record commands
(check, score, show, random, made from its record format) take it up from its spec.
"""

from pnp.contract.gamespec import Game, Lazy

GAME = Game(
    "three-in-a-line",
    "Three in a Line",
    credit=None,
    prints="a board of nine squares to play noughts and crosses on.",
    target=Lazy(f"{__name__}.build"),
    group="three-in-a-line",
    records=Lazy(f"{__name__}.records:FORMAT"),
    about="A game for pnp's tests: noughts and crosses on a board of nine squares.",
)
