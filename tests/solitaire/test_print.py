"""The printed Pack Solitaire deal, read back from the files: true-size tiles cut along their edges,
every tile on a sheet with other content, and the answer in a file of its own."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import pairwise

import pypdf
import pytest

from pnp.contract.documents import write_documents
from pnp.core.printing import Paper, Print
from pnp.games.pack_solitaire.build import Options, build
from pnp.games.pack_solitaire.engine import score_layout
from pnp.games.pack_solitaire.files import parse_layout
from pnp.games.pack_solitaire.generate import deal
from pnp.output.files import BuildOptions
from tests.helpers.pdfgeom import MM, cover_pages, ink_margins, open_pdf, point_to_segment, read_pages, segment_length

TILE = 50.8  # 2 in
SVG = "{http://www.w3.org/2000/svg}"


def _write(opts: BuildOptions, options: Options) -> None:
    """The target's documents written, as `pnp build` writes them."""
    write_documents(build(opts, options), opts)


@pytest.fixture(scope="module", params=["a4", "letter"])
def printed(request, tmp_path_factory):
    out = tmp_path_factory.mktemp(f"solitaire-{request.param}")
    _write(BuildOptions(Print(Paper(request.param)), ("pdf", "svg"), out), Options(seed=13))
    return out / "pack-solitaire-13.pdf"


def answer_of(printed):
    return printed.with_name("pack-solitaire-13-answer.pdf")


def strokes(path, page_index: int) -> list[dict]:
    """Every stroked line, curve and rectangle of a page: position in mm, width in pt, grey level 0 (black) to 1."""
    with open_pdf(path) as pdf:
        page = pdf.pages[page_index]
        found = []
        for obj in page.lines + page.curves + page.rects:
            if not obj.get("stroke"):
                continue
            colour = obj["stroking_color"]
            grey = sum(colour) / len(colour) if isinstance(colour, (tuple, list)) and colour else 0.0
            box = tuple(v * MM for v in (obj["x0"], obj["top"], obj["x1"], obj["bottom"]))
            found.append({"box": box, "width": obj["linewidth"], "grey": grey, "kind": obj["object_type"]})
    return found


def tiles_on(page) -> list[tuple[float, float, float, float]]:
    return page.rects_of_size(TILE, TILE)


def tile_page(printed, which: str) -> int:
    """The index of the sheet of tiles or of the record sheet, found by what they hold (not by page order)."""
    pages = read_pages(printed)
    first = cover_pages(printed)
    if which == "record":
        [index] = [i for i, p in enumerate(pages) if i >= first and "record sheet" in p.text]
    else:
        [index] = [i for i, p in enumerate(pages) if i >= first and len(tiles_on(p)) > 1]
    assert tiles_on(pages[index])
    return index


def near(found: list[dict], tiles) -> list[dict]:
    """The strokes that reach into a tile (the record sheet's grids are no part of the cutting)."""

    def touches(box, tile) -> bool:
        x, y, w, h = tile
        return box[0] <= x + w + 0.1 and box[2] >= x - 0.1 and box[1] <= y + h + 0.1 and box[3] >= y - 0.1

    return [s for s in found if any(touches(s["box"], t) for t in tiles)]


def test_tiles_at_true_size_and_never_alone(printed):
    assert cover_pages(printed) == 0  # the file's notes stand on the record sheet: no page of their own
    pages = read_pages(printed)
    assert len(pages) == 2  # regression: the record sheet with the 16th tile and the notes, then 15 tiles (was 4 pages, answer included)
    loose, sheet = tiles_on(pages[0]), tiles_on(pages[1])
    assert (len(loose), len(sheet)) == (1, 15)
    # The 16th tile shares the record sheet, never a sheet of its own.
    assert "record sheet" in pages[0].text and "Scale check" in pages[0].text
    xs = sorted({round(t[0], 2) for t in sheet})
    ys = sorted({round(t[1], 2) for t in sheet})
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:])] == [TILE] * 2
    assert [round(b - a, 2) for a, b in zip(ys, ys[1:])] == [TILE] * 4
    assert min(ink_margins(printed)) >= 5 - 0.26


