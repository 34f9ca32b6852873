"""`pnp deck gauntlet -o FILE`: the matrix as a heat map on one page. Read from the PDF and HTML:
each cell prints the row's deck's win rate and interval as the JSON result gives them, its colour
says which side of 50 % the rate lies (purple above, orange below, on ColorBrewer's PuOr scale),
and bad output names are refused before any game is played."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.resources import deck_file
from tests.helpers.pdfgeom import MM, ink_margins, open_pdf

STARTER = str(deck_file("starter.deck"))


def run(*args: object):
    return CliRunner().invoke(app, ["deck", "gauntlet", *map(str, args)])


def weak(tmp_path: Path) -> str:
    path = tmp_path / "ones.deck"
    path.write_text("26 1\n")  # a deck of 1s: low values, and a 1 draws nothing
    return str(path)


def _cell(words, text: str) -> dict:
    hits = [w for w in words if w["text"] == text]
    assert hits, f"{text!r} not on the page"
    return hits[0]


def test_the_heat_map_prints_each_rate_and_interval_coloured_by_side(tmp_path: Path) -> None:
    out = tmp_path / "g.pdf"
    result = run("starter", weak(tmp_path), "fives", "--games", "40", "-o", out, "--json")
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    assert got["output"] == str(out)
    assert ink_margins(out) >= [10 - 0.5]
    with open_pdf(out) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        text = page.extract_text()
        words = page.extract_words(keep_blank_chars=True)
        fills = [r for r in page.rects if r.get("fill") and 10 / MM < r["width"] < 25 / MM]
        for i, row in enumerate(got["matrix"]):
            for j, rate in enumerate([*row, got["overall"][i]]):
                if rate is None:
                    continue
                figure = f"{rate['win_percent']:.1f} %"
                interval = f"{rate['ci95'][0]:.1f}–{rate['ci95'][1]:.1f}"
                assert figure in text and interval in text
                # The cell under the figure: purple (blue above red) when the rate is above 50 %, orange below.
                w = _cell(words, interval)
                cx, cy = (w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2
                cell = next(r for r in fills if r["x0"] <= cx <= r["x1"] and r["top"] <= cy <= r["bottom"])
                red, _, blue = cell["non_stroking_color"][:3]
                if rate["win_percent"] > 55:
                    assert blue > red, (i, j, rate)
                elif rate["win_percent"] < 45:
                    assert red > blue, (i, j, rate)
        assert "0 %" in text and "100 %" in text and "wins more (purple)" in text and "loses more (orange)" in text
    assert got["matrix"][0][1]["win_percent"] > 55  # the starter deck beats a deck of 1s: a purple cell was checked


def test_html_and_refusals(tmp_path: Path) -> None:
    page = tmp_path / "g.html"
    made = run("starter", "fives", "--games", "4", "-o", page)
    assert made.exit_code == 0 and f"wrote {page}: the heat map of 2 decks" in made.stderr
    html = page.read_text()
    assert "<svg" in html and "<script" not in html and "overall" in html
    bad = run("starter", "fives", "--games", "4", "-o", tmp_path / "g.png")
    assert bad.exit_code == 2 and "write a .pdf or an .html file" in bad.output
    many = [STARTER] * 12
    big = run(*many, "--games", "2", "-o", tmp_path / "big.pdf")
    assert big.exit_code == 1 and "does not fit one a4 page: at most 10 decks" in big.output
    assert "1: " not in big.output  # refused before any game was played
    assert not (tmp_path / "big.pdf").exists()
