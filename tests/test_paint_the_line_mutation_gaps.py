"""Paint the Line: rules that the mutation run (`python bench/mutate.py`, issue 22) found
unpinned, each written from the rules text and pnp's stated readings (README, Paint the Line):
groups that only a step up or to the left reaches, the location and wording of findings, and
the corners of the move engine (the edges of the boards, the pick order, the end of the game)."""

from __future__ import annotations

import pytest

from pnp.games.paint_the_line.engine import (
    COLS,
    MOVE_ROWS,
    OPEN,
    ROWS,
    SETUP,
    SIZES,
    Board,
    Pyramid,
    groups,
    parse_space,
    score,
    space_name,
)
from pnp.games.paint_the_line.files import parse_board, parse_record
from pnp.games.paint_the_line.game import (
    Game,
    apply,
    can_move,
    legal_moves,
    new_game,
    replay,
    set_up,
    step,
)

HEAD = "player 1: red green\nplayer 2: yellow blue\n"


def board_of(*lines: str) -> Board:
    board, diagnostics = parse_board(HEAD + "\n".join(lines) + "\n")
    assert diagnostics == [], diagnostics
    return board


def found(*lines: str) -> list[tuple[str, int, int, str]]:
    board, diagnostics = parse_board(HEAD + "\n".join(lines) + "\n")
    assert board is None
    return [(d.code, d.line, d.column, d.message) for d in diagnostics]


# --- groups: "any number of pyramids of the same color that are adjacent to each other" ----------


def test_a_u_shape_around_a_blocked_space_is_one_group():
    # Seven reds around the blocked b2, opening upward; the green on b1 keeps the two arms apart
    # at the top, so the right arm is reached only by stepping up from the bottom row.
    board = board_of(
        "R1 G1 R2 .  .  .",
        "R1 x  R2 .  x  .",
        "R3 R1 R2 .  .  .",
    )
    reds = [g for g in groups(board) if g.colour == "red"]
    assert [(g.cells, g.size, sum(g.pips), g.points) for g in reds] == [
        (((0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)), 7, 12, 84),  # 12 pips x 7 pyramids
    ]
    result = score(board)
    assert [(p.score, p.largest_group) for p in result.players] == [(84 + 1, 7), (0, 0)]
    assert result.winner == 1


def test_a_group_reached_only_by_steps_to_the_left_is_one_group():
    # A reversed L: down the right-hand column from c1, then left along the bottom row.
    board = board_of(
        ".  .  B1 .  .  .",
        ".  x  B2 .  x  .",
        "B3 B1 B2 .  .  .",
    )
    (group,) = groups(board)
    assert (group.cells, group.points) == (((0, 2), (1, 2), (2, 0), (2, 1), (2, 2)), 9 * 5)
    assert score(board).players[1].largest_group == 5


def test_an_upside_down_u_is_one_group_and_its_inside_is_not():
    # Reached only by steps down and to the left from the top row's first yellow (d1).
    board = board_of(
        ".  .  .  Y1 Y2 Y3",
        ".  x  .  Y1 x  Y1",
        ".  .  .  G1 Y2 Y3",
    )
    yellow = [g for g in groups(board) if g.colour == "yellow"]
    # d3 is green: the U's two legs meet again only through e3 and f3.
    assert [(g.cells, g.points) for g in yellow] == [(((0, 3), (0, 4), (0, 5), (1, 3), (1, 5), (2, 4), (2, 5)), 13 * 7)]


# --- the set-up, sizes and the names of spaces --------------------------------------------------


def test_the_set_up_numbers_are_the_rules_two_rows():
    # "Row 1, left to right: 1, 2, 3, 4, 1, 2 / Row 2, left to right: 3, 4, 1, 2, 3, 4"
    assert SETUP == ((1, 2, 3, 4, 1, 2), (3, 4, 1, 2, 3, 4))
    assert (MOVE_ROWS, ROWS, COLS) == (2, 3, 6)


def test_pyramids_are_named_small_medium_large_by_their_pips():
    assert [Pyramid("red", pips).name for pips in (1, 2, 3)] == ["red small", "red medium", "red large"]
    assert SIZES == {1: "small", 2: "medium", 3: "large"}


def test_spaces_are_a_column_letter_then_a_row_from_1_at_the_top():
    assert [space_name(cell) for cell in [(0, 0), (0, 5), (1, 0), (2, 3)]] == ["a1", "f1", "a2", "d3"]
    assert parse_space("a1", 2) == (0, 0) and parse_space("F2", 2) == (1, 5) and parse_space("d3", 3) == (2, 3)
    # Row 3 exists only on the 3-row scoring board; g is no column; a name is 2 characters.
    assert parse_space("a3", 2) is None and parse_space("c3", 3) == (2, 2)
    assert [parse_space(text, 3) for text in ("g1", "a0", "a4", "a", "a12", "1a", "")] == [None] * 7


