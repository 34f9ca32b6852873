"""Paint the Line as whole games: the `.ptl` record, every rule of the replay on hand-built
records (legal and illegal, each finding at its line and column), random games, and
`pnp paint-the-line check/score/show/random`, the drawing read back from the PDF."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.paint_the_line.draw import LANE, paint_layout
from pnp.games.paint_the_line.engine import (
    BLOCKED,
    OPEN,
    PLAY_COLOURS,
    SETUP,
    Pyramid,
    parse_space,
    space_name,
)
from pnp.games.paint_the_line.files import TurnItem, parse_record
from pnp.games.paint_the_line.game import (
    Game,
    Position,
    apply,
    can_move,
    captures,
    legal_moves,
    new_game,
    places,
    replay,
    routes,
    set_up,
    step,
)
from pnp.games.paint_the_line.generate import random_game, random_record
from tests.helpers.pdfgeom import MM, figures_in, ink_margins, open_pdf

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "decks" / "paint-the-line" / "example.ptl"
runner = CliRunner()

# Picks that take the smalls of a1 (red), b1 (yellow), c1 (green) and d1 (blue): after them,
# a1-d1 hold a large and a medium, every other space a whole tree. No space is empty, so only
# the smalls can move at first.
PICKS = ["pick 1 red a1", "pick 2 yellow b1", "pick 1 green c1", "pick 2 blue d1"]
# Then, checked by hand: red small e1 -> d1 takes the blue medium; on to c1 (the green medium),
# to d1 (the blue large: d1 keeps only the red small), to e1 (a red medium, its own colour):
# d1 is empty. The yellow small d2 -> c2 uncovers the yellow medium on d2, which then crosses
# the empty d1 to take the green large on c1.
OPENING = ["1 e1 d1 a1", "2 d1 c1 b1", "1 c1 d1 c1", "2 d1 e1 d1", "1 d2 c2 c2", "2 d2 c1 d2"]
R, Y, G, B = PLAY_COLOURS


def game_of(*lines: str) -> Game:
    parsed = parse_record("\n".join(lines) + "\n")
    assert parsed.diagnostics == [], parsed.diagnostics
    return replay(parsed.value)


def played(*lines: str) -> Game:
    game = game_of(*lines)
    assert game.valid, game.diagnostics
    return game


def breach(*lines: str) -> tuple[str, int, int, str]:
    """The one finding of a record whose last line breaks a rule: code, line, column, message."""
    game = game_of(*lines)
    (d,) = game.diagnostics
    assert d.line == len(lines), "the replay stops at the last line"
    return d.code, d.line, d.column, d.message


def example_lines() -> list[str]:
    return [line.split("#")[0].strip() for line in EXAMPLE.read_text().splitlines() if line.split("#")[0].strip()]


def run(*args: str, input: str | None = None):
    return runner.invoke(app, ["paint-the-line", *map(str, args)], input=input)


# --- the set-up and the names of spaces ----------------------------------------------------------


def test_set_up_trees_follow_the_rules_pattern():
    pos = set_up()
    colours = {1: "red", 2: "yellow", 3: "green", 4: "blue"}
    assert [[colours[n] for n in row] for row in SETUP] == [
        ["red", "yellow", "green", "blue", "red", "yellow"],
        ["green", "blue", "red", "yellow", "green", "blue"],
    ]
    for (r, c), stack in pos.movement.items():
        assert stack == [Pyramid(colours[SETUP[r][c]], 3), Pyramid(colours[SETUP[r][c]], 2), Pyramid(colours[SETUP[r][c]], 1)]
    assert len(pos.movement) == 12 and sum(map(len, pos.movement.values())) == 36
    assert sorted(pos.scoring) == sorted(OPEN) and len(OPEN) == 16 and all(s == [] for s in pos.scoring.values())


def test_play_colours_are_the_print_layouts_in_set_up_order():
    assert tuple(c.name for c in paint_layout().colours) == PLAY_COLOURS


def test_spaces_are_named_by_column_then_row_from_the_top_left():
    assert space_name((0, 0)) == "a1" and space_name((1, 5)) == "f2" and space_name((2, 2)) == "c3"
    assert [space_name(c) for c in sorted(BLOCKED)] == ["b2", "e2"]
    assert parse_space("C2", 2) == (1, 2) and parse_space("f3", 3) == (2, 5)
    for bad in ("a3", "g1", "a0", "aa", "a", "a12", "٢a", "a٢", "a１"):
        assert parse_space(bad, 2) is None, bad
    assert parse_space("a3", 3) == (2, 0) and parse_space("a4", 3) is None


# --- the colour picks ---------------------------------------------------------------------------


def test_picks_alternate_and_each_small_leaves_the_board():
    game = played(*PICKS)
    assert [(p.player, p.colour, space_name(p.space)) for p in game.picks] == [(1, R, "a1"), (2, Y, "b1"), (1, G, "c1"), (2, B, "d1")]
    assert game.colours(1) == (R, G) and game.colours(2) == (Y, B)
    assert game.pos.movement[(0, 0)] == [Pyramid(R, 3), Pyramid(R, 2)]
    assert sum(map(len, game.pos.movement.values())) == 32  # 36 - the four markers
    assert game.turns == 0 and not game.finished and game.to_move() == 1


@pytest.mark.parametrize(
    "lines, code, column, words",
    [
        (["pick 2 red a1"], "pick-order", 6, "player 1's pick"),
        (["pick 1 red a1", "pick 1 yellow b1"], "pick-order", 6, "player 2's pick"),
        (["pick 1 red a1", "pick 2 red e1"], "colour-taken", 8, "red is already player 1's (line 1); still to choose: yellow, green, blue"),
        (["pick 1 red b1"], "pick-space", 12, "the small pyramid on b1 is yellow, not red; red smalls stand on a1, e1, c2"),
        (
            ["pick 1 red a1", "pick 2 yellow b1", "pick 1 green a1"],
            "pick-space",
            14,
            "the small pyramid on a1 was taken on line 1; green smalls stand on c1, a2, e2",
        ),
        ([*PICKS, "pick 1 red e1"], "picks-done", 1, "all four colours are chosen (the last on line 4); turns come next"),
        (["pick 1 red a1", "pick 2 yellow b1", "pick 1 green c1", "1 e1 d1 a1"], "turn-early", 1, "3 picked so far"),
    ],
)
def test_pick_rules(lines, code, column, words):
    found = breach(*lines)
    assert found[:3] == (code, len(lines), column)
    assert words in found[3]


def test_a_record_may_stop_during_the_picks_but_cannot_be_scored_or_drawn(tmp_path):
    path = tmp_path / "two.ptl"
    path.write_text("\n".join(PICKS[:2]) + "\n")
    result = run("check", path)
    assert result.exit_code == 0 and "2 picks, 0 turns, unfinished: 2 colours of 4 chosen" in result.stderr
    result = run("score", path)
    assert result.exit_code == 1
    assert f"{path}:2:1: error: the record stops after 2 colour picks: scoring needs all 4 colours chosen" in result.stderr
    assert run("show", path, "-o", tmp_path / "x.svg").exit_code == 1 and not (tmp_path / "x.svg").exists()


# --- moving and capturing -----------------------------------------------------------------------


def test_the_hand_built_opening_is_legal_and_does_what_it_says():
    game = played(*PICKS, *OPENING)
    movement = game.pos.movement
    assert movement[(0, 3)] == [] and game.turns == 6  # d1 emptied
    assert movement[(0, 2)] == [Pyramid(Y, 2)]  # the yellow medium crossed d1 and took the green large
    assert movement[(1, 3)] == [Pyramid(Y, 3)]
    assert movement[(0, 4)] == [Pyramid(R, 3), Pyramid(R, 1)]  # the red small took its own colour's medium
    assert [(space_name(m.start), [space_name(c) for c in m.route], m.captured) for m in game.moves[-1:]] == [("d2", ["d2", "d1", "c1"], Pyramid(G, 3))]
    assert [str(m.captured) for m in game.moves] == ["B2", "G2", "B3", "R2", "R1", "G3"]
    # Only the top pyramid is captured, and the mover sits on what is left of the stack.
    first = played(*PICKS, OPENING[0])
    assert first.pos.movement[(0, 3)] == [Pyramid(B, 3), Pyramid(R, 1)] and first.pos.movement[(0, 4)] == [Pyramid(R, 3), Pyramid(R, 2)]
    assert first.pos.scoring[(0, 0)] == [Pyramid(B, 2)]


@pytest.mark.parametrize(
    "turns, code, column, words",
    [
        # Turn order: player 1 moves first, then they alternate.
        (["2 e1 d1 a1"], "turn-order", 1, "player 1's turn"),
        (["1 e1 d1 a1", "1 f1 e1 b1"], "turn-order", 1, "player 2's turn"),
        # Exactly its pips, along rows and columns: a small goes 1 step, never 2, never diagonally.
        (
            ["1 e1 c1 a1"],
            "no-route",
            6,
            "the red small on e1 moves exactly 1 step along rows and columns, never entering a space twice, and c1 is not 1 step away",
        ),
        (
            ["1 e1 d2 a1"],
            "no-route",
            6,
            "d2 is a diagonal step from e1, and a pyramid never moves diagonally: the red small moves exactly 1 step, along a row or a column; from e1 the red small can capture on d1, f1, e2",
        ),
        (["1 a1 b1 a1"], "no-route", 6, "the red medium on a1 moves exactly 2 steps"),
        (["1 e1 e1 a1"], "no-route", 6, "a move never comes back to its start"),
        # A move through a covered pyramid: b1 holds the yellow large under its medium.
        (["1 a1 c1 a1"], "no-route", 6, "every way of 2 steps from a1 to c1 passes over a pyramid (on b1); a moving pyramid passes only over empty spaces"),
        (["1 a1 b2 a1"], "no-route", 6, "every way of 2 steps from a1 to b2 passes over a pyramid (on b1, a2)"),
        # A move must capture: it ends on a pyramid, and a turn cannot be skipped while one can.
        (
            [*OPENING[:4], "1 d2 d1 c2"],
            "no-capture",
            6,
            "nothing stands on d1: a move ends on top of a pyramid and captures it; from d2 the yellow small can capture on c2, e2",
        ),
        ([*OPENING[:4], "1 d1 c1 c2"], "empty-start", 3, "nothing stands on d1, so nothing moves from there; captures now: e1 to f1,"),
        (
            ["1 pass"],
            "must-capture",
            3,
            "player 1 cannot pass: a pass is never legal (a player who can capture must, and when no capture can be made the game is over); captures now: e1 to d1, e1 to f1, e1 to e2, f1 to e1, f1 to f2, a2 to a1 (21 in all)",
        ),
        # Placing: an empty open space while there is one; never a blocked one.
        (["1 e1 d1 b2"], "bad-place", 9, "b2 is blocked: the 2nd and 5th spaces of the scoring board's middle row are never used; it may go on a1, b1,"),
        (
            ["1 e1 d1 a1", "2 d1 c1 a1"],
            "bad-place",
            9,
            "a1 already holds the blue medium: while a scoring space is empty, a captured pyramid goes on an empty one; it may go on b1, c1,",
        ),
    ],
)
def test_turn_rules(turns, code, column, words):
    found = breach(*PICKS, *turns)
    assert found[:3] == (code, len(PICKS) + len(turns), column)
    assert words in found[3], found[3]


def test_a_medium_may_cross_an_empty_space_only():
    before = played(*PICKS, *OPENING[:5])
    assert routes(before.pos, (1, 3)) == {(0, 2): ((1, 3), (0, 3), (0, 2)), (0, 4): ((1, 3), (0, 3), (0, 4))}  # both through d1
    assert (1, 2) not in routes(before.pos, (1, 3))  # c2 is next door: 2 steps never end there


def test_a_large_may_turn_corners_across_empty_spaces_but_never_revisit():
    pos = set_up()
    pos.movement[(0, 0)] = [Pyramid(R, 3)]
    pos.movement[(0, 1)] = []
    pos.movement[(1, 1)] = []
    # a1 -> b1 -> b2 -> a2: a U-turn onto the neighbour below, across two empty spaces.
    assert routes(pos, (0, 0)) == {(1, 0): ((0, 0), (0, 1), (1, 1), (1, 0)), (1, 2): ((0, 0), (0, 1), (1, 1), (1, 2))}
    pos.movement[(1, 1)] = [Pyramid(B, 3)]  # b2 holds a pyramid again: nothing crosses it
    assert routes(pos, (0, 0)) == {}
    # Never back over its own start or any space it has been on: no route ever repeats a space.
    for seed in range(20):
        game, _, _ = random_game(seed)
        for start, end, route in captures(set_up()) + [c for m in game.moves for c in [(m.start, m.end, m.route)]]:
            assert len(set(route)) == len(route) and route[0] == start and route[-1] == end
            assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(route, route[1:]))


def test_only_the_top_pyramid_moves_and_any_colour_may_be_taken():
    game = played(*PICKS, *OPENING[:4])
    # e1 holds the red large under the red small that captured its own colour's medium: the small
    # moves (1 step), never the large.
    assert {len(r) - 1 for r in routes(game.pos, (0, 4)).values()} == {1}
    assert Pyramid(R, 2) in [m.captured for m in game.moves if m.player == 2] and game.colours(2) == (Y, B)


def test_captures_are_compulsory_so_every_legal_turn_captures():
    game = played(*PICKS)
    moves = legal_moves(game)
    assert moves and all(game.pos.movement[m.end] for m in moves)
    assert {(space_name(m.start), space_name(m.end)) for m in moves} >= {("e1", "d1"), ("a2", "a1")}
    assert len({(m.start, m.end) for m in moves}) == 21 and len(moves) == 21 * 16  # every capture, on every empty space


# --- the scoring board --------------------------------------------------------------------------


def test_once_every_space_is_taken_captures_stack_two_high_never_on_their_own_colour():
    lines = example_lines()
    sixteen = lines[: 4 + 16]
    game = played(*sixteen)
    assert all(game.pos.scoring[c] for c in OPEN)  # the board is full: every open space holds one
    # The 17th capture, the yellow large on b1, may go on any space with a pyramid of another colour.
    assert breach(*sixteen, "1 c1 b1 a2")[:3] == ("bad-place", 21, 9)
    assert "may not go on the yellow small on a2: never on its own colour" in breach(*sixteen, "1 c1 b1 a2")[3]
    assert "b2 is blocked" in breach(*sixteen, "1 c1 b1 b2")[3]
    after = played(*sixteen, "1 c1 b1 d1")
    assert after.pos.scoring[(0, 3)] == [Pyramid(G, 3), Pyramid(Y, 3)]
    assert set(places(after.pos, Pyramid(Y, 1))) == {c for c in OPEN if len(after.pos.scoring[c]) == 1 and after.pos.scoring[c][0].colour != Y}
    code, line, column, message = breach(*sixteen, "1 c1 b1 d1", "2 a1 a2 d1")
    assert (code, line, column) == ("bad-place", 22, 9)
    assert "d1 holds two pyramids already (the yellow large on the green large); a space holds at most 2" in message


def full_board(colour: str) -> Position:
    """A scoring board with no empty space and no room except on single pyramids of `colour`."""
    pos = set_up()
    other = next(c for c in PLAY_COLOURS if c != colour)
    for i, cell in enumerate(OPEN):
        pos.scoring[cell] = [Pyramid(colour, 1)] if i < 3 else [Pyramid(colour, 2), Pyramid(other, 2)]
    return pos


def test_a_capture_with_no_place_on_a_full_scoring_board_cannot_be_made():
    game = played(*PICKS)
    game.pos.scoring = full_board(R).scoring
    # e1's red small can take the red small on f1 (no place: only red singles have room) or a
    # blue or green top (which may go on the red singles).
    item = parse_record("1 f1 e1 a1\n").value.items[0]
    d = step(game, item)
    assert (d.code, d.column) == ("no-place", 6)
    assert "the captured red small has no place on the scoring board" in d.message and "captures now: e1 to d1" in d.message
    assert game.turns == 0  # a refused line changes nothing
    assert all(m.captured.colour != R for m in legal_moves(game))
    assert {(space_name(m.start), space_name(m.end)) for m in legal_moves(game)} >= {("e1", "d1")}
    # When no capture has a place, no turn is legal: the game is over though captures remain.
    game.pos.scoring = {cell: [Pyramid(R, 2), Pyramid(B, 2)] for cell in OPEN}
    assert captures(game.pos) and not legal_moves(game) and not can_move(game.pos)


# --- the end ------------------------------------------------------------------------------------


def test_the_example_is_a_whole_game_and_nothing_may_follow_it():
    game = played(*example_lines())
    assert (game.turns, game.finished, game.finished_line) == (20, "no move captures any more", 24)
    assert not legal_moves(game) and not can_move(game.pos)
    assert sum(map(len, game.pos.movement.values())) == 12 and captures(game.pos) == []
    code, line, column, message = breach(*example_lines(), "1 a2 b2 a1")
    assert (code, line, column) == ("game-over", 25, 1)
    assert message == "the game is over since line 24: no move captures any more"
    assert breach(*example_lines(), "1 pass")[0] == "game-over"


def test_random_games_are_legal_to_the_end_for_many_seeds():
    lengths = []
    for seed in range(200):
        text = random_record(seed)
        turns = [line for line in text.splitlines() if line[:1] in "12"]
        replayed = replay(parse_record(text).value)
        assert replayed.valid and replayed.finished and replayed.turns == len(turns), seed
        assert sum(map(len, replayed.pos.scoring.values())) == len(turns) and len(replayed.picks) == 4
        lengths.append(len(turns))
    assert 16 <= min(lengths) and max(lengths) <= 31  # 32 pyramids after the picks: at most 31 captures


def test_random_games_draw_every_turn_among_the_legal_ones():
    game, _, _ = random_game(7)
    replayed = new_game()
    for line in random_record(7).splitlines():
        if line.startswith("#"):
            continue
        item = parse_record(line + "\n").value.items[0]
        if isinstance(item, TurnItem):
            assert (item.start, item.end, item.place) in {(m.start, m.end, m.place) for m in legal_moves(replayed)}
        assert step(replayed, item) is None
    assert replayed.turns == game.turns


# --- the record's syntax ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, code, line, column",
    [
        ("pick 3 red a1", "bad-player", 1, 6),
        ("pick 1 orange a1", "bad-colour", 1, 8),
        ("pick 1 rde a1", "bad-colour", 1, 8),
        ("pick 1 red a3", "bad-space", 1, 12),
        ("pick 1 red", "missing-words", 1, 11),
        ("pick 1 red a1 x", "extra-words", 1, 15),
        ("3 a1 b1 c1", "bad-player", 1, 1),
        ("٢ a1 b1 c1", "unknown-line", 1, 1),
        ("1 a1 b1 g3", "bad-place", 1, 9),
        ("1 a1 b1 a4", "bad-place", 1, 9),
        ("1 a0 b1 a1", "bad-space", 1, 3),
        ("1 a1 b3 a1", "bad-space", 1, 6),
        ("1 a1 b1", "missing-words", 1, 8),
        ("1 pass now", "extra-words", 1, 8),
        ("move a1 b1", "unknown-line", 1, 1),
        ("pick 1 red a1\n\n  # a comment\n  1 a1", "missing-words", 4, 7),
        ("", "empty-record", 1, 1),
        ("\n  \n", "empty-record", 1, 1),  # a record of only comments is a game not yet begun (test_paint_the_line_messages)
    ],
)
def test_syntax_errors_name_line_and_column(text, code, line, column):
    parsed = parse_record(text)
    assert parsed.value is None
    assert [(d.code, d.line, d.column) for d in parsed.diagnostics][:1] == [(code, line, column)]


def test_syntax_messages_say_what_is_right():
    messages = [d.message for text in ("pick 1 orange a1", "pick 1 rde a1", "1 a1 b1 g3", "move") for d in parse_record(text).diagnostics]
    assert messages == [
        "orange is not in this game: its colours are red, yellow, green, blue",
        "unknown colour 'rde'; did you mean red?",
        "'g3' is not a space of the scoring board: a column a-f and a row 1-3, like c3",
        "'move' starts no item: a line is `pick PLAYER COLOUR SPACE` or a turn, `PLAYER FROM TO PLACE`",
    ]


def test_words_colours_and_spaces_in_any_case_and_every_line_end():
    text = "\n".join(["PICK 1 Red A1", "Pick 2 YELLOW b1", "pick 1 green C1  # a comment", "pick 2 blue d1", "1 E1 D1 A1", "2 Pass"])
    for end in ("\n", "\r\n", "\r"):
        parsed = parse_record(text.replace("\n", end))
        assert parsed.diagnostics == []
        game = replay(parsed.value)
        assert [(d.code, d.line, d.column) for d in game.diagnostics] == [("must-capture", 6, 3)]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.builds(
                lambda p, c, s: f"pick {p} {c} {s}",
                st.sampled_from("12"),
                st.sampled_from(PLAY_COLOURS),
                st.sampled_from([space_name((r, c)) for r in range(2) for c in range(6)]),
            ),
            st.builds(
                lambda p, a, b, c: f"{p} {a} {b} {c}",
                st.sampled_from("12"),
                st.sampled_from([space_name((r, c)) for r in range(2) for c in range(6)]),
                st.sampled_from([space_name((r, c)) for r in range(2) for c in range(6)]),
                st.sampled_from([space_name((r, c)) for r in range(3) for c in range(6)]),
            ),
            st.sampled_from(["1 pass", "2 pass", *PICKS, *OPENING]),
        ),
        max_size=14,
    )
)
def test_any_record_that_reads_gets_a_verdict_at_a_line_and_column(lines):
    text = "\n".join(lines) + "\n"
    parsed = parse_record(text)
    assert parsed.valid or parsed.diagnostics
    if parsed.valid:
        game = replay(parsed.value)
        assert len(game.diagnostics) <= 1
        for d in game.diagnostics:
            assert 1 <= d.line <= len(lines) and 1 <= d.column <= len(lines[d.line - 1])


# --- the commands -------------------------------------------------------------------------------


def test_check_prints_a_verdict_and_json():
    result = run("check", EXAMPLE)
    assert result.exit_code == 0
    assert result.stdout == "" and result.stderr == f"{EXAMPLE}: valid record: 4 picks, 20 turns, finished: no move captures any more\n"
    data = json.loads(run("check", EXAMPLE, "--json").stdout)
    assert (data["valid"], data["turns"], data["finished"]) == (True, 20, True)
    assert data["players"] == [{"player": 1, "colours": ["green", "yellow"]}, {"player": 2, "colours": ["red", "blue"]}]


def test_check_places_an_illegal_turn_at_file_line_column(tmp_path):
    path = tmp_path / "skip.ptl"
    path.write_text("\n".join([*PICKS, "1 e1 d1 a1", "2 pass"]) + "\n")
    result = run("check", path)
    assert result.exit_code == 1 and result.stdout == ""
    finding, verdict = result.stderr.splitlines()  # the findings, then the verdict
    assert verdict == f"{path}: invalid record (1 error)"
    assert finding.startswith(
        f"{path}:6:3: error: player 2 cannot pass: a pass is never legal (a player who can capture must, and when no capture can be made the game is over); captures now: d1 to c1, "
    )
    data = json.loads(run("check", path, "--json").stdout)
    assert data["valid"] is False and data["diagnostics"][0]["code"] == "must-capture" and data["turns"] is None
    assert run("check", tmp_path / "missing.ptl").exit_code == 2


def test_score_scores_the_board_a_record_reaches():
    result = run("score", EXAMPLE)
    assert result.exit_code == 0
    assert result.stdout == (
        "green: 21 = (1+2)x2 + (2+1+2)x3\n"
        "yellow: 6 = 3x1 + 2x1 + 1x1\n"
        "red: 8 = 2x1 + 1x1 + 3x1 + 2x1\n"
        "blue: 8 = 1x1 + 3x1 + 2x1 + 2x1\n"
        "player 1 (green and yellow): 27, largest group 3\n"
        "player 2 (red and blue): 16, largest group 1\n"
        "player 1 wins, 27 to 16\n"
    )
    data = json.loads(run("score", EXAMPLE, "--json").stdout)
    assert (data["winner"], data["finished"], data["turns"]) == (1, True, 20)
    assert [p["score"] for p in data["players"]] == [27, 16]


def test_score_an_unfinished_record_says_who_leads(tmp_path):
    path = tmp_path / "start.txt"  # not .ptl: read as a record because it starts with a pick
    path.write_text("\n".join(example_lines()[:9]) + "\n")
    result = run("score", path)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "unfinished after 5 turns: player 1 leads, 4 to 3 so far"
    data = json.loads(run("score", path, "--json").stdout)
    assert (data["winner"], data["finished"], data["turns"]) == (None, False, 5)
    assert run("check", path).stderr == f"{path}: valid record: 4 picks, 5 turns, unfinished: player 2 to move\n"
    piped = run("score", "-", input=EXAMPLE.read_text())
    assert piped.exit_code == 0 and piped.stdout.endswith("player 1 wins, 27 to 16\n")


def test_score_refuses_an_illegal_record(tmp_path):
    path = tmp_path / "bad.ptl"
    path.write_text("\n".join([*PICKS, "1 a1 c1 a1"]) + "\n")
    result = run("score", path)
    assert result.exit_code == 1 and f"{path}:5:6: error: every way of 2 steps" in result.stderr
    assert "invalid record, not scored (1 error)" in result.stderr


def test_random_is_seeded_and_written_as_a_record(tmp_path):
    first, again, other = run("random", "--seed", "3"), run("random", "--seed", "3"), run("random", "--seed", "4")
    assert first.exit_code == 0 and first.stdout == again.stdout != other.stdout
    assert first.stdout.startswith("# Paint the Line, a random game: seed 3\n# made by: pnp paint-the-line random --seed 3\npick 1 ")
    out = tmp_path / "g.ptl"
    assert run("random", "--seed", "3", "-o", out).exit_code == 0 and out.read_text() == first.stdout
    assert run("check", out).exit_code == 0
    data = json.loads(run("random", "--seed", "3", "--json").stdout)
    assert data["record"] == first.stdout and data["seed"] == 3
    unseeded = run("random")
    assert unseeded.exit_code == 0 and unseeded.stderr.startswith("seed: ")


# --- show ---------------------------------------------------------------------------------------

SQUARE = 32.0
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def boards_of(pdf: Path):
    """The boards' grid lines, read back: the horizontal lines a whole board wide and the left edge."""
    with open_pdf(pdf) as doc:
        (page,) = doc.pages
        size = (page.width * MM, page.height * MM)
        lines = [(l["x0"] * MM, l["top"] * MM, l["x1"] * MM, l["bottom"] * MM) for l in page.lines if l["linewidth"] * MM >= 0.49]
        text = page.extract_text()
    across = sorted({round(l[1], 3) for l in lines if abs(l[1] - l[3]) < 0.01 and abs((l[2] - l[0]) - 6 * SQUARE) < 0.1})
    left = min(l[0] for l in lines)
    return size, across, left, text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_show_draws_both_boards_at_true_size_on_the_paper_asked(tmp_path, paper):
    out = tmp_path / "pos.pdf"
    result = run("show", EXAMPLE, "--turn", "9", "--paper", paper, "-o", out)
    assert result.exit_code == 0, result.output
    size, across, left, text = boards_of(out)
    assert size == pytest.approx(PAPERS[paper], abs=0.1)
    assert len(across) == 3 + 4  # a board of 2 rows and one of 3
    movement, scoring = across[:3], across[3:]
    assert [b - a for a, b in zip(movement, movement[1:])] == pytest.approx([SQUARE] * 2, abs=0.05)
    assert [b - a for a, b in zip(scoring, scoring[1:])] == pytest.approx([SQUARE] * 3, abs=0.05)
    assert left == pytest.approx((PAPERS[paper][0] - 6 * SQUARE) / 2, abs=0.3)
    assert min(ink_margins(out)) >= 5.0
    assert "after turn 9" in text and "Turn 9: player 1 moved the" in text


