"""Options the card game's command groups share (`pnp deck`, `pnp cards`): `--cards FILE`, another
card catalogue in force while a command runs, and `--budget N`, the search player's strength."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pnp.contract import options as parse
from pnp.contract.context import Context

from .rules.catalogue import CATALOGUE_FILE, cards_from
from .simulation.search import DEFAULT_BUDGET

CARDS = Context(
    "cards",
    Annotated[
        Path | None,
        typer.Option(
            "--cards",
            metavar="FILE",
            dir_okay=False,
            show_default=False,
            help=f"Another card catalogue: a TOML file like pnp's decks/{CATALOGUE_FILE}, the same cards in the same order with other values, prices or effect texts.",
        ),
    ],
    cards_from,
)

BUDGET_MAX = 1000
BudgetOption = Annotated[
    int | None,
    typer.Option(
        "--budget",
        parser=parse.integer(1, BUDGET_MAX),
        metavar="N",
        show_default=False,
        help=f"The search player's budget: the imagined deals it plays each candidate action out on, per decision (default {DEFAULT_BUDGET}); more is stronger and slower.",
    ),
]
