"""Colour schemes for the piecepack, read from layouts/piecepack.toml.

The colour scheme takes its suit colours from the Okabe-Ito palette, which stays
distinguishable with the common kinds of colour blindness. The black-and-white
scheme gives every suit black: there the symbols alone tell the suits apart.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from pnp.core.layouts import LayoutModel

from .model import Suit

Colour = Annotated[str, Field(pattern=r"^#[0-9A-Fa-f]{6}$")]


class SuitColours(LayoutModel):
    suns: Colour
    moons: Colour
    crowns: Colour
    arms: Colour


class Scheme(LayoutModel):
    suits: SuitColours
    ink: Colour  # ranks on coins, pointers, cut and fold lines
    paper: Colour  # plain faces: the rank side of coins
    tile_back: Colour
    grid: Colour  # the 2 x 2 grid on tile backs
    tint: Annotated[float, Field(ge=0.0, le=1.0)]  # share of the suit colour in a suited face's background

    def suit(self, suit: Suit) -> str:
        return getattr(self.suits, suit.name.lower())

    def background(self, suit: Suit) -> str:
        """The light ground of a suited face: paper with a little of the suit colour."""
        return mix(self.suit(suit), self.paper, self.tint)


def mix(colour: str, base: str, share: float) -> str:
    """`share` of `colour` laid over `base`, as #rrggbb."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(base[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x * share + y * (1 - share)):02X}" for x, y in zip(a, b))