@pytest.mark.parametrize("which", ["sheet", "record"])
def test_cut_lines_run_along_every_tile_edge(printed, which):
    page_index = tile_page(printed, which)
    tiles = tiles_on(read_pages(printed)[page_index])
    found = near(strokes(printed, page_index), tiles)
    cut_width = max(s["width"] for s in found)
    cuts = [s["box"] for s in found if s["kind"] == "line" and s["width"] == cut_width]

    def covered(x0, y0, x1, y1) -> bool:
        """An edge lies under one heavy line from end to end."""
        if x0 == x1:  # vertical
            return any(abs(a - x0) < 0.05 and abs(c - x0) < 0.05 and b <= y0 + 0.05 and d >= y1 - 0.05 for a, b, c, d in cuts)
        return any(abs(b - y0) < 0.05 and abs(d - y0) < 0.05 and a <= x0 + 0.05 and c >= x1 - 0.05 for a, b, c, d in cuts)

    for x, y, w, h in tiles:
        assert covered(x, y, x, y + h) and covered(x + w, y, x + w, y + h), (x, y)  # left and right
        assert covered(x, y, x + w, y) and covered(x, y + h, x + w, y + h), (x, y)  # top and bottom
    # The heavy lines are the tile edges and nothing else: their positions step by whole tiles.
    verticals = sorted({round(a, 2) for a, b, c, d in cuts if abs(a - c) < 0.01})
    assert all(abs((v - verticals[0]) / TILE - round((v - verticals[0]) / TILE)) < 0.002 for v in verticals)


@pytest.mark.parametrize("which", ["sheet", "record"])
def test_no_line_inside_a_tile_is_as_heavy_or_as_dark_as_a_cut_line(printed, which):
    page_index = tile_page(printed, which)
    tiles = tiles_on(read_pages(printed)[page_index])
    found = near(strokes(printed, page_index), tiles)
    cut = max(found, key=lambda s: s["width"])

    def inside(box) -> bool:
        """Within a tile and not along one of its edges."""
        x0, y0, x1, y1 = box
        for x, y, w, h in tiles:
            within = x - 0.1 <= x0 and x1 <= x + w + 0.1 and y - 0.1 <= y0 and y1 <= y + h + 0.1
            on_edge = (abs(x0 - x1) < 0.01 and min(abs(x0 - x), abs(x0 - x - w)) < 0.05) or (abs(y0 - y1) < 0.01 and min(abs(y0 - y), abs(y0 - y - h)) < 0.05)
            if within and not on_edge:
                return True
        return False

    inner = [s for s in found if inside(s["box"])]
    grid = [s for s in inner if s["kind"] in ("line", "rect")]
    assert len(grid) >= 4 * len(tiles)  # each tile's four framed squares are there ...
    assert all(s["width"] < cut["width"] for s in inner)  # ... and every inner stroke is lighter than a cut
    assert all(s["width"] <= cut["width"] / 2 and s["grey"] > cut["grey"] + 0.3 for s in grid)  # the squares visibly so


@pytest.mark.parametrize("which", ["sheet", "record"])
def test_tile_pattern_stays_inside_each_tile_clear_of_its_centre(printed, which):
    """No line of a tile's pattern could pass for a cut: none longer than 10 mm passes within 1 mm of
    a tile's centre, and every one stays inside its tile, 1 mm clear of the edges (only the cut lines run along them)."""
    page_index = tile_page(printed, which)
    tiles = tiles_on(read_pages(printed)[page_index])
    found = near(strokes(printed, page_index), tiles)
    cut = max(s["width"] for s in found)
    segments = stroke_segments(printed, page_index)
    for x, y, w, h in tiles:
        cx, cy = x + w / 2, y + h / 2
        through = [s for s in segments if segment_length(s) > 10 and point_to_segment(cx, cy, s) <= 1.0]
        assert not through, ((cx, cy), through)
    pattern = [s["box"] for s in found if s["width"] < cut]
    assert pattern
    for x0, y0, x1, y1 in pattern:
        assert any(x + 1 <= x0 and x1 <= x + w - 1 and y + 1 <= y0 and y1 <= y + h - 1 for x, y, w, h in tiles), (x0, y0, x1, y1)


def stroke_segments(path, page_index: int) -> list[tuple[float, float, float, float]]:
    """Every stroked straight stretch of a page in mm: lines, the sides of stroked rectangles, the chords of stroked paths."""
    with open_pdf(path) as pdf:
        page = pdf.pages[page_index]
        found = []
        for obj in page.lines + page.curves:
            if obj.get("stroke"):
                found += [(x1 * MM, y1 * MM, x2 * MM, y2 * MM) for (x1, y1), (x2, y2) in pairwise(obj["pts"])]
        for r in page.rects:
            if r.get("stroke"):
                x0, top, x1, bottom = (v * MM for v in (r["x0"], r["top"], r["x1"], r["bottom"]))
                found += [(x0, top, x1, top), (x1, top, x1, bottom), (x0, bottom, x1, bottom), (x0, top, x0, bottom)]
    return found


