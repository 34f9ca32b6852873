"""Paint the Line's two file formats: `.board`, the scoring board of a finished game, and `.ptl`,
a whole game as a record (below).

The `.board` format:

    # comments run from '#' to the end of the line; blank lines are ignored
    player 1: red green
    player 2: yellow blue
    R1     R3  G2     B1  B1  B3/G1
    Y2     x   G2     B2  x   B2/Y1
    R2/Y3  G1  G3/R3  B3  G3  B2

First the two player lines, in either order: `player N: COLOUR COLOUR`. Each
player has two colours and the four differ. Colour names ignore case; they
are red, orange, yellow, green, blue, purple, black, white, cyan and pink.

Then the board: 3 lines of 6 spaces, separated by spaces or tabs.
- `.` is an empty open space.
- `x` (or `X`) is a blocked space: the 2nd and 5th of the middle row, and
  only those, are blocked.
- Anything else is a stack, its pyramids bottom first and joined by `/`.
  A pyramid is a colour letter and its pips: `R3` is a red large, and
  `R3/G1` a green small on top of it. The letters are R O Y G B P K W C N
  (K black, N pink), in any case; pips are 1 (small), 2 or 3 (large).

A board must be one the rules allow at the end of a game: only the four
colours in play, at most 3 pyramids of a colour and size (the game uses 3
trios a colour), at most 2 in a space, never a pyramid on one of its own
colour, and no stack while an open space is still empty.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from pnp.core.diagnostics import Diagnostic, Parsed, error, sort_key
from pnp.core.textfile import Misread, RecordItem, Word, brief, comment_lines, expect_words, load_text, position, row_width, tokens_by_line

from .engine import BLOCKED, COLOUR_OF_LETTER, COLOURS, COLS, LETTERS, MOVE_ROWS, PLAY_COLOURS, ROWS, Board, Cell, Pyramid, Stack, breaches, parse_space

_PYRAMID = re.compile(r"([A-Za-z])([0-9]+)")
_LETTER_LIST = " ".join(LETTERS.values())


@dataclass
class Player:
    number: int
    colours: tuple[str, ...]  # the valid names given, lower case
    line: int
    complete: bool  # exactly two known colours, none taken before


def load_board(data: bytes) -> Parsed[Board]:
    """The board a file's bytes hold, or None and every problem found."""
    return load_text(data, parse_board)


def parse_board(text: str) -> Parsed[Board]:
    """The board a `.board` text describes, or None and every problem found in it."""
    found: list[Diagnostic] = []
    players: dict[int, Player] = {}
    rows: list[tuple[int, list[Word]]] = []
    for number, words in tokens_by_line(text):
        if words[0][1].lower().startswith("player"):
            if rows:
                found.append(error("misplaced-player", "player lines go before the board's rows", number, words[0][0]))
            _player_line(number, words, players, found)
        else:
            rows.append((number, words))
    # A player line too broken to read already has its error; do not add a second one for it.
    unreadable = any(d.code == "bad-player" for d in found)
    for n in (1, 2):
        if n not in players and not unreadable:
            line, column = (rows[0][0], 1) if rows else position(text)
            found.append(error("missing-player", f"no line for player {n}: write `player {n}: COLOUR COLOUR` before the board", line, column))
    spaces, where = _grid(rows, text, found)
    in_play = None
    if len(players) == 2 and all(p.complete for p in players.values()):
        in_play = players[1].colours + players[2].colours
    for b in breaches(spaces, in_play):
        found.append(error(b.code, b.message, *where[b.cell][b.level]))
    if found:
        return Parsed(None, sorted(found, key=sort_key))
    board_rows = tuple(tuple(spaces.get((r, c), ()) for c in range(COLS)) for r in range(ROWS))
    one, two = (players[n].colours for n in (1, 2))
    return Parsed(Board(((one[0], one[1]), (two[0], two[1])), board_rows), [])


