"""Goldfish speed: a Power Lines deck played alone, against an opponent who has only its Base.

`goldfish(deck, games=1000, seed=1, turns=30)` plays `games` solo games and reports the turn on
which the enemy Base is dominated. Every game follows the rules of the card game (the rules text,
"Power Lines (working title)") with the values and prices of the card catalogue
(`decks/power-lines-cards.toml`); the player's choices are one readable function,
`goldfish_policy.policy(state) -> Action`.

The table
---------
The rules place cards freely on an open table ("approximately 11 card lengths apart"; a card
"borders" another when they touch). A simulation needs bordering to be exact, so the table is a
square grid of card cells, one card a cell, and two cards border when their cells share a side
(orthogonally; a corner is not a side). Your Base stands on cell (0, 0) and the enemy Base on
(11, 0): the Bases stand 11 cells apart on one row, so 10 empty cells lie between them and a
straight line needs 10 cards, the last one bordering the enemy Base. The grid has no edge. The
enemy Base has four bordering cells, (10, 0), (11, 1), (11, -1) and (12, 0).

The rules as played
-------------------
- Set-up: the deck (26 cards, Base apart) is shuffled and 8 cards drawn. The player places three
  of them face down, one at a time, by the rules of placement; a face-down card is a friendly of
  value 5 with no price and no effect (so a face-down 3 costs no friendly, a face-down 0 is a 5).
  The goldfish opponent places nothing. Then turn 1 begins.
- A turn has three actions. One action: play a card (pay its price, then place it on an empty
  cell bordering your Base or a friendly connected to it), draw a card, or dominate. Two actions:
  shuffle the discard pile into the draw deck.
- Prices (the catalogue's `price`): positive, discard that many other cards from the hand;
  negative, draw that many cards (not playable when the deck holds fewer); 0, free. Card 3 also
  costs a friendly: one of your cards on the table goes to the discard pile (face up, its own
  card, when it was face down), before the 3 is placed.
- Card 9: as it is played, the player may play one more card of printed value 5 or less from the
  hand on a cell bordering the 9, paying that card's price, without spending an action.
- Card 1: every friendly bordering it gets +1 (two 1s give +2). Card 8: +1 for every friendly
  bordering it. Card 0: its value is the printed value of the highest bordering friendly, minus 2
  (a face-down card's printed value is 5; with no friendly bordering, 0 as printed); card 1s
  bordering it still add their +1. The rules trash a 0 whenever its value goes down, not only
  when it reaches 0: after every change on the table each face-up 0 is checked against its value
  before the change, and trashed (removed from the game, not discarded) if lower.
- Dominate the enemy Base (the catalogue's Base value, 12): the friendlies bordering it that
  are connected to your Base must total at least its value + 2, 14. A card 7 played bordering the
  enemy Base dominates it at once, without an action, when that total is reached.

Where the rules are silent (the choices made here)
----------------------------------------------------
- Placement: "borders another friendly and is connected by friendlies to your home base". The
  Base is not a friendly, so the first card borders the Base itself: a card goes on an empty
  cell bordering your Base or a friendly connected to it. Connected: a chain of friendlies, each
  bordering the next, from a friendly bordering your Base. Cards never go on a Base's cell.
- Face-down cards are friendlies for everything: they border, connect, get card 1's +1, count
  for card 8 and give a 0 a printed value of 5.
- A disconnected friendly (possible only after card 3 takes a friendly away) adds nothing to the
  domination total, but its own effect (card 1's +1) still works: the rules exclude disconnected
  friendlies only from the total.
- "Whose value is two less than the total": the enemy Base falls when the total is at least 14,
  not only exactly 14. Dominating is an action (card 7's domination is free). The enemy Base
  is an enemy card for both: the rules call it "not a friendly" and have it dominated.
- Card 0's "highest bordering friendly": the highest printed value among the friendlies
  bordering it. A 0 bordering only a 1 is worth -1; values are not clamped at 0.
- Card 9's "value 5 or less" is the printed value (a 0 qualifies; a 6 does not).
- The goldfish opponent makes no choices: card 2's "the owner of the nearest enemy may choose an
  additional bordering friendly to discard" never happens; cards 4, 5 and 6 have nothing to act
  on (no enemy is ever played; the enemy discard pile is empty; the Base's 12 is above 6).
- No hand limit (the rules have none); drawing from an empty deck is not an action; shuffling an
  empty discard pile is not an action either (it changes nothing).
- The deck running out: the player shuffles the discard pile back (two actions) when it can.
  The rules let a player pass only when no action is possible; a turn that starts with no
  possible action can never change (the opponent does nothing), so the game ends there, and
  counts as one the deck never wins.
- Turns count the player's own turns from 1 (the first after the set-up). Randomness: each game
  has its own `random.Random`, seeded from the run's seed and the game's number, so a result
  depends only on (deck, games, seed, turns).

Many games, many processes
--------------------------
`goldfish(..., jobs=None)` shares a run of POOL_GAMES (2000) games or more among forked worker
processes, one a core this process may run on, by ranges of games; `jobs` sets how many. Each
game's generator depends only on (seed, game number), so the result is the same however many
processes play. Forking only from a single-threaded process (`workers_for`): a fork copies only
the thread that calls it, and a lock another thread held would never be released in the child.

Two decks on the same seeds
---------------------------
`paired(deck, other, ...)` plays both on the same games (game i of each on `game_rng(seed, i)`);
`Paired` gives, game by game, OTHER's turn minus DECK's (a game never won within T turns counted
as turn T + 1), their mean and a 95 % interval, mean ± 1.96 sd/√n (sd: the sample standard
deviation of the per-game differences), and `Paired.as_json(file)` is the `vs` object of
`pnp deck goldfish --vs OTHER --json`: {"file", "summary" (OTHER's result, as below),
"difference", "ci95": [lo, hi] | null, "verdict": "slower" | "faster" | "same" | "unclear",
"method", "both_won", "only_deck_won", "only_other_won", "neither_won"}.

Results: `GoldfishResult.as_json()` is the `pnp deck goldfish --json` object:

    {
      "games": int,                 # games played
      "seed": int,
      "turns": int,                 # the turn limit T
      "won": int,                   # games in which the enemy Base fell within T turns
      "never": int,                 # games in which it did not
      "never_percent": float,       # never / games, as a percentage, 1 decimal
      "by_turn": {"1": int, ..., "T": int},  # games won on each turn, every turn listed
      "mean": float | null,         # mean winning turn over the won games, 2 decimals
      "median": float | null,       # over all games, the ones never won counted as slowest:
      "p10": int | null,            #   null when it falls among them
      "p90": int | null,            # 10th and 90th percentile (nearest rank), same rule
      "fastest_cards": {"<card>": float, ...}  # copies of each card played face up per game in
                                    # the fastest 10 % of games (won on turn p10 or sooner), most first
    }
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import signal
import statistics
import textwrap
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from .rules.catalogue import catalogue
from .rules.engine import Deck
from .rules.setup import FACE_DOWN, HAND_SIZE
from .stats import histogram

Cell = tuple[int, int]

# --- numbers from the rules text (the catalogue holds only each card's value, price and effect) ---
FACE_DOWN_VALUE = 5  # "Facedown cards are treated as value 5, cost 0 cards with no effect"
ACTIONS_PER_TURN = 3  # "On your turn, you have three actions"
SHUFFLE_ACTIONS = 2  # "With two actions, you may: Shuffle your discard pile into your draw deck"
DOMINATE_MARGIN = 2  # "an enemy card whose value is two less than the total value of all friendlies bordering it"
ZERO_BELOW = 2  # card 0: "two less than the printed value of the highest bordering friendly"
ONE_BONUS = 1  # card 1: "Each friendly bordering this card has +1 value"
EIGHT_BONUS = 1  # card 8: "Each friendly bordering this card adds +1 to this card's value"
FREE_PLAY_MAX = 5  # card 9: "another friendly bordering this card of value 5 or less"
BASES_APART = 11  # "approximately 11 card lengths apart": cells from one Base to the other

# The cards whose effects the simulation plays, by their catalogue names.
ZERO, ONE, THREE, SEVEN, EIGHT, NINE = "0", "1", "3", "7", "8", "9"

OWN_BASE: Cell = (0, 0)
ENEMY_BASE: Cell = (BASES_APART, 0)
BASES = frozenset({OWN_BASE, ENEMY_BASE})
SIDES = ((1, 0), (0, 1), (0, -1), (-1, 0))

DEFAULT_GAMES = 1000
DEFAULT_SEED = 1
DEFAULT_TURNS = 30
FASTEST_SHARE = 10  # fastest_cards: the games won by the 10th percentile turn
POOL_GAMES = 2000  # from this many games a run is shared among worker processes, one a core
CHUNKS_PER_WORKER = 4  # ranges of games per worker: a worker slowed by other work takes fewer
MAX_JOBS = 64
WRAP = 96  # characters of a line of prose in the text report
Z95 = 1.96  # the normal distribution's 97.5th percentile: a 95 % interval is mean ± 1.96 sd/√n


_NEAR: dict[Cell, tuple[Cell, ...]] = {}  # neighbours, once a cell: the table is looked at far more often than it changes


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The four cells sharing a side with `cell`."""
    near = _NEAR.get(cell)
    if near is None:
        x, y = cell
        near = _NEAR[cell] = ((x + 1, y), (x, y + 1), (x, y - 1), (x - 1, y))
    return near


