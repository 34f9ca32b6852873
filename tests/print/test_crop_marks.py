"""Crop marks survive the printer: read back from the kit's imposed files, on A4 and Letter,
every mark ends at least 6 mm from every paper edge (many printers clip 5 mm or more) and
stays long enough to line a ruler up with.

A crop mark, as `pnp.draw.sheets` draws it, is a short straight line of 0.25 pt in pure black,
in the margin around a grid of pieces: above and below each vertical cut, left and right of
each horizontal cut. The geometry here comes from the PDF alone, never from pnp's layout numbers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from tests.helpers.pdfgeom import MM, open_pdf

CLEAR = 6.0  # mm: the nearest a mark may end to the paper edge
SHORTEST = 3.0  # mm: a shorter mark is no help to line a ruler up with
LONGEST = 4.0  # mm: longer is a line, not a mark
STROKE = 0.25  # pt
PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
EPS = 0.01  # mm: PDF numbers are written rounded

# Target: the file that holds its imposed pieces.
IMPOSED = {
    "power-lines-cards": "power-lines-cards.pdf",
    "piecepack": "piecepack.pdf",
    "ley-lines": "ley-lines-dominoes.pdf",
    "pack-solitaire": "pack-solitaire-1.pdf",
}

Box = tuple[float, float, float, float]  # x0, top, x1, bottom in mm


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Each (target, paper) built once, on demand: the path of its imposed file."""
    cache: dict[tuple[str, str], Path] = {}

    def get(target: str, paper: str) -> Path:
        if (target, paper) not in cache:
            out = tmp_path_factory.mktemp(f"{target}-{paper}")
            result = CliRunner().invoke(app, ["build", target, "--paper", paper, "--format", "pdf", "--out", str(out)])
            assert result.exit_code == 0, result.output
            cache[target, paper] = out / IMPOSED[target]
        return cache[target, paper]

    return get


def _thin_black_short(page) -> list[Box]:
    """The page's axis-aligned lines of the marks' stroke and colour, no longer than a mark."""
    found = []
    for line in page.lines:
        colour = tuple(line.get("stroking_color") or ())
        black = len(colour) in (1, 3) and all(abs(c) < 1e-3 for c in colour)  # grey or RGB zero
        if abs(line["linewidth"] - STROKE) > 0.01 or not black:
            continue
        box = (line["x0"] * MM, line["top"] * MM, line["x1"] * MM, line["bottom"] * MM)
        w, h = box[2] - box[0], box[3] - box[1]
        if min(w, h) < EPS and max(w, h) <= LONGEST + EPS:
            found.append(box)
    return found


def crop_marks(page) -> list[Box]:
    """The thin black short lines outside the grid their cuts outline: the crop marks.

    Vertical marks stand on the vertical cuts (their x), horizontal ones on the horizontal cuts
    (their y); the grid spans the outermost cuts, and a mark lies wholly outside it."""
    lines = _thin_black_short(page)
    vertical = [l for l in lines if l[2] - l[0] < EPS]
    horizontal = [l for l in lines if l[3] - l[1] < EPS]
    if not vertical or not horizontal:
        return []
    left, right = min(l[0] for l in vertical), max(l[0] for l in vertical)
    top, bottom = min(l[1] for l in horizontal), max(l[1] for l in horizontal)
    outside_v = [l for l in vertical if l[3] <= top + EPS or l[1] >= bottom - EPS]
    outside_h = [l for l in horizontal if l[2] <= left + EPS or l[0] >= right - EPS]
    return outside_v + outside_h


def _marks_by_page(path: Path) -> list[tuple[float, float, list[Box]]]:
    with open_pdf(path) as pdf:
        return [(page.width * MM, page.height * MM, crop_marks(page)) for page in pdf.pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("target", sorted(IMPOSED))
def test_crop_marks_end_clear_of_the_paper_edge(built, target, paper):
    pages = _marks_by_page(built(target, paper))
    marked = [(w, h, marks) for w, h, marks in pages if marks]
    assert marked, f"no crop marks found in {IMPOSED[target]} on {paper}"
    too_near = []
    for number, (w, h, marks) in enumerate(pages, 1):
        assert (w, h) == pytest.approx(PAPER[paper], abs=0.1)
        for x0, top, x1, bottom in marks:
            nearest = min(x0, top, w - x1, h - bottom)
            if nearest < CLEAR - EPS:
                too_near.append((number, round(nearest, 2), (round(x0, 2), round(top, 2), round(x1, 2), round(bottom, 2))))
    assert not too_near, f"{IMPOSED[target]} on {paper}: crop marks nearer the edge than {CLEAR:g} mm (page, mm, line): {too_near[:8]}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("target", sorted(IMPOSED))
def test_crop_marks_stay_long_enough_to_use(built, target, paper):
    for number, (_, _, marks) in enumerate(_marks_by_page(built(target, paper)), 1):
        lengths = sorted(round(max(x1 - x0, bottom - top), 2) for x0, top, x1, bottom in marks)
        assert not lengths or lengths[0] >= SHORTEST - EPS, (number, lengths[:4])
        # Two marks on every cut, one at each end: a cut with one mark cannot be lined up.
        xs = [round(x0, 2) for x0, top, x1, bottom in marks if x1 - x0 < EPS]
        ys = [round(top, 2) for x0, top, x1, bottom in marks if bottom - top < EPS]
        assert all(xs.count(x) == 2 for x in xs) and all(ys.count(y) == 2 for y in ys), number


def test_only_the_short_side_loses_length(built):
    """A4 leaves 10.5 mm beside a row of three cards but 16.5 mm above and below three of them:
    the marks beside the cards are shortened to end 6 mm from the edge, those above and below keep
    their full 4 mm."""
    _, _, marks = next(p for p in _marks_by_page(built("power-lines-cards", "a4")) if p[2])
    beside = [x1 - x0 for x0, top, x1, bottom in marks if bottom - top < EPS]
    above_below = [bottom - top for x0, top, x1, bottom in marks if x1 - x0 < EPS]
    assert len(beside) == len(above_below) == 8
    assert beside == pytest.approx([3.5] * 8, abs=0.02)
    assert above_below == pytest.approx([LONGEST] * 8, abs=0.02)
