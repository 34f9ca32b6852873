"""A two-player game of Power Lines: the state, its legal actions, and the rules that apply them.

    game = Game.start((shuffled(cards, rng), shuffled(cards, rng)), first=0)
    while game.outcome() is None:
        game.push(choose(game.legal_actions()), rng)

The flow
--------
- Set-up: each player draws HAND_SIZE cards; then, the first player first, they take turns
  placing a card face down by the rules of placement, FACE_DOWN each (fewer with a smaller hand).
- A turn has ACTIONS_PER_TURN actions: play a card, dominate, draw (one each), shuffle (two).
  A pass, allowed only when nothing else is, ends the turn. Turns are counted from 1, both
  players' turns alike.
- An effect that asks for a choice is answered before anything else, by the player it asks,
  once the action that caused it is complete: card 7's free domination and card 9's free play
  by their player, card 2's pick by the opponent, card 4's draw (when optional) by its owner.
  An effect with nothing to choose from is skipped. `to_move` says who chooses now.
- Placement: a card goes on an empty cell bordering its player's Base or a friendly connected
  to it (a 6 may go over an enemy there instead). Paying comes first: a positive price discards
  other cards from the hand, a negative one draws (not playable with too small a deck); card 3
  also costs a friendly, after which its cell must still be a legal one.
- Dominating needs at least one connected friendly bordering the target (or the Base, where
  the variant counts it): a total of nothing dominates nothing.
- After every change on the table each face-up 0 whose value went down is trashed (`Table.settle`).
- The end (`outcome`): a Base dominated; both players out of cards (the nearer card to the
  enemy Base wins, an equal distance draws); each player passing a whole turn, one after the
  other; or the turn cap. Only a whole turn passed counts: a player who acted and then had to
  pass with one action left (too few to shuffle) may well act next turn. Readings: `variant.py`.

Chance: a shuffle's order and a 5's trashed card are parts of their actions (`actions.py`);
`push` draws what is undrawn with the generator it is given, and `history` keeps every action as
applied, so that `replay` of the same decks and history gives the same game, with no generator.

Hidden cards: a player knows their own hand and face-down cards, every card face up (trashed
cards included) and every pile's size, and the deck lists are open: so what the opponent hides,
taken together, is known; where each card of it lies is not. `determinize` gives a copy with
those cards dealt afresh, so that a search player looks ahead without cheating.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import repeat
from operator import is_
from typing import Literal, NamedTuple

from .actions import RANDOM, Action, Decline, Dominate, Draw, FaceDown, IllegalAction, Pass, Pick, Play, Shuffle
from .catalogue import catalogue
from .setup import FACE_DOWN, HAND_SIZE
from .table import FIVE, FOUR, MARGIN, NINE, SEVEN, SIX, THREE, TWO, Cell, Piece, Table, prices, printed_values
from .variant import DEFAULT, Variant

ACTIONS_PER_TURN = 3  # "On your turn, you have three actions"
SHUFFLE_ACTIONS = 2  # "With two actions, you may: Shuffle your discard pile into your draw deck"
FREE_PLAY_MAX = 5  # card 9: "another friendly ... of value 5 or less"
PLAYERS = 2

Ending = Literal["base", "out-of-cards", "all-passed", "turn-cap"]
Phase = Literal["setup", "turn", "seven", "nine", "two", "four", "over"]


class Outcome(NamedTuple):
    winner: int | None  # None: a draw
    ending: Ending


class Pending(NamedTuple):
    """A choice an effect asks of `player`: `kind` names the card; `cell` is where it acts."""

    kind: Literal["seven", "nine", "two", "four"]
    player: int
    cell: Cell


@dataclass(slots=True)
class Side:
    """A player's cards off the table. Decks are drawn from the end; a hand counts copies per card."""

    deck: list[str]
    hand: dict[str, int] = field(default_factory=dict)
    discard: list[str] = field(default_factory=list)
    trash: list[str] = field(default_factory=list)

    def copy(self) -> Side:
        return Side(list(self.deck), dict(self.hand), list(self.discard), list(self.trash))

    def draw(self, n: int = 1) -> None:
        for _ in range(min(n, len(self.deck))):
            card = self.deck.pop()
            self.hand[card] = self.hand.get(card, 0) + 1

    def take(self, card: str) -> None:
        """Take one `card` from the hand."""
        left = self.hand[card] - 1
        if left:
            self.hand[card] = left
        else:
            del self.hand[card]

    @property
    def hand_size(self) -> int:
        return sum(self.hand.values())


