"""`pnp build power-lines-cards`: card sheets for one or more decks, fronts and duplex backs."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Annotated, Optional

import typer

from ...build import BackOffsetOption, BuildOptions, FormatOption, OutOption, Paper, PaperOption, build_app, options, register, report
from ...diagnostics import PnpError, shown
from ... import options as parse
from ...draw.cover import Part, document
from ...draw.scorepad import pad_hints
from ...draw.shapes import Drawing
from ...draw.sheets import Component, SheetOptions, impose
from ...output import write_pages
from ...resources import deck_file
from ...rulesheets import write_rules
from . import cards
from .catalogue import catalogue
from .diagrams import figures, sheet_context
from .draw import score_pad
from .validate import load_deck

NAME = "power-lines-cards"


def deck_components(path: Path, player: int) -> list[Component]:
    """The Base, then every card of the deck in catalogue order, all with this player's back and letter."""
    counts = load_deck(path).counts
    # A file name may hold bytes that are not UTF-8, or controls: print it as escaped text.
    deck_name = shown(path.stem)
    back = partial(cards.back, player, deck_name)
    cat = catalogue()
    kinds = [cat.base] + [kind for kind in cat.kinds for _ in range(counts.get(kind.name, 0))]
    lay = cards.card_layout()
    back_key = f"back-{player}"  # a PDF object name: never the file's name, which may hold [ ] / ( )
    letter = cards.deck_letter(player)
    return [Component(lay.width, lay.height, partial(cards.face, kind, player), back, f"card-{kind.name}-{letter}", back_key) for kind in kinds]


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
    lay = cards.card_layout()
    sheet = SheetOptions(paper, bleed, cut_lines, back_offset, max_cols=lay.sheet_cols, max_rows=lay.sheet_rows, back_bleed=lay.back_bleed)
    return [
        page
        for player, path in enumerate(decks)
        for page in impose(deck_components(path, player), sheet, caption=f"Power Lines cards, deck {cards.deck_letter(player)}")
    ]


def build(
    opts: BuildOptions,
    decks: list[Path] | None = None,
    bleed: float = 0.0,
    cut_lines: bool = False,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[Path]:
    """The card sheets, the rule sheet and a score pad."""
    pages = card_pages(opts.paper, decks, bleed, cut_lines, back_offset)
    rules = write_rules(NAME, opts, figures(), **sheet_context())
    lay = cards.card_layout()
    about = f"{lay.width:g} x {lay.height:g} mm, {lay.sheet_cols * lay.sheet_rows} to a sheet: each player's deck (the Base and 26 cards) with its own back."
    doc = document(
        "Power Lines - cards",
        opts.paper,
        f"The cards of the Power Lines card game, to print, cut and sleeve. The rules are in {NAME}-rules.pdf.",
        [Part("Cards", about, pages, duplex=True)],
        notes=["Backs shifted against their fronts? Measure the shift and rebuild with --back-offset X,Y (mm)."],
    )
    pad = score_pad(opts.paper)
    pad_about = "A score pad for the Power Lines card game: who won each game of a match and how, to fill in by hand or on screen."
    written = write_pages(NAME, doc.pages, opts, title=doc.title, hints=doc.hints) + rules
    return written + write_pages(f"{NAME}-scorepad", [pad], opts, title=pad.title, hints=pad_hints(pad, pad_about))


@build_app.command(NAME)
def build_command(
    deck: Annotated[
        Optional[list[Path]],
        typer.Option("--deck", help="A .deck list; repeat for each player (default: the starter deck twice).", exists=True, dir_okay=False),
    ] = None,
    paper: PaperOption = Paper.A4,
    formats: FormatOption = "pdf,svg",
    out: OutOption = Path("output"),
    bleed: Annotated[float, typer.Option("--bleed", parser=parse.bleed, help="Art past the cut line, mm per side (0 to 10).")] = 0.0,
    cut_lines: Annotated[bool, typer.Option("--cut-lines", help="Full cut lines instead of crop marks.")] = False,
    back_offset: BackOffsetOption = "0,0",
) -> None:
    """Card sheets (63 x 88 mm, 3 x 3) for the Power Lines card game, backs after each sheet for duplex."""
    report(build(options(paper, formats, out), deck, bleed, cut_lines, back_offset))


register(NAME, build)