ENEMY_SIDES = frozenset(neighbours(ENEMY_BASE))
OWN_SIDES = frozenset(neighbours(OWN_BASE))


@cache
def values() -> dict[str, int]:
    """Each playable card's printed value, from the catalogue."""
    return {c.name: c.value for c in catalogue().kinds}


@cache
def prices() -> dict[str, int]:
    """Each playable card's price, from the catalogue (> 0 discard, < 0 draw)."""
    return {c.name: c.price for c in catalogue().kinds}


@cache
def threshold() -> int:
    """The total the friendlies bordering the enemy Base need: its value + 2 (12 + 2 = 14)."""
    return catalogue().base.value + DOMINATE_MARGIN


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class FaceDown:
    """Set-up: place `card` from the hand face down on `cell`."""

    card: str
    cell: Cell


@dataclass(frozen=True)
class Play:
    """Play `card` from the hand on `cell`. `discards`: the cards from the hand a positive price
    discards; `friendly`: the cell of the friendly card 3 discards. One action, none when it is
    card 9's free play."""

    card: str
    cell: Cell
    discards: tuple[str, ...] = ()
    friendly: Cell | None = None


@dataclass(frozen=True)
class Draw:
    """Draw a card: one action."""


@dataclass(frozen=True)
class Shuffle:
    """Shuffle the discard pile into the draw deck: two actions."""


