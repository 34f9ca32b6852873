"""Replaying a `.ptl` record of Paint the Line under the rules: the colour picks, every turn,
the end of the game. Pure Python: no drawing, no files, no terminal.

The replay stops at the first line that breaks a rule (later lines depend on it) and says what
is wrong there and what would be legal instead.

Where the rules leave room, pnp reads them so (docs/explanation/readings.md and the rule sheet say the same):
- **Colour picks.** Player 1 is the first player. The players pick in turn, 1 2 1 2, each a
  colour nobody has chosen yet, by taking the small pyramid of that colour off the top of a tree
  on the movement board. The four picked smalls leave the game as the players' colour markers,
  so the record names the space each came from. (Left on the board, 35 captures would have to
  fit into the scoring board's 32 places, and most games would reach a capture the rules give
  no place to.)
- **Moving.** Only the top pyramid of a space moves: nothing may stand on it. It takes exactly
  as many steps as it has pips, one space at a time along rows and columns, never entering a
  space it has already been on, its start included. Every space it passes over must be empty;
  the space it lands on must hold a pyramid, and the top one there is captured. Play starts
  with player 1 once the picks are done, and alternates.
- **Placing.** The captured pyramid goes on an empty open space of the scoring board while there
  is one; after that, on a space holding a single pyramid of another colour.
- **A capture with nowhere to go** (every space with a single pyramid holds one of its colour)
  is no legal move: the turn is a capture and its placement together.
- **The end.** Every legal move captures, and a player who has one must make one (there is no
  passing). When no legal move is left, the game is over: either no move captures any more, or
  every capture left takes a pyramid with no place on the scoring board (`end_reason` says which).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from pnp.core.diagnostics import Diagnostic, error
from pnp.core.textfile import ReplayedGame

from .engine import (
    BLOCKED,
    COLS,
    MAX_STACK,
    MOVE_ROWS,
    OPEN,
    PLAY_COLOURS,
    ROWS,
    SETUP,
    SIZES,
    Board,
    Cell,
    Pyramid,
    space_name,
)
from .files import Item, PickItem, Record, TurnItem

PICKS = len(PLAY_COLOURS)  # each player picks two colours, one at a time
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left: the order routes are tried in
NO_CAPTURE = "no move captures any more"
SHOWN = 6  # legal moves named in a message before the rest are counted


@dataclass(frozen=True)
class Pick:
    player: int
    colour: str
    space: Cell
    line: int


class Move(NamedTuple):
    """One turn: the top pyramid of `start` walks `route` (start and end included) and captures
    the top of `end`, which goes to `place` on the scoring board."""

    player: int
    start: Cell
    end: Cell
    place: Cell
    route: tuple[Cell, ...]
    mover: Pyramid
    captured: Pyramid


@dataclass
class Position:
    movement: dict[Cell, list[Pyramid]]  # every space of the 2x6 board, its stack bottom first
    scoring: dict[Cell, list[Pyramid]]  # every open space of the 3x6 board


def set_up() -> Position:
    """A tree (large, medium, small on top) on every movement space, coloured as SETUP numbers them."""
    movement = {(r, c): [Pyramid(PLAY_COLOURS[n - 1], pips) for pips in (3, 2, 1)] for r, row in enumerate(SETUP) for c, n in enumerate(row)}
    return Position(movement, {cell: [] for cell in OPEN})


@dataclass
class Game(ReplayedGame):
    pos: Position
    picks: list[Pick] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)

    @property
    def turns(self) -> int:
        return len(self.moves)

    @property
    def last(self) -> Move | None:
        return self.moves[-1] if self.moves else None

    def to_pick(self) -> int:
        return 1 + len(self.picks) % 2

    def to_move(self) -> int:
        return 1 + len(self.moves) % 2

    def colours(self, player: int) -> tuple[str, ...]:
        return tuple(p.colour for p in self.picks if p.player == player)

    def board(self) -> Board | None:
        """The scoring board as `engine.score` takes it; None until all four colours are chosen."""
        if len(self.picks) < PICKS:
            return None
        one, two = self.colours(1), self.colours(2)
        rows = tuple(tuple(tuple(self.pos.scoring.get((r, c), ())) for c in range(COLS)) for r in range(ROWS))
        return Board(((one[0], one[1]), (two[0], two[1])), rows)


class _Breach(Exception):
    def __init__(self, code: str, message: str, line: int, column: int):
        super().__init__(message)
        self.diagnostic = error(code, message, line, column)


def new_game() -> Game:
    return Game(set_up())


def replay(record: Record, until_turn: int | None = None) -> Game:
    """The game a record holds, replayed up to turn `until_turn` (all by default)."""
    game = new_game()
    for item in record.items:
        if isinstance(item, TurnItem) and until_turn is not None and game.turns >= until_turn:
            break
        found = step(game, item)
        if found is not None:
            game.diagnostics.append(found)
            break
    return game


def step(game: Game, item: Item) -> Diagnostic | None:
    """Play one line of a record: None when it keeps the rules, else what it breaks (the game
    is then as it was)."""
    try:
        apply(game, item)
    except _Breach as breach:
        return breach.diagnostic
    return None


def apply(game: Game, item: Item) -> None:
    """Play one line of a record; raises _Breach, before changing anything, if it breaks a rule."""
    if isinstance(item, PickItem):
        _pick(game, item)
    else:
        _turn(game, item)


# --- moves ----------------------------------------------------------------------------------


# Each movement space's neighbours along rows and columns, in the order STEPS tries them.
NEIGHBOURS = {
    (r, c): tuple((r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < MOVE_ROWS and 0 <= c + dc < COLS) for r in range(MOVE_ROWS) for c in range(COLS)
}


def _walks(start: Cell, steps: int, passable: Callable[[Cell], bool]) -> dict[Cell, tuple[Cell, ...]]:
    """Every space `steps` steps from `start`, never entering a space twice, passing only over
    spaces `passable` allows; each with the first route found (steps tried up, right, down, left)."""
    found: dict[Cell, tuple[Cell, ...]] = {}

    def walk(route: tuple[Cell, ...], left: int) -> None:
        for nxt in NEIGHBOURS[route[-1]]:
            if nxt in route:
                continue
            if left == 1:
                found.setdefault(nxt, route + (nxt,))
            elif passable(nxt):
                walk(route + (nxt,), left - 1)

    walk((start,), steps)
    return found


def routes(pos: Position, start: Cell) -> dict[Cell, tuple[Cell, ...]]:
    """Where the top pyramid of `start` can move and capture, each with one legal route."""
    stack = pos.movement[start]
    if not stack:
        return {}
    ends = _walks(start, stack[-1].pips, lambda cell: not pos.movement[cell])
    return {end: route for end, route in ends.items() if pos.movement[end]}


def places(pos: Position, captured: Pyramid) -> list[Cell]:
    """The scoring spaces a captured pyramid may go on: the empty ones while there are any; then
    those holding a single pyramid of another colour."""
    empty = [cell for cell in OPEN if not pos.scoring[cell]]
    if empty:
        return empty
    return [cell for cell in OPEN if len(pos.scoring[cell]) < MAX_STACK and pos.scoring[cell][-1].colour != captured.colour]


def captures(pos: Position) -> list[tuple[Cell, Cell, tuple[Cell, ...]]]:
    """Every move that ends on a pyramid (start, end, a route), placeable or not."""
    return [(start, end, route) for start in sorted(pos.movement) for end, route in sorted(routes(pos, start).items())]


def options(pos: Position) -> list[tuple[Cell, Cell, tuple[Cell, ...], list[Cell]]]:
    """Every capture (start, end, a route) with the places its pyramid may take, where it has any."""
    empty = [cell for cell in OPEN if not pos.scoring[cell]]
    found = []
    for start, end, route in captures(pos):
        spots = empty or places(pos, pos.movement[end][-1])
        if spots:
            found.append((start, end, route, spots))
    return found


def legal_moves(game: Game) -> list[Move]:
    """Every legal turn for the player to move: each capture with each place its pyramid may take."""
    pos, player = game.pos, game.to_move()
    return [
        Move(player, start, end, place, route, pos.movement[start][-1], pos.movement[end][-1]) for start, end, route, spots in options(pos) for place in spots
    ]


def play(game: Game, move: Move, line: int) -> None:
    """Make a legal move: the mover lands on the captured pyramid's stack, the captured one goes to its place."""
    pos = game.pos
    pos.movement[move.start].pop()
    pos.movement[move.end].pop()
    pos.movement[move.end].append(move.mover)
    pos.scoring[move.place].append(move.captured)
    game.moves.append(move)
    _maybe_over(game, line)


