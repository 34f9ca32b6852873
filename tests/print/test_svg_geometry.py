"""The SVGs show what the PDF shows: every rectangle, line and circle read back from each SVG
page stands at the same place and size on the same PDF page, within 0.01 mm."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from tests.helpers.pdfgeom import open_pdf
from tests.helpers.svggeom import read_svg, unmatched

MM = 25.4 / 72


def _pdf_boxes(page) -> dict[str, list[tuple[float, float, float, float]]]:
    def boxes(objects):
        return [(o["x0"] * MM, o["top"] * MM, o["x1"] * MM, o["bottom"] * MM) for o in objects]

    # pdfplumber files a closed axis-aligned path as a rect and a two-point path as a line,
    # so each SVG kind is looked for among the PDF kinds it can become.
    return {"rects": boxes(page.rects), "lines": boxes(page.lines + page.rects), "circles": boxes(page.curves)}


@pytest.mark.parametrize(
    "target, name",
    [
        ("power-lines-cards", "power-lines-cards"),
        ("piecepack", "piecepack"),
        ("paint-the-line", "paint-the-line"),
    ],
)
def test_svg_pages_match_the_pdf(tmp_path, target, name):
    result = CliRunner().invoke(app, ["build", target, "--out", str(tmp_path), "--format", "pdf,svg"])
    assert result.exit_code == 0, result.output
    svgs = sorted(tmp_path.glob(f"{name}-[0-9][0-9].svg"))
    compared = 0
    with open_pdf(tmp_path / f"{name}.pdf") as pdf:
        assert len(svgs) == len(pdf.pages)
        for svg_path, page in zip(svgs, pdf.pages):
            svg = read_svg(svg_path)
            assert (svg.width, svg.height) == pytest.approx((page.width * MM, page.height * MM), abs=0.01)
            found = _pdf_boxes(page)
            for kind in ("rects", "lines", "circles"):
                wanted = getattr(svg, kind)
                assert not unmatched(wanted, found[kind]), f"{svg_path.name}: {kind} not in the PDF"
                compared += len(wanted)
    assert compared > 50  # the comparison saw real content, not empty pages
