"""Ley Lines rules the mutation run found unpinned (issue 22), written from the rule sheet."""

import pytest

from pnp.games.ley_lines.board import parse_space
from pnp.games.ley_lines.engine import DOMINOES, Cairn, Placer, Position, flow, score_all
from pnp.games.ley_lines.files import parse_record
from pnp.games.ley_lines.game import ALL_PASSED, apply, legal_moves, new_game, replay
from pnp.resources import deck_file

ROW = frozenset((c, 5) for c in range(1, 10))


def test_energy_never_falls_below_the_value_it_stands_on():
    # cairn a5, then 3 on b5, a lower 1 on c5, a tor beyond: the flow climbed to 3 and cannot step down to 1.
    pos = Position(ROW, cairns={(1, 5): Cairn("S", 2)}, tors={(4, 5): "M"})
    pos.place((2, 5), 3, (3, 5), 1)
    f = flow(pos, (1, 5))
    assert f.tor is None and f.stop == "dead-end" and f.path == ((2, 5),)


def test_attenuation_removes_a_domino_whose_higher_half_equals_the_cairn_value():
    pos = Position(ROW, cairns={(1, 5): Cairn("S", 3)}, tors={(4, 5): "M"})
    pos.place((2, 5), 2, (3, 5), 3)
    (scored,) = score_all(pos)
    assert scored.removed == (((2, 5), (3, 5)),)
    assert not pos.halves


def test_a_zero_half_next_to_a_cairn_carries_the_flow():
    pos = Position(ROW, cairns={(1, 5): Cairn("S", 5)}, tors={(4, 5): "M"})
    pos.place((2, 5), 0, (3, 5), 4)
    f = flow(pos, (1, 5))
    assert f.tor == (4, 5) and f.path == ((2, 5), (3, 5))


# --- the replay: set-up, turns and the findings' words and positions (game.py) -----------------

EXAMPLE_TEXT = deck_file("ley-lines/example.leylines").read_text()
# The example's set-up (players, cairns, tors, deals) without its turns; its cairns alone.
SETUP = "\n".join(line for line in EXAMPLE_TEXT.splitlines() if not line.startswith(("S ", "M ", "C ")))
CAIRNS = "\n".join(line for line in SETUP.splitlines() if not line.startswith(("tor", "deal")))
DEALS = {line.split()[1]: line for line in SETUP.splitlines() if line.startswith("deal ")}


def sp(text):
    space = parse_space(text)
    assert space is not None
    return space


def game_of(text):
    record = parse_record(text)
    assert record.valid, record.diagnostics
    return replay(record.value)


def breach(text):
    game = game_of(text)
    assert len(game.diagnostics) == 1, game.diagnostics
    return game.diagnostics[0]


def lines(text):
    return len(text.splitlines())


def dealt_to(suit):
    return {tuple(int(v) for v in w.split("-")) for w in DEALS[suit].split()[2:]}


# Tors: "Tors may not be adjacent to cairns" - and a tor goes on an empty space of the board in use.


def test_a_tor_on_a_cairn_is_refused():
    text = CAIRNS + "\ntor C h4\n"  # h4 holds suns' cairn 3
    d = breach(text)
    assert (d.code, d.line, d.column) == ("occupied", lines(text), 7)
    assert d.message == "h4 already holds a cairn"


@pytest.mark.parametrize("space, where", [("c7", "Eire"), ("a1", "sea")])
def test_a_tor_off_the_board_in_use_is_refused(space, where):
    # 3 players use Albion only: Eire's c7 is off the board, a1 is sea.
    text = CAIRNS + f"\ntor C {space}\n"
    d = breach(text)
    assert (d.code, d.line, d.column) == ("off-board", lines(text), 7)
    assert where in d.message


# The replay stops at the first line that breaks a rule: later lines depend on it.


def test_replay_reports_the_first_breach_and_applies_nothing_after_it():
    text = SETUP + "\nM 3-5 k4 k5\nS 1-2 i4 j4\n"  # moons out of turn; then a move legal on its own
    game = game_of(text)
    (d,) = game.diagnostics
    assert (d.code, d.line) == ("turn-order", lines(text) - 1)
    assert game.turns == 0 and game.pos.halves == {} and game.played == {}