def can_move(pos: Position) -> bool:
    """Whether any legal move is left: a capture whose pyramid has a place (the first found will do)."""
    room = any(not pos.scoring[cell] for cell in OPEN)
    return any(room or places(pos, pos.movement[end][-1]) for start in pos.movement for end in routes(pos, start))


def _maybe_over(game: Game, line: int) -> None:
    if not can_move(game.pos):
        game.finished, game.finished_line = end_reason(game.pos), line


def end_reason(pos: Position) -> str:
    """Why no legal move is left: no move captures, or (when some still do) why none can be made."""
    left = list(dict.fromkeys((start, end) for start, end, _ in captures(pos)))
    if not left:
        return NO_CAPTURE
    taken = [pos.movement[end][-1] for _, end in left]
    # Only the spaces with room could take a capture, and each holds one colour: every pyramid a
    # capture left would take is of that colour (two colours could go on no space at all).
    colours = " or ".join(dict.fromkeys(p.colour for p in taken))
    why = f"no place on the scoring board ({_no_room(pos, colours)})"
    if len(left) == 1:
        return f"the only capture left, {_pair(left[0])}, cannot be made: the {pyramid_name(taken[0])} it would take has {why}"
    named = ", ".join(f"{_pair(pair)} the {pyramid_name(p)}" for pair, p in zip(left[:SHOWN], taken))
    more = f" ({len(left)} in all)" if len(left) > SHOWN else ""
    return f"none of the {len(left)} captures left can be made: each would take a {colours} pyramid ({named}{more}), which has {why}"


