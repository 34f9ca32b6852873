"""The two-player engine's card effects and readings (`rules/game.py`, `rules/variant.py`), each on
a hand-made position. Player 0's Base stands on (0, 0), player 1's on (11, 0); `mine` and `theirs`
are cards in play, `down` a face-down one."""

from __future__ import annotations

import random

import pytest

from pnp.games.power_lines_cards.rules.actions import RANDOM, Decline, Dominate, Draw, IllegalAction, Pick, Play
from pnp.games.power_lines_cards.rules.game import Game
from pnp.games.power_lines_cards.rules.table import Piece
from pnp.games.power_lines_cards.rules.variant import Variant


def mine(card: str) -> Piece:
    return Piece(card, 0)


def theirs(card: str) -> Piece:
    return Piece(card, 1)


def down(card: str, owner: int = 0) -> Piece:
    return Piece(card, owner, face_down=True)


FILLER = ("10",) * 4  # a deck to keep the game from ending for want of cards


def game(table, hands=((), ()), decks=(FILLER, FILLER), discards=((), ()), player=0, actions=3, **readings) -> Game:
    return Game.position(table, hands, decks, discards, player, actions, Variant(**readings))


def my_line(upto: int) -> dict:
    """Player 0's face-down cards on row 0 from column 1 to `upto`."""
    return {(x, 0): down("4") for x in range(1, upto + 1)}


def plays(g: Game, card: str) -> list[Play]:
    return [a for a in g.legal_actions() if isinstance(a, Play) and a.card == card]


# --- values: the Base, face-down cards, cards 0, 1 and 8 ------------------------------------------


def test_a_face_down_card_is_worth_five_and_has_no_effect():
    g = game({(1, 0): down("1"), (2, 0): mine("4"), (1, 1): down("10")})
    assert g.table.value((1, 1)) == 5
    assert g.table.value((2, 0)) == 4  # a face-down 1 gives no +1


def test_card_1_adds_one_to_each_bordering_friendly_and_not_to_enemies_or_the_base():
    g = game({(1, 0): mine("1"), (2, 0): mine("4"), (1, 1): down("3"), (1, -1): theirs("4")})
    assert g.table.value((2, 0)) == 5
    assert g.table.value((1, 1)) == 6  # a face-down friendly gets it too
    assert g.table.value((1, -1)) == 4
    assert g.table.defence((0, 0)) == 12


def test_card_8_gains_one_for_each_bordering_friendly():
    g = game({(1, 0): down("4"), (2, 0): mine("8"), (2, 1): mine("5"), (3, 0): theirs("4")})
    assert g.table.value((2, 0)) == 8 + 2


def test_card_0_is_two_below_the_highest_printed_bordering_friendly():
    g = game({(1, 0): mine("7"), (2, 0): mine("0"), (2, 1): mine("4"), (2, -1): theirs("10")})
    assert g.table.value((2, 0)) == 5


@pytest.mark.parametrize(("reading", "value"), [("printed", 5), ("current", 6)])
def test_card_0_reads_printed_or_current_values(reading, value):
    # the 7 is worth 8 with the 1 beside it, which does not border the 0
    g = game({(1, 0): mine("7"), (1, 1): mine("1"), (2, 0): mine("0")}, zero_reads=reading)
    assert g.table.value((1, 0)) == 8
    assert g.table.value((2, 0)) == value


@pytest.mark.parametrize(("reading", "value"), [("five", 3), ("card", 8)])
def test_card_0_reads_a_face_down_friend_as_five_or_as_its_card(reading, value):
    g = game({(1, 0): down("10"), (2, 0): mine("0")}, zero_face_down=reading)
    assert g.table.value((2, 0)) == value


@pytest.mark.parametrize(("reading", "value"), [("printed", 0), ("minus-two", -2)])
def test_card_0_with_no_bordering_friendly_the_base_being_none(reading, value):
    g = game({(1, 0): mine("0")}, zero_alone=reading)
    assert g.table.value((1, 0)) == value


