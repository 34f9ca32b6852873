"""The engine against its own past: whole seeded games played in step on the engine and on a frozen
copy of it from before it was made faster (`reference_engine/`, a test oracle only). At every
step both must offer the same legal actions in the same order (the listing is part of the rules:
a random player picks uniformly from it, a greedy one takes the first of equals) and show the
same cards, values and turn; each game must end the same way. Random and greedy players, the
default reading and seven variants that between them change every reading, short tables among
them so that dominations, 2s, 7s and 9s come up often."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.rules.game import Game, shuffled
from pnp.games.power_lines_cards.rules.variant import DEFAULT, Variant
from pnp.games.power_lines_cards.simulation.players import greedy_player, random_player

from .reference_engine import game as reference

STARTER = load_deck(Path(deck_file("starter.deck")))
CARDS = [name for name, count in STARTER.counts.items() for _ in range(count)]

VARIANTS = {
    "default": DEFAULT,
    "short": Variant(bases_apart=4),
    "corners": Variant(bases_apart=5, corners_border=True, distance="king", dominate="exactly"),
    "zero-readings": Variant(bases_apart=6, zero_reads="current", zero_face_down="card", zero_alone="minus-two"),
    "hand-three": Variant(bases_apart=6, zero_decrease="base", three_friendly="hand", four_draw="may"),
    "loose-effects": Variant(bases_apart=5, three_may_cut=False, six_covered="discarded", seven_needs_total=False, nine_value="current"),
    "free-nine": Variant(bases_apart=5, nine_pays_price=False, base_adds_to_total=True, base_is_enemy=False, two_chains=False),
    "the-end": Variant(out_of_cards="deck-and-hand", all_passed="draw", hand_limit=6, turn_cap=40),
}


def same_state(new: Game, old: reference.Game) -> None:
    assert (new.phase, new.to_move, new.turn, new.actions, new.passes, new.outcome()) == (
        old.phase,
        old.to_move,
        old.turn,
        old.actions,
        old.passes,
        old.outcome(),
    )
    for a, b in zip(new.sides, old.sides):
        assert (a.deck, a.hand, a.discard, a.trash) == (b.deck, b.hand, b.discard, b.trash)
    assert new.table.tops == old.table.tops and new.table.under == old.table.under
    assert {c: new.table.value(c) for c in new.table.tops} == {c: old.table.value(c) for c in old.table.tops}


def play_both(seed: int, variant: Variant, player: str) -> None:
    rng = random.Random(seed)
    decks = (shuffled(CARDS, rng), shuffled(CARDS, rng))
    first = rng.randrange(2)
    new, old = Game.start(decks, first, variant), reference.Game.start(decks, first, variant)
    choose = random_player if player == "random" else greedy_player
    step = 0
    while old.outcome() is None:
        assert new.legal_actions() == old.legal_actions()
        if step % 17 == 5:  # a search player's view: a copy, and a determinized copy, list the same
            assert new.copy().legal_actions() == old.legal_actions()
            seen_by = new.to_move
            a, b = new.determinize(seen_by, random.Random(step)), old.determinize(seen_by, random.Random(step))
            assert a.legal_actions() == b.legal_actions() and a.table.tops == b.table.tops
        applied = new.push(choose(new, rng), rng)
        assert old.push(applied) == applied  # the chance part, drawn by the engine, replays on the oracle
        same_state(new, old)
        step += 1
    assert new.legal_actions() == () and new.history == old.history


@pytest.mark.parametrize("name", list(VARIANTS))
def test_random_and_greedy_games_match_the_engine_before_it_was_made_faster(name: str):
    games = 40 if name == "default" else 16
    for seed in range(games):
        play_both(seed * 7919 + len(name), VARIANTS[name], "random" if seed % 4 else "greedy")
