"""`pnp build`: every game registers its print targets here; naming none builds them all (the kit).

A target's module is imported only when that target runs (or help lists them): `TARGET_MODULES`
names them, so that pnp starts without loading every game's drawing code.
"""

from __future__ import annotations

import copy
import importlib
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Annotated, Callable

import typer

from . import options as parse
from .app import App, LazyGroup, lazy_group
from .diagnostics import PnpError
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


# Target name -> the module that registers it; `pnp build` alone builds them in this order,
# each into a folder of that name.
TARGET_MODULES = {
    "power-lines-cards": "pnp.games.power_lines_cards.build",
    "piecepack": "pnp.piecepack.build",
    "power-lines": "pnp.games.power_lines_piecepack.build",
    "pack-solitaire": "pnp.games.pack_solitaire.build",
    "paint-the-line": "pnp.games.paint_the_line.build",
    "ley-lines": "pnp.games.ley_lines.build",
}

# name -> builder taking the common options and returning the files it wrote
TARGETS: dict[str, Callable[[BuildOptions], list[Path]]] = {}


def register(name: str, builder: Callable[[BuildOptions], list[Path]]) -> None:
    TARGETS[name] = builder


def load_targets() -> dict[str, Callable[[BuildOptions], list[Path]]]:
    """Every target, imported, in `TARGET_MODULES` order."""
    for module in TARGET_MODULES.values():
        importlib.import_module(module)
    return {name: TARGETS[name] for name in TARGET_MODULES}


def _target(name: str) -> Callable[[], object]:
    def load() -> object:
        importlib.import_module(TARGET_MODULES[name])
        info = next(c for c in build_app.registered_commands if c.name == name)
        return typer.main.get_command_from_info(info, pretty_exceptions_short=build_app.pretty_exceptions_short, rich_markup_mode=build_app.rich_markup_mode)

    return load


_quiet = [False]  # `pnp build --quiet`: no progress bar, no summary


class _Targets(LazyGroup):
    """The targets of `pnp build`, each also taking the group's `--quiet` (`pnp build TARGET -q`)."""

    def get_command(self, ctx: object, name: str) -> object:
        command = super().get_command(ctx, name)
        if command is not None and not any(p.name == "quiet" for p in command.params):
            quiet = copy.copy(next(p for p in self.params if p.name == "quiet"))
            quiet.expose_value = False  # the target's function takes no such argument
            quiet.callback = lambda ctx, param, value: _quiet.__setitem__(0, _quiet[0] or value)
            command.params.append(quiet)
        return command


build_app = App(
    help="Write print-ready PDFs (and SVGs): alone, the whole kit into output/, a folder per game, with index.html.",
    no_args_is_help=False,
    cls=lazy_group({name: _target(name) for name in TARGET_MODULES}, _Targets),
)


def report(paths: list[Path]) -> None:
    """Write what the build staged, then show what was written (file, pages, sheets, size)."""
    commit()
    if not _quiet[0]:
        from .kit import print_summary

        print_summary(paths)


@build_app.callback(invoke_without_command=True)
def build_all(
    ctx: typer.Context,
    paper: PaperOption = Paper.A4,
    formats: FormatOption = "pdf,svg",
    out: OutOption = Path("output"),
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar and no summary.")] = False,
) -> None:
    """Build the whole kit with its defaults (or name one target to set its own options; it writes flat into --out)."""
    _quiet[0] = quiet
    if ctx.invoked_subcommand is not None:
        return
    from .kit import build_kit

    report(build_kit(options(paper, formats, out), progress=not quiet))
