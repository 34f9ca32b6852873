"""What a print dialog and a player read first, checked in the files: viewer preferences, outline,
metadata, the cover page (contents by page, its scale bar) and SVGs that parse with mm sizes."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.printing import Print
from pnp.draw.cover import document
from pnp.draw.document import Part
from pnp.draw.shapes import Drawing, Text
from pnp.output.files import BuildOptions, write_pages
from tests.helpers.pdfgeom import MM, cover_pages, open_pdf

# The game files with a cover (kit: every target built, conftest.py): two-sided or not, and the parts in order.
COVERED = {
    "power-lines-cards.pdf": (True, ["Cards"]),
    "piecepack.pdf": (True, ["Coins, dice and pawns", "Tiles"]),
    "piecepack-tiles-2-5.pdf": (True, ["Tiles"]),
    "paint-the-line.pdf": (False, ["Boards", "Pyramids"]),
    "pack-solitaire-1.pdf": (False, ["Record sheet", "Tiles"]),
    "ley-lines-board.pdf": (False, ["Board overview", "Board sheets"]),
    "ley-lines-dominoes.pdf": (True, ["Dominoes"]),
}
BLANK = "left blank on purpose"


def outline(reader: pypdf.PdfReader) -> list[tuple[str, int, int]]:
    """(title, page index, level) of every outline entry, in order."""
    found = []

    def walk(entries, level):
        for entry in entries:
            if isinstance(entry, list):
                walk(entry, level + 1)
            else:
                found.append((entry.title, reader.get_destination_page_number(entry), level))

    walk(reader.outline, 0)
    return found


def bar_length(path: Path, page: int = 0) -> float:
    """The scale bar's length in mm: the run of touching, equally tall boxes on the cover."""
    with open_pdf(path) as doc:
        boxes = sorted((r["x0"] * MM, r["x1"] * MM, round(r["height"] * MM, 3)) for r in doc.pages[page].rects)
    steps = [b for b in boxes if b[2] == 5.0]  # layouts/cover.toml: bar_height
    assert len(steps) >= 4
    assert all(abs(a[1] - b[0]) < 1e-6 for a, b in zip(steps, steps[1:])), "the steps touch"
    return steps[-1][1] - steps[0][0]


def test_every_pdf_asks_for_actual_size_and_says_how_to_flip(kit):
    pdfs = sorted(kit.glob("*.pdf"))
    assert len(pdfs) >= 10
    for pdf in pdfs:
        prefs = pypdf.PdfReader(pdf).trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None", pdf.name
        duplex = COVERED.get(pdf.name, (None,))[0]
        if duplex is not None:
            assert prefs["/Duplex"] == ("/DuplexFlipLongEdge" if duplex else "/Simplex"), pdf.name
        elif pdf.name.endswith(("-rules.pdf", "-scorepad.pdf")):
            # A rule sheet of two pages prints on both sides of one sheet.
            two = len(pypdf.PdfReader(pdf).pages) > 1
            assert prefs["/Duplex"] == ("/DuplexFlipLongEdge" if two else "/Simplex"), pdf.name
        else:
            assert prefs["/Duplex"] in ("/DuplexFlipLongEdge", "/Simplex"), pdf.name


def test_every_pdf_has_title_author_subject_and_an_outline(kit):
    for pdf in sorted(kit.glob("*.pdf")):
        reader = pypdf.PdfReader(pdf)
        meta = reader.metadata
        assert meta.author == "pnp" and meta.title and meta.subject, pdf.name
        entries = outline(reader)
        assert entries and entries[0][1] == 0, pdf.name


def test_covered_files_bookmark_each_part_and_every_sheet(kit):
    for name, (duplex, parts) in COVERED.items():
        reader = pypdf.PdfReader(kit / name)
        entries = outline(reader)
        top = [(title, page) for title, page, level in entries if level == 0]
        assert [title for title, _ in top] == ["About this file", *parts], name
        # Parts follow each other; below each, a bookmark per sheet (fronts and backs when two-sided).
        assert [page for _, page in top] == sorted(page for _, page in top)
        for title, _, level in entries:
            if level == 1:
                assert re.fullmatch(r"Sheet \d+( fronts| backs)?", title), (name, title)
                assert title.endswith((" fronts", " backs")) == duplex, (name, title)
        # Every page is bookmarked, or says on its face that it is blank on purpose.
        marked = {page for _, page, _ in entries}
        for number, page in enumerate(reader.pages):
            assert number in marked or BLANK in page.extract_text() or "duplex check" in page.extract_text(), (name, number + 1)


