"""`pnp build power-lines`: the rule sheet and the 16 tiles Power Lines for piecepack uses."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...build import BuildOptions, FormatOption, OutOption, Paper, PaperOption, build_app, options, register, report
from ...piecepack.build import build as build_piecepack
from ...rulesheets import write_rules
from .diagrams import figures, sheet_context

NAME = "power-lines"


def build(opts: BuildOptions, bw: bool = False) -> list[Path]:
    return write_rules("power-lines-piecepack", opts, figures(), **sheet_context()) + build_piecepack(opts, bw, tiles="2-5")


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
