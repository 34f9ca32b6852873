"""Score pads, read back from the files: each game's pad on A4 and Letter, its blanks real form
fields (named by table row, inside their drawn cells), its text inside the page margins and its
cells, the SVG's field boxes where the PDF's fields are, and the same bytes on every build."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.layouts import sheet_layout
from pnp.core.printing import Paper, Print
from pnp.draw.pdf import render_pdf
from pnp.draw.scorepad import pad_hints
from pnp.draw.shapes import Drawing, Field, Group
from pnp.games.ley_lines.scorepad import score_pad as ley_lines
from pnp.games.pack_solitaire.scorepad import score_pad as pack_solitaire
from pnp.games.paint_the_line.scorepad import score_pad as paint_the_line
from pnp.games.power_lines_cards.scorepad import score_pad as power_lines_cards
from pnp.games.power_lines_piecepack.scorepad import score_pad as power_lines_piecepack
from pnp.output.files import BuildOptions, write_pages
from tests.helpers.pdfgeom import MM, ink_margins, open_pdf
from tests.helpers.svggeom import read_svg, unmatched

PADS = {
    "power-lines-piecepack": power_lines_piecepack,
    "power-lines-cards": power_lines_cards,
    "pack-solitaire": pack_solitaire,
    "paint-the-line": paint_the_line,
    "ley-lines": ley_lines,
}
PAPERS = ("a4", "letter")
SUITS = ("suns", "moons", "crowns", "arms")


def _write(game: str, paper: str, out: Path) -> Path:
    printing = Print(Paper(paper))
    page = PADS[game](printing)
    write_pages(f"{game}-scorepad", [page], BuildOptions(printing, ("pdf", "svg"), out), title=page.title, hints=pad_hints(page, f"{game} score pad"))
    return out / f"{game}-scorepad.pdf"


@pytest.fixture(scope="module")
def pads(tmp_path_factory) -> dict[tuple[str, str], Path]:
    """Every pad on every paper, written as a build writes it (PDF and SVG)."""
    out = tmp_path_factory.mktemp("pads")
    return {(game, paper): _write(game, paper, out / paper) for game in PADS for paper in PAPERS}


CASES = [(game, paper) for game in PADS for paper in PAPERS]


def widgets(path: Path) -> dict[str, tuple[str, tuple[float, float, float, float]]]:
    """Each form field of the first page: its type (/Tx, /Btn) and its box in mm (x0, top, x1, bottom)."""
    reader = pypdf.PdfReader(path)
    page = reader.pages[0]
    height = float(page.mediabox.height)
    found = {}
    for ref in page.get("/Annots") or []:
        a = ref.get_object()
        if a.get("/Subtype") == "/Widget":
            x0, y0, x1, y1 = (float(v) for v in a["/Rect"])
            found[str(a["/T"])] = (str(a["/FT"]), (x0 * MM, (height - y1) * MM, x1 * MM, (height - y0) * MM))
    return found


def cells(path: Path) -> list[tuple[float, float, float, float]]:
    """The ruled boxes drawn on the page (cells and tick squares), in mm (x0, top, x1, bottom)."""
    with open_pdf(path) as pdf:
        return [(r["x0"] * MM, r["top"] * MM, r["x1"] * MM, r["bottom"] * MM) for r in pdf.pages[0].rects]


def log_rows(path: Path) -> int:
    """How many rows the pad's tables have: the ruled cells along the left edge of the tables."""
    boxes = cells(path)
    left = min(b[0] for b in boxes)
    return len({round(b[1], 2) for b in boxes if abs(b[0] - left) < 0.01})


def titled(path: Path, word: str) -> list[int]:
    """The numbers of the blocks titled `word N` (Game 1, Match 2) on the page."""
    return [int(n) for n in re.findall(rf"^{word} (\d+)$", pypdf.PdfReader(path).pages[0].extract_text(), re.M)]