def test_two_illegal_turns_report_only_the_first():
    text = SETUP + "\nS 5-5 i4 j4\nS 3-5 k4 k5\n"  # 5-5 was dealt to crowns; 3-5 to moons
    game = game_of(text)
    (d,) = game.diagnostics
    assert (d.code, d.line) == ("not-in-hand", lines(text) - 1) and "dealt to C" in d.message
    assert game.turns == 0 and game.pos.halves == {}


def test_a_refused_item_raises_with_the_findings_message():
    game = game_of(SETUP)
    item = parse_record(SETUP + "\nM pass\n").value.items[-1]
    with pytest.raises(Exception) as caught:
        apply(game, item)
    assert str(caught.value) == caught.value.diagnostic.message != ""


# Cairns: "Starting with the first player, and proceeding to the left, take turns placing one of your
# cairns"; each player has the six coins of a suit, values 0-5 each once.


def test_a_cairn_value_placed_twice_names_that_cairns_line_and_the_values_left():
    text = "players: S M C\ncairn S 0 h4\ncairn M 0 e15\ncairn C 1 g15\ncairn S 1 f14\ncairn M 1 h14\ncairn C 2 g13\ncairn S 1 i13\n"
    d = breach(text)
    assert (d.code, d.line, d.column) == ("cairn-value", 8, 9)
    assert d.message == "S already placed its cairn 1 (line 5); each value 0-5 is one coin; left: 2, 3, 4, 5"


def test_a_cairn_between_two_cairns_names_the_first_going_north_east_south_west():
    # g12 touches f12 (west) and h12 (east): one fixed report, the east one first.
    d = breach("players: S M C\ncairn S 0 f12\ncairn M 1 h12\ncairn C 2 g12\n")
    assert (d.code, d.line, d.column) == ("cairn-adjacent", 4, 11)
    assert d.message.startswith("g12 is next to the cairn on h12;")


def test_cairn_order_names_the_seat_order():
    d = breach("players: S M C\ncairn S 0 f12\ncairn C 1 h12\n")
    assert "it is M's turn to place a cairn" in d.message and "(S M C)" in d.message


# Tors: "placed in the OPPOSITE order they placed their cairns", "at least two spaces between tors".


def test_tors_early_count_the_cairns_placed_and_name_those_still_to_place():
    d = breach("players: S M C\ncairn S 0 f12\ntor C l4\n")
    rest = ["S 1", "S 2", "S 3", "S 4", "S 5"] + [f"{s} {v}" for s in "MC" for v in range(6)]
    assert d.message == f"only 1 of 18 cairns is placed (still to place: {', '.join(rest)}); tors come after every cairn"
    d = breach("players: S M C\ncairn S 0 f12\ncairn M 3 h12\ntor C l4\n")
    assert d.message.startswith("only 2 of 18 cairns are placed (still to place: S 1, S 2, S 3, S 4, S 5, M 0, M 1, M 2, M 4, M 5, C 0,")


def test_tor_order_names_the_reverse_seat_order():
    d = breach(CAIRNS + "\ntor S l4\n")
    assert d.message.startswith("it is C's turn to place a tor") and "(C M S)" in d.message


def test_a_tor_beside_several_cairns_names_the_first_going_north_east_south_west():
    # h13 touches h14 (north), i13 (east), h12 (south) and g13 (west), all cairns.
    text = CAIRNS + "\ntor C h13\n"
    d = breach(text)
    assert (d.code, d.line, d.column) == ("tor-adjacent", lines(text), 7)
    assert d.message.startswith("h13 is next to the cairn on h14;")


def test_a_tor_too_close_to_two_tors_names_the_first_placed():
    text = CAIRNS + "\ntor C f2\ntor M i2\ntor S g1\n"  # g1: 1 king move from f2, 2 from i2
    d = breach(text)
    assert (d.code, d.line, d.column) == ("tor-spacing", lines(text), 7)
    assert d.message.startswith("g1 is too close to the tor on f2:")


