"""How a command's pages are printed: the paper, in pnp's one table of papers, and the settings
a build target takes (black and white, bleed, cut lines, the duplex backs' offset).

The command line reads them once, at its edge (`pnp build`, a `show` or `report` command), into
one frozen `Print`; everything that draws receives that, never a bare paper name or flag. A
paper's size is the layout's (layouts/sheet.toml, `[paper.ID]`); its names are here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pnp.core.layouts import PaperSize, sheet_layout


class Paper(StrEnum):
    """The papers pnp prints on: each one's id (as --paper and PNP_PAPER take it, any case) and
    its names. A member is its id: `Paper.A4 == "a4"`, and formats as `a4`."""

    label: str  # as the kit's index names it
    short: str  # as a show page names it, where the tiles do not fit at true size
    described: str  # with its size, as a file's notes say how to print it

    def __new__(cls, id: str, label: str, short: str, described: str) -> Paper:
        paper = str.__new__(cls, id)
        paper._value_ = id
        paper.label, paper.short, paper.described = label, short, described
        return paper

    A4 = "a4", "A4", "A4", "A4 (210 x 297 mm)"
    LETTER = "letter", "US Letter", "Letter", "US Letter (8.5 x 11 in)"

    @property
    def size(self) -> PaperSize:
        """Its width and height in mm, portrait, from layouts/sheet.toml."""
        return sheet_layout().paper[self.value]


@dataclass(frozen=True)
class Print:
    """What every page of a command is printed with: the paper, and the settings a build target
    takes (each target's own options say which it offers; the others keep their defaults)."""

    paper: Paper = Paper.A4
    bw: bool = False  # black and white: the pieces drawn without colour
    bleed: float = 0.0  # mm of art past the cut line, each side (--bleed)
    cut_lines: bool = False  # full cut lines instead of crop marks (--cut-lines)
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm the duplex backs are shifted, to suit a printer (--back-offset)

    @property
    def size(self) -> PaperSize:
        """The paper's width and height in mm."""
        return self.paper.size


COLOUR = Print()  # pieces drawn for no paper of a command's own (an export's images, a rule sheet's figures): in colour
