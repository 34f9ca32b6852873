"""Exact opening-hand odds for a Power Lines deck, and sample hands: `pnp deck analyze | hands`.

The rules' set-up: each player shuffles the deck (the Base is never in it) and draws a hand of
HAND_SIZE (8) cards, then places FACE_DOWN (3) of them face down, as value-5, price-0 cards with
no effect; the other cards are the hand the game starts with ("kept").

Everything here is computed, not sampled. A hand of n cards from a deck of N holding K copies
of a kind (or of a group of kinds) holds n*K/N of them on average, and at least one with chance
1 - C(N-K, n) / C(N, n) (hypergeometric). A question about several sets of kinds at once
(`--hand "1+ of draw and 1+ of 9"`) is answered over the partition of the deck the sets induce:
every way a hand can hold k_1, k_2, ... cards of the parts is counted, C(K_1, k_1) * C(K_2, k_2)
* ... hands each (multivariate hypergeometric), so overlapping sets stay exact. All of it in
whole numbers and `fractions.Fraction`; percentages only for display.

**The face-down rule** is `rules/setup.py`'s, the goldfish player's too: the cards dearest to play go
face down, never the hand's two best high cards.

The rule depends only on which cards the hand holds, so the kept hand is computed exactly by
enumerating every hand composition by kind (at most C(18, 10) = 43,758 of them for 8 cards of
11 kinds) and applying the rule to each.

Pure Python: no drawing, no command line.
"""

from __future__ import annotations

import random
import textwrap
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from pnp.games.power_lines_cards.rules.catalogue import Card, catalogue, follows_catalogue
from pnp.games.power_lines_cards.rules.engine import Deck
from pnp.games.power_lines_cards.rules.setup import FACE_DOWN, HAND_SIZE, HIGH_VALUE, face_down_counts, face_down_order, face_down_rule, place_face_down

from .query import Query, parse_query
from .stats import DeckStats, deck_stats

WRAP = 96  # characters of a line of prose in the text report

GROUPS = ("draw", "free", "discard", "high")


# --- the deck's groups and the face-down rule --------------------------------------------------


def _in_group(card: Card, group: str) -> bool:
    return card.value >= HIGH_VALUE if group == "high" else card.when_played == group


def card_groups() -> dict[str, tuple[str, ...]]:
    """Each group the rules care about and its kinds, in catalogue order."""
    return {g: tuple(c.name for c in catalogue().kinds if _in_group(c, g)) for g in GROUPS}


def query_vocabulary() -> tuple[list[str], dict[str, tuple[str, ...]]]:
    """What a `--hand` query may name: the kinds in order, and the groups."""
    return catalogue().kind_names, card_groups()


def read_query(text: str) -> Query:
    """A `--hand` query over the catalogue's cards and groups; raises QueryError."""
    return parse_query(text, *query_vocabulary())


# --- the hypergeometric ------------------------------------------------------------------------


def expected(copies: int, deck: int, hand: int) -> Fraction:
    """How many of `copies` cards a hand of `hand` from a deck of `deck` holds on average."""
    return Fraction(hand * copies, deck) if deck else Fraction(0)


def at_least_one(copies: int, deck: int, hand: int) -> Fraction:
    """The chance that a hand of `hand` cards from `deck` holds at least one of `copies` cards."""
    return 1 - Fraction(comb(deck - copies, hand), comb(deck, hand))