_ORDER = {name: i for i, name in enumerate(catalogue().kind_names)}  # the order cards are listed in


def in_order(cards: Sequence[str]) -> tuple[str, ...]:
    """`cards` in catalogue order: how a Play lists its discards."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


def shuffled(cards: Sequence[str], rng: random.Random) -> list[str]:
    """`cards` in a random order: a deck to start a game with."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck


_NOTHING: list[tuple[str, ...]] = [()]  # the one way to pay no cards
_new = tuple.__new__

# The actions without a field are values: one of each serves every list.
_DRAW, _SHUFFLE, _PASS, _DECLINE = Draw(), Shuffle(), Pass(), Decline()


@cache
def _face_down(card: str, cell: Cell) -> FaceDown:
    """The set-up action, made once: a frozen dataclass is slow to build, and set-up lists are long."""
    return FaceDown(card, cell)


def _choices(hand: dict[str, int], played: str, n: int) -> list[tuple[str, ...]]:
    """Every distinct way to pick `n` cards from `hand` (copies per card) but the card `played`,
    in catalogue order."""
    return _choices_of(tuple(hand.items()), played, n)


@lru_cache(maxsize=1 << 12)  # hands repeat: a few thousand kinds of hand cover most games
def _choices_of(hand_items: tuple[tuple[str, int], ...], played: str, n: int) -> list[tuple[str, ...]]:
    hand = {card: copies - (card == played) for card, copies in hand_items if copies - (card == played)}
    kinds = sorted(hand, key=_ORDER.__getitem__)
    found: list[tuple[str, ...]] = []

    def pick(start: int, left: int, chosen: tuple[str, ...]) -> None:
        if left == 0:
            found.append(chosen)
            return
        for i in range(start, len(kinds)):
            card = kinds[i]
            for copies in range(min(hand[card], left), 0, -1):
                pick(i + 1, left - copies, chosen + (card,) * copies)

    pick(0, n, ())
    return sorted(found, key=lambda c: [_ORDER[x] for x in c])


