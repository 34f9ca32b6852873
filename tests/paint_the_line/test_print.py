"""Paint the Line in print, measured in the PDF: the boards, paper pyramids at the
standard sizes nested on two sheets, black and white by pattern, margins."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from tests.helpers.pdfgeom import MM, cover_pages, ink_margins, open_pdf

IN = 25.4
# Looney Labs' standard pyramids: base width and height, by pips.
STANDARD = {1: (9 / 16 * IN, 1 * IN), 2: (25 / 32 * IN, 1.375 * IN), 3: (1 * IN, 1.75 * IN)}
SQUARE = 32.0  # a board space, from layouts/paint-the-line.toml
GAP = 2.5  # between two nets' cut lines (layouts/paint-the-line.toml)
# The four colours in setup order (red, yellow, green, blue) as PDF fills, and the movement board's setup.
FILLS = [(0xD5, 0x5E, 0x00), (0xF0, 0xE4, 0x42), (0x00, 0x9E, 0x73), (0x00, 0x72, 0xB2)]
SETUP = ((1, 2, 3, 4, 1, 2), (3, 4, 1, 2, 3, 4))


def build(out: Path, paper: str = "a4", *more: str) -> Path:
    result = CliRunner().invoke(app, ["build", "paint-the-line", "--paper", paper, "--out", str(out), *more])
    assert result.exit_code == 0, result.output
    return out / ("paint-the-line-bw.pdf" if "--bw" in more else "paint-the-line.pdf")


@pytest.fixture(scope="module", params=["a4", "letter"])
def pdf(request, tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp(request.param), request.param)


@pytest.fixture(scope="module")
def bw(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("bw"), "a4", "--bw")


def rgb(colour) -> tuple[int, ...]:
    return tuple(round(v * 255) for v in colour) if isinstance(colour, (tuple, list)) and len(colour) == 3 else ()


def boards(doc):
    return next(page for page in doc.pages if "Movement board" in (page.extract_text() or ""))


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
    with open_pdf(pdf) as doc:
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
    with open_pdf(pdf) as doc:
        first = cover_pages(pdf) + 1  # the pyramids follow the boards
        letters = Counter(ch["text"] for page in doc.pages[first:] for ch in page.chars)
    assert {letter: letters[letter] for letter in "RYGB"} == {letter: 3 * 3 * 4 for letter in "RYGB"}


def segment_distance(p, q, a, b) -> float:
    def to_segment(x, s, t):
        dx, dy = t[0] - s[0], t[1] - s[1]
        f = max(0.0, min(1.0, ((x[0] - s[0]) * dx + (x[1] - s[1]) * dy) / (dx * dx + dy * dy)))
        return dist(x, (s[0] + f * dx, s[1] + f * dy))

    def side(o, s, t):
        return (s[0] - o[0]) * (t[1] - o[1]) - (s[1] - o[1]) * (t[0] - o[0])

    if side(a, b, p) * side(a, b, q) < 0 and side(p, q, a) * side(p, q, b) < 0:
        return 0.0  # they cross
    return min(to_segment(p, a, b), to_segment(q, a, b), to_segment(a, p, q), to_segment(b, p, q))


def inside(point, polygon) -> bool:
    x, y = point
    crossings = 0
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def apart(a, b) -> float:
    """The least distance between two outlines (0 when one lies in the other)."""
    if inside(a[0], b) or inside(b[0], a):
        return 0.0
    return min(segment_distance(p, q, s, t) for p, q in zip(a, a[1:] + a[:1]) for s, t in zip(b, b[1:] + b[:1]))


def test_pyramids_nest_on_two_sheets_without_touching(pdf):
    with open_pdf(pdf) as doc:
        pages = [[points(c)[:10] for c in page.curves if len(c["pts"]) == 11 and c.get("stroke")] for page in doc.pages]
    for page in pages:
        for i, a in enumerate(page):
            for b in page[i + 1 :]:
                assert apart(a, b) >= GAP - 0.05, "two nets closer than the gap"
    # Nets turned half round fill their neighbours' gaps: 36 nets on 2 sheets (3 before nesting),
    # right after the cover and the boards.
    assert [bool(page) for page in pages] == [False] * (cover_pages(pdf) + 1) + [True, True]
    assert sum(len(page) for page in pages) == 36
    # Each sheet's nets stand centred between the top margin and the caption, clear of both.
    with open_pdf(pdf) as doc:
        for page in doc.pages:
            outlines = [c for c in page.curves if len(c["pts"]) == 11 and c.get("stroke")]
            if outlines:
                top, bottom = min(c["top"] for c in outlines) * MM, max(c["bottom"] for c in outlines) * MM
                caption = min(ch["top"] for ch in page.chars if ch["top"] * MM > bottom) * MM
                assert top - 5.0 >= 1.0 and caption - bottom >= 1.0
                assert abs((top - 5.0) - (caption - bottom)) < 2.0
    # Every other net is turned: its apex below its rim instead of above.
    turned = [o[0][1] > max(y for _, y in o[1:6]) for page in pages for o in page]
    upright = [o[0][1] < min(y for _, y in o[1:6]) for page in pages for o in page]
    assert sum(turned) >= 12 and sum(upright) >= 12 and sum(turned) + sum(upright) == 36


def test_boards_have_the_spaces_and_blocks_of_the_rules(pdf):
    with open_pdf(pdf) as doc:
        page = boards(doc)
        rects = [(r["x0"] * MM, r["top"] * MM, r["width"] * MM, r["height"] * MM, bool(r.get("fill")), rgb(r["non_stroking_color"])) for r in page.rects]
        # The boards' lines (the score pad's are half as heavy).
        lines = [(l["x0"] * MM, l["top"] * MM, l["x1"] * MM, l["bottom"] * MM) for l in page.lines if l["linewidth"] * MM >= 0.49]
    # Grid lines run the full 6 spaces: two boards of 3 and 4 horizontal lines.
    across = sorted(l[1] for l in lines if l[1] == pytest.approx(l[3]) and l[2] - l[0] == pytest.approx(6 * SQUARE, abs=0.1))
    assert len(across) == 3 + 4
    movement, scoring = across[:3], across[3:]
    assert [b - a for a, b in zip(movement, movement[1:])] == pytest.approx([SQUARE] * 2, abs=0.1)
    assert [b - a for a, b in zip(scoring, scoring[1:])] == pytest.approx([SQUARE] * 3, abs=0.1)
    left = min(l[0] for l in lines)
    # The two blocked spaces: middle row of the scoring board, second and fifth columns, grey.
    blocked = sorted((round((x - left) / SQUARE, 3), round((y - scoring[0]) / SQUARE, 3)) for x, y, w, h, filled, c in rects if filled and c == (0xD9,) * 3)
    assert blocked == [(1, 1), (4, 1)]
    # Each movement space filled with the colour of the tree that starts there.
    spaces = {
        (round((x - left) / SQUARE), round((y - movement[0]) / SQUARE)): c
        for x, y, w, h, filled, c in rects
        if filled and c in FILLS and w == pytest.approx(SQUARE, abs=0.1) and h == pytest.approx(SQUARE, abs=0.1)
    }
    assert spaces == {(col, row): FILLS[number - 1] for row, numbers in enumerate(SETUP) for col, number in enumerate(numbers)}
    # Where each starting tree stands: a 1 in square in every movement space.
    footprints = [(x, y) for x, y, w, h, filled, _ in rects if not filled and w == pytest.approx(IN, abs=0.1) and h == pytest.approx(IN, abs=0.1)]
    assert len(footprints) == 12
    for x, y in footprints:
        col, row = (x - left) / SQUARE, (y - movement[0]) / SQUARE
        assert col % 1 == pytest.approx((SQUARE - IN) / 2 / SQUARE, abs=0.01)
        assert row % 1 == pytest.approx((SQUARE - IN) / 2 / SQUARE, abs=0.01)


def test_boards_name_their_spaces_as_records_do(pdf):
    """Columns a-f under each board, rows from 1 at the top at its left: small, outside the grid, 7 pt or more."""
    with open_pdf(pdf) as doc:
        page = boards(doc)
        lines = [(l["x0"] * MM, l["top"] * MM, l["x1"] * MM, l["bottom"] * MM) for l in page.lines if l["linewidth"] * MM >= 0.49]
        chars = [(c["text"], c["x0"] * MM, c["top"] * MM, c["x1"] * MM, c["bottom"] * MM, c["size"]) for c in page.chars]
    across = sorted({round(l[1], 2) for l in lines if abs(l[1] - l[3]) < 0.01 and abs(l[2] - l[0] - 6 * SQUARE) < 0.1})
    left = min(l[0] for l in lines)
    boards_ = [(across[0], across[2]), (across[3], across[6])]  # (top, bottom) of each board
    for top, bottom in boards_:
        letters = sorted((c for c in chars if bottom < c[2] < bottom + 6), key=lambda c: c[1])
        assert "".join(c[0] for c in letters) == "abcdef"
        for k, c in enumerate(letters):
            assert (c[1] + c[3]) / 2 == pytest.approx(left + (k + 0.5) * SQUARE, abs=0.5) and c[5] >= 7
        rows = sorted((c for c in chars if c[3] <= left and top < c[2] < bottom), key=lambda c: c[2])
        assert [c[0] for c in rows] == [str(r + 1) for r in range(round((bottom - top) / SQUARE))]
        for r, c in enumerate(rows):
            assert (c[2] + c[4]) / 2 == pytest.approx(top + (r + 0.5) * SQUARE, abs=1.5) and c[5] >= 7 and c[1] >= 5


def test_one_score_pad_in_a_file_of_its_own(pdf):
    # Printed once: not under the boards as well as in its own file.
    with open_pdf(pdf) as doc:
        text = " ".join(page.extract_text() for page in doc.pages)
    assert "Movement board" in text and "print at 100 % (actual size)" in text
    assert "Player 1" not in text and "score pad" not in text.lower().replace("the score pad has a file", "")
    with open_pdf(pdf.with_name("paint-the-line-scorepad.pdf")) as doc:
        assert "Player 1" in doc.pages[0].extract_text()


def test_black_and_white_is_patterns_not_colours(bw):
    with open_pdf(bw) as doc:
        everything = [o for page in doc.pages for o in page.rects + page.lines + page.curves + page.chars]
        page = boards(doc)
        hatch = [l for l in page.lines if l["linewidth"] * MM < 0.21]
        dots = [c for c in page.curves if c.get("fill") and (c["x1"] - c["x0"]) * MM < 1]
        nets = [c for p in doc.pages for c in p.curves if len(c["pts"]) == 11 and c.get("stroke")]
    for o in everything:
        for key in ("non_stroking_color", "stroking_color"):
            c = o.get(key)
            assert c is None or isinstance(c, (int, float)) or len(set(c)) == 1, (o["object_type"], c)
    # The colours become patterns: red, green and blue hatched, yellow dotted.
    assert len(hatch) > 150 and len(dots) > 100
    assert len(nets) == 36


def test_black_and_white_patterns_keep_clear_of_folds_and_pips_and_print_lighter(bw):
    with open_pdf(bw) as doc:
        sheets = [page for page in doc.pages if any(l.get("dash") and l["dash"][0] for l in page.lines)]
        assert len(sheets) == 2  # the two sheets of pyramids
        for page in sheets:
            folds = [points(l) for l in page.lines if l["dash"][0]]
            pattern = [l for l in page.lines if not l["dash"][0]]
            dots = [c for c in page.curves if c.get("fill") and (c["x1"] - c["x0"]) * MM < 1]
            pips = [c for c in page.curves if c.get("fill") and 1 < (c["x1"] - c["x0"]) * MM < 3 and max(c["non_stroking_color"]) < 0.2]
            assert pattern and dots and pips and folds
            # Lighter than the lines to cut and fold and the pips: a grey, not the ink.
            assert all(min(o["stroking_color"]) >= 0.4 for o in pattern) and all(min(o["non_stroking_color"]) >= 0.4 for o in dots)
            ends = [points(l) for l in pattern]
            for fold in folds:
                assert min(segment_distance(e[0], e[-1], fold[0], fold[-1]) for e in ends) >= 1.5  # the fold shows, not hidden in the hatching
            # Each pip sits on a plain white disc at least 0.8 mm wider all round, laid over the pattern.
            grounds = [c for c in page.curves if c.get("fill") and min(c["non_stroking_color"]) == 1.0]
            for pip in pips:
                centre, r = ((pip["x0"] + pip["x1"]) / 2, (pip["top"] + pip["bottom"]) / 2), (pip["x1"] - pip["x0"]) * MM / 2
                assert any(
                    dist(((g["x0"] + g["x1"]) / 2, (g["top"] + g["bottom"]) / 2), centre) * MM < 0.05 and (g["x1"] - g["x0"]) * MM / 2 >= r + 0.8
                    for g in grounds
                ), "a pip sits on its pattern"


def test_nothing_is_printed_within_5_mm_of_the_edge(pdf):
    assert min(ink_margins(pdf)) >= 5.0


def test_rules_credit_the_designer(tmp_path):
    build(tmp_path)
    with open_pdf(tmp_path / "paint-the-line-rules.pdf") as doc:
        text = " ".join(page.extract_text() for page in doc.pages)
    assert "Robert Dudley" in text and "Scoring" in text


def test_builds_are_byte_identical(tmp_path):
    first, second = build(tmp_path / "1"), build(tmp_path / "2")
    assert first.read_bytes() == second.read_bytes()
    for svg in sorted(first.parent.glob("*.svg")):
        assert svg.read_bytes() == (second.parent / svg.name).read_bytes()
