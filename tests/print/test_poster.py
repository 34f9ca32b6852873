"""Poster tiling (pnp.draw.poster) on its own: any large drawing over several sheets, read back from the PDF."""

from __future__ import annotations

import math

import pytest

from pnp.core.layouts import sheet_layout
from pnp.core.printing import Paper, Print
from pnp.draw.pdf import render_pdf
from pnp.draw.poster import GUARD, PosterOptions, bbox, plan, tile_poster
from pnp.draw.shapes import Circle, Drawing, Group, Line, Rect, Style, Text, compose, rotate, scale, translate
from tests.helpers.pdfgeom import MM, open_pdf

INK = Style(stroke="#000000", stroke_width=0.3)


def grid(width: float, height: float, step: float = 10.0) -> Drawing:
    """A drawing of ruled lines every `step` mm, each carrying its own position."""
    art = Drawing(width, height)
    art.add(*(Line(x, 0, x, height, INK) for x in range(0, int(width) + 1, int(step))))
    art.add(*(Line(0, y, width, y, INK) for y in range(0, int(height) + 1, int(step))))
    return art


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(500.0, 300.0), (330.0, 381.0), (190.0, 250.0), (900.0, 120.0)])
def test_sheets_cover_the_drawing_with_exact_overlaps(paper, size):
    width, height = size
    opts = PosterOptions(Print(Paper(paper)), overlap=12.0)
    p = plan(width, height, opts)
    # Every sheet's window fits its page inside the margin.
    lay = sheet_layout()
    for s in p.sheets:
        assert s.window[2] - s.window[0] == pytest.approx(p.page_width - 2 * (lay.margin + GUARD))
        assert s.window[3] - s.window[1] <= p.page_height - 2 * lay.margin
    # Together the windows cover the drawing.
    xs = sorted({s.window[0] for s in p.sheets}), sorted({s.window[2] for s in p.sheets})
    ys = sorted({s.window[1] for s in p.sheets}), sorted({s.window[3] for s in p.sheets})
    assert xs[0][0] <= 0 and xs[1][-1] >= width and ys[0][0] <= 0 and ys[1][-1] >= height
    # Neighbours share exactly the overlap; seams run down its middle.
    for left, right in zip(xs[1][:-1], xs[0][1:]):
        assert left - right == pytest.approx(12.0)
    for seam, start in zip(p.seams_x, xs[0][1:]):
        assert seam == pytest.approx(start + 6.0)
    # No orientation would need fewer sheets.
    other = plan(height, width, opts)
    assert len(p.sheets) <= len(other.sheets) or p.page_width > p.page_height


def test_small_drawing_is_one_sheet_without_seams():
    p = plan(100.0, 100.0, PosterOptions(Print()))
    assert len(p.sheets) == 1 and p.seams_x == () and p.seams_y == ()
    pages = tile_poster(grid(100.0, 100.0), PosterOptions(Print()))
    assert len(pages) == 2  # the overview and the one sheet


def read(pages: list[Drawing]) -> list[dict]:
    out = []
    with open_pdf(render_pdf(pages)) as pdf:
        for page in pdf.pages:
            out.append(
                {
                    "size": (float(page.width) * MM, float(page.height) * MM),
                    "lines": [(l["x0"] * MM, l["top"] * MM, l["x1"] * MM, l["bottom"] * MM) for l in page.lines],
                    "circles": [((c["x0"] + c["x1"]) / 2 * MM, (c["top"] + c["bottom"]) / 2 * MM) for c in page.curves],
                    "text": page.extract_text() or "",
                }
            )
    return out


def test_sheets_in_the_pdf_show_their_part_at_true_size():
    art = grid(500.0, 300.0)
    opts = PosterOptions(Print(), overlap=12.0, caption="Test poster")
    p = plan(art.width, art.height, opts)
    pages = read(tile_poster(art, opts))
    assert len(pages) == 1 + len(p.sheets) and "how the" in pages[0]["text"]
    for sheet, page in zip(p.sheets, pages[1:]):
        assert f"row {sheet.row + 1} of {p.rows}, column {sheet.column + 1} of {p.columns}" in page["text"]
        # The grid's vertical lines (long, on the 10 mm ruling) sit 10 mm apart at true size...
        ruled = sorted({round(l[0], 2) for l in page["lines"] if l[0] == l[2] and l[3] - l[1] > 50 and l[3] - l[1] < 299})
        gaps = {round(b - a, 2) for a, b in zip(ruled, ruled[1:])}
        assert gaps <= {10.0} or gaps <= {10.0, 20.0}
        # ...and only lines reaching into the window are on the sheet at all.
        x0, y0, x1, y1 = sheet.window
        offset_x = p.margin - x0
        drawn = {round(x - offset_x) for x in ruled}
        assert drawn and all(x0 - 1 <= x <= x1 + 1 for x in drawn)