def _no_room(pos: Position, colour: str) -> str:
    """Why a captured pyramid of `colour` has no place (no space is empty): what the spaces with room hold."""
    room = [cell for cell in OPEN if len(pos.scoring[cell]) < MAX_STACK]
    if not room:
        return f"every space holds {MAX_STACK} pyramids, the most a space may"
    which = f"the one with room, {_names(room)}," if len(room) == 1 else f"each one with room, {_and(room)},"
    return f"no space is empty, and {which} holds a {colour} pyramid, which it may not go on"


def _pair(pair: tuple[Cell, Cell]) -> str:
    return f"{space_name(pair[0])} to {space_name(pair[1])}"


def _and(cells: Iterable[Cell]) -> str:
    names = [space_name(c) for c in cells]
    return ", ".join(names[:-1]) + " and " + names[-1]


# --- the record, line by line ---------------------------------------------------------------


def _names(cells: Iterable[Cell]) -> str:
    return ", ".join(space_name(c) for c in cells)


def pyramid_name(p: Pyramid) -> str:
    return f"{p.colour} {SIZES[p.pips]}"


def _pick(game: Game, item: PickItem) -> None:
    if len(game.picks) == PICKS:
        raise _Breach("picks-done", f"all four colours are chosen (the last on line {game.picks[-1].line}); turns come next", item.line, item.column)
    expected = game.to_pick()
    if item.player != expected:
        raise _Breach("pick-order", f"it is player {expected}'s pick: the players pick one colour at a time, 1 2 1 2", item.line, item.at["player"])
    taken = next((p for p in game.picks if p.colour == item.colour), None)
    if taken is not None:
        left = [c for c in PLAY_COLOURS if c not in {p.colour for p in game.picks}]
        raise _Breach(
            "colour-taken",
            f"{item.colour} is already player {taken.player}'s (line {taken.line}); still to choose: {', '.join(left)}",
            item.line,
            item.at["colour"],
        )
    stack = game.pos.movement[item.space]
    small = Pyramid(item.colour, 1)
    if stack[-1] != small:
        where = [cell for cell in sorted(game.pos.movement) if game.pos.movement[cell][-1] == small]
        if stack[-1].pips == 1:
            why = f"the small pyramid on {space_name(item.space)} is {stack[-1].colour}, not {item.colour}"
        else:
            line = next(p.line for p in game.picks if p.space == item.space)
            why = f"the small pyramid on {space_name(item.space)} was taken on line {line}"
        raise _Breach("pick-space", f"{why}; {item.colour} smalls stand on {_names(where)}", item.line, item.at["space"])
    stack.pop()
    game.picks.append(Pick(item.player, item.colour, item.space, item.line))
    if len(game.picks) == PICKS:
        _maybe_over(game, item.line)


