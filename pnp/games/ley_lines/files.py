"""The `.leylines` format: the record of one game of Ley Lines, one item a line.

    # comments run from '#' to the end of the line; blank lines are ignored
    players: S M C          # 3 or 4 distinct suits in seat order; the first places the first cairn
    cairn S 3 f12           # owner, value 0-5, space; in placement order
    tor C h7                # owner, space; in placement order
    deal S 0-0 1-3 2-5 ...  # optional: the dominoes dealt to a player
    S 3-5 f11 f10           # a turn: player, domino, the space of its first value, of its second
    M pass                  # a turn passed

Suits are S M C A (suns, moons, crowns, arms); words and suits ignore case. A
domino's values may be written in either order; the first goes on the first
space. This module reads the syntax only; whether the game keeps the rules is
the replay's question (game.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.core.diagnostics import Diagnostic, Parsed, error, plural, sort_key
from pnp.core.textfile import Misread, RecordItem, Word, brief, comment_lines, expect_words, load_text, tokens_by_line

from .board import Space, board, name, parse_space
from .engine import SUITS

_DOMINO = re.compile(r"([0-9]+)-([0-9]+)")


@dataclass(frozen=True)
class Players:
    line: int
    column: int
    suits: tuple[str, ...]


@dataclass(frozen=True)
class CairnItem(RecordItem):  # at: "owner", "value", "space"
    owner: str
    value: int
    space: Space


@dataclass(frozen=True)
class TorItem(RecordItem):  # at: "owner", "space"
    owner: str
    space: Space


@dataclass(frozen=True)
class DealItem(RecordItem):  # at: "owner"
    owner: str
    dominoes: tuple[tuple[int, int], ...]  # as written
    columns: tuple[int, ...]  # of each domino


@dataclass(frozen=True)
class TurnItem(RecordItem):  # at: "player", "domino", "first", "second"
    player: str
    values: tuple[int, int] | None  # None: a pass
    first: Space | None
    second: Space | None


Item = CairnItem | TorItem | DealItem | TurnItem


@dataclass(frozen=True)
class Record:
    """A record whose every line reads (whether its moves are legal is pnp.games.ley_lines.game's to say)."""

    players: Players
    items: tuple[Item, ...]


def load_record(data: bytes) -> Parsed[Record]:
    return load_text(data, parse_record)


def parse_record(text: str) -> Parsed[Record]:
    found: list[Diagnostic] = []
    players: Players | None = None
    items: list[Item] = []
    started = False  # an item other than the players line has been read
    seen_players = False  # a players line was there, readable or not
    for line, words in tokens_by_line(text):
        head = words[0][1].lower()
        try:
            if head.startswith("players"):
                seen_players = True
                if players is not None:
                    found.append(error("duplicate-players", f"the players are already given on line {players.line}", line, words[0][0]))
                elif started:
                    found.append(error("late-players", "the players line comes first, before every other item", line, words[0][0]))
                else:
                    players = _players(line, words)
                continue
            started = True
            if head == "cairn":
                items.append(_cairn(line, words))
            elif head == "tor":
                items.append(_tor(line, words))
            elif head == "deal":
                items.append(_deal(line, words))
            elif head.upper() in SUITS:
                items.append(_turn(line, words))
            else:
                raise Misread(
                    "unknown-line",
                    f"'{brief(words[0][1])}' starts no item: a line is `players: ...`, `cairn`, `tor`, `deal`, or a turn starting with a suit (S M C A)",
                    words[0][0],
                )
        except Misread as bad:
            found.append(bad.at(line))
    if not seen_players:
        found.append(error("no-players", "no players line: a record starts with `players: S M C` (3 or 4 suits in seat order)", 1, 1))
    found.sort(key=sort_key)
    return Parsed(Record(players, tuple(items)) if players is not None and not found else None, tuple(found))


def _players(line: int, words: list[Word]) -> Players:
    # The label runs up to the first colon: `players: S M C`, `players :S M C` and `players:S M C` all read.
    colon = next((i for i, (_, w) in enumerate(words) if ":" in w), None)
    if colon is None:
        raise Misread("bad-players", "expected `players: S M C`: the word players, a colon, then 3 or 4 suits", words[0][0])
    column, word = words[colon]
    before, _, after = word.partition(":")
    label = "".join(w for _, w in words[:colon]) + before
    if label.lower() != "players":
        raise Misread("bad-players", "expected `players: S M C`: the word players, a colon, then 3 or 4 suits", words[0][0])
    named = ([(column + len(before) + 1, after)] if after else []) + words[colon + 1 :]
    suits: list[str] = []
    for col, token in named:
        suit = _suit(col, token)
        if suit in suits:
            raise Misread("duplicate-suit", f"{suit} is listed twice; each player has a suit of their own", col)
        suits.append(suit)
    if not 3 <= len(suits) <= 4:
        where = named[-1][0] if named else column + len(word)
        raise Misread("player-count", f"{plural(len(suits), 'player')} listed; Ley Lines is for 3 or 4", where)
    return Players(line, words[0][0], tuple(suits))


def _suit(column: int, token: str) -> str:
    if token.upper() not in SUITS:
        raise Misread("bad-suit", f"'{brief(token)}' is not a suit: S (suns), M (moons), C (crowns) or A (arms)", column)
    return token.upper()


def _space(column: int, token: str) -> Space:
    space = parse_space(token)
    if space is None:
        b = board()
        last = name((b.columns, b.rows))
        raise Misread(
            "bad-space", f"'{brief(token)}' is not a space: a column a-{last[0]} (west to east) and a row 1-{b.rows} (south to north), like f10", column
        )
    return space


def _value(column: int, token: str) -> int:
    if token not in ("0", "1", "2", "3", "4", "5"):  # ASCII digits only: isdigit() also takes '٣' and '²'
        raise Misread("bad-value", f"'{brief(token)}' is not a cairn value: 0 (null) to 5", column)
    return int(token)


def _domino(column: int, token: str) -> tuple[int, int]:
    m = _DOMINO.fullmatch(token)
    if m is None:
        raise Misread("bad-domino", f"'{brief(token)}' is not a domino: two values 0-6 joined by a dash, like 3-5", column)
    for part, at in ((m[1], column), (m[2], column + len(m[1]) + 1)):
        if len(part) > 1 or int(part) > 6:
            raise Misread("bad-domino", f"'{brief(part)}' is no domino value: a double-six set has 0 to 6", at)
    return int(m[1]), int(m[2])


def _cairn(line: int, words: list[Word]) -> CairnItem:
    expect_words(words, 4, "cairn SUIT VALUE SPACE")
    (_, _), (oc, owner), (vc, value), (sc, space) = words
    return CairnItem(line, words[0][0], _suit(oc, owner), _value(vc, value), _space(sc, space), at={"owner": oc, "value": vc, "space": sc})


def _tor(line: int, words: list[Word]) -> TorItem:
    expect_words(words, 3, "tor SUIT SPACE")
    (_, _), (oc, owner), (sc, space) = words
    return TorItem(line, words[0][0], _suit(oc, owner), _space(sc, space), at={"owner": oc, "space": sc})


def _deal(line: int, words: list[Word]) -> DealItem:
    if len(words) < 2:
        raise Misread("missing-words", "the line is incomplete: write `deal SUIT DOMINO ...`", words[0][0] + 4)
    oc, owner = words[1]
    dominoes = tuple(_domino(c, t) for c, t in words[2:])
    return DealItem(line, words[0][0], _suit(oc, owner), dominoes, tuple(c for c, _ in words[2:]), at={"owner": oc})


def _turn(line: int, words: list[Word]) -> TurnItem:
    pc, player = words[0]
    suit = _suit(pc, player)
    if len(words) >= 2 and words[1][1].lower() == "pass":
        expect_words(words, 2, f"{suit} pass")
        return TurnItem(line, pc, suit, None, None, None, at={"player": pc, "domino": words[1][0]})
    expect_words(words, 4, "SUIT DOMINO SPACE SPACE (or SUIT pass)")
    (_, _), (dc, d), (fc, first), (tc, second) = words
    return TurnItem(line, pc, suit, _domino(dc, d), _space(fc, first), _space(tc, second), at={"player": pc, "domino": dc, "first": fc, "second": tc})


def format_record(players: tuple[str, ...], lines: list[str], header: str = "") -> str:
    """A record's text: an optional `#` header, the players line, then one item a line."""
    return comment_lines(header) + f"players: {' '.join(players)}\n" + "".join(f"{line}\n" for line in lines)
