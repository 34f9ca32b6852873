"""`pnp export print-shop`: a print shop's files from the pieces a game lists (pnp.contract.pieces).

Every distinct face and back becomes one page of a PDF sized trim plus bleed (its TrimBox on
the cut), and that page rendered is its PNG, so the two never differ. A CSV manifest says which
file is which piece, front or back, and how many copies to order.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass, replace
from pathlib import Path

from pnp.contract.pieces import Piece
from pnp.core.layouts import LayoutModel, Length, load_layout
from pnp.draw.pdf import render_pdf
from pnp.draw.raster import pixels, rasterise
from pnp.draw.shapes import Drawing, group

# The most pixels one image may hold: 100 million, 300 MB of RGB while it is made. Beyond that
# (520 mm at 1200 dpi is 604 million) the image library runs out of memory on common machines.
MAX_PIXELS = 100_000_000
PDF_NAME = "pieces.pdf"
MANIFEST_NAME = "manifest.csv"
COLUMNS = ("file", "piece", "side", "copies", "pdf_page", "width_px", "height_px", "trim_mm", "bleed_mm", "dpi")


class Preset(LayoutModel):
    about: str
    trim: tuple[Length, Length] | None = None  # None: each piece at its own size
    bleed: Length
    safe: Length  # what the pieces' layouts keep clear (tests/export/test_print_shop.py reads it)
    dpi: int
    targets: list[str]


class Presets(LayoutModel):
    preset: dict[str, Preset]


def presets() -> dict[str, Preset]:
    return load_layout("print-shop", Presets).preset


@dataclass(frozen=True)
class Job:
    """What to make: the trim (None: the pieces' own), bleed and safe zone in mm, and the dpi."""

    name: str  # the preset's, or "custom"
    trim: tuple[float, float] | None
    bleed: float
    safe: float  # the band inside the cut that the pieces keep clear of edges and outlines
    dpi: int


def largest_image(pieces: list[Piece], job: Job) -> tuple[int, int]:
    """The width and height in pixels of the largest image `job` makes of `pieces`."""
    b = job.bleed
    return max(((pixels(p.width + 2 * b, job.dpi), pixels(p.height + 2 * b, job.dpi)) for p in pieces), key=lambda wh: wh[0] * wh[1])


def highest_dpi(pieces: list[Piece], job: Job) -> int:
    """The highest resolution at which every image of `job` stays within MAX_PIXELS."""
    dpi = job.dpi
    while dpi > 1 and math.prod(largest_image(pieces, replace(job, dpi=dpi))) > MAX_PIXELS:
        dpi -= 1
    return dpi


def files(pieces: list[Piece], job: Job, out: Path) -> dict[Path, bytes]:
    """The PDF (each piece's front, then its back), one PNG per distinct design, and the manifest
    (a row per side of each piece), under `out`."""
    b = job.bleed
    sides = [(p, side, design) for p in pieces for side, design in (("front", p.face), ("back", p.back)) if design is not None]
    drawn = [
        Drawing(p.width + 2 * b, p.height + 2 * b, [group(*design.draw(b), at=(b, b))], title=design.label, trim=(b, b, p.width, p.height))
        for p, _, design in sides
    ]
    pdf = render_pdf(drawn, title="Print-shop pieces")
    first: dict[str, int] = {}  # each design's first page: the one rendered to its PNG
    for number, (_, _, design) in enumerate(sides):
        first.setdefault(design.name, number)
    made = {out / PDF_NAME: pdf}
    for name, png in zip(first, rasterise(pdf, job.dpi, list(first.values()))):
        made[out / f"{name}.png"] = png
    rows = []
    for number, (p, side, design) in enumerate(sides, 1):
        size = (pixels(p.width + 2 * b, job.dpi), pixels(p.height + 2 * b, job.dpi))
        rows.append((f"{design.name}.png", p.face.label, side, p.copies, number, *size, f"{p.width:g} x {p.height:g}", f"{b:g}", job.dpi))
    made[out / MANIFEST_NAME] = _csv(rows)
    return made


def _csv(rows: list[tuple]) -> bytes:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(rows)
    return buf.getvalue().encode("utf-8")
