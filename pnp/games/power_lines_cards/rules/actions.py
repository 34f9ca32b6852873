"""What a player may do, as small immutable values that carry every choice made, chance included.

A game record is the list of actions pushed: replaying it needs nothing else. The two chance
events are parts of their actions: a shuffle's new deck order, and the card a 5 trashes from the
opponent's discard pile. `Game.legal_actions` offers them undrawn (`Shuffle(None)`, a 5 with
`trash=RANDOM`); `Game.push` draws them with the generator it is given and returns, and records,
the action with the outcome filled in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .table import Cell

RANDOM = "?"  # a 5's trashed card, still to be drawn


@dataclass(frozen=True, slots=True)
class FaceDown:
    """Set-up: place `card` from the hand face down on `cell`."""

    card: str
    cell: Cell


class Play(NamedTuple):
    """Play `card` from the hand on `cell` (over the enemy there, for a 6). `discards`: the cards
    a positive price discards from the hand (with card 3 read "hand", its friendly too);
    `friendly`: the cell of the friendly card 3 costs; `trash`: the card a 5 trashes from the
    opponent's discard pile (RANDOM until drawn). A NamedTuple, not a dataclass like the rest:
    legal lists hold hundreds of plays, and a tuple is made several times faster."""

    card: str
    cell: Cell
    discards: tuple[str, ...] = ()
    friendly: Cell | None = None
    trash: str | None = None


@dataclass(frozen=True, slots=True)
class Dominate:
    """Trash the enemy card on `cell` (or take the enemy Base): an action, or card 7's free one."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw a card: an action, or the draw a card 4 offers when the variant makes it optional."""


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Shuffle the discard pile into the deck, two actions. `order`: the deck afterwards, top card
    last; None until drawn."""

    order: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Pick:
    """Card 2's effect: the opponent of a 2's owner discards the friendly of the 2 on `cell`."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn: allowed only when no action is possible."""


@dataclass(frozen=True, slots=True)
class Decline:
    """Let an optional effect go (card 2's pick, card 4's draw, card 7's domination, card 9's play)."""


Action = FaceDown | Play | Dominate | Draw | Shuffle | Pick | Pass | Decline


class IllegalAction(ValueError):
    """An action the rules do not allow now."""
