"""`pnp power-lines random` (a whole legal game, seeded) and `pnp power-lines show` (the finished
grid drawn with the piecepack's tiles, each power line marked with what it scores), read back."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.power_lines_piecepack.engine import score
from pnp.games.power_lines_piecepack.files import TILES, parse_grid, parse_record
from pnp.games.power_lines_piecepack.generate import random_placements, random_record
from tests.helpers.pdfgeom import MM, ink_margins, open_pdf

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "decks" / "power-lines"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
TILE = 50.8  # mm: a piecepack tile, 2 in
PLACEMENT = re.compile(r"(\w\w) @ (-?\d+),(-?\d+)")


def run(*args: object):
    return runner.invoke(app, ["power-lines", *(str(a) for a in args)])


# --- random games -------------------------------------------------------------------------------


def replay(text: str) -> list[tuple[str, tuple[int, int]]]:
    """The placements of a record, each checked here against the rules as the rule sheet states
    them (not with pnp's own placement test): beside an earlier tile, on an empty spot, within 4 x 4."""
    board: dict[tuple[int, int], str] = {}
    moves = []
    for tile, column, row in PLACEMENT.findall(text):
        spot = (int(column), int(row))
        if not board:
            assert spot == (0, 0)
        else:
            assert spot not in board
            assert any((spot[0] + dx, spot[1] + dy) in board for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        board[spot] = tile
        cols, rows = {c for c, _ in board}, {r for _, r in board}
        assert max(cols) - min(cols) < 4 and max(rows) - min(rows) < 4
        moves.append((tile, spot))
    return moves


def test_random_games_replay_as_legal_for_many_seeds():
    first_ends = Counter()
    for seed in range(200):
        text = random_record(seed)
        moves = replay(text)
        assert sorted(tile for tile, _ in moves) == sorted(str(t) for t in TILES)
        grid, found = parse_record(text)  # pnp's own replay, as `score` reads a record
        assert found == [] and grid is not None
        # Where the first tile ends up in the square: every placement the rules allow can be drawn.
        left, top = min(c for _, (c, _) in moves), min(r for _, (_, r) in moves)
        first_ends[(-left, -top)] += 1
    assert len(first_ends) >= 12, first_ends  # 15 of the 16 cells over these seeds


def test_random_games_score_through_the_cli(tmp_path):
    for seed in (0, 1, 2, 99, 4294967295):
        out = tmp_path / f"{seed}.record"
        made = run("random", "--seed", seed, "-o", out)
        assert made.exit_code == 0, made.output
        scored = run("score", out, "--json")
        assert scored.exit_code == 0, scored.output
        data = json.loads(scored.stdout)
        grid, _ = parse_record(out.read_text())
        assert data["valid"] and (data["suits"], data["values"]) == (score(grid).suits, score(grid).values)


def test_same_seed_same_record_and_a_seed_chosen_is_said():
    one, two = run("random", "--seed", 7), run("random", "--seed", 7)
    assert one.exit_code == 0 and one.stdout == two.stdout and one.stdout.startswith("# Power Lines for piecepack, a random game: seed 7\n")
    assert run("random", "--seed", 8).stdout != one.stdout
    assert random_placements(7) == random_placements(7)
    free = run("random")
    seed = int(re.fullmatch(r"seed: (\d+)\n", free.stderr)[1])
    assert free.stdout == run("random", "--seed", seed).stdout
    data = json.loads(run("random", "--seed", 7, "--json").stdout)
    assert data["record"] == one.stdout and data["seed"] == 7 and data["output"] is None


@pytest.mark.parametrize("args", [["--seed", "-1"], ["--seed", "4294967296"], ["--seed", "x"], ["--players", "3"]])
def test_random_refuses_bad_options(args):
    assert run("random", *args).exit_code == 2


# --- show -----------------------------------------------------------------------------------------


def words_in(page, box) -> str:
    """The text printed inside box (x0, top, x1, bottom, in mm), in reading order."""
    x0, t, x1, b = box
    chars = [c for c in page.chars if x0 <= (c["x0"] + c["x1"]) / 2 * MM <= x1 and t <= (c["top"] + c["bottom"]) / 2 * MM <= b]
    chars.sort(key=lambda c: (round(c["top"]), c["x0"]))
    text, last = "", None
    for c in chars:
        if last is not None and c["x0"] - last["x1"] > 0.5:
            text += " "
        text += c["text"]
        last = c
    return text


def read_show(pdf: Path):
    """The page's size, its tiles (x, top, side in mm, from the filled squares), its text and the
    scale it states."""
    with open_pdf(pdf) as doc:
        (page,) = doc.pages
        size = (float(page.width) * MM, float(page.height) * MM)
        text = page.extract_text()
        stated = re.search(r"Tiles at ([\d.]+) % of true size|Tiles at true size", text)
        k = float(stated[1]) / 100 if stated and stated[1] else 1.0
        tiles = [
            (r["x0"] * MM, r["top"] * MM, r["width"] * MM)
            for r in page.rects
            if r["fill"] and abs(r["width"] * MM - TILE * k) < 0.1 and abs(r["height"] * MM - TILE * k) < 0.1
        ]
        return size, tiles, text, k, page


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["example.record", "example.grid", "random"])
def test_show_draws_the_grid_and_marks_every_line_as_it_scores(tmp_path, paper, game):
    source = EXAMPLES / game if game != "random" else tmp_path / "r.record"
    if game == "random":
        source.write_text(random_record(11))
    pdf = tmp_path / "shown.pdf"
    result = run("show", source, "--paper", paper, "-o", pdf)
    assert result.exit_code == 0, result.output
    size, tiles, text, k, page = read_show(pdf)
    assert size == pytest.approx(PAPERS[paper], abs=0.01)
    assert min(ink_margins(pdf)) >= 5.0
    # 16 tiles at the scale the page states (the grid with its marks does not fit either paper at
    # true size: it is said, on the page and on the terminal), edge to edge in a 4 x 4 square.
    assert k < 1 and f"{100 * k:.1f} %" in result.stderr and "scaled" in result.stderr
    assert len(tiles) == 16
    side = TILE * k
    assert all(s == pytest.approx(side, abs=0.1) for _, _, s in tiles)
    x0, y0 = min(x for x, _, _ in tiles), min(y for _, y, _ in tiles)
    cells = {(round((y - y0) / side), round((x - x0) / side)) for x, y, _ in tiles}
    assert cells == {(r, c) for r in range(4) for c in range(4)}
    assert all(abs((x - x0) / side - round((x - x0) / side)) < 0.01 for x, _, _ in tiles)
    assert 0.8 < k and 4 * side > 0.75 * (size[0] - 11)  # as large as the paper allows
    # Each line's mark, read where it is printed, says what the engine scores.
    grid, _ = (parse_grid if game == "example.grid" else parse_record)(source.read_text())
    result_ = score(grid)
    lines = {line.name: line for line in result_.lines}

    def expected(name: str) -> str:
        line = lines[name]
        return "none" if line.scores_for == "none" else f"{line.scores_for} {line.points}"

    right, bottom = x0 + 4 * side, y0 + 4 * side
    for r in range(4):
        assert words_in(page, (right, y0 + r * side + 0.3 * side, right + 24, y0 + r * side + 0.7 * side)) == expected(f"row {r + 1}")
    for c in range(4):
        assert words_in(page, (x0 + c * side, bottom + 0.5, x0 + (c + 1) * side, bottom + 8)) == expected(f"column {c + 1}")
    assert words_in(page, (right + 1, y0 - 9, right + 30, y0 - 1)) == expected("diagonal /")
    assert words_in(page, (right + 1, bottom + 1, right + 30, bottom + 9)) == expected("diagonal \\")
    outcome = "a tie" if result_.winner == "tie" else f"the {result_.winner} player wins"
    assert f"suits {result_.suits}, values {result_.values}: {outcome}" in text
    # The table under the grid repeats each line with its matches.
    for line in result_.lines:
        assert re.search(rf"{re.escape(line.name)} {line.suit_match} {line.value_match} {re.escape(expected(line.name))}", text), line


def test_the_example_marks_read_as_the_rule_sheet_says(tmp_path):
    pdf = tmp_path / "example.pdf"
    assert run("show", EXAMPLES / "example.grid", "-o", pdf).exit_code == 0
    _, _, text, _, _ = read_show(pdf)
    assert "suits 10, values 9: the suits player wins" in text and "diagonal / 1 4 values 4" in text.replace("\n", " ")


def test_show_writes_an_svg_on_the_paper_asked_and_the_same_bytes_twice(tmp_path):
    from tests.helpers.svggeom import read_svg

    svg, again = tmp_path / "g.svg", tmp_path / "again.svg"
    assert run("show", EXAMPLES / "example.record", "--paper", "letter", "-o", svg).exit_code == 0
    assert run("show", EXAMPLES / "example.record", "--paper", "letter", "-o", again).exit_code == 0
    assert (read_svg(svg).width, read_svg(svg).height) == pytest.approx(PAPERS["letter"], abs=0.01)
    assert svg.read_bytes() == again.read_bytes()
    pdf, pdf2 = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert run("show", EXAMPLES / "example.record", "-o", pdf).exit_code == 0
    assert run("show", EXAMPLES / "example.record", "-o", pdf2).exit_code == 0
    assert pdf.read_bytes() == pdf2.read_bytes()


def test_show_json_names_the_file_and_the_scale(tmp_path):
    out = tmp_path / "g.pdf"
    data = json.loads(run("show", EXAMPLES / "example.grid", "-o", out, "--json").stdout)
    assert data["valid"] and data["output"] == str(out) and 0.8 < data["scale"] < 1


def test_show_default_output_is_the_game_name_here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("show", EXAMPLES / "example.record").exit_code == 0
    assert (tmp_path / "example.pdf").read_bytes().startswith(b"%PDF")


def test_show_refuses_what_it_cannot_draw(tmp_path):
    partial = tmp_path / "part.record"
    partial.write_text("4S @ 0,0\n2S @ 1,0\n")
    result = run("show", partial, "-o", tmp_path / "part.pdf")
    assert result.exit_code == 1 and not (tmp_path / "part.pdf").exists()
    assert "missing tiles" in result.stderr and "nothing drawn" in result.stderr
    bad = tmp_path / "bad.grid"
    bad.write_text("3S 3M 5C 2A\n4M 4S 2S 4C\n5M 2M 5S 3A\n2C 4A 3C 9A\n")
    result = run("show", bad, "-o", tmp_path / "bad.pdf")
    assert result.exit_code == 1 and f"{bad}:4:10: error:" in result.stderr and not (tmp_path / "bad.pdf").exists()
    assert run("show", EXAMPLES / "example.grid", "-o", tmp_path / "x.png").exit_code == 2
    assert run("show", tmp_path / "none.grid", "-o", tmp_path / "x.pdf").exit_code == 2
    assert run("show", EXAMPLES / "example.grid", "--paper", "a3", "-o", tmp_path / "x.pdf").exit_code == 2
    copy = tmp_path / "g.record"
    copy.write_text((EXAMPLES / "example.record").read_text())
    assert run("show", copy, "-o", copy).exit_code == 2 and copy.read_text() == (EXAMPLES / "example.record").read_text()


def test_a_long_file_name_wraps_and_stays_on_the_paper(tmp_path):
    game = tmp_path / ("W" * 200 + ".grid")
    game.write_text((EXAMPLES / "example.grid").read_text())
    pdf = tmp_path / "long.pdf"
    assert run("show", game, "-o", pdf).exit_code == 0
    assert min(ink_margins(pdf)) >= 5.0
    _, tiles, text, k, _ = read_show(pdf)
    assert len(tiles) == 16 and "W" * 20 in text
