"""Fonts read back from the files: every PDF embeds subsets of its fonts and sets text at the
widths pnp fitted it to; every SVG names the family the PDF embeds, at the same sizes; a web page carries the faces it names."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pypdf
import pytest

from pnp.draw.text import BOLD, MONO, REGULAR, face, width_mm
from tests.helpers.pdfgeom import MM, open_pdf

# The 14 standard fonts a PDF may use without embedding them: none may appear.
BASE14 = {
    *(f"{family}{style}" for family in ("Helvetica", "Courier") for style in ("", "-Bold", "-Oblique", "-BoldOblique")),
    *("Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Symbol", "ZapfDingbats"),
}
SVG = "{http://www.w3.org/2000/svg}"


def font_dicts(reader: pypdf.PdfReader):
    """Every font a page or a form drawn on it uses."""
    seen: set[int] = set()

    def walk(resources):
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            yield font.get_object()
        for xobject in (resources.get("/XObject") or {}).values():
            ref = xobject.indirect_reference
            if ref is not None and ref.idnum in seen:
                continue
            if ref is not None:
                seen.add(ref.idnum)
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                yield from walk(xobject.get("/Resources"))

    for page in reader.pages:
        yield from walk(page.get("/Resources"))


def test_every_pdf_embeds_a_subset_of_each_font(kit):  # kit: every target built (conftest.py)
    pdfs = sorted(kit.glob("*.pdf"))
    assert len(pdfs) >= 10  # every game's pieces and rules
    for pdf in pdfs:
        fonts = list(font_dicts(pypdf.PdfReader(pdf)))
        assert fonts, pdf.name
        for font in fonts:
            name = str(font["/BaseFont"])[1:]
            assert name.split("+")[-1] not in BASE14, (pdf.name, name)
            assert re.fullmatch(r"[A-Z]{6}\+Liberation(Sans|Sans-Bold|Mono)", name), (pdf.name, name)
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font)["/FontDescriptor"].get_object()
            assert any(key in descriptor for key in ("/FontFile2", "/FontFile", "/FontFile3")), (pdf.name, name)


FACE_OF = {face(font).name: font for font in (REGULAR, BOLD, MONO)}


def runs(page, words: bool = False) -> list[tuple[str, str, float, float, float, float]]:
    """Upright text as runs of touching characters of one font and size: (text, font, size, x0, x1, baseline) in mm.
    With `words`, a space ends a run (justified lines stretch their spaces)."""
    found: list[list] = []
    for c in page.chars:
        a, b, cc, d, _, _ = c["matrix"]
        if b or cc or a <= 0:
            continue  # turned or mirrored text
        if words and c["text"] == " ":
            found.append(["", "", 0.0, 0.0, 0.0, 0.0])  # ends the word; empty runs are dropped below
            continue
        font = FACE_OF[c["fontname"].split("+")[-1]]
        baseline = float(page.height) - c["matrix"][5]
        last = found[-1] if found else None
        if last and last[1] == font and last[2] == c["size"] and abs(last[4] - c["x0"]) < 0.01 and abs(last[5] - baseline) < 0.01:
            last[0] += c["text"]
            last[4] = c["x1"]
        else:
            found.append([c["text"], font, c["size"], c["x0"], c["x1"], baseline])
    return [(t, f, round(s, 3), x0 * MM, x1 * MM, y * MM) for t, f, s, x0, x1, y in found if t]


def test_text_is_as_wide_in_the_pdf_as_pnp_measured_it(kit):
    # The PDF's own font widths (what a viewer or printer sets) against the metrics pnp fits text with, word by word.
    # Every file's first four pages hold every kind of text it sets: the cover, and the first sheet of
    # pieces (with its back) or the whole rule sheet; later sheets repeat them.
    checked = 0
    for pdf in sorted(kit.glob("*.pdf")):
        with open_pdf(pdf) as doc:
            found = [run for page in doc.pages[:4] for run in runs(page, words=True)]
        for text, font, size, x0, x1, _ in found:
            assert x1 - x0 == pytest.approx(width_mm(text, font, size), abs=0.01), (pdf.name, text)
            checked += 1
    assert checked > 500


def placed_texts(element: ET.Element, dx: float = 0.0, dy: float = 0.0):
    """Every SVG text with where it lands on the page: its groups' translations added up."""
    for child in element:
        if child.tag == f"{SVG}text":
            yield child, float(child.get("x")) + dx, float(child.get("y")) + dy
        else:
            m = re.fullmatch(r"matrix\(1 0 0 1 (\S+) (\S+)\)", child.get("transform", "matrix(1 0 0 1 0 0)"))
            if m:  # (the notes are set in translated groups; turned art holds no text checked here)
                yield from placed_texts(child, dx + float(m[1]), dy + float(m[2]))