@pytest.mark.parametrize(("reading", "trashed"), [("value", True), ("base", False)])
def test_card_0_is_trashed_when_its_value_goes_down(reading, trashed):
    # the 0 is worth 7 - 2 + 1 (the 1 beside it); card 3 costs that 1
    table = {(1, 0): mine("7"), (2, 0): mine("0"), (2, 1): mine("1")}
    g = game(table, hands=(["3"], []), decks=(["4"], []), zero_decrease=reading)
    assert g.table.value((2, 0)) == 6
    g.push(Play("3", (0, 1), friendly=(2, 1)))
    assert ((2, 0) not in g.table.tops) is trashed
    assert g.sides[0].trash == (["0"] if trashed else [])
    assert g.sides[0].discard == ["1"]


def test_card_0_is_trashed_when_the_friend_it_copies_leaves():
    g = game({(1, 0): mine("9"), (2, 0): mine("0"), (1, 1): mine("4")}, hands=(["3"], []), decks=(["4"], []))
    assert g.table.value((2, 0)) == 7
    g.push(Play("3", (0, 1), friendly=(1, 0)))  # the 0 is left with no friend: worth 0
    assert g.sides[0].discard == ["9"] and g.sides[0].trash == ["0"]
    assert (2, 0) not in g.table.tops


# --- card 2 -----------------------------------------------------------------------------------


def two_on_the_line(**readings) -> Game:
    """Player 1's face-up 2 on (5, 0) between two of their cards; player 0 dominates it."""
    table = {(4, 0): mine("10"), (4, 1): mine("10"), (5, 1): theirs("2"), (5, 0): theirs("2"), (6, 0): theirs("4")}
    return game({**{(x, 0): down("5") for x in range(1, 4)}, **table}, **readings)


def test_card_2_dominated_lets_the_dominator_discard_one_of_its_bordering_friendlies():
    g = two_on_the_line(two_chains=False)
    g.push(Dominate((5, 0)))
    assert g.phase == "two" and g.to_move == 0
    assert set(g.legal_actions()) == {Pick((5, 1)), Pick((6, 0)), Decline()}
    g.push(Pick((6, 0)))
    assert g.sides[1].discard == ["4"] and g.sides[1].trash == ["2"]
    assert g.phase == "turn" and g.actions == 2  # the pick was free


def test_card_2s_pick_may_be_declined():
    g = two_on_the_line()
    g.push(Dominate((5, 0)))
    g.push(Decline())
    assert (6, 0) in g.table.tops and g.sides[1].discard == []


@pytest.mark.parametrize("chains", [True, False])
def test_a_2_discarded_by_a_2_triggers_again_only_when_it_chains(chains):
    g = game({(1, 0): mine("10"), (1, 1): mine("10"), (2, 0): theirs("2"), (3, 0): theirs("2"), (4, 0): theirs("4")}, two_chains=chains)
    g.push(Dominate((2, 0)))
    g.push(Pick((3, 0)))
    assert g.phase == ("two" if chains else "turn")
    if chains:
        assert Pick((4, 0)) in g.legal_actions()


def test_a_face_down_2_triggers_nothing():
    g = game({(1, 0): mine("10"), (1, 1): mine("10"), (2, 0): down("2", 1), (3, 0): theirs("4")})
    g.push(Dominate((2, 0)))
    assert g.phase == "turn"


@pytest.mark.parametrize(("base_is_enemy", "asked"), [(True, True), (False, False)])
def test_card_2_with_no_enemy_card_on_the_table_asks_the_opponent_only_if_their_base_counts(base_is_enemy, asked):
    # player 0 pays card 3 with their own 2; player 1 has nothing on the table
    g = game({(1, 0): mine("2"), (2, 0): mine("4")}, hands=(["3"], []), decks=(["5"], []), base_is_enemy=base_is_enemy)
    g.push(Play("3", (0, 1), friendly=(1, 0)))
    assert (g.phase == "two") is asked
    if asked:
        assert g.to_move == 1 and Pick((2, 0)) in g.legal_actions()


# --- card 3 -----------------------------------------------------------------------------------


