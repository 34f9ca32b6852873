"""A complete random legal game of Paint the Line as a `.ptl` record: same seed, same game.

The colour picks are drawn at random (a colour not yet chosen, then one of the trees whose small
pyramid of that colour is still on top), then every turn uniformly among all legal turns, each
capture counted once for every place its pyramid may take. Each step goes through the replay
the `check` command uses, so a random game is legal by construction, and it is played until no
move captures.
"""

from __future__ import annotations

import random

from .engine import PLAY_COLOURS, Pyramid, space_name
from .files import PickItem, TurnItem, format_record
from .game import PICKS, Game, apply, new_game, options

_AT = {"player": 0, "colour": 0, "space": 0, "start": 0, "end": 0, "place": 0}


def random_game(seed: int) -> tuple[Game, list[str], list[str]]:
    """The game, its pick lines and its turn lines."""
    rng = random.Random(seed)
    game = new_game()
    picks: list[str] = []
    for _ in range(PICKS):
        player = game.to_pick()
        colour = rng.choice([c for c in PLAY_COLOURS if c not in game.colours(1) + game.colours(2)])
        space = rng.choice([cell for cell, stack in sorted(game.pos.movement.items()) if stack[-1] == Pyramid(colour, 1)])
        apply(game, PickItem(len(picks), 0, player, colour, space, at=_AT))
        picks.append(f"pick {player} {colour} {space_name(space)}")
    turns: list[str] = []
    while not game.finished:
        # One of all legal turns, uniformly: the k-th (capture, place) pair in options' order.
        choices = options(game.pos)
        k = rng.randrange(sum(len(spots) for *_, spots in choices))
        for start, end, _, spots in choices:  # noqa: B007 - the move chosen is the one the loop stops at
            if k < len(spots):
                break
            k -= len(spots)
        player, place = game.to_move(), spots[k]
        apply(game, TurnItem(len(picks) + len(turns), 0, player, start, end, place, at=_AT))
        turns.append(f"{player} {space_name(start)} {space_name(end)} {space_name(place)}")
    assert game.valid
    return game, picks, turns


def random_record(seed: int) -> str:
    _, picks, turns = random_game(seed)
    header = f"Paint the Line, a random game: seed {seed}\nmade by: pnp paint-the-line random --seed {seed}"
    return format_record(picks, turns, header)