def _turn(game: Game, item: TurnItem) -> None:
    if len(game.picks) < PICKS:
        raise _Breach("turn-early", f"turns start once all four colours are chosen ({len(game.picks)} picked so far)", item.line, item.column)
    if game.finished:
        after = "; the record ends there: no turn follows the end, not even a pass" if item.start is None else ""
        raise _Breach("game-over", f"the game is over since line {game.finished_line}: {game.finished}{after}", item.line, item.column)
    expected = game.to_move()
    if item.player != expected:
        raise _Breach("turn-order", f"it is player {expected}'s turn: the players take turns, player 1 first", item.line, item.at["player"])
    pos = game.pos
    moves = _Lazy(game)
    if item.start is None:
        raise _Breach(
            "must-capture",
            f"player {item.player} cannot pass: a pass is never legal (a player who can capture must, and when no capture can be made the game is over); "
            f"{_captures_now(moves)}",
            item.line,
            item.at["start"],
        )
    start, end, place = item.start, item.end, item.place
    assert end is not None and place is not None
    if not pos.movement[start]:
        raise _Breach("empty-start", f"nothing stands on {space_name(start)}, so nothing moves from there; {_captures_now(moves)}", item.line, item.at["start"])
    mover = pos.movement[start][-1]
    if not pos.movement[end]:
        raise _Breach(
            "no-capture",
            f"nothing stands on {space_name(end)}: a move ends on top of a pyramid and captures it; {_from_here(moves, start, mover)}",
            item.line,
            item.at["end"],
        )
    route = routes(pos, start).get(end)
    if route is None:
        raise _Breach("no-route", f"{_why_no_route(pos, start, end, mover)}; {_from_here(moves, start, mover)}", item.line, item.at["end"])
    captured = pos.movement[end][-1]
    allowed = places(pos, captured)
    if not allowed:
        raise _Breach(
            "no-place",
            f"the captured {pyramid_name(captured)} has no place on the scoring board ({_no_room(pos, captured.colour)}), "
            f"so this capture cannot be made; {_captures_now(moves)}",
            item.line,
            item.at["end"],
        )
    if place not in allowed:
        raise _Breach("bad-place", f"{_why_not_there(pos, place, captured)}; it may go on {_names(allowed)}", item.line, item.at["place"])
    play(game, Move(item.player, start, end, place, route, mover, captured), item.line)


