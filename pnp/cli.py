"""The `pnp` command: each game contributes its own sub-commands and build targets."""

from __future__ import annotations

import importlib

from .app import App
from .build import build_app
from .games.power_lines_cards.deck_cli import deck_app
from .games.pack_solitaire.cli import solitaire_app
from .games.paint_the_line.cli import paint_app
from .games.ley_lines.cli import ley_app
from .games.power_lines_piecepack.cli import power_lines_app

# Modules that add a target to `pnp build` when imported; `pnp build` alone builds them in this order.
BUILD_TARGETS = (
    "pnp.games.power_lines_cards.build",
    "pnp.piecepack.build",
    "pnp.games.power_lines_piecepack.build",
    "pnp.games.pack_solitaire.build",
    "pnp.games.paint_the_line.build",
    "pnp.games.ley_lines.build",
)
for module in BUILD_TARGETS:
    importlib.import_module(module)

app = App(help="Print-and-play generator and deck-builder for small 'line' games.", no_args_is_help=True)
app.add_typer(build_app, name="build")
app.add_typer(deck_app, name="deck")
app.add_typer(power_lines_app, name="power-lines")
app.add_typer(solitaire_app, name="solitaire")
app.add_typer(paint_app, name="paint-the-line")
app.add_typer(ley_app, name="ley-lines")


def main() -> None:
    app()
