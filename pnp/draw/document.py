"""A print document: its pages in parts, and what the PDF says beside them (its print hints).

Kept apart from the cover that pnp.draw.cover draws, so that the backends and the output side
can name a document without loading the layouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .shapes import Drawing


@dataclass(frozen=True)
class PrintHints:
    """What a PDF says beside its pages: the subject line, the outline, one- or two-sided."""

    subject: str
    outline: tuple[tuple[str, int, int], ...]  # (title, page index from 0, level from 0)
    duplex: bool = False  # fronts and backs alternate, for a flip on the long edge
    preview: int = 0  # the first page that shows pieces (after notes on a page of their own), from 0


@dataclass(frozen=True)
class Part:
    """Pages of one kind: `name` titles them in the outline and on the cover."""

    name: str
    about: str  # what the pages hold, in a sentence for the cover
    pages: Sequence[Drawing]
    duplex: bool = False  # a page of backs after each page of fronts


@dataclass(frozen=True)
class Document:
    title: str
    pages: list[Drawing]
    hints: PrintHints
