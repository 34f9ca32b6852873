"""The goldfish player: one policy, `policy(state) -> Action`, a pure function of the position.

In plain words, each time it is asked for an action the player:

1. Set-up: places face down, on the cell nearest the enemy Base, first a 3 (face down it costs
   no friendly), then the card whose price is highest (a face-down card is free), lowest value
   first on a tie, never one of its two highest cards of value 7 or more (kept for the front).
2. Card 9's free play: plays the best card of value 5 or less on the cell bordering the 9 nearest
   the enemy Base (chosen as in 4 or 5), or declines when it has none it can pay for.
3. Dominates the enemy Base as soon as the connected friendlies bordering it total 14.
4. Picks its cell: the empty cell it may play on nearest the enemy Base (counted along rows and
   columns; ties: nearer the Bases' row, then above it). So it builds the shortest line, then
   wraps round the enemy Base.
5. On a cell bordering the enemy Base (the front) it plays the card that raises the total most
   (ties: the lower price), if it raises it by 7 or more or brings it to 14.
   On any other cell (the line) it plays the cheapest card: draw cards first (price -2, then -1),
   then free cards, then discard cards, lowest value first; never one of its two highest cards of
   value 7 or more, nor a discard that takes one. On either, a 3 counts only when a friendly is
   spare: one whose loss disconnects nothing, lowers no value at the front and leaves the cell
   playable.
6. Otherwise it draws; with the deck empty it shuffles the discard pile back (two actions); and
   failing that, as the rules allow a pass only when nothing is possible, it plays whatever it
   can, cheapest first; only then it passes.

Discards for a positive price are the cards least worth keeping: low cards other than draw cards
first (a 3 counts as one of them: it costs a friendly), then draw cards, then cards of value 7 or
more, lowest value first.
"""

from __future__ import annotations

from pnp.games.power_lines_cards.rules.setup import HIGH_VALUE, RESERVE, face_down_counts

from .game import (
    FREE_PLAY_MAX,
    SHUFFLE_ACTIONS,
    Action,
    Dominate,
    Draw,
    FaceDown,
    Pass,
    Play,
    Shuffle,
    State,
)
from .table import (
    ENEMY_SIDES,
    THREE,
    Cell,
    connected,
    distance,
    domination_total,
    legal_cells,
    neighbours,
    prices,
    threshold,
    values,
)

FRONT_GAIN = 7  # a front play must add this much to the total, or reach the threshold


def policy(state: State) -> Action:
    """The goldfish player's next action (see the module's docstring)."""
    if state.setup_left:
        return FaceDown(setup_card(state), nearest(state.legal))
    if state.free_play_from is not None:
        cells = [c for c in neighbours(state.free_play_from) if c in state.legal]
        return (best_play(state, nearest(cells), free=True) if cells else None) or Pass()
    if state.actions >= 1 and state.total >= threshold():
        return Dominate()
    play = best_play(state, nearest(state.legal)) if state.legal else None
    if play:
        return play
    if state.deck:
        return Draw()
    if state.discard and state.actions >= SHUFFLE_ACTIONS:
        return Shuffle()
    return last_resort(state) or Pass()


def nearest(cells: set[Cell] | list[Cell]) -> Cell:
    """The cell nearest the enemy Base; ties: nearer the Bases' row, then above it."""
    return min(cells, key=lambda c: (distance(c), abs(c[1]), -c[1], c[0]))


def reserved(state: State) -> list[str]:
    """The RESERVE highest cards of value HIGH_VALUE or more in the hand: kept for the front."""
    high = sorted((n for n in state.hand.elements() if values()[n] >= HIGH_VALUE), key=lambda n: -values()[n])
    return high[:RESERVE]


def setup_card(state: State) -> str:
    """The card to place face down: the set-up's rule (`rules/setup.py`), one card at a time."""
    (name,) = face_down_counts(state.hand, 1)
    return name


def discard_order(name: str) -> tuple[bool, bool, int]:
    """Least worth keeping first: low cards other than draw cards (a 3 among them), draw cards, high cards."""
    return (values()[name] >= HIGH_VALUE, prices()[name] < 0 and name != THREE, values()[name])


def discards_for(state: State, name: str, keep: list[str]) -> tuple[str, ...] | None:
    """The cards a positive price discards when playing `name`, never from `keep`; None if too few."""
    rest = state.hand.copy()
    rest[name] -= 1
    rest.subtract(keep)
    pool = sorted((n for n in rest.elements()), key=discard_order)
    price = prices()[name]
    return tuple(pool[:price]) if len(pool) >= price else None


def payable(state: State, name: str, keep: list[str]) -> Play | None:
    """`name` played as soon as its price can be paid (cell left as (0, 0)), or None."""
    price = prices()[name]
    if price < 0 and len(state.deck) < -price:
        return None
    if price > 0:
        discards = discards_for(state, name, keep)
        return None if discards is None else Play(name, (0, 0), discards)
    return Play(name, (0, 0))


def best_play(state: State, cell: Cell, free: bool = False) -> Play | None:
    """The play rule 5 chooses on `cell`, or None."""
    names = [n for n in sorted(state.hand, key=lambda n: (prices()[n], values()[n])) if state.hand[n] > 0]
    if free:
        names = [n for n in names if values()[n] <= FREE_PLAY_MAX]
    if cell in ENEMY_SIDES:
        return front_play(state, cell, names)
    keep = reserved(state)
    for name in names:
        if name in keep and state.hand[name] <= keep.count(name):
            continue
        play = payable(state, name, keep)
        if play is None:
            continue
        if name == THREE:
            friendly = spare_friendly(state, cell)
            if friendly is None:
                continue
            return Play(name, cell, play.discards, friendly)
        return Play(name, cell, play.discards)
    return None


def front_play(state: State, cell: Cell, names: list[str]) -> Play | None:
    """On a cell bordering the enemy Base: the card raising the total most, if by FRONT_GAIN or to the threshold."""
    best: tuple[int, Play] | None = None
    for name in names:
        play = payable(state, name, [])
        if play is None:
            continue
        friendly = None
        board = state.board
        if name == THREE:
            friendly = spare_friendly(state, cell)
            if friendly is None:
                continue
            board = {c: n for c, n in board.items() if c != friendly}
        total = domination_total({**board, cell: name}, state.face_down)
        if best is None or total > best[0]:
            best = (total, Play(name, cell, play.discards, friendly))
    if best is None:
        return None
    total, play = best
    return play if total - state.total >= FRONT_GAIN or total >= threshold() else None


def spare_friendly(state: State, cell: Cell) -> Cell | None:
    """A friendly card 3 can take without harm: its loss disconnects no other friendly, lowers no
    friendly's value at the front and leaves `cell` playable; the lowest value first."""
    linked = state.connected
    for friendly in sorted(state.board, key=lambda c: (state.value(c), c)):
        board = {c: n for c, n in state.board.items() if c != friendly}
        still = connected(board)
        if len(still) < len(linked) - (friendly in linked):
            continue
        if domination_total(board, state.face_down, still) < state.total:
            continue
        if cell in legal_cells(board, still):
            return friendly
    return None


def last_resort(state: State) -> Play | None:
    """Any play at all, on the nearest cell: the cheapest card. Only reached with the deck empty,
    so never a card with a draw price (a 3 among them)."""
    cell = nearest(state.legal)
    for name in sorted(state.hand, key=lambda n: (prices()[n], values()[n])):
        play = payable(state, name, []) if state.hand[name] > 0 else None
        if play is not None:
            return Play(name, cell, play.discards)
    return None