def compositions(copies: Sequence[int], hand: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way a hand of `hand` cards can split over parts of the deck holding `copies` cards
    each: (cards of each part, the number of hands that split so). The numbers add up to
    C(sum(copies), hand)."""
    tails = [0] * (len(copies) + 1)
    for i in range(len(copies) - 1, -1, -1):
        tails[i] = tails[i + 1] + copies[i]
    held: list[int] = []

    def walk(i: int, left: int, ways: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == len(copies):
            yield tuple(held), ways
            return
        for x in range(max(0, left - tails[i + 1]), min(copies[i], left) + 1):
            held.append(x)
            yield from walk(i + 1, left - x, ways * comb(copies[i], x))
            held.pop()

    if hand <= tails[0]:
        yield from walk(0, hand, 1)


def chance(query: Query, counts: Mapping[str, int], hand: int) -> Fraction:
    """The exact chance that a hand of `hand` cards drawn from `counts` answers `query` yes,
    over the partition of the deck by which of the query's sets each kind is in."""
    clauses = query.clauses
    parts: Counter[tuple[bool, ...]] = Counter()
    for kind, n in counts.items():
        if n:
            parts[tuple(kind in c.kinds for c in clauses)] += n
    signatures = list(parts)
    total = sum(parts.values())
    yes = 0
    for held, ways in compositions([parts[s] for s in signatures], hand):
        per_clause = [sum(x for x, s in zip(held, signatures) if s[i]) for i in range(len(clauses))]
        if query.holds(per_clause):
            yes += ways
    return Fraction(yes, comb(total, hand))


@follows_catalogue
def _kept(copies: tuple[tuple[str, int], ...], hand: int, face_down: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The kept hands: (cards of each kind of `copies`, in its order; the number of ways)."""
    names = [name for name, _ in copies]
    kept: Counter[tuple[int, ...]] = Counter()
    for held, ways in compositions([n for _, n in copies], hand):
        placed = face_down_counts(dict(zip(names, held)), face_down)
        kept[tuple(x - placed[name] for name, x in zip(names, held))] += ways
    return tuple(kept.items())


def kept_hands(counts: Mapping[str, int], hand: int = HAND_SIZE, face_down: int = FACE_DOWN) -> list[tuple[dict[str, int], int]]:
    """Every hand left after the set-up, by the cards of each kind it holds, with the number of
    ways to draw it: `hand` cards drawn, then `face_down` of them placed by the face-down rule.
    The numbers add up to C(deck, hand)."""
    names = catalogue().kind_names
    rows = _kept(tuple((k, counts.get(k, 0)) for k in names), hand, face_down)
    return [(dict(zip(names, held)), ways) for held, ways in rows]


def chance_kept(query: Query, counts: Mapping[str, int], hand: int = HAND_SIZE, face_down: int = FACE_DOWN) -> Fraction:
    """The exact chance that the hand kept after the set-up answers `query` yes."""
    clauses = query.clauses
    total = yes = 0
    for held, ways in kept_hands(counts, hand, face_down):
        total += ways
        if query.holds([sum(n for k, n in held.items() if k in c.kinds) for c in clauses]):
            yes += ways
    return Fraction(yes, total)


# --- a deck's analysis -------------------------------------------------------------------------


def _chance(name: str, chance: Fraction) -> dict[str, Any]:
    """A chance as --json gives it: in percent rounded to 4 places (`NAME_percent`), and exactly (`NAME_exact`)."""
    return {f"{name}_percent": round(float(chance * 100), 4), f"{name}_exact": str(chance)}


@dataclass(frozen=True)
class Odds:
    expected: Fraction  # cards of the set in the hand, on average
    at_least_one: Fraction  # the chance of one or more

    def as_json(self) -> dict[str, Any]:
        return {
            "expected": round(float(self.expected), 4),
            "expected_exact": str(self.expected),
            **_chance("at_least_one", self.at_least_one),
        }


@dataclass(frozen=True)
class Row:
    """A kind, or a group of kinds: its copies and its odds in the opening and the kept hand."""

    name: str
    kinds: tuple[str, ...]
    copies: int
    opening: Odds
    kept: Odds

    def as_json(self) -> dict[str, Any]:
        return {"kinds": list(self.kinds), "copies": self.copies, "opening": self.opening.as_json(), "kept": self.kept.as_json()}


@dataclass(frozen=True)
class Answer:
    query: Query
    opening: Fraction
    kept: Fraction

    def as_json(self) -> dict[str, Any]:
        return {
            "query": self.query.text,
            "meaning": self.query.meaning(catalogue().kind_names),
            **_chance("opening", self.opening),
            **_chance("kept", self.kept),
        }


@dataclass(frozen=True)
class Paid:
    """What paying one kind's price costs or brings: per copy, and for all its copies."""

    kind: str
    copies: int
    price: int

    @property
    def total(self) -> int:
        return self.copies * abs(self.price)

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "copies": self.copies, "per_copy": abs(self.price), "total": self.total}


@dataclass(frozen=True)
class Analysis:
    total: int  # cards in the deck (the Base is never drawn)
    hand_size: int
    face_down: int
    order: tuple[str, ...]  # face_down_order
    groups: tuple[Row, ...]
    kinds: tuple[Row, ...]
    answers: tuple[Answer, ...]
    stats: DeckStats
    draws: tuple[Paid, ...]  # the kinds of negative price
    discards: tuple[Paid, ...]  # the kinds of positive price

    @property
    def kept_size(self) -> int:
        return self.hand_size - self.face_down

    def group(self, name: str) -> Row:
        return next(r for r in self.groups if r.name == name)

    def as_json(self) -> dict[str, Any]:
        drawn, discarded = self.stats.cards_drawn, self.stats.cards_discarded
        return {
            "total": self.total,
            "hand_size": self.hand_size,
            "face_down": self.face_down,
            "kept_size": self.kept_size,
            "face_down_order": list(self.order),
            "face_down_rule": face_down_rule(self.face_down),
            "groups": {r.name: r.as_json() for r in self.groups},
            "kinds": {r.name: {k: v for k, v in r.as_json().items() if k != "kinds"} for r in self.kinds},
            "queries": [a.as_json() for a in self.answers],
            **{k: v for k, v in self.stats.as_json().items() if k in ("by_value", "by_price")},
            "economy": {
                "draw": [p.as_json() for p in self.draws],
                "discard": [p.as_json() for p in self.discards],
                "cards_drawn": drawn,
                "cards_discarded": discarded,
                "net": drawn - discarded,
                "drawn_per_card": round(drawn / self.total, 4) if self.total else 0.0,
                "discarded_per_card": round(discarded / self.total, 4) if self.total else 0.0,
            },
        }

    def render(self, file: str) -> str:
        n, kept = self.hand_size, self.kept_size
        base = " (+ Base)" if self.stats.has_base else ""
        lines = [
            f"{file}: {self.total} card{'s' * (self.total != 1)}{base}; an opening hand of {n}, then {self.face_down} placed face down and {kept} kept",
            "",
            *_table(self, [r for r in self.groups], "group"),
            "",
            *_table(self, [r for r in self.kinds], "card"),
            "",
            *textwrap.wrap(f"set-up: {face_down_rule(self.face_down)}", width=WRAP, subsequent_indent="  "),
            f"after the set-up the {kept} kept hold at least one draw card in {percent(self.group('draw').kept.at_least_one)} of games",
        ]
        if self.answers:
            width = max(len(a.query.text) for a in self.answers)
            width = max(width, len("your hands"))
            lines += ["", f"{'your hands':<{width}}  {f'in the {n} drawn':>15}  {f'in the {kept} kept':>15}"]
            for a in self.answers:
                lines.append(f"{a.query.text:<{width}}  {percent(a.opening):>15}  {percent(a.kept):>15}")
                lines.append(f"  = {a.query.meaning(catalogue().kind_names)}")
        lines += ["", *self.stats.curves(), "", *self.economy_lines()]
        return "\n".join(lines)

    def economy_lines(self) -> list[str]:
        drawn, discarded = self.stats.cards_drawn, self.stats.cards_discarded
        lines = ["card economy: each copy's price paid once", f"{'card':>6}  {'copies':>6}  {'each':<10}  all"]
        for word, rows in (("draw", self.draws), ("discard", self.discards)):
            lines += [f"{p.kind:>6}  {p.copies:>6}  {f'{word} {abs(p.price)}':<10}  {word} {p.total}" for p in rows]
        balance = drawn - discarded
        net = "as many drawn as discarded" if not balance else f"{abs(balance)} more {'drawn than discarded' if balance > 0 else 'discarded than drawn'}"
        lines.append(f"in all: {drawn} drawn, {discarded} discarded, {net}")
        if self.total:
            lines.append(f"a card of the deck draws {drawn / self.total:.2f} and discards {discarded / self.total:.2f} on average")
        return lines


def analyze(
    counts: Mapping[str, int], queries: Iterable[Query] = (), hand_size: int = HAND_SIZE, face_down: int = FACE_DOWN, has_base: bool = False
) -> Analysis:
    """The odds of every kind and group in the opening hand and in the hand kept after the
    set-up, and the answers to `queries`. A deck smaller than `hand_size` is drawn whole."""
    cards = catalogue().kinds
    counts = {c.name: counts.get(c.name, 0) for c in cards}
    total = sum(counts.values())
    hand = min(hand_size, total)
    placed = min(face_down, hand)
    kept = kept_hands(counts, hand, placed)
    ways = sum(w for _, w in kept)

    def row(name: str, kinds: tuple[str, ...]) -> Row:
        copies = sum(counts[k] for k in kinds)
        held = [(sum(h[k] for k in kinds), w) for h, w in kept]
        return Row(
            name,
            kinds,
            copies,
            Odds(expected(copies, total, hand), at_least_one(copies, total, hand)),
            Odds(Fraction(sum(x * w for x, w in held), ways), Fraction(sum(w for x, w in held if x), ways)),
        )

    answers = tuple(Answer(q, chance(q, counts, hand), chance_kept(q, counts, hand, placed)) for q in queries)
    return Analysis(
        total=total,
        hand_size=hand,
        face_down=placed,
        order=face_down_order(),
        groups=tuple(row(g, kinds) for g, kinds in card_groups().items()),
        kinds=tuple(row(c.name, (c.name,)) for c in cards),
        answers=answers,
        stats=deck_stats(Deck(counts, has_base)),
        draws=tuple(Paid(c.name, counts[c.name], c.price or 0) for c in cards if (c.price or 0) < 0 and counts[c.name]),
        discards=tuple(Paid(c.name, counts[c.name], c.price or 0) for c in cards if (c.price or 0) > 0 and counts[c.name]),
    )


def percent(p: Fraction) -> str:
    """A chance for display: `92.21 %`; never `0.00 %` or `100.00 %` for what is merely unlikely or likely."""
    if p == 0:
        return "0 %"
    if p == 1:
        return "100 %"
    value = float(p * 100)
    if value < 0.005:
        return "<0.01 %"
    if value >= 99.995:
        return ">99.99 %"
    return f"{value:.2f} %"


def _table(analysis: Analysis, rows: list[Row], heading: str) -> list[str]:
    n, kept = analysis.hand_size, analysis.kept_size
    show_kinds = heading == "group"
    label = [f"{r.name} ({','.join(r.kinds)})" if show_kinds else r.name for r in rows]
    width = max([len(heading), *map(len, label)])
    head = f"{'':<{width}}  {'':>6}  {f'in the {n} drawn':^22}  {f'in the {kept} kept':^22}"
    sub = f"{heading:<{width}}  {'copies':>6}  {'expected':>9}  {'1 or more':>10}  {'expected':>9}  {'1 or more':>10}"
    lines = [head.rstrip(), sub]
    for text, r in zip(label, rows):
        lines.append(
            f"{text:<{width}}  {r.copies:>6}  {float(r.opening.expected):>9.2f}  {percent(r.opening.at_least_one):>10}"
            f"  {float(r.kept.expected):>9.2f}  {percent(r.kept.at_least_one):>10}"
        )
    return lines


# --- sample hands ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    cards: tuple[str, ...]  # as drawn
    face_down: tuple[str, ...]  # placed by the face-down rule, in the order drawn
    kept: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "face_down": list(self.face_down), "kept": list(self.kept)}


