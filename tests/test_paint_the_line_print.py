"""Paint the Line in print, measured in the PDF: boards, paper pyramids at the standard sizes, margins."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pdfgeom import MM, cover_pages, ink_margins

IN = 25.4
# Looney Labs' standard pyramids: base width and height, by pips.
STANDARD = {1: (9 / 16 * IN, 1 * IN), 2: (25 / 32 * IN, 1.375 * IN), 3: (1 * IN, 1.75 * IN)}
SQUARE = 32.0  # a board space, from layouts/paint-the-line.toml


def build(out: Path, paper: str = "a4") -> Path:
    result = CliRunner().invoke(app, ["build", "paint-the-line", "--paper", paper, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "paint-the-line.pdf"


@pytest.fixture(scope="module", params=["a4", "letter"])
def pdf(request, tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp(request.param), request.param)


def points(shape) -> list[tuple[float, float]]:
    return [(x * MM, y * MM) for x, y in shape["pts"]]


def dist(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def joins(line, p, q) -> bool:
    a, b = line[0], line[-1]
    return (dist(a, p) < 0.1 and dist(b, q) < 0.1) or (dist(a, q) < 0.1 and dist(b, p) < 0.1)


def nets(pdf: Path) -> list[tuple[list[tuple[float, float]], list]]:
    """Each cut outline (apex, five rim corners, four tab corners, back to the apex) with the page's lines."""
    found = []
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            lines = [tuple(points(line)) for line in page.lines]
            found += [(points(c)[:10], lines) for c in page.curves if len(c["pts"]) == 11 and c.get("stroke")]
    return found


def test_paper_pyramids_fold_to_the_standard_sizes(pdf):
    sizes = Counter()
    for outline, lines in nets(pdf):
        apex, rim = outline[0], outline[1:6]
        base = dist(rim[0], rim[1])
        pips = min(STANDARD, key=lambda p: abs(STANDARD[p][0] - base))
        width, height = STANDARD[pips]
        # Four faces: each rim chord is a base edge, each apex-rim distance a sloping edge.
        assert [dist(a, b) for a, b in zip(rim, rim[1:])] == pytest.approx([width] * 4, abs=0.1)
        edges = [dist(apex, corner) for corner in rim]
        assert edges == pytest.approx([edges[0]] * 5, abs=0.1)
        # Folded, the apex stands this high over the centre of the square base.
        assert math.sqrt(edges[0] ** 2 - width**2 / 2) == pytest.approx(height, abs=0.1)
        # Dashed folds run from the apex to the three inner rim corners.
        for corner in rim[1:4]:
            assert any(joins(line, apex, corner) for line in lines)
        sizes[pips] += 1
    # Three trios of each of the four colours.
    assert sizes == {1: 12, 2: 12, 3: 12}


def test_every_face_names_its_colour(pdf):
    # The .board letter of the colour on all four faces: black-and-white prints stay playable.
    with pdfplumber.open(pdf) as doc:
        first = cover_pages(pdf) + 1  # the pyramids follow the boards
        letters = Counter(ch["text"] for page in doc.pages[first : first + 3] for ch in page.chars)
    assert {letter: letters[letter] for letter in "RYGB"} == {letter: 3 * 3 * 4 for letter in "RYGB"}


def test_pyramids_share_sheets_without_touching(pdf):
    with pdfplumber.open(pdf) as doc:
        pages = [[points(c) for c in page.curves if len(c["pts"]) == 11 and c.get("stroke")] for page in doc.pages]
    boxes = [[(min(x for x, _ in o), min(y for _, y in o), max(x for x, _ in o), max(y for _, y in o)) for o in page] for page in pages]
    for page in boxes:
        for i, a in enumerate(page):
            for b in page[i + 1 :]:
                assert a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1], "two nets overlap"
    # Rows of different sizes fill each other's pages: 36 nets on 3 sheets, not a sheet or two per size.
    assert [bool(page) for page in boxes] == [False] * cover_pages(pdf) + [False, True, True, True, False]


def test_boards_have_the_spaces_and_blocks_of_the_rules(pdf):
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[cover_pages(pdf)]
        rects = [(r["x0"] * MM, r["top"] * MM, r["width"] * MM, r["height"] * MM, bool(r.get("fill"))) for r in page.rects]
        lines = [(l["x0"] * MM, l["top"] * MM, l["x1"] * MM, l["bottom"] * MM) for l in page.lines]
    # Grid lines run the full 6 spaces: two boards of 3 and 4 horizontal lines.
    across = sorted(l[1] for l in lines if l[1] == pytest.approx(l[3]) and l[2] - l[0] == pytest.approx(6 * SQUARE, abs=0.1))
    assert len(across) == 3 + 4
    movement, scoring = across[:3], across[3:]
    assert [b - a for a, b in zip(movement, movement[1:])] == pytest.approx([SQUARE] * 2, abs=0.1)
    assert [b - a for a, b in zip(scoring, scoring[1:])] == pytest.approx([SQUARE] * 3, abs=0.1)
    left = min(l[0] for l in lines)
    # The two blocked spaces: middle row of the scoring board, second and fifth columns.
    blocked = sorted((round((x - left) / SQUARE, 3), round((y - scoring[0]) / SQUARE, 3)) for x, y, w, h, filled in rects if filled)
    assert blocked == [(1, 1), (4, 1)]
    # Where each starting tree stands: a 1 in square in every movement space.
    footprints = [(x, y) for x, y, w, h, filled in rects if not filled and w == pytest.approx(IN, abs=0.1) and h == pytest.approx(IN, abs=0.1)]
    assert len(footprints) == 12
    for x, y in footprints:
        col, row = (x - left) / SQUARE, (y - movement[0]) / SQUARE
        assert col % 1 == pytest.approx((SQUARE - IN) / 2 / SQUARE, abs=0.01)
        assert row % 1 == pytest.approx((SQUARE - IN) / 2 / SQUARE, abs=0.01)


def test_nothing_is_printed_within_5_mm_of_the_edge(pdf):
    assert min(ink_margins(pdf)) >= 5.0


def test_rules_credit_the_designer(tmp_path):
    build(tmp_path)
    with pdfplumber.open(tmp_path / "paint-the-line-rules.pdf") as doc:
        text = " ".join(page.extract_text() for page in doc.pages)
    assert "Robert Dudley" in text and "Scoring" in text


def test_builds_are_byte_identical(tmp_path):
    first, second = build(tmp_path / "1"), build(tmp_path / "2")
    assert first.read_bytes() == second.read_bytes()
    for svg in sorted(first.parent.glob("*.svg")):
        assert svg.read_bytes() == (second.parent / svg.name).read_bytes()
