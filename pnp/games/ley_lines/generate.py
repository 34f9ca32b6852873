"""A complete random legal game of Ley Lines as a `.leylines` record: same seed, same game.

Set-up and every move are drawn at random among the legal ones; a player passes
only when no domino in hand can be placed. Each step goes through the same
replay the `check` command uses, so a random game is legal by construction.
"""

from __future__ import annotations

import random
from collections.abc import Container

from .board import Space, king_distance, name, neighbours
from .engine import HAND, SUITS, domino_name, dominoes_in_play
from .files import CairnItem, DealItem, TorItem, TurnItem, format_record
from .game import CAIRNS_EACH, TOR_SPACING, Game, apply, legal_moves, new_game

_AT = {"owner": 0, "value": 0, "space": 0, "player": 0, "domino": 0, "first": 0, "second": 0}
MAX_TURNS = 500  # far more than a game can last: each placement uses up one of 28 dominoes


def random_game(players: int, seed: int) -> tuple[Game, list[str]]:
    """The game and its record lines (without the players line)."""
    rng = random.Random(seed)
    suits = SUITS[:players]
    lines: list[str]
    while True:
        # A crowded random set-up can leave no room for a tor; then set up again (still seeded).
        game, lines = new_game(suits), []
        if _set_up(game, lines, rng):
            break
    for _ in range(MAX_TURNS):
        if game.finished:
            break
        suit = game.to_move()
        moves = legal_moves(game, suit)
        if moves:
            _, first, a, second, b = rng.choice(moves)
            apply(game, TurnItem(len(lines), 0, suit, (a, b), first, second, at=_AT))
            lines.append(f"{suit} {a}-{b} {name(first)} {name(second)}")
        else:
            apply(game, TurnItem(len(lines), 0, suit, None, None, None, at=_AT))
            lines.append(f"{suit} pass")
    assert game.valid and game.finished
    return game, lines


def _set_up(game: Game, lines: list[str], rng: random.Random) -> bool:
    pos, n = game.pos, game.n
    values = {s: rng.sample(range(CAIRNS_EACH), CAIRNS_EACH) for s in game.players}
    for k in range(CAIRNS_EACH * n):
        suit = game.players[k % n]
        free = [s for s in sorted(pos.spaces) if pos.empty(s) and not _touches(s, pos.cairns)]
        if not free:
            return False
        space, value = rng.choice(free), values[suit][k // n]
        apply(game, CairnItem(len(lines), 0, suit, value, space, at=_AT))
        lines.append(f"cairn {suit} {value} {name(space)}")
    for k in range(n):
        suit = game.players[n - 1 - k]
        free = [s for s in sorted(pos.spaces) if pos.empty(s) and not _touches(s, pos.cairns) and all(king_distance(s, t) >= TOR_SPACING for t in pos.tors)]
        if not free:
            return False
        space = rng.choice(free)
        apply(game, TorItem(len(lines), 0, suit, space, at=_AT))
        lines.append(f"tor {suit} {name(space)}")
    stock = dominoes_in_play(n)
    rng.shuffle(stock)
    for k, suit in enumerate(game.players):
        hand = sorted(stock[k * HAND : (k + 1) * HAND])
        apply(game, DealItem(len(lines), 0, suit, tuple(hand), tuple(0 for _ in hand), at=_AT))
        lines.append(f"deal {suit} " + " ".join(domino_name(d) for d in hand))
    return True


def _touches(space: Space, pieces: Container[Space]) -> bool:
    return any(near in pieces for near in neighbours(space))


def random_record(players: int, seed: int) -> str:
    game, lines = random_game(players, seed)
    header = f"Ley Lines, a random game: {players} players, seed {seed}\nmade by: pnp ley-lines random --players {players} --seed {seed}"
    return format_record(game.players, lines, header)
