"""`pnp build pack-solitaire`: a deal to cut out with its record sheet, and its answer in a file
of its own; or, with `--deals`, a puzzle book of deals for players with two piecepacks."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NamedTuple

from pnp.contract import options as parse
from pnp.contract.documents import Document, Kind, Pages, RuleSheet, pieces, score_pad
from pnp.core.diagnostics import PnpError, plural, rejected, shown
from pnp.core.printing import Print
from pnp.core.textfile import STDIN, read_bytes
from pnp.draw.cover import document
from pnp.draw.document import Part
from pnp.draw.shapes import Drawing, Group
from pnp.draw.sheets import Component, SheetOptions, impose, plan
from pnp.draw.text import BOLD, width_mm
from pnp.output.files import BuildOptions
from pnp.piecepack.draw import piecepack_layout

from . import GAME
from .diagrams import figures, sheet_context
from .difficulty import difficulty
from .draw import BookAnswer, BookDeal, answer_page, book_answers_page, book_page, cut_lines, dealt_tile, record_sheet, solitaire_layout
from .engine import Tile
from .files import parse_tiles
from .generate import deal
from .scorepad import score_pad as pad_page

if TYPE_CHECKING:
    from .solver import Solution

NAME = GAME.id
DEFAULT_SEED = 1  # `pnp build` prints this deal, so a plain build is always the same
# The par search stops after this many nodes, not after a time: the same deal prints the same par on any machine.
SEARCH_NODES = 2_000_000
MOST_DEALS = 100  # in one book: a typo like 1-1000 should not start hours of solving
LOOSE_MOST = 3  # tiles left over from the full sheets go beside the record grids, up to a row of them
BOOK_DEALS_A_PAGE = 2
BOOK_ANSWERS_A_PAGE = (4, 2, 1)  # the most that keeps the next deal's answer off the page (answers_a_page)
BOOK_FOOTNOTE = (
    "Par: the best score found for the deal, the one to aim for. The answers are at the back, in an order of their own.",
    "Difficulty: the points by which a greedy player's best full layout falls short of par (0: greedy play finds par).",
)
ANSWERS_FOOTNOTE = (
    "On each tile: its number, and its turn clockwise if it is not upright (12@90: tile 12 a quarter turn). Score a layout with pnp solitaire score."
)


class Deals(NamedTuple):
    """`--deals`: the first and last deal of a book."""

    first: int
    last: int


def parse_deals(text: str) -> Deals:
    """One deal (`7`) or a range (`1-20`), each number a seed as `--seed` takes it."""
    low, dash, high = str(text).strip().partition("-")
    try:
        first, last = parse.seed(low), parse.seed(high if dash else low)
    except parse.BadParameter:
        raise parse.BadParameter(f"`{shown(text)}` is not a deal like 7 or a range like 1-20 (deals 0 to {parse.SEED_MAX})") from None
    if last < first:
        raise parse.BadParameter(f"`{shown(text)}` runs backwards; write the lower deal first, like 1-20")
    if last - first + 1 > MOST_DEALS:
        raise parse.BadParameter(f"{last - first + 1} deals asked; a book holds at most {MOST_DEALS} (make several books)")
    return Deals(first, last)


@dataclass(frozen=True)
class Options:
    seed: Annotated[
        int | None, parse.Flag("--seed", "Which deal to cut out (1 if no option is given): the same seed as `pnp solitaire deal --seed`.", parse.seed)
    ] = None
    deals: Annotated[
        Deals | None,
        parse.Flag("--deals", "A puzzle book instead: deals like 1-20 (or one, like 7) at reduced scale, answers at the back.", parse_deals, "A-B"),
    ] = None
    tiles: Annotated[
        Path | None,
        parse.Flag(
            "--tiles",
            "A deal of your own to cut out, from a .tiles file (as `pnp solitaire check` reads it; - reads standard input).",
            parse.input_path,
            "FILE",
        ),
    ] = None
    bw: Annotated[bool, parse.Flag("--bw", "Black and white.")] = parse.setting(False)


@dataclass(frozen=True)
class Deal:
    """A deal to cut out: its tiles, what to call it on paper, its files' name and where it came from."""

    tiles: dict[int, Tile]
    label: str  # "deal 7", or "deal mine.tiles"
    name: str  # the files: pack-solitaire-7.pdf, pack-solitaire-7-answer.pdf
    source: str  # for the notes, where the deal came from: "deal 7", "the deal you dealt in mine.tiles"