@dataclass(frozen=True)
class Dominate:
    """Dominate the enemy Base: one action."""


@dataclass(frozen=True)
class Pass:
    """End the turn (allowed only when no action is possible), or decline card 9's free play."""


Action = FaceDown | Play | Draw | Shuffle | Dominate | Pass


class IllegalAction(ValueError):
    """An action the rules do not allow in this state."""


# --- the table -----------------------------------------------------------------------------


def printed(board: dict[Cell, str], face_down: set[Cell] | frozenset[Cell], cell: Cell) -> int:
    """The printed value of the friendly on `cell` (a face-down card's is 5)."""
    return FACE_DOWN_VALUE if cell in face_down else values()[board[cell]]


def value_at(board: dict[Cell, str], face_down: set[Cell] | frozenset[Cell], cell: Cell) -> int:
    """The current value of the friendly on `cell`: printed value, card 0's rule, card 1's and
    card 8's bonuses."""
    name = board[cell]
    around = [n for n in (_NEAR.get(cell) or neighbours(cell)) if n in board]
    if cell in face_down:
        v = FACE_DOWN_VALUE
    elif name == ZERO:
        v = max(printed(board, face_down, n) for n in around) - ZERO_BELOW if around else values()[ZERO]
    else:
        v = values()[name]
        if name == EIGHT:
            v += EIGHT_BONUS * len(around)
    for n in around:
        if board[n] == ONE and n not in face_down:
            v += ONE_BONUS
    return v


def connected(board: dict[Cell, str]) -> set[Cell]:
    """The friendlies connected to your Base: a chain of bordering friendlies from one bordering it."""
    todo = [c for c in OWN_SIDES if c in board]
    seen = set(todo)
    pop, push, add, near = todo.pop, todo.append, seen.add, _NEAR.get
    while todo:
        cell = pop()
        for n in near(cell) or neighbours(cell):
            if n in board and n not in seen:
                add(n)
                push(n)
    return seen


def legal_cells(board: dict[Cell, str], linked: set[Cell] | None = None) -> set[Cell]:
    """The empty cells a card may be placed on: bordering your Base or a connected friendly."""
    linked = connected(board) if linked is None else linked
    cells = set(OWN_SIDES)
    near = _NEAR.get
    for cell in linked:
        cells.update(near(cell) or neighbours(cell))
    return {c for c in cells if c not in board and c not in BASES}


def domination_total(board: dict[Cell, str], face_down: set[Cell] | frozenset[Cell], linked: set[Cell] | None = None) -> int:
    """The total value of the friendlies bordering the enemy Base and connected to your Base."""
    linked = connected(board) if linked is None else linked
    return sum(value_at(board, face_down, c) for c in ENEMY_SIDES if c in linked)


def distance(cell: Cell, _x: int = ENEMY_BASE[0], _y: int = ENEMY_BASE[1]) -> int:
    """Cells from `cell` to the enemy Base, along rows and columns."""
    x, y = cell
    return (x - _x if x > _x else _x - x) + (y - _y if y > _y else _y - y)


