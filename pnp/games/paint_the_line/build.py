"""`pnp build paint-the-line`: both boards, paper pyramids to fold, a score pad and the rule sheet."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Annotated

from pnp.contract import options as parse
from pnp.contract.documents import Document, RuleSheet, pieces, score_pad
from pnp.core.printing import Print
from pnp.draw.cover import document
from pnp.draw.document import Part
from pnp.draw.nesting import nest_rows
from pnp.draw.shapes import Drawing
from pnp.draw.sheets import Component
from pnp.output.files import BuildOptions

from . import GAME
from .diagrams import figures, sheet_context
from .draw import boards_page, net_geometry, net_outline, paint_layout, pyramid_net
from .engine import TRIOS
from .scorepad import score_pad as pad_page

NAME = GAME.id


@dataclass(frozen=True)
class Options:
    bw: Annotated[bool, parse.Flag("--bw", "Black and white: each colour printed as a pattern of lines or dots.")] = parse.setting(False)


def pyramid_pages(printing: Print) -> list[Drawing]:
    """Every pyramid the game uses, largest first, colour by colour; each net carries its own
    cut line, and nets nest into each other's gaps, every other one turned half round."""
    lay = paint_layout()
    components = []
    for name, size in sorted(lay.pyramids.items(), key=lambda item: -item[1].base):
        net = net_geometry(size, lay.glue_tab, lay.cut_stroke)
        components += [
            Component(
                net.width,
                net.height,
                partial(pyramid_net, name, colour, printing=printing),
                front_key=f"pyramid-{name}-{colour.name}",
                outline=net_outline(net),
            )
            for colour in lay.colours
            for _ in range(TRIOS)
        ]
    return nest_rows(components, printing, lay.net_gap, caption="Paint the Line - pyramids" + (" (black and white)" if printing.bw else ""))


def build(opts: BuildOptions, options: Options = Options()) -> list[Document]:
    """Its two boards, 36 paper pyramids to fold, a score pad and the rules."""
    printing = opts.printing
    colours = [colour.name for colour in paint_layout().colours]
    doc = document(
        "Paint the Line" + (" (black and white)" if printing.bw else ""),
        printing,
        f"{GAME.made_by}, for Looney Pyramids: everything to print for a game. The rules are in {NAME}-rules.pdf.",
        [
            Part("Boards", "the movement board and the scoring board.", [boards_page(printing)]),
            Part(
                "Pyramids",
                f"{3 * TRIOS * len(colours)} paper pyramids, small, medium and large in each colour, to cut, fold and glue.",
                pyramid_pages(printing),
            ),
        ],
        assembly=[
            "Cut each pyramid net out along its solid outline, glue tab included.",
            "Crease the dashed lines with the colour outside, bend the four faces round into a pyramid and glue the tab "
            "under the face it meets. The base stays open, as on a real Looney Pyramid.",
        ],
    )
    about = f"A score pad for {GAME.made_by}: every group of each player's colours, game by game, to fill in by hand or on screen."
    return [
        pieces(f"{NAME}-bw" if printing.bw else NAME, doc.title, doc.pages, doc.hints),
        RuleSheet(GAME.rule_sheet, figures(), sheet_context()),
        score_pad(GAME.scorepad, pad_page(printing), about),  # no colours on it: one pad for colour and black-and-white prints
    ]
