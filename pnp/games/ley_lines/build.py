"""`pnp build ley-lines`: the board as a poster, the dominoes with duplex backs, a score pad, the rules."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from ... import options as parse
from ...build import BackOffsetOption, BuildOptions, FormatOption, OutOption, Paper, PaperOption, build_app, options, register, report
from ...draw.poster import PosterOptions, tile_poster
from ...draw.shapes import Drawing
from ...draw.sheets import Component, SheetOptions, impose
from ...output import write_pages
from ...rulesheets import write_rules
from .draw import board_drawing, domino_back, domino_face, domino_size, print_layout, score_pad
from .engine import DOMINOES, domino_name
from .diagrams import figures, sheet_context

NAME = "ley-lines"


def board_pages(paper: str, players: int) -> list[Drawing]:
    """The overview, then the board at true size over several sheets."""
    lay = print_layout()
    opts = PosterOptions(paper, lay.poster_overlap, lay.poster_mark, lay.poster_mark_spacing, f"Ley Lines board, {players} players")
    return tile_poster(board_drawing(players), opts)


def domino_pages(paper: str, back_offset: tuple[float, float] = (0.0, 0.0)) -> list[Drawing]:
    """All 28 double-six dominoes (those with a six marked), fronts then backs for a long-edge flip."""
    w, h = domino_size()
    components = [Component(w, h, partial(domino_face, d), domino_back, f"domino-{domino_name(d)}", "domino-back") for d in DOMINOES]
    return impose(components, SheetOptions(paper, back_offset=back_offset), caption="Ley Lines dominoes (print both sides, flip on the long edge)")


def build(opts: BuildOptions, players: int = 4, back_offset: tuple[float, float] = (0.0, 0.0)) -> list[Path]:
    written = write_pages(f"{NAME}-board", [*board_pages(opts.paper, players), score_pad(opts.paper)], opts, title="Ley Lines board and score pad")
    written += write_pages(f"{NAME}-dominoes", domino_pages(opts.paper, back_offset), opts, title="Ley Lines dominoes")
    written += write_rules(NAME, opts, figures(), **sheet_context())
    return written


@build_app.command(NAME)
def build_command(
    players: Annotated[int, typer.Option("--players", parser=parse.integer(3, 4), help="3 prints Albion only; 4 both islands.")] = 4,
    paper: PaperOption = Paper.A4,
    formats: FormatOption = "pdf,svg",
    out: OutOption = Path("output"),
    back_offset: BackOffsetOption = "0,0",
) -> None:
    """Ley Lines (by James Kyle): the board at true size over several sheets, 28 dominoes, a score pad and the rules."""
    report(build(options(paper, formats, out), players, back_offset))


register(NAME, build)
