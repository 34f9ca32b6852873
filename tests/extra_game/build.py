"""The test game's one document: a board of nine 50 mm squares, centred on the page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pnp.contract import options as parse
from pnp.contract.documents import Document, pieces
from pnp.draw.shapes import Drawing, Rect, Style
from pnp.output.files import BuildOptions

SQUARE = 50.0  # mm


@dataclass(frozen=True)
class Options:
    squares: Annotated[int, parse.Flag("--squares", "Squares a side.", parse.integer(3, 4))] = 3


def build(opts: BuildOptions, options: Options = Options()) -> list[Document]:
    paper = opts.printing.size
    page = Drawing(paper.width, paper.height, title="Three in a Line - board")
    side = options.squares * SQUARE
    left, top = (paper.width - side) / 2, (paper.height - side) / 2
    for row in range(options.squares):
        for col in range(options.squares):
            page.add(Rect(left + col * SQUARE, top + row * SQUARE, SQUARE, SQUARE, Style(stroke="#000000", stroke_width=0.5)))
    return [pieces("three-in-a-line", page.title, [page])]
