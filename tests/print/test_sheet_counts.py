"""How much paper the whole kit takes, read back from the PDFs `pnp build` writes: a regression
guard for the sheet counts, on A4 and Letter alike.

A sheet is a piece of paper: a PDF that asks for two-sided printing (/Duplex /DuplexFlipLongEdge)
prints two pages to a sheet, any other one page. The page-by-page review of the A4 kit before
nesting and sharing sheets counted 27 sheets for the five files of pieces and their rules; the
pieces' sheets then were cards 6, piecepack 4, Power Lines tiles 2, Pack Solitaire 4 (answer
included) and Paint the Line 5.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.printing import Print
from pnp.draw.pdf import render_pdf
from pnp.draw.shapes import Rect, Style
from pnp.draw.sheets import Component, SheetOptions, impose_stacked
from tests.helpers.pdfgeom import cover_pages, open_pdf

# File: sheets. Each file of pieces carries its notes (what it holds, how to print it) in the room
# a sheet of pieces leaves; only where no sheet has room do they take a sheet of their own.
SHEETS = {
    "power-lines-cards.pdf": 7,  # the notes' own sheet (9 cards fill every sheet), then each deck's 27 cards on 3 duplex sheets of 9
    "power-lines-cards-rules.pdf": 1,
    "piecepack.pdf": 3,  # coins, dice and pawns with the notes under them, then 24 tiles on 2 duplex sheets
    "piecepack-tiles-2-5.pdf": 2,  # 4 tiles with the notes, then 12: the 16 tiles Power Lines uses
    "power-lines-piecepack-rules.pdf": 1,
    "pack-solitaire-1.pdf": 2,  # the record sheet with the 16th tile and the notes, then 15 tiles
    "pack-solitaire-1-answer.pdf": 1,
    "pack-solitaire-rules.pdf": 1,
    "paint-the-line.pdf": 3,  # the boards with the notes, 36 nested pyramids on 2
    "paint-the-line-rules.pdf": 1,
    "ley-lines-board.pdf": 5,  # the overview with the notes, the board on 4 sheets (the score pad is its own file)
    "ley-lines-dominoes.pdf": 1,  # 28 dominoes with the notes, on 1 duplex sheet
    "ley-lines-rules.pdf": 1,  # two pages, printed on both sides of one sheet
    # A score pad for every game, one page each.
    "power-lines-cards-scorepad.pdf": 1,
    "power-lines-piecepack-scorepad.pdf": 1,
    "pack-solitaire-scorepad.pdf": 1,
    "paint-the-line-scorepad.pdf": 1,
    "ley-lines-scorepad.pdf": 1,
}
# Where Letter takes more: three rows of cards leave no room above and below for crop marks that
# end 6 mm clear of the paper's edge, so the cards go 6 to a sheet: 54 on 9 duplex sheets, the
# first holding each deck's odd 3 in a row of its own, with the notes under them. Letter is 18 mm
# shorter than A4: the piecepack's and the dominoes' notes take a sheet of their own.
LETTER = {"power-lines-cards.pdf": 9, "piecepack.pdf": 4, "ley-lines-dominoes.pdf": 2}
# The whole kit, every file counted (piecepack-tiles-2-5.pdf repeats tiles of piecepack.pdf, and counts too).
KIT = {"a4": 34, "letter": 38}
# The reviewed files' sheets (see test_sheets_per_file), and the files whose notes take a sheet.
REVIEWED = {"a4": 22, "letter": 25}
OWN_NOTES = {"a4": ["power-lines-cards.pdf"], "letter": ["ley-lines-dominoes.pdf", "piecepack.pdf"]}


def sheets(path: Path) -> int:
    reader = pypdf.PdfReader(path)
    preferences = reader.trailer["/Root"].get("/ViewerPreferences") or {}
    pages = len(reader.pages)
    return -(-pages // 2) if preferences.get("/Duplex") == "/DuplexFlipLongEdge" else pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheets_per_file(paper, kit_folder, tmp_path):
    if paper == "a4":
        out = kit_folder[0]  # the kit's defaults
    else:
        out = tmp_path
        result = CliRunner().invoke(app, ["build", "--paper", paper, "--format", "pdf", "--out", str(out)])
        assert result.exit_code == 0, result.output
    paths = {path.name: path for path in sorted(out.glob("*/*.pdf"))}  # a folder per target
    got = {name: sheets(path) for name, path in paths.items()}
    assert got == (SHEETS | LETTER if paper == "letter" else SHEETS)
    assert sum(got.values()) == KIT[paper]
    # Every file of pieces opens with its notes, on its first page.
    noted = [name for name in got if "How to print" in (pypdf.PdfReader(paths[name]).pages[0].extract_text() or "")]
    assert sorted(noted) == sorted(name for name in SHEETS if not name.endswith(("-rules.pdf", "-answer.pdf", "-scorepad.pdf")))
    # The files the review counted, 27 sheets then: 22 on A4 now.
    reviewed = [name for name in got if not name.startswith("ley-lines") and not name.endswith("-scorepad.pdf")]
    assert sum(got[name] for name in reviewed) == REVIEWED[paper]
    # Notes take a sheet of their own only in a file with no room for them anywhere else.
    assert [name for name in got if cover_pages(paths[name])] == sorted(OWN_NOTES[paper])


# How imposition spends pages: no blank page at the end, a note on a blank one between sheets.


def _card(back: bool, size: float = 150) -> Component:
    """A grey square, `size` mm: at 150 mm one fills a sheet."""

    def face(bleed: float) -> list:
        return [Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, Style(fill="#808080"))]

    return Component(size, size, face, face if back else None)


def _texts(pages) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(pages)))
    return [page.extract_text() or "" for page in reader.pages]


def test_no_blank_back_page_at_the_end():
    opts = SheetOptions(Print())
    pages = impose_stacked([([_card(True)], opts), ([_card(False)], opts)], caption="test")
    # Fronts, backs, fronts: the last sheet has no backs, so no page for them.
    assert len(pages) == 3
    assert [bool(p.items) for p in pages] == [True, True, True]


def test_a_blank_back_between_sheets_says_so():
    opts = SheetOptions(Print())
    pages = impose_stacked([([_card(False)], opts), ([_card(True)], opts)], caption="test")
    assert len(pages) == 4  # the blank back keeps the later fronts and backs in step
    texts = _texts(pages)
    assert "Nothing to print on this side" in texts[1]
    assert "Nothing to print" not in texts[3]


def test_blocks_that_fit_share_a_sheet():
    small = SheetOptions(Print(), max_cols=2, max_rows=1)
    pages = impose_stacked([([_card(True, 40)] * 2, small), ([_card(True, 40)] * 2, small)], caption="test")
    assert len(pages) == 2  # one sheet: its fronts and its backs
    assert "sheet 1 of 1" in _texts(pages)[0]
    with open_pdf(render_pdf(pages)) as pdf:
        fronts = [r for r in pdf.pages[0].rects if r.get("fill")]
        backs = [r for r in pdf.pages[1].rects if r.get("fill")]
    assert len(fronts) == len(backs) == 4
    # Two rows, one block under the other, with room for both blocks' crop marks between them.
    tops = sorted({round(r["top"] * 25.4 / 72, 2) for r in fronts})
    assert len(tops) == 2 and tops[1] - tops[0] >= 40 + 2 * 5
