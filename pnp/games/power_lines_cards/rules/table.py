"""The table of a two-player game: a square grid of card cells, and what the cards on it are worth.

The rules lay cards on an open table; the engine lays them on a grid without edges, one card a
cell, as the goldfish does. Player 0's Base stands on (0, 0) and player 1's on
(`Variant.bases_apart`, 0); neither is ever in a cell's stack. A cell holds a stack: the card on
top is in play, the cards a 6 covers lie under it, out of play, until the card above leaves.

Everything a card is worth is a function of the table (`value`); it is worked out when asked and
kept until the table next changes, since players look far more often than they change it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from .catalogue import catalogue, follows_catalogue
from .variant import Variant

Cell = tuple[int, int]

# --- numbers from the rules text (the catalogue holds each card's printed value and price) ---
FACE_DOWN_VALUE = 5  # a face-down card is "value 5, cost 0 ... with no effect"
MARGIN = 2  # dominate: the value is "two less than the total"
ZERO_BELOW = 2  # card 0: "two less than the printed value of the highest bordering friendly"
ONE_BONUS = 1  # card 1: "+1 value" to each bordering friendly
EIGHT_BONUS = 1  # card 8: "+1" per bordering friendly

ZERO, ONE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE = (str(n) for n in range(10))


@follows_catalogue
def printed_values() -> dict[str, int]:
    return {c.name: c.value for c in catalogue().kinds}


@follows_catalogue
def prices() -> dict[str, int]:
    return {c.name: c.price or 0 for c in catalogue().kinds}  # every kind has a price; only the Base has none


@follows_catalogue
def base_value() -> int:
    return catalogue().base.value


class Piece(NamedTuple):
    card: str
    owner: int
    face_down: bool = False


class _Neighbours(dict[Cell, tuple[Cell, ...]]):
    """Each cell's neighbours, worked out once a cell: `near[cell]` is a plain dict look-up after."""

    def __init__(self, steps: tuple[Cell, ...]) -> None:
        super().__init__()
        self.steps = steps

    def __missing__(self, cell: Cell) -> tuple[Cell, ...]:
        x, y = cell
        near = self[cell] = tuple((x + dx, y + dy) for dx, dy in self.steps)
        return near


SIDES = _Neighbours(((1, 0), (0, 1), (0, -1), (-1, 0)))  # the four cells sharing a side
AROUND = _Neighbours(((1, 0), (0, 1), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)))  # and the four sharing a corner