def _player_line(line: int, words: list[Word], players: dict[int, Player], found: list[Diagnostic]) -> None:
    """Read `player N: COLOUR COLOUR` into `players`, reporting what is wrong with it."""
    start = words[0][0]
    # The label runs up to the first colon, so `player 1:`, `player 1 :` and `player1:red` all read.
    colon = next((i for i, (_, w) in enumerate(words) if ":" in w), None)
    if colon is None:
        found.append(error("bad-player", "expected `player N: COLOUR COLOUR`, like `player 1: red green`", line, start))
        return
    column, word = words[colon]
    before, _, after = word.partition(":")
    label = "".join(w for _, w in words[:colon]) + before
    named = ([(column + len(before) + 1, after)] if after else []) + words[colon + 1 :]
    m = re.fullmatch(r"player([12])", label, re.IGNORECASE)
    if m is None:
        found.append(error("bad-player", f"'{brief(label)}' is not a player: the lines are `player 1:` and `player 2:`", line, start))
        return
    n = int(m[1])
    if n in players:
        found.append(error("duplicate-player", f"player {n} is given twice (first on line {players[n].line})", line, start))
        return
    taken = {c: p for p in players.values() for c in p.colours}
    colours: list[str] = []
    complete = len(named) == 2
    for col, name in named:
        colour = name.lower()
        if colour not in COLOURS:
            found.append(error("unknown-colour", _unknown_colour(name), line, col))
            complete = False
        elif colour in colours:
            found.append(error("shared-colour", f"player {n} names {colour} twice; a player has two different colours", line, col))
            complete = False
        elif colour in taken:
            other = taken[colour]
            found.append(
                error("shared-colour", f"{colour} is already player {other.number}'s (line {other.line}); the four colours in play must differ", line, col)
            )
            complete = False
        else:
            colours.append(colour)
    if len(named) > 2:
        found.append(error("player-colours", f"player {n} has {len(named)} colours; each player has exactly two", line, named[2][0]))
    elif len(named) < 2:
        last_column, last = named[-1] if named else (column, word)
        found.append(
            error("player-colours", f"player {n} has {len(named)} colour{'s' * (len(named) != 1)}; each player has exactly two", line, last_column + len(last))
        )
    players[n] = Player(n, tuple(colours), line, complete)


def _unknown_colour(name: str) -> str:
    close = difflib.get_close_matches(name.lower(), COLOURS, n=1, cutoff=0.6)
    advice = f"did you mean {close[0]}?" if close else f"the colours are {', '.join(COLOURS)}"
    return f"unknown colour '{brief(name)}'; {advice}"


def _grid(rows: list[tuple[int, list[Word]]], text: str, found: list[Diagnostic]) -> tuple[dict[Cell, Stack], dict[Cell, list[tuple[int, int]]]]:
    """Every space the rows hold, and where each of its pyramids (or the space itself) is written."""
    spaces: dict[Cell, Stack] = {}
    where: dict[Cell, list[tuple[int, int]]] = {}
    if not rows:
        found.append(error("empty-board", f"no board: after the player lines, write {ROWS} lines of {COLS} spaces", *position(text)))
    elif len(rows) < ROWS:
        found.append(error("too-few-rows", f"only {len(rows)} row{'s' * (len(rows) > 1)}; the board has {ROWS}", *position(text)))
    for r, (line, words) in enumerate(rows):
        if r == ROWS:
            found.append(error("too-many-rows", f"the board has {ROWS} rows; this is row {r + 1}", line, words[0][0]))
        found += row_width(words, COLS, "space", line)
        # Blocked places are only meaningful in a row of the right width.
        placed = len(words) == COLS and len(rows) >= ROWS and r < ROWS
        for c, (column, token) in enumerate(words):
            cell = (r, c)
            blocked = token in ("x", "X")
            if placed and cell in BLOCKED and not blocked:
                what = "a pyramid on" if token != "." else "an empty"
                found.append(error("blocked-space", f"{what} blocked space: the {_nth(c)} space of the middle row is blocked, write x", line, column))
            elif placed and blocked and cell not in BLOCKED:
                found.append(error("misplaced-block", "x here blocks an open space: only the 2nd and 5th spaces of the middle row are blocked", line, column))
            elif not blocked:
                stack = _stack(token, line, column, found)
                if stack is not None:
                    spaces[cell], where[cell] = stack
    return spaces, where


