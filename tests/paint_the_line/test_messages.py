"""Paint the Line: the four messages issue 29 found misleading, each written from the rules text
(seed 001) and the README's Paint the Line section, and every path through them giving one JSON
envelope and no traceback.

- The game ends when no move can capture (rules: "If no move can capture a pyramid, the game
  ends"); pnp reads a capture whose pyramid has no place on the scoring board as no legal move
  (README, "A capture with nowhere to go"). When captures are left, the end says which and why.
- There is no passing (README, "The end"): a pass is refused as never legal, not as illegal
  "while a capture is possible".
- Pyramids "can not ... move diagonally" (rules): a diagonal step is named as one.
- "A record may stop anywhere" (README): in the picks it says who picks next, and a record of
  only comments is a game not yet begun.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.paint_the_line.files import parse_record
from pnp.games.paint_the_line.game import NO_CAPTURE, Game, captures, legal_moves, replay

runner = CliRunner()

PICKS = ["pick 1 red a1", "pick 2 yellow b1", "pick 1 green c1", "pick 2 blue d1"]
# After these (see test_paint_the_line_game.OPENING) d2 holds the yellow large alone.
OPENING = ["1 e1 d1 a1", "2 d1 c1 b1", "1 c1 d1 c1", "2 d1 e1 d1", "1 d2 c2 c2", "2 d2 c1 d2"]

# `pnp paint-the-line random --seed 384`, written out so the test does not hang on the generator:
# after 29 turns one capture is left, the blue medium on c1 taking the yellow large on a1, and
# the only scoring spaces with room (e1, f1, f2) each hold a yellow pyramid.
ONE_LEFT = (
    "pick 1 blue d1|pick 2 green e2|pick 1 red c2|pick 2 yellow b1|1 b2 c2 a1|2 f1 e1 c2|1 c1 b1 e1|2 d2 d1 c3|1 a2 a1 e3|"
    "2 d1 c1 a2|1 e1 f1 b3|2 f1 e1 b1|1 a1 a2 d3|2 b1 b2 d2|1 b2 b1 f1|2 c2 c1 f2|1 b1 b2 f3|2 e1 e2 c1|1 e2 f2 a3|2 f2 e2 d1|"
    "1 e2 d2 c1|2 d2 d1 e3|1 f2 e1 d3|2 d1 d2 d2|1 e1 f2 c2|2 a2 a1 b3|1 b2 c2 c3|2 a2 a1 b1|1 f1 c1 a2|2 c1 c2 a1|1 c2 a1 a3|"
    "2 f2 d2 d1|1 d2 c1 f3"
).split("|")
# `--seed 406`: after 30 turns two captures are left, blue large onto blue large either way
# between c1 and f1, and the scoring spaces with room (e1, c2) each hold a blue pyramid.
TWO_LEFT = (
    "pick 1 blue b2|pick 2 yellow d2|pick 1 green e2|pick 2 red a1|1 b1 c1 d1|2 c1 c2 b3|1 d1 d2 a2|2 a2 b2 a1|1 e1 f1 d3|"
    "2 b2 b1 a3|1 d2 e2 f3|2 f1 e1 b1|1 e2 e1 c3|2 c2 b2 e1|1 b2 c2 f2|2 b1 a1 e3|1 e1 d1 c2|2 d1 e1 d2|1 e1 f1 c1|2 a1 b1 f1|"
    "1 f2 e2 a2|2 b1 c1 c1|1 a2 c2 d1|2 a2 a1 f3|1 c1 c2 e3|2 c2 c1 a3|1 e2 f2 c3|2 f1 f2 f1|1 d1 d2 f2|2 a1 c2 d3|1 f2 f1 a1|"
    "2 d2 f1 b1|1 f2 c2 b3|2 c2 c1 d2"
).split("|")
ONE_LEFT_END = (
    "the only capture left, c1 to a1, cannot be made: the yellow large it would take has no place on the scoring board "
    "(no space is empty, and each one with room, e1, f1 and f2, holds a yellow pyramid, which it may not go on)"
)


def game_of(*lines: str) -> Game:
    parsed = parse_record("\n".join(lines) + "\n")
    assert parsed.diagnostics == [], parsed.diagnostics
    return replay(parsed.value)


def only_finding(*lines: str) -> tuple[str, int, int, str]:
    (d,) = game_of(*lines).diagnostics
    assert d.line == len(lines)
    return d.code, d.line, d.column, d.message


def run(*args, input: str | None = None):
    return runner.invoke(app, ["paint-the-line", *map(str, args)], input=input)


def write(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("".join(f"{line}\n" for line in lines))
    return path


# --- 1. a game that ends with captures left -------------------------------------------------------


def test_a_game_whose_only_capture_has_no_place_says_so_not_that_nothing_captures(tmp_path):
    game = game_of(*ONE_LEFT)
    assert game.valid and game.turns == 29 and not legal_moves(game)
    assert [(a, b) for a, b, _ in captures(game.pos)] == [((0, 2), (0, 0))]  # a move still captures
    assert game.finished == ONE_LEFT_END and game.finished_line == 33
    result = run("check", write(tmp_path, "one.ptl", ONE_LEFT))
    assert result.exit_code == 0, result.output
    assert result.stderr.endswith(f"valid record: 4 picks, 29 turns, finished: {ONE_LEFT_END}\n")  # the verdict, on standard error
    assert NO_CAPTURE not in result.stderr


def test_a_game_whose_captures_left_all_lack_a_place_names_them():
    game = game_of(*TWO_LEFT)
    assert game.valid and game.turns == 30 and len(captures(game.pos)) == 2 and not legal_moves(game)
    assert game.finished == (
        "none of the 2 captures left can be made: each would take a blue pyramid (c1 to f1 the blue large, f1 to c1 the blue large), "
        "which has no place on the scoring board (no space is empty, and each one with room, e1 and c2, holds a blue pyramid, which it may not go on)"
    )


def test_a_line_after_such_an_end_is_told_why_the_game_ended():
    # The capture left, written out: still refused as a turn after the end, with the reason.
    code, line, column, message = only_finding(*ONE_LEFT, "2 c1 a1 e1")
    assert (code, line, column) == ("game-over", 34, 1)
    assert message == f"the game is over since line 33: {ONE_LEFT_END}"


def test_a_game_with_no_capture_at_all_still_ends_so():
    example = Path(__file__).resolve().parents[2] / "decks" / "paint-the-line" / "example.ptl"
    assert run("check", example).stderr.endswith("finished: no move captures any more\n")


# --- 2. there is no passing --------------------------------------------------------------------


def test_a_pass_is_refused_as_never_legal():
    code, line, column, message = only_finding(*PICKS, "1 pass")
    assert (code, line, column) == ("must-capture", 5, 3)
    assert message.startswith(
        "player 1 cannot pass: a pass is never legal (a player who can capture must, and when no capture can be made the game is over); captures now: "
    )
    assert "while" not in message


def test_a_pass_after_the_end_is_told_nothing_follows_the_end():
    code, line, column, message = only_finding(*ONE_LEFT, "2 pass")
    assert (code, line, column) == ("game-over", 34, 1)
    assert message == f"the game is over since line 33: {ONE_LEFT_END}; the record ends there: no turn follows the end, not even a pass"


def test_the_syntax_hints_offer_no_pass():
    for text in ("move a1 b1", "1 a1 b1"):
        (d,) = parse_record(text + "\n").diagnostics
        assert "pass" not in d.message, d.message
    assert [d.message for d in parse_record("1 a1 b1\n").diagnostics] == ["the line is incomplete: write `PLAYER FROM TO PLACE`"]


# --- 3. diagonal steps -----------------------------------------------------------------------------


def test_a_diagonal_step_is_named_as_one():
    code, line, column, message = only_finding(*PICKS, "1 e1 d2 a1")
    assert (code, line, column) == ("no-route", 5, 6)
    assert message == (
        "d2 is a diagonal step from e1, and a pyramid never moves diagonally: the red small moves exactly 1 step, along a row or a column; "
        "from e1 the red small can capture on d1, f1, e2"
    )


def test_a_large_onto_a_diagonal_neighbour_is_told_the_diagonal_too():
    # d2 holds the yellow large alone; e1, diagonally next to it, holds the red small on the red large.
    code, _, column, message = only_finding(*PICKS, *OPENING, "1 d2 e1 a1")
    assert (code, column) == ("no-route", 6)
    assert message.startswith(
        "e1 is diagonal to d2, and a pyramid never moves diagonally: along rows and columns it is 2 steps away, "
        "and the yellow large moves exactly 3 steps, never entering a space twice, so it cannot end there; "
    )


def test_a_step_too_far_along_a_row_is_not_called_diagonal():
    message = only_finding(*PICKS, "1 e1 c1 a1")[3]
    assert "diagonal" not in message and "c1 is not 1 step away" in message


# --- 4. a record that stops in or before the picks -------------------------------------------------


@pytest.mark.parametrize("picks, who", [(0, 1), (1, 2), (2, 1), (3, 2)])
def test_check_in_the_picks_says_who_picks_next(tmp_path, picks, who):
    path = write(tmp_path, "picks.ptl", ["# a game being written", *PICKS[:picks]])
    result = run("check", path)
    assert result.exit_code == 0, result.output
    colours = "colour" if picks == 1 else "colours"
    assert (
        result.stderr == f"{path}: valid record: {picks} pick{'s' * (picks != 1)}, 0 turns, unfinished: {picks} {colours} of 4 chosen, player {who} to pick\n"
    )


def test_a_record_of_only_comments_is_a_game_not_yet_begun(tmp_path):
    path = write(tmp_path, "new.ptl", ["# Paint the Line, a game to come", "", "   # nothing played yet"])
    result = run("check", path)
    assert result.exit_code == 0, result.output
    assert result.stderr == f"{path}: valid record: 0 picks, 0 turns, unfinished: 0 colours of 4 chosen, player 1 to pick\n"
    data = json.loads(run("check", path, "--json").stdout)
    assert (data["valid"], data["players"], data["turns"], data["finished"]) == (True, [{"player": 1, "colours": []}, {"player": 2, "colours": []}], 0, False)


def test_a_record_of_only_comments_is_not_scored_or_drawn_and_says_why(tmp_path):
    path = write(tmp_path, "new.ptl", ["# nothing played yet"])
    result = run("score", path)
    assert (result.exit_code, result.stdout) == (1, "")
    assert f"{path}:1:1: error: the record stops before its first colour pick: scoring needs all 4 colours chosen" in result.stderr
    result = run("show", path, "-o", tmp_path / "new.svg")
    assert result.exit_code == 1 and "drawing needs all 4 colours chosen" in result.stderr
    assert not (tmp_path / "new.svg").exists()


def test_an_empty_file_is_still_no_record():
    for text in ("", "\n\n  \n"):
        parsed = parse_record(text)
        assert parsed.value is None
        assert [(d.code, d.line, d.column, d.message) for d in parsed.diagnostics] == [
            ("empty-record", 1, 1, "the file is empty: a record starts with the four colour picks, like `pick 1 red a1`")
        ]


# --- every path above: one JSON envelope, no traceback -------------------------------------------

RECORDS = {
    "comments": ["# nothing yet"],
    "two-picks": PICKS[:2],
    "one-left": ONE_LEFT,
    "two-left": TWO_LEFT,
    "pass": [*PICKS, "1 pass"],
    "pass-after-end": [*ONE_LEFT, "2 pass"],
    "diagonal": [*PICKS, "1 e1 d2 a1"],
    "empty": [],
}
# Exit codes: check, score, show.
EXITS = {
    "comments": (0, 1, 1),
    "two-picks": (0, 1, 1),
    "one-left": (0, 0, 0),
    "two-left": (0, 0, 0),
    "pass": (1, 1, 1),
    "pass-after-end": (1, 1, 1),
    "diagonal": (1, 1, 1),
    "empty": (1, 1, 1),
}


@pytest.mark.parametrize("name", RECORDS)
@pytest.mark.parametrize("command", ["check", "score", "show"])
def test_every_path_prints_one_json_envelope(tmp_path, name, command):
    path = write(tmp_path, f"{name}.ptl", RECORDS[name])
    extra = ["-o", tmp_path / "out.svg"] if command == "show" else []
    result = run(command, path, *extra, "--json")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    data = json.loads(result.stdout)  # exactly one JSON document
    assert data["command"] == f"paint-the-line {command}" and data["valid"] is (result.exit_code == 0)
    assert result.exit_code == EXITS[name][["check", "score", "show"].index(command)], result.output
    if not data["valid"]:
        assert data["diagnostics"] and all(d["line"] >= 1 and d["column"] >= 1 for d in data["diagnostics"])
