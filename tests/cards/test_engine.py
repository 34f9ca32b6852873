"""The two-player engine's flow (`rules/game.py`): the set-up, turns and prices, the endings, exact
replay, hidden cards, and whole random games that must always end, legally, with every card
accounted for."""

from __future__ import annotations

import random
from dataclasses import fields, replace
from pathlib import Path
from typing import get_args, get_type_hints

import pytest

from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.rules.actions import Decline, Dominate, Draw, FaceDown, IllegalAction, Pass, Play, Shuffle
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.rules.game import Game, replay, shuffled
from pnp.games.power_lines_cards.rules.table import Piece, base_value, prices, printed_values
from pnp.games.power_lines_cards.rules.variant import DEFAULT, Variant

STARTER = load_deck(Path(deck_file("starter.deck")))
CARDS = [name for name, count in STARTER.counts.items() for _ in range(count)]
FILLER = ("10",) * 4


def new_game(seed: int, variant: Variant = DEFAULT, first: int = 0) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    return Game.start((shuffled(CARDS, rng), shuffled(CARDS, rng)), first, variant), rng


def game(table, hands=((), ()), decks=(FILLER, FILLER), discards=((), ()), player=0, actions=3, **readings) -> Game:
    return Game.position(table, hands, decks, discards, player, actions, Variant(**readings))


def mine(card: str) -> Piece:
    return Piece(card, 0)


def played_out(g: Game, rng: random.Random) -> Game:
    while g.outcome() is None:
        g.push(rng.choice(g.legal_actions()), rng)
    return g


def test_the_engine_reads_the_prices_and_values_of_the_rules_text():
    rules_prices = {"0": 0, "1": -1, "2": -2, "3": -1, "4": 0, "5": 0, "6": 0, "7": 1, "8": 1, "9": 2, "10": 2}
    assert prices() == rules_prices
    assert printed_values() == {name: int(name) for name in rules_prices} and base_value() == 12


# --- set-up -----------------------------------------------------------------------------------


def test_each_player_draws_eight_then_they_place_three_face_down_in_turn_first_player_first():
    g, _ = new_game(1, first=1)
    assert [s.hand_size for s in g.sides] == [8, 8] and [len(s.deck) for s in g.sides] == [18, 18]
    assert g.phase == "setup" and g.to_move == 1
    assert all(isinstance(a, FaceDown) for a in g.legal_actions())
    assert {a.cell for a in g.legal_actions()} == {(12, 0), (11, 1), (11, -1), (10, 0)}  # beside their own Base
    movers = []
    for _ in range(6):
        movers.append(g.to_move)
        g.push(g.legal_actions()[0])
    assert movers == [1, 0, 1, 0, 1, 0]
    assert g.phase == "turn" and g.turn == 1 and g.player == 1 and g.actions == 3
    assert [s.hand_size for s in g.sides] == [5, 5]
    assert all(p.face_down for p in g.table.tops.values()) and len(g.table.tops) == 6


def test_each_player_draws_from_their_own_deck():
    g = Game.start((["1"] * 26, ["2"] * 26))
    assert g.sides[0].hand == {"1": 8} and g.sides[1].hand == {"2": 8}


def test_a_player_with_nothing_to_place_leaves_the_set_up_to_the_other():
    g = Game.start(([], ["4"] * 26), first=0)
    assert g.phase == "setup" and g.to_move == 1
    g = Game.start(([], []), first=1)
    assert (g.phase, g.turn, g.player) == ("turn", 1, 1)


def test_a_hand_made_position_is_player_0s_turn_1_by_default():
    g = Game.position({})
    assert (g.to_move, g.turn, g.actions, g.phase) == (0, 1, 3, "turn")


def test_a_face_down_card_goes_by_the_rules_of_placement():
    g, _ = new_game(2)
    g.push(FaceDown(g.legal_actions()[0].card, (1, 0)))
    with pytest.raises(IllegalAction):
        g.push(FaceDown(next(iter(g.sides[1].hand)), (1, 0)))  # player 1's turn: far from their Base
    with pytest.raises(IllegalAction):
        g.push(Draw())


# --- turns and prices -------------------------------------------------------------------------


