"""The search player (simulation/search.py): it decides on what its seat sees alone, plays legal
actions, and its budget sets its cost. Its strength is measured by bench/players.py, not here."""

from __future__ import annotations

import random

import pytest

from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.rules.game import Game, shuffled
from pnp.games.power_lines_cards.simulation import search as search_module
from pnp.games.power_lines_cards.simulation.players import PLAYERS, chosen, greedy_player
from pnp.games.power_lines_cards.simulation.search import candidates, search

CARDS = load_deck(deck_file("starter.deck")).cards()


def position(seed: int, moves: int) -> Game:
    """A starter-against-starter game played by greedy for `moves` actions, then on to the next
    action of a turn with more than one candidate (a decision search weighs)."""
    rng = random.Random(seed)
    game = Game.start((shuffled(CARDS, rng), shuffled(CARDS, rng)), rng.randrange(2))
    for _ in range(moves):
        game.push(greedy_player(game, rng), rng)
    while game.phase != "turn" or len(candidates(game)) < 2:
        game.push(greedy_player(game, rng), rng)
    assert game.outcome() is None
    return game


def hidden(game: Game, player: int) -> tuple[object, ...]:
    """What `player` cannot see: the opponent's hand and face-down cards, both decks' orders."""
    other = game.sides[1 - player]
    down = sorted((cell, piece.card) for cell, piece in game.table.tops.items() if piece.owner != player and piece.face_down)
    return (sorted(other.hand.items()), down, other.deck, game.sides[player].deck)


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_the_same_view_and_generator_give_the_same_decision_whatever_is_hidden(seed):
    game = position(seed, 12 + seed)
    me = game.to_move
    # Another game its seat cannot tell from this one: the opponent's hand, deck order and
    # face-down cards dealt otherwise, its own deck in another order.
    other = game.determinize(me, random.Random(seed + 1000))
    assert hidden(other, me) != hidden(game, me)  # it really differs where the player cannot see
    assert other.legal_actions() == game.legal_actions()
    assert search(game, random.Random(5), budget=2) == search(other, random.Random(5), budget=2)


def test_it_looks_ahead_on_copies_and_leaves_the_game_as_it_was():
    game = position(4, 20)
    before = (game.copy().legal_actions(), [s.copy() for s in game.sides], dict(game.table.tops), list(game.history))
    search(game, random.Random(1), budget=1)
    assert (game.legal_actions(), list(game.sides), dict(game.table.tops), game.history) == before


def test_a_whole_game_of_search_against_greedy_is_legal_and_ends():
    rng = random.Random(8)
    game = Game.start((shuffled(CARDS, rng), shuffled(CARDS, rng)), rng.randrange(2))
    players = (chosen("search", 1), greedy_player)
    phases = set()
    while game.outcome() is None:
        phases.add(game.phase)
        action = players[game.to_move](game, rng)
        assert action in game.legal_actions()  # as offered, chance parts undrawn
        game.push(action, rng)
    assert {"setup", "turn"} <= phases


def test_the_budget_sets_the_rollouts_a_decision_takes(monkeypatch):
    game = position(6, 15)
    played: list[int] = []
    real = search_module.rollout
    monkeypatch.setattr(search_module, "rollout", lambda g, rng: played.append(1) or real(g, rng))
    counts = {}
    for budget in (1, 3):
        played.clear()
        search(game, random.Random(2), budget=budget)
        counts[budget] = len(played)
    n = len(candidates(game))
    assert counts == {1: n, 3: 3 * n}  # each deal plays every candidate out once


def test_chosen_gives_the_search_player_its_budget_and_the_others_as_they_are():
    assert chosen("greedy", 5) is PLAYERS["greedy"] and chosen("search") is PLAYERS["search"]
    game = position(9, 10)
    assert chosen("search", 2)(game, random.Random(3)) == search(game, random.Random(3), budget=2)