def test_neighbours_print_the_same_crosshairs_on_the_same_seam():
    art = grid(500.0, 300.0)
    opts = PosterOptions(Print(), overlap=12.0, mark=6.0, mark_spacing=50.0)
    p = plan(art.width, art.height, opts)
    pages = read(tile_poster(art, opts))[1:]
    by_place = {(s.row, s.column): (s, page) for s, page in zip(p.sheets, pages)}
    pairs = 0
    for (r, c), (s, page) in by_place.items():
        if (r, c + 1) in by_place:
            t, other = by_place[(r, c + 1)]
            # Crosshairs in drawing coordinates: page position less the sheet's offset.
            mine = {(round(x - p.margin + s.window[0], 2), round(y - p.margin + s.window[1], 2)) for x, y in page["circles"]}
            theirs = {(round(x - p.margin + t.window[0], 2), round(y - p.margin + t.window[1], 2)) for x, y in other["circles"]}
            seam = p.seams_x[c]
            on_seam = {m for m in mine & theirs if abs(m[0] - seam) < 0.01}
            assert len(on_seam) >= 2
            pairs += 1
    assert pairs == p.rows * (p.columns - 1)


def test_bbox_follows_transforms_clips_and_text():
    assert bbox(Rect(1, 2, 3, 4, Style(fill="#000000"))) == (1, 2, 4, 6)
    assert bbox(Circle(0, 0, 2, Style(fill="#000000"))) == (-2, -2, 2, 2)
    g = Group((Rect(0, 0, 10, 10, Style(fill="#000000")),), compose(translate(100, 50), scale(2)))
    assert bbox(g) == pytest.approx((100, 50, 120, 70))
    turned = Group((Rect(0, 0, 10, 2, Style(fill="#000000")),), rotate(90))
    x0, y0, x1, y1 = bbox(turned)
    assert (x1 - x0, y1 - y0) == pytest.approx((2, 10))
    clipped = Group((Rect(0, 0, 100, 100, Style(fill="#000000")),), clip=Rect(10, 10, 5, 5, Style()))
    assert bbox(clipped) == (10, 10, 15, 15)
    left, _, right, _ = bbox(Text(50, 10, "wide text", 10, anchor="middle"))
    assert left < 50 < right and math.isclose(50 - left, right - 50)
    assert bbox(Group(())) is None


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("width, height", [(348.0, 424.0), (600.0, 300.0), (150.0, 150.0)])
def test_with_a_grid_every_seam_lies_on_a_grid_line_and_the_sheets_still_cover_everything(paper, width, height):
    origin, pitch, overlap = 9.0, 25.4, 12.0
    p = plan(width, height, PosterOptions(Print(Paper(paper)), overlap=overlap, grid=(origin, origin, pitch)))
    for seam in (*p.seams_x, *p.seams_y):
        assert (seam - origin) / pitch == pytest.approx(round((seam - origin) / pitch), abs=1e-9)  # between two spaces
    windows = [s.window for s in p.sheets]
    assert min(w[0] for w in windows) <= 0 and max(w[2] for w in windows) >= width
    assert min(w[1] for w in windows) <= 0 and max(w[3] for w in windows) >= height
    # Half the overlap either side of each seam, on the sheets that meet there.
    for s in p.sheets:
        x0, y0, x1, y1 = s.window
        if s.column:
            assert x0 == pytest.approx(p.seams_x[s.column - 1] - overlap / 2)
        if s.column < p.columns - 1:
            assert x1 >= p.seams_x[s.column] + overlap / 2 - 1e-9
        if s.row:
            assert y0 == pytest.approx(p.seams_y[s.row - 1] - overlap / 2)