class Game:
    """A game under way. Change it only by `push`; `copy` for a copy to try things on."""

    __slots__ = (
        "variant",
        "table",
        "sides",
        "first",
        "player",
        "turn",
        "actions",
        "placing",
        "pending",
        "fresh",
        "passes",
        "result",
        "history",
        "_legal",
    )

    variant: Variant
    table: Table
    sides: tuple[Side, Side]
    first: int
    player: int  # whose turn (or set-up placement) it is
    turn: int  # 0 during the set-up
    actions: int  # left this turn
    placing: list[int]  # face-down cards each player has still to place
    pending: list[Pending]
    fresh: bool  # the turn's player has done nothing yet this turn
    passes: int  # whole turns passed in a row
    result: Outcome | None
    history: list[Action]
    _legal: tuple[Action, ...] | None

    @classmethod
    def start(cls, decks: tuple[Sequence[str], Sequence[str]], first: int = 0, variant: Variant = DEFAULT) -> Game:
        """A new game: `decks` in their order (top card last, as `shuffled` gives them), player
        `first` to place and play first. Each player draws HAND_SIZE cards."""
        game = cls.__new__(cls)
        game.variant = variant
        game.table = Table(variant)
        game.sides = (Side(list(decks[0])), Side(list(decks[1])))
        for side in game.sides:
            side.draw(HAND_SIZE)
        game.first = game.player = first
        game.turn, game.actions, game.fresh, game.passes = 0, 0, True, 0
        game.placing = [min(FACE_DOWN, s.hand_size) for s in game.sides]
        game.pending, game.result, game.history, game._legal = [], None, [], None
        if not game.placing[first]:
            game._next_placer()
        return game

    @classmethod
    def position(
        cls,
        table: Mapping[Cell, Piece | Sequence[Piece]],
        hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
        decks: tuple[Sequence[str], Sequence[str]] = ((), ()),
        discards: tuple[Sequence[str], Sequence[str]] = ((), ()),
        player: int = 0,
        actions: int = ACTIONS_PER_TURN,
        variant: Variant = DEFAULT,
    ) -> Game:
        """A game built by hand, `player` to act with `actions` left in turn 1: for tests,
        puzzles and analysis. A cell holds a card, or a stack of them, bottom first (a 6 over
        what it covers). Decks list their top card last."""
        game = cls.__new__(cls)
        game.variant = variant
        game.table = Table(variant)
        for cell, pieces in table.items():
            for piece in [pieces] if isinstance(pieces, Piece) else pieces:
                game.table.place(cell, piece)
        game.table.settle()  # each 0 takes its value now as its own
        game.sides = (
            Side(list(decks[0]), dict(Counter(hands[0])), list(discards[0])),
            Side(list(decks[1]), dict(Counter(hands[1])), list(discards[1])),
        )
        game.first = game.player = player
        game.turn, game.actions, game.fresh, game.passes = 1, actions, True, 0
        game.placing, game.pending, game.result, game.history, game._legal = [0, 0], [], None, [], None
        return game

    def copy(self) -> Game:
        other = Game.__new__(Game)
        other.variant, other.first = self.variant, self.first
        other.table = self.table.copy()
        other.sides = (self.sides[0].copy(), self.sides[1].copy())
        other.player, other.turn, other.actions, other.fresh, other.passes = self.player, self.turn, self.actions, self.fresh, self.passes
        other.placing, other.pending = list(self.placing), list(self.pending)
        other.result, other.history, other._legal = self.result, list(self.history), self._legal
        return other

    # --- what the players see -------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if self.result is not None:
            return "over"
        if self.pending:
            return self.pending[0].kind
        return "setup" if self.turn == 0 else "turn"

    @property
    def to_move(self) -> int:
        """The player who chooses the next action."""
        return self.pending[0].player if self.pending else self.player

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self.result

    def out_of_cards(self, player: int) -> bool:
        side = self.sides[player]
        return not side.deck and not side.hand and (self.variant.out_of_cards == "deck-and-hand" or not side.discard)

    def cards_held(self, player: int) -> int:
        """Every card of `player`'s outside the trash: deck, hand, discard pile and table (Base apart)."""
        side = self.sides[player]
        on_table = sum(p.owner == player for p in self.table.tops.values())
        on_table += sum(p.owner == player for stack in self.table.under.values() for p in stack)
        return len(side.deck) + side.hand_size + len(side.discard) + on_table

    def determinize(self, player: int, rng: random.Random) -> Game:
        """A copy as `player` may imagine it: the opponent's hand, deck and face-down cards dealt
        afresh from the cards they hide, and `player`'s own deck shuffled (nobody knows its
        order). The copy has no history, which would tell. What a player saw and could remember
        (a hand shown on passing, the cards a shuffle put back) is not used. Two games that
        differ only in what `player` cannot see give the same copy for the same `rng`."""
        game = self.copy()
        game.history = []
        other = 1 - player
        side = game.sides[other]
        hidden = [(cell, depth) for cell, depth, piece in _stacked(game.table) if piece.owner == other and piece.face_down]
        pool = [*Counter(side.hand).elements(), *side.deck]
        pool += [_piece_at(game.table, cell, depth).card for cell, depth in hidden]
        pool.sort()  # in an order of their own first: the deal depends on what `player` sees and `rng` alone
        rng.shuffle(pool)
        hand_size = side.hand_size
        side.hand = dict(Counter(pool[:hand_size]))
        for (cell, depth), card in zip(hidden, pool[hand_size:]):
            game.table.recard(cell, depth, card)
        side.deck = pool[hand_size + len(hidden) :]
        own = game.sides[player].deck
        own.sort()
        rng.shuffle(own)
        game._legal = None
        return game

    # --- the legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action `to_move` may push now, chance parts undrawn; empty when the game is over."""
        if self._legal is None:
            self._legal = tuple(self._actions())
        return self._legal

    def _actions(self) -> list[Action]:
        if self.result is not None:
            return []
        if self.pending:
            return self._answers(self.pending[0])
        p = self.player
        if self.turn == 0:
            cells = sorted(self.table.open_cells(p))
            return [_face_down(card, cell) for card in sorted(self.sides[p].hand, key=_ORDER.__getitem__) for cell in cells]
        side = self.sides[p]
        found: list[Action] = []
        if self.actions >= 1:
            found += self._plays(p, None)
            found += self._dominations(p, None)
            limit = self.variant.hand_limit
            if side.deck and (limit is None or side.hand_size < limit):
                found.append(_DRAW)
        if self.actions >= SHUFFLE_ACTIONS and side.discard:
            found.append(_SHUFFLE)
        return found or [_PASS]

    def _answers(self, pending: Pending) -> list[Action]:
        """The answers to an effect's choice, Decline last; none when there is nothing to choose."""
        kind, p, cell = pending
        answers: list[Action]
        if kind == "seven":
            answers = list(self._dominations(p, cell))
        elif kind == "nine":
            answers = list(self._plays(p, cell))
        elif kind == "two":
            answers = [Pick(c) for c in sorted(self.table.friends(cell, 1 - p))]
        else:
            answers = [_DRAW] if self.sides[p].deck else []
        if answers:
            answers.append(_DECLINE)
        return answers

    def _plays(self, p: int, nine: Cell | None) -> list[Play]:
        """`p`'s plays: as an action, or (`nine`: the 9's cell) as card 9's free play."""
        v, table, side = self.variant, self.table, self.sides[p]
        pay = nine is None or v.nine_pays_price
        found: list[Play] = []
        opponent_discards = bool(self.sides[1 - p].discard)
        hand, memo = side.hand, table.memo
        for card in sorted(hand, key=_ORDER.__getitem__):
            if nine is not None and v.nine_value == "printed" and printed_values()[card] > FREE_PLAY_MAX:
                continue
            price = prices()[card] if pay else 0
            if price < 0 and len(side.deck) < -price:
                continue
            discards = max(price, 0) + (1 if card == THREE and pay and v.three_friendly == "hand" else 0)
            paid = _choices(hand, card, discards) if discards else _NOTHING
            if not paid:
                continue
            # A card's plays with one way to pay are a function of the table (and whether a 5
            # has a card to trash): kept with it, they serve every draw and turn until it changes.
            key = ("plays", card, p, nine, paid[0], opponent_discards) if len(paid) == 1 else None
            plays = memo.get(key) if key else None
            if plays is None:
                plays = self._plays_of(card, p, nine, pay, paid, opponent_discards)
                if key:
                    memo[key] = plays
            found += plays  # type: ignore[arg-type]  # the memo holds what this method put there
        return found

    def _plays_of(self, card: str, p: int, nine: Cell | None, pay: bool, paid: list[tuple[str, ...]], opponent_discards: bool) -> list[Play]:
        """The plays of `card`: each cell (and friendly, for a 3) by each way to pay."""
        v, table = self.variant, self.table
        costs_friendly = card == THREE and pay and v.three_friendly == "table"
        options = self._cells(card, p, nine, costs_friendly)
        if nine is not None and v.nine_value == "current":
            options = [(c, f) for c, f in options if table.value_of(c, Piece(card, p)) <= FREE_PLAY_MAX]
        # tuple.__new__ makes a Play without the Python-level __new__ a NamedTuple has: lists
        # hold hundreds of plays, and this is most of their cost.
        if card == FIVE and opponent_discards:
            return [_new(Play, (card, c, d, f, RANDOM if self._borders_enemy(c, p) else None)) for c, f in options for d in paid]
        return [_new(Play, (card, c, d, f, None)) for c, f in options for d in paid]

    def _cells(self, card: str, p: int, nine: Cell | None, costs_friendly: bool) -> list[tuple[Cell, Cell | None]]:
        """Where `p` may play `card`: (cell, the friendly it costs, for a 3, or None). Found from
        the table alone, so kept with it until it changes."""
        key = ("three" if costs_friendly else "six" if card == SIX else "any", p, nine)
        found = self.table.memo.get(key)
        if found is None:
            if costs_friendly:
                found = self._three_cells(p, nine)
            else:
                cells = sorted(self.table.open_cells(p))
                if card == SIX:
                    cells += self._coverable(p)
                if nine is not None:
                    cells = [c for c in cells if c in self.table.near(nine)]
                found = [(c, None) for c in cells]
            self.table.memo[key] = found
        return found  # type: ignore[return-value]  # the memo holds what this method put there

    def _three_cells(self, p: int, nine: Cell | None) -> list[tuple[Cell, Cell | None]]:
        """(cell, friendly) for card 3: each friendly it may cost, and the cells left to play on."""
        table, v = self.table, self.variant
        tops, near, zeros, under = table.tops, table.near, table.zeros, table.under
        linked, home = table.linked(p), table.near(table.bases[p])
        cut = table.cut_cells(p) if linked else set()
        open_now = table.open_cells(p)
        open_sorted = sorted(open_now)
        beside_nine = set(near(nine)) if nine is not None else None
        found: list[tuple[Cell, Cell | None]] = []
        for friendly in sorted(c for c, piece in tops.items() if piece.owner == p):
            if friendly == nine:
                continue  # the free card must border the 9
            cells: list[Cell]
            still: frozenset[Cell] | set[Cell]
            if friendly in under or any(n in zeros for n in near(friendly)):
                after = table.copy()  # the card under it comes back, or a 0 may go: play it out
                after.remove(friendly)
                after.settle()
                still = after.linked(p)
                if not v.three_may_cut and any(c not in still for c in linked if c != friendly and c in after.tops):
                    continue
                cells = sorted(after.open_cells(p))
            else:
                # Without it, the line is `still`: the friendly and any cards it cut off are gone
                # from it. Only the open cells beside those can be lost (every other open cell
                # borders a card still on the line), and the friendly's own cell may open.
                if friendly in cut:
                    if not v.three_may_cut:
                        continue  # an articulation point always cuts off at least one card
                    still = table.linked_without(p, friendly)
                    gone = [c for c in linked if c not in still]
                else:
                    still = linked.difference((friendly,)) if friendly in linked else linked
                    gone = [friendly]
                lost = {n for g in gone for n in near(g) if n in open_now and n not in home and not any(m in still for m in near(n))}
                cells = [c for c in open_sorted if c not in lost] if lost else list(open_sorted)
                if friendly in home or any(m in still for m in near(friendly)):
                    insort(cells, friendly)
            bases = table.bases
            found += [(cell, friendly) for cell in cells if cell not in bases and (beside_nine is None or cell in beside_nine)]
        return found

    def _coverable(self, p: int) -> list[Cell]:
        """The enemy cards a 6 may go over: within reach, worth no more than the 6's printed value."""
        table = self.table
        most = printed_values()[SIX]
        return sorted(c for c in table.reach(p) if c in table.tops and table.tops[c].owner != p and table.value(c) <= most)

    def _borders_enemy(self, cell: Cell, p: int) -> bool:
        table = self.table
        for n in table.near(cell):
            piece = table.tops.get(n)
            if (piece is not None and piece.owner != p) or (n == table.bases[1 - p] and self.variant.base_is_enemy):
                return True
        return False

    def _dominations(self, p: int, seven: Cell | None) -> list[Dominate]:
        """What `p` may dominate: as an action, or (`seven`: the 7's cell) by card 7's effect."""
        key = ("dominate", p, seven)
        found = self.table.memo.get(key)
        if found is None:
            found = self.table.memo[key] = [Dominate(cell) for cell in self._targets(p, seven)]
        return found  # type: ignore[return-value]  # the memo holds what this method put there

    def _targets(self, p: int, seven: Cell | None) -> list[Cell]:
        table, v = self.table, self.variant
        tops, near, linked = table.tops, table.near, table.linked(p)
        enemy_base = table.bases[1 - p]
        if seven is None:
            # The cells bordering a connected card are in `p`'s reach; the reach's other cells
            # (beside the Base alone) bring no total and fail the count below.
            targets = [c for c in table.reach(p) if c in tops and tops[c].owner != p]
            if any(n in linked for n in near(enemy_base)) or (v.base_adds_to_total and enemy_base in near(table.bases[p])):
                targets.append(enemy_base)
        else:
            targets = [c for c in near(seven) if (c == enemy_base and v.base_is_enemy) or (c in tops and tops[c].owner != p)]
            if not v.seven_needs_total:
                return sorted(targets)
        found = []
        exactly = v.dominate == "exactly"
        for target in targets:
            total, count = table.total(target, p)
            need = table.defence(target) + MARGIN
            if count and (total == need if exactly else total >= need):
                found.append(target)
        return sorted(found)

    # --- pushing an action ----------------------------------------------------------------------

    def push(self, action: Action, rng: random.Random | None = None) -> Action:
        """Apply `action` for `to_move`; IllegalAction if the rules do not allow it now. Its
        chance part, if undrawn, is drawn with `rng`. Returns the action as applied (and kept in
        `history`), chance part filled in: pushing that replays the game exactly."""
        legal = self.legal_actions()
        if not any(map(is_, legal, repeat(action))):  # not one of the listed actions itself: compare
            if isinstance(action, Play):
                action = action._replace(discards=in_order(action.discards))
            if _undrawn(action) not in legal:
                raise IllegalAction(f"{action} is not a legal action now ({self.phase}, player {self.to_move} to move)")
        action = self._drawn(action, rng)
        self._legal = None
        if self.pending:
            self._answer(self.pending.pop(0), action)
        elif self.turn == 0:
            assert isinstance(action, FaceDown)  # the only set-up action offered
            self._face_down(action)
        else:
            self._act(action)
        self.history.append(action)
        self._advance()
        return action

    def _drawn(self, action: Action, rng: random.Random | None) -> Action:
        """`action` with its chance part drawn (by `rng`), or checked when given."""
        if isinstance(action, Shuffle):
            side = self.sides[self.player]
            cards = side.deck + side.discard
            if action.order is None:
                return Shuffle(tuple(shuffled(cards, _needed(rng))))
            if Counter(action.order) != Counter(cards):
                raise IllegalAction("a shuffle's order must hold exactly the deck and the discard pile")
        elif isinstance(action, Play) and action.trash is not None:
            pile = self.sides[1 - self.to_move].discard
            if action.trash == RANDOM:
                return action._replace(trash=_needed(rng).choice(pile))
            if action.trash not in pile:
                raise IllegalAction(f"card 5 cannot trash a {action.trash}: the opponent's discard pile holds none")
        return action

    def _answer(self, pending: Pending, action: Action) -> None:
        kind, p, _ = pending
        if isinstance(action, Decline):
            return
        if isinstance(action, Dominate):
            self._dominate(action.cell, p)
        elif isinstance(action, Play):
            self._play(action, p, free=True)
        elif isinstance(action, Pick):
            self._off_table(action.cell, to_trash=False, chain=self.variant.two_chains)
        else:
            self.sides[p].draw()

    def _face_down(self, action: FaceDown) -> None:
        p = self.player
        self.sides[p].take(action.card)
        self.table.place(action.cell, Piece(action.card, p, face_down=True))
        self.placing[p] -= 1

    def _act(self, action: Action) -> None:
        p = self.player
        if isinstance(action, Pass):
            self.passes = self.passes + 1 if self.fresh else 0
            self.actions = 0
            return
        self.passes, self.fresh = 0, False
        if isinstance(action, Shuffle):
            assert action.order is not None  # drawn by push
            side = self.sides[p]
            side.deck, side.discard = list(action.order), []
            self.actions -= SHUFFLE_ACTIONS
            return
        self.actions -= 1
        if isinstance(action, Play):
            self._play(action, p, free=False)
        elif isinstance(action, Dominate):
            self._dominate(action.cell, p)
        else:
            self.sides[p].draw()

    def _play(self, play: Play, p: int, free: bool) -> None:
        v, table, side = self.variant, self.table, self.sides[p]
        card, cell = play.card, play.cell
        side.take(card)
        if not free or v.nine_pays_price:
            for discard in play.discards:
                side.take(discard)
                side.discard.append(discard)
            side.draw(max(-prices()[card], 0))
            if play.friendly is not None:
                self._off_table(play.friendly, to_trash=False, chain=True)
        if cell in table.tops and v.six_covered == "discarded":
            self._off_table(cell, to_trash=False, chain=True)
        table.place(cell, Piece(card, p))
        self._settle()
        for n in table.friends(cell, 1 - p):
            piece = table.tops[n]
            if piece.card == FOUR and not piece.face_down:
                if v.four_draw == "must":
                    self.sides[1 - p].draw()
                else:
                    self.pending.append(Pending("four", 1 - p, n))
        if play.trash is not None:
            pile = self.sides[1 - p].discard
            pile.remove(play.trash)
            self.sides[1 - p].trash.append(play.trash)
        if card in (SEVEN, NINE):
            self.pending.append(Pending("seven" if card == SEVEN else "nine", p, cell))

    def _dominate(self, cell: Cell, p: int) -> None:
        if cell == self.table.bases[1 - p]:
            self.result = Outcome(p, "base")
            return
        self._off_table(cell, to_trash=True, chain=True)

    def _off_table(self, cell: Cell, to_trash: bool, chain: bool) -> None:
        """The card in play on `cell` leaves for its owner's trash or discard pile (face up); a
        face-up 2 asks the opponent's pick when `chain`."""
        piece = self.table.remove(cell)
        side = self.sides[piece.owner]
        (side.trash if to_trash else side.discard).append(piece.card)
        if piece.card == TWO and not piece.face_down and chain:
            picker = 1 - piece.owner
            if self.variant.base_is_enemy or any(q.owner == picker for q in self.table.tops.values()):
                self.pending.append(Pending("two", picker, cell))
        self._settle()

    def _settle(self) -> None:
        for _, piece in self.table.settle():
            self.sides[piece.owner].trash.append(piece.card)

    def _advance(self) -> None:
        """After an action: skip the effects with nothing to choose, then move the game on."""
        if self.result is not None:
            self.pending.clear()
            return
        while self.pending and not self._answers(self.pending[0]):
            self.pending.pop(0)
        if self.pending:
            return
        if self.turn == 0:
            self._next_placer()
            return
        if self.out_of_cards(0) and self.out_of_cards(1):
            self._judge("out-of-cards")
        elif self.passes >= PLAYERS:
            if self.variant.all_passed == "closest":
                self._judge("all-passed")
            else:
                self.result = Outcome(None, "all-passed")
        elif self.actions <= 0:
            self._new_turn(1 - self.player)

    def _next_placer(self) -> None:
        other = 1 - self.player
        if self.placing[other]:
            self.player = other
        elif not self.placing[self.player]:
            self._new_turn(self.first)

    def _new_turn(self, player: int) -> None:
        self.turn += 1
        if self.turn > self.variant.turn_cap:
            self.result = Outcome(None, "turn-cap")
            return
        self.player, self.actions, self.fresh = player, ACTIONS_PER_TURN, True

    def _judge(self, ending: Ending) -> None:
        """End the game: the player with a card nearer the enemy Base wins."""
        near = [self.table.closest(p) for p in range(PLAYERS)]
        far = [n if n is not None else 1 << 30 for n in near]
        winner = None if far[0] == far[1] else far.index(min(far))
        self.result = Outcome(winner, ending)