def test_card_3_costs_a_friendly_from_the_table_which_goes_face_up_to_the_discard_pile():
    g = game({(1, 0): down("9"), (2, 0): mine("4")}, hands=(["3"], []), decks=(["5"], []))
    assert {a.friendly for a in plays(g, "3")} == {(1, 0), (2, 0)}
    g.push(Play("3", (1, 0), friendly=(1, 0)))
    assert g.sides[0].discard == ["9"] and g.table.tops[(1, 0)] == mine("3")
    assert g.sides[0].hand == {"5": 1}  # and it drew one, its price


def test_card_3_cannot_be_played_without_a_friendly_or_a_card_to_draw():
    assert plays(game({}, hands=(["3"], []), decks=(["5"], [])), "3") == []
    assert plays(game({(1, 0): mine("4")}, hands=(["3"], []), decks=([], FILLER)), "3") == []


def test_card_3_read_from_the_hand_discards_one_more_card():
    g = game({(1, 0): mine("4")}, hands=(["3", "7"], []), decks=(["5"], []), three_friendly="hand")
    assert {(a.discards, a.friendly) for a in plays(g, "3")} == {(("7",), None)}


@pytest.mark.parametrize("may_cut", [True, False])
def test_card_3_may_cut_a_line_only_when_the_reading_allows(may_cut):
    line = {(1, 0): mine("4"), (2, 0): mine("4"), (3, 0): mine("4")}
    g = game(line, hands=(["3"], []), decks=(["5"], []), three_may_cut=may_cut)
    costs = {a.friendly for a in plays(g, "3")}
    assert ((1, 0) in costs) is may_cut
    assert (3, 0) in costs and (2, 0) in costs if may_cut else (3, 0) in costs and (2, 0) not in costs


def test_card_3_leaves_only_cells_still_connected_once_the_friendly_is_gone():
    line = {(1, 0): mine("4"), (2, 0): mine("4"), (3, 0): mine("4")}
    g = game(line, hands=(["3"], []), decks=(["5"], []))
    cells = {a.cell for a in plays(g, "3") if a.friendly == (1, 0)}
    assert cells == {(1, 0), (0, 1), (0, -1), (-1, 0)}  # beside the Base only: the rest is cut off
    cells = {a.cell for a in plays(g, "3") if a.friendly == (3, 0)}
    assert (3, 0) in cells and (4, 0) not in cells


@pytest.mark.parametrize("may_cut", [True, False])
def test_card_3s_friendly_counts_the_0s_its_loss_trashes(may_cut):
    # the 9 is no cut card itself, but the 0 reading it (worth 7) falls to 2 without it and is
    # trashed, which cuts off the 4 beyond the 0 and empties the 0's cell
    table = {(1, 0): mine("4"), (1, 1): mine("4"), (2, 1): mine("9"), (2, 0): mine("0"), (3, 0): mine("4")}
    g = game(table, hands=(["3"], []), three_may_cut=may_cut)
    cells = {a.cell for a in plays(g, "3") if a.friendly == (2, 1)}
    assert cells == ({(2, 0), (2, 1), (0, 1), (0, -1), (-1, 0), (1, -1), (1, 2)} if may_cut else set())


def test_a_cut_off_friendly_adds_nothing_to_a_domination():
    table = {(1, 0): mine("4"), (2, 0): mine("10"), (3, 1): mine("10"), (3, 0): theirs("10")}
    assert Dominate((3, 0)) in game({**table, (2, 1): mine("4")}).legal_actions()
    assert Dominate((3, 0)) not in game(table).legal_actions()  # (3, 1) is not connected: 10 against 10


# --- card 4 -----------------------------------------------------------------------------------


def test_card_4_draws_for_its_owner_when_an_enemy_is_played_beside_it():
    g = game({**my_line(8), (9, 1): theirs("4"), (9, 0): theirs("4")}, hands=(["5"], []), decks=(FILLER, ["1", "2"]))
    g.push(Play("5", (8, 1)))  # borders the 4 on (9, 1), not the one on (9, 0)
    assert g.sides[1].hand == {"2": 1}