class _Lazy:
    """The legal moves, worked out only for a message that names them."""

    def __init__(self, game: Game):
        self.game = game

    def __iter__(self) -> Iterator[Move]:
        return iter(legal_moves(self.game))


def _captures_now(moves: Iterable[Move]) -> str:
    pairs = list(dict.fromkeys((m.start, m.end) for m in moves))
    shown = ", ".join(f"{space_name(a)} to {space_name(b)}" for a, b in pairs[:SHOWN])
    more = f" ({len(pairs)} in all)" if len(pairs) > SHOWN else ""
    return f"captures now: {shown}{more}"


def _from_here(moves: Iterable[Move], start: Cell, mover: Pyramid) -> str:
    ends = list(dict.fromkeys(m.end for m in moves if m.start == start))
    if ends:
        return f"from {space_name(start)} the {pyramid_name(mover)} can capture on {_names(ends)}"
    return f"the {pyramid_name(mover)} on {space_name(start)} can capture nothing; {_captures_now(moves)}"


def _why_no_route(pos: Position, start: Cell, end: Cell, mover: Pyramid) -> str:
    steps = f"{mover.pips} step{'s' * (mover.pips > 1)}"
    if end == start:
        return f"a move never comes back to its start: the {pyramid_name(mover)} moves {steps} without entering a space twice"
    anywhere = _walks(start, mover.pips, lambda cell: True)
    if end not in anywhere and abs(end[0] - start[0]) == 1 and abs(end[1] - start[1]) == 1:
        # Next door across a corner: the rules forbid the diagonal step itself.
        if mover.pips == 1:
            return (
                f"{space_name(end)} is a diagonal step from {space_name(start)}, and a pyramid never moves diagonally: "
                f"the {pyramid_name(mover)} moves exactly 1 step, along a row or a column"
            )
        return (
            f"{space_name(end)} is diagonal to {space_name(start)}, and a pyramid never moves diagonally: along rows and columns it is 2 steps away, "
            f"and the {pyramid_name(mover)} moves exactly {steps}, never entering a space twice, so it cannot end there"
        )
    if end not in anywhere:
        return f"the {pyramid_name(mover)} on {space_name(start)} moves exactly {steps} along rows and columns, never entering a space twice, and {space_name(end)} is not {steps} away"
    # Reachable on an empty board, so pyramids stand in the way of every route.
    crossed = sorted({cell for route in _all_walks(start, end, mover.pips) for cell in route[1:-1] if pos.movement[cell]})
    return (
        f"every way of {steps} from {space_name(start)} to {space_name(end)} passes over a pyramid (on {_names(crossed)}); "
        "a moving pyramid passes only over empty spaces"
    )


def _all_walks(start: Cell, end: Cell, steps: int) -> list[tuple[Cell, ...]]:
    """Every route of `steps` steps from start to end on an empty board."""
    found = []

    def walk(route: tuple[Cell, ...], left: int) -> None:
        for nxt in NEIGHBOURS[route[-1]]:
            if nxt not in route:
                if left == 1:
                    if nxt == end:
                        found.append(route + (nxt,))
                else:
                    walk(route + (nxt,), left - 1)

    walk((start,), steps)
    return found


def _why_not_there(pos: Position, place: Cell, captured: Pyramid) -> str:
    name = space_name(place)
    if place in BLOCKED:
        return f"{name} is blocked: the 2nd and 5th spaces of the scoring board's middle row are never used"
    stack = pos.scoring[place]
    held = " on the ".join(pyramid_name(p) for p in reversed(stack))
    if any(not pos.scoring[cell] for cell in OPEN):
        return f"{name} already holds the {held}: while a scoring space is empty, a captured pyramid goes on an empty one"
    if len(stack) >= MAX_STACK:
        return f"{name} holds two pyramids already (the {held}); a space holds at most {MAX_STACK}"
    return f"the captured {pyramid_name(captured)} may not go on the {pyramid_name(stack[-1])} on {name}: never on its own colour"
