"""`pnp build pack-solitaire`: a deal to cut out, a record sheet and, apart, the par layout."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from ...build import BuildOptions, FormatOption, OutOption, Paper, PaperOption, build_app, options, register, report
from ...draw.sheets import Component, SheetOptions, impose
from ...output import write_pages
from ...rulesheets import write_rules
from ...piecepack.draw import piecepack_layout
from .draw import dealt_tile, par_diagram, record_sheet
from .engine import deal

NAME = "pack-solitaire"
DEFAULT_SEED = 1  # `pnp build` prints this deal, so a plain build is always the same
# The par search stops after this many nodes, not after a time: the same deal prints the same par on any machine.
SEARCH_NODES = 2_000_000  # about a minute at most; deal 1, the default, is proven in about 13 s


def build(opts: BuildOptions, seed: int = DEFAULT_SEED, bw: bool = False) -> list[Path]:
    from .solver import solve  # loaded only when a par is wanted

    tiles = deal(seed)
    size = piecepack_layout().tile.size
    components = [Component(size, size, partial(dealt_tile, i, tiles[i], bw=bw)) for i in sorted(tiles)]
    # The tiles lie face down in this game: only the coin side is printed, so no backs.
    pages = impose(components, SheetOptions(opts.paper, duplex=False), caption=f"Pack Solitaire deal {seed}")
    pages.append(record_sheet(opts.paper, seed, bw))
    best = solve(tiles, time_limit=None, node_limit=SEARCH_NODES)
    pages.append(par_diagram(opts.paper, seed, tiles, best.layout, best.score, best.proven_optimal, bw))
    rules = write_rules(NAME, opts, designer="David Hassell")
    return write_pages(f"{NAME}-{seed}", pages, opts, title=f"Pack Solitaire, deal {seed}") + rules


@build_app.command(NAME)
def build_command(
    seed: Annotated[int, typer.Option("--seed", help="Which deal: the same seed as `pnp solitaire deal --seed`.")] = DEFAULT_SEED,
    paper: PaperOption = Paper.A4,
    formats: FormatOption = "pdf,svg",
    out: OutOption = Path("output"),
    bw: Annotated[bool, typer.Option("--bw", help="Black and white.")] = False,
) -> None:
    """A Pack Solitaire deal (by David Hassell) at true size, a record sheet and the par layout on its own page."""
    report(build(options(paper, formats, out), seed, bw))


register(NAME, build)