def build(opts: BuildOptions, options: Options = Options()) -> list[Document]:
    """A deal at true size with a record sheet, its answer in a file of its own; or a puzzle book."""
    given = [flag for flag, value in (("--seed", options.seed), ("--deals", options.deals), ("--tiles", options.tiles)) if value is not None]
    if len(given) > 1:
        raise PnpError(f"{' and '.join(given)}: give one; --seed prints one deal to cut out, --deals a book of deals, --tiles a deal of your own", exit_code=2)
    if options.deals:
        files = _book(opts.printing, list(range(options.deals.first, options.deals.last + 1)))
    elif options.tiles is not None:
        files = _kit(opts.printing, own_deal(options.tiles))
    else:
        seed = DEFAULT_SEED if options.seed is None else options.seed
        files = _kit(opts.printing, Deal(deal(seed), f"deal {seed}", f"{NAME}-{seed}", f"deal {seed}"))
    about = f"A score pad for {GAME.made_by}: a log of the deals played, with score and par, to fill in by hand or on screen."
    return [*files, score_pad(GAME.scorepad, pad_page(opts.printing), about), RuleSheet(GAME.rule_sheet, figures(), sheet_context())]


def _par(tiles: dict[int, Tile]) -> Solution:
    from .solver import solve  # loaded only when a par is wanted

    return solve(tiles, time_limit=None, node_limit=SEARCH_NODES)


def _claim(solution: Solution) -> str:
    return "the best score this deal allows (proven)" if solution.proven_optimal else "the best layout found in the search given (not proven best)"


def own_deal(path: Path) -> Deal:
    """The deal a .tiles file holds, checked as `pnp solitaire check` does: an invalid one is
    refused with every finding (exit 1). Its files are named after the file (`mine.tiles`:
    pack-solitaire-mine.pdf); from standard input, pack-solitaire-stdin.pdf."""
    data = read_bytes(path)
    parsed = parse_tiles(data)
    if not parsed.valid or parsed.value is None:
        raise rejected(path, parsed.diagnostics, f"{shown(path)}: invalid tile set, nothing printed ({plural(len(parsed.diagnostics), 'error')})", data)
    stem = "stdin" if path is STDIN else _FILE_NAME.sub("_", os.fsdecode(path.stem).encode("ascii", "replace").decode()).strip("._") or "tiles"
    called = _fitted(shown(path.name))
    label = "your deal" if path is STDIN else f"deal {called}"
    source = "the deal you dealt, read from standard input," if path is STDIN else f"the deal you dealt in {called}"
    return Deal(parsed.value.tiles, label, f"{NAME}-{stem[:MOST_STEM]}", source)


# A file name pnp writes keeps to these characters: anything else in a .tiles file's name becomes `_`.
_FILE_NAME = re.compile(r"[^A-Za-z0-9._-]")
MOST_STEM = 32  # characters of the name's stem in the files' names (the notes name the answer's file in one word)
TITLE_ROOM = 150.0  # mm: a title naming the file (not wrapped) stays this wide, well inside A4 and Letter


def _fitted(name: str) -> str:
    """A file's name short enough for the longest title it goes in, cut with `...` where it must be."""
    size = solitaire_layout().title_size
    title = "Pack Solitaire - record sheet - deal {}"
    if width_mm(title.format(name), BOLD, size) <= TITLE_ROOM:
        return name
    while name and width_mm(title.format(name + "..."), BOLD, size) > TITLE_ROOM:
        name = name[:-1]
    return name + "..."


def _kit(printing: Print, dealt: Deal) -> list[Document]:
    """The deal's tiles at true size (a tile too few for a sheet goes on the record sheet); the answer apart."""
    tiles = dealt.tiles
    size = piecepack_layout().tile.size
    sheet = SheetOptions(printing, duplex=False)  # the tiles lie face down in this game: no backs
    full = plan(size, size, sheet)
    per_sheet = full.cols * full.rows
    ids = sorted(tiles)
    # No sheet for a tile or two alone: the few left over from full sheets stand beside the record grids.
    rest = len(ids) % per_sheet if len(ids) > per_sheet else 0
    rest = rest if rest <= LOOSE_MOST else 0
    on_sheets, loose = ids[: len(ids) - rest], ids[len(ids) - rest :]
    components = [Component(size, size, partial(dealt_tile, i, tiles[i], printing=printing)) for i in on_sheets]
    pages = impose(components, sheet, caption=f"Pack Solitaire {dealt.label}")
    for page in pages:
        page.add(*cut_lines(_placed(page, size), size, printing))
    title = f"Pack Solitaire - record sheet - {dealt.label}"
    record = record_sheet(printing, title, loose={i: tiles[i] for i in loose}, games=solitaire_layout().deal_record_grids)
    best = _par(tiles)
    notes = [f"This page is the answer: {_claim(best)}. Look at it only when you have played."]
    answer = answer_page(printing, f"Answer: Pack Solitaire {dealt.label} - par {best.score}", notes, tiles, best.layout)
    answer_name = f"{dealt.name}-answer"
    doc = document(
        f"Pack Solitaire - {dealt.label}",
        printing,
        f"{GAME.made_by}: {dealt.source} to cut out, and a record sheet. "
        f"The best layout is kept apart, in {answer_name}.pdf, so printing this file spoils nothing. The rules are in {NAME}-rules.pdf.",
        [
            # The record sheet first: the file's notes stand on it, under its grids.
            Part("Record sheet", "grids to record your layout and score" + (", with the tiles left over from the sheet." if loose else "."), [record]),
            Part("Tiles", f"the dealt tiles, {size:g} mm square, coin side only: cut along the dark lines.", pages),
        ],
    )
    return [pieces(dealt.name, doc.title, doc.pages, doc.hints), Pages(Kind.ANSWER, answer_name, [answer], f"Pack Solitaire, {dealt.label}: the answer")]