def _undrawn(action: Action) -> Action:
    """`action` as `legal_actions` offers it: its chance part not yet drawn."""
    if isinstance(action, Shuffle) and action.order is not None:
        return Shuffle()
    if isinstance(action, Play) and action.trash is not None:
        return action._replace(trash=RANDOM)
    return action


def _needed(rng: random.Random | None) -> random.Random:
    if rng is None:
        raise IllegalAction("this action has a chance part to draw: push it with a random.Random")
    return rng


def _stacked(table: Table) -> Iterator[tuple[Cell, int, Piece]]:
    """Every card on the table: its cell, its depth under the top (0: in play) and the card, by cell."""
    for cell in sorted(table.tops):
        yield cell, 0, table.tops[cell]
        below = table.under.get(cell, ())
        for depth in range(1, len(below) + 1):
            yield cell, depth, below[-depth]


def _piece_at(table: Table, cell: Cell, depth: int) -> Piece:
    return table.tops[cell] if depth == 0 else table.under[cell][-depth]


def replay(decks: tuple[Sequence[str], Sequence[str]], first: int, actions: Sequence[Action], variant: Variant = DEFAULT) -> Game:
    """The game a record holds: its decks, first player and every action, chance parts drawn."""
    game = Game.start(decks, first, variant)
    for action in actions:
        game.push(action)
    return game
