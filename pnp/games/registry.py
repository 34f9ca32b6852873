"""The game registry: every game pnp knows, listed once.

The CLI, `pnp build`, the kit, `pnp list` and index.html all read this tuple. Each entry is the
`GAME` its own package declares (pnp.contract.gamespec); the piecepack, the game system three of the games
are played with, is a print target of its own with no rules and no commands. Importing a game
package loads only its spec, so reading the table loads no game's code.
"""

from __future__ import annotations

from pnp.contract.gamespec import PRINT_SHOP, TTS, Game
from pnp.piecepack import GAME as PIECEPACK_GAME

from .ley_lines import GAME as LEY_LINES
from .pack_solitaire import GAME as PACK_SOLITAIRE
from .paint_the_line import GAME as PAINT_THE_LINE
from .power_lines_cards import GAME as POWER_LINES_CARDS
from .power_lines_piecepack import GAME as POWER_LINES

__all__ = ["BY_ID", "GAMES", "PRINT_SHOP", "TTS", "Game", "game"]


GAMES: tuple[Game, ...] = (POWER_LINES_CARDS, PIECEPACK_GAME, POWER_LINES, PACK_SOLITAIRE, PAINT_THE_LINE, LEY_LINES)

BY_ID = {entry.id: entry for entry in GAMES}


def game(target: str) -> Game:
    return BY_ID[target]
