"""pnp's greedy player of the two-player card game: no look-ahead, a fixed rule for each choice
(what it may read: players.py)."""

from __future__ import annotations

import random

from pnp.games.power_lines_cards.rules.actions import Action, Decline, Dominate, Draw, FaceDown, Pass, Pick, Play, Shuffle
from pnp.games.power_lines_cards.rules.game import Game
from pnp.games.power_lines_cards.rules.setup import HIGH_VALUE, RESERVE, face_down_counts
from pnp.games.power_lines_cards.rules.table import (
    EIGHT,
    EIGHT_BONUS,
    MARGIN,
    ONE,
    ONE_BONUS,
    SEVEN,
    THREE,
    ZERO,
    ZERO_BELOW,
    Cell,
    Piece,
    base_value,
    prices,
    printed_values,
)


def greedy_player(game: Game, rng: random.Random) -> Action:
    """A player with no look-ahead, each choice a fixed rule (so `rng` is not used). The front is
    the four cells bordering the enemy Base; the total, what the connected friendlies there add
    up to; the Base falls at 14 (its 12 + 2).

    1. Set-up: a card face down by the set-up's rule (`rules/setup.py`), on the empty cell
       nearest the enemy Base.
    2. It takes the enemy Base whenever it may (a 7 played beside it takes it at once).
    3. It dominates an enemy card when it may, the one nearest its own Base first (a 7's free
       domination too); for a 2 of the opponent's it picks their strongest card.
    4. It makes a play that brings the total to 14: a 7 that takes the Base now first, else the
       cheapest (with an action left to dominate, or for next turn).
    5. It plays the card that adds most to the total (a card on the front; a 1, or a card that
       raises a 0 or an 8, beside one), if that adds at least the smaller of its share of what is
       missing (what is missing over the front cells still empty) and the average card it has
       not yet seen: so a 2 waits for a better card in a mixed deck, and a deck of 1s or 5s
       plays what it has. No fixed bar: three 5s make 14, four 4s, or 1s lifting each other.
    6. With no empty front cell open to it, it extends its line: on the cell that brings the
       empty front cells nearest (then the cell nearest the enemy Base), the cheapest card
       (draw cards first, then free cards, then the lowest), never one of the hand's two best
       cards above the average (kept for the front), nor a discard that takes one.
    7. Otherwise it draws; with the deck empty it shuffles the discard pile back; and as the
       rules allow a pass only when nothing is possible, failing all that it plays the cheapest
       card on the cell nearest the enemy Base, or does whatever is left.

    A price is paid with the cards least worth keeping: low cards that draw nothing (a 3 among
    them) first, then draw cards, then high cards, the lowest first. Card 3 costs a spare
    friendly: one that cuts no card off the Base and neither is on the front nor borders it.
    Card 9's free play follows 4 to 6 among the cards it may play; it is declined otherwise.
    """
    return Greedy(game).choose()


