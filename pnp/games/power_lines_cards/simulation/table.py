"""The goldfish's table: a grid of card cells, and what the friendlies on it are worth.

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
- Card 1: every friendly bordering it gets +1 (two 1s give +2). Card 8: +1 for every friendly
  bordering it. Card 0: its value is the printed value of the highest bordering friendly, minus 2
  (a face-down card's printed value is 5; with no friendly bordering, 0 as printed); card 1s
  bordering it still add their +1. The rules trash a 0 whenever its value goes down, not only
  when it reaches 0: after every change on the table each face-up 0 is checked against its value
  before the change, and trashed (removed from the game, not discarded) if lower.
- Dominate the enemy Base (the catalogue's Base value, 12): the friendlies bordering it that
  are connected to your Base must total at least its value + 2, 14.

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
  not only exactly 14. The enemy Base is an enemy card for both: the rules call it "not a
  friendly" and have it dominated.
- Card 0's "highest bordering friendly": the highest printed value among the friendlies
  bordering it. A 0 bordering only a 1 is worth -1; values are not clamped at 0.
"""

from __future__ import annotations

from functools import cache

from pnp.games.power_lines_cards.rules.catalogue import catalogue

Cell = tuple[int, int]

# --- numbers from the rules text (the catalogue holds only each card's value, price and effect) ---
FACE_DOWN_VALUE = 5  # "Facedown cards are treated as value 5, cost 0 cards with no effect"
DOMINATE_MARGIN = 2  # "an enemy card whose value is two less than the total value of all friendlies bordering it"
ZERO_BELOW = 2  # card 0: "two less than the printed value of the highest bordering friendly"
ONE_BONUS = 1  # card 1: "Each friendly bordering this card has +1 value"
EIGHT_BONUS = 1  # card 8: "Each friendly bordering this card adds +1 to this card's value"
BASES_APART = 11  # "approximately 11 card lengths apart": cells from one Base to the other

# The cards whose effects the simulation plays, by their catalogue names.
ZERO, ONE, THREE, SEVEN, EIGHT, NINE = "0", "1", "3", "7", "8", "9"

OWN_BASE: Cell = (0, 0)
ENEMY_BASE: Cell = (BASES_APART, 0)
BASES = frozenset({OWN_BASE, ENEMY_BASE})

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
    return {c.name: c.price or 0 for c in catalogue().kinds}  # a kind has a price: only the Base has none


@cache
def threshold() -> int:
    """The total the friendlies bordering the enemy Base need: its value + 2 (12 + 2 = 14)."""
    return catalogue().base.value + DOMINATE_MARGIN


# --- the friendlies on the table: values, connection, the cells a card may go on -------------


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