def test_every_dealt_tile_is_numbered(printed):
    from pnp.games.pack_solitaire.draw import solitaire_layout

    size = solitaire_layout().id_size  # the tile numbers; coin ranks are far larger
    with open_pdf(printed) as pdf:
        words = [w for page in pdf.pages for w in page.extract_words(extra_attrs=["size"])]
    numbers = sorted(int(w["text"]) for w in words if abs(w["size"] - size) < 0.1 and w["text"].isdigit())
    assert numbers == list(range(1, 17))


def test_the_answer_is_in_its_own_file_and_scores_its_par(printed):
    player = pypdf.PdfReader(printed)
    texts = [page.extract_text() for page in player.pages]
    for text in texts:
        # No par, no layout (the record sheet's one example of a turn, 12@90, aside).
        assert "par" not in text.split() and "`" not in text and set(re.findall(r"\d+@\d+", text)) <= {"12@90"}
    # The notes only say where the answer is kept.
    mentions = [text.lower().count("answer") for text in texts]
    assert sorted(mentions) == [0, 1] and "pack-solitaire-13-answer.pdf" in texts[mentions.index(1)]
    answer = pypdf.PdfReader(answer_of(printed))
    assert len(answer.pages) == 1
    text = answer.pages[0].extract_text()
    assert text.startswith("Answer") and "This page is the answer" in text and "`" not in text
    par = int(re.search(r"par (\d+)", text)[1])
    rows = [line.split() for line in text.splitlines() if re.fullmatch(r"\s*([\d@.]+\s+){3}[\d@.]+\s*", line)]
    layout = parse_layout("\n".join(" ".join(r) for r in rows))
    assert not layout.diagnostics
    result = score_layout(deal(13), layout.value.layout)
    assert not result.violations and result.score == par and result.tiles_placed == 16
    assert "this deal allows (proven)" in text


def test_svgs_parse_with_mm_sizes_matching_the_pdf_pages(printed):
    for pdf_path in (printed, answer_of(printed)):
        pages = read_pages(pdf_path)
        svgs = sorted(pdf_path.parent.glob(f"{pdf_path.stem}-[0-9][0-9].svg"))
        assert len(svgs) == len(pages)
        for svg, page in zip(svgs, pages):
            root = ET.parse(svg).getroot()
            w, h = root.get("width"), root.get("height")
            assert w.endswith("mm") and h.endswith("mm"), svg.name
            assert abs(float(w[:-2]) - page.width) < 0.01 and abs(float(h[:-2]) - page.height) < 0.01


def test_svg_keeps_the_spaces_of_the_layout_text(printed):
    svg = printed.with_name("pack-solitaire-13-answer-01.svg")
    root = ET.parse(svg).getroot()
    space = "{http://www.w3.org/XML/1998/namespace}space"
    rows = [t for t in root.iter(f"{SVG}text") if "monospace" in t.get("font-family", "")]
    assert len(rows) == 4  # the four rows of the .layout
    spaced = [t for t in rows if "  " in t.text or t.text != t.text.strip()]
    assert spaced and all(t.get(space) == "preserve" for t in spaced)
    # Read as SVG reads it (spaces kept), the rows are the layout the PDF shows.
    pdf_rows = [l for l in pypdf.PdfReader(answer_of(printed)).pages[0].extract_text().splitlines() if "@" in l or l.strip().isdigit()]
    assert parse_layout("\n".join(t.text for t in rows)).value.layout == parse_layout("\n".join(pdf_rows[-4:])).value.layout


def test_same_deal_prints_the_same_files(printed, tmp_path):
    paper = "a4" if abs(read_pages(printed)[0].width - 210) < 0.5 else "letter"
    _write(BuildOptions(Print(Paper(paper)), ("pdf", "svg"), tmp_path), Options(seed=13))
    names = sorted(path.name for path in printed.parent.glob("pack-solitaire-13*"))
    assert names == sorted(path.name for path in tmp_path.glob("pack-solitaire-13*"))
    for name in names:
        assert (tmp_path / name).read_bytes() == (printed.parent / name).read_bytes(), name


def test_the_loose_tiles_cut_lines_end_clear_of_where_printers_clip(printed):
    """The record sheet's loose tile carries its own cut lines, run on past it as crop marks: they
    end at least 6 mm from the paper's edge, as every crop mark does (many printers clip 5 mm)."""
    index = tile_page(printed, "record")
    page = read_pages(printed)[index]
    tiles = tiles_on(page)
    cuts = near(strokes(printed, index), tiles)
    assert cuts
    for x0, top, x1, bottom in (s["box"] for s in cuts):
        assert min(x0, top, page.width - x1, page.height - bottom) >= 6.0 - 0.01, (x0, top, x1, bottom)
