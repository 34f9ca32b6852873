"""Suits, ranks and the rank-then-suit notation piecepack players use (`nS`, `aM`, `3C`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Suit(str, Enum):
    SUNS = "S"
    MOONS = "M"
    CROWNS = "C"
    ARMS = "A"


SUITS: tuple[Suit, ...] = tuple(Suit)

# Rank letters in order of value: null is 0, ace is 1.
RANK_LETTERS = "na2345"
RANK_NAMES = ("null", "ace", "2", "3", "4", "5")


def parse_rank(text: str) -> int | None:
    """The value 0-5 of a rank letter (case-insensitive), or None."""
    index = RANK_LETTERS.find(text.lower()) if len(text) == 1 else -1
    return index if index >= 0 else None


def parse_suit(text: str) -> Suit | None:
    try:
        return Suit(text.upper())
    except ValueError:
        return None


@dataclass(frozen=True, order=True)
class Piece:
    """A coin or tile face: a rank (0-5) and a suit."""

    rank: int
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Piece | None:
        """`3C` -> Piece(3, CROWNS); None when the text is not a piece."""
        if len(text) != 2:
            return None
        rank, suit = parse_rank(text[0]), parse_suit(text[1])
        if rank is None or suit is None:
            return None
        return cls(rank, suit)

    def __str__(self) -> str:
        return f"{RANK_LETTERS[self.rank]}{self.suit.value}"


# Every coin (or tile face) of one piecepack, in a fixed order: suit by suit, null to 5.
ALL_PIECES: tuple[Piece, ...] = tuple(Piece(r, s) for s in SUITS for r in range(6))
