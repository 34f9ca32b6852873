"""What `pnp export` makes of Ley Lines: its 28 dominoes, one common back."""

from __future__ import annotations

from functools import partial

from ...pieces import Design, Piece
from .draw import domino_back, domino_face, domino_size
from .engine import DOMINOES, domino_name

DOMINO_BACK = Design("domino-back", "domino back", domino_back)


def domino_design(d: tuple[int, int]) -> Design:
    return Design(f"domino-{d[0]}-{d[1]}", f"domino {domino_name(d)}", partial(domino_face, d))


def pieces() -> list[Piece]:
    """The double-six set, 0-0 to 6-6, standing up (low half above)."""
    w, h = domino_size()
    return [Piece(domino_design(d), DOMINO_BACK, w, h) for d in DOMINOES]
