"""`pnp build piecepack`: a whole piecepack to print, cut and play, or just some of its tiles."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Annotated

from pnp.contract import options as parse
from pnp.contract.documents import Document, pieces
from pnp.core.diagnostics import PnpError
from pnp.core.printing import Print
from pnp.draw.cover import document
from pnp.draw.document import Part
from pnp.draw.shapes import Line, Shape, Text, compose, group, rotate, translate
from pnp.draw.sheets import Component, SheetOptions, impose, impose_stacked
from pnp.output.files import BuildOptions

from .draw import (
    coin_back,
    coin_face,
    cut_style,
    die_net,
    die_net_size,
    fold_style,
    pawn_strip,
    pawn_strip_size,
    piecepack_layout,
    scheme,
    tile_back,
    tile_face,
)
from .model import ALL_PIECES, RANK_LETTERS, RANK_NAMES, SUITS, Suit, parse_rank

NAME = "piecepack"
LEGEND = 7.0  # mm under each die net for the cut / fold legend
ASSEMBLY = [
    "Dice: cut out each net with its tabs, crease every dashed line (print outside), fold a cube and glue each tab inside the face it meets.",
    "Pawns: cut out the strip, fold it in half so the suit panels meet back to back, glue them, and fold the feet out to each side.",
]


def _rank(text: str) -> int | None:
    text = text.strip()
    return int(text) if text in ("0", "1") else parse_rank(text)


def parse_rank_range(text: str) -> tuple[int, int]:
    """`2-5` -> (2, 5); a single rank `3` -> (3, 3). Ranks are n, a, 2-5 (or 0 and 1 for null and ace)."""
    low, dash, high = text.partition("-")
    lo, hi = _rank(low), _rank(high if dash else low)
    if lo is None or hi is None or lo > hi:
        raise PnpError(
            f"--tiles: {text!r} is not a range of ranks; write LOW-HIGH like 2-5, with ranks n (null), a (ace), 2, 3, 4, 5 (0 and 1 also mean null and ace)",
            exit_code=2,
        )
    return lo, hi


def tile_components(printing: Print, ranks: tuple[int, int] = (0, 5)) -> list[Component]:
    size = piecepack_layout().tile.size
    # Tiles are imposed with bleed, so neighbours' art runs together: each face carries its own edge to cut along.
    back = partial(tile_back, printing=printing, edge=True)
    lo, hi = ranks
    return [Component(size, size, partial(tile_face, p, printing=printing, edge=True), back) for p in ALL_PIECES if lo <= p.rank <= hi]


def coin_components(printing: Print) -> list[Component]:
    d = piecepack_layout().coin.diameter
    return [Component(d, d, partial(coin_face, p.rank, printing=printing), partial(coin_back, p.suit, printing=printing)) for p in ALL_PIECES]


def _net(suit: Suit, bleed: float, *, printing: Print) -> list[Shape]:
    """One suit's die net, with a legend for its lines underneath.

    Imposed without bleed, as the pawns are: these parts are cut along their own drawn outlines.
    """
    lay, ink = piecepack_layout(), scheme(printing).ink
    net_w, net_h = die_net_size()
    y = net_h + LEGEND - 2.0
    legend: list[Shape] = []
    for x, style, word in ((0.0, cut_style(printing), "cut"), (net_w / 2, fold_style(printing), "fold")):
        legend += [Line(x, y - 0.8, x + 6, y - 0.8, style), Text(x + 7.5, y, word, lay.note_size, fill=ink)]
    return [*die_net(suit, printing=printing), *legend]


def _lying_pawn(suit: Suit, bleed: float, *, printing: Print) -> list[Shape]:
    """A pawn strip turned a quarter, lying along the sheet: two to a row leave room at the foot."""
    _, h = pawn_strip_size()
    return [group(*pawn_strip(suit, printing=printing), transform=compose(translate(h, 0.0), rotate(90)))]


def kit_sections(printing: Print) -> list[tuple[list[Component], SheetOptions]]:
    """The four die nets in a row, then the four pawn strips lying two to a row."""
    lay = piecepack_layout()
    net_w, net_h = die_net_size()
    pawn_w, pawn_h = pawn_strip_size()
    nets = [Component(net_w, net_h + LEGEND, partial(_net, s, printing=printing)) for s in SUITS]
    pawns = [Component(pawn_h, pawn_w, partial(_lying_pawn, s, printing=printing)) for s in SUITS]
    own_lines = SheetOptions(printing, gap=lay.kit_gap, max_cols=4, marks=False)
    return [(nets, own_lines), (pawns, replace(own_lines, max_cols=2))]


@dataclass(frozen=True)
class Options:
    bw: Annotated[bool, parse.Flag("--bw", "Black and white: the symbols alone tell the suits apart.")] = parse.setting(False)
    tiles: Annotated[str | None, parse.Flag("--tiles", "Only the tiles of these ranks, like 2-5 (ranks n, a, 2-5); no coins, dice or pawns.")] = None
    back_offset: Annotated[parse.Offset, parse.BACK_OFFSET] = parse.setting(parse.OFFSET_ZERO)


def build(opts: BuildOptions, options: Options = Options()) -> list[Document]:
    """24 tiles, 24 coins, 4 dice and 4 pawns, with duplex backs for tiles and coins.

    Coins, dice and pawns, then tiles, fronts each followed by backs; `tiles` (a rank range) prints only those tiles."""
    printing, tiles = opts.printing, options.tiles
    lay = piecepack_layout()
    with_bleed = SheetOptions(printing, bleed=lay.bleed)
    tile_about = f"{lay.tile.size / 25.4:g} in ({lay.tile.size:g} mm) square, rank and suit in front, the common back behind: cut on the outlines."
    if tiles is not None:
        lo, hi = parse_rank_range(tiles)
        name, what = f"{NAME}-tiles-{RANK_LETTERS[lo]}-{RANK_LETTERS[hi]}", f"Piecepack tiles {RANK_NAMES[lo]} to {RANK_NAMES[hi]}"
        pages = impose(tile_components(printing, (lo, hi)), with_bleed, caption=what)
        parts = [Part("Tiles", f"{4 * (hi - lo + 1)} tiles, {tile_about}", pages, duplex=True)]
        assembly: list[str] = []
    else:
        name, what = NAME, "Piecepack"
        tile_pages = impose(tile_components(printing), with_bleed, caption="Piecepack tiles")
        pages = [
            # One sheet: the coins six to a row (each row one suit, null to 5), their backs on
            # the other side; under them the dice and pawns, which carry their own cut lines.
            *impose_stacked(
                [
                    (coin_components(printing), replace(with_bleed, max_cols=6)),
                    *kit_sections(printing),
                ],
                caption="Piecepack coins, dice and pawns",
            ),
        ]
        coins = f"24 coins, {lay.coin.diameter / 25.4:g} in ({lay.coin.diameter:g} mm) across, suits behind, to cut on their circles; a die net and a pawn strip a suit."
        # The coins' sheet first: it has room for the file's notes at its foot.
        parts = [Part("Coins, dice and pawns", coins, pages, duplex=True), Part("Tiles", f"24 tiles, {tile_about}", tile_pages, duplex=True)]
        assembly = ASSEMBLY
    if printing.bw:
        name, what = f"{name}-bw", f"{what} (black and white)"
    about = "Pieces of the piecepack, the public-domain game system, to print, cut out and play with."
    doc = document(what, printing, about, parts, assembly=assembly)
    return [pieces(name, doc.title, doc.pages, doc.hints)]
