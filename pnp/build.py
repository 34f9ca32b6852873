"""`pnp build`: every game registers its print targets here; no target builds them all."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Annotated, Callable

import typer

from .app import App
from .diagnostics import PnpError


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


BackOffsetOption = Annotated[str, typer.Option("--back-offset", help="X,Y in mm: shift the duplex backs to suit your printer.")]


def parse_offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise PnpError(f"--back-offset: expected X,Y in mm like 0.5,-1, got {text!r}", exit_code=2) from None
    return x, y


def options(paper: Paper, formats: str, out: Path) -> BuildOptions:
    return BuildOptions(paper.value, parse_formats(formats), out)


# name -> builder taking the common options and returning the files it wrote
TARGETS: dict[str, Callable[[BuildOptions], list[Path]]] = {}

build_app = App(help="Write print-ready PDFs (and SVGs) into output/.", no_args_is_help=False)


def register(name: str, builder: Callable[[BuildOptions], list[Path]]) -> None:
    TARGETS[name] = builder


def report(paths: list[Path]) -> None:
    for path in paths:
        typer.echo(f"wrote {path}")


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
    for builder in TARGETS.values():
        report(builder(opts))
