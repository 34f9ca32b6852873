"""`pnp build power-lines-cards`: card sheets for one or more decks, fronts and duplex backs."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Annotated

from pnp.contract import options as parse
from pnp.contract.documents import Document, RuleSheet, pieces, score_pad
from pnp.core.diagnostics import Diagnostic, rejected, shown, warning
from pnp.core.printing import Print
from pnp.core.resources import deck_file
from pnp.core.rules import MultisetRules
from pnp.core.session import warn
from pnp.core.textfile import STDIN, read_bytes
from pnp.draw.cover import document
from pnp.draw.document import Part
from pnp.draw.shapes import Drawing
from pnp.draw.sheets import Component, SheetOptions, impose, impose_stacked, plan
from pnp.output.files import BuildOptions

from . import GAME, draw
from .diagrams import figures, sheet_context
from .rules.catalogue import CATALOGUE_FILE, cards_from, catalogue, catalogue_file
from .rules.engine import load_deck, load_format, validate_deck
from .scorepad import score_pad as pad_page

NAME = GAME.id


@dataclass(frozen=True)
class Options:
    decks: Annotated[
        list[Path] | None,
        parse.Flag("--deck", "A .deck list, or a deck pnp ships by name; repeat for each player (default: the starter deck twice).", parse.deck_path, "DECK"),
    ] = None
    rules: Annotated[
        Path | None,
        parse.Flag(
            "--rules", "The format the decks must meet: a TOML file, or one pnp ships by name (default: the standard 26 cards).", parse.input_path, "FORMAT"
        ),
    ] = None
    proto: Annotated[
        bool, parse.Flag("--proto", "Print a deck even if it breaks the format, every card marked PROTOTYPE; its findings are shown as warnings.")
    ] = False
    bleed: Annotated[float, parse.Flag("--bleed", "Art past the cut line, mm per side (0 to 10).", parse.bleed)] = parse.setting(0.0)
    cut_lines: Annotated[bool, parse.Flag("--cut-lines", "Full cut lines instead of crop marks.")] = parse.setting(False)
    back_offset: Annotated[parse.Offset, parse.BACK_OFFSET] = parse.setting(parse.OFFSET_ZERO)
    cards: Annotated[
        Path | None,
        parse.Flag(
            "--cards",
            f"Print the cards of another catalogue (a TOML file like decks/{CATALOGUE_FILE}, the same cards with other numbers), each face marked VARIANT.",
            metavar="FILE",
        ),
    ] = None


Warnings = tuple[Path, list[Diagnostic], bytes]  # a prototype's findings, as `warn` takes them


def _read_deck(path: Path, chosen: MultisetRules | None, proto: bool) -> tuple[dict[str, int], Warnings | None]:
    """The copies of each card the deck list asks for, and what to warn of (see `deck_counts`)."""
    if not proto:
        return load_deck(path, chosen).counts, None
    data = read_bytes(path)
    report = validate_deck(data, chosen)
    if report.valid:
        return report.counts, None
    if not sum(report.counts.values()):
        raise rejected(path, report.diagnostics, f"{shown(path)}: no card to print, even as a prototype", data)
    return report.counts, (path, [replace(d, severity="warning") for d in report.diagnostics], data)


def deck_counts(path: Path, chosen: MultisetRules | None = None, proto: bool = False) -> dict[str, int]:
    """The copies of each card the deck list asks for. A deck that breaks the format is refused
    (every finding, exit 1), unless `proto`: then it prints, and its findings become warnings."""
    counts, warnings = _read_deck(path, chosen, proto)
    if warnings is not None:
        warn(*warnings)
    return counts


CUT = "Print the backs too, then cut along the lines the crop marks at the sheet's edges start: each runs right across the sheet and parts two rows or columns of cards."


def player_decks(decks: list[Path] | None) -> list[Path]:
    """The deck list of each player, in seat order: those given, else the starter deck twice."""
    return decks or [deck_file("starter.deck")] * 2


def decks_counts(paths: list[Path], chosen: MultisetRules | None = None, proto: bool = False) -> list[dict[str, int]]:
    """Each deck's copies of each card (see `deck_counts`), each file read once however many decks
    it makes (the starter deck, by default, both): `--deck -` is standard input, which a second read
    would find empty, and which the file `./-` equals as a path: it is told apart by identity."""
    read: dict[tuple[bool, Path], tuple[dict[str, int], Warnings | None]] = {}
    counted = []
    for path in paths:
        key = (path is STDIN, path)
        if key not in read:
            read[key] = _read_deck(path, chosen, proto)
        counts, warnings = read[key]
        if warnings is not None:
            warn(*warnings)  # each deck's, as when each was read on its own
        counted.append(counts)
    return counted


def deck_components(counts: dict[str, int], path: Path, player: int, proto: bool = False) -> list[Component]:
    """The Base, then every card of the deck (`counts`, read from `path`) in catalogue order, all
    with this player's back and letter; marked VARIANT when another catalogue is in force."""
    # A file name may hold bytes that are not UTF-8, or controls: print it as escaped text.
    deck_name = shown(path.stem)
    back = partial(draw.back, player, deck_name)
    cat = catalogue()
    kinds = [cat.base] + [kind for kind in cat.kinds for _ in range(counts.get(kind.name, 0))]
    lay = draw.card_layout()
    back_key = f"back-{player}"  # a PDF object name: never the file's name, which may hold [ ] / ( )
    letter = draw.deck_letter(player)
    variant = catalogue_file() is not None
    mark = "-proto" * proto + "-variant" * variant
    return [
        Component(lay.width, lay.height, partial(draw.face, kind, player, proto=proto, variant=variant), back, f"card-{kind.name}-{letter}{mark}", back_key)
        for kind in kinds
    ]