def trash_zeros(board: dict[Cell, str], face_down: set[Cell] | frozenset[Cell], zero_values: dict[Cell, int]) -> list[Cell]:
    """The face-up 0s to trash because their value went down since `zero_values` (their values
    before the change), again and again as one trash can lower another. Updates `zero_values`;
    `board` is left as it was."""
    if not zero_values:
        return []
    board = dict(board)
    gone: list[Cell] = []
    changed = True
    while changed:
        changed = False
        for cell, before in list(zero_values.items()):
            now = value_at(board, face_down, cell)
            if now < before:
                del board[cell], zero_values[cell]
                gone.append(cell)
                changed = True
                break
            zero_values[cell] = now
    return gone


# --- the state of a solo game --------------------------------------------------------------


@dataclass(eq=False)
class State:
    """A solo game in progress. `deck` is drawn from its end. `connected`, `legal` and `total`
    follow the table (recomputed by `settle` after every change)."""

    hand: Counter[str]
    deck: list[str]
    discard: list[str] = field(default_factory=list)
    board: dict[Cell, str] = field(default_factory=dict)
    face_down: set[Cell] = field(default_factory=set)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    setup_left: int = 0
    turn: int = 0
    actions: int = ACTIONS_PER_TURN
    free_play_from: Cell | None = None  # the 9 whose free play is pending
    won: bool = False
    trashed: list[str] = field(default_factory=list)
    played: Counter[str] = field(default_factory=Counter)  # face-up plays per card
    zero_values: dict[Cell, int] = field(default_factory=dict)
    connected: set[Cell] = field(default_factory=set)
    legal: set[Cell] = field(default_factory=set)
    total: int = 0

    def __post_init__(self) -> None:
        self.hand = Counter(self.hand)
        for cell, name in self.board.items():
            if name == ZERO and cell not in self.face_down:
                self.zero_values.setdefault(cell, value_at(self.board, self.face_down, cell))
        self.settle()

    def value(self, cell: Cell) -> int:
        return value_at(self.board, self.face_down, cell)

    def settle(self, added: Cell | None = None) -> None:
        """After a change on the table: trash every face-up 0 whose value went down, then
        recompute what follows the table. `added`: the change was only this card, placed on a
        cell of `legal`; while every friendly is connected, it just joins them (the same sets a
        whole recount gives, found faster)."""
        for cell in trash_zeros(self.board, self.face_down, self.zero_values):
            self.trashed.append(self.board.pop(cell))
            added = None  # a card left the table
        board = self.board
        if added is not None and added in self.legal and len(self.connected) == len(board) - 1 and added in board:
            self.connected.add(added)
            self.legal.discard(added)
            self.legal.update(n for n in (_NEAR.get(added) or neighbours(added)) if n not in board and n not in BASES)
        else:
            self.connected = connected(board)
            self.legal = legal_cells(board, self.connected)
        self.total = domination_total(board, self.face_down, self.connected)


def position(
    hand: list[str] | tuple[str, ...] = (),
    deck: list[str] | tuple[str, ...] = (),
    board: dict[Cell, str] | None = None,
    face_down: list[Cell] | tuple[Cell, ...] = (),
    discard: list[str] | tuple[str, ...] = (),
    actions: int = ACTIONS_PER_TURN,
    seed: int = 0,
) -> State:
    """A hand-built position (for tests and for trying the policy): the deck's top card last."""
    return State(
        hand=Counter(hand),
        deck=list(deck),
        discard=list(discard),
        board=dict(board or {}),
        face_down=set(face_down),
        rng=random.Random(seed),
        actions=actions,
        turn=1,
    )


def new_game(cards: list[str], rng: random.Random) -> State:
    """Shuffle `cards` (the deck, Base apart) and draw the opening hand; the set-up comes next."""
    deck = list(cards)
    rng.shuffle(deck)
    hand = Counter(deck[-HAND_SIZE:])
    del deck[-HAND_SIZE:]
    return State(hand=hand, deck=deck, rng=rng, setup_left=min(FACE_DOWN, sum(hand.values())), actions=0)


# --- the rules: one action applied to a state ----------------------------------------------


def _take(hand: Counter[str], cards: tuple[str, ...] | list[str]) -> bool:
    """Whether `hand` holds all of `cards` (a multiset)."""
    need = Counter(cards)
    return all(hand[c] >= n for c, n in need.items())


