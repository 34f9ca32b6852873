"""`pnp build`: every game registers its print targets here; no target builds them all."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Annotated, Callable

import typer

from . import options as parse
from .app import App
from .diagnostics import PnpError, shown
from .output import begin, commit


class Paper(str, Enum):
    A4 = "a4"
    LETTER = "letter"


FORMATS = ("pdf", "svg")


@dataclass(frozen=True)
class BuildOptions:
    """What every target understands."""

    paper: str = "a4"
    formats: tuple[str, ...] = FORMATS
    out: Path = Path("output")


def parse_formats(text: str) -> tuple[str, ...]:
    chosen = tuple(dict.fromkeys(f.strip().lower() for f in text.split(",") if f.strip()))
    wrong = [f for f in chosen if f not in FORMATS]
    if wrong or not chosen:
        raise PnpError(f"--format: {', '.join(wrong) or 'nothing'} is not a format; use pdf, svg or pdf,svg", exit_code=2)
    return chosen


PaperOption = Annotated[Paper, typer.Option("--paper", help="Paper size.")]
FormatOption = Annotated[str, typer.Option("--format", help="Comma-separated: pdf, svg or pdf,svg.")]
OutOption = Annotated[Path, typer.Option("--out", help="Output folder.", file_okay=False)]


BackOffsetOption = Annotated[
    parse.Offset,
    typer.Option("--back-offset", parser=parse.back_offset, metavar="X,Y", help="X,Y in mm (each within the 5 mm margin): shift the duplex backs to suit your printer."),
]


def options(paper: Paper, formats: str, out: Path) -> BuildOptions:
    """The common options, checked; the output folder must be one pnp can write before anything is built."""
    opts = BuildOptions(paper.value, parse_formats(formats), out)
    begin(out)
    return opts


# name -> builder taking the common options and returning the files it wrote
TARGETS: dict[str, Callable[[BuildOptions], list[Path]]] = {}

build_app = App(help="Write print-ready PDFs (and SVGs) into output/.", no_args_is_help=False)


def register(name: str, builder: Callable[[BuildOptions], list[Path]]) -> None:
    TARGETS[name] = builder


def report(paths: list[Path]) -> None:
    """Write what the build staged, then say so."""
    commit()
    for path in paths:
        typer.echo(f"wrote {shown(path)}")


@build_app.callback(invoke_without_command=True)
def build_all(
    ctx: typer.Context,
    paper: PaperOption = Paper.A4,
    formats: FormatOption = "pdf,svg",
    out: OutOption = Path("output"),
) -> None:
    """Build every target with its defaults (or name one target to set its own options)."""
    if ctx.invoked_subcommand is not None:
        return
    opts = options(paper, formats, out)
    report([path for builder in TARGETS.values() for path in builder(opts)])