def sample_hands(counts: Mapping[str, int], count: int, seed: int, hand_size: int = HAND_SIZE, face_down: int = FACE_DOWN) -> list[Hand]:
    """`count` opening hands as a player deals them: shuffle the whole deck, draw the top
    `hand_size` (all of a smaller deck); each hand from a fresh shuffle of the full deck. Same
    counts and seed, same hands."""
    deck = [c.name for c in catalogue().kinds for _ in range(counts.get(c.name, 0))]
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        cards = deck[:]
        rng.shuffle(cards)
        drawn = cards[: min(hand_size, len(cards))]
        placed, kept = place_face_down(drawn, min(face_down, len(drawn)))
        hands.append(Hand(tuple(drawn), tuple(placed), tuple(kept)))
    return hands


def by_catalogue(cards: Iterable[str]) -> list[str]:
    """Cards sorted as the catalogue lists the kinds (0 to 10), for display."""
    rank = {name: i for i, name in enumerate(catalogue().kind_names)}
    return sorted(cards, key=rank.__getitem__)


def render_hands(file: str, seed: int, hands: Sequence[Hand]) -> str:
    """Each hand on a line, its cards sorted, then what the set-up places face down and keeps."""
    size = max((len(h.cards) for h in hands), default=0)
    lines = [f"{file}: {len(hands)} opening hand{'s' * (len(hands) != 1)} of {size}, seed {seed}"]
    drawn = [" ".join(by_catalogue(h.cards)) for h in hands]
    width = max(map(len, drawn), default=0)
    number = len(str(len(hands)))
    for i, (h, text) in enumerate(zip(hands, drawn), 1):
        placed, kept = (" ".join(by_catalogue(cards)) or "none" for cards in (h.face_down, h.kept))
        lines.append(f"{i:>{number}}  {text or 'no cards':<{width}}   face down {placed}, kept {kept}")
    return "\n".join(lines)