def check(state: State, action: Action) -> None:
    """Raise IllegalAction saying why, if the rules do not allow `action` now."""
    if state.won:
        raise IllegalAction("the game is over")
    pending = state.free_play_from
    if state.setup_left:
        if not isinstance(action, FaceDown):
            raise IllegalAction("the set-up places face-down cards first")
        if state.hand[action.card] < 1:
            raise IllegalAction(f"no {action.card} in hand")
        if action.cell not in state.legal:
            raise IllegalAction(f"{action.cell} does not border your Base or a connected friendly")
        return
    if isinstance(action, FaceDown):
        raise IllegalAction("face-down cards are placed only at the set-up")
    if pending is not None and not isinstance(action, (Play, Pass)):
        raise IllegalAction("card 9's free play comes first (play a card or pass)")
    if isinstance(action, Pass):
        return
    if isinstance(action, Play):
        _check_play(state, action)
        return
    if isinstance(action, Shuffle):
        if state.actions < SHUFFLE_ACTIONS:
            raise IllegalAction("shuffling takes two actions")
        if not state.discard:
            raise IllegalAction("the discard pile is empty")
        return
    if state.actions < 1:
        raise IllegalAction("no action left this turn")
    if isinstance(action, Draw) and not state.deck:
        raise IllegalAction("the deck is empty")
    if isinstance(action, Dominate) and state.total < threshold():
        raise IllegalAction(f"the connected friendlies bordering the enemy Base total {state.total}, not {threshold()}")


def _check_play(state: State, play: Play) -> None:
    name = play.card
    if name not in values():
        raise IllegalAction(f"no card {name!r}")
    pending = state.free_play_from
    if pending is not None:
        if values()[name] > FREE_PLAY_MAX:
            raise IllegalAction(f"card 9's free play is a card of value {FREE_PLAY_MAX} or less, not {name}")
        if play.cell not in neighbours(pending):
            raise IllegalAction("card 9's free play must border the 9")
    elif state.actions < 1:
        raise IllegalAction("no action left this turn")
    if state.hand[name] < 1:
        raise IllegalAction(f"no {name} in hand")
    price = prices()[name]
    rest = state.hand.copy()
    rest[name] -= 1
    if price > 0:
        if len(play.discards) != price or not _take(rest, play.discards):
            raise IllegalAction(f"card {name} needs {price} other card(s) from the hand discarded")
    elif play.discards:
        raise IllegalAction(f"card {name} discards nothing from the hand")
    if price < 0 and len(state.deck) < -price:
        raise IllegalAction(f"card {name} draws {-price}, and the deck holds {len(state.deck)}")
    board = state.board
    if name == THREE:
        if play.friendly not in board:
            raise IllegalAction("card 3 also costs a friendly from the table")
        board = {c: n for c, n in board.items() if c != play.friendly}
        zeros = {c: v for c, v in state.zero_values.items() if c != play.friendly}
        for cell in trash_zeros(board, state.face_down, zeros):  # the 0s its loss lowers go first
            del board[cell]
        if pending is not None and pending not in board:
            raise IllegalAction("card 9's free play must border the 9")
    elif play.friendly is not None:
        raise IllegalAction(f"card {name} costs no friendly")
    legal = state.legal if board is state.board else legal_cells(board)
    if play.cell not in legal:
        raise IllegalAction(f"{play.cell} is not an empty cell bordering your Base or a connected friendly")


def apply(state: State, action: Action) -> None:
    """Play `action` on `state` (checked first: IllegalAction if the rules forbid it)."""
    check(state, action)
    if isinstance(action, FaceDown):
        state.hand[action.card] -= 1
        state.board[action.cell] = action.card
        state.face_down.add(action.cell)
        state.setup_left -= 1
        state.settle(action.cell)
    elif isinstance(action, Play):
        _play(state, action)
    elif isinstance(action, Draw):
        state.hand[state.deck.pop()] += 1
        state.actions -= 1
    elif isinstance(action, Shuffle):
        state.deck.extend(state.discard)
        state.discard.clear()
        state.rng.shuffle(state.deck)
        state.actions -= SHUFFLE_ACTIONS
    elif isinstance(action, Dominate):
        state.actions -= 1
        state.won = True
    elif state.free_play_from is not None:  # Pass: decline the free play
        state.free_play_from = None
    else:  # Pass: end the turn
        state.actions = 0


def _play(state: State, play: Play) -> None:
    name = play.card
    free = state.free_play_from is not None
    state.hand[name] -= 1
    for card in play.discards:  # a positive price
        state.hand[card] -= 1
        state.discard.append(card)
    for _ in range(-prices()[name]):  # a negative price
        state.hand[state.deck.pop()] += 1
    if play.friendly is not None:  # card 3's extra price
        state.discard.append(state.board.pop(play.friendly))
        state.face_down.discard(play.friendly)
        state.zero_values.pop(play.friendly, None)
        state.settle()
    state.board[play.cell] = name
    if name == ZERO:
        state.zero_values[play.cell] = state.value(play.cell)
    state.settle(play.cell)
    state.played[name] += 1
    state.free_play_from = None
    if not free:
        state.actions -= 1
    if name == NINE:
        state.free_play_from = play.cell
    if name == SEVEN and play.cell in ENEMY_SIDES and state.total >= threshold():
        state.won = True