class Greedy:
    """One decision of `greedy_player`: what it reads from the game, worked out once."""

    __slots__ = ("game", "legal", "p", "table", "enemy", "fronts", "total", "linked", "gaps")

    def __init__(self, game: Game) -> None:
        self.game, self.legal, self.p, self.table = game, game.legal_actions(), game.to_move, game.table
        self.enemy = self.table.bases[1 - self.p]
        self.fronts = self.table.near(self.enemy)
        self.total = self.table.total(self.enemy, self.p)[0]
        self.linked = self.table.linked(self.p)
        self.gaps: dict[Cell | None, list[tuple[Cell, int]]] = {}  # each empty front cell's gap, by the card 3 takes

    def choose(self) -> Action:
        legal, phase = self.legal, self.game.phase
        if phase == "setup":
            return self.face_down()
        if Dominate(self.enemy) in legal:
            return Dominate(self.enemy)
        dominations = [a for a in legal if isinstance(a, Dominate)]
        if dominations:
            home = self.table.bases[self.p]
            return min(dominations, key=lambda a: (self.table.distance(a.cell, home), -self.table.defence(a.cell), a.cell))
        picks = [a for a in legal if isinstance(a, Pick)]
        if picks:
            return max(picks, key=lambda a: (self.table.value(a.cell), a.cell))
        if phase == "four":
            return Draw()
        plays = self.sensible()
        near = [(self.gain(a), a) for a in plays if _steps(a.cell, self.enemy) <= 2]
        chosen = self.winning(near) or self.adding(near) or self.extending(plays)
        if chosen is not None:
            return chosen
        if phase == "nine":
            return Decline()
        if Draw() in legal:
            return Draw()
        if Shuffle() in legal:
            return Shuffle()
        return self.last_resort(plays)

    # --- the rules, one a method ------------------------------------------------------------

    def face_down(self) -> Action:
        (card,) = face_down_counts(self.game.sides[self.p].hand, 1)
        cells = {a.cell for a in self.legal if isinstance(a, FaceDown)}
        return FaceDown(card, self.nearest(cells))

    def winning(self, near: list[tuple[int, Play]]) -> Play | None:
        need = base_value() + MARGIN
        wins = [a for g, a in near if self.total + g >= need]
        if not wins:
            return None
        now = [a for a in wins if a.card == SEVEN and a.cell in self.fronts]
        return now[0] if now else min(wins, key=self.cheapness)

    def adding(self, near: list[tuple[int, Play]]) -> Play | None:
        missing = base_value() + MARGIN - self.total
        empty = sum(f not in self.table.tops for f in self.fronts)
        bar = min(missing / max(empty, 1), self.average_unseen())
        good = [(g, a) for g, a in near if g > 0 and g >= bar]
        if not good:
            return None
        return max(good, key=lambda ga: (ga[0], [-x for x in self.cheapness(ga[1])]))[1]

    def extending(self, plays: list[Play]) -> Play | None:
        if any(f in self.table.open_cells(self.p) for f in self.fronts):
            return None  # an empty front cell is open: wait for a card worth it
        keep = self.kept()
        spends = {card: self.takes(a, keep) for card, a in {a.card: a for a in plays}.items()} if keep else {}
        line = [a for a in plays if a.cell not in self.fronts and not spends.get(a.card)]
        if not line:
            return None
        gaps = {cell: self.gap(cell) for cell in {a.cell for a in line}}
        scored = [(gaps[a.cell] if a.friendly is None else self.gap(a.cell, a.friendly), a) for a in line]
        best = min(s for s, _ in scored)
        if best >= self.gap():
            return None  # no cell brings the front nearer
        return min((a for s, a in scored if s == best), key=lambda a: (self.cheapness(a), self.place(a.cell)))

    def last_resort(self, plays: list[Play]) -> Action:
        if plays:
            return min(plays, key=lambda a: (self.place(a.cell), self.cheapness(a)))
        others = [a for a in self.legal if not isinstance(a, Decline | Pass)]
        return others[0] if others else self.legal[0]

    # --- what the rules weigh -----------------------------------------------------------------

    def gain(self, play: Play) -> int:
        """What `play` adds to the total: its own value on a front cell, and what it gives the
        connected front friendlies it borders (card 1's bonus, an 8's, a 0's higher reading)."""
        table, p, card = self.table, self.p, play.card
        added = table.value_of(play.cell, Piece(card, p)) if play.cell in self.fronts else 0
        for n in table.friends(play.cell, p):
            if n not in self.fronts or n not in self.linked:
                continue
            friend = table.tops[n]
            if card == ONE:
                added += ONE_BONUS
            if friend.face_down:
                continue
            if friend.card == EIGHT:
                added += EIGHT_BONUS
            elif friend.card == ZERO:
                added += max(0, printed_values()[card] - ZERO_BELOW - table.value(n))
        return added

    def sensible(self) -> list[Play]:
        """The plays whose price is paid sensibly: for each card the discards least worth keeping
        (the same on every cell), and for card 3 a spare friendly."""
        plays = [a for a in self.legal if type(a) is Play]
        offers: dict[str, set[tuple[str, ...]]] = {}
        for a in plays:
            if a.discards:
                offers.setdefault(a.card, set()).add(a.discards)
        paid = {card: min(found, key=lambda d: sorted(map(_worth, d), reverse=True)) for card, found in offers.items()}
        cut = self.table.cut_cells(self.p) if any(a.friendly is not None for a in plays) else set()
        return [
            a
            for a in plays
            if (not a.discards or a.discards == paid[a.card])
            and (a.friendly is None or (a.friendly not in cut and a.friendly != a.cell and _steps(a.friendly, self.enemy) > 2))
        ]

    def takes(self, play: Play, keep: list[str]) -> bool:
        """Whether `play` spends a card kept for the front (played, or discarded for its price)."""
        hand = self.game.sides[self.p].hand
        spent = [play.card, *play.discards]
        return any(hand.get(c, 0) - spent.count(c) < keep.count(c) for c in set(keep))

    def cheapness(self, play: Play) -> tuple[int, int]:
        """Draw cards first, then free cards, then priced ones; the lower value first."""
        return (prices()[play.card], printed_values()[play.card])

    def average_unseen(self) -> float:
        """The mean printed value of the cards left in its deck: which cards they are follows from
        its deck list and what it has seen (its order is never read)."""
        deck = self.game.sides[self.p].deck
        return sum(printed_values()[c] for c in deck) / len(deck) if deck else 0.0

    def kept(self) -> list[str]:
        """The hand's RESERVE best cards above the unseen average, of value HIGH_VALUE or more: kept for the front."""
        hand = self.game.sides[self.p].hand
        bar = max(self.average_unseen(), HIGH_VALUE - 1)
        high = sorted((c for c, n in hand.items() for _ in range(n) if printed_values()[c] > bar), key=lambda c: -printed_values()[c])
        return high[:RESERVE]

    def gap(self, cell: Cell | None = None, gone: Cell | None = None) -> int:
        """How far the empty front cells lie from the line (with a card on `cell`, and the card on
        `gone` taken for card 3): for each, the cards still needed to open it (0 when open), added up."""
        gaps = self.gaps.get(gone)
        if gaps is None:
            cells = [self.table.bases[self.p], *self.linked.difference((gone,))]
            gaps = self.gaps[gone] = [(f, min(_steps(c, f) for c in cells) - 1) for f in self.fronts if f not in self.table.tops]
        if cell is None:
            return sum(g for _, g in gaps)
        x, y = cell
        return sum(min(g, abs(x - fx) + abs(y - fy) - 1) for (fx, fy), g in gaps)  # _steps, inlined: called most

    def place(self, cell: Cell) -> tuple[int, int, int, int]:
        """Nearest the enemy Base, then the Bases' row, then above it."""
        return (_steps(cell, self.enemy), abs(cell[1]), -cell[1], cell[0])

    def nearest(self, cells: set[Cell]) -> Cell:
        return min(cells, key=self.place)


def _steps(a: Cell, b: Cell) -> int:
    """Cells from `a` to `b` along rows and columns: the cards a line between them needs, plus one."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _worth(card: str) -> tuple[int, int]:
    """How much a card is worth keeping: low cards that draw nothing (a 3 counts: it costs a
    friendly), then draw cards, then high cards; the lower value first."""
    value = printed_values()[card]
    rank = 2 if value >= HIGH_VALUE else 1 if prices()[card] < 0 and card != THREE else 0
    return (rank, value)
