"""`pnp solitaire show TILES LAYOUT`: the layout as the tiles lie, turned as placed, each facing pair
marked; as text on a terminal, or drawn into a PDF or SVG, read back and checked against the rules
as written (this file's own reading of them, not pnp's)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.pack_solitaire.files import format_layout, format_tiles
from pnp.games.pack_solitaire.generate import deal
from pnp.games.pack_solitaire.solver import solve
from tests.helpers.pdfgeom import MM, ink_margins, open_pdf

runner = CliRunner()
TILE = 50.8  # mm: 2 in
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARK = {"match": "=", "sum5": "+", "wild": "*", "invalid": "x"}
RANK = {"n": 0, "a": 1, "2": 2, "3": 3, "4": 4, "5": 5}
HOLES = "1 2@90 . 4\n5 . 7 8@270\n. . . .\n16 15@180 14 13\n"  # empty cells, turns, and pairs that break the rules


def run(*args: object):
    return runner.invoke(app, ["solitaire", *(str(a) for a in args)])


# --- the rules as this test reads them -----------------------------------------------------------


def squares_of(tiles_text: str) -> dict[int, list[str]]:
    """Each tile's squares as written (UL UR LL LR), "." for the empty one."""
    found = {}
    for line in tiles_text.splitlines():
        line = line.split("#")[0].strip()
        if line:
            ident, rest = line.split(":")
            found[int(ident)] = rest.split()
    return found