def pdf_geometry(pdf: Path):
    (figure,) = figures_in(pdf)
    return figure


def test_show_draws_every_pyramid_with_its_pips_and_the_arrow_clear_of_them(tmp_path):
    game = played(*example_lines()[: 4 + 9])
    out = tmp_path / "pos.pdf"
    assert run("show", EXAMPLE, "--turn", "9", "-o", out).exit_code == 0
    figure = pdf_geometry(out)
    _, across, left, _ = boards_of(out)
    pips = figure.circles(largest=1.5)
    on_boards = [p for stacks in (game.pos.movement.values(), game.pos.scoring.values()) for stack in stacks for p in stack]
    assert len(pips) == sum(p.pips for p in on_boards)  # each pyramid drawn with its pips
    (arrow,) = figure.arrows()
    assert min(arrow.clearance_to_circle(c, r) for c, r in pips) >= 0.5
    assert min(arrow.clearance_to_box(g.box) for g in figure.glyphs) >= 0.5  # numerals and words too
    triangles = [o for o in figure.outlines if o.fill and len(o.corners) == 3 and o.corners != list(arrow.head)]
    assert len(triangles) == len(on_boards) and min(arrow.clearance_to_box(t.box) for t in triangles) >= 0.5
    # The arrow runs along the route, space by space, from the start's lane point to the end's.
    move = game.last
    lane = [(left + (c + 1) * SQUARE - LANE, across[0] + r * SQUARE + LANE) for r, c in move.route]
    tip = max(arrow.head, key=lambda p: math.dist(p, arrow.shaft[-2]))
    assert arrow.shaft[0] == pytest.approx(lane[0], abs=0.05) and tip == pytest.approx(lane[-1], abs=0.05)
    for p, q in zip(arrow.shaft[1:-1], lane[1:-1]):
        assert p == pytest.approx(q, abs=0.05)


