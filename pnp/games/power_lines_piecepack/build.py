"""`pnp build power-lines`: the rule sheet, a score pad and the 16 tiles Power Lines for piecepack uses."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from ... import options as parse
from ...draw.scorepad import pad_hints
from ...output import BuildOptions, write_pages
from ...piecepack import build as piecepack
from ...rulesheets import write_rules
from ..registry import game
from .diagrams import figures, sheet_context
from .scorepad import score_pad

GAME = game("power-lines")


@dataclass(frozen=True)
class Options:
    bw: Annotated[bool, parse.Flag("--bw", "Black and white.")] = False


def build(opts: BuildOptions, options: Options = Options()) -> list[Path]:
    """Its rule sheet, a score pad and the 2-5 tiles of every suit."""
    pad = score_pad(opts.paper)
    about = f"A score pad for {GAME.made_by}: two matches of two games, to fill in by hand or on screen."
    written = write_rules(GAME.rules, opts, figures(), **sheet_context())
    written += write_pages(GAME.scorepad, [pad], opts, title=pad.title, hints=pad_hints(pad, about))
    return written + piecepack.build(opts, piecepack.Options(bw=options.bw, tiles="2-5"))