# --- whole games ---------------------------------------------------------------------------

Policy = Callable[[State], Action]


def play_game(state: State, policy: Policy | None = None, turns: int = DEFAULT_TURNS) -> int | None:
    """Finish the set-up, then play turns 1..`turns`; the turn the enemy Base fell, or None."""
    if policy is None:
        from .goldfish_policy import policy
    while state.setup_left:
        apply(state, policy(state))
    for turn in range(1, turns + 1):
        state.turn, state.actions = turn, ACTIONS_PER_TURN
        first = True
        while state.actions > 0 or state.free_play_from is not None:
            action = policy(state)
            if isinstance(action, Pass) and state.free_play_from is None:
                if first:  # nothing possible at the start of a turn: nothing ever will be
                    return None
                break
            apply(state, action)
            if state.won:
                return turn
            first = False
    return None


def deck_cards(deck: Deck) -> list[str]:
    """The deck's cards, one entry a copy, in catalogue order (the Base is never drawn)."""
    return [name for name in catalogue().kind_names for _ in range(deck.counts.get(name, 0))]


def game_rng(seed: int, game: int) -> random.Random:
    """Game `game`'s own generator: a result depends on the seed, never on the order games run in."""
    return random.Random(f"pnp-goldfish/{seed}/{game}")


@dataclass(frozen=True)
class GoldfishResult:
    games: int
    seed: int
    turns: int
    outcomes: tuple[int | None, ...]  # per game: the turn the enemy Base fell, or None
    fastest_cards: dict[str, float]
    workers: int = field(default=1, compare=False)  # the processes that played (the result never depends on it)

    @property
    def won(self) -> int:
        return sum(t is not None for t in self.outcomes)

    @property
    def never(self) -> int:
        return self.games - self.won

    @property
    def never_percent(self) -> float:
        return round(100 * self.never / self.games, 1) if self.games else 0.0

    @property
    def by_turn(self) -> dict[int, int]:
        counts = Counter(t for t in self.outcomes if t is not None)
        return {t: counts[t] for t in range(1, self.turns + 1)}

    @property
    def mean(self) -> float | None:
        won = [t for t in self.outcomes if t is not None]
        return round(statistics.fmean(won), 2) if won else None

    @property
    def median(self) -> float | None:
        if not self.games:
            return None
        m = statistics.median(_ranked(self.outcomes))
        return None if math.isinf(m) else float(m)

    @property
    def p10(self) -> int | None:
        return percentile(self.outcomes, 10)

    @property
    def p90(self) -> int | None:
        return percentile(self.outcomes, 90)

    def as_json(self) -> dict:
        return {
            "games": self.games,
            "seed": self.seed,
            "turns": self.turns,
            "won": self.won,
            "never": self.never,
            "never_percent": self.never_percent,
            "by_turn": {str(t): n for t, n in self.by_turn.items()},
            "mean": self.mean,
            "median": self.median,
            "p10": self.p10,
            "p90": self.p90,
            "fastest_cards": self.fastest_cards,
        }

    def render(self, file: str) -> str:
        by_turn = self.by_turn
        shown = [t for t, n in by_turn.items() if n]
        rows = {str(t): by_turn[t] for t in range(shown[0], shown[-1] + 1)} if shown else {}

        def turn(t: float | None) -> str:
            return "never" if t is None else f"{t:g}"

        lines = [
            f"{file}: goldfish, {self.games} game{'s' * (self.games != 1)}, seed {self.seed}, up to {self.turns} turns",
            "",
            "turn the enemy Base fell (games)",
            *(histogram(rows) if rows else ["(never)"]),
            "",
            (f"median {turn(self.median)}, mean {turn(self.mean)} (won games), 10th percentile {turn(self.p10)}, 90th {turn(self.p90)}"),
            f"never within {self.turns} turns: {self.never_percent:g} % ({self.never} game{'s' * (self.never != 1)})",
        ]
        if self.fastest_cards:
            cards = ", ".join(f"{name} {n:g}" for name, n in self.fastest_cards.items())
            p10 = self.p10  # a property that sorts every game: once, not once a game
            fast = sum(t is not None and p10 is not None and t <= p10 for t in self.outcomes)
            lines.append(f"cards played face up per game in the fastest {FASTEST_SHARE} % ({fast} games won by turn {p10}): {cards}")
        return "\n".join(lines)


def _ranked(outcomes: tuple[int | None, ...]) -> list[float]:
    """Turns, the games never won counted as slower than any."""
    return sorted(math.inf if t is None else t for t in outcomes)


def percentile(outcomes: tuple[int | None, ...], p: int) -> int | None:
    """The `p`th percentile turn (nearest rank), the games never won counted as slowest; None
    when it falls among them or there are no games."""
    ranked = _ranked(outcomes)
    if not ranked:
        return None
    t = ranked[max(0, math.ceil(p * len(ranked) / 100) - 1)]
    return None if math.isinf(t) else int(t)