def test_the_cover_lists_the_pages_the_outline_points_at(kit):
    for name, (duplex, parts) in COVERED.items():
        reader = pypdf.PdfReader(kit / name)
        text = reader.pages[0].extract_text()
        listed = dict((part, int(first)) for first, part in re.findall(r"Pages? (\d+)(?:-\d+)?\s+([A-Z][a-z ,]+):", text))
        starts = {title: page + 1 for title, page, level in outline(reader) if level == 0}
        # Notes on a page of their own list that page too, and say why; notes under pieces do not.
        own = {"These notes": 1} if cover_pages(kit / name) else {}
        assert listed == own | {part: starts[part] for part in parts}, name
        assert ("no sheet of this file has room" in text) == bool(own), name
        assert ("two-sided" in text.lower()) == duplex and "100 %" in text and "A4 (210 x 297 mm) paper" in text
        assert reader.metadata.title in text
        if duplex:  # the notes' back carries the duplex check, and the notes say so
            assert "duplex check" in reader.pages[1].extract_text().lower() and "Duplex check" in text


def test_assembly_steps_where_pieces_fold(kit):
    for name, words in (("piecepack.pdf", ("Dice", "Pawns", "glue")), ("paint-the-line.pdf", ("pyramid", "glue"))):
        text = pypdf.PdfReader(kit / name).pages[0].extract_text()
        assert "Assembly" in text and all(w in text for w in words), name
    assert "Assembly" not in pypdf.PdfReader(kit / "power-lines-cards.pdf").pages[0].extract_text()


def test_the_scale_bar_measures_50_mm_on_a4(kit):
    for name in COVERED:
        assert bar_length(kit / name) == pytest.approx(50.0, abs=0.01), name


