"""Paint the Line: the `.board` format, the finished-board rules, scoring, and `pnp paint-the-line score`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.paint_the_line.engine import (
    BLOCKED,
    COLOURS,
    COLS,
    LETTERS,
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
from pnp.games.paint_the_line.files import load_board, parse_board

EXAMPLE_FILE = Path(__file__).resolve().parents[2] / "decks" / "paint-the-line" / "example.board"
HEAD = "player 1: red green\nplayer 2: yellow blue\n"
# The rules' scoring example (tops as the rules describe them; a few stacks below).
EXAMPLE = (
    HEAD
    + """\
R1     R3  G2     B1  B1  B3/G1
Y2     x   G2     B2  x   B2/Y1
R2/Y3  G1  G3/R3  B3  G3  B2
"""
)
EMPTY_ROWS = [".  .  .  .  .  .", ".  x  .  .  x  .", ".  .  .  .  .  ."]


def board_of(text: str) -> Board:
    board, diagnostics = parse_board(text)
    assert diagnostics == []
    return board


def rows(*lines: str) -> str:
    return HEAD + "\n".join(lines) + "\n"


def where(diagnostics) -> list[tuple[str, int | None, int | None]]:
    return [(d.code, d.line, d.column) for d in diagnostics]


def points_by_colour(board: Board) -> dict[str, int]:
    return {c.colour: c.points for c in score(board).colours}


# --- scoring -------------------------------------------------------------------


def test_the_rules_example_scores_24_to_41():
    result = score(board_of(EXAMPLE))
    assert points_by_colour(board_of(EXAMPLE)) == {"red": 11, "green": 13, "yellow": 11, "blue": 30}
    assert [(p.player, p.colours, p.score, p.largest_group) for p in result.players] == [
        (1, ("red", "green"), 24, 2),
        (2, ("yellow", "blue"), 41, 4),
    ]
    assert result.winner == 2
    blue = result.colours[3]
    assert [(g.cells, sum(g.pips), g.size, g.points) for g in blue.groups] == [
        (((0, 3), (0, 4), (1, 3), (2, 3)), 7, 4, 28),  # 4 pyramids x 7 pips
        (((2, 5),), 2, 1, 2),
    ]


def test_example_file_is_the_rules_example():
    assert load_board(EXAMPLE_FILE.read_bytes()) == (board_of(EXAMPLE), [])


def test_diagonals_do_not_join():
    board = board_of(rows("R1 .  .  .  .  .", ".  x  R2 .  x  .", ".  R3 .  .  .  ."))
    assert [(g.cells, g.points) for g in groups(board)] == [(((0, 0),), 1), (((1, 2),), 2), (((2, 1),), 3)]


def test_blocked_and_empty_spaces_break_groups():
    blocked = board_of(rows(EMPTY_ROWS[0], "R1 x  R1 .  x  .", EMPTY_ROWS[2]))
    assert [g.size for g in groups(blocked)] == [1, 1]
    assert points_by_colour(blocked)["red"] == 2
    gap = board_of(rows("R1 .  R1 .  .  .", *EMPTY_ROWS[1:]))
    assert points_by_colour(gap)["red"] == 2
    joined = board_of(rows("R1 R1 .  .  .  .", *EMPTY_ROWS[1:]))
    assert points_by_colour(joined)["red"] == 4  # (1 + 1) x 2


def test_groups_follow_every_orthogonal_path():
    # An L through the board's corner: four reds, 2+3+1+1 pips, worth 7 x 4.
    board = board_of(rows("R2 R3 .  .  .  .", "R1 x  .  .  x  .", "R1 .  .  .  .  ."))
    (group,) = groups(board)
    assert (group.cells, group.points) == (((0, 0), (0, 1), (1, 0), (2, 0)), 28)


def test_a_lone_pyramid_scores_its_pips():
    for pips in (1, 2, 3):
        board = board_of(rows(f".  .  G{pips} .  .  .", *EMPTY_ROWS[1:]))
        assert points_by_colour(board) == {"red": 0, "green": pips, "yellow": 0, "blue": 0}


FULL = [
    "Y1 B1 Y2 B2 Y3 {}",
    "B3 x  B1 Y1 x  B2",
    "Y2 B3 Y3 B1 Y1 B2",
]


def test_only_the_top_of_a_stack_counts():
    red_on_top = board_of(rows(FULL[0].format("G1/R3"), *FULL[1:]))
    green_on_top = board_of(rows(FULL[0].format("R3/G1"), *FULL[1:]))
    assert points_by_colour(red_on_top) == {"red": 3, "green": 0, "yellow": 13, "blue": 19}
    assert points_by_colour(green_on_top) == {"red": 0, "green": 1, "yellow": 13, "blue": 19}
    # A blue large on top joins the two blue mediums below it: (3+2+2) x 3 instead of (2+2) x 2.
    blue_on_top = board_of(rows(FULL[0].format("G1/B3"), *FULL[1:]))
    assert points_by_colour(blue_on_top) == {"red": 0, "green": 0, "yellow": 13, "blue": 19 - 8 + 21}
    # Underneath, the same blue joins nothing.
    blue_below = board_of(rows(FULL[0].format("B3/G1"), *FULL[1:]))
    assert points_by_colour(blue_below) == {"red": 0, "green": 1, "yellow": 13, "blue": 19}


def test_equal_totals_go_to_the_larger_group():
    # Red (1+1) x 2 = 4 against yellow 3 + 1 = 4: red's group of two beats yellow's singles.
    result = score(board_of(rows("R1 R1 .  Y3 .  Y1", *EMPTY_ROWS[1:])))
    assert [(p.score, p.largest_group) for p in result.players] == [(4, 2), (4, 1)]
    assert result.winner == 1
    swapped = score(board_of(rows("Y1 Y1 .  R3 .  R1", *EMPTY_ROWS[1:])))
    assert swapped.winner == 2


def test_equal_totals_and_groups_is_a_draw():
    result = score(board_of(rows("R3 .  .  .  .  Y3", *EMPTY_ROWS[1:])))
    assert [(p.score, p.largest_group) for p in result.players] == [(3, 1), (3, 1)]
    assert result.winner is None
    empty = score(board_of(rows(*EMPTY_ROWS)))
    assert [(p.score, p.largest_group) for p in empty.players] == [(0, 0), (0, 0)]
    assert empty.winner is None


def test_more_points_beat_a_larger_group():
    # Yellow's group of two scores (1+1) x 2 = 4; red's lone large and medium score 5.
    result = score(board_of(rows("R3 .  R2 .  Y1 Y1", *EMPTY_ROWS[1:])))
    assert [(p.score, p.largest_group) for p in result.players] == [(5, 1), (4, 2)]
    assert result.winner == 1


# --- the .board format ---------------------------------------------------------


def test_format_accepts_comments_case_crlf_bom_and_either_player_order():
    text = (
        "\ufeff# a game\r\n\r\nPLAYER 2 : Yellow BLUE  # second first\r\nplayer1:red green\r\n"
        "r1 r3 g2 b1 b1 b3/g1\r\n\tY2 X G2 B2 X B2/Y1\r\nR2/Y3 G1 G3/R3 B3 G3 B2 # last row\r\n"
    )
    assert load_board(text.encode()) == (board_of(EXAMPLE), [])


def test_board_holds_stacks_bottom_first():
    board = board_of(EXAMPLE)
    assert board.players == (("red", "green"), ("yellow", "blue"))
    assert board.rows[0][5] == (Pyramid("blue", 3), Pyramid("green", 1))
    assert board.rows[1][1] == board.rows[1][4] == ()
    assert str(board.rows[2][0][1]) == "Y3"


EX = EXAMPLE.splitlines()


def edit(line: int, old: str, new: str) -> str:
    """EXAMPLE with one change on one line (1-based)."""
    lines = list(EX)
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "text, expected",
    [
        # players
        ("\n".join(EX[1:]), [("missing-player", 2, 1)]),
        ("\n".join(EX[:1] + EX[2:]), [("missing-player", 2, 1)]),
        ("\n".join(EX[:2] + ["player 1: red green"] + EX[2:]), [("duplicate-player", 3, 1)]),
        (edit(1, "red", "rad"), [("unknown-colour", 1, 11)]),
        (edit(1, "green", "green orange"), [("player-colours", 1, 21)]),
        (edit(1, " green", ""), [("player-colours", 1, 14)]),
        (edit(2, "blue", "red"), [("shared-colour", 2, 18)]),
        (edit(1, "green", "red"), [("shared-colour", 1, 15)]),
        (edit(1, "player 1", "player 3"), [("bad-player", 1, 1)]),
        (edit(1, "player 1:", "player 1"), [("bad-player", 1, 1)]),
        ("\n".join(EX[1:] + EX[:1]), [("misplaced-player", 5, 1)]),
        # pyramids
        (edit(5, "G1", "P1"), [("not-in-play", 5, 8)]),
        (edit(5, "G1", "G4"), [("bad-pips", 5, 9)]),
        (edit(5, "G1", "G0"), [("bad-pips", 5, 9)]),
        (edit(5, "G1", "G" + "9" * 5000), [("bad-pips", 5, 9)]),  # too many digits for int()
        (edit(5, "G1", "Z1"), [("unknown-colour", 5, 8)]),
        (edit(5, "G3/R3", "G3/Q0"), [("unknown-colour", 5, 15), ("bad-pips", 5, 16)]),
        (edit(5, "G1", "1G"), [("bad-space", 5, 8)]),
        (edit(5, "G1", "green1"), [("bad-space", 5, 8)]),
        (edit(5, "G3/R3", "G3//R3"), [("bad-space", 5, 12)]),
        (edit(5, "G3/R3", "G3/"), [("bad-space", 5, 12)]),
        # shape
        (edit(5, "G1  ", ""), [("too-few-columns", 5, 25)]),
        (edit(5, "B2", "B2 ."), [("too-many-columns", 5, 30)]),
        ("\n".join(EX[:4]), [("too-few-rows", 4, 32)]),
        (EXAMPLE + ".  .  .  .  .  .\n", [("too-many-rows", 6, 1)]),
        (HEAD, [("empty-board", 3, 1)]),
        ("", [("missing-player", 1, 1), ("missing-player", 1, 1), ("empty-board", 1, 1)]),
        # blocked spaces
        (edit(4, "x", "."), [("blocked-space", 4, 8)]),
        (edit(4, "x   B2/Y1", "Y1  B2/Y1"), [("blocked-space", 4, 23)]),
        (edit(3, "R1", "x "), [("misplaced-block", 3, 1)]),
        # stacks
        (edit(3, "B3/G1", "B3/G1/B1"), [("stack-too-tall", 3, 33)]),
        (edit(3, "B3/G1", "B3/B1"), [("same-colour", 3, 30)]),
        (edit(5, "G1", "."), [("early-stack", 3, 30), ("early-stack", 4, 30), ("early-stack", 5, 4), ("early-stack", 5, 14)]),
        # the stash: 3 trios a colour, so a fourth B2 cannot exist
        (edit(3, "B1  B3", "B2  B3"), [("too-many", 5, 27)]),
    ],
)
def test_errors_are_located(text, expected):
    board, diagnostics = parse_board(text)
    assert board is None
    assert where(diagnostics) == expected
    assert all(d.severity == "error" for d in diagnostics)


@pytest.mark.parametrize(
    "text, message",
    [
        (edit(1, "red", "rad"), "unknown colour 'rad'; did you mean red?"),
        (edit(1, "red", "mauve"), "unknown colour 'mauve'; the colours are red, orange, yellow, green, blue, purple, black, white, cyan, pink"),
        (edit(5, "G1", "P1"), "P1 is purple, which no player chose; the colours in play are red, green, yellow and blue"),
        (edit(5, "G1", "G4"), "'4' pips: a pyramid has 1 (small), 2 (medium) or 3 (large)"),
        (edit(5, "G1", "Z1"), "'Z' is not a colour letter; the letters are R O Y G B P K W C N (K black, N pink)"),
        (edit(3, "B3/G1", "B3/B1"), "B1 sits on B3: a pyramid never goes on one of its own colour"),
        (edit(3, "B1  B3", "B2  B3"), "4 blue medium pyramids (B2) on the board; the game has only 3"),
        (edit(2, "blue", "red"), "red is already player 1's (line 1); the four colours in play must differ"),
        (edit(5, "G1", "."), "stacked while row 3, space 2 is empty; stack only once every open space holds a pyramid"),
        (edit(4, "x", "."), "an empty blocked space: the 2nd space of the middle row is blocked, write x"),
        ("\n".join(EX[:2] + ["player 1: red green"] + EX[2:]), "player 1 is given twice (first on line 1)"),
    ],
)
def test_messages_say_what_is_wrong_and_what_is_right(text, message):
    _, diagnostics = parse_board(text)
    assert [d.message for d in diagnostics][:1] == [message]


@pytest.mark.parametrize(
    "data, expected",
    [
        (HEAD.encode() + b"R1 \xff", ("not-utf8", 3, 4)),
        (b"player\x00", ("binary", 1, 7)),
        (b"#" * (1024 * 1024 + 1), ("too-large", 1, 1)),
    ],
)
def test_unreadable_content_is_located(data, expected):
    board, diagnostics = load_board(data)
    assert board is None
    assert where(diagnostics) == [expected]


# --- properties ------------------------------------------------------------------


@given(st.text())
def test_arbitrary_text_never_raises(text):
    board, diagnostics = parse_board(text)
    assert (board is None) == bool(diagnostics)


@given(st.binary())
def test_arbitrary_bytes_never_raise(data):
    board, diagnostics = load_board(data)
    assert (board is None) == bool(diagnostics)
    assert all(d.line and d.column for d in diagnostics)


NEAR_MISSES = ["player", " 1", " 2", ":", " red", " blue", " green", " yellow", " rad", "R3", "g1", "Y2/B3", "/", "x", ".", "P9", " ", "\n", "#", "\t"]


@given(st.lists(st.sampled_from(NEAR_MISSES)))
def test_near_miss_text_never_raises(parts):
    board, diagnostics = parse_board("".join(parts))
    assert (board is None) == bool(diagnostics)
    assert all(d.line and d.column for d in diagnostics)


@st.composite
def legal_boards(draw) -> tuple[tuple[str, ...], dict]:
    """Four colours and a board the rules allow: stacks only on a full board, never same on same."""
    colours = tuple(draw(st.permutations(COLOURS))[:4])
    stash = draw(st.permutations([Pyramid(c, pips) for c in colours for pips in (1, 2, 3) for _ in range(3)]))
    full = draw(st.booleans())
    filled = set(OPEN) if full else draw(st.sets(st.sampled_from(OPEN)))
    spaces = {cell: (stash.pop(),) if cell in filled else () for cell in OPEN}
    if full:
        for cell in OPEN:
            if stash and stash[-1].colour != spaces[cell][0].colour and draw(st.booleans()):
                spaces[cell] += (stash.pop(),)
    return colours, spaces


def board_text(colours: tuple[str, ...], spaces: dict) -> str:
    lines = [f"player 1: {colours[0]} {colours[1]}", f"player 2: {colours[2]} {colours[3]}"]
    for r in range(3):
        cells = ["x" if (r, c) in BLOCKED else "/".join(map(str, spaces[(r, c)])) or "." for c in range(6)]
        lines.append(" ".join(cells))
    return "\n".join(lines) + "\n"


@given(legal_boards())
def test_legal_boards_read_back_and_score_by_the_rules(drawn):
    colours, spaces = drawn
    board = board_of(board_text(colours, spaces))
    assert board.rows == tuple(tuple(spaces.get((r, c), ()) for c in range(6)) for r in range(3))
    tops = {cell: stack[-1] for cell, stack in spaces.items() if stack}
    found = groups(board)
    # Every top is in exactly one group, each group one colour and joined edge to edge.
    assert sorted(cell for g in found for cell in g.cells) == sorted(tops)
    for g in found:
        assert {tops[cell].colour for cell in g.cells} == {g.colour}
        assert g.points == sum(tops[cell].pips for cell in g.cells) * len(g.cells)
        if g.size > 1:
            assert all(any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for b in g.cells) for a in g.cells)
    # Groups are maximal: no two of a colour touch.
    for g in found:
        for h in found:
            if g is not h and g.colour == h.colour:
                assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) > 1 for a in g.cells for b in h.cells)
    result = score(board)
    assert sum(p.score for p in result.players) == sum(g.points for g in found)
    one, two = result.players
    expected = (
        None
        if (one.score, one.largest_group) == (two.score, two.largest_group)
        else 1
        if (one.score, one.largest_group) > (two.score, two.largest_group)
        else 2
    )
    assert result.winner == expected


def test_every_colour_has_its_own_letter():
    assert len(set(LETTERS.values())) == len(COLOURS) == 10
    assert (LETTERS["black"], LETTERS["pink"]) == ("K", "N")


# --- the CLI ------------------------------------------------------------------------

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, ["paint-the-line", *args])


def test_cli_scores_the_example():
    result = invoke("score", str(EXAMPLE_FILE))
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "red: 11 = (1+3)x2 + 3x1\n"
        "green: 13 = (2+2)x2 + 1x1 + 1x1 + 3x1\n"
        "yellow: 11 = (2+3)x2 + 1x1\n"
        "blue: 30 = (1+1+2+3)x4 + 2x1\n"
        "player 1 (red and green): 24, largest group 2\n"
        "player 2 (yellow and blue): 41, largest group 4\n"
        "player 2 wins, 41 to 24\n"
    )


@pytest.mark.parametrize(
    "first_row, verdict",
    [
        ("R1 R1 .  Y3 .  Y1", "tied at 4; player 1 wins with the larger group, 2 pyramids to 1"),
        ("R3 .  .  .  .  Y3", "a draw: 3 each, and both largest groups have 1 pyramid"),
    ],
)
def test_cli_explains_the_tie_break(tmp_path, first_row, verdict):
    path = tmp_path / "tie.board"
    path.write_text(rows(first_row, *EMPTY_ROWS[1:]))
    result = invoke("score", str(path))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == verdict
    assert "green: 0, no pyramid on top\n" in result.stdout


def test_cli_json_schema():
    result = invoke("score", "--json", str(EXAMPLE_FILE))
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data) == ["schema", "command", "file", "valid", "diagnostics", "players", "colours", "winner", "finished", "turns"]
    assert (data["schema"], data["command"]) == ("pnp/1", "paint-the-line score")
    assert (data["file"], data["valid"], data["winner"], data["diagnostics"]) == (str(EXAMPLE_FILE), True, 2, [])
    assert (data["finished"], data["turns"]) == (True, None)  # a board is a finished game; it counts no turns
    assert data["players"] == [
        {"player": 1, "colours": ["red", "green"], "score": 24, "largest_group": 2},
        {"player": 2, "colours": ["yellow", "blue"], "score": 41, "largest_group": 4},
    ]
    assert list(data["colours"]) == ["red", "green", "yellow", "blue"]
    assert data["colours"]["red"] == {
        "score": 11,
        "groups": [
            {"cells": [[0, 0], [0, 1]], "pips": 4, "size": 2, "points": 8},
            {"cells": [[2, 2]], "pips": 3, "size": 1, "points": 3},
        ],
    }
    for colour in data["colours"].values():
        assert [g["cells"][0] for g in colour["groups"]] == sorted(g["cells"][0] for g in colour["groups"])
        assert all(g["cells"] == sorted(g["cells"]) for g in colour["groups"])
        assert colour["score"] == sum(g["points"] for g in colour["groups"])


def test_cli_invalid_file_exits_1_with_located_diagnostics(tmp_path):
    path = tmp_path / "bad.board"
    path.write_text(edit(5, "G1", "G4"))
    result = invoke("score", str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == f"{path}:5:9: error: '4' pips: a pyramid has 1 (small), 2 (medium) or 3 (large)\n{path}: invalid board, not scored (1 error)\n"

    result = invoke("score", "--json", str(path))
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data == {
        "schema": "pnp/1",
        "command": "paint-the-line score",
        "file": str(path),
        "valid": False,
        "diagnostics": [{"severity": "error", "code": "bad-pips", "message": data["diagnostics"][0]["message"], "line": 5, "column": 9}],
        "players": None,
        "colours": None,
        "winner": None,
        "finished": None,
        "turns": None,
    }


def test_cli_binary_file_exits_1(tmp_path):
    path = tmp_path / "bin.board"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    result = invoke("score", str(path))
    assert result.exit_code == 1
    assert "not UTF-8 text" in result.stderr
    assert "Traceback" not in result.output


def test_cli_usage_errors_exit_2(tmp_path):
    missing = invoke("score", str(tmp_path / "nope.board"))
    assert missing.exit_code == 2
    assert "no such file" in missing.stderr
    assert invoke("score").exit_code == 2
    assert invoke("score", str(tmp_path)).exit_code == 2
    assert invoke("score", "--colour", str(EXAMPLE_FILE)).exit_code == 2


def test_cli_help_credits_the_designer():
    assert "Robert Dudley" in invoke("--help").stdout


# --- groups reached only upward or leftward, spaces and pieces by name -------------------------------


def board_of_rows(*lines: str) -> Board:
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
    board = board_of_rows(
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
    board = board_of_rows(
        ".  .  B1 .  .  .",
        ".  x  B2 .  x  .",
        "B3 B1 B2 .  .  .",
    )
    (group,) = groups(board)
    assert (group.cells, group.points) == (((0, 2), (1, 2), (2, 0), (2, 1), (2, 2)), 9 * 5)
    assert score(board).players[1].largest_group == 5


def test_an_upside_down_u_is_one_group_and_its_inside_is_not():
    # Reached only by steps down and to the left from the top row's first yellow (d1).
    board = board_of_rows(
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
