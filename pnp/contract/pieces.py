"""What a game hands to `pnp export`: its pieces' designs, named, with the copies a set needs.

A game's `export` room lists its pieces here from the same drawing functions its sheets use
(nothing is drawn twice); pnp.export turns them into a print shop's images and PDF, or a
Tabletop Simulator table. Sizes are the cut (trim) in mm; a design draws its art `bleed` mm past
the cut, as on the home sheets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.core.diagnostics import PnpError
from pnp.draw.shapes import Shape
from pnp.draw.sheets import FaceDrawer

# How far inside a print shop's safe zone a piece keeps a mark that runs near the cut (a domino's
# six, a coin's pointer, a tile back's squares): the zone's edge is no place to stand on exactly.
SAFE_MARGIN = 0.5  # mm


class TooSmall(PnpError):
    """A trim the pieces cannot be laid out at (their text would not fit); `smallest`: the least
    size that works, in whole mm: of the same proportions, or where none is, of the home size's."""

    def __init__(self, trim: tuple[float, float], smallest: tuple[int, int]) -> None:
        super().__init__(f"{trim[0]:g} x {trim[1]:g} mm is too small for the pieces' text", exit_code=2)
        self.trim, self.smallest = trim, smallest


@dataclass(frozen=True)
class Design:
    """One image: a face or a back."""

    name: str  # the image's file name, without .png: `card-7`, `tile-back`
    label: str  # what it is, in words, for the manifest and Tabletop Simulator's tooltips
    draw: FaceDrawer


@dataclass(frozen=True)
class Piece:
    """A distinct piece: its face, its back (shared by many pieces, or its own), how many a set holds."""

    face: Design
    back: Design | None
    width: float
    height: float
    copies: int = 1


@dataclass(frozen=True)
class Image:
    """A picture Tabletop Simulator loads: a drawing of `width` x `height` mm, rendered at `dpi`."""

    name: str
    width: float
    height: float
    draw: Callable[[], Sequence[Shape]]
    dpi: int


@dataclass(frozen=True)
class Table:
    """A game for Tabletop Simulator: the images, and its objects once each image has a URL
    (`objects(url)`, with `url(name)` the address of the image or mesh `name`)."""

    images: list[Image]
    objects: Callable[[Callable[[str], str]], list[dict[str, Any]]]
    meshes: dict[str, str] = field(default_factory=dict)  # file name -> Wavefront OBJ text