def test_a_turn_is_three_actions_then_the_other_player_has_theirs():
    g = game({}, decks=(("1",) * 5, FILLER))
    for left in (2, 1, 0):
        g.push(Draw())
        if left:
            assert g.actions == left and g.player == 0
    assert g.player == 1 and g.actions == 3 and g.turn == 2 and g.sides[0].hand == {"1": 3}


def test_a_positive_price_discards_other_cards_and_cannot_be_paid_from_a_short_hand():
    g = game({}, hands=(["10", "4"], []))
    assert [a for a in g.legal_actions() if isinstance(a, Play) and a.card == "10"] == []
    g = game({}, hands=(["10", "4", "5", "5"], []))
    assert {a.discards for a in g.legal_actions() if isinstance(a, Play) and a.card == "10"} == {("4", "5"), ("5", "5")}
    g.push(Play("10", (1, 0), discards=("5", "4")))  # in any order
    assert g.sides[0].discard == ["4", "5"] and g.sides[0].hand == {"5": 1}
    assert g.history[-1] == Play("10", (1, 0), discards=("4", "5"))


def test_a_negative_price_draws_and_cannot_be_paid_from_a_short_deck():
    g = game({}, hands=(["2"], []), decks=(["1"], FILLER))
    assert [a for a in g.legal_actions() if isinstance(a, Play)] == []
    g = game({}, hands=(["2"], []), decks=(["1", "3"], FILLER))
    g.push(Play("2", (1, 0)))
    assert g.sides[0].hand == {"1": 1, "3": 1} and g.sides[0].deck == []


def test_a_card_goes_beside_the_base_or_a_connected_friendly():
    g = game({(1, 0): mine("4"), (5, 5): mine("4")}, hands=(["4"], []))
    cells = {a.cell for a in g.legal_actions() if isinstance(a, Play)}
    assert cells == {(0, 1), (0, -1), (-1, 0), (2, 0), (1, 1), (1, -1)}


def test_shuffling_takes_two_actions_and_puts_the_discard_pile_into_the_deck():
    g = game({}, decks=(["1"], FILLER), discards=(["7", "8"], []))
    done = g.push(Shuffle(), random.Random(5))
    assert isinstance(done, Shuffle) and sorted(done.order) == ["1", "7", "8"]
    assert g.sides[0].deck == list(done.order) and g.sides[0].discard == [] and g.actions == 1
    g = game({}, decks=(["1"], FILLER), discards=(["7"], []), actions=1)
    assert Shuffle() not in g.legal_actions()


def test_a_shuffle_given_its_order_applies_it_and_a_wrong_order_is_illegal():
    g = game({}, decks=(["1"], FILLER), discards=(["7", "8"], []))
    g.push(Shuffle(("8", "1", "7")))
    assert g.sides[0].deck == ["8", "1", "7"]
    with pytest.raises(IllegalAction):
        game({}, decks=(["1"], FILLER), discards=(["7", "8"], [])).push(Shuffle(("8", "1", "1")))
    with pytest.raises(IllegalAction):
        game({}, decks=(["1"], FILLER), discards=(["7", "8"], [])).push(Shuffle())  # nothing to draw the order with


def test_a_pass_is_allowed_only_when_nothing_else_is_and_ends_the_turn():
    g = game({}, hands=(["10"], []), decks=([], FILLER), discards=(["1"], []), actions=1)
    assert g.legal_actions() == (Pass(),)
    g.push(Pass())
    assert g.player == 1 and g.turn == 2
    g = game({}, hands=(["10"], []), decks=(["1"], FILLER))
    assert Pass() not in g.legal_actions()


def test_dominating_needs_the_value_plus_two_and_takes_an_action():
    table = {(1, 0): mine("4"), (2, 0): mine("3"), (2, 1): Piece("5", 1)}
    assert Dominate((2, 1)) not in game(table).legal_actions()  # 3 against 5
    g = game({**table, (1, 1): mine("4")})  # 3 + 4 = 7
    g.push(Dominate((2, 1)))
    assert g.sides[1].trash == ["5"] and g.actions == 2 and (2, 1) not in g.table.tops