def goldfish(
    deck: Deck,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
    turns: int = DEFAULT_TURNS,
    policy: Policy | None = None,
    jobs: int | None = None,
) -> GoldfishResult:
    """Play `games` solo games of `deck` (each on its own generator, from `seed`), `turns` turns at
    most, in `jobs` processes (None: one a core from POOL_GAMES games; see `workers_for`). The
    result is the same whatever the number of processes."""
    cards = deck_cards(deck)
    workers = workers_for(games, jobs)
    played = _play_all(cards, seed, turns, policy, games, workers)
    outcomes = tuple(t for t, _ in played)
    fastest: Counter[str] = Counter()
    cut = percentile(outcomes, FASTEST_SHARE)
    chosen = [p for t, p in played if t is not None and cut is not None and t <= cut]
    for p in chosen:
        fastest.update(p)
    fastest_cards = {name: round(n / len(chosen), 2) for name, n in sorted(fastest.items(), key=lambda kv: (-kv[1], values()[kv[0]]))}
    return GoldfishResult(games, seed, turns, outcomes, fastest_cards, workers)


# --- many games in worker processes ----------------------------------------------------------

Played = list[tuple[int | None, Counter[str]]]  # per game: the turn the enemy Base fell, the cards played face up


def play_range(cards: list[str], seed: int, turns: int, policy: Policy | None, start: int, stop: int) -> Played:
    """Games `start` .. `stop` - 1 of a run, each on its own generator (`game_rng`)."""
    played: Played = []
    for game in range(start, stop):
        state = new_game(cards, game_rng(seed, game))
        played.append((play_game(state, policy, turns), state.played))
    return played


def cores() -> int:
    """The cores this process may run on (its affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def workers_for(games: int, jobs: int | None = None) -> int:
    """How many processes play a run of `games`: `jobs`, or (None) one a core once the run has
    POOL_GAMES games or more (fewer finish before a pool would have started); never more than
    the games. One, in this process, wherever forking is unsafe: a fork copies only the thread
    that calls it, so in a process with other threads (a test runner's) a worker could inherit a
    lock that is never released; pnp's own command has one thread. And where fork does not exist."""
    wanted = (cores() if games >= POOL_GAMES else 1) if jobs is None else jobs
    wanted = max(1, min(wanted, games))
    if wanted > 1 and (threading.active_count() > 1 or "fork" not in multiprocessing.get_all_start_methods()):
        return 1
    return wanted


# What the workers play, set by the parent just before they fork (so a policy need not be pickled),
# and the parent's process id.
_run: tuple[list[str], int, int, Policy | None, int] | None = None
ORPHAN_CHECK = 100  # games between a worker's looks at its parent


def _worker() -> None:
    # A worker stops at a signal as the kernel does by default; the parent says so, once.
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)


def _play_chunk(bounds: tuple[int, int]) -> Played:
    assert _run is not None
    cards, seed, turns, policy, parent = _run
    played: Played = []
    for start in range(bounds[0], bounds[1], ORPHAN_CHECK):
        if os.getppid() != parent:  # the parent is gone (killed, as pnp leaves at a signal): so is the work
            os._exit(1)
        played += play_range(cards, seed, turns, policy, start, min(start + ORPHAN_CHECK, bounds[1]))
    return played


def _play_all(cards: list[str], seed: int, turns: int, policy: Policy | None, games: int, workers: int) -> Played:
    """Every game of a run, in order: here, or shared among `workers` forked processes by ranges
    of games (each game's generator depends only on the seed and its number, so the same games
    come out whichever process plays them)."""
    global _run
    if workers < 2:
        return play_range(cards, seed, turns, policy, 0, games)
    values(), prices(), threshold()  # loaded once, before the fork, for every worker
    if policy is None:
        from .goldfish_policy import policy
    size = math.ceil(games / (workers * CHUNKS_PER_WORKER))
    ranges = [(start, min(start + size, games)) for start in range(0, games, size)]
    _run = (cards, seed, turns, policy, os.getpid())
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=_worker)
    try:
        parts = pool.map(_play_chunk, ranges, chunksize=1)
    finally:
        pool.terminate()  # done, or this process failed first: nothing left is wanted
        pool.join()
        _run = None
    return [game for part in parts for game in part]


# --- two decks on the same seeds: --vs -------------------------------------------------------