def test_card_4_with_an_empty_deck_draws_nothing_and_a_face_down_4_never_draws():
    g = game({**my_line(8), (9, 1): theirs("4"), (7, 1): down("4", 1)}, hands=(["5", "5"], []), decks=(FILLER, []), discards=([], ["1"]))
    g.push(Play("5", (8, 1), trash=RANDOM), random.Random(1))
    assert g.sides[1].hand == {} and g.phase == "turn"


def test_card_4_may_be_declined_when_the_reading_makes_it_optional():
    g = game({**my_line(8), (9, 1): theirs("4")}, hands=(["5"], []), decks=(FILLER, ["1"]), four_draw="may")
    g.push(Play("5", (8, 1)))
    assert g.phase == "four" and g.to_move == 1
    assert g.legal_actions() == (Draw(), Decline())
    g.push(Draw())
    assert g.sides[1].hand == {"1": 1} and g.to_move == 0 and g.actions == 2


# --- card 5 -----------------------------------------------------------------------------------


def test_card_5_beside_an_enemy_trashes_a_random_card_of_the_opponents_discard_pile():
    g = game({(1, 0): mine("4"), (2, 1): theirs("4")}, hands=(["5"], []), discards=([], ["7", "9"]))
    assert Play("5", (2, 0), trash=RANDOM) in g.legal_actions()
    assert Play("5", (0, 1)) in g.legal_actions()  # away from any enemy: nothing to trash
    done = g.push(Play("5", (2, 0), trash=RANDOM), random.Random(3))
    assert isinstance(done, Play) and done.trash in ("7", "9")
    assert g.sides[1].trash == [done.trash] and len(g.sides[1].discard) == 1
    assert g.history[-1] == done


def test_card_5s_trash_given_is_applied_exactly_and_a_card_not_in_the_pile_is_illegal():
    def fresh():
        return game({(1, 0): mine("4"), (2, 1): theirs("4")}, hands=(["5"], []), discards=([], ["7", "9"]))

    g = fresh()
    g.push(Play("5", (2, 0), trash="9"))
    assert g.sides[1].discard == ["7"] and g.sides[1].trash == ["9"]
    with pytest.raises(IllegalAction):
        fresh().push(Play("5", (2, 0), trash="3"))
    with pytest.raises(IllegalAction):
        fresh().push(Play("5", (2, 0)))  # a trash is due
    with pytest.raises(IllegalAction):
        fresh().push(Play("5", (2, 0), trash=RANDOM))  # no generator to draw it with


@pytest.mark.parametrize(("base_is_enemy", "trashes"), [(True, True), (False, False)])
def test_card_5_beside_the_enemy_base_trashes_only_if_the_base_is_an_enemy(base_is_enemy, trashes):
    g = game(my_line(9), hands=(["5"], []), discards=([], ["7"]), base_is_enemy=base_is_enemy)
    assert (Play("5", (10, 0), trash=RANDOM) in g.legal_actions()) is trashes


# --- card 6 -----------------------------------------------------------------------------------


def test_card_6_may_go_over_an_enemy_worth_six_or_less():
    g = game({(1, 0): mine("4"), (2, 0): theirs("6"), (1, 1): theirs("7"), (1, -1): theirs("5"), (2, -1): theirs("1")}, hands=(["6"], []))
    cells = {a.cell for a in plays(g, "6")}
    assert (2, 0) not in cells  # 6 + 1 from the 1 beside it: 7
    assert (1, -1) in cells  # 5 + 1
    assert (1, 1) not in cells
    g = game({(1, 0): mine("4"), (2, 0): theirs("6"), (1, 1): theirs("7")}, hands=(["6"], []))
    assert (2, 0) in {a.cell for a in plays(g, "6")}


