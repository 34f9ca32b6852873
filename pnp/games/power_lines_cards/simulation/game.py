"""A solo game of Power Lines as the goldfish plays it: its state, its actions, the rules that
check and apply them, and a whole game played by a policy (`policy.policy`, or any other).

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
- Card 7: played bordering the enemy Base, it dominates it at once, without an action, when the
  total the domination needs (14, `table.threshold`) is reached.

Where the rules are silent (the choices made here)
----------------------------------------------------
- Dominating is an action (card 7's domination is free).
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
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from pnp.games.power_lines_cards.rules.catalogue import catalogue
from pnp.games.power_lines_cards.rules.engine import Deck
from pnp.games.power_lines_cards.rules.setup import FACE_DOWN, HAND_SIZE

from .table import (
    BASES,
    ENEMY_SIDES,
    NINE,
    SEVEN,
    THREE,
    ZERO,
    Cell,
    connected,
    domination_total,
    legal_cells,
    neighbours,
    prices,
    threshold,
    trash_zeros,
    value_at,
    values,
)

# --- numbers from the rules text ---
ACTIONS_PER_TURN = 3  # "On your turn, you have three actions"
SHUFFLE_ACTIONS = 2  # "With two actions, you may: Shuffle your discard pile into your draw deck"
FREE_PLAY_MAX = 5  # card 9: "another friendly bordering this card of value 5 or less"


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
            self.legal.update(n for n in neighbours(added) if n not in board and n not in BASES)
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


def deck_cards(deck: Deck) -> list[str]:
    """The deck's cards, one entry a copy, in catalogue order (the Base is never drawn)."""
    return [name for name in catalogue().kind_names for _ in range(deck.counts.get(name, 0))]


def game_rng(seed: int, game: int) -> random.Random:
    """Game `game`'s own generator: a result depends on the seed, never on the order games run in."""
    return random.Random(f"pnp-goldfish/{seed}/{game}")


# --- the rules: one action applied to a state ----------------------------------------------


def _take(hand: Counter[str], cards: tuple[str, ...] | list[str]) -> bool:
    """Whether `hand` holds all of `cards` (a multiset)."""
    need = Counter(cards)
    return all(hand[c] >= n for c, n in need.items())


def check(state: State, action: Action) -> None:
    """Raise IllegalAction saying why, if the rules do not allow `action` now."""
    if state.won:
        raise IllegalAction("the game is over")
    if state.setup_left:
        _check_face_down(state, action)
        return
    if isinstance(action, FaceDown):
        raise IllegalAction("face-down cards are placed only at the set-up")
    if state.free_play_from is not None and not isinstance(action, (Play, Pass)):
        raise IllegalAction("card 9's free play comes first (play a card or pass)")
    if isinstance(action, Play):
        _check_play(state, action)
    elif isinstance(action, Shuffle):
        if state.actions < SHUFFLE_ACTIONS:
            raise IllegalAction("shuffling takes two actions")
        if not state.discard:
            raise IllegalAction("the discard pile is empty")
    elif isinstance(action, (Draw, Dominate)):
        if state.actions < 1:
            raise IllegalAction("no action left this turn")
        if isinstance(action, Draw) and not state.deck:
            raise IllegalAction("the deck is empty")
        if isinstance(action, Dominate) and state.total < threshold():
            raise IllegalAction(f"the connected friendlies bordering the enemy Base total {state.total}, not {threshold()}")


def _check_face_down(state: State, action: Action) -> None:
    """The set-up's actions: face-down cards from the hand, placed by the rules of placement."""
    if not isinstance(action, FaceDown):
        raise IllegalAction("the set-up places face-down cards first")
    if state.hand[action.card] < 1:
        raise IllegalAction(f"no {action.card} in hand")
    if action.cell not in state.legal:
        raise IllegalAction(f"{action.cell} does not border your Base or a connected friendly")


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
    _check_price(state, play)
    board = _table_paid(state, play)
    legal = state.legal if board is state.board else legal_cells(board)
    if play.cell not in legal:
        raise IllegalAction(f"{play.cell} is not an empty cell bordering your Base or a connected friendly")


def _check_price(state: State, play: Play) -> None:
    """A positive price: exactly that many other cards from the hand; a negative one: a deck that
    holds that many; none, no discards."""
    name = play.card
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


def _table_paid(state: State, play: Play) -> dict[Cell, str]:
    """The table the card goes on: card 3's friendly taken (and the 0s its loss lowers trashed
    first); any other card's, the table as it is."""
    board = state.board
    if play.card == THREE:
        if play.friendly not in board:
            raise IllegalAction("card 3 also costs a friendly from the table")
        board = {c: n for c, n in board.items() if c != play.friendly}
        zeros = {c: v for c, v in state.zero_values.items() if c != play.friendly}
        for cell in trash_zeros(board, state.face_down, zeros):  # the 0s its loss lowers go first
            del board[cell]
        if state.free_play_from is not None and state.free_play_from not in board:
            raise IllegalAction("card 9's free play must border the 9")
    elif play.friendly is not None:
        raise IllegalAction(f"card {play.card} costs no friendly")
    return board


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
    _pay(state, play)
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


def _pay(state: State, play: Play) -> None:
    """The card leaves the hand and its price is paid: the discards, the draws, and card 3's
    friendly, which goes to the discard pile (face up, its own card) before the 3 is placed."""
    name = play.card
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


# --- whole games ---------------------------------------------------------------------------

Policy = Callable[[State], Action]


def play_game(state: State, policy: Policy, turns: int) -> int | None:
    """Finish the set-up, then play turns 1..`turns`, each action the one `policy` chooses; the
    turn the enemy Base fell, or None."""
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
