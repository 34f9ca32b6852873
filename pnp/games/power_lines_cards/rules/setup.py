"""The set-up of Power Lines: the hand each player draws, and which of its cards pnp places face down.

The rules: each player shuffles the deck (the Base is never in it), draws HAND_SIZE cards, and
places FACE_DOWN of them face down, one by one, as value-5, price-0 cards with no effect. Which
cards, the rules leave to the player; pnp's rule, used alike by `pnp deck analyze | hands` (its
exact odds of the kept hand) and by the goldfish player, places the cards dearest to play: first
a 3 (played face up it costs a friendly on the table as well), then the highest price (discard
2, discard 1, free, draw 1, draw 2), among one price the lower value first (it loses the least,
or gains the most, by counting as a 5); but never one of the hand's RESERVE highest cards of
value HIGH_VALUE or more, kept to take the enemy Base (two 7s make the 14 that dominates a Base
of 12), unless nothing else is left. A face-down card is set down for nothing, so a player saves
the most by setting down what costs the most to play.

Pure Python: no drawing, no command line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from .catalogue import catalogue, follows_catalogue

HAND_SIZE = 8  # "Each player then ... draws a hand of 8 cards from that deck."
FACE_DOWN = 3  # "When each player has played three such cards, the first player's turn begins."
HIGH_VALUE = 7  # the "high" cards: value 7 or more, the ones that take a Base (12) down
FRIENDLY_PRICE = "3"  # "Discard a friendly as an additional price to play this card": placed face down first
RESERVE = 2  # the hand's highest cards of value HIGH_VALUE or more never placed face down


def face_down_order() -> tuple[str, ...]:
    """The kinds in the order the set-up places them face down: a 3 first, then the highest
    price, then the lower value (the RESERVE highest cards of value HIGH_VALUE or more apart)."""
    return tuple(c.name for c in sorted(catalogue().kinds, key=lambda c: (c.name != FRIENDLY_PRICE, -(c.price or 0), c.value)))


def face_down_rule(count: int = FACE_DOWN) -> str:
    """The face-down rule in words, for the text and the JSON of `pnp deck analyze`."""
    order = " ".join(face_down_order())
    return (
        f"the {count} cards dearest to play go face down: a {FRIENDLY_PRICE} first (it also costs a friendly), "
        f"then the highest price, then the lower value ({order}), never the hand's {RESERVE} highest "
        f"cards of value {HIGH_VALUE} or more while another card is left"
    )


@follows_catalogue
def _rule() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """face_down_order, and the kinds of value HIGH_VALUE or more, highest first."""
    high = sorted((c for c in catalogue().kinds if c.value >= HIGH_VALUE), key=lambda c: -c.value)
    return face_down_order(), tuple(c.name for c in high)


def face_down_counts(held: Mapping[str, int], count: int = FACE_DOWN) -> Counter[str]:
    """How many cards of each kind the set-up places face down from a hand holding `held`
    (copies per kind): `count` cards (all of a smaller hand), one after another, each the first in
    face_down_order that is not one of the hand's RESERVE highest cards of value HIGH_VALUE or more;
    when only those are left, the lower of them first."""
    order, high = _rule()
    reserved: dict[str, int] = {}
    left = RESERVE
    for name in high:  # the hand's highest high cards, kept for the front
        reserved[name] = min(held.get(name, 0), left)
        left -= reserved[name]
    need = min(count, sum(held.values()))
    placed: Counter[str] = Counter()
    for name, spare in [*((k, held.get(k, 0) - reserved.get(k, 0)) for k in order), *((k, reserved[k]) for k in reversed(high))]:
        take = min(spare, need)  # the reserved cards come last, the lower first: only when nothing else is left
        if take > 0:
            placed[name] += take
            need -= take
    return placed


def place_face_down(hand: Sequence[str], count: int = FACE_DOWN) -> tuple[list[str], list[str]]:
    """The cards of `hand` the set-up places face down (face_down_counts) and the cards kept, each
    in the order of `hand`."""
    left = face_down_counts(Counter(hand), count)
    placed, kept = [], []
    for card in hand:
        if left[card]:
            left[card] -= 1
            placed.append(card)
        else:
            kept.append(card)
    return placed, kept