def test_a_covered_card_is_out_of_play_until_the_6_leaves():
    g = game({(1, 0): mine("4"), (2, 0): theirs("5"), (3, 0): theirs("0"), (2, 1): theirs("4")}, hands=(["6"], []))
    g.push(Play("6", (2, 0)))
    assert g.table.tops[(2, 0)] == mine("6") and g.table.under[(2, 0)] == (theirs("5"),)
    assert g.sides[1].trash == ["0"]  # their 0 read the 5, now covered: its value went down
    assert list(g.table.friends((2, 1), 1)) == []  # the covered 5 borders nothing
    their_line = {(x, 0): down("4", 1) for x in range(5, 11)}
    g = game({**their_line, (5, 1): down("4", 1), (4, 1): theirs("10"), (4, 0): [theirs("5"), mine("6")]}, player=1)
    g.push(Dominate((4, 0)))  # 5 + 10 against the 6
    assert g.table.tops[(4, 0)] == theirs("5") and (4, 0) not in g.table.under
    assert g.sides[0].trash == ["6"]


def test_a_6_over_a_6_comes_off_one_card_at_a_time():
    table = game({(1, 0): mine("4"), (2, 0): [mine("5"), theirs("6"), mine("6")]}).table
    assert table.remove((2, 0)) == mine("6")
    assert table.tops[(2, 0)] == theirs("6") and table.under[(2, 0)] == (mine("5"),)
    assert table.remove((2, 0)) == theirs("6")
    assert table.tops[(2, 0)] == mine("5") and (2, 0) not in table.under


def test_an_uncovered_0_is_watched_again_and_no_other_card_is():
    # player 0's 0 and 5 lie under player 1's 6s; the 1 beside both gives each +1
    table = game({(1, 0): mine("9"), (3, 0): mine("1"), (2, 0): [mine("0"), theirs("6")], (3, 1): [mine("5"), theirs("6")]}).table
    table.remove((2, 0))
    table.remove((3, 1))
    assert table.settle() == []
    assert (table.value((2, 0)), table.value((3, 1))) == (9 - 2 + 1, 5 + 1)
    table.remove((3, 0))
    assert table.settle() == [((2, 0), mine("0"))]  # the 0 went down: trashed; the 5 went down too, and stays
    assert table.tops[(3, 1)] == mine("5")


def test_card_6_read_discarding_sends_the_covered_card_to_its_owners_discard_pile():
    g = game({(1, 0): mine("4"), (2, 0): theirs("5")}, hands=(["6"], []), six_covered="discarded")
    g.push(Play("6", (2, 0)))
    assert g.sides[1].discard == ["5"] and (2, 0) not in g.table.under


def test_a_2_the_6_discards_asks_for_its_pick():
    g = game({(1, 0): mine("4"), (2, 0): theirs("2"), (3, 0): theirs("4")}, hands=(["6"], []), six_covered="discarded")
    g.push(Play("6", (2, 0)))
    assert g.phase == "two" and g.to_move == 0 and Pick((3, 0)) in g.legal_actions()


# --- card 7 -----------------------------------------------------------------------------------


def test_card_7_may_dominate_a_bordering_enemy_for_free():
    g = game({(1, 0): mine("4"), (2, 1): mine("1"), (3, 0): theirs("6")}, hands=(["7", "5"], []))
    g.push(Play("7", (2, 0), discards=("5",)))
    assert g.phase == "seven" and g.legal_actions() == (Dominate((3, 0)), Decline())
    g.push(Dominate((3, 0)))  # the 7 with the 1's +1: 8, the 6's value plus two
    assert g.sides[1].trash == ["6"] and g.actions == 2


@pytest.mark.parametrize(("needs_total", "offered"), [(True, False), (False, True)])
def test_card_7s_free_domination_needs_the_total_unless_the_reading_drops_it(needs_total, offered):
    g = game({(1, 0): mine("4"), (3, 0): theirs("10")}, hands=(["7", "5"], []), seven_needs_total=needs_total)
    g.push(Play("7", (2, 0), discards=("5",)))
    assert (g.phase == "seven") is offered


def test_card_7_takes_the_enemy_base():
    line = {**my_line(9), (10, 1): down("4")}
    g = game(line, hands=(["7", "5"], []))  # the 7 alone beside the Base: 7, not 14
    g.push(Play("7", (10, 0), discards=("5",)))
    assert g.phase == "turn"
    g = game({**line, (11, 1): mine("10")}, hands=(["7", "5"], []))  # 7 + 10
    g.push(Play("7", (10, 0), discards=("5",)))
    g.push(Dominate((11, 0)))
    assert g.outcome() == (0, "base")


