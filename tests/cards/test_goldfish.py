"""Goldfish speed (`pnp.games.power_lines_cards.simulation`): each rule the solo game plays, on a
hand-built position, with the numbers of the rules text ("Power Lines (working title)"); the
policy's choices on small positions; whole runs reproducible by seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.rules.catalogue import catalogue
from pnp.games.power_lines_cards.rules.engine import Deck, load_deck
from pnp.games.power_lines_cards.simulation.game import (
    Dominate,
    Draw,
    FaceDown,
    IllegalAction,
    Pass,
    Play,
    Shuffle,
    apply,
    deck_cards,
    game_rng,
    new_game,
    play_game,
    position,
)
from pnp.games.power_lines_cards.simulation.policy import policy
from pnp.games.power_lines_cards.simulation.run import goldfish
from pnp.games.power_lines_cards.simulation.table import ENEMY_BASE, OWN_BASE
from pnp.games.power_lines_cards.simulation.text import render_result

STARTER = load_deck(Path(deck_file("starter.deck")))
TENS = Deck({**{name: 0 for name in catalogue().kind_names}, "10": 26}, has_base=True)


def line(upto: int) -> dict:
    """A line of face-down cards on row 0 from column 1 to `upto` (their fronts: 4s)."""
    return {(x, 0): "4" for x in range(1, upto + 1)}


def filler(upto: int) -> list:
    return [(x, 0) for x in range(1, upto + 1)]


def tabled(board_extra: dict, upto: int = 9, face_down: tuple = (), **kw):
    """A position with a face-down line up to column `upto` and the cards `board_extra` (face up,
    unless also in `face_down`)."""
    return position(board={**line(upto), **board_extra}, face_down=filler(upto) + list(face_down), **kw)


def front(cards: dict, **kw):
    """The line face down up to (9, 0): the next card borders the enemy Base."""
    return tabled(cards, upto=9, **kw)


# The card list of the rules text: card / price, and the Base's value.
RULES_PRICES = {"0": 0, "1": -1, "2": -2, "3": -1, "4": 0, "5": 0, "6": 0, "7": 1, "8": 1, "9": 2, "10": 2}


def test_the_catalogue_the_simulation_reads_matches_the_rules_text():
    from pnp.games.power_lines_cards.simulation.table import prices, threshold, values

    assert prices() == RULES_PRICES
    assert values() == {name: int(name) for name in RULES_PRICES}  # card N is worth N ("o" is 0)
    assert threshold() == 12 + 2  # the Base is 12; "two less than the total"


# --- the table ---------------------------------------------------------------------------------


def test_the_bases_stand_eleven_cells_apart_on_one_row():
    assert OWN_BASE == (0, 0) and ENEMY_BASE == (11, 0)


# --- set-up ------------------------------------------------------------------------------------


def test_setup_draws_eight_then_places_three_face_down_cards_worth_five():
    state = new_game(deck_cards(STARTER), game_rng(1, 0))
    assert sum(state.hand.values()) == 8 and len(state.deck) == 18  # "draws a hand of 8 cards"
    play_game(state, lambda s: policy(s) if s.setup_left else Pass(), turns=1)
    assert len(state.face_down) == 3 and set(state.board) == state.face_down  # "three such cards"
    assert sum(state.hand.values()) == 5 and len(state.deck) == 18
    assert all(state.value(c) == 5 for c in state.board)  # "treated as value 5"
    assert state.connected == set(state.board)  # placed by the rules of placement


def test_face_down_cards_are_fives_without_effect_or_price():
    # a face-down 0, 8 and 10: value 5 each, no card 0 rule, no card 8 bonus
    state = position(board={(1, 0): "0", (2, 0): "8", (3, 0): "10"}, face_down=[(1, 0), (2, 0), (3, 0)])
    assert [state.value((x, 0)) for x in (1, 2, 3)] == [5, 5, 5]
    # a face-down 1 gives no +1
    state = position(board={(1, 0): "1", (2, 0): "4"}, face_down=[(1, 0)])
    assert state.value((2, 0)) == 4


def test_face_down_cards_count_at_the_front():
    state = front({(10, 0): "9", (10, 1): "4", (11, 1): "7"}, face_down=[(10, 0)])
    assert state.total == 5 + 7


def test_there_is_no_hand_limit():
    state = position(hand=["5"] * 8, deck=["6"] * 3)
    for _ in range(3):
        apply(state, Draw())
    assert sum(state.hand.values()) == 11


def test_setup_placement_borders_your_base_or_a_connected_friendly():
    state = new_game(["4"] * 26, game_rng(0, 0))
    with pytest.raises(IllegalAction):
        apply(state, FaceDown("4", (2, 0)))  # borders nothing
    with pytest.raises(IllegalAction):
        apply(state, Play("4", (1, 0)))  # the set-up places face-down cards
    apply(state, FaceDown("4", (1, 0)))
    apply(state, FaceDown("4", (1, 1)))
    apply(state, FaceDown("4", (2, 1)))
    assert state.setup_left == 0 and state.face_down == {(1, 0), (1, 1), (2, 1)}
    with pytest.raises(IllegalAction):
        apply(state, FaceDown("4", (3, 1)))  # three, not four


def test_the_setup_spends_no_action_and_each_turn_has_three():
    seen = []

    def draws(state):
        if state.setup_left:
            return policy(state)
        seen.append((state.turn, state.actions))
        return Draw()

    state = new_game(deck_cards(STARTER), game_rng(1, 0))
    assert play_game(state, draws, turns=2) is None
    assert seen == [(1, 3), (1, 2), (1, 1), (2, 3), (2, 2), (2, 1)]
    assert sum(state.hand.values()) == 5 + 6 and len(state.deck) == 12


# --- actions and prices ------------------------------------------------------------------------


def test_draw_takes_one_card_and_one_action_and_needs_a_deck():
    state = position(hand=[], deck=["5", "7"])
    apply(state, Draw())
    assert state.hand == {"7": 1} and state.deck == ["5"] and state.actions == 2
    state = position(hand=["4"], deck=[])
    with pytest.raises(IllegalAction):
        apply(state, Draw())


def test_a_play_needs_an_action_left():
    state = position(hand=["4"], actions=0)
    with pytest.raises(IllegalAction):
        apply(state, Play("4", (1, 0)))


def test_negative_price_draws_that_many():
    state = position(hand=["2"], deck=["5", "6", "7"])
    apply(state, Play("2", (1, 0)))  # card 2: price -2, draw 2
    assert state.hand == {"6": 1, "7": 1, "2": 0} and state.deck == ["5"]
    assert state.actions == 2 and state.board == {(1, 0): "2"}
    state = position(hand=["1"], deck=["5"])
    apply(state, Play("1", (1, 0)))  # card 1: price -1
    assert state.hand["5"] == 1 and state.deck == []


def test_a_draw_price_the_deck_cannot_pay_forbids_the_play():
    state = position(hand=["2"], deck=["5"])
    with pytest.raises(IllegalAction):
        apply(state, Play("2", (1, 0)))


def test_positive_price_discards_that_many_other_cards_from_the_hand():
    state = position(hand=["10", "4", "5", "6"])
    apply(state, Play("10", (1, 0), discards=("4", "5")))  # card 10: price 2, discard 2
    assert +state.hand == {"6": 1} and sorted(state.discard) == ["4", "5"]
    state = position(hand=["7", "4"])
    apply(state, Play("7", (1, 0), discards=("4",)))  # card 7: price 1
    assert +state.hand == {} and state.discard == ["4"]


@pytest.mark.parametrize("hand,discards", [(["10", "4"], ("4",)), (["10", "4"], ("4", "4")), (["10", "4"], ("10", "4")), (["10", "4", "5"], ("4",))])
def test_a_discard_price_needs_exactly_that_many_other_cards(hand, discards):
    state = position(hand=hand)
    with pytest.raises(IllegalAction):
        apply(state, Play("10", (1, 0), discards=discards))


def test_free_cards_cost_nothing():
    state = position(hand=["4", "5"], deck=["6"])
    apply(state, Play("4", (1, 0)))
    assert +state.hand == {"5": 1} and state.deck == ["6"] and state.discard == []
    with pytest.raises(IllegalAction):
        apply(state, Play("5", (2, 0), discards=("4",)))


def test_cards_go_on_empty_cells_bordering_your_base_or_a_connected_friendly():
    state = tabled({}, upto=3, hand=["4", "4", "4", "4"])
    for cell in [(5, 0), (3, 0), ENEMY_BASE, OWN_BASE, (4, 1)]:  # not bordering, taken, Bases, corner only
        with pytest.raises(IllegalAction):
            apply(state, Play("4", cell))
    apply(state, Play("4", (4, 0)))
    apply(state, Play("4", (-1, 0)))  # beside your own Base
    # a card beside a disconnected friendly is not connected to your Base
    state = position(hand=["4"], board={(1, 0): "4", (3, 0): "4"})
    with pytest.raises(IllegalAction):
        apply(state, Play("4", (4, 0)))


def test_card_3_also_discards_a_friendly_from_the_table():
    state = tabled({(4, 0): "6", (3, 1): "7"}, upto=3, hand=["3"], deck=["9"])
    apply(state, Play("3", (5, 0), friendly=(3, 1)))
    assert state.discard == ["7"] and (3, 1) not in state.board and state.board[(5, 0)] == "3"
    assert state.hand["9"] == 1 and state.deck == []  # and draws 1 (price -1)
    # the friendly is paid before the 3 is placed: the 3 cannot border what it discarded,
    # nor what that left disconnected
    for friendly in [(4, 0), (3, 0)]:
        state = tabled({(4, 0): "6"}, upto=3, hand=["3"], deck=["9"])
        with pytest.raises(IllegalAction):
            apply(state, Play("3", (5, 0), friendly=friendly))
    # a face-down friendly goes face up into the discard pile as its own card (the rules' FAQ)
    state = tabled({}, upto=3, hand=["3"], deck=["9"])
    apply(state, Play("3", (3, 0), friendly=(3, 0)))
    assert state.discard == ["4"] and state.board[(3, 0)] == "3" and (3, 0) not in state.face_down


def test_card_3_cannot_be_played_without_a_friendly_to_discard():
    state = position(hand=["3"], deck=["9"])
    with pytest.raises(IllegalAction):
        apply(state, Play("3", (1, 0)))
    with pytest.raises(IllegalAction):
        apply(state, Play("3", (1, 0), friendly=(5, 5)))
    state = tabled({}, upto=3, hand=["4"])
    with pytest.raises(IllegalAction):  # only card 3 costs a friendly
        apply(state, Play("4", (4, 0), friendly=(3, 0)))


def test_card_9_plays_one_more_card_of_value_5_or_less_for_no_action():
    state = tabled({}, upto=3, hand=["9", "10", "7", "5", "2"], deck=["1", "1"])
    apply(state, Play("9", (4, 0), discards=("10", "7")))
    assert state.actions == 2 and state.free_play_from == (4, 0)
    with pytest.raises(IllegalAction):
        apply(state, Draw())  # the free play comes first
    with pytest.raises(IllegalAction):
        apply(state, Play("5", (6, 0)))  # must border the 9
    apply(state, Play("2", (4, 1)))  # pays its own price: draws 2
    assert state.actions == 2 and state.free_play_from is None
    assert state.hand["1"] == 2 and state.board[(4, 1)] == "2"
    apply(state, Play("5", (5, 0)))  # one free play, not two: the next one costs an action
    assert state.actions == 1


def test_card_9_free_play_refuses_a_6():
    state = tabled({}, upto=3, hand=["9", "10", "7", "6", "0"])
    apply(state, Play("9", (4, 0), discards=("10", "7")))
    with pytest.raises(IllegalAction):
        apply(state, Play("6", (5, 0)))  # value 6: more than 5
    apply(state, Play("0", (5, 0)))  # printed value 0
    assert state.actions == 2


def test_card_9_free_play_may_be_declined_and_works_after_the_last_action():
    state = tabled({}, upto=3, hand=["9", "10", "7", "5", "4"], actions=1)
    apply(state, Play("9", (4, 0), discards=("10", "7")))
    assert state.actions == 0
    apply(state, Play("5", (5, 0)))  # still free: no action was left
    state = tabled({}, upto=3, hand=["9", "10", "7", "5"])
    apply(state, Play("9", (4, 0), discards=("10", "7")))
    apply(state, Pass())
    assert state.free_play_from is None and state.actions == 2
    with pytest.raises(IllegalAction):
        apply(state, Play("6", (5, 0)))


# --- effects -----------------------------------------------------------------------------------


def test_card_1_gives_each_bordering_friendly_plus_1():
    state = tabled({(4, 0): "1", (5, 0): "6", (4, 1): "10", (5, 1): "7"}, upto=3)
    assert state.value((3, 0)) == 6  # a face-down 5, +1
    assert state.value((5, 0)) == 7 and state.value((4, 1)) == 11
    assert state.value((5, 1)) == 7  # only a corner: not bordering
    assert state.value((4, 0)) == 1
    state = tabled({(4, 0): "1", (5, 0): "6", (6, 0): "1"}, upto=3)
    assert state.value((5, 0)) == 8  # two 1s: +2


def test_card_8_gets_plus_1_per_bordering_friendly():
    state = position(board={(1, 0): "8"})
    assert state.value((1, 0)) == 8  # the Base is not a friendly
    state = tabled({(4, 0): "8", (5, 0): "4", (4, 1): "2", (5, 1): "7"}, upto=3)
    assert state.value((4, 0)) == 8 + 3  # (3, 0) face down, (5, 0), (4, 1); not the corner (5, 1)


def test_card_0_is_worth_the_highest_bordering_friendly_printed_value_minus_2():
    assert tabled({(4, 0): "0", (4, 1): "10"}, upto=3).value((4, 0)) == 8
    assert tabled({(4, 0): "0"}, upto=3).value((4, 0)) == 3  # beside a face-down 5
    # an 8 worth 10 with its bonus still prints 8
    assert tabled({(4, 0): "0", (4, 1): "8", (5, 1): "4"}, upto=3).value((4, 0)) == 6
    assert position(board={(1, 0): "0"}).value((1, 0)) == 0  # no friendly, only the Base
    assert tabled({(4, 0): "0", (4, 1): "10", (5, 0): "1"}, upto=3).value((4, 0)) == 9  # with a 1's +1


def test_card_0_is_trashed_as_soon_as_its_value_goes_down_not_only_at_0():
    # a 0 worth 8 beside a 10 and a face-down 5: card 3 takes the 10, the 0 would be worth 3
    state = tabled({(4, 0): "0", (4, 1): "10"}, upto=3, hand=["3"], deck=["5"])
    assert state.value((4, 0)) == 8
    with pytest.raises(IllegalAction):  # the 0 is gone before the 3 is placed: (5, 0) borders nothing
        apply(state, Play("3", (5, 0), friendly=(4, 1)))
    apply(state, Play("3", (4, 0), friendly=(4, 1)))
    assert state.trashed == ["0"] and state.board[(4, 0)] == "3"
    assert state.discard == ["10"]  # trashed: out of the game, not in the discard pile
    # a bordering 1 taken away lowers it by one: trashed too
    state = tabled({(4, 0): "0", (4, 1): "1", (5, 1): "4"}, upto=3, hand=["3"], deck=["5"])
    apply(state, Play("3", (4, 0), friendly=(4, 1)))
    assert state.trashed == ["0"] and state.board[(4, 0)] == "3"


def test_card_0_going_up_stays():
    state = tabled({(4, 0): "0"}, upto=3, hand=["10", "5", "6"])
    apply(state, Play("10", (4, 1), discards=("5", "6")))
    assert state.value((4, 0)) == 8 and state.board[(4, 0)] == "0" and state.trashed == []


def test_shuffle_takes_two_actions_and_puts_the_discard_pile_into_the_deck():
    state = position(deck=["1"], discard=["5", "6", "7"])
    apply(state, Shuffle())
    assert state.actions == 1 and state.discard == [] and sorted(state.deck) == ["1", "5", "6", "7"]
    state = position(deck=[], discard=["5"], actions=1)
    with pytest.raises(IllegalAction):
        apply(state, Shuffle())  # one action is not enough
    state = position(deck=["5"], discard=[])
    with pytest.raises(IllegalAction):
        apply(state, Shuffle())  # nothing to shuffle back


# --- domination --------------------------------------------------------------------------------


def test_the_enemy_base_falls_to_14_connected():
    # (10, 0) a 10; (10, 1) a 4 connects (11, 1) a 4: 10 + 4 = 14 beside the Base of 12
    state = front({(10, 0): "10", (10, 1): "4", (11, 1): "4"})
    assert state.total == 14
    apply(state, Dominate())
    assert state.won and state.actions == 2  # dominating is an action


def test_the_enemy_base_holds_at_13():
    state = front({(10, 0): "10", (10, 1): "4", (11, 1): "3"})
    assert state.total == 13
    with pytest.raises(IllegalAction):
        apply(state, Dominate())


def test_disconnected_friendlies_do_not_count():
    # (11, 1) borders the enemy Base, but nothing joins it to the line
    state = front({(10, 0): "10", (11, 1): "10", (12, 1): "4"})
    assert (11, 1) not in state.connected and state.total == 10
    with pytest.raises(IllegalAction):
        apply(state, Dominate())


def test_the_enemy_base_counts_bonuses_of_cards_1_and_8():
    state = front({(10, 0): "8", (10, 1): "1", (11, 1): "4"})  # 8 + 2 (two friendlies) + 1, 4 + 1
    assert state.total == 11 + 5
    apply(state, Dominate())
    assert state.won


def test_a_dominate_needs_an_action():
    state = front({(10, 0): "10", (10, 1): "4", (11, 1): "4"}, actions=0)
    with pytest.raises(IllegalAction):
        apply(state, Dominate())


def test_card_7_dominates_for_free_as_it_is_played():
    state = front({(10, 0): "10", (10, 1): "4"}, hand=["7", "5"])
    apply(state, Play("7", (11, 1), discards=("5",)))
    assert state.won and state.actions == 2
    state = front({(10, 0): "5", (10, 1): "4"}, hand=["7", "5"])  # 5 + 7 = 12: not enough
    apply(state, Play("7", (11, 1), discards=("5",)))
    assert not state.won


def test_play_game_reports_the_turn_the_base_fell():
    state = front({(10, 0): "10", (10, 1): "4"}, hand=["4"])
    assert play_game(state, policy, turns=3) == 1
    with pytest.raises(IllegalAction):
        apply(state, Draw())  # the game is over


# --- the policy --------------------------------------------------------------------------------


def test_policy_setup_places_a_3_first_and_keeps_its_two_best_high_cards():
    state = new_game(["4"] * 26, game_rng(0, 0))
    state.hand.clear()
    state.hand.update(["10", "10", "9", "3", "1", "2", "5", "0"])
    assert policy(state) == FaceDown("3", (1, 0))
    apply(state, policy(state))
    assert policy(state) == FaceDown("9", (2, 0))  # the highest price that is not one of the two 10s
    apply(state, policy(state))
    assert policy(state) == FaceDown("0", (3, 0))  # then free cards, lowest first; draw cards kept


def test_policy_extends_the_line_toward_the_enemy_base():
    state = tabled({}, upto=3, hand=["4"])
    assert policy(state) == Play("4", (4, 0))
    # after (10, 0), the cell beside it nearest the Base, above the row first
    state = front({(10, 0): "10"}, hand=["4"])
    assert policy(state) == Play("4", (10, 1))


def test_policy_on_the_line_prefers_draw_cards_then_free_and_keeps_high_cards():
    state = tabled({}, upto=3, hand=["10", "4", "2", "1"], deck=["5", "5"])
    assert policy(state) == Play("2", (4, 0))
    state = tabled({}, upto=3, hand=["10", "4", "1"], deck=["5"])
    assert policy(state) == Play("1", (4, 0))
    state = tabled({}, upto=3, hand=["10", "4", "6"], deck=["5"])
    assert policy(state) == Play("4", (4, 0))
    state = tabled({}, upto=3, hand=["10", "10", "7"], deck=["5"])
    assert policy(state) == Draw()  # the two 10s are kept for the front; the 7 has no discard
    state = tabled({}, upto=3, hand=["10", "10", "8", "4"], deck=["5"])
    assert policy(state) == Play("4", (4, 0))


def test_policy_at_the_front_plays_a_high_card_or_draws():
    state = front({}, hand=["4", "10", "5", "6"], deck=["5"])
    assert policy(state) == Play("10", (10, 0), discards=("4", "5"))
    state = front({}, hand=["4", "5", "6"], deck=["5"])
    assert policy(state) == Draw()  # nothing adds 7
    state = front({(10, 0): "10", (10, 1): "4"}, hand=["4", "5"], deck=["5"])
    assert policy(state) == Play("5", (11, 1))  # 10 + 5 is the most; 10 + 4 would do too
    state = front({(10, 0): "10", (10, 1): "4"}, hand=["4", "3"], deck=["5"])
    assert policy(state) == Play("4", (11, 1))  # 10 + 4 reaches 14, though 4 adds less than 7


def test_policy_dominates_when_it_can():
    state = front({(10, 0): "10", (10, 1): "4", (11, 1): "4"}, hand=["4"], deck=["5"])
    assert policy(state) == Dominate()


def test_policy_takes_card_9_free_play_or_declines():
    state = tabled({}, upto=3, hand=["9", "10", "7", "6", "5"])
    apply(state, Play("9", (4, 0), discards=("10", "7")))
    assert policy(state) == Play("5", (5, 0))
    state = tabled({}, upto=3, hand=["9", "10", "7", "6"])
    apply(state, Play("9", (4, 0), discards=("10", "7")))
    assert policy(state) == Pass()


def test_policy_plays_card_3_only_with_a_spare_friendly():
    state = tabled({}, upto=3, hand=["3"], deck=["5", "5"])
    assert policy(state) == Draw()  # every friendly is on the line
    state = tabled({(2, 1): "6"}, upto=3, hand=["3"], deck=["5", "5"])
    assert policy(state) == Play("3", (4, 0), friendly=(2, 1))  # a branch off the line


def test_policy_shuffles_when_the_deck_is_empty_then_plays_anything_then_passes():
    state = front({}, hand=["4"], deck=[], discard=["7"])
    assert policy(state) == Shuffle()
    state = front({}, hand=["4"], deck=[], discard=["7"], actions=1)
    assert policy(state) == Play("4", (10, 0))  # the rules allow no pass while a play is possible
    state = front({}, hand=["10"], deck=[], discard=[], actions=3)
    assert policy(state) == Pass()


def test_a_game_with_no_possible_action_ends_unwon():
    state = front({}, hand=["10"], deck=[], discard=[])
    assert play_game(state, policy, turns=30) is None and state.turn == 1


# --- whole runs --------------------------------------------------------------------------------


def test_goldfish_is_reproducible_by_seed():
    a = goldfish(STARTER, games=40, seed=5)
    assert a.as_json() == goldfish(STARTER, games=40, seed=5).as_json()
    assert a.outcomes != goldfish(STARTER, games=40, seed=6).outcomes
    # each game has its own generator: the first games do not depend on how many are played
    assert goldfish(STARTER, games=15, seed=5).outcomes == a.outcomes[:15]


def test_twenty_six_tens_are_slower_than_the_starter_deck():
    tens, starter = goldfish(TENS, games=30, seed=1), goldfish(STARTER, games=100, seed=1)
    assert tens.won == 30 and starter.won == 100
    assert tens.mean > starter.mean + 3 and tens.p10 > starter.p90


def test_result_fields():
    result = goldfish(STARTER, games=50, seed=2, turns=5)
    data = result.as_json()
    assert list(data) == ["games", "seed", "turns", "won", "never", "never_percent", "by_turn", "mean", "median", "p10", "p90", "fastest_cards"]
    assert list(data["by_turn"]) == ["1", "2", "3", "4", "5"]
    assert sum(data["by_turn"].values()) == data["won"] and data["won"] + data["never"] == 50
    assert data["never_percent"] == round(100 * data["never"] / 50, 1)
    assert data["never"] > 0  # 5 turns are too few for some games
    text = render_result(result, "starter.deck")
    assert text.startswith("starter.deck: goldfish, 50 games, seed 2, up to 5 turns")
    assert f"never within 5 turns: {data['never_percent']:g} %" in text


def test_statistics_count_unwon_games_as_slowest():
    from pnp.games.power_lines_cards.simulation.results import GoldfishResult

    result = GoldfishResult(games=4, seed=0, turns=9, outcomes=(3, 5, None, None), fastest_cards={})
    assert result.mean == 4 and result.median is None and result.p10 == 3 and result.p90 is None
    result = GoldfishResult(games=5, seed=0, turns=9, outcomes=(3, 5, 6, 8, None), fastest_cards={})
    assert result.median == 6 and result.p90 is None and result.never_percent == 20
    none = GoldfishResult(games=2, seed=0, turns=9, outcomes=(None, None), fastest_cards={})
    assert none.mean is None and "(never)" in render_result(none, "x")


# --- edges -------------------------------------------------------------------------------------


def test_unknown_or_missing_cards_are_refused():
    state = new_game(["4"] * 26, game_rng(0, 0))
    with pytest.raises(IllegalAction):
        apply(state, FaceDown("10", (1, 0)))  # not in hand
    state = position(hand=["4"])
    for play in [Play("11", (1, 0)), Play("5", (1, 0))]:
        with pytest.raises(IllegalAction):
            apply(state, play)
    with pytest.raises(IllegalAction):
        apply(state, FaceDown("4", (1, 0)))  # face down only at the set-up


def test_card_9_free_play_of_a_3_cannot_discard_the_9():
    state = tabled({(2, 1): "6"}, upto=3, hand=["9", "10", "7", "3"], deck=["5"])
    apply(state, Play("9", (4, 0), discards=("10", "7")))
    with pytest.raises(IllegalAction):
        apply(state, Play("3", (4, 1), friendly=(4, 0)))
    apply(state, Play("3", (4, 1), friendly=(2, 1)))
    assert state.discard == ["10", "7", "6"] and state.actions == 2  # still free


def test_a_pass_ends_the_turn():
    state = position(hand=["4"], deck=["5"])
    apply(state, Pass())
    assert state.actions == 0
    turns = []

    def once(state):
        turns.append(state.turn)
        return Draw() if len(turns) % 2 else Pass()  # draw, then pass, every turn

    state = position(deck=["5"] * 10)
    assert play_game(state, once, turns=3) is None
    assert turns == [1, 1, 2, 2, 3, 3] and len(state.deck) == 7


def test_policy_draw_cards_need_the_deck_to_pay():
    state = tabled({}, upto=3, hand=["2", "10", "10"], deck=["5"])
    assert policy(state) == Draw()  # the 2 cannot draw 2 from a deck of 1


def test_policy_last_resort_plays_a_kept_card_anywhere():
    # deck and discard pile empty: the rules forbid a pass while a play is possible
    state = tabled({}, upto=3, hand=["10", "10", "8", "7"], deck=[])
    assert policy(state) == Play("7", (4, 0), discards=("8",))


def test_a_spare_friendly_lowers_nothing_at_the_front():
    from pnp.games.power_lines_cards.simulation.policy import spare_friendly

    # the 1 at (10, -1) is off the line, but its +1 counts at the front: the 6 at (5, 1) is spare
    state = front({(10, 0): "4", (10, -1): "1", (5, 1): "6"})
    assert spare_friendly(state, (10, 1)) == (5, 1)
    # nothing spare: every card is on the line or lifts the front
    assert spare_friendly(front({(10, 0): "4", (10, -1): "1"}), (10, 1)) is None


def test_policy_plays_a_3_at_the_front_when_it_reaches_14():
    state = front({(10, 0): "10", (10, 1): "1", (5, 1): "4"}, hand=["3"], deck=["5"])
    assert state.total == 11
    assert policy(state) == Play("3", (11, 1), friendly=(5, 1))  # 3 + 1 more: 15


def test_no_games_no_statistics():
    from pnp.games.power_lines_cards.simulation.results import GoldfishResult

    empty = GoldfishResult(games=0, seed=0, turns=9, outcomes=(), fastest_cards={})
    assert empty.median is None and empty.p10 is None and empty.never_percent == 0.0


def test_the_command_repeats_by_seed_and_reports_in_the_envelope():
    import json

    from typer.testing import CliRunner

    from pnp.commands.cli import app

    starter = str(deck_file("starter.deck"))
    run = [CliRunner().invoke(app, ["deck", "goldfish", starter, "--games", "40", "--seed", str(s), "--json"]) for s in (5, 5, 6)]
    assert [r.exit_code for r in run] == [0, 0, 0]
    first, again, other = (json.loads(r.output) for r in run)
    assert first == again and first["by_turn"] != other["by_turn"]
    assert first["command"] == "deck goldfish" and first["valid"] and first["games"] == 40
    assert sum(first["by_turn"].values()) + first["never"] == 40
    text = CliRunner().invoke(app, ["deck", "goldfish", starter, "--games", "40", "--seed", "5"])
    assert text.exit_code == 0 and f"median {first['median']:g}" in text.output
    assert CliRunner().invoke(app, ["deck", "goldfish", starter, "--games", "0"]).exit_code == 2


# --- two decks on the same seeds: --vs ---------------------------------------------------------


def test_a_deck_against_itself_differs_by_nothing_with_an_interval_of_width_0():
    from pnp.games.power_lines_cards.simulation.run import paired

    both = paired(STARTER, STARTER, games=60, seed=3)
    assert both.difference == 0 and both.ci95 == (0, 0) and both.verdict == "same"
    assert both.deck.outcomes == both.other.outcomes


def test_twenty_six_tens_against_the_starter_deck_are_slower_and_the_interval_excludes_0():
    from pnp.games.power_lines_cards.simulation.run import paired

    both = paired(STARTER, TENS, games=60, seed=1)
    lo, hi = both.ci95
    assert both.difference > 3 and 0 < lo < both.difference < hi and both.verdict == "slower"
    # the other way round: the same games, the sign turned
    back = paired(TENS, STARTER, games=60, seed=1)
    assert back.difference == -both.difference and back.ci95 == (-hi, -lo) and back.verdict == "faster"


def test_paired_runs_play_game_i_of_each_deck_on_the_same_generator_and_repeat_by_seed():
    from pnp.games.power_lines_cards.simulation.run import paired

    both = paired(STARTER, TENS, games=30, seed=4)
    assert both.deck.outcomes == goldfish(STARTER, games=30, seed=4).outcomes
    assert both.other.outcomes == goldfish(TENS, games=30, seed=4).outcomes
    assert both.as_json("tens.deck") == paired(STARTER, TENS, games=30, seed=4).as_json("tens.deck")
    assert paired(STARTER, TENS, games=30, seed=5).deck.outcomes != both.deck.outcomes


def test_the_difference_counts_a_game_never_won_as_turn_t_plus_1_and_the_interval_is_mean_pm_196_sd_over_root_n():
    import math
    import statistics

    from pnp.games.power_lines_cards.simulation.results import GoldfishResult, Paired

    deck = GoldfishResult(games=4, seed=0, turns=9, outcomes=(3, 5, None, None), fastest_cards={})
    other = GoldfishResult(games=4, seed=0, turns=9, outcomes=(4, 4, 6, None), fastest_cards={})
    both = Paired(deck, other)
    assert both.differences == [1, -1, 6 - 10, 0]  # never won within 9 turns: turn 10
    mean, half = -1.0, 1.96 * statistics.stdev([1, -1, -4, 0]) / math.sqrt(4)
    assert both.difference == mean and both.ci95 == (round(mean - half, 3), round(mean + half, 3))
    assert both.verdict == "unclear" and both.counted() == {"both_won": 2, "only_deck_won": 0, "only_other_won": 1, "neither_won": 1}
    data = both.as_json("b.deck")
    assert list(data) == ["file", "summary", "difference", "ci95", "verdict", "method", "both_won", "only_deck_won", "only_other_won", "neither_won"]
    assert data["summary"] == other.as_json() and "turn 10" in data["method"] and "1.96" in data["method"]
    one = Paired(GoldfishResult(1, 0, 9, (3,), {}), GoldfishResult(1, 0, 9, (5,), {}))
    assert one.difference == 2 and one.ci95 is None and one.verdict == "unclear"
    with pytest.raises(ValueError):
        Paired(deck, GoldfishResult(games=4, seed=1, turns=9, outcomes=(4, 4, 6, None), fastest_cards={}))


def test_the_command_with_vs_reports_the_difference_in_text_and_json(tmp_path):
    import json

    import jsonschema
    from typer.testing import CliRunner

    from pnp.commands.cli import app

    schema = json.loads((Path(__file__).resolve().parents[2] / "schemas" / "pnp-1.schema.json").read_text())
    tens = tmp_path / "tens.deck"
    tens.write_text("26 10\n1 Base\n")
    starter = str(deck_file("starter.deck"))
    run = CliRunner().invoke(app, ["deck", "goldfish", starter, "--vs", str(tens), "--games", "30", "--json"])
    assert run.exit_code == 0, run.output
    data = json.loads(run.stdout)
    jsonschema.validate(data, {**schema, "$ref": "#/$defs/deck goldfish"})
    vs = data["vs"]
    assert vs["file"] == str(tens) and vs["summary"]["games"] == 30 and vs["summary"]["by_turn"]["12"] == 30
    assert vs["difference"] > 0 and vs["ci95"][0] > 0 and vs["verdict"] == "slower"
    assert {k: data[k] for k in ("games", "mean")} == {"games": 30, "mean": goldfish(STARTER, games=30).mean}
    plain = CliRunner().invoke(app, ["deck", "goldfish", starter, "--games", "30", "--json"])
    jsonschema.validate(json.loads(plain.stdout), {**schema, "$ref": "#/$defs/deck goldfish"})
    assert json.loads(plain.stdout)["vs"] is None
    text = CliRunner().invoke(app, ["deck", "goldfish", starter, "--vs", str(tens), "--games", "30"])
    assert text.exit_code == 0
    assert f"{tens} minus {starter}: {vs['difference']:+.2f} turns a game on average, 95 % interval {vs['ci95'][0]:+.2f} to {vs['ci95'][1]:+.2f}" in text.stdout
    assert f"{tens} is slower: the interval lies above 0" in text.stdout
    assert text.stdout.count("goldfish, 30 games, seed 1") == 2  # both decks' own figures
    bad = tmp_path / "bad.deck"
    bad.write_text("27 5\n")
    assert CliRunner().invoke(app, ["deck", "goldfish", starter, "--vs", str(bad)]).exit_code == 1
    assert CliRunner().invoke(app, ["deck", "goldfish", starter, "--vs", str(tmp_path / "none.deck")]).exit_code == 2


# --- many games in worker processes -----------------------------------------------------------


def test_workers_only_from_a_single_threaded_process_and_never_more_than_the_games(monkeypatch):
    from pnp.games.power_lines_cards.simulation import pool as module

    monkeypatch.setattr(module, "cores", lambda: 2)
    monkeypatch.setattr(module.threading, "active_count", lambda: 1)
    assert module.workers_for(module.POOL_GAMES) == 2 and module.workers_for(module.POOL_GAMES - 1) == 1
    assert module.workers_for(10, jobs=4) == 4 and module.workers_for(3, jobs=4) == 3 and module.workers_for(10, jobs=1) == 1
    monkeypatch.setattr(module.threading, "active_count", lambda: 2)  # fork could copy a lock another thread holds
    assert module.workers_for(module.POOL_GAMES) == 1 and module.workers_for(10, jobs=4) == 1
    assert goldfish(STARTER, games=20, jobs=2).workers == 1  # in process, the same games


# The pool forks only from a single-threaded process, as pnp's own command is: the test runs it in a
# process of its own (a test worker has threads of its own), as tests/framework/test_kit.py does for the kit.
POOLED = """
import json, sys
from pathlib import Path
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.simulation import pool
from pnp.games.power_lines_cards.simulation.run import goldfish
from pnp.core.resources import deck_file