def _placed(page: Drawing, size: float) -> list[tuple[float, float]]:
    """The top-left corners of the tiles impose put on a sheet: its groups clipped to a tile."""
    return [(g.transform[4], g.transform[5]) for g in page.items if isinstance(g, Group) and g.clip is not None and abs(g.clip.w - size) < 1e-6]


def answer_positions(count: int) -> list[int]:
    """Where each deal's answer goes among the answer pages: the book's 1st, 3rd, 5th ... deals
    first, then its 2nd, 4th ..., so the page beside an answer never holds the next deal's (from 5 deals on)."""
    return [i // 2 if i % 2 == 0 else (count + 1) // 2 + i // 2 for i in range(count)]


def answers_a_page(count: int) -> int:
    """How many answers share a page: four, unless then some deal's answer stood on the same page
    as the next deal's (books of up to six deals), when two or, for two deals, one."""
    positions = answer_positions(count)
    for per in BOOK_ANSWERS_A_PAGE:
        if all(a // per != b // per for a, b in pairwise(positions)):
            return per
    return 1


def _answer(entry: BookDeal, best: Solution) -> BookAnswer:
    """A deal's answer for the back of the book, its note the one-a-page answer's in short."""
    claim = "Par proven best" if best.proven_optimal else "Par: the best found in the search given, not proven best"
    note = f"{claim}. {best.tiles_placed} tiles placed. Difficulty {entry.difficulty}."
    return BookAnswer(entry.answer, entry.number, best.score, note, entry.tiles, best.layout)


def _book(printing: Print, numbers: list[int]) -> list[Document]:
    """Deals two a page, each with its par, its difficulty and the label of its answer; one record sheet
    to copy; then the answers, drawn as tiles in place, up to four a page, in their own order."""
    dealt = {n: deal(n) for n in numbers}
    solutions = {n: _par(dealt[n]) for n in numbers}
    positions = answer_positions(len(numbers))
    entries = [BookDeal(n, dealt[n], solutions[n].score, difficulty(dealt[n], solutions[n].score), f"A{p + 1}") for n, p in zip(numbers, positions)]
    deal_pages = [book_page(printing, entries[i : i + BOOK_DEALS_A_PAGE], BOOK_FOOTNOTE) for i in range(0, len(entries), BOOK_DEALS_A_PAGE)]
    answers = [_answer(entry, solutions[entry.number]) for _, entry in sorted(zip(positions, entries))]
    per = answers_a_page(len(answers))
    answer_pages = [book_answers_page(printing, answers[i : i + per], ANSWERS_FOOTNOTE) for i in range(0, len(answers), per)]
    span = f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])
    doc = document(
        f"Pack Solitaire - deals {span}",
        printing,
        f"{GAME.made_by}: a book of deals to set up with your own two piecepacks. The rules are in {NAME}-rules.pdf.",
        [
            Part(
                "Deals", "each deal's 16 tiles, numbered 1 to 16, with its par (the score to aim for), its difficulty and the label of its answer.", deal_pages
            ),
            Part(
                "Record sheet",
                "grids to record a game; copy it as often as you like.",
                [record_sheet(printing, "Pack Solitaire - record sheet", deal_blank=True)],
            ),
            Part(
                "Answers",
                f"best layouts drawn as tiles in place, {'one' if per == 1 else f'up to {per}'} a page, in an order of their own, so no answer shares a page with the next deal's.",
                answer_pages,
            ),
        ],
        reduced=True,
    )
    return [pieces(f"{NAME}-deals-{span}", doc.title, doc.pages, doc.hints)]