@dataclass(frozen=True)
class Paired:
    """Two decks' goldfish runs on the same seeds: game i of each on the same generator,
    `game_rng(seed, i)`. The difference is OTHER minus DECK, in turns (positive: OTHER is slower)."""

    deck: GoldfishResult
    other: GoldfishResult

    def __post_init__(self) -> None:
        a, b = self.deck, self.other
        if (a.games, a.seed, a.turns) != (b.games, b.seed, b.turns):
            raise ValueError("paired runs need the same games, seed and turns")

    def _turn(self, t: int | None) -> int:
        return self.deck.turns + 1 if t is None else t

    @property
    def differences(self) -> list[int]:
        """Per game, OTHER's turn minus DECK's, a game never won counted as turn T + 1."""
        return [self._turn(b) - self._turn(a) for a, b in zip(self.deck.outcomes, self.other.outcomes)]

    @property
    def difference(self) -> float | None:
        d = self.differences
        return round(statistics.fmean(d), 3) if d else None

    @property
    def ci95(self) -> tuple[float, float] | None:
        """Mean ± 1.96 sd/√n of the per-game differences (sd: the sample standard deviation);
        None for fewer than 2 games."""
        d = self.differences
        if len(d) < 2:
            return None
        mean, half = statistics.fmean(d), Z95 * statistics.stdev(d) / math.sqrt(len(d))
        return (round(mean - half, 3), round(mean + half, 3))

    def counted(self) -> dict[str, int]:
        """Games by who won them within T turns."""
        pairs = list(zip(self.deck.outcomes, self.other.outcomes))
        return {
            "both_won": sum(a is not None and b is not None for a, b in pairs),
            "only_deck_won": sum(a is not None and b is None for a, b in pairs),
            "only_other_won": sum(a is None and b is not None for a, b in pairs),
            "neither_won": sum(a is None and b is None for a, b in pairs),
        }

    @property
    def verdict(self) -> str:
        """`slower` or `faster` (OTHER against DECK) when the interval excludes 0; `same` when every
        game took both decks the same turns; else `unclear`."""
        ci = self.ci95
        if not any(self.differences):
            return "same"
        if ci is None or ci[0] <= 0 <= ci[1]:
            return "unclear"
        return "slower" if ci[0] > 0 else "faster"

    def method_for(self, deck: str = "DECK", other: str = "OTHER") -> str:
        """How the difference and its interval are computed, in words."""
        t, n = self.deck.turns, self.deck.games
        return (
            f"paired by seed: game i of both decks on the same generator; per game, {other}'s turn minus "
            f"{deck}'s, a game never won within {t} turns counted as turn {t + 1}; the mean of the "
            f"{n} differences ± {Z95} × their sample standard deviation / √{n} (a normal approximation)"
        )

    def as_json(self, other_file: str | None) -> dict:
        """The `vs` object of `pnp deck goldfish --vs --json`."""
        ci = self.ci95
        return {
            "file": other_file,
            "summary": self.other.as_json(),
            "difference": self.difference,
            "ci95": list(ci) if ci else None,
            "verdict": self.verdict,
            "method": self.method_for(),
            **self.counted(),
        }

    def render(self, deck_file: str, other_file: str) -> list[str]:
        """The difference, its interval, how it was computed and what it says."""
        d, ci, n = self.difference, self.ci95, self.deck.games

        def turns(x: float) -> str:
            return f"{x:+.2f}" if x else "0"

        lines = [f"{other_file} minus {deck_file}: {turns(d) if d is not None else 'none'} turns a game on average"]
        if ci is not None:
            lines[0] += f", 95 % interval {turns(ci[0])} to {turns(ci[1])}"
        counted = self.counted()
        t = self.deck.turns
        how = (
            f"paired by seed ({n} game{'s' * (n != 1)}, game i of each deck on the same generator); a game never won "
            f"within {t} turns counts as turn {t + 1} ({counted['both_won']} won by both, {counted['only_deck_won']} only by "
            f"{deck_file}, {counted['only_other_won']} only by {other_file}, {counted['neither_won']} by neither); "
            f"interval: mean ± {Z95} sd/√n of the differences"
        )
        lines += textwrap.wrap(how, width=WRAP, initial_indent="  ", subsequent_indent="  ")
        lines.append(
            {
                "slower": f"{other_file} is slower: the interval lies above 0",
                "faster": f"{other_file} is faster: the interval lies below 0",
                "same": "no difference: every game took both decks the same turns",
                "unclear": "no difference shown: the interval holds 0" if ci is not None else "no interval from one game",
            }[self.verdict]
        )
        return lines


def paired(deck: Deck, other: Deck, games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, turns: int = DEFAULT_TURNS, jobs: int | None = None) -> Paired:
    """Both decks played on the same seeds (the same `games`, `seed` and `turns`)."""
    return Paired(goldfish(deck, games, seed, turns, jobs=jobs), goldfish(other, games, seed, turns, jobs=jobs))
