"""`pnp build ley-lines`: the board as a poster, the dominoes with duplex backs, a score pad, the rules."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Annotated

from pnp.contract import options as parse
from pnp.contract.documents import Document, RuleSheet, pieces, score_pad
from pnp.core.printing import Print
from pnp.draw.cover import document
from pnp.draw.document import Part
from pnp.draw.poster import PosterOptions, tile_poster
from pnp.draw.shapes import Drawing
from pnp.draw.sheets import Component, SheetOptions, impose
from pnp.output.files import BuildOptions

from . import GAME
from .diagrams import figures, sheet_context
from .draw import board_drawing, domino_back, domino_face, domino_size, print_layout, view
from .engine import DOMINOES, domino_name
from .scorepad import score_pad as pad_page

NAME = GAME.id


@dataclass(frozen=True)
class Options:
    players: Annotated[int, parse.Flag("--players", "3 prints Albion only; 4 both islands.", parse.integer(3, 4))] = 4
    back_offset: Annotated[parse.Offset, parse.BACK_OFFSET] = parse.setting(parse.OFFSET_ZERO)


def board_pages(printing: Print, players: int) -> list[Drawing]:
    """The overview, then the board at true size over several sheets."""
    lay, v = print_layout(), view(players)
    # Seams on the lines between spaces, never through one: the lattice starts at the label margin.
    grid = (v.margin, v.margin, v.size)
    title = f"Ley Lines board, {players} players"
    opts = PosterOptions(
        printing, lay.poster_overlap, lay.poster_mark, lay.poster_mark_spacing, title, grid, lay.overview_notes_room, partial(board_drawing, players)
    )
    return tile_poster(board_drawing(players), opts)


def domino_pages(printing: Print) -> list[Drawing]:
    """All 28 double-six dominoes (those with a six marked), fronts then backs for a long-edge flip.

    The fronts abut, so one scissor cut parts two dominoes; the backs' colour runs on into the
    neighbour's and `domino_back_bleed` past the block's outer cuts."""
    w, h = domino_size()
    components = [Component(w, h, partial(domino_face, d), domino_back, f"domino-{domino_name(d)}", "domino-back") for d in DOMINOES]
    sheet = SheetOptions(printing, back_bleed=print_layout().domino_back_bleed)
    return impose(components, sheet, caption="Ley Lines dominoes (print both sides, flip on the long edge)")


def build(opts: BuildOptions, options: Options = Options()) -> list[Document]:
    """The board at true size over several sheets, 28 dominoes, a score pad and the rules."""
    printing, players = opts.printing, options.players
    rules = f"The rules are in {NAME}-rules.pdf."
    island = "Albion only, for 3 players" if players == 3 else "Albion and Eire, for 4 players"
    overview, *sheets = board_pages(printing, players)
    board = document(
        "Ley Lines - board",
        printing,
        f"{GAME.made_by}: the board ({island}) at true size over {len(sheets)} sheets. The cairns and tors are a piecepack's coins and pawns. {rules}",
        [
            Part("Board overview", "the whole board at reduced scale: where each sheet goes.", [overview]),
            Part("Board sheets", "the board at true size, 1 in (25.4 mm) spaces; neighbouring sheets overlap.", sheets),
        ],
        assembly=[
            "Lay the sheets out as the overview shows. Trim each sheet's left and top edges along their dashed seams, as its caption says "
            "(the top-left sheet has nothing to trim); every seam runs between spaces, never through one.",
            "Lay each cut edge on the neighbour's seam, crosshairs matching, and tape the sheets together from behind.",
        ],
    )
    dominoes = document(
        "Ley Lines - dominoes",
        printing,
        f"{GAME.made_by}: the 28 double-six dominoes at 1 x 2 in. The seven with a six are marked: a 3-player game sets them aside. {rules}",
        [Part("Dominoes", "fronts with pips, each page followed by its backs.", domino_pages(printing), duplex=True)],
        cut="Print the backs too, then cut the block of dominoes along its outline and along every line inside it: the dominoes abut, so one cut parts two.",
    )
    about = f"A score pad for {GAME.made_by}: one row per scored cairn and each player's running total, to fill in by hand or on screen."
    return [
        pieces(f"{NAME}-board", board.title, board.pages, board.hints),
        pieces(f"{NAME}-dominoes", dominoes.title, dominoes.pages, dominoes.hints),
        score_pad(GAME.scorepad, pad_page(printing), about),
        RuleSheet(GAME.rule_sheet, figures(), sheet_context()),
    ]