def _stack(token: str, line: int, column: int, found: list[Diagnostic]) -> tuple[Stack, list[tuple[int, int]]] | None:
    """A space's pyramids, bottom first, each with its line and column; None if any is unreadable."""
    if token == ".":
        return (), []
    stack, where = [], []
    ok = True
    for part, col in _parts(token, column):
        m = _PYRAMID.fullmatch(part)
        if m is None:
            found.append(
                error(
                    "bad-space", f"'{brief(token)}' is not a space: write . (empty), x (blocked) or its pyramids bottom first, like R3 or R3/G1", line, column
                )
            )
            return None
        colour = COLOUR_OF_LETTER.get(m[1].upper())
        if colour is None:
            found.append(error("unknown-colour", f"'{m[1]}' is not a colour letter; the letters are {_LETTER_LIST} (K black, N pink)", line, col))
            ok = False
        # Compared as text: a huge run of digits is no number worth converting.
        if m[2] not in ("1", "2", "3"):
            found.append(error("bad-pips", f"'{brief(m[2])}' pips: a pyramid has 1 (small), 2 (medium) or 3 (large)", line, col + 1))
            ok = False
        if ok and colour is not None:  # ok: the colour is known
            stack.append(Pyramid(colour, int(m[2])))
            where.append((line, col))
    return (tuple(stack), where) if ok else None


def _parts(token: str, column: int) -> list[tuple[str, int]]:
    """The `/`-separated pyramids of a stack, each with its column."""
    parts = []
    for part in token.split("/"):
        parts.append((part, column))
        column += len(part) + 1
    return parts


def _nth(c: int) -> str:
    return {1: "2nd", 4: "5th"}[c]


# --- the `.ptl` game record ----------------------------------------------------------------
#
# One game of Paint the Line, one item a line; `#` comments, blank lines ignored:
#
#     pick 1 red a1      # a colour pick: the player, the colour, the space its small pyramid is taken from
#     pick 2 blue d1     # four picks, players 1 and 2 in turn; each takes a colour not yet chosen
#     pick 1 green c1
#     pick 2 yellow b1
#     1 b2 a2 c1         # a turn: the player, the space the pyramid leaves, the space it lands on,
#                        # and the scoring-board space the captured pyramid goes to
#     2 pass             # a pass reads, but is never legal: a player who can capture must,
#                        # and when no capture can be made the game is over
#
# A record may stop anywhere, even before its first pick: a file of only comments is a game not
# yet begun. A file with nothing in it (not even a comment) holds no record and is refused.
#
# Movement spaces are a-f and 1-2, scoring spaces a-f and 1-3, named from the top left. This
# part reads the syntax only; whether the game keeps the rules is the replay's question (game.py).


@dataclass(frozen=True)
class PickItem(RecordItem):  # at: "player", "colour", "space"
    player: int
    colour: str
    space: Cell


@dataclass(frozen=True)
class TurnItem(RecordItem):  # at: "player", "start", "end", "place"
    player: int
    start: Cell | None  # None: a pass
    end: Cell | None
    place: Cell | None


Item = PickItem | TurnItem


@dataclass(frozen=True)
class Record:
    """A record whose every line reads (whether its turns are legal is pnp.games.paint_the_line.game's to say)."""

    items: tuple[Item, ...]


TURN_FORM = "PLAYER FROM TO PLACE"
PICK_FORM = "pick PLAYER COLOUR SPACE"