def turned(squares: list[str], deg: int) -> list[str]:
    """A tile turned clockwise: at 90, what was lower-left is upper-left (the README's words)."""
    ul, ur, ll, lr = squares
    for _ in range(deg // 90):
        ul, ur, ll, lr = ll, ul, lr, ur
    return [ul, ur, ll, lr]


def kind(a: str, b: str) -> str:
    if a == "." and b == ".":
        return "match"
    if "." in (a, b):
        return "wild"
    ra, rb = RANK[a[0].lower()], RANK[b[0].lower()]
    return "match" if ra == rb else "sum5" if ra + rb == 5 else "invalid"


def laid(tiles_text: str, layout_text: str) -> dict[tuple[int, int], tuple[str, list[str]]]:
    """Each placed cell: its label (`12@90`) and its squares as they lie."""
    tiles = squares_of(tiles_text)
    cells = {}
    for r, row in enumerate(layout_text.split("\n")[:4]):
        for c, cell in enumerate(row.split()):
            if cell != ".":
                ident, _, deg = cell.partition("@")
                cells[(r, c)] = (cell, turned(tiles[int(ident)], int(deg or 0)))
    return cells


def expected_pairs(cells) -> dict[tuple, str]:
    """(cell, neighbour, which): the mark of each facing pair. which 0: the upper (or left) pair, 1: the other."""
    pairs = {}
    for (r, c), (_, sq) in cells.items():
        if (r, c + 1) in cells:
            other = cells[(r, c + 1)][1]
            pairs[((r, c), (r, c + 1), 0)] = MARK[kind(sq[1], other[0])]
            pairs[((r, c), (r, c + 1), 1)] = MARK[kind(sq[3], other[2])]
        if (r + 1, c) in cells:
            other = cells[(r + 1, c)][1]
            pairs[((r, c), (r + 1, c), 0)] = MARK[kind(sq[2], other[0])]
            pairs[((r, c), (r + 1, c), 1)] = MARK[kind(sq[3], other[1])]
    return pairs


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("show")
    tiles = deal(7)
    found = {"tiles": folder / "d7.tiles", "best": folder / "best.layout", "holes": folder / "holes.layout", "folder": folder}
    found["tiles"].write_text(format_tiles(tiles))
    found["best"].write_text(format_layout(solve(tiles, time_limit=None).layout))
    found["holes"].write_text(HOLES)
    return found


# --- text ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["best", "holes"])
def test_text_shows_each_tile_as_it_lies_and_marks_each_facing_pair(files, layout):
    result = run("show", files["tiles"], files[layout])
    cells = laid(files["tiles"].read_text(), files[layout].read_text())
    pairs = expected_pairs(cells)
    lines = result.stdout.splitlines()
    grid = [line.ljust(40) for line in lines[:15]]
    for (r, c), (label, sq) in cells.items():
        x = 9 * c
        assert grid[4 * r][x:].split()[0] == f"[{label}]"
        assert grid[4 * r + 1][x : x + 5].split() == sq[:2] and grid[4 * r + 2][x : x + 5].split() == sq[2:]
    for r in range(4):
        for c in range(4):
            if (r, c) not in cells:
                assert grid[4 * r][9 * c] == "." and grid[4 * r + 1][9 * c : 9 * c + 5].strip() == ""
    read = {}
    for r in range(4):
        for c in range(3):
            for which in (0, 1):
                read[((r, c), (r, c + 1), which)] = grid[4 * r + 1 + which][9 * c + 6]
        if r < 3:
            for c in range(4):
                for which in (0, 1):
                    read[((r, c), (r + 1, c), which)] = grid[4 * r + 3][9 * c + 3 * which]
    assert {k: v for k, v in read.items() if v != " "} == pairs
    counts = {name: sum(1 for v in pairs.values() if v == MARK[name]) for name in MARK}
    summary = f"score {2 * counts['match']}: {len(cells)} tiles placed; pairs: {counts['match']} match, {counts['sum5']} sum to 5, {counts['wild']} wild, {counts['invalid']} broken"
    assert lines[-1] == summary and lines[-2].startswith("marks: = match")
    scored = run("score", files["tiles"], files[layout]).stdout.splitlines()[0]  # `score` counts alike
    assert (
        scored == f"{len(cells)} tiles placed; pairs: {counts['match']} match, {counts['sum5']} sum to 5, {counts['wild']} wild, {counts['invalid']} broken"
    )  # one word, as show says it
    if layout == "best":
        assert result.exit_code == 0 and result.stderr == ""
    else:
        assert result.exit_code == 1 and f"{counts['invalid']} facing pairs break the rules" in result.stderr
        assert re.search(rf"{re.escape(str(files['holes']))}:1:1: error: row 1 column 1 and row 1 column 2: ", result.stderr)


def test_text_json_is_the_score_and_no_file(files):
    data = json.loads(run("show", files["tiles"], files["best"], "--json").stdout)
    scored = json.loads(run("score", files["tiles"], files["best"], "--json").stdout)
    assert data["valid"] and data["output"] is None and data["scale"] is None
    assert (data["score"], data["pairs"], data["tiles_placed"]) == (scored["score"], scored["pairs"], 16)


# --- paper -----------------------------------------------------------------------------------------


def read_page(pdf: Path):
    with open_pdf(pdf) as doc:
        (page,) = doc.pages
        text = page.extract_text()
        stated = re.search(r"Tiles at ([\d.]+) % of true size", text)
        k = float(stated[1]) / 100 if stated else 1.0
        side = TILE * k
        tiles = [(r["x0"] * MM, r["top"] * MM) for r in page.rects if r["fill"] and abs(r["width"] * MM - side) < 0.1 and abs(r["height"] * MM - side) < 0.1]
        chars = [((c["x0"] + c["x1"]) / 2 * MM, (c["top"] + c["bottom"]) / 2 * MM, c["text"]) for c in page.chars]
        return (float(page.width) * MM, float(page.height) * MM), text, k, tiles, chars


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("layout", ["best", "holes"])
def test_drawn_layout_lies_as_placed_with_every_pair_marked(files, tmp_path, paper, layout):
    pdf = tmp_path / "shown.pdf"
    result = run("show", files["tiles"], files[layout], "-o", pdf, "--paper", paper)
    assert result.exit_code == (0 if layout == "best" else 1), result.output
    assert pdf.exists()  # a layout that breaks the rules is drawn too: its marks show where
    size, text, k, rects, chars = read_page(pdf)
    assert size == pytest.approx(PAPERS[paper], abs=0.01)
    assert min(ink_margins(pdf)) >= 5.0
    if paper == "letter":
        assert k == 1 and "Tiles at true size (2 in, 50.8 mm)" in text and "true size" in result.stderr  # 203.2 mm fits 215.9 - 2 x 5.5
    else:
        assert 0.97 < k < 1 and f"{100 * k:.1f} %" in result.stderr  # A4 leaves 199 mm
    side = TILE * k
    cells = laid(files["tiles"].read_text(), files[layout].read_text())
    assert len(rects) == len(cells)
    x0, y0 = min(x for x, _ in rects), min(y for _, y in rects)
    at = {(round((y - y0) / side), round((x - x0) / side)) for x, y in rects}
    assert at == set(cells)
    assert all(abs((x - x0) / side - round((x - x0) / side)) < 0.002 for x, _ in rects)

    def near(x: float, y: float, reach: float, allowed: str) -> str:
        return "".join(ch for cx, cy, ch in chars if abs(cx - x) < reach and abs(cy - y) < reach and ch in allowed)

    # Turned as placed: each coin's rank lies on the square the turn puts it on.
    for (r, c), (label, sq) in cells.items():
        for q, square in enumerate(sq):
            x, y = x0 + c * side + (1 + 2 * (q % 2)) * side / 4, y0 + r * side + (1 + 2 * (q // 2)) * side / 4
            want = "" if square == "." or square[0].lower() == "n" else square[0].upper()  # the null is drawn, not a letter
            assert near(x, y, 5, "A2345") == want, (label, q)
        assert near(x0 + (c + 0.5) * side, y0 + (r + 0.5) * side, 6, "0123456789@") == label
    # Each pair's mark where the two squares meet, as the rules say.
    for ((r, c), (r2, c2), which), mark in expected_pairs(cells).items():
        if r == r2:
            x, y = x0 + c2 * side, y0 + r * side + (1 + 2 * which) * side / 4
        else:
            x, y = x0 + c * side + (1 + 2 * which) * side / 4, y0 + r2 * side
        assert near(x, y, 1.5, "=+*x") == mark
    marks = [ch for cx, cy, ch in chars if ch in "=+*x" and y0 < cy < y0 + 4 * side]
    assert len(marks) == len(expected_pairs(cells))  # no mark anywhere else on the grid
    assert text.splitlines()[1] == run("show", files["tiles"], files[layout]).stdout.splitlines()[-1] + (
        "" if layout == "best" else " (a broken pair is against the rules)"
    )


def test_svg_on_the_paper_asked_and_the_same_bytes_twice(files, tmp_path):
    from tests.helpers.svggeom import read_svg

    one, two = tmp_path / "one.svg", tmp_path / "two.svg"
    assert run("show", files["tiles"], files["best"], "-o", one, "--paper", "letter").exit_code == 0
    assert run("show", files["tiles"], files["best"], "-o", two, "--paper", "letter").exit_code == 0
    assert one.read_bytes() == two.read_bytes() and (read_svg(one).width, read_svg(one).height) == pytest.approx(PAPERS["letter"], abs=0.01)
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert run("show", files["tiles"], files["best"], "-o", a).exit_code == 0
    assert run("show", files["tiles"], files["best"], "-o", b).exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    data = json.loads(run("show", files["tiles"], files["best"], "-o", a, "--json").stdout)
    assert data["output"] == str(a) and data["scale"] == pytest.approx(0.979)


def test_show_refuses_what_it_cannot_show(files, tmp_path):
    bad_layout = tmp_path / "bad.layout"
    bad_layout.write_text("1 2 3\n")
    result = run("show", files["tiles"], bad_layout, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 1 and "nothing shown" in result.stderr and not (tmp_path / "x.pdf").exists()
    assert f"{bad_layout}:1:5: error: row 1 has 3 cells" in result.stderr
    unknown = tmp_path / "unknown.layout"
    unknown.write_text("1 2 3 99\n" + ". . . .\n" * 3)
    assert run("show", files["tiles"], unknown).exit_code == 1
    bad_tiles = tmp_path / "bad.tiles"
    bad_tiles.write_text(files["tiles"].read_text().replace("2: ", "1: ", 1))
    result = run("show", bad_tiles, files["best"])
    assert result.exit_code == 1 and "tile 1 is given twice" in result.output
    assert run("show", files["tiles"], files["best"], "-o", tmp_path / "x.png").exit_code == 2
    assert run("show", files["tiles"], tmp_path / "none.layout").exit_code == 2
    assert run("show", files["tiles"], files["best"], "-o", files["best"]).exit_code == 2  # never over an input
    assert run("show", files["tiles"], files["best"], "--paper", "a5", "-o", tmp_path / "x.pdf").exit_code == 2
    assert not (tmp_path / "x.pdf").exists()


def test_a_long_file_name_wraps_and_stays_on_the_paper(files, tmp_path):
    layout = tmp_path / ("W" * 200 + ".layout")
    layout.write_text(files["best"].read_text())
    pdf = tmp_path / "long.pdf"
    assert run("show", files["tiles"], layout, "-o", pdf, "--paper", "letter").exit_code == 0
    assert min(ink_margins(pdf)) >= 5.0
    _, text, k, rects, _ = read_page(pdf)
    assert len(rects) == 16 and k == 1 and "W" * 20 in text
