"""What `pnp export` makes of the card game: each player's deck, its distinct faces and its back."""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path

from pnp.contract.options import TRIM_MAX
from pnp.contract.pieces import Design, Image, Piece, Table, TooSmall
from pnp.core.diagnostics import PnpError, shown
from pnp.core.tts import MAX_COLUMNS, custom_deck
from pnp.draw.shapes import Rect, Shape, Style, group

from . import draw
from .build import decks_counts, player_decks
from .rules.catalogue import Card, catalogue
from .rules.engine import load_format

TTS_DPI = 200  # a card 496 px wide: its effect text stays sharp when a player zooms in
TTS_DECK_APART = 150.0  # mm between the two players' places, across the table


def pieces(
    size: tuple[float, float] | None = None, decks: list[Path] | None = None, rules: Path | None = None, proto: bool = False, safe: float | None = None
) -> list[Piece]:
    """Each player's deck (the starter deck twice by default), each with its own back: its Base,
    then each card kind it holds (with its count); `size`: laid out at a print shop's trim instead
    of 63 x 88 mm (see draw.card_layout); `safe`: the shop's safe zone, which the faces' frames
    keep clear (see draw.face; the back's stripes already run out into the bleed)."""
    paths = player_decks(decks)
    counted = decks_counts(paths, load_format(rules) if rules is not None else None, proto)
    lay = draw.card_layout(size)
    made: list[Piece] = []
    for player, (path, counts) in enumerate(zip(paths, counted)):
        letter = draw.deck_letter(player)
        back = Design(f"deck-{letter.lower()}-back", f"card back, deck {letter}", partial(draw.back, player, shown(path.stem), size=size))
        kinds = _faces(counts)
        if size is not None and not _fits(kinds, player, back, size):
            home = draw.card_layout()
            smallest = _smallest(kinds, player, back, size) or _smallest(kinds, player, back, (home.width, home.height))
            assert smallest is not None  # the faces fit their home size
            raise TooSmall(size, smallest)
        made += [
            Piece(
                Design(
                    f"deck-{letter.lower()}-{_name(kind.name)}",
                    f"deck {letter}, {_label(kind.name)}",
                    partial(draw.face, kind, player, proto=proto, size=size, safe=safe),
                ),
                back,
                lay.width,
                lay.height,
                1 if kind.is_base else counts[kind.name],
            )
            for kind in kinds
        ]
    return made


def _fits(kinds: list[Card], player: int, back: Design, size: tuple[float, float]) -> bool:
    """Every face's text fits a card of `size` (the layout shrinks it down to the smallest legible size)."""
    try:
        for kind in kinds:
            draw.face(kind, player, 0.0, size=size)
        back.draw(0.0)
    except PnpError:
        return False
    return True


def _smallest(kinds: list[Card], player: int, back: Design, size: tuple[float, float]) -> tuple[int, int] | None:
    """The smallest whole-mm size of `size`'s proportions that the faces fit, up to the largest trim."""
    w, h = size
    low, high = 0.0, TRIM_MAX / max(w, h)
    if not _fits(kinds, player, back, (w * high, h * high)):
        return None
    while high - low > 1e-3:  # the text fits a larger card once it fits a smaller one of the same shape
        middle = (low + high) / 2
        low, high = (low, middle) if _fits(kinds, player, back, (w * middle, h * middle)) else (middle, high)
    found = (math.ceil(w * high), math.ceil(h * high))
    return found if _fits(kinds, player, back, found) else None


def _faces(counts: dict[str, int]) -> list[Card]:
    """A deck's distinct faces: the Base, then each kind it holds, in catalogue order."""
    cat = catalogue()
    return [cat.base] + [kind for kind in cat.kinds if counts.get(kind.name)]


def _name(kind: str) -> str:
    return f"card-{kind.lower()}"


def _label(kind: str) -> str:
    return "Base" if kind == catalogue().base.name else f"card {kind}"


def table(decks: list[Path] | None = None, rules: Path | None = None, proto: bool = False) -> Table:
    """Each player's deck as a custom deck, face down, with its Base face up beside it. A deck's
    distinct faces fill one sheet of at most 10 columns, the Base first; the sheet's last slot
    holds its back, the image Tabletop Simulator shows for a card hidden in a hand."""
    paths = player_decks(decks)
    counted = decks_counts(paths, load_format(rules) if rules is not None else None, proto)
    lay = draw.card_layout()
    w, h = lay.width, lay.height
    cat = catalogue()
    images: list[Image] = []
    players = []
    for player, (path, counts) in enumerate(zip(paths, counted)):
        kinds = _faces(counts)
        cols = min(MAX_COLUMNS, len(kinds) + 1)
        rows = math.ceil((len(kinds) + 1) / cols)
        letter = draw.deck_letter(player).lower()
        name = shown(path.stem)
        sheet = partial(_sheet, kinds, player, name, proto, cols, rows)
        images += [
            Image(f"deck-{letter}-faces", cols * w, rows * h, sheet, TTS_DPI),
            Image(f"deck-{letter}-back", w, h, partial(draw.back, player, name, 0.0), TTS_DPI),
        ]
        cards = [(kinds.index(kind), _label(kind.name)) for kind in cat.kinds for _ in range(counts.get(kind.name, 0))]
        players.append((player, letter, name, cols, rows, cards))

    def objects(url) -> list[dict]:
        placed = []
        for player, letter, name, cols, rows, cards in players:
            z = (player - (len(players) - 1) / 2) * TTS_DECK_APART
            faces, back = url(f"deck-{letter}-faces.png"), url(f"deck-{letter}-back.png")
            if cards:  # a format may make a deck of the Base alone legal (`exactly = 0`): then no deck
                placed.append(
                    custom_deck(f"Deck {letter.upper()} ({name})", faces, back, cols, rows, cards, (-40.0, z), (w, h), back_is_hidden=False, deck_no=player + 1)
                )
            base = custom_deck(f"Base {letter.upper()}", faces, back, cols, rows, [(0, "Base")], (40.0, z), (w, h), back_is_hidden=False, deck_no=player + 1)
            base["Transform"]["rotZ"] = 0.0  # the Base starts face up, in play
            placed.append(base)
        return placed

    return Table(images, objects)


def _sheet(kinds: list[Card], player: int, name: str, proto: bool, cols: int, rows: int) -> list[Shape]:
    """A face sheet: the faces in slots of one card each, left to right, the back in the last slot."""
    lay = draw.card_layout()
    w, h = lay.width, lay.height
    slots: list[list[Shape]] = [draw.face(kind, player, 0.0, proto=proto) for kind in kinds]
    slots += [[] for _ in range(cols * rows - 1 - len(kinds))] + [draw.back(player, name, 0.0)]
    return [
        Rect(0, 0, cols * w, rows * h, Style(fill=lay.colours.paper)),
        *(group(*shapes, at=(i % cols * w, i // cols * h), clip=Rect(0, 0, w, h, Style())) for i, shapes in enumerate(slots)),
    ]