def test_the_scale_bar_measures_2_in_on_letter(tmp_path):
    result = CliRunner().invoke(app, ["build", "paint-the-line", "--paper", "letter", "--format", "pdf", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert bar_length(tmp_path / "paint-the-line.pdf") == pytest.approx(2 * 25.4, abs=0.01)
    text = pypdf.PdfReader(tmp_path / "paint-the-line.pdf").pages[0].extract_text()
    assert "2 in long" in text and "US Letter" in text


def test_every_svg_parses_and_is_sized_in_mm_like_its_pdf_page(kit):
    svgs = sorted(kit.glob("*.svg"))
    assert len(svgs) > 30
    for svg in svgs:
        root = ET.parse(svg).getroot()
        width, height = root.get("width"), root.get("height")
        assert width.endswith("mm") and height.endswith("mm"), svg.name
        stem, number = svg.stem.rsplit("-", 1)
        page = pypdf.PdfReader(kit / f"{stem}.pdf").pages[int(number) - 1]
        assert float(width[:-2]) == pytest.approx(float(page.mediabox.width) * MM, abs=0.01), svg.name
        assert float(height[:-2]) == pytest.approx(float(page.mediabox.height) * MM, abs=0.01), svg.name


def _page(label: str) -> Drawing:
    page = Drawing(210, 297)
    page.add(Text(20, 20, label, 12))
    return page


def test_one_sided_pages_in_a_two_sided_file_get_blank_backs(tmp_path):
    parts = [
        Part("Boards", "a board.", [_page("board")]),
        Part("Cards", "cards.", [_page("fronts 1"), _page("backs 1"), _page("fronts 2"), _page("backs 2")], duplex=True),
    ]
    doc = document("Mixed", Print(), "A test file.", parts)
    write_pages("mixed", doc.pages, BuildOptions(Print(), ("pdf",), tmp_path), title=doc.title, hints=doc.hints)
    reader = pypdf.PdfReader(tmp_path / "mixed.pdf")
    texts = [page.extract_text() for page in reader.pages]
    # cover, its back, the board, its back, then fronts and backs alternating: fronts always on odd pages
    assert len(texts) == 8
    assert [BLANK in t for t in texts] == [False, False, False, True, False, False, False, False]
    assert "the duplex check" in texts[1]  # the cover's back
    assert "Back of page 3" in texts[3]
    assert [t.strip() for t in texts[4:]] == ["fronts 1", "backs 1", "fronts 2", "backs 2"]
    assert outline(reader) == [
        ("About this file", 0, 0),
        ("Boards", 2, 0),
        ("Cards", 4, 0),
        ("Sheet 1 fronts", 4, 1),
        ("Sheet 1 backs", 5, 1),
        ("Sheet 2 fronts", 6, 1),
        ("Sheet 2 backs", 7, 1),
    ]
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    assert "Pages 3-4" in texts[0] and "Pages 5-8" in texts[0]


def test_covered_builds_are_byte_identical(tmp_path):
    for out in ("a", "b"):
        assert CliRunner().invoke(app, ["build", "paint-the-line", "--out", str(tmp_path / out)]).exit_code == 0
    names = sorted(p.name for p in (tmp_path / "a").iterdir() if not p.name.startswith("."))
    assert "paint-the-line.pdf" in names
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_the_duplex_check_puts_rulers_behind_the_covers_cross(kit):
    # A long-edge flip mirrors x: the rulers' zero must sit exactly behind the cross, at true size.
    for name, (duplex, _) in COVERED.items():
        if not duplex:
            continue
        with open_pdf(kit / name) as doc:
            front, back = doc.pages[0], doc.pages[1]
            width = float(front.width) * MM
            arms = [l for l in front.lines if abs(l["linewidth"] * MM - 0.25) < 0.01 and 9.9 < max(l["width"], l["height"]) * MM < 10.1]
            (h,) = [l for l in arms if l["height"] == 0]
            (v,) = [l for l in arms if l["width"] == 0]
            cross = ((h["x0"] + h["x1"]) / 2 * MM, h["top"] * MM)
            assert (v["x0"] * MM, (v["top"] + v["bottom"]) / 2 * MM) == pytest.approx(cross, abs=0.01)
            rulers = [l for l in back.lines if 9.9 < max(l["width"], l["height"]) * MM < 10.1]
            (across,) = [l for l in rulers if l["height"] == 0]
            (down,) = [l for l in rulers if l["width"] == 0]
            zero = ((across["x0"] + across["x1"]) / 2 * MM, across["top"] * MM)
            assert zero == pytest.approx((width - cross[0], cross[1]), abs=0.01), name
            ticks = sorted(l["x0"] * MM for l in back.lines if l["width"] == 0 and abs(l["top"] * MM - zero[1]) < 0.01 and l["height"] * MM < 2)
            assert len(ticks) == 21 and [b - a for a, b in zip(ticks, ticks[1:])] == pytest.approx([0.5] * 20, abs=0.01)


def test_notes_under_pieces_stand_clear_of_them(kit):
    """Where the notes share a page with pieces, a hairline across the page parts them: nothing
    drawn crosses it, the pieces stand above it and the notes (how to print, the scale bar) below."""
    hosted = [name for name in COVERED if not cover_pages(kit / name)]
    assert len(hosted) == len(COVERED) - 1  # all but the A4 cards, whose sheets are full
    for name in hosted:
        with open_pdf(kit / name) as doc:
            page = doc.pages[0]
            width = float(page.width) * MM
            faint = (0.4, 0.4, 0.4)  # layouts/cover.toml: faint, #666666
            [rule] = [
                l for l in page.lines if l["height"] == 0 and l["width"] * MM > width / 2 and tuple(l["stroking_color"] or ()) == pytest.approx(faint, abs=0.01)
            ]
            y = rule["top"] * MM
            drawn = [o for kind in ("lines", "rects", "curves", "chars") for o in getattr(page, kind) if o is not rule]
            crossing = [o for o in drawn if o["top"] * MM < y - 0.01 and o["bottom"] * MM > y + 0.01]
            assert not crossing, (name, crossing[:1])
            above = [o for o in drawn if o["bottom"] * MM <= y]
            below = "".join(c["text"] for c in page.chars if c["top"] * MM > y)
            assert above and "How to print" in below and "Scale check" in below, name
            # The notes keep inside the page's margins, above the sheet's caption.
            assert all(5.0 <= o["x0"] * MM and o["x1"] * MM <= width - 5.0 for o in drawn if o["top"] * MM > y), name
    assert bar_length(kit / "piecepack.pdf") == pytest.approx(50.0, abs=0.01)  # the bar, at true size, under the pieces


def _notes_and_pages(path: Path) -> tuple[str, list[str]]:
    pages = [" ".join((page.extract_text() or "").split()) for page in pypdf.PdfReader(path).pages]
    notes = next((text for text in pages if "How to print" in text), "")
    return notes, pages


def test_the_notes_say_only_what_is_so_and_what_to_cut(kit, tmp_path):
    """A file's notes promise blank backs only where a page carries one, call pieces real size
    only where they are, and tell the player what to cut in every file of pieces to cut out."""
    for name in COVERED:
        notes, pages = _notes_and_pages(kit / name)
        promised = "followed by a blank one" in notes
        assert promised == any(BLANK in text for text in pages), name
        assert "real size" in notes and re.search(r"\bcut\b", notes.split("How to print")[0] + notes.split("Scale check")[-1]), name
    out = tmp_path / "book"
    result = CliRunner().invoke(app, ["build", "pack-solitaire", "--deals", "1-2", "--format", "pdf", "--out", str(out)])
    assert result.exit_code == 0, result.output
    notes, _ = _notes_and_pages(out / "pack-solitaire-deals-1-2.pdf")
    assert "reduced, with nothing to cut" in notes and "real size" not in notes and ".tiles" not in notes
