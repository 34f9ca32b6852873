"""`pnp build power-lines-cards`: card sheets for one or more decks, fronts and duplex backs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Annotated, Optional

from ... import options as parse
from ...diagnostics import PnpError, shown
from ...draw.cover import document
from ...draw.document import Part
from ...draw.scorepad import pad_hints
from ...draw.shapes import Drawing
from ...draw.sheets import Component, SheetOptions, impose, plan
from ...output import BuildOptions, write_pages
from ...resources import deck_file
from ...rulesheets import write_rules
from ..registry import game
from . import draw
from .catalogue import catalogue
from .diagrams import figures, sheet_context
from .engine import load_deck
from .scorepad import score_pad

GAME = game("power-lines-cards")
NAME = GAME.id


@dataclass(frozen=True)
class Options:
    decks: Annotated[Optional[list[Path]], parse.Flag("--deck", "A .deck list; repeat for each player (default: the starter deck twice).", metavar="DECK")] = None
    bleed: Annotated[float, parse.Flag("--bleed", "Art past the cut line, mm per side (0 to 10).", parse.bleed)] = 0.0
    cut_lines: Annotated[bool, parse.Flag("--cut-lines", "Full cut lines instead of crop marks.")] = False
    back_offset: Annotated[parse.Offset, parse.BACK_OFFSET] = parse.OFFSET_ZERO


def deck_components(path: Path, player: int) -> list[Component]:
    """The Base, then every card of the deck in catalogue order, all with this player's back and letter."""
    counts = load_deck(path).counts
    # A file name may hold bytes that are not UTF-8, or controls: print it as escaped text.
    deck_name = shown(path.stem)
    back = partial(draw.back, player, deck_name)
    cat = catalogue()
    kinds = [cat.base] + [kind for kind in cat.kinds for _ in range(counts.get(kind.name, 0))]
    lay = draw.card_layout()
    back_key = f"back-{player}"  # a PDF object name: never the file's name, which may hold [ ] / ( )
    letter = draw.deck_letter(player)
    return [Component(lay.width, lay.height, partial(draw.face, kind, player), back, f"card-{kind.name}-{letter}", back_key) for kind in kinds]


def card_sheet(paper: str, bleed: float = 0.0, cut_lines: bool = False, back_offset: tuple[float, float] = (0.0, 0.0)) -> SheetOptions:
    lay = draw.card_layout()
    return SheetOptions(paper, bleed, cut_lines, back_offset, max_cols=lay.sheet_cols, max_rows=lay.sheet_rows, back_bleed=lay.back_bleed)


def card_pages(
    paper: str,
    decks: list[Path] | None = None,
    bleed: float = 0.0,
    cut_lines: bool = False,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[Drawing]:
    """Sheets of fronts, each followed by its backs; by default the starter deck for each of two players.

    Each deck starts on a sheet of its own, so backs of two colours never meet at a cut."""
    if not 0 <= bleed <= 10:
        raise PnpError(f"--bleed: {bleed:g} mm is out of range; use 0 to 10 mm (3 mm is usual)", exit_code=2)
    decks = decks or [deck_file("starter.deck")] * 2
    sheet = card_sheet(paper, bleed, cut_lines, back_offset)
    return [
        page
        for player, path in enumerate(decks)
        for page in impose(deck_components(path, player), sheet, caption=f"Power Lines cards, deck {draw.deck_letter(player)}")
    ]


def build(opts: BuildOptions, options: Options = Options()) -> list[Path]:
    """Card sheets (63 x 88 mm, 3 x 3 on A4, 3 x 2 on Letter), backs after each sheet for duplex; the rule sheet and a score pad."""
    pages = card_pages(opts.paper, options.decks, options.bleed, options.cut_lines, options.back_offset)
    rules = write_rules(GAME.rules, opts, figures(), **sheet_context())
    lay = draw.card_layout()
    grid = plan(lay.width, lay.height, card_sheet(opts.paper, options.bleed, options.cut_lines, options.back_offset))  # as the sheets lay them out
    about = f"{lay.width:g} x {lay.height:g} mm, {grid.cols * grid.rows} to a sheet: each player's deck (the Base and 26 cards) with its own back."
    doc = document(
        "Power Lines - cards",
        opts.paper,
        f"The cards of the Power Lines card game, to print, cut and sleeve. The rules are in {NAME}-rules.pdf.",
        [Part("Cards", about, pages, duplex=True)],
    )
    pad = score_pad(opts.paper)
    pad_about = "A score pad for the Power Lines card game: who won each game and how, to fill in by hand or on screen."
    written = write_pages(NAME, doc.pages, opts, title=doc.title, hints=doc.hints) + rules
    return written + write_pages(GAME.scorepad, [pad], opts, title=pad.title, hints=pad_hints(pad, pad_about))