class Table:
    """The cards in play and under them. `zeros`: each face-up 0 in play and its value when the
    table last settled (None for one just arrived), to see it go down."""

    __slots__ = ("variant", "bases", "tops", "under", "zeros", "near", "memo", "_values", "_linked", "_reach", "_open")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.bases: tuple[Cell, Cell] = ((0, 0), (variant.bases_apart, 0))
        self.tops: dict[Cell, Piece] = {}
        self.under: dict[Cell, tuple[Piece, ...]] = {}  # bottom first; only cells with a covered card
        self.zeros: dict[Cell, int | None] = {}
        self.near: Callable[[Cell], tuple[Cell, ...]] = (AROUND if variant.corners_border else SIDES).__getitem__
        self._changed()

    def _changed(self) -> None:
        """Forget everything worked out from the table. `memo` is for the game's own findings."""
        self.memo: dict[object, object] = {}
        self._values: dict[Cell, int] = {}
        self._linked: list[frozenset[Cell] | None] = [None, None]
        self._reach: list[frozenset[Cell] | None] = [None, None]
        self._open: list[frozenset[Cell] | None] = [None, None]

    def _joined(self, cell: Cell, owner: int) -> None:
        """A card of `owner`'s placed on an empty cell: where it is open to them, it simply joins
        their line, and the sets worked out so far grow by it (the same sets a recount gives,
        found without one). Anything else is recounted."""
        linked, reach, opened = self._linked[owner], self._reach[owner], self._open
        self.memo, self._values = {}, {}
        other = opened[1 - owner]
        if other is not None and cell in other:
            other = other.difference((cell,))
        tops = self.tops
        if linked is None or reach is None or cell not in reach or any(n in tops and tops[n].owner == owner and n not in linked for n in self.near(cell)):
            self._linked[owner] = self._reach[owner] = None  # a cut-off card may join again: recount
            self._open = [other, None] if owner == 1 else [None, other]
            return
        self._linked[owner] = linked | {cell}
        new = [n for n in self.near(cell) if n not in reach and n not in self.bases]
        self._reach[owner] = reach.union(new) if new else reach
        mine = opened[owner]
        if mine is not None:
            mine = mine.difference((cell,)).union(n for n in new if n not in tops)
        self._open = [other, mine] if owner == 1 else [mine, other]

    def copy(self) -> Table:
        other = Table.__new__(Table)
        other.variant, other.bases, other.near = self.variant, self.bases, self.near
        other.tops, other.under, other.zeros = dict(self.tops), dict(self.under), dict(self.zeros)
        other.memo, other._values = dict(self.memo), dict(self._values)
        other._linked, other._reach, other._open = list(self._linked), list(self._reach), list(self._open)
        return other

    # --- changes ------------------------------------------------------------------------------

    def place(self, cell: Cell, piece: Piece) -> None:
        """Put `piece` on `cell`, over whatever is there."""
        covered = self.tops.get(cell)
        if covered is not None:
            self.under[cell] = (*self.under.get(cell, ()), covered)
            self.zeros.pop(cell, None)
        self.tops[cell] = piece
        if piece.card == ZERO and not piece.face_down:
            self.zeros[cell] = None
        if covered is None:
            self._joined(cell, piece.owner)
        else:
            self._changed()

    def remove(self, cell: Cell) -> Piece:
        """Take the top card off `cell`; the card it covered, if any, is in play again."""
        piece = self.tops.pop(cell)
        self.zeros.pop(cell, None)
        below = self.under.pop(cell, ())
        if below:
            self.tops[cell] = uncovered = below[-1]
            if below[:-1]:
                self.under[cell] = below[:-1]
            if uncovered.card == ZERO and not uncovered.face_down:
                self.zeros[cell] = None
        self._changed()
        return piece

    def recard(self, cell: Cell, depth: int, card: str) -> None:
        """Write `card` on the face-down piece `depth` cards below the top of `cell` (0: the top):
        a hidden card resampled. Every 0 takes its value now as its own (a 0 reading face-down
        cards by their card would otherwise see a change that never happened)."""
        if depth == 0:
            self.tops[cell] = self.tops[cell]._replace(card=card)
        else:
            stack = list(self.under[cell])
            stack[-depth] = stack[-depth]._replace(card=card)
            self.under[cell] = tuple(stack)
        self._changed()
        for zero in self.zeros:
            self.zeros[zero] = self._zero_measure(zero)

    def settle(self) -> list[tuple[Cell, Piece]]:
        """After a change: trash each face-up 0 whose value went down (again and again, as one
        loss can lower another), and note the others' values. Returns the trashed cards."""
        gone: list[tuple[Cell, Piece]] = []
        zeros = self.zeros
        changed = True
        while changed:
            changed = False
            for cell, before in list(zeros.items()):
                now = self._zero_measure(cell)
                if before is not None and now < before:
                    gone.append((cell, self.remove(cell)))
                    changed = True
                    break
                zeros[cell] = now
        return gone

    # --- what the cards are worth -------------------------------------------------------------

    def friends(self, cell: Cell, owner: int) -> Iterator[Cell]:
        """The cells bordering `cell` whose card in play is `owner`'s (a Base is no friendly)."""
        tops = self.tops
        for n in self.near(cell):
            piece = tops.get(n)
            if piece is not None and piece.owner == owner:
                yield n

    def value(self, cell: Cell) -> int:
        """The current value of the card in play on `cell`."""
        v = self._values.get(cell)
        if v is None:
            v = self._values[cell] = self.value_of(cell, self.tops[cell])
        return v

    def value_of(self, cell: Cell, piece: Piece) -> int:
        """What `piece` is worth on `cell` (there or about to be): printed, or card 0's rule, plus
        card 8's and each bordering card 1's bonus."""
        tops, owner = self.tops, piece.owner
        friends = [n for n in self.near(cell) if n in tops and tops[n].owner == owner]
        if piece.face_down:
            v = FACE_DOWN_VALUE
        elif piece.card == ZERO:
            v = self._zero_base(friends)
        else:
            v = printed_values()[piece.card]
            if piece.card == EIGHT:
                v += EIGHT_BONUS * len(friends)
        for n in friends:
            friend = tops[n]
            if friend.card == ONE and not friend.face_down:
                v += ONE_BONUS
        return v

    def _zero_base(self, friends: list[Cell]) -> int:
        """Card 0's own rule, from the cells of its bordering friendlies."""
        if not friends:
            return -ZERO_BELOW if self.variant.zero_alone == "minus-two" else printed_values()[ZERO]
        return max(map(self._read_by_zero, friends)) - ZERO_BELOW

    def _read_by_zero(self, cell: Cell) -> int:
        piece = self.tops[cell]
        if self.variant.zero_reads == "current" and piece.card != ZERO:
            return self.value(cell)
        if piece.face_down and self.variant.zero_face_down == "five":
            return FACE_DOWN_VALUE
        return printed_values()[piece.card]

    def _zero_measure(self, cell: Cell) -> int:
        """What must not go down for the 0 on `cell` to stay."""
        if self.variant.zero_decrease == "base":
            return self._zero_base(list(self.friends(cell, self.tops[cell].owner)))
        return self.value(cell)

    # --- lines, cells, dominations ------------------------------------------------------------

    def linked(self, owner: int) -> frozenset[Cell]:
        """`owner`'s cards in play connected to their Base: a chain of bordering friendlies from one bordering it."""
        found = self._linked[owner]
        if found is None:
            tops, near = self.tops, self.near
            todo = [c for c in near(self.bases[owner]) if c in tops and tops[c].owner == owner]
            seen = set(todo)
            while todo:
                for n in near(todo.pop()):
                    if n not in seen and n in tops and tops[n].owner == owner:
                        seen.add(n)
                        todo.append(n)
            found = self._linked[owner] = frozenset(seen)
        return found

    def cut_cells(self, owner: int) -> set[Cell]:
        """The connected cards of `owner`'s whose loss would cut others off their Base: the
        articulation points of the line, found in one depth-first walk from the Base (Tarjan)."""
        linked, near, root = self.linked(owner), self.near, self.bases[owner]
        order, low = {root: 0}, {root: 0}
        cut: set[Cell] = set()
        walk = [(root, root, iter(near(root)))]
        while walk:
            cell, parent, todo = walk[-1]
            for n in todo:
                if n not in linked and n != root:
                    continue
                if n not in order:
                    order[n] = low[n] = len(order)
                    walk.append((n, cell, iter(near(n))))
                    break
                if n != parent:
                    low[cell] = min(low[cell], order[n])
            else:
                walk.pop()
                if cell != root:
                    low[parent] = min(low[parent], low[cell])
                    if parent != root and low[cell] >= order[parent]:
                        cut.add(parent)
        return cut

    def linked_without(self, owner: int, gone: Cell) -> set[Cell]:
        """`linked(owner)` as it would be without the card on `gone`."""
        tops, near = self.tops, self.near
        todo = [c for c in near(self.bases[owner]) if c != gone and c in tops and tops[c].owner == owner]
        seen = set(todo)
        while todo:
            for n in near(todo.pop()):
                if n not in seen and n != gone and n in tops and tops[n].owner == owner:
                    seen.add(n)
                    todo.append(n)
        return seen

    def reach(self, owner: int) -> frozenset[Cell]:
        """The cells bordering `owner`'s Base or one of their connected cards: where they may play."""
        found = self._reach[owner]
        if found is None:
            near = self.near
            cells = set(near(self.bases[owner]))
            for cell in self.linked(owner):
                cells.update(near(cell))
            found = self._reach[owner] = frozenset(cells.difference(self.bases))
        return found

    def open_cells(self, owner: int) -> frozenset[Cell]:
        """The empty cells `owner` may play a card on."""
        found = self._open[owner]
        if found is None:
            tops = self.tops
            found = self._open[owner] = frozenset(c for c in self.reach(owner) if c not in tops)
        return found

    def total(self, target: Cell, owner: int) -> tuple[int, int]:
        """The total `owner` brings against `target`, and how many cards make it: their connected
        cards bordering it (and their Base, when the variant counts it)."""
        linked = self.linked(owner)
        total = count = 0
        for n in self.near(target):
            if n in linked:
                total += self.value(n)
                count += 1
        if self.variant.base_adds_to_total and self.bases[owner] in self.near(target):
            total += base_value()
            count += 1
        return total, count

    def defence(self, target: Cell) -> int:
        """What must be beaten to dominate `target`: its card's value, or a Base's."""
        return base_value() if target in self.bases else self.value(target)

    def distance(self, a: Cell, b: Cell) -> int:
        dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dx, dy) if self.variant.distance == "king" else dx + dy

    def closest(self, owner: int) -> int | None:
        """How near `owner`'s nearest card in play (connected or not) stands to the other Base; None with none."""
        enemy = self.bases[1 - owner]
        return min((self.distance(c, enemy) for c, p in self.tops.items() if p.owner == owner), default=None)
