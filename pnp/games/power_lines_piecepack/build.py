"""`pnp build power-lines`: the rule sheet, a score pad and the 16 tiles Power Lines for piecepack uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pnp.contract import options as parse
from pnp.contract.documents import Document, RuleSheet, score_pad
from pnp.output.files import BuildOptions
from pnp.piecepack import build as piecepack

from . import GAME
from .diagrams import figures, sheet_context
from .scorepad import score_pad as pad_page


@dataclass(frozen=True)
class Options:
    bw: Annotated[bool, parse.Flag("--bw", "Black and white.")] = parse.setting(False)


def build(opts: BuildOptions, options: Options = Options()) -> list[Document]:
    """Its rule sheet, a score pad and the 2-5 tiles of every suit."""
    about = f"A score pad for {GAME.made_by}: two matches of two games, to fill in by hand or on screen."
    return [
        RuleSheet(GAME.rule_sheet, figures(), sheet_context()),
        score_pad(GAME.scorepad, pad_page(opts.printing), about),
        *piecepack.build(opts, piecepack.Options(tiles="2-5")),
    ]