def load_record(data: bytes) -> Parsed[Record]:
    """The record a `.ptl` file's bytes hold, or None and every problem found."""
    return load_text(data, parse_record)


def parse_record(text: str) -> Parsed[Record]:
    """The record a `.ptl` text describes, or None and every problem found in it."""
    found: list[Diagnostic] = []
    items: list[Item] = []
    for line, words in tokens_by_line(text):
        head = words[0][1]
        try:
            if head.lower() == "pick":
                items.append(_pick(line, words))
            elif head in ("1", "2"):
                items.append(_turn(line, words))
            elif head.isascii() and head.isdigit():
                raise Misread("bad-player", f"'{brief(head)}' is not a player: a turn starts with 1 or 2", words[0][0])
            else:
                raise Misread("unknown-line", f"'{brief(head)}' starts no item: a line is `{PICK_FORM}` or a turn, `{TURN_FORM}`", words[0][0])
        except Misread as bad:
            found.append(bad.at(line))
    if not items and not found and "#" not in text:
        # Only comments is a record that stops before its first pick; nothing at all is no record.
        found.append(error("empty-record", "the file is empty: a record starts with the four colour picks, like `pick 1 red a1`", 1, 1))
    found.sort(key=sort_key)
    return Parsed(None if found else Record(tuple(items)), found)


def _player(column: int, token: str) -> int:
    if token not in ("1", "2"):  # ASCII only: isdigit() also takes '٢'
        raise Misread("bad-player", f"'{brief(token)}' is not a player: 1 or 2", column)
    return int(token)


def _colour(column: int, token: str) -> str:
    colour = token.lower()
    if colour in PLAY_COLOURS:
        return colour
    if colour in COLOURS:
        raise Misread("bad-colour", f"{colour} is not in this game: its colours are {', '.join(PLAY_COLOURS)}", column)
    close = difflib.get_close_matches(colour, PLAY_COLOURS, n=1, cutoff=0.6)
    advice = f"did you mean {close[0]}?" if close else f"the colours are {', '.join(PLAY_COLOURS)}"
    raise Misread("bad-colour", f"unknown colour '{brief(token)}'; {advice}", column)


def _movement_space(column: int, token: str) -> Cell:
    cell = parse_space(token, MOVE_ROWS)
    if cell is None:
        raise Misread("bad-space", f"'{brief(token)}' is not a space of the movement board: a column a-f and a row 1-{MOVE_ROWS}, like c2", column)
    return cell


def _scoring_space(column: int, token: str) -> Cell:
    cell = parse_space(token, ROWS)
    if cell is None:
        raise Misread("bad-place", f"'{brief(token)}' is not a space of the scoring board: a column a-f and a row 1-{ROWS}, like c3", column)
    return cell


def _pick(line: int, words: list[Word]) -> PickItem:
    expect_words(words, 4, PICK_FORM)
    (_, _), (pc, player), (cc, colour), (sc, space) = words
    return PickItem(line, words[0][0], _player(pc, player), _colour(cc, colour), _movement_space(sc, space), at={"player": pc, "colour": cc, "space": sc})


def _turn(line: int, words: list[Word]) -> TurnItem:
    pc, player = words[0]
    n = _player(pc, player)
    if len(words) >= 2 and words[1][1].lower() == "pass":
        expect_words(words, 2, f"{n} pass")
        return TurnItem(line, pc, n, None, None, None, at={"player": pc, "start": words[1][0]})
    expect_words(words, 4, TURN_FORM)
    (_, _), (fc, start), (tc, end), (sc, place) = words
    at = {"player": pc, "start": fc, "end": tc, "place": sc}
    return TurnItem(line, pc, n, _movement_space(fc, start), _movement_space(tc, end), _scoring_space(sc, place), at=at)


def format_record(picks: list[str], turns: list[str], header: str = "") -> str:
    """A record's text: an optional `#` header, the picks, then one turn a line."""
    return comment_lines(header) + "".join(f"{line}\n" for line in picks + turns)
