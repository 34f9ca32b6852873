"""Duplex backs land behind their own fronts after a long-edge flip, on a partly filled sheet
whose rows are not symmetric, read back from the PDF."""

from __future__ import annotations

import pytest

from pnp.core.printing import Paper, Print
from pnp.draw.pdf import render_pdf
from pnp.draw.shapes import Rect, Style
from pnp.draw.sheets import Component, SheetOptions, impose
from tests.helpers.pdfgeom import open_pdf

MM = 25.4 / 72
W, H = 63.0, 88.0
INSET = 3.0  # each face's marker starts this far into the face


def _marked(i: int):
    """A face whose only filled rectangle is a marker (4 + 2i) mm wide: it tells the components apart."""
    return lambda bleed: [Rect(INSET, INSET, 4 + 2 * i, 2, Style(fill="#000000"))]


def _origins(page) -> dict[int, tuple[float, float]]:
    """Component number -> its cut-box corner on the page, found from its marker."""
    found = {}
    for r in page.rects:
        width = (r["x1"] - r["x0"]) * MM
        i = round((width - 4) / 2)
        if abs(width - (4 + 2 * i)) < 0.01 and abs((r["bottom"] - r["top"]) * MM - 2) < 0.01:
            found[i] = (r["x0"] * MM - INSET, r["top"] * MM - INSET)
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.75)])
def test_each_back_lies_behind_its_front_on_a_partial_sheet(paper, offset):
    count = 4  # a 3 x 3 sheet holding one full row and one card of the next
    components = [Component(W, H, _marked(i), _marked(i)) for i in range(count)]
    pages = impose(components, SheetOptions(Print(Paper(paper), back_offset=offset)))
    with open_pdf(render_pdf(pages)) as pdf:
        paper_w = pdf.pages[0].width * MM
        fronts, backs = _origins(pdf.pages[0]), _origins(pdf.pages[1])
    assert sorted(fronts) == sorted(backs) == list(range(count))
    # The lone card of the second row sits at the left on the front, so at the right on the back.
    assert fronts[3][0] < paper_w / 2 < backs[3][0]
    for i in range(count):
        fx, fy = fronts[i]
        bx, by = backs[i]
        assert (bx, by) == pytest.approx((paper_w - fx - W + offset[0], fy + offset[1]), abs=0.01)