def card_sheet(printing: Print) -> SheetOptions:
    """The cards' sheets: on the print's paper, with its bleed, cut lines and backs' offset."""
    lay = draw.card_layout()
    return SheetOptions(printing, printing.bleed, max_cols=lay.sheet_cols, max_rows=lay.sheet_rows, back_bleed=lay.back_bleed)


def card_pages(printing: Print, decks: list[list[Component]]) -> list[Drawing]:
    """Sheets of fronts, each followed by its backs, for each player's cards (`deck_components`).

    Where more than one deck leaves a sheet part-filled (Letter: 27 cards, 6 a sheet), those
    parts share the file's first sheets, each deck's in rows of its own with crop marks between,
    so backs of two colours never meet at a cut; each sheet's caption names its decks. Otherwise
    each deck has sheets of its own."""
    sheet = card_sheet(printing)
    grid = plan(*_card_size(), sheet)
    if sum(len(cards) % (grid.cols * grid.rows) > 0 for cards in decks) > 1:
        names = [f"deck {draw.deck_letter(player)}" for player in range(len(decks))]
        return impose_stacked([(cards, sheet) for cards in decks], "Power Lines cards", names)
    return [page for player, cards in enumerate(decks) for page in impose(cards, sheet, caption=f"Power Lines cards, deck {draw.deck_letter(player)}")]


def _card_size() -> tuple[float, float]:
    lay = draw.card_layout()
    return lay.width, lay.height


def _sheets(cards: list[int], per_sheet: int) -> int:
    return sum(-(-n // per_sheet) for n in cards)


def build(opts: BuildOptions, options: Options = Options()) -> list[Document]:
    """Card sheets (63 x 88 mm, 3 x 3 on A4, 3 x 2 on Letter), backs after each sheet for duplex; the rule sheet and a score pad."""
    with cards_from(options.cards):
        return _build(opts, options)


def _build(opts: BuildOptions, options: Options) -> list[Document]:
    printing = opts.printing
    chosen = load_format(options.rules) if options.rules is not None else None
    paths = player_decks(options.decks)
    counted = decks_counts(paths, chosen, options.proto)
    decks = [deck_components(counts, path, player, options.proto) for player, (path, counts) in enumerate(zip(paths, counted))]
    pages = card_pages(printing, decks)
    lay = draw.card_layout()
    sheet = card_sheet(printing)
    grid = plan(lay.width, lay.height, sheet)  # as the sheets lay them out
    per_sheet = grid.cols * grid.rows
    about = f"{lay.width:g} x {lay.height:g} mm, {per_sheet} to a sheet: each player's deck (its Base and cards) with its own back."
    notes = []
    if printing.bleed:
        bare = plan(lay.width, lay.height, replace(sheet, bleed=0.0))
        if bare.cols * bare.rows > per_sheet:
            cards = [len(deck) for deck in decks]  # the Base and the cards
            costs = f"{_sheets(cards, per_sheet)} sheets instead of {_sheets(cards, bare.cols * bare.rows)}"
            notes.append(f"The {printing.bleed:g} mm bleed leaves room for {per_sheet} cards a sheet, not {bare.cols * bare.rows}: {costs}.")
            warn(None, [warning("bleed-costs-sheets", notes[-1])])
    if options.proto:
        notes.append("A prototype: every card is marked PROTOTYPE, and the decks need not meet the format.")
    if options.cards is not None:
        notes.append(f"Variant cards, from {shown(options.cards)}: every face is marked VARIANT.")
    doc = document(
        "Power Lines - cards",
        printing,
        f"The cards of the Power Lines card game, to print, cut and sleeve. The rules are in {NAME}-rules.pdf.",
        [Part("Cards", about, pages, duplex=True)],
        notes,
        cut=CUT,
    )
    pad_about = "A score pad for the Power Lines card game: who won each game and how, to fill in by hand or on screen."
    return [
        pieces(NAME, doc.title, doc.pages, doc.hints),
        RuleSheet(GAME.rule_sheet, figures(), sheet_context()),
        score_pad(GAME.scorepad, pad_page(printing), pad_about),
    ]
