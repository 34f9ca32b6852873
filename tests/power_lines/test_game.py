"""Power Lines for piecepack: grid and record formats, scoring, and the `pnp power-lines` CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.contract.records import record_commands
from pnp.games.power_lines_piecepack import GAME
from pnp.games.power_lines_piecepack.cli import load
from pnp.games.power_lines_piecepack.engine import score, score_line
from pnp.games.power_lines_piecepack.files import TILES, Grid, parse_grid, parse_record, placement_problem
from pnp.piecepack.model import Piece

EXAMPLES = Path(__file__).resolve().parents[2] / "decks" / "power-lines"
EXAMPLE_GRID = """\
3S 3M 5C 2A
4M 4S 2S 4C
5M 2M 5S 3A
2C 4A 3C 5A
"""


def tiles(text: str) -> tuple[Piece, ...]:
    return tuple(Piece.parse(t) for t in text.split())


def grid_of(text: str) -> Grid:
    grid, diagnostics = parse_grid(text)
    assert diagnostics == []
    return grid


def where(diagnostics) -> list[tuple[str, int | None, int | None]]:
    return [(d.code, d.line, d.column) for d in diagnostics]


# --- scoring -----------------------------------------------------------------


@pytest.mark.parametrize(
    "line, suit, value, side, points",
    [
        ("2S 3S 4S 5S", 4, 1, "suits", 4),  # one suit all along
        ("2S 2M 3C 3A", 1, 2, "values", 2),  # two pairs of values: 2, not 4
        ("2S 3S 4M 5M", 2, 1, "suits", 2),  # two pairs of suits: 2, not 4
        ("2S 3M 4C 5A", 1, 1, "none", 0),  # nothing matches: a tie
        ("2S 2M 3S 4C", 2, 2, "none", 0),  # a pair each: a tie
        ("2S 2M 2C 3S", 2, 3, "values", 3),  # three of a value beat two of a suit
        ("2S 3S 4S 2M", 3, 2, "suits", 3),  # three of a suit beat two of a value
    ],
)
def test_score_line(line, suit, value, side, points):
    scored = score_line("row 1", tiles(line))
    assert (scored.suit_match, scored.value_match, scored.scores_for, scored.points) == (suit, value, side, points)


def test_score_hand_computed_grid():
    result = score(grid_of(EXAMPLE_GRID))
    assert [(line.name, line.scores_for, line.points) for line in result.lines] == [
        ("row 1", "values", 2),  # 3S 3M 5C 2A
        ("row 2", "values", 3),  # 4M 4S 2S 4C
        ("row 3", "none", 0),  # 5M 2M 5S 3A: a pair of moons against a pair of 5s
        ("row 4", "suits", 2),  # 2C 4A 3C 5A: two pairs of suits
        ("column 1", "suits", 2),
        ("column 2", "none", 0),
        ("column 3", "none", 0),
        ("column 4", "suits", 3),  # 2A 4C 3A 5A
        ("diagonal \\", "suits", 3),  # 3S 4S 5S 5A
        ("diagonal /", "values", 4),  # 2C 2M 2S 2A
    ]
    assert (result.suits, result.values, result.winner) == (10, 9, "suits")


def test_score_no_matches_anywhere_is_a_tie():
    # Latin-square grid: rows and columns never repeat a suit or value,
    # and both diagonals do not either.
    grid = grid_of("2S 3M 4C 5A\n4A 5C 2M 3S\n5M 4S 3A 2C\n3C 2A 5S 4M\n")
    result = score(grid)
    assert all(line.points == 0 for line in result.lines)
    assert (result.suits, result.values, result.winner) == (0, 0, "tie")


# --- the .grid format --------------------------------------------------------


def test_grid_accepts_comments_blank_lines_any_case_and_crlf():
    text = "\ufeff# header\r\n\r\n3s 3m 5c 2a  # first row\r\n4M 4S 2S 4C\r\n5M 2M 5S 3A\r\n\t2C 4A 3C 5A\r\n"
    assert load("x.grid", text.encode()) == (grid_of(EXAMPLE_GRID), [])


def test_grid_round_trips_through_str():
    grid = grid_of(EXAMPLE_GRID)
    assert str(grid) == EXAMPLE_GRID
    assert grid.rows[0][0] == Piece.parse("3S")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", [("empty-grid", 1, 1)]),
        ("# only a comment\n", [("empty-grid", 2, 1)]),
        (EXAMPLE_GRID.replace("5C", "7S"), [("bad-tile", 1, 7), ("missing-tile", None, None)]),
        (EXAMPLE_GRID.replace("4C", "XX"), [("bad-tile", 2, 10), ("missing-tile", None, None)]),
        (EXAMPLE_GRID.replace("3A", "nS"), [("unused-tile", 3, 10), ("missing-tile", None, None)]),
        (EXAMPLE_GRID.replace("3A", "aS"), [("unused-tile", 3, 10), ("missing-tile", None, None)]),
        (EXAMPLE_GRID.replace("2A", "2A 2A"), [("too-many-columns", 1, 13), ("duplicate-tile", 1, 13)]),
        (EXAMPLE_GRID.replace("4C\n", "\n"), [("too-few-columns", 2, 9), ("missing-tile", None, None)]),
        (EXAMPLE_GRID + "3S\n", [("too-many-rows", 5, 1), ("duplicate-tile", 5, 1)]),
        ("\n".join(EXAMPLE_GRID.splitlines()[:3]), [("too-few-rows", 3, 12), ("missing-tile", None, None)]),
        (EXAMPLE_GRID.replace("4C", "3s"), [("duplicate-tile", 2, 10), ("missing-tile", None, None)]),
    ],
)
def test_grid_errors_are_located(text, expected):
    grid, diagnostics = parse_grid(text)
    assert grid is None
    assert where(diagnostics) == expected
    assert all(d.severity == "error" for d in diagnostics)


def test_grid_messages_name_the_problem():
    _, diagnostics = parse_grid(EXAMPLE_GRID.replace("4C", "3S"))
    assert [d.format("g.grid") for d in diagnostics] == [
        "g.grid:2:10: error: 3S is used again (first at line 1, column 1); each tile is used once",
        "g.grid:1:1: error: missing tile: 4C",
    ]


@pytest.mark.parametrize(
    "data, expected",
    [
        (b"3S 3M \xff", ("not-utf8", 1, 7)),
        (b"3S\x00", ("binary", 1, 3)),
        (b"#" * (1024 * 1024 + 1), ("too-large", 1, 1)),
    ],
)
def test_unreadable_content_is_located(data, expected):
    grid, diagnostics = load("x.grid", data)
    assert grid is None
    assert where(diagnostics) == [expected]


# --- the .record format ------------------------------------------------------

EXAMPLE_RECORD = (EXAMPLES / "example.record").read_text()


def record(*placements: str) -> str:
    return "".join(p + "\n" for p in placements)


def test_record_determines_the_grid():
    assert parse_record(EXAMPLE_RECORD) == (grid_of(EXAMPLE_GRID), [])


def test_example_files_agree():
    assert load("example.grid", (EXAMPLES / "example.grid").read_bytes()) == (grid_of(EXAMPLE_GRID), [])


@pytest.mark.parametrize(
    "board, spot, code",
    [
        ({}, (5, 5), None),
        ({(0, 0): "2S"}, (0, 0), "occupied"),
        ({(0, 0): "2S"}, (1, 1), "not-adjacent"),  # diagonal contact does not count
        ({(0, 0): "2S"}, (0, -1), None),
        ({(c, 0): "2S" for c in range(4)}, (4, 0), "too-wide"),
        ({(c, 0): "2S" for c in range(4)}, (-1, 0), "too-wide"),
        ({(0, r): "2S" for r in range(4)}, (0, 4), "too-tall"),
        ({(0, r): "2S" for r in range(4)}, (1, 3), None),
    ],
)
def test_placement_rule(board, spot, code):
    problem = placement_problem(board, spot)
    assert (problem[0] if problem else None) == code


def test_record_breaches_are_located():
    lines = EXAMPLE_RECORD.splitlines()
    first = lines.index("4S @ 0,0")
    bad = lines[: first + 1] + [
        "2S @ 0,0",  # occupied (and 2S, which belongs at 1,0, is later played again)
        "2S @ 1,0",
        "2M @ 3,0",  # touches nothing
        "2M @ 0,1",  # 2M again
        "5S @ 2,0",
        "4M @ 3,0",
        "4C @ -1,0",  # a fifth column
    ]
    _, diagnostics = parse_record("\n".join(bad) + "\n")
    n = first + 2
    assert where(diagnostics) == [
        ("occupied", n, 6),
        ("duplicate-tile", n + 1, 1),
        ("not-adjacent", n + 2, 6),
        ("duplicate-tile", n + 3, 1),
        ("too-wide", n + 6, 6),
        ("wrong-total", None, None),
        ("missing-tile", None, None),
    ]


def test_record_too_tall():
    _, diagnostics = parse_record(record("2S @ 0,0", "3S @ 0,1", "4S @ 0,2", "5S @ 0,3", "2M @ 0,-1"))
    assert where(diagnostics)[0] == ("too-tall", 5, 6)


def test_partial_record_cannot_be_scored():
    partial = record("2S @ 0,0", "3S @ 1,0", "4S @ -1,0")
    grid, diagnostics = parse_record(partial)
    assert grid is None
    assert [d.format("r") for d in diagnostics] == [
        "r:1:1: error: 3 tiles given; Power Lines uses exactly 16",
        "r:1:1: error: missing tiles: 5S, 2M, 3M, 4M, 5M, 2C, 3C, 4C, 5C, 2A, 3A, 4A, 5A",
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", [("empty-record", 1, 1)]),
        ("# nothing yet\n\n", [("empty-record", 3, 1)]),
        ("  3S at 0,0\n", [("bad-placement", 1, 3)]),
        ("3S @ 0\n", [("bad-placement", 1, 1)]),
        ("7S @ 0,0\n", [("bad-tile", 1, 1)]),
        ("nS @ 0,0\n", [("unused-tile", 1, 1)]),
        ("3S @ 1,0\n", [("first-not-origin", 1, 6)]),
        ("3S @ " + "9" * 5000 + ",0\n", [("bad-placement", 1, 1)]),  # too many digits for int()
    ],
)
def test_record_format_errors(text, expected):
    grid, diagnostics = parse_record(text)
    assert grid is None
    assert where(diagnostics)[: len(expected)] == expected


def test_illegal_move_stays_off_the_board():
    # 3S is rejected, so 4S beside it is judged against 2S alone.
    _, diagnostics = parse_record(record("2S @ 0,0", "3S @ 2,0", "4S @ 3,0"))
    assert [d.code for d in diagnostics if d.line] == ["not-adjacent", "not-adjacent"]


# --- properties --------------------------------------------------------------

grids = st.permutations(TILES).map(lambda ts: Grid(tuple(tuple(ts[r * 4 : r * 4 + 4]) for r in range(4))))


@given(st.text())
def test_arbitrary_text_never_raises(text):
    for parse in (parse_grid, parse_record):
        grid, diagnostics = parse(text)
        assert (grid is None) == bool(diagnostics)


@given(st.binary(), st.sampled_from(["a.grid", "a.record", "a.txt"]))
def test_arbitrary_bytes_never_raise(data, name):
    grid, diagnostics = load(name, data)
    assert all(d.line and d.column for d in diagnostics if d.code in ("not-utf8", "binary", "too-large"))


@given(st.lists(st.sampled_from(["3S", "5m", "2c", "4A", "nS", "7S", "@", "0,0", "-1", ",", "#", " ", "\n", "\t"])))
def test_near_miss_text_gets_a_grid_or_located_findings(parts):
    text = "".join(parts)
    lines = text.split("\n")
    for parse in (parse_grid, parse_record):
        grid, diagnostics = parse(text)
        assert (grid is None) == bool(diagnostics)
        for d in diagnostics:
            # A finding on a line points into that line (or just past its end), never elsewhere.
            if d.line is not None:
                assert 1 <= d.line <= len(lines) and 1 <= d.column <= len(lines[d.line - 1]) + 1


@given(grids)
def test_diagonals_are_read_corner_to_corner(grid):
    by_name = {line.name: line for line in score(grid).lines}
    for name, cells in (("diagonal \\", [(i, i) for i in range(4)]), ("diagonal /", [(3 - i, i) for i in range(4)])):
        expected = score_line(name, tuple(grid.rows[r][c] for r, c in cells))
        assert (by_name[name].suit_match, by_name[name].value_match) == (expected.suit_match, expected.value_match)


@given(grids)
def test_random_grid_scores_follow_the_rules(grid):
    assert parse_grid(str(grid)) == (grid, [])
    result = score(grid)
    assert result.suits + result.values <= 40
    assert len(result.lines) == 10
    for line in result.lines:
        if line.suit_match == line.value_match:
            assert (line.scores_for, line.points) == ("none", 0)
        else:
            assert line.points == max(line.suit_match, line.value_match)
            assert line.scores_for == ("suits" if line.suit_match > line.value_match else "values")


@given(grids, st.data())
def test_any_legal_record_gives_the_same_grid_and_score(grid, data):
    start = data.draw(st.tuples(st.integers(0, 3), st.integers(0, 3)))
    order, played = [start], {start}
    while len(order) < 16:
        # Any empty spot of the final square that touches a played tile is a legal move.
        frontier = sorted(
            (c + dc, r + dr)
            for c, r in played
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= c + dc < 4 and 0 <= r + dr < 4 and (c + dc, r + dr) not in played
        )
        spot = data.draw(st.sampled_from(frontier))
        order.append(spot)
        played.add(spot)
    text = record(*(f"{grid.rows[r][c]} @ {c - start[0]},{r - start[1]}" for c, r in order))
    assert parse_record(text) == (grid, [])
    assert score(parse_record(text)[0]) == score(grid)


# --- the CLI -----------------------------------------------------------------

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(record_commands(GAME), list(args))


def test_cli_scores_grid_and_record_alike():
    by_grid = invoke("score", str(EXAMPLES / "example.grid"))
    by_record = invoke("score", str(EXAMPLES / "example.record"))
    assert by_grid.exit_code == by_record.exit_code == 0
    assert by_grid.stdout == by_record.stdout
    assert "diagonal /      1     4  values +4" in by_grid.stdout
    assert by_grid.stdout.rstrip().endswith("suits 10, values 9: the suits player wins")


def test_cli_json_schema():
    result = invoke("score", "--json", str(EXAMPLES / "example.record"))
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data) == ["schema", "command", "file", "valid", "diagnostics", "suits", "values", "winner", "lines"]
    assert (data["schema"], data["command"], data["file"]) == ("pnp/1", "power-lines score", str(EXAMPLES / "example.record"))
    assert (data["valid"], data["suits"], data["values"], data["winner"], data["diagnostics"]) == (True, 10, 9, "suits", [])
    assert [line["name"] for line in data["lines"]] == [
        *(f"row {i}" for i in range(1, 5)),
        *(f"column {i}" for i in range(1, 5)),
        "diagonal \\",
        "diagonal /",
    ]
    assert data["lines"][-1] == {"name": "diagonal /", "suit_match": 1, "value_match": 4, "scores_for": "values", "points": 4}


def test_cli_invalid_file_exits_1_with_located_diagnostics(tmp_path):
    path = tmp_path / "bad.grid"
    path.write_text(EXAMPLE_GRID.replace("5C", "7S"))
    result = invoke("score", str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert f"{path}:1:7: error: '7S' is not a tile" in result.stderr
    assert "Traceback" not in result.output

    data = json.loads(invoke("score", "--json", str(path)).stdout)
    assert data["valid"] is False
    assert (data["suits"], data["values"], data["winner"], data["lines"]) == (None, None, None, None)  # no result for an invalid file
    assert data["diagnostics"][0] == {"severity": "error", "code": "bad-tile", "message": data["diagnostics"][0]["message"], "line": 1, "column": 7}


def test_cli_partial_record_exits_1(tmp_path):
    path = tmp_path / "game.record"
    path.write_text(record("2S @ 0,0", "3S @ 1,0"))
    result = invoke("score", str(path))
    assert result.exit_code == 1
    assert "2 tiles given; Power Lines uses exactly 16" in result.stderr


def test_cli_sniffs_content_when_extension_is_unknown(tmp_path):
    as_record, as_grid = tmp_path / "game.txt", tmp_path / "game"
    as_record.write_text(EXAMPLE_RECORD)
    as_grid.write_text("# no @ here\n" + EXAMPLE_GRID)
    assert invoke("score", str(as_record)).exit_code == 0
    assert invoke("score", str(as_grid)).exit_code == 0


def test_cli_usage_errors_exit_2(tmp_path):
    missing = invoke("score", str(tmp_path / "nope.grid"))
    assert missing.exit_code == 2
    assert "no such file" in missing.stderr
    assert invoke("score").exit_code == 2
    assert invoke("score", str(tmp_path)).exit_code == 2


def test_cli_help_credits_the_designer():
    assert "David Boyle" in invoke("--help").stdout


def test_root_cli_scores():
    from pnp.commands.cli import app

    result = runner.invoke(app, ["power-lines", "score", str(EXAMPLES / "example.grid")])
    assert result.exit_code == 0, result.output


# --- scoring a line: the bigger of its two biggest groups, ties and totals ---------------------------

# Every row shares one value (4 points each for values); no column repeats a suit or a
# value; diagonal \ has two spades (2 for suits), diagonal / four arms (4 for suits).
VALUES_WIN = """\
2S 2M 2C 2A
3M 3C 3A 3S
4C 4A 4S 4M
5A 5S 5M 5C
"""


def test_the_values_player_wins_with_more_points():
    grid, diagnostics = parse_grid(VALUES_WIN)
    assert diagnostics == []
    result = score(grid)
    by_name = {line.name: (line.scores_for, line.points) for line in result.lines}
    assert [by_name[f"row {r}"] for r in range(1, 5)] == [("values", 4)] * 4
    assert [by_name[f"column {c}"] for c in range(1, 5)] == [("none", 0)] * 4
    assert by_name["diagonal \\"] == ("suits", 2)
    assert by_name["diagonal /"] == ("suits", 4)
    assert (result.suits, result.values, result.winner) == (6, 16, "values")
