"""The `.plc` record of a two-player game: seeded games between every pair of pnp's players written
as records, read back and replayed legally to their end (and as table records, draws named);
a hand-built record broken one line at a time, each refused at its line and column."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.rules.records import as_table, format_record, parse_record
from pnp.games.power_lines_cards.rules.replay import record_of, replay
from pnp.games.power_lines_cards.rules.setup import HAND_SIZE
from pnp.games.power_lines_cards.rules.variant import DEFAULT, Variant
from pnp.games.power_lines_cards.simulation.match import play
from pnp.games.power_lines_cards.simulation.players import PLAYERS

STARTER = load_deck(deck_file("starter.deck")).cards()
# pnp's reading, and two others that add lines of their own: a 4's draw declined or taken, card 3's friendly from the hand
VARIANTS = (DEFAULT, Variant(bases_apart=12, four_draw="may"), Variant(three_friendly="hand", dominate="exactly", turn_cap=30))
GAMES_A_PAIR = 40
SEARCH_GAMES = 3  # the search player thinks for seconds a game: a few games, each seat once
PAIRS = [*itertools.product([p for p in PLAYERS if p != "search"], repeat=2), ("search", "greedy"), ("random", "search")]


@pytest.mark.parametrize("players", PAIRS, ids="-".join)
def test_random_games_are_written_read_back_and_replayed_legally_to_their_end(players):
    assert set(PLAYERS) <= {p for pair in PAIRS for p in pair}  # every player of pnp's plays here
    for seed in range(SEARCH_GAMES if "search" in players else GAMES_A_PAIR):
        variant = VARIANTS[seed % len(VARIANTS)]
        game, orders = play((STARTER, STARTER), players, seed, variant)
        text = format_record(record_of(orders, game.first, variant, game.history, [f"seed {seed}"]))
        parsed = parse_record(text)
        assert parsed.valid, (seed, parsed.diagnostics[:3])
        assert format_record(parsed.value) == text
        replayed = replay(parsed.value)
        assert replayed.valid, (seed, replayed.diagnostics)
        assert replayed.game.history == game.history and replayed.game.outcome() == game.outcome() is not None
        if seed % 4 == 0:  # as seen at a table: the deck lists, the draws named, no shuffle's order
            table = as_table(parsed.value, HAND_SIZE)
            assert parse_record(format_record(table)).valid
            at_table = replay(table)
            assert at_table.valid, (seed, at_table.diagnostics)
            assert at_table.game.outcome() == game.outcome()


HAND_BUILT = """\
# A short game by hand: the Bases 4 apart
reading bases_apart = 4
deck A in order: 5 5 5 10 10 4 4 1 7 8 3 9
deck B in order: 5 5 5 6 6 3 3 2 8 8 7 7
first A

face-down 5 at 1,0
face-down 5 at 3,0
face-down 5 at 0,1
face-down 5 at 4,1
face-down 5 at 0,-1
face-down 5 at 4,-1

turn 1 A
play 10 at 2,0 discard 4 4
dominate 3,0  # A's 10 alone beats B's face-down 5 by 5
draw 7

