"""Paint the Line's boards, rules and scoring: pure functions, no I/O.

Spaces are (row, column), 0-based from the upper left of the 3x6 scoring
board. A stack lists its pyramids bottom first; only its top one scores.
A group is a largest set of same-coloured tops joined edge to edge, worth
(its pips) x (its pyramids); a player scores the groups of both colours.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.core.rules import Copies, MultisetRules

# The Looney Pyramid colours a board may name, and the letter each has in a cell.
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "black", "white", "cyan", "pink")
LETTERS = dict(zip(COLOURS, "ROYGBPKWCN"))
COLOUR_OF_LETTER = {letter: colour for colour, letter in LETTERS.items()}
SIZES = {1: "small", 2: "medium", 3: "large"}  # pips -> size

ROWS, COLS = 3, 6
BLOCKED = frozenset({(1, 1), (1, 4)})  # the 2nd and 5th spaces of the middle row
OPEN = tuple((r, c) for r in range(ROWS) for c in range(COLS) if (r, c) not in BLOCKED)
MAX_STACK = 2
TRIOS = 3  # trios of each colour in the game: at most 3 pyramids of one colour and size

# The 2x6 movement board: which of the four colours (1-4) starts on each space,
# as a tree of large, medium and small.
SETUP = ((1, 2, 3, 4, 1, 2), (3, 4, 1, 2, 3, 4))
# The colours the set-up numbers 1 to 4 (the print layout names them in the same order).
PLAY_COLOURS = ("red", "yellow", "green", "blue")
MOVE_ROWS = len(SETUP)
COLUMN_LETTERS = "abcdef"

Cell = tuple[int, int]


def space_name(cell: Cell) -> str:
    """A space as records and the printed boards name it: its column a-f from the left, then its
    row counted from 1 at the top (the set-up's row 1), on either board: `a1`, `f2`, `c3`."""
    return f"{COLUMN_LETTERS[cell[1]]}{cell[0] + 1}"


def parse_space(text: str, rows: int) -> Cell | None:
    """The space a name like `c2` (either case) stands for on a board of `rows` rows, or None."""
    if len(text) != 2 or text[0].lower() not in COLUMN_LETTERS or text[1] not in "123456789"[:rows]:
        return None
    return (int(text[1]) - 1, COLUMN_LETTERS.index(text[0].lower()))


@dataclass(frozen=True, order=True)
class Pyramid:
    colour: str
    pips: int

    def __str__(self) -> str:
        return f"{LETTERS[self.colour]}{self.pips}"

    @property
    def name(self) -> str:
        return f"{self.colour} {SIZES[self.pips]}"


Stack = tuple[Pyramid, ...]

PYRAMID_RULES = MultisetRules(
    name="Paint the Line",
    description=f"{TRIOS} trios of each colour: at most {TRIOS} pyramids of one colour and size",
    items=[str(Pyramid(colour, pips)) for colour in COLOURS for pips in SIZES],
    copies=Copies(max={"*": TRIOS}),
)


@dataclass(frozen=True)
class Board:
    """A finished game: each player's two colours and `rows[r][c]`, bottom first; blocked spaces hold ()."""

    players: tuple[tuple[str, str], tuple[str, str]]
    rows: tuple[tuple[Stack, ...], ...]


@dataclass(frozen=True)
class Breach:
    """A rule a board breaks, pinned to the pyramid at `level` (0 is the bottom) of a space."""

    cell: Cell
    level: int
    code: str
    message: str


def breaches(spaces: Mapping[Cell, Stack], in_play: Sequence[str] | None = None) -> list[Breach]:
    """Every rule of a finished board the stacks in `spaces` break.

    `spaces` may be a partial board; `in_play` (the four colours) is None when
    the players' colours are not known, and then colours go unchecked.
    """
    found: list[Breach] = []
    cells = sorted(spaces)
    for cell in cells:
        found += _stack_breaches(cell, spaces[cell], in_play)
    # Stacking is allowed only once no open space is empty.
    empty = next((cell for cell in OPEN if spaces.get(cell) == ()), None)
    if empty is not None:
        found += [
            Breach(cell, 1, "early-stack", f"stacked while row {empty[0] + 1}, space {empty[1] + 1} is empty; stack only once every open space holds a pyramid")
            for cell in cells
            if len(spaces[cell]) > 1
        ]
    return found + _excess(spaces, cells)


def _stack_breaches(cell: Cell, stack: Stack, in_play: Sequence[str] | None) -> list[Breach]:
    found = []
    for level, pyramid in enumerate(stack):
        if in_play is not None and pyramid.colour not in in_play:
            colours = ", ".join(in_play[:-1]) + " and " + in_play[-1]
            found.append(Breach(cell, level, "not-in-play", f"{pyramid} is {pyramid.colour}, which no player chose; the colours in play are {colours}"))
        if level == MAX_STACK:
            found.append(Breach(cell, level, "stack-too-tall", f"{len(stack)} pyramids in one space; at most {MAX_STACK} may be stacked"))
        if level and stack[level - 1].colour == pyramid.colour:
            found.append(Breach(cell, level, "same-colour", f"{pyramid} sits on {stack[level - 1]}: a pyramid never goes on one of its own colour"))
    return found


def _excess(spaces: Mapping[Cell, Stack], cells: list[Cell]) -> list[Breach]:
    """The shared multiset rules, with each pyramid beyond the limit reported where it lies."""
    where: dict[Pyramid, list[tuple[Cell, int]]] = defaultdict(list)
    for cell in cells:
        for level, pyramid in enumerate(spaces[cell]):
            where[pyramid].append((cell, level))
    named = {str(pyramid): pyramid for pyramid in where}
    found = []
    # These rules only cap copies, so every violation is one item over its limit.
    for v in PYRAMID_RULES.check({item: len(where[pyramid]) for item, pyramid in named.items()}):
        spots, most = where[named[v.named]], PYRAMID_RULES.max_copies(v.named)
        found += [
            Breach(cell, level, "too-many", f"{len(spots)} {named[v.named].name} pyramids ({v.item}) on the board; the game has only {most}")
            for cell, level in spots[most:]
        ]
    return found


# --- scoring -------------------------------------------------------------------


@dataclass(frozen=True)
class Group:
    colour: str
    cells: tuple[Cell, ...]  # sorted
    pips: tuple[int, ...]  # each pyramid's pips, in the order of `cells`

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def points(self) -> int:
        return sum(self.pips) * self.size


@dataclass(frozen=True)
class ColourScore:
    colour: str
    groups: tuple[Group, ...]  # by first cell

    @property
    def points(self) -> int:
        return sum(g.points for g in self.groups)


@dataclass(frozen=True)
class PlayerScore:
    player: int
    colours: tuple[str, str]
    score: int
    largest_group: int  # pyramids in the player's biggest group; 0 with none on top


@dataclass(frozen=True)
class Result:
    colours: tuple[ColourScore, ...]  # player 1's two colours, then player 2's
    players: tuple[PlayerScore, PlayerScore]
    winner: int | None  # None for a draw


def tops(board: Board) -> dict[Cell, Pyramid]:
    return {(r, c): stack[-1] for r, row in enumerate(board.rows) for c, stack in enumerate(row) if stack}


def groups(board: Board) -> list[Group]:
    """Every group of same-coloured tops, ordered by first cell.

    Blocked and empty spaces have no top, so they keep groups apart.
    """
    top = tops(board)
    seen: set[Cell] = set()
    found = []
    for start in sorted(top):
        if start in seen:
            continue
        colour = top[start].colour
        members, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near not in members and near in top and top[near].colour == colour:
                    members.add(near)
                    todo.append(near)
        seen |= members
        cells = tuple(sorted(members))
        found.append(Group(colour, cells, tuple(top[cell].pips for cell in cells)))
    return found


def score(board: Board) -> Result:
    found = groups(board)
    colours = tuple(ColourScore(colour, tuple(g for g in found if g.colour == colour)) for pair in board.players for colour in pair)
    one, two = (
        PlayerScore(
            number,
            pair,
            sum(c.points for c in colours if c.colour in pair),
            max((g.size for g in found if g.colour in pair), default=0),
        )
        for number, pair in enumerate(board.players, 1)
    )
    return Result(colours, (one, two), winner(one, two))


def winner(one: PlayerScore, two: PlayerScore) -> int | None:
    """More points wins; equal points go to the larger group; equal again is a draw."""
    first, second = (one.score, one.largest_group), (two.score, two.largest_group)
    if first == second:
        return None
    return one.player if first > second else two.player
