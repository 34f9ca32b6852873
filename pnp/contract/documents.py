"""The documents a game prints, and the one writer that turns them into files.

A game's `build` returns documents: each has a kind (pieces, score pad, rules, answer), a name
(its files' stem) and its pages, or, for a rule sheet, the template and figures it is typeset
from. `write_documents` writes them all, and records each file's kind in the command's session,
where the closing table, `index.html` and the kit read it: nothing guesses a file's role from its
name. No game writes a file itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from pnp.draw.document import PrintHints
from pnp.draw.markdown import Figure
from pnp.draw.scorepad import pad_hints
from pnp.draw.shapes import Drawing
from pnp.output.files import BuildOptions, write_pages
from pnp.output.rulesheets import write_rules


class Kind(Enum):
    """What a document is for a player: how the index titles it and where it stands."""

    PIECES = "pieces"
    SCORE_PAD = "score pad"
    RULES = "rules"
    ANSWER = "answer"  # never previewed beside the game it spoils


@dataclass(frozen=True)
class Pages:
    """A document of drawn pages: `name.pdf` and `name-NN.svg`."""

    kind: Kind
    name: str
    pages: Sequence[Drawing]
    title: str = ""
    hints: PrintHints | None = None


@dataclass(frozen=True)
class RuleSheet:
    """A game's rules, typeset from templates/rules/GAME.md.j2: `GAME-rules.pdf` and `.html`."""

    game: str
    figures: Mapping[str, Figure] = field(default_factory=dict)
    context: Mapping[str, object] = field(default_factory=dict)

    kind = Kind.RULES


Document = Pages | RuleSheet


def pieces(name: str, title: str, pages: Sequence[Drawing], hints: PrintHints | None = None) -> Pages:
    return Pages(Kind.PIECES, name, pages, title, hints)


def score_pad(name: str, page: Drawing, about: str) -> Pages:
    """A one-page score pad, `about` as its PDF's subject."""
    return Pages(Kind.SCORE_PAD, name, [page], page.title, pad_hints(page, about))


def write_documents(documents: Sequence[Document], opts: BuildOptions) -> list[Path]:
    """Every document's files in `opts.out`, in the order given (staged inside a build: pnp.output.files)."""
    written: list[Path] = []
    for doc in documents:
        if isinstance(doc, RuleSheet):
            made = write_rules(doc.game, opts, dict(doc.figures), **doc.context)
        else:
            made = write_pages(doc.name, list(doc.pages), opts, title=doc.title, hints=doc.hints, kind=doc.kind.value)
        written += made
    return written