pool.cores = lambda: 2  # two cores, whatever the machine has
pool.POOL_GAMES = 100  # the automatic pool from 100 games, to keep the test short
deck = load_deck(Path(deck_file("starter.deck")))
runs = [goldfish(deck, games=301, seed=9, jobs=1), goldfish(deck, games=301, seed=9), goldfish(deck, games=301, seed=9, jobs=3)]
print(json.dumps([[r.workers, r.outcomes, r.as_json()] for r in runs]))
"""


def test_one_process_or_several_play_the_same_games():
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", POOLED], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (one, one_out, one_json), (two, two_out, two_json), (three, three_out, three_json) = json.loads(done.stdout)
    assert (one, two, three) == (1, 2, 3)
    assert one_out == two_out == three_out and one_json == two_json == three_json
    assert one_out == list(goldfish(STARTER, games=301, seed=9).outcomes)  # and the same as in this process


def test_the_table_kept_up_card_by_card_is_the_table_recounted():
    # `settle` adds a placed card to the connected friendlies and the legal cells without a
    # recount while every friendly is connected; after any action both agree with a recount
    from pnp.games.power_lines_cards.simulation.table import connected, domination_total, legal_cells

    checked = []

    def checking(state):
        assert state.connected == connected(state.board)
        assert state.legal == legal_cells(state.board)
        assert state.total == domination_total(state.board, state.face_down)
        checked.append(state)
        return policy(state)

    threes = Deck({**{name: 0 for name in catalogue().kind_names}, "3": 8, "1": 4, "0": 4, "4": 4, "8": 2, "10": 4}, has_base=True)
    for deck in (threes, STARTER):
        for game in range(25):
            play_game(new_game(deck_cards(deck), game_rng(1, game)), checking, turns=30)
    assert len(checked) > 500
    # a friendly cut off (as card 3 may leave one) joins again when a card bridges the gap
    state = position(board={(1, 0): "4", (3, 0): "6", (4, 0): "0"}, hand=["5"], deck=["5"])
    assert state.connected == {(1, 0)} and state.total == 0
    apply(state, Play("5", (2, 0)))
    assert state.connected == {(1, 0), (2, 0), (3, 0), (4, 0)} and state.legal == legal_cells(state.board)


def test_a_worker_whose_parent_is_gone_stops(monkeypatch):
    # pnp leaves at once at a signal (os._exit); its workers see their parent gone and stop too
    import os

    from pnp.games.power_lines_cards.simulation import pool as module

    cards = deck_cards(STARTER)
    monkeypatch.setattr(module, "_run", (cards, 3, 30, policy, os.getppid()))
    assert module._play_chunk((0, 150)) == module.play_range(cards, 3, 30, policy, 0, 150)  # in blocks, the same games

    def leave(code):
        raise SystemExit(code)

    monkeypatch.setattr(module.os, "_exit", leave)
    monkeypatch.setattr(module, "_run", (cards, 3, 30, policy, os.getppid() + 1))  # another parent than this process's
    with pytest.raises(SystemExit):
        module._play_chunk((0, 150))


def test_a_deck_smaller_than_the_set_up_places_what_it_has(tmp_path):
    """A custom format may allow a deck of 2: the set-up places both face down, and the games
    end unwon rather than in an error."""
    from typer.testing import CliRunner

    from pnp.commands.cli import app

    (tmp_path / "tiny.toml").write_text('name = "tiny"\n[total]\nmin = 1\nexclude = ["Base"]\n')
    (tmp_path / "tiny.deck").write_text("2 5\n")
    result = CliRunner().invoke(app, ["deck", "goldfish", str(tmp_path / "tiny.deck"), "--rules", str(tmp_path / "tiny.toml"), "--games", "5", "--json"])
    assert result.exit_code == 0, result.output
    assert '"never": 5' in result.output