def test_svg_names_the_embedded_family_at_the_same_sizes(kit):
    # Each SVG text of the file's notes lines up with a run in the PDF.
    for name in ("power-lines-cards", "piecepack", "paint-the-line"):
        with open_pdf(kit / f"{name}.pdf") as doc:
            pdf_runs = runs(doc.pages[0])
        texts = [(t, x, y) for t, x, y in placed_texts(ET.parse(kit / f"{name}-01.svg").getroot()) if t.get("text-anchor") == "start"]
        assert len(texts) > 10
        for t, x, y in texts:
            ((font, size),) = [(f, s) for text, f, s, x0, _, base in pdf_runs if text == t.text and abs(x0 - x) < 0.01 and abs(base - y) < 0.01]
            family = t.get("font-family").split(",")[0].strip("'\" ")
            assert family.replace(" ", "") == face(font).name.removesuffix("-Bold"), t.text
            assert t.get("font-weight") == ("bold" if font == BOLD else "normal"), t.text
            assert float(t.get("font-size")) / MM == pytest.approx(size, abs=0.01), t.text


def test_only_fonts_pnp_embeds_can_be_drawn():
    with pytest.raises(ValueError, match="no embedded face"):
        width_mm("x", "Times-Roman", 10)


def test_a_web_page_carries_each_face_it_names_cut_to_its_characters():
    import base64
    import io

    from fontTools.ttLib import TTFont

    from pnp.draw.webfonts import font_faces

    assert font_faces("<p>no font named here</p>") == ""
    mono = face(MONO)
    css = font_faces(f'<svg><text font-family="{mono.family}">A·1 &amp; Ünder</text></svg>')
    rules = re.findall(r"font-family: '([^']+)'; font-weight: (\w+);.*?base64,([^)]+)\)", css)
    assert [r[:2] for r in rules] == [("Liberation Mono", "normal")]  # only the face the page names
    cmap = TTFont(io.BytesIO(base64.b64decode(rules[0][2]))).getBestCmap()
    assert {ord(c) for c in "A·1&Ü"} <= set(cmap) and ord("Z") not in cmap  # the page's characters (&amp; read as &), no others


SMALLEST_READ = 6.0  # pt: nothing a person reads is smaller


def _sizes(path) -> dict[float, str]:
    """Each font size a PDF sets text at (as printed: the size times the page's scaling), with a sample of its text."""
    found: dict[float, str] = {}
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            for char in page.chars:
                size = round(char["size"], 2)
                found[size] = found.get(size, "") + char["text"] if len(found.get(size, "")) < 20 else found[size]
    return found


def test_nothing_a_person_reads_is_under_6_pt(kit, tmp_path):
    """Every PDF of the kit and every `show` page: the whole board's overview and a position drawn
    reduced to fit the paper set their words larger, not smaller."""
    from typer.testing import CliRunner

    from pnp.commands.cli import app
    from pnp.core.resources import deck_file

    shows = {
        "ley-lines": [str(deck_file("ley-lines/example.leylines"))],
        "paint-the-line": [str(deck_file("paint-the-line/example.ptl"))],
        "power-lines": [str(deck_file("power-lines/example.record"))],
    }
    pdfs = sorted(kit.glob("*.pdf"))
    for game, args in shows.items():
        out = tmp_path / f"{game}.pdf"
        assert CliRunner().invoke(app, [game, "show", *args, "-o", str(out)]).exit_code == 0
        pdfs.append(out)
    for pdf in pdfs:
        small = {size: text for size, text in _sizes(pdf).items() if size < SMALLEST_READ - 0.01}
        assert not small, (pdf.name, small)