turn 2 B
play 3 at 3,0 friendly 4,1 draw 8
"""


def _check(text: str):
    parsed = parse_record(text)
    if not parsed.valid:
        return list(parsed.diagnostics)
    return replay(parsed.value).diagnostics


def _edited(old: str, new: str, text: str = HAND_BUILT) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def test_a_hand_built_record_is_legal_and_reads_back_the_same():
    parsed = parse_record(HAND_BUILT)
    assert parsed.valid and format_record(parsed.value) == HAND_BUILT
    done = replay(parsed.value)
    assert done.valid and done.turns == 2 and done.game.outcome() is None
    assert done.game.variant.bases_apart == 4 and done.game.table.tops[(3, 0)].card == "3"
    assert replay(parsed.value, 1).turns == 1 and (3, 0) not in replay(parsed.value, 1).game.table.tops


def _at(text: str) -> tuple[str, int, int, str]:
    (found,) = _check(text)
    return found.code, found.line, found.column, found.message


def test_a_card_not_in_hand_is_refused_at_the_card():
    code, line, column, message = _at(_edited("play 10 at 2,0 discard 4 4", "play 9 at 2,0 discard 4 4"))
    assert (code, line, column) == ("not-in-hand", 15, 6)
    assert "A holds no 9: the hand is 1 4 4 10 10" in message and "legal here: " in message


def test_a_cell_out_of_reach_is_refused_at_the_cell_with_the_cells_there_are():
    code, line, column, message = _at(_edited("play 10 at 2,0", "play 10 at 2,2"))
    assert (code, line, column) == ("bad-cell", 15, 12)
    assert message.startswith("a 10 cannot go on 2,2: A's cells for it now are ")


def test_a_domination_short_of_its_total_is_refused_with_the_numbers():
    text = _edited("play 10 at 2,0 discard 4 4\n", "play 4 at 2,0\n")
    code, line, column, message = _at(text)
    assert (code, line, column) == ("cannot-dominate", 16, 10)
    assert message.startswith("B's card on 3,0 is worth 5: A's connected cards bordering it total 4, and at least 7 is needed")


def test_a_price_paid_wrong_and_a_missing_friendly_are_refused_at_their_clause():
    assert _at(_edited("discard 4 4", "discard 4 7"))[:3] == ("bad-discard", 15, 16)
    assert _at(_edited("friendly 4,1 draw 8", "draw 8"))[:3] == ("bad-friendly", 20, 21)


def test_a_shuffle_whose_order_is_not_the_deck_and_discard_pile_is_refused_at_the_card():
    text = HAND_BUILT.split("dominate")[0] + "shuffle 4 4 7 8 3 9\n"  # the discard pile 4 4 and the deck 7 8 3 9
    assert _check(text) == []
    code, line, column, message = _at(_edited("shuffle 4 4 7 8 3 9", "shuffle 4 4 7 8 3 3", text))
    assert (code, line, column) == ("shuffle-order", 16, 19)
    assert message == "A's deck and discard pile hold no more 3: 3 4 4 7 8 9"
    assert _at(_edited("shuffle 4 4 7 8 3 9", "shuffle 4 4 7 8 3", text))[:3] == ("shuffle-order", 16, 18)


def test_a_draw_against_the_order_and_a_turn_out_of_place_are_refused():
    assert _at(_edited("draw 7", "draw 9"))[:3] == ("wrong-draw", 17, 6)
    assert _at(_edited("turn 2 B", "turn 2 A"))[:3] == ("wrong-player", 19, 8)
    assert _at(_edited("\nturn 2 B\n", "\n"))[:3] == ("no-turn-line", 19, 1)
    assert _at(_edited("draw 7\n", "pass\n"))[:3] == ("not-now", 17, 1)


TABLE = _edited("deck A in order: 5 5 5 10 10 4 4 1 7 8 3 9", "deck A: 1 3 4 4 5 5 5 7 8 9 10 10\nhand A: 5 5 5 10 10 4 4 1")


def test_a_table_record_names_each_draw_from_the_cards_left_in_the_deck():
    assert _check(TABLE) == []
    assert _check(_edited("draw 7", "draw 9", TABLE)) == []  # any card still in the deck
    code, line, column, message = _at(_edited("draw 7", "draw 10", TABLE))
    assert (code, line, column) == ("not-in-deck", 18, 6)
    assert message == "A's deck holds no 10 now: it holds 3 7 8 9"
    assert _at(_edited("draw 7", "draw", TABLE))[:3] == ("unnamed-draw", 18, 5)
    assert _at(_edited("hand A: 5 5 5 10 10 4 4 1", "hand A: 5 5 5 10 10 10 4 1", TABLE))[:3] == ("not-in-deck", 4, 21)
    no_order = TABLE.split("dominate")[0] + "shuffle\n\nturn 2 B\ndraw 8\ndraw 8\ndraw 7\n\nturn 3 A\ndraw 4\n"
    assert _check(no_order) == []  # the shuffle put the 4s back: one is drawn
    assert _at(_edited("shuffle\n", "shuffle 4 4 7 8 3 9\n", no_order))[:3] == ("shuffle-order", 17, 9)


@pytest.mark.parametrize(
    ("old", "new", "code", "line", "column"),
    [
        ("play 10 at 2,0", "play 11 at 2,0", "unknown-card", 15, 6),
        ("play 10 at 2,0", "play 10 at 2;0", "bad-cell", 15, 12),
        ("play 10 at 2,0", "play 10 on 2,0", "missing-at", 15, 9),
        ("discard 4 4", "discard 4 4 discard 4", "duplicate-clause", 15, 28),
        ("first A", "first C", "bad-player", 5, 7),
        ("draw 7", "take 7", "unknown-line", 17, 1),
        ("reading bases_apart = 4", "reading bases_apart = 1", "bad-reading", 2, 9),
        ("reading bases_apart = 4", "reading base_apart = 4", "unknown-reading", 2, 9),
        ("deck B in order:", "deck B in disorder:", "bad-deck", 4, 1),
        ("first A\n", "", "no-first", 20, 1),
    ],
)
def test_a_line_that_does_not_read_is_a_finding_at_its_word(old, new, code, line, column):
    found = parse_record(_edited(old, new)).diagnostics
    assert [(d.code, d.line, d.column) for d in found][:1] == [(code, line, column)], found


def test_lines_after_the_end_are_refused():
    game, orders = play((STARTER, STARTER), ("greedy", "greedy"), 5, DEFAULT)
    text = format_record(record_of(orders, game.first, DEFAULT, game.history))
    found = _check(text + "draw\n")
    assert [d.code for d in found] == ["game-over"] and found[0].line == len(text.splitlines()) + 1


def test_the_readings_written_are_those_that_differ_from_pnps():
    record = record_of((STARTER, STARTER), 0, replace(DEFAULT, bases_apart=12, dominate="exactly"), [])
    assert format_record(record).splitlines()[:2] == ["reading bases_apart = 12", 'reading dominate = "exactly"']
