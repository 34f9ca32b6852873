"""The game registry: every game pnp knows, named once.

The CLI, `pnp build`, the kit, `pnp list` and index.html all read this table. A game is one
package with the same rooms as its siblings (`build` for its print target, `cli` for its
command group) and one entry here; the piecepack, the game system three of the games are played
with, is a print target of its own with no rules and no commands.

Only names live here, so that reading the table loads no game's code.
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass

from ..credits import byline, credits


@dataclass(frozen=True)
class Need:
    """Pieces a game takes from another target's files."""

    target: str
    what: str


@dataclass(frozen=True)
class Game:
    id: str  # the build target and the kit's folder
    title: str
    package: str  # its `build` module makes its files; its `cli` module, if `group`, its commands
    credit: str | None  # its key in templates/rules/credits.toml (None: a game system, no designer)
    group: str | None = None  # the command group that checks, scores and draws its games
    rules: str | None = None  # the rule sheet: RULES-rules.pdf, from templates/rules/RULES.md.j2
    scorepad: str | None = None  # the score pad's file name, without .pdf
    needs: tuple[Need, ...] = ()
    about: str = ""  # said instead of a credit line
    also: str = ""  # what else its build target makes, with the command that makes it
    exports: tuple[str, ...] = ()  # `pnp export` commands it takes: its `export` module makes their files

    @property
    def export_module(self) -> str:
        return f"{self.package}.export"

    @property
    def build_module(self) -> str:
        return f"{self.package}.build"

    @property
    def cli_module(self) -> str:
        return f"{self.package}.cli"

    @property
    def made_by(self) -> str:
        """`Title by Designer`, as the printed files name the game."""
        return f"{self.title} by {self.designer}"

    @property
    def designer(self) -> str | None:
        """The designer's name as the rules give it, where they give one."""
        return credits()[self.credit].get("designer") if self.credit else None


PIECEPACK = "piecepack"
PRINT_SHOP, TTS = "print-shop", "tts"  # the `pnp export` commands

GAMES: tuple[Game, ...] = (
    Game(
        "power-lines-cards", "Power Lines (card game)", "pnp.games.power_lines_cards", "power-lines-cards",
        group="deck", rules="power-lines-cards", scorepad="power-lines-cards-scorepad", exports=(PRINT_SHOP, TTS),
    ),
    Game(
        PIECEPACK, "The piecepack", "pnp.piecepack", None,
        about="The public-domain game system Power Lines, Pack Solitaire and Ley Lines are played with.",
        exports=(PRINT_SHOP, TTS),
    ),
    Game(
        "power-lines", "Power Lines for piecepack", "pnp.games.power_lines_piecepack", "power-lines-piecepack",
        group="power-lines", rules="power-lines-piecepack", scorepad="power-lines-piecepack-scorepad",
        also="Its tiles are the 2 to 5 of a whole piecepack: with piecepack/piecepack.pdf printed, skip piecepack-tiles-2-5.pdf.",
        exports=(TTS,),
    ),
    Game(
        "pack-solitaire", "Pack Solitaire", "pnp.games.pack_solitaire", "pack-solitaire",
        group="solitaire", rules="pack-solitaire", scorepad="pack-solitaire-scorepad",
        needs=(Need(PIECEPACK, "two piecepacks (tiles and coins), to lay out the deals of a puzzle book"),),
        also="A puzzle book of deals, answers at the back, comes from: pnp build pack-solitaire --deals 1-20.",
        exports=(TTS,),
    ),
    Game(
        "paint-the-line", "Paint the Line", "pnp.games.paint_the_line", "paint-the-line",
        group="paint-the-line", rules="paint-the-line", scorepad="paint-the-line-scorepad", exports=(TTS,),
    ),
    Game(
        "ley-lines", "Ley Lines", "pnp.games.ley_lines", "ley-lines",
        group="ley-lines", rules="ley-lines", scorepad="ley-lines-scorepad",
        needs=(Need(PIECEPACK, "the coins (cairns) and pawns (tors) of a piecepack"),), exports=(PRINT_SHOP, TTS),
    ),
)  # fmt: skip

BY_ID = {game.id: game for game in GAMES}


def game(target: str) -> Game:
    return BY_ID[target]


def credit_line(entry: Game) -> str:
    return byline(entry.credit) if entry.credit else entry.about


def prints(entry: Game) -> str:
    """What the game's target prints: the first paragraph of its `build` function's docstring
    (the one place this reads a game's code)."""
    what = inspect.getdoc(importlib.import_module(entry.build_module).build).split("\n\n")[0]
    return what[0].lower() + what[1:]
