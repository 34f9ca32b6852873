"""What `pnp export` makes of the card game: one deck's distinct faces and its back."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from ...diagnostics import shown
from ...pieces import Design, Piece
from ...resources import deck_file
from . import draw
from .build import deck_counts
from .catalogue import catalogue
from .engine import load_format

PLAYER = 0  # an exported deck wears deck A's back


def pieces(size: tuple[float, float] | None = None, deck: Path | None = None, rules: Path | None = None, proto: bool = False) -> list[Piece]:
    """The Base, then each card kind the deck list holds (with its count), all sharing one back;
    `size`: laid out at a print shop's trim instead of 63 x 88 mm (see draw.card_layout)."""
    path = deck or deck_file("starter.deck")
    counts = deck_counts(path, load_format(rules) if rules is not None else None, proto)
    lay = draw.card_layout(size)
    back = Design("back", f"card back, deck {draw.deck_letter(PLAYER)}", partial(draw.back, PLAYER, shown(path.stem), size=size))
    cat = catalogue()
    kinds = [(cat.base, 1)] + [(kind, counts[kind.name]) for kind in cat.kinds if counts.get(kind.name)]
    return [
        Piece(Design(_name(kind.name), _label(kind.name), partial(draw.face, kind, PLAYER, proto=proto, size=size)), back, lay.width, lay.height, copies)
        for kind, copies in kinds
    ]


def _name(kind: str) -> str:
    return f"card-{kind.lower()}"


def _label(kind: str) -> str:
    return "Base" if kind == catalogue().base.name else f"card {kind}"
