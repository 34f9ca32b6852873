"""Writing a build: one PDF with every page, one SVG per page; all or nothing per file."""

from __future__ import annotations

from pathlib import Path

from .atomic import write_atomic
from .build import BuildOptions
from .draw.shapes import Drawing


def write_pages(name: str, pages: list[Drawing], opts: BuildOptions, title: str = "") -> list[Path]:
    """`name.pdf` and `name-NN.svg` in the output folder; returns the paths written."""
    # The backends (ReportLab, svgwrite) load here, not when pnp starts: most commands draw nothing.
    from .draw.pdf import render_pdf
    from .draw.svg import render_svg

    written = []
    if "pdf" in opts.formats:
        path = opts.out / f"{name}.pdf"
        write_atomic(path, render_pdf(pages, title=title or name))
        written.append(path)
    if "svg" in opts.formats:
        for number, page in enumerate(pages, 1):
            path = opts.out / f"{name}-{number:02d}.svg"
            write_atomic(path, render_svg(page))
            written.append(path)
        # A smaller rebuild must not leave pages of an older, longer one behind.
        for stale in opts.out.glob(f"{name}-[0-9][0-9].svg"):
            if int(stale.stem.rsplit("-", 1)[1]) > len(pages):
                stale.unlink()
    return written
