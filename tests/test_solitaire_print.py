"""The printed Pack Solitaire deal, read back from the PDF: true-size tiles, every tile, and a par that scores."""

from __future__ import annotations

import re

import pdfplumber
import pypdf
import pytest
from pdfgeom import ink_margins, read_pages

from pnp.build import BuildOptions
from pnp.games.pack_solitaire.build import build
from pnp.games.pack_solitaire.engine import deal, score_layout
from pnp.games.pack_solitaire.files import parse_layout

TILE = 50.8  # 2 in


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    out = tmp_path_factory.mktemp("solitaire")
    build(BuildOptions("letter", ("pdf", "svg"), out), seed=13)
    return out / "pack-solitaire-13.pdf"


def test_tiles_at_true_size(printed):
    pages = read_pages(printed)
    front = pages[0]
    tiles = front.rects_of_size(TILE, TILE)
    assert len(tiles) == 15  # 3 x 5 fit inside the margins; the 16th goes on the next sheet
    marks = front.outside_lines(tiles)
    xs = sorted({round(l[0], 2) for l in marks if abs(l[0] - l[2]) < 1e-6})
    ys = sorted({round(l[1], 2) for l in marks if abs(l[1] - l[3]) < 1e-6})
    assert [round(b - a, 1) for a, b in zip(xs, xs[1:])] == [TILE] * 3
    assert [round(b - a, 1) for a, b in zip(ys, ys[1:])] == [TILE] * 5
    assert len(pages[1].rects_of_size(TILE, TILE)) == 1
    assert min(ink_margins(printed)) >= 5 - 0.26


def test_every_dealt_tile_is_numbered(printed):
    from pnp.games.pack_solitaire.draw import solitaire_layout

    size = solitaire_layout().id_size  # the tile numbers; coin ranks are far larger
    with pdfplumber.open(printed) as pdf:
        words = [w for page in pdf.pages[:2] for w in page.extract_words(extra_attrs=["size"])]
    numbers = sorted(int(w["text"]) for w in words if abs(w["size"] - size) < 0.1 and w["text"].isdigit())
    assert numbers == list(range(1, 17))


def test_par_page_layout_scores_its_par(printed):
    reader = pypdf.PdfReader(printed)
    assert len(reader.pages) == 4  # two sheets of tiles, the record sheet, the par on its own
    assert "record sheet" in reader.pages[2].extract_text()
    par_text = reader.pages[3].extract_text()
    par = int(re.search(r"par (\d+)", par_text)[1])
    rows = [line.split() for line in par_text.splitlines() if re.fullmatch(r"\s*([\d@.]+\s+){3}[\d@.]+\s*", line)]
    layout = parse_layout("\n".join(" ".join(r) for r in rows))
    assert not layout.diagnostics
    result = score_layout(deal(13), layout.layout)
    assert not result.violations and result.score == par and result.tiles_placed == 16
    assert "this deal allows (proven)" in par_text


def test_same_deal_prints_the_same_files(printed, tmp_path):
    build(BuildOptions("letter", ("pdf", "svg"), tmp_path), seed=13)
    for path in sorted(printed.parent.glob("pack-solitaire-13*")):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name