def test_show_frames_the_space_the_capture_went_to(tmp_path):
    out = tmp_path / "pos.pdf"
    assert run("show", EXAMPLE, "--turn", "17", "-o", out).exit_code == 0  # the yellow large onto d1
    _, across, left, _ = boards_of(out)
    with open_pdf(out) as doc:
        frames = [r for r in doc.pages[0].rects if r.get("stroke") and not r.get("fill") and r["linewidth"] * MM > 0.7]
    ((x, top),) = [(r["x0"] * MM, r["top"] * MM) for r in frames]
    assert ((x - left) // SQUARE, (top - across[3]) // SQUARE) == (3, 0)  # d1 of the scoring board


def test_show_at_turn_0_and_as_svg(tmp_path):
    out = tmp_path / "start.svg"
    result = run("show", EXAMPLE, "--turn", "0", "-o", out, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["turn"] == 0
    svg = out.read_text()
    assert 'width="210mm"' in svg and "after the colour picks" in svg and "path" in svg
    pdf = tmp_path / "start.pdf"
    assert run("show", EXAMPLE, "--turn", "0", "-o", pdf).exit_code == 0
    assert pdf_geometry(pdf).arrows() == []


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["--turn", "21"], 2, "has only 20 turns"),
        (["-o", "pos.png"], 2, "write a .pdf or an .svg file"),
        (["--paper", "a3"], 2, "a3"),
    ],
)
def test_show_refuses_bad_requests(tmp_path, monkeypatch, args, code, words):
    monkeypatch.chdir(tmp_path)
    result = run("show", EXAMPLE, *args)
    assert result.exit_code == code and words in result.output
    assert list(tmp_path.iterdir()) == []


def test_the_rule_sheet_states_the_readings(tmp_path):
    result = runner.invoke(app, ["build", "paint-the-line", "--out", str(tmp_path), "-q", "--format", "pdf"])
    assert result.exit_code == 0, result.output
    with open_pdf(tmp_path / "paint-the-line-rules.pdf") as doc:
        (page,) = doc.pages  # still one sheet
        halves = [page.crop((0, 0, page.width / 2, page.height)), page.crop((page.width / 2, 0, page.width, page.height))]
        text = " ".join(half.extract_text() for half in halves).replace("\n", " ")  # column by column
    assert "pnp's readings." in text and "picked 1, 2, 1, 2 and player 1 moves first" in text
    assert "A picked small leaves the game" in text and "crosses only empty spaces" in text and "no allowed place cannot be made" in text


# --- moves at the edges of the boards, the pick order, the end of a game -----------------------------


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