def expected_fields(game: str, path: Path) -> dict[str, str]:
    """The fields each pad should have, by name and type, for the rows or blocks drawn on its page."""
    want: dict[str, str] = {}
    if game == "power-lines-piecepack":
        matches = titled(path, "Match")
        assert matches == list(range(1, len(matches) + 1)) and len(matches) >= 2
        for m in matches:
            for g in (1, 2):
                key = f"match{m}-game{g}"
                want |= {f"{key}-suits-player": "/Tx", f"{key}-values-player": "/Tx", f"{key}-first-suits": "/Btn", f"{key}-first-values": "/Btn"}
                want |= {f"{key}-{what}-{side}": "/Tx" for what in [*(f"line{i}" for i in range(1, 11)), "total"] for side in ("suits", "values")}
            want |= {f"match{m}-player-{p}{what}": "/Tx" for p in "ab" for what in ("", "-total")}
    elif game == "paint-the-line":
        games = titled(path, "Game")
        assert games == list(range(1, len(games) + 1)) and len(games) >= 3
        for n in games:
            for p in (1, 2):
                key = f"game{n}-player{p}"
                want |= {f"{key}-{what}": "/Tx" for what in ("name", "total", "largest")}
                for c in (1, 2):
                    want |= {f"{key}-colour{c}{what}": "/Tx" for what in ("", "-points", *(f"-group{g}" for g in range(1, 7)))}
    elif game == "ley-lines":
        rows = log_rows(path) - 2  # below the players' names and the headings
        assert rows >= 24  # every cairn of a 4-player game
        want |= {f"player-{suit}": "/Tx" for suit in SUITS}
        for n in range(1, rows + 1):
            want |= {f"cairn{n}-{what}": "/Tx" for what in ("turn", "tor", "value", "spaces", "points", *SUITS)}
            want[f"cairn{n}-same-suit"] = "/Btn"
    elif game == "power-lines-cards":
        rows = log_rows(path) - 3  # below the two players and the headings
        assert rows >= 20
        want |= {f"player{p}": "/Tx" for p in (1, 2)}  # the rules keep no tally across games
        for n in range(1, rows + 1):
            want |= {f"game{n}-winner": "/Tx", f"game{n}-base": "/Btn", f"game{n}-closest": "/Btn", f"game{n}-draw": "/Btn"}
    elif game == "pack-solitaire":
        rows = log_rows(path) - 1  # below the headings
        assert rows >= 20
        want |= {f"game{n}-{what}": "/Tx" for n in range(1, rows + 1) for what in ("date", "deal", "tiles", "score", "par")}
    return want


@pytest.mark.parametrize("game, paper", CASES)
def test_the_pad_is_one_page_of_its_paper(pads, game, paper):
    reader = pypdf.PdfReader(pads[game, paper])
    assert len(reader.pages) == 1
    size = sheet_layout().paper[paper]
    box = reader.pages[0].mediabox
    assert (float(box.width) * MM, float(box.height) * MM) == pytest.approx((size.width, size.height), abs=0.01)
    assert "score pad" in reader.pages[0].extract_text()


@pytest.mark.parametrize("game, paper", CASES)
def test_every_blank_is_a_form_field_named_by_its_row(pads, game, paper):
    path = pads[game, paper]
    fields = pypdf.PdfReader(path).get_fields()
    assert {name: str(f["/FT"]) for name, f in fields.items()} == expected_fields(game, path)
    # Empty to begin with: a text field blank, a box unticked.
    assert all(f.get("/V") in ("", "/Off") for f in fields.values())


@pytest.mark.parametrize("game, paper", CASES)
def test_fields_lie_inside_their_drawn_cells(pads, game, paper):
    path = pads[game, paper]
    boxes = cells(path)
    placed = widgets(path)
    assert placed
    for name, (kind, (x0, top, x1, bottom)) in placed.items():
        assert x1 - x0 >= 3.5 and bottom - top >= 3.5, name  # big enough for a finger, a number
        holders = [b for b in boxes if b[0] - 0.01 <= x0 and x1 <= b[2] + 0.01 and b[1] - 0.01 <= top and bottom <= b[3] + 0.01]
        assert holders, f"{name} lies in no drawn cell"
        if kind == "/Btn":  # a tick fills its drawn square exactly
            assert any(max(abs(a - b) for a, b in zip(h, (x0, top, x1, bottom))) < 0.01 for h in holders), name
    # No two fields overlap: each takes a cell of its own.
    ordered = sorted(box for _, box in placed.values())
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b[0] >= a[2] - 0.01:
                break
            assert b[1] >= a[3] - 0.01 or a[1] >= b[3] - 0.01, (a, b)