# --- the move engine ------------------------------------------------------------------------------

PICKS = ["pick 1 red a1", "pick 2 yellow b1", "pick 1 green c1", "pick 2 blue d1"]


def game_of(*lines: str) -> Game:
    parsed = parse_record("\n".join(lines) + "\n")
    assert parsed.diagnostics == [], parsed.diagnostics
    return replay(parsed.value)


def item_of(line: str):
    return parse_record(line + "\n").value.items[0]


def test_there_is_no_scoring_board_until_all_four_colours_are_chosen():
    assert new_game().board() is None
    for n in range(1, 4):
        assert game_of(*PICKS[:n]).board() is None
    board = game_of(*PICKS).board()
    assert board is not None and board.players == (("red", "green"), ("yellow", "blue"))


def test_every_legal_turn_moves_the_top_pyramid_and_captures_the_top_one():
    # After the picks a1-d1 hold a large and a medium and every other space a whole tree: only
    # the smalls on top move, and what they capture is the small on top of a neighbour.
    game = game_of(*PICKS)
    moves = legal_moves(game)
    assert moves
    for m in moves:
        assert m.mover == game.pos.movement[m.start][-1] and m.mover.pips == 1
        assert m.captured == game.pos.movement[m.end][-1]
    e1_to_d1 = next(m for m in moves if (m.start, m.end) == ((0, 4), (0, 3)))
    assert (e1_to_d1.mover, e1_to_d1.captured) == (Pyramid("red", 1), Pyramid("blue", 2))


def test_a_capture_is_possible_when_the_top_it_takes_has_a_place_whatever_lies_below():
    # The scoring board is full; only three red singles have room. The one capture left takes a
    # blue small (which may go on a red) off a stack whose bottom is red: the game goes on. (The
    # blue small's own capture, of the red small, has no place.)
    pos = set_up()
    for cell in pos.movement:
        pos.movement[cell] = []
    pos.movement[(0, 0)] = [Pyramid("red", 1)]
    pos.movement[(0, 1)] = [Pyramid("red", 3), Pyramid("blue", 1)]
    for i, cell in enumerate(OPEN):
        pos.scoring[cell] = [Pyramid("red", 1)] if i < 3 else [Pyramid("red", 2), Pyramid("green", 2)]
    assert can_move(pos)
    pos.movement[(0, 1)] = [Pyramid("blue", 3), Pyramid("red", 1)]  # two red smalls: neither capture has a place
    assert not can_move(pos)


def test_exactly_six_captures_are_all_named_without_a_count():
    # Four smalls in a row on a1-d1 and nothing else: a1-b1, b1-a1, b1-c1, c1-b1, c1-d1, d1-c1.
    game = game_of(*PICKS)
    for cell in game.pos.movement:
        game.pos.movement[cell] = []
    for c, colour in enumerate(("red", "yellow", "green", "blue")):
        game.pos.movement[(0, c)] = [Pyramid(colour, 1)]
    d = step(game, item_of("1 pass"))
    assert (d.code, d.line, d.column) == ("must-capture", 1, 3)
    assert d.message.endswith("captures now: a1 to b1, b1 to a1, b1 to c1, c1 to b1, c1 to d1, d1 to c1"), d.message


def test_a_pyramid_that_can_capture_nothing_is_said_to_and_the_captures_open_are_named():
    # After the picks no space is empty, so the red medium on a1 cannot move at all.
    lines = [*PICKS, "1 a1 b1 a1"]
    (d,) = game_of(*lines).diagnostics
    assert (d.code, d.line, d.column) == ("no-route", 5, 6)
    assert d.message == (
        "the red medium on a1 moves exactly 2 steps along rows and columns, never entering a space twice, and b1 is not 2 steps away; "
        "the red medium on a1 can capture nothing; captures now: e1 to d1, e1 to f1, e1 to e2, f1 to e1, f1 to f2, a2 to a1 (21 in all)"
    )


def test_apply_raises_the_breach_with_its_message():
    game = game_of(*PICKS)
    with pytest.raises(Exception) as caught:
        apply(game, item_of("2 e1 d1 a1"))
    assert str(caught.value) == "it is player 1's turn: the players take turns, player 1 first"
    assert game.turns == 0