def test_an_illegal_action_is_refused_and_changes_nothing():
    g = game({}, hands=(["4"], []))
    with pytest.raises(IllegalAction):
        g.push(Play("4", (3, 0)))
    with pytest.raises(IllegalAction):
        g.push(Decline())
    assert g.history == [] and g.sides[0].hand == {"4": 1}


# --- the end ------------------------------------------------------------------------------------


def near_the_end(**readings) -> Game:
    """Player 0 two actions from dominating the enemy Base: a line to (10, 0), a 10 above it."""
    line = {(x, 0): Piece("4", 0, face_down=True) for x in range(1, 10)}
    return game({**line, (10, 0): mine("10"), (10, 1): mine("4"), (11, 1): mine("10")}, **readings)


def test_the_enemy_base_dominated_ends_the_game_won():
    g = near_the_end()
    assert Dominate((11, 0)) in g.legal_actions()  # 10 + 10 against 12 + 2
    g.push(Dominate((11, 0)))
    assert g.outcome() == (0, "base") and g.legal_actions() == ()
    with pytest.raises(IllegalAction):
        g.push(Draw())


@pytest.mark.parametrize(("reading", "ends"), [("every-pile", False), ("deck-and-hand", True)])
def test_running_out_of_cards_with_a_discard_pile_left_ends_the_game_only_in_one_reading(reading, ends):
    table = {(3, 0): Piece("4", 1), (2, 0): Piece("4", 0)}  # player 1 stands nearer player 0's Base
    g = game(table, hands=(["4"], []), decks=([], []), discards=(["1"], ["1"]), out_of_cards=reading)
    g.push(Play("4", (1, 0)))
    assert g.outcome() == ((1, "out-of-cards") if ends else None)


def test_out_of_cards_the_nearer_card_wins_and_an_equal_distance_draws():
    g = game({(9, 1): mine("4"), (2, 0): Piece("4", 1)}, hands=(["4"], []), decks=([], []))
    g.push(Play("4", (0, 1)))
    assert g.outcome() == (1, "out-of-cards")  # 2 against 3 steps
    g = game({(9, 1): mine("4"), (2, 0): Piece("4", 1)}, hands=(["4"], []), decks=([], []), distance="king")
    g.push(Play("4", (0, 1)))
    assert g.outcome() == (None, "out-of-cards")  # 2 against 2


def test_out_of_cards_a_player_with_no_card_on_the_table_loses():
    g = game({}, hands=(["4"], []), decks=([], []))
    assert g.table.closest(1) is None
    g.push(Play("4", (0, 1)))
    assert g.outcome() == (0, "out-of-cards")


@pytest.mark.parametrize(("reading", "winner"), [("closest", 0), ("draw", None)])
def test_every_player_passing_a_whole_turn_ends_the_game(reading, winner):
    g = game({(9, 0): mine("4"), (3, 0): Piece("4", 1)}, hands=(["10"], ["10"]), decks=([], []), all_passed=reading)
    g.push(Pass())
    assert g.outcome() is None and g.to_move == 1
    g.push(Pass())
    assert g.outcome() == (winner, "all-passed")


def test_a_pass_after_acting_is_not_a_whole_turn_passed():
    g = game({(9, 0): mine("4"), (3, 0): Piece("4", 1)}, hands=(["10", "4"], ["10"]), decks=([], []), discards=(["1"], []), actions=2)
    g.push(Play("4", (0, 1)))
    g.push(Pass())  # one action left: shuffling takes two
    g.push(Pass())
    assert g.outcome() is None and g.legal_actions() == (Shuffle(),)


def test_the_turn_cap_stops_the_game_a_draw():
    g, rng = new_game(3, Variant(turn_cap=2))
    played_out(g, rng)
    assert g.outcome() == (None, "turn-cap") and g.turn == 3


# --- replay, copies and hidden cards ------------------------------------------------------------


def state(g: Game) -> tuple:
    return (g.table.tops, g.table.under, [(s.deck, s.hand, s.discard, s.trash) for s in g.sides], g.outcome(), g.turn, g.player)


def test_a_game_replays_exactly_from_its_decks_and_history():
    rng = random.Random(4)
    decks = (shuffled(CARDS, rng), shuffled(CARDS, rng))
    g = played_out(Game.start(decks, 1), rng)
    again = replay(decks, 1, g.history)
    assert state(again) == state(g) and again.history == g.history


