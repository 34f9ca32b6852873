"""pnp.contract.records on a record format of the tests' own: a tally, one whole number a word, each larger
than the last; a `.sum` board holds only its total. The commands come from the declaration alone."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from pnp.contract import options
from pnp.contract.app import Result
from pnp.contract.gamespec import Game, Lazy
from pnp.contract.records import Argument, Board, Check, DrawnScaled, Moment, Outcome, Random, RecordFormat, Score, Show, Watch, record_commands
from pnp.core.diagnostics import Diagnostic, Parsed, error, plural
from pnp.core.printing import Print
from pnp.core.textfile import decode, tokens_by_line
from pnp.draw.shapes import Drawing, Text

Item = tuple[int, int, int]  # line, column, number


@dataclass
class Tally:
    numbers: list[int] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def turns(self) -> int:
        return len(self.numbers)


def parse(data: bytes) -> Parsed[list[Item]]:
    text, problem = decode(data)
    if problem is not None:
        return Parsed(None, [problem])
    items, found = [], []
    for line, words in tokens_by_line(text):
        for column, word in words:
            if word.isascii() and word.isdigit():
                items.append((line, column, int(word)))
            else:
                found.append(error("not-a-number", f"'{word}' is not a whole number", line, column))
    return Parsed(None if found else items, found)


def replay(items: list[Item], until: int | None = None) -> Tally:
    tally = Tally()
    for line, column, number in items:
        if until is not None and tally.turns >= until:
            break
        if tally.numbers and number <= tally.numbers[-1]:
            tally.diagnostics.append(error("not-larger", f"{number} is not larger than {tally.numbers[-1]}", line, column))
            break
        tally.numbers.append(number)
    return tally


def parse_sum(data: bytes) -> Parsed[int]:
    words = tokens_by_line(data.decode())
    if len(words) == 1 and [w for _, w in words[0][1]][:1] == ["="] and len(words[0][1]) == 2 and words[0][1][1][1].isdigit():
        return Parsed(int(words[0][1][1][1]), [])
    return Parsed(None, [error("bad-sum", "a sum is `= N`", 1, 1)])


def nonempty(items: list[Item], tally: Tally, needs: str) -> Diagnostic | None:
    return None if tally.numbers else error("empty", f"{needs} needs a number", 1, 1)


class Numbers(Result):
    numbers: list[int]
    turns: int


class Total(Result):
    total: int
    turns: int | None


class Sum(Result):
    total: int


class Made(Result):
    seed: int
    count: int
    record: str
    output: str | None


def score(total: int, tally: Tally | None) -> Outcome:
    after = f" after {plural(tally.turns, 'number')}" if tally is not None else ""
    return Outcome(f"total {total}{after}", Total(turns=tally.turns if tally else None, total=total))


def draw(tally: Tally, name: str, printing: Print) -> tuple[Drawing, float | None]:
    return Drawing(100, 40, [Text(10, 20, f"{name} on {printing.paper}: {' '.join(map(str, tally.numbers))}", 12)], title=name), None


def make(seed: int, count: Annotated[int, typer.Option("--count", parser=options.integer(1, 9), help="How many numbers.")] = 3) -> str:
    return "".join(f"{n}\n" for n in sorted(random.Random(seed).sample(range(100), count)))


TALLY = RecordFormat(
    help="Tallies: check, score, draw and make them.",
    example="pnp tally random --seed 1",
    suffixes=(".tally",),
    sample="game.tally",
    parse=parse,
    replay=replay,
    position=lambda tally: sum(tally.numbers),
    incomplete=nonempty,
    board=Board(
        suffixes=(".sum",), parse=parse_sum, is_record=lambda text: not text.lstrip().startswith("="), argument=Argument("GAME", "A .tally or a .sum.")
    ),
    check=Check(
        help="Check that each number is larger than the last.",
        result=Numbers,
        told=lambda t: Outcome(plural(t.turns, "number"), Numbers(turns=t.turns, numbers=t.numbers)),
    ),
    score=Score(help="Add the numbers up.", result=Total, told=score),
    show=Show(help="Draw the numbers.", turn_zero="before the first number", draw=draw),
    watch=Watch(
        told=lambda items, t: Moment(f"wrote {t.numbers[-1]}" if t.numbers else "nothing yet", f"total {sum(t.numbers)}", (f"{len(items) - t.turns} to come",))
    ),
    random=Random(help="Some numbers, in order.", example="pnp tally random --count 2", make=make, result=Made),
)

WHOLE = RecordFormat(
    help="Whole tallies.",
    example="pnp whole score a.tally",
    suffixes=(".tally",),
    sample="a.tally",
    parse=parse,
    score=Score(help="Add up.", result=Sum, told=lambda items, _: Outcome(str(sum(n for *_, n in items)), Sum(total=sum(n for *_, n in items)))),
    show=Show(help="Draw.", draw=lambda items, name, paper: (Drawing(10, 10, [], title=name), 0.5), result=DrawnScaled),
    watch=Watch(told=lambda items, _: Moment("all of it", f"total {sum(n for *_, n in items)}")),
    random=Random(help="Make.", example="pnp whole random", make=make, result=Made),
)


def commands(group: str, format_name: str) -> typer.Typer:
    """The command group of a spec named `group` whose record format is this module's `format_name`
    (its build target is never loaded here)."""
    spec = Game(group, group.title(), None, "nothing.", Lazy(__name__), group=group, records=Lazy(f"{__name__}:{format_name}"))
    return record_commands(spec)


runner = CliRunner()
app = commands("tally", "TALLY")


def invoke(*args: str, input: bytes | None = None):
    return runner.invoke(app, list(args), input=input)


def test_the_commands_and_their_options_in_order():
    shown = invoke("--help").stdout
    assert [shown.index(f"│ {c} ") for c in ("check", "score", "show", "replay", "random")] == sorted(
        shown.index(f"│ {c} ") for c in ("check", "score", "show", "replay", "random")
    )
    show = " ".join(invoke("show", "--help").stdout.replace("│", " ").split())  # the words, whatever the terminal's width
    assert "{RECORD}" in show and "A .tally game record" in show and "(0: before the first number)" in show and "RECORD's name with .pdf" in show
    assert "pnp tally show game.tally --turn 2 -o turn2.pdf" in show
    made = invoke("random", "--help").stdout
    assert made.index("--count") < made.index("--seed") < made.index("--output")
    assert "score [OPTIONS] {GAME}" in invoke("score", "--help").stdout


def test_check_a_valid_record(tmp_path):
    path = tmp_path / "a.tally"
    path.write_text("1 2\n# a comment\n5\n")
    result = invoke("check", str(path))
    assert result.exit_code == 0 and result.stdout == "" and result.stderr == f"{path}: valid record: 3 numbers\n"
    found = json.loads(invoke("check", str(path), "--json").stdout)
    assert list(found)[-2:] == ["numbers", "turns"] and found["numbers"] == [1, 2, 5] and found["valid"]


def test_check_reports_the_parse_and_the_replay_at_file_line_column(tmp_path):
    path = tmp_path / "a.tally"
    path.write_text("1 2\n  x\n")
    result = invoke("check", str(path))
    assert result.exit_code == 1 and result.stdout == ""
    assert f"{path}: invalid record (1 error)" in result.stderr and f"{path}:2:3: error: 'x' is not a whole number" in result.stderr
    path.write_text("1 2\n3 2\n")
    result = invoke("check", str(path), "--json")
    found = json.loads(result.stdout)
    assert result.exit_code == 1 and not found["valid"] and found["numbers"] is None
    assert [(d["code"], d["line"], d["column"]) for d in found["diagnostics"]] == [("not-larger", 2, 3)]


def test_score_a_record_or_a_board_told_by_suffix_or_by_text(tmp_path):
    record, board = tmp_path / "a.tally", tmp_path / "b.SUM"
    record.write_text("1 2 4\n")
    board.write_text("= 7\n")
    assert invoke("score", str(record)).stdout == "total 7 after 3 numbers\n"
    assert invoke("score", str(board)).stdout == "total 7\n"
    assert invoke("score", "-", input=b"= 7\n").stdout == "total 7\n"  # standard input: told by its text
    assert invoke("score", "-", input=b"3 4\n").stdout == "total 7 after 2 numbers\n"
    found = json.loads(invoke("score", str(record), "--json").stdout)
    assert list(found)[-2:] == ["total", "turns"] and (found["total"], found["turns"]) == (7, 3)


def test_score_refuses_a_record_that_is_incomplete_or_a_bad_board(tmp_path):
    empty, board = tmp_path / "e.tally", tmp_path / "b.sum"
    empty.write_text("# nothing yet\n")
    board.write_text("= x\n")
    result = invoke("score", str(empty))
    assert result.exit_code == 1 and f"{empty}: invalid record, not scored (1 error)" in result.stderr
    assert f"{empty}:1:1: error: scoring needs a number" in result.stderr
    result = invoke("score", str(board))
    assert result.exit_code == 1 and result.stderr.splitlines() == [f"{board}:1:1: error: a sum is `= N`", f"{board}: invalid board, not scored (1 error)"]


def test_show_draws_a_turn_and_refuses_one_past_the_last(tmp_path):
    path = tmp_path / "a.tally"
    path.write_text("1 2 4\n")
    result = invoke("show", str(path), "--turn", "2", "-o", str(tmp_path / "a.svg"))
    assert result.exit_code == 0 and "a.tally on a4: 1 2<" in (tmp_path / "a.svg").read_text()
    found = json.loads(invoke("show", str(path), "-o", str(tmp_path / "b.svg"), "--json").stdout)
    assert list(found)[-2:] == ["turn", "output"] and found["turn"] == 3
    result = invoke("show", str(path), "--turn", "4", "-o", str(tmp_path / "c.svg"))
    assert result.exit_code == 2 and f"--turn 4: {path} has only 3 turns" in result.stderr
    path.write_text("2 1\n")
    result = invoke("show", str(path), "-o", str(tmp_path / "d.svg"))
    assert result.exit_code == 1 and f"{path}: invalid record, nothing drawn (1 error)" in result.stderr and f"{path}:1:3: error" in result.stderr
    assert not (tmp_path / "c.svg").exists() and not (tmp_path / "d.svg").exists()


def page_data(page: Path) -> dict:
    return json.loads(page.read_text().split('<script type="application/json" id="game">')[1].split("</script>")[0])


def test_replay_writes_every_position_with_what_the_watch_tells(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "a.tally"
    path.write_text("3 5 8\n")
    result = invoke("replay", str(path), "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["turns"] == 3  # default name: the record's, with .html, here
    data = page_data(tmp_path / "a.html")
    assert data["moves"] == ["nothing yet", "wrote 3", "wrote 5", "wrote 8"] and data["scores"] == ["total 0", "total 3", "total 8", "total 16"]
    assert data["more"] == [["3 to come"], ["2 to come"], ["1 to come"], ["0 to come"]]
    drawn = ["".join(data["pieces"][i] for i in d) for d in data["drawings"]]
    assert [re.findall(r">a.tally on [^:]+: ([\d ]*)<", d) for d in drawn] == [[""], ["3"], ["3 5"], ["3 5 8"]]  # show's drawing at each turn
    refused = invoke("replay", "-", "-o", str(tmp_path / "b.html"), input=b"3 2")
    assert refused.exit_code == 1 and refused.stderr.splitlines()[-1] == "-: invalid record, nothing drawn (1 error)" and not (tmp_path / "b.html").exists()
    assert invoke("replay", str(path), "-o", str(tmp_path / "a.pdf")).exit_code == 2  # a page is .html


def test_random_takes_the_formats_own_options(tmp_path):
    result = invoke("random", "--seed", "4", "--count", "2")
    assert result.exit_code == 0 and result.stdout == make(4, 2)
    found = json.loads(invoke("random", "--seed", "4", "--json").stdout)
    assert list(found)[-4:] == ["seed", "count", "record", "output"] and (found["count"], found["record"]) == (3, make(4))
    result = invoke("random", "--count", "1", "-o", str(tmp_path / "r.tally"))
    assert result.stderr.startswith("seed: ") and (tmp_path / "r.tally").read_text() == make(int(result.stderr.split()[1]), 1)


def test_a_format_without_check_replay_or_board(tmp_path):
    whole_app = commands("whole", "WHOLE")
    listed = runner.invoke(whole_app, ["--help"]).stdout
    assert "│ check " not in listed and "│ score " in listed
    assert "--turn" not in runner.invoke(whole_app, ["show", "--help"]).stdout
    refused = runner.invoke(whole_app, ["score", "-"], input=b"3 1 x")
    assert refused.exit_code == 1 and refused.stderr.splitlines() == ["-:1:5: error: 'x' is not a whole number", "-: invalid record, not scored (1 error)"]
    result = runner.invoke(whole_app, ["show", "-", "-o", str(tmp_path / "x.svg"), "--json"], input=b"= 3")
    assert result.exit_code == 1 and json.loads(result.stdout)["diagnostics"][0]["code"] == "not-a-number"


def test_the_spec_names_the_group_and_the_drawing_of_standard_input(tmp_path, monkeypatch):
    counting = commands("counting", "TALLY")
    assert "pnp counting check game.tally" in runner.invoke(counting, ["check", "--help"]).stdout
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(counting, ["show", "-", "--json"], input=b"1 2\n")
    assert result.exit_code == 0 and json.loads(result.stdout)["output"] == "counting-stdin.pdf" and (tmp_path / "counting-stdin.pdf").exists()
    with pytest.raises(ValueError, match="own has no record format"):
        record_commands(Game("own", "Own", None, "nothing.", Lazy(__name__), group="own", commands=Lazy(f"{__name__}:app")))


def test_one_rule_tells_a_record_from_a_board_in_every_game():
    from pnp.core.textfile import STDIN
    from pnp.games.ley_lines.cli import FORMAT as LEY
    from pnp.games.paint_the_line.cli import FORMAT as PTL
    from pnp.games.power_lines_piecepack.cli import FORMAT as POWER_LINES

    for fmt, record, board in ((POWER_LINES, b"3S @ 0,0\n", b"3S 3M 5C 2A\n"), (PTL, b"pick 1 red a1\n", b"player 1: red green\n")):
        record_suffix, board_suffix = fmt.suffixes[0], fmt.board.suffixes[0]
        assert fmt.is_record(Path(f"x{record_suffix.upper()}"), board) and not fmt.is_record(Path(f"x{board_suffix.upper()}"), record)  # the suffix, any case
        assert fmt.is_record(Path("x.txt"), record) and not fmt.is_record(Path("x.txt"), board)  # else the text
        assert fmt.is_record(STDIN, record) and not fmt.is_record(STDIN, board) and not fmt.is_record(STDIN, b"\xff@ pick")  # no text: a board
    assert LEY.board is None and LEY.is_record(Path("x.board"), b"")