# Play: "Starting with ... the first person to place a cairn, and proceeding to the LEFT, take turns."


def test_turn_order_names_the_seat_order_and_the_first_player():
    d = breach(SETUP + "\nM 3-5 k4 k5\n")
    assert d.message == "it is S's turn: play goes round in seat order (S M C), S first"


def test_all_players_passing_after_a_placement_ends_the_game():
    # "when all players have passed in succession": three passes after crowns' domino, crowns' own the last.
    text = SETUP + "\nS pass\nM pass\nC 0-4 j7 k7\nS pass\nM pass\nC pass\n"
    game = game_of(text)
    assert game.finished == ALL_PASSED and game.finished_line == lines(text)


def test_a_domino_not_in_a_known_hand_lists_what_is_left_in_it():
    # Moons' deal is not recorded, so 0-2 was dealt to nobody the record knows; suns' hand is known.
    partial = SETUP.replace(DEALS["M"] + "\n", "")
    text = partial + "\nS 1-2 i4 j4\nM pass\nC pass\nS 0-2 i5 j5\n"
    d = breach(text)
    assert (d.code, d.line, d.column) == ("not-in-hand", lines(text), 3)
    assert d.message == "S was not dealt 0-2; left in hand: 0-0 0-1 2-2 2-4 3-3 4-4"


# Building: "You must be able to trace at least one legal energy path from each space ... to either
# a tor or a cairn"; toward a cairn each value must be equal or smaller.


def corner_game(*dominoes):
    """A 3-player game in play with one cairn, suns' on f1 (a corner: f2 north, g1 east), no tor,
    the given dominoes on the board and no hands known."""
    game = new_game(("S", "M", "C"))
    game.tors_placed = 3
    game.pos.cairns[sp("f1")] = Cairn("S", 4)
    for a, va, b, vb in dominoes:
        game.pos.place(sp(a), va, sp(b), vb)
    return game


def refused(game, turn):
    item = parse_record(f"players: S M C\n{turn}\n").value.items[-1]
    with pytest.raises(Exception) as caught:
        apply(game, item)
    return caught.value.diagnostic


def test_a_refused_domino_shows_three_legal_ways_and_how_many_there_are():
    # The 1 beside the cairn with the 2 behind it (f2 g2 or g1 g2) is legal; the 2 beside it is
    # not (the 1 behind would climb toward the cairn): 2 ways, each listed from either end.
    game = corner_game()
    assert len(Placer(game.pos).placements((1, 2))) == 4
    d = refused(game, "S 1-2 i4 j4")
    assert (d.code, d.column) == ("no-energy-path", 7)
    assert d.message.endswith("; legal now, for example `1-2 f2 g2`, `1-2 g1 g2`, `2-1 g2 f2` (4 ways in all)")


def test_a_refused_domino_that_fits_nowhere_says_so():
    # The 5-5 on f2 g2 leaves g1 no free neighbour; beside a 5 only a 5 or more can step down to the cairn.
    game = corner_game(("f2", 5, "g2", 5))
    assert Placer(game.pos).placements((1, 2)) == []
    d = refused(game, "S 1-2 i4 j4")
    assert d.message.endswith("; 1-2 fits nowhere now, so pass or play another domino")


# legal_moves: from the known hand; an unknown hand holds any domino neither played nor dealt to another.


def test_legal_moves_of_a_player_whose_hand_is_not_dealt():
    partial = SETUP.replace(DEALS["S"] + "\n", "")
    game = game_of(partial + "\nS 1-2 i4 j4\n")
    in_play = {d for d in DOMINOES if 6 not in d}
    expected = in_play - dealt_to("M") - dealt_to("C") - {(1, 2)}
    moves = legal_moves(game, "S")
    assert {m[0] for m in moves} == expected == dealt_to("S") - {(1, 2)}
    placer = Placer(game.pos)
    assert all(placer.legal(f, a, s, b) and sorted((a, b)) == list(d) for d, f, a, s, b in moves)
    # Moons' hand is known: only its dominoes, even though suns' unknown hand leaves some undealt.
    assert {m[0] for m in legal_moves(game, "M")} == dealt_to("M")