@pytest.mark.parametrize("game, paper", CASES)
def test_text_stays_inside_the_margins_and_its_cells(pads, game, paper):
    path = pads[game, paper]
    sheet = sheet_layout()
    keep = sheet.margin + sheet.page_inset
    boxes = cells(path)
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        width, height = page.width * MM, page.height * MM
        chars = [(c["x0"] * MM, c["top"] * MM, c["x1"] * MM, c["bottom"] * MM) for c in page.chars]
    assert chars
    # Glyph boxes (ascent to descent) clear the 5 mm no-print margin; the ink, rendered, keeps the
    # wider margin of pages that are read (less half a ruling's width, and a pixel at 100 dpi).
    for x0, top, x1, bottom in chars + boxes:
        assert x0 >= sheet.margin and top >= sheet.margin and x1 <= width - sheet.margin and bottom <= height - sheet.margin
    assert ink_margins(path)[0] >= keep - 0.4
    # Text set in a cell stays whole inside it.
    for x0, top, x1, bottom in chars:
        cx, cy = (x0 + x1) / 2, (top + bottom) / 2
        around = [b for b in boxes if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]]
        for b in around:
            assert b[0] < x0 and x1 < b[2] and b[1] < top and bottom < b[3], ((x0, top, x1, bottom), b)


@pytest.mark.parametrize("game, paper", CASES)
def test_the_svg_shows_the_same_page_with_the_fields_as_empty_boxes(pads, game, paper):
    path = pads[game, paper]
    svg = read_svg(path.with_name(f"{path.stem}-01.svg"))
    pdf_fields = widgets(path)
    assert set(svg.fields) == set(pdf_fields)
    for name, box in svg.fields.items():
        assert box == pytest.approx(pdf_fields[name][1], abs=0.01), name
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        found = [(o["x0"] * MM, o["top"] * MM, o["x1"] * MM, o["bottom"] * MM) for o in page.rects]
    assert svg.rects and not unmatched(svg.rects, found)


@pytest.mark.parametrize("game", PADS)
def test_pads_are_byte_identical_on_every_build(pads, game, tmp_path):
    for paper in PAPERS:
        again = _write(game, paper, tmp_path / paper)
        first = pads[game, paper]
        assert again.read_bytes() == first.read_bytes()
        assert again.with_name(f"{again.stem}-01.svg").read_bytes() == first.with_name(f"{first.stem}-01.svg").read_bytes()


@pytest.mark.parametrize("paper", PAPERS)
def test_the_power_lines_pad_records_each_games_winner_and_how_it_ended(pads, paper):
    # The rules' outcomes (seed 002): the enemy Base dominated; both out of cards, the card
    # closest to the enemy Base; no closer card, a draw. The rules know no match.
    text = " ".join(pypdf.PdfReader(pads["power-lines-cards", paper]).pages[0].extract_text().split())
    for words in ("Game Winner Base dominated Closest card Draw", "dominating the other player's Base", "closest to the other Base", "it is a draw"):
        assert words in text, words
    assert "match" not in text.lower() and "games won" not in text.lower()


def test_a_filled_pad_keeps_what_was_written(pads, tmp_path):
    writer = pypdf.PdfWriter(clone_from=pads["ley-lines", "a4"])
    writer.update_page_form_field_values(writer.pages[0], {"player-suns": "Ann", "cairn1-points": "9", "cairn1-same-suit": "/Yes"}, auto_regenerate=False)
    writer.write(tmp_path / "filled.pdf")
    fields = pypdf.PdfReader(tmp_path / "filled.pdf").get_fields()
    assert {name: f.get("/V") for name, f in fields.items() if f.get("/V") not in ("", "/Off")} == {
        "player-suns": "Ann",
        "cairn1-points": "9",
        "cairn1-same-suit": "/Yes",
    }


def test_every_build_target_writes_its_pad(kit):
    for game in PADS:
        path = kit / f"{game}-scorepad.pdf"
        reader = pypdf.PdfReader(path)
        assert len(reader.pages) == 1 and reader.get_fields(), game
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
        assert reader.outline[0].title == reader.metadata.title and "score pad" in reader.metadata.subject
        assert (kit / f"{game}-scorepad-01.svg").is_file()