# --- card 9 -----------------------------------------------------------------------------------


def test_card_9_offers_a_free_play_of_value_5_or_less_bordering_it():
    g = game({(1, 0): mine("4")}, hands=(["9", "10", "10", "5", "7", "1"], []), decks=(["2"], []))
    g.push(Play("9", (2, 0), discards=("10", "10")))
    assert g.phase == "nine" and g.actions == 2
    free = {(a.card, a.cell) for a in g.legal_actions() if isinstance(a, Play)}
    assert free == {(c, cell) for c in ("1", "5") for cell in ((3, 0), (2, 1), (2, -1))}
    g.push(Play("1", (3, 0)))
    assert g.sides[0].hand == {"5": 1, "7": 1, "2": 1} and g.actions == 2  # its price paid: drew 1


def test_card_9s_free_play_is_free_of_price_when_the_reading_says_so():
    g = game({(1, 0): mine("4")}, hands=(["9", "10", "10", "1"], []), decks=([], FILLER), nine_pays_price=False)
    g.push(Play("9", (2, 0), discards=("10", "10")))
    assert Play("1", (3, 0)) in g.legal_actions()  # no deck to draw from, yet playable
    g.push(Play("1", (3, 0)))
    assert g.sides[0].hand == {}


@pytest.mark.parametrize(("reading", "offered"), [("printed", True), ("current", False)])
def test_card_9_reads_the_free_cards_printed_or_current_value(reading, offered):
    g = game({(1, 0): mine("4"), (3, 1): mine("1"), (2, 1): mine("4")}, hands=(["9", "10", "10", "5"], []), nine_value=reading)
    g.push(Play("9", (2, 0), discards=("10", "10")))
    assert (Play("5", (3, 0)) in g.legal_actions()) is offered  # beside the 1, the 5 is worth 6


# --- the Base and the table readings ----------------------------------------------------------


@pytest.mark.parametrize(("adds", "offered"), [(False, False), (True, True)])
def test_your_base_adds_to_a_domination_only_when_the_reading_says_so(adds, offered):
    g = game({(-1, 0): mine("4"), (-1, 1): mine("1"), (0, 1): theirs("3")}, base_adds_to_total=adds)
    assert (Dominate((0, 1)) in g.legal_actions()) is offered
    g = game({(0, 1): theirs("3")}, base_adds_to_total=adds)  # the Base alone: 12 against 3
    assert (Dominate((0, 1)) in g.legal_actions()) is offered


@pytest.mark.parametrize(("reading", "offered"), [("at-least", True), ("exactly", False)])
def test_two_less_than_the_total_at_least_or_exactly(reading, offered):
    g = game({(1, 0): mine("10"), (1, 1): mine("4"), (2, 1): mine("10"), (2, 0): theirs("5")}, dominate=reading)
    assert (Dominate((2, 0)) in g.legal_actions()) is offered
    g = game({(1, 0): mine("4"), (1, 1): mine("4"), (2, 1): mine("3"), (2, 0): theirs("5")}, dominate=reading)
    assert Dominate((2, 0)) in g.legal_actions()  # 7 = 5 + 2 either way


@pytest.mark.parametrize(("corners", "cells"), [(False, 4), (True, 8)])
def test_corners_border_only_when_the_reading_says_so(corners, cells):
    g = game({}, hands=(["4"], []), corners_border=corners)
    assert len(plays(g, "4")) == cells


@pytest.mark.parametrize("apart", [11, 12])
def test_the_bases_stand_as_far_apart_as_the_reading_says(apart):
    g = game({}, bases_apart=apart)
    assert g.table.bases == ((0, 0), (apart, 0))


def test_the_hand_limit_stops_the_draw_action_only():
    g = game({}, hands=(["10", "10"], []), decks=(["1", "1"], []), hand_limit=2)
    assert Draw() not in g.legal_actions()
    assert Draw() in game({}, hands=(["10", "10"], []), decks=(["1"], [])).legal_actions()