def test_the_same_seed_plays_the_same_game():
    assert state(played_out(*new_game(5))) == state(played_out(*new_game(5)))


def test_a_copy_goes_its_own_way():
    g, rng = new_game(6)
    for _ in range(20):
        g.push(rng.choice(g.legal_actions()), rng)
    before = state(g)
    other = g.copy()
    played_out(other, rng)
    assert state(g) == before and other.outcome() is not None


def test_determinize_deals_the_opponents_hidden_cards_afresh_and_keeps_what_the_player_sees():
    g, rng = new_game(7)
    for _ in range(30):
        g.push(rng.choice(g.legal_actions()), rng)
    seen = state(g)
    d = g.determinize(0, random.Random(1))
    assert state(g) == seen and d.history == []
    assert d.sides[0].hand == g.sides[0].hand and sorted(d.sides[0].deck) == sorted(g.sides[0].deck)
    assert d.sides[1].hand_size == g.sides[1].hand_size and len(d.sides[1].deck) == len(g.sides[1].deck)
    for side in (0, 1):
        assert d.sides[side].discard == g.sides[side].discard and d.sides[side].trash == g.sides[side].trash
        assert d.cards_held(side) == g.cards_held(side)
    assert {c: p for c, p in d.table.tops.items() if not (p.owner == 1 and p.face_down)} == {
        c: p for c, p in g.table.tops.items() if not (p.owner == 1 and p.face_down)
    }
    hidden = [d.determinize(0, random.Random(k)) for k in range(10)]
    assert len({tuple(sorted(h.sides[1].hand.items())) for h in hidden}) > 1  # drawn afresh
    assert sorted(sum(h.sides[1].hand.values()) for h in hidden) == [g.sides[1].hand_size] * 10
    played_out(d, rng)


def test_determinize_deals_a_face_down_card_under_a_6_afresh_too():
    table = {(1, 0): mine("4"), (2, 0): [Piece("9", 1, face_down=True), mine("6")]}
    g = game(table, hands=([], ["1", "2"]), decks=(FILLER, ["3", "5"]))
    dealt = {g.determinize(0, random.Random(k)).table.under[(2, 0)][0].card for k in range(20)}
    assert len(dealt) > 1 and dealt <= {"9", "1", "2", "3", "5"}


# --- whole random games -------------------------------------------------------------------------


def random_variant(rng: random.Random) -> Variant:
    """A variant with each reading drawn from its choices (numbers kept near their defaults)."""
    readings: dict[str, object] = {}
    for f in fields(Variant):
        hint = get_type_hints(Variant)[f.name]
        if hint is bool:
            readings[f.name] = rng.random() < 0.5
        elif get_args(hint) and all(isinstance(c, str) for c in get_args(hint)):
            readings[f.name] = rng.choice(get_args(hint))
    readings["bases_apart"] = rng.choice([11, 12])
    readings["hand_limit"] = rng.choice([None, 6])
    return replace(Variant(turn_cap=60), **readings)


@pytest.mark.parametrize("readings", ["default", "drawn"])
def test_random_games_always_end_legally_with_every_card_accounted_for(readings):
    for seed in range(120):
        rng = random.Random(seed)
        variant = Variant() if readings == "default" else random_variant(rng)
        g, _ = new_game(seed, variant, first=seed % 2)
        while g.outcome() is None:
            legal = g.legal_actions()
            assert legal, "a game under way always offers an action"
            action = rng.choice(legal)
            g.push(action, rng)
            for side in (0, 1):
                assert g.cards_held(side) + len(g.sides[side].trash) == 26
        assert g.turn <= variant.turn_cap + 1


def test_the_cut_cards_are_those_whose_loss_cuts_others_off_the_base():
    for seed in range(15):
        g, rng = new_game(seed, Variant(corners_border=seed % 2 == 1))
        while g.outcome() is None:
            for p in (0, 1):
                linked = g.table.linked(p)
                assert g.table.cut_cells(p) == {c for c in linked if len(g.table.linked_without(p, c)) < len(linked) - 1}
            g.push(rng.choice(g.legal_actions()), rng)