def test_each_pad_is_printed_once_in_its_own_file(kit):
    # Not also under Paint the Line's boards or after the Ley Lines board sheets: no form fields there.
    for pieces in ("paint-the-line.pdf", "ley-lines-board.pdf"):
        reader = pypdf.PdfReader(kit / pieces)
        assert not reader.get_fields() and not any(page.get("/Annots") for page in reader.pages), pieces
        text = " ".join(page.extract_text() for page in reader.pages).lower()
        assert "score pad" not in text, [line for line in text.splitlines() if "score pad" in line]


def test_a_field_in_a_reused_design_or_named_twice_is_refused():
    page = Drawing(100, 100)
    page.add(Group((Field("a", 10, 10, 20, 8),), key="design"))
    with pytest.raises(ValueError, match="reused design"):
        render_pdf([page])
    twice = Drawing(100, 100)
    twice.add(Field("a", 10, 10, 20, 8), Field("a", 10, 30, 20, 8))
    with pytest.raises(ValueError, match="two form fields named 'a'"):
        render_pdf([twice])
    once = Drawing(100, 100)
    once.add(Field("a", 10, 10, 20, 8), Field("b", 10, 30, 8, 8, "check"))
    fields = pypdf.PdfReader(io.BytesIO(render_pdf([once]))).get_fields()
    assert {name: str(f["/FT"]) for name, f in fields.items()} == {"a": "/Tx", "b": "/Btn"}


def test_the_cli_writes_the_pad_beside_the_game_files(tmp_path):
    result = CliRunner().invoke(app, ["build", "power-lines-cards", "--paper", "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "power-lines-cards-scorepad.pdf" in result.output
    reader = pypdf.PdfReader(tmp_path / "power-lines-cards-scorepad.pdf")
    assert float(reader.pages[0].mediabox.width) == pytest.approx(8.5 * 72, abs=0.01)


def test_a_pad_that_cannot_fit_says_so():
    from pnp.draw.scorepad import Block, Table, entry, pad_page, table_shapes

    short = Table(((entry("a", 0.5), entry("b", 0.4)),))
    with pytest.raises(ValueError, match="take 0.9 of its width"):
        table_shapes(short, 0, 0, 100, "t")
    tall = Table(tuple((entry(f"r{n}", 1.0),) for n in range(60)))
    with pytest.raises(ValueError, match="not one block fits on a4"):
        pad_page(Print(), "Too tall", [], lambda n: Block(f"Game {n}", f"game{n}", ((tall,),)))
    log = Table(tuple((entry(f"r{n}", 1.0),) for n in range(40)), grow=lambda n: (entry(f"g{n}", 1.0),))
    with pytest.raises(ValueError, match="no room on a4 paper for a single row"):
        pad_page(Print(), "Full", [], lambda n: Block("", "", ((log,),)))


@pytest.mark.parametrize("paper", PAPERS)
def test_paint_the_line_pad_has_a_column_for_every_group_a_colour_makes(pads, paper):
    """Random games (uniform over legal turns) give a colour up to 6 groups: the pad has a column
    for each, and the column headed Points holds, in a player's row, that player's total."""
    from pnp.games.paint_the_line.engine import score
    from pnp.games.paint_the_line.generate import random_game

    most = max(len(colour.groups) for seed in range(300) for colour in score(random_game(seed)[0].board()).colours)  # type: ignore[arg-type]
    path = pads[("paint-the-line", paper)]
    with open_pdf(path) as pdf:
        words = pdf.pages[0].extract_words()
    top = min(w["top"] for w in words if w["text"] == "Group")  # the first game's header row
    headers = [w for w in words if abs(w["top"] - top) < 3 / MM]  # within the header row, 3 mm
    columns = {w["x0"] for w in headers if w["text"] == "Group"}
    assert len(columns) >= max(most, 6)
    (points,) = [w for w in headers if w["text"] == "Points"]
    x = (points["x0"] + points["x1"]) / 2 * MM
    under = {name for name, (_, (x0, _t, x1, _b)) in widgets(path).items() if x0 < x < x1 and name.startswith("game1-")}
    assert {name.split("-", 2)[-1] for name in under} == {"total", "colour1-points", "colour2-points"}
