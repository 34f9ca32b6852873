"""`pnp build power-lines`: the rule sheet, a score pad and the 16 tiles Power Lines for piecepack uses."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...build import BuildOptions, FormatOption, OutOption, Paper, PaperOption, build_app, options, register, report
from ...draw.scorepad import pad_hints
from ...output import write_pages
from ...piecepack.build import build as build_piecepack
from ...rulesheets import write_rules
from .diagrams import figures, sheet_context
from .draw import score_pad

NAME = "power-lines"


def build(opts: BuildOptions, bw: bool = False) -> list[Path]:
    pad = score_pad(opts.paper)
    about = "A score pad for Power Lines for piecepack by David Boyle: two matches of two games, to fill in by hand or on screen."
    written = write_rules("power-lines-piecepack", opts, figures(), **sheet_context())
    written += write_pages("power-lines-piecepack-scorepad", [pad], opts, title=pad.title, hints=pad_hints(pad, about))
    return written + build_piecepack(opts, bw, tiles="2-5")


@build_app.command(NAME)
def build_command(
    paper: PaperOption = Paper.A4,
    formats: FormatOption = "pdf,svg",
    out: OutOption = Path("output"),
    bw: Annotated[bool, typer.Option("--bw", help="Black and white.")] = False,
) -> None:
    """Power Lines for piecepack (by David Boyle): its rule sheet and the 2-5 tiles of every suit."""
    report(build(options(paper, formats, out), bw))


register(NAME, build)
