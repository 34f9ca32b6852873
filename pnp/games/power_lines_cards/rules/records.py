"""The `.plc` format: a whole two-player game of Power Lines as text, one item a line.

    # comments run from '#' to the end of the line; blank lines are ignored
    reading bases_apart = 12        # a reading that differs from pnp's (variant.py), as in a variant file
    deck A in order: 5 3 10 7 ...   # A's deck, in the order its cards are drawn (the first 8: the opening hand)
    deck B: 0 0 1 1 2 2 3 3 3 ...   # or a deck list alone, any order: a game played at a table
    hand B: 4 4 5 6 7 8 9 10        # B's opening hand, needed where the deck is a list
    first A                         # who places and plays first
    face-down 5 at 1,0              # the set-up: face-down cards, the first player first, taking turns
    turn 1 A                        # a turn begins: its number (both players' turns counted) and player
    play 1 at 2,0 draw 7            # an action, one a line (below)
    turn 2 B
    ...

The players are A and B. A's Base stands on the cell 0,0 and B's on B,0, where B is the
`bases_apart` reading (11 unless a `reading` line says otherwise); a cell is `x,y`, whole
numbers, either may be negative. Cards are named as a deck list names them: 0 to 10. Words
ignore case.

The lines before the first face-down or turn line, in any order: `reading KEY = VALUE` (any
number; VALUE as TOML writes it: `12`, `true`, `"exactly"`), `deck A ...` and `deck B ...` (one
each), `hand A: ...`, `hand B: ...` (where wanted), `first A` or `first B` (one).

An action, by the player to move (the turn's player, or the one an effect asks):

    face-down C at X,Y                 the set-up: card C from the hand, face down on X,Y
    play C at X,Y [CLAUSES]            play card C on X,Y (over the enemy card there, for a 6)
    dominate X,Y                       trash the enemy card on X,Y, or take the enemy Base
    draw [C]                           draw a card (C: the card drawn)
    shuffle [C C ...]                  two actions: the discard pile into the deck; the deck afterwards, in the order drawn
    pick X,Y                           card 2: the opponent of its owner names the friendly of the 2's to discard
    pass                               allowed only when no action is
    decline                            let an optional effect go (card 2's pick, 4's draw, 7's domination, 9's play)

A play's clauses, in any order, each once: `discard C ...` (the cards a positive price discards
from the hand), `friendly X,Y` (the friendly card 3 costs), `trash C` (the card a 5 trashes from
the opponent's discard pile), `draw C ...` (the cards a negative price draws, first drawn
first), `four-draw C ...` (the cards the opponent draws for their 4s bordering the card played).
Card 7's free domination is a `dominate` line after the play, card 9's free play a `play` line;
card 2's pick and card 4's optional draw are lines of their own too, as is each `decline`.

Every draw may name its card. Where a deck is given in order, a name is checked against the
order; where it is a list (a table record), every draw must name its card, which must still be
in the deck, and a shuffle gives no order (the draws after it say what came). Such a record
shows the game as it was seen; it cannot show that the deck was shuffled fairly.

This module reads and writes the text; whether the game keeps the rules is the replay's
question (`replay.py`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Literal

from pnp.core.diagnostics import Diagnostic, Parsed, error, sort_key
from pnp.core.textfile import Misread, RecordItem, Word, brief, expect_words, load_text, split_lines, tokens_by_line

from .catalogue import catalogue
from .table import Cell
from .variant import DEFAULT, Variant, parse_variant

PLAYER_NAMES = ("A", "B")
SUFFIX = ".plc"
CLAUSES = ("discard", "friendly", "trash", "draw", "four-draw")
_CELL = re.compile(r"(-?[0-9]{1,6}),(-?[0-9]{1,6})")

Verb = Literal["face-down", "play", "dominate", "draw", "shuffle", "pick", "pass", "decline"]
VERBS: tuple[Verb, ...] = ("face-down", "play", "dominate", "draw", "shuffle", "pick", "pass", "decline")


@dataclass(frozen=True)
class ReadingItem(RecordItem):  # at: "key", "value"
    key: str
    value: bool | int | str


@dataclass(frozen=True)
class CardsItem(RecordItem):  # `deck P ...` or `hand P: ...`; at: "player"
    player: int
    cards: tuple[Word, ...]  # each card and its column
    ordered: bool = False  # a deck in the order drawn (a hand is never ordered)


@dataclass(frozen=True)
class FirstItem(RecordItem):  # at: "player"
    player: int


@dataclass(frozen=True)
class TurnItem(RecordItem):  # at: "number", "player"
    number: int
    player: int


@dataclass(frozen=True)
class ActionItem(RecordItem):
    """An action line as written. `at` holds the column of each part there is: "card", "cell",
    each clause by its name, "order" (a shuffle's first card), and "end" (just past the line)."""

    verb: Verb
    card: str | None = None
    cell: Cell | None = None
    discards: tuple[Word, ...] = ()
    friendly: Cell | None = None
    trash: str | None = None
    draws: tuple[Word, ...] = ()  # the player's own draws (a draw action's card, a price's cards)
    four_draws: tuple[Word, ...] = ()  # the opponent's, for their 4s
    order: tuple[Word, ...] | None = None  # a shuffle's new deck, first drawn first; None: not given
    note: str = ""  # the comment after it, kept so that a record written by pnp reads back the same


Move = TurnItem | ActionItem


@dataclass(frozen=True)
class Record:
    """A record whose every line reads (whether its game keeps the rules is replay.py's to say)."""

    header: tuple[str, ...]  # the comment lines before the first item
    readings: tuple[ReadingItem, ...]
    variant: Variant
    decks: tuple[CardsItem, CardsItem]
    hands: tuple[CardsItem | None, CardsItem | None]
    first: FirstItem
    moves: tuple[Move, ...]


def cards(words: Sequence[Word]) -> tuple[str, ...]:
    return tuple(card for _, card in words)


def cell_name(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


# --- reading ----------------------------------------------------------------------------------


def load_record(data: bytes) -> Parsed[Record]:
    """The record a file's bytes hold, or None and every finding."""
    return load_text(data, parse_record)


def parse_record(text: str) -> Parsed[Record]:
    """The record a `.plc` text holds, or None and every line that does not read."""
    found: list[Diagnostic] = []
    raw = split_lines(text)
    readings: list[ReadingItem] = []
    decks: list[CardsItem | None] = [None, None]
    hands: list[CardsItem | None] = [None, None]
    first: FirstItem | None = None
    moves: list[Move] = []
    lines = tokens_by_line(text)
    first_item = lines[0][0] if lines else len(raw) + 1
    header = tuple(line.split("#", 1)[1].removeprefix(" ") for line in raw[: first_item - 1] if line.strip())
    for line, words in lines:
        head = words[0][1].lower()
        note = raw[line - 1].split("#", 1)[1].strip() if "#" in raw[line - 1] else ""
        try:
            if head in ("reading", "deck", "hand", "first") and moves:
                raise Misread("late-line", f"`{head}` lines come before the set-up and the turns", words[0][0])
            if head == "reading":
                item = _reading(line, words, raw[line - 1], found)
                if item is not None:
                    if any(r.key == item.key for r in readings):
                        raise Misread("duplicate-reading", f"{item.key} is already read on an earlier line", item.at["key"])
                    readings.append(item)
            elif head in ("deck", "hand"):
                cards_item = _cards(line, words, head)
                kept = decks if head == "deck" else hands
                earlier = kept[cards_item.player]
                if earlier is not None:
                    raise Misread(f"duplicate-{head}", f"{PLAYER_NAMES[cards_item.player]}'s {head} is already given on line {earlier.line}", words[0][0])
                kept[cards_item.player] = cards_item
            elif head == "first":
                expect_words(words, 2, "first A")
                if first is not None:
                    raise Misread("duplicate-first", f"who goes first is already given on line {first.line}", words[0][0])
                first = FirstItem(line, words[0][0], _player(words[1]), at={"player": words[1][0]})
            elif head == "turn":
                expect_words(words, 3, "turn N A")
                number = words[1][1]
                if not number.isdigit() or len(number) > 6 or int(number) < 1:
                    raise Misread("bad-turn", f"'{brief(number)}' is not a turn number: turns count from 1", words[1][0])
                moves.append(TurnItem(line, words[0][0], int(number), _player(words[2]), at={"number": words[1][0], "player": words[2][0]}))
            elif head in VERBS:
                moves.append(_action(line, words, note))
            else:
                raise Misread(
                    "unknown-line",
                    f"'{brief(words[0][1])}' starts no line of a record: a line is reading, deck, hand, first, turn, or an action ({', '.join(VERBS)})",
                    words[0][0],
                )
        except Misread as bad:
            found.append(bad.at(line))
    end = (len(raw), 1)
    for p, name in enumerate(PLAYER_NAMES):
        deck = decks[p]
        if deck is None:
            found.append(error("no-deck", f"no deck for {name}: write `deck {name} in order: ...` or `deck {name}: ...` before the set-up", *end))
        elif not deck.ordered and hands[p] is None:
            found.append(error("no-hand", f"{name}'s deck is a list, not an order: name {name}'s opening hand with `hand {name}: ...`", deck.line, deck.column))
    if first is None:
        found.append(error("no-first", "who goes first is not given: write `first A` or `first B` before the set-up", *end))
    variant = parse_variant("\n".join(f"{r.key} = {reading_value(r.value)}" for r in readings)).value  # each line read alone already
    if found:
        return Parsed(None, sorted(found, key=sort_key))
    a, b = decks
    assert a is not None and b is not None and first is not None and variant is not None  # each missing one is a finding
    return Parsed(Record(header, tuple(readings), variant, (a, b), (hands[0], hands[1]), first, tuple(moves)))


def _reading(line: int, words: list[Word], raw: str, found: list[Diagnostic]) -> ReadingItem | None:
    """`reading KEY = VALUE`: checked as the one line of a variant file it is."""
    if len(words) < 2:
        raise Misread("missing-words", "the line is incomplete: write `reading KEY = VALUE`, like `reading bases_apart = 12`", words[0][0] + len(words[0][1]))
    start = words[1][0]
    toml = raw[start - 1 :].split("#", 1)[0].rstrip()
    parsed = parse_variant(toml)
    if parsed.value is None:
        found += [error(d.code, d.message, line, start - 1 + (d.column or 1)) for d in parsed.diagnostics]
        return None
    ((key, value),) = tomllib.loads(toml).items()
    equals = toml.find("=")
    return ReadingItem(line, words[0][0], key, value, at={"key": start, "value": start + equals + 1})


def _player(word: Word) -> int:
    name = word[1].upper()
    if name not in PLAYER_NAMES:
        raise Misread("bad-player", f"'{brief(word[1])}' is not a player: the players are A and B", word[0])
    return PLAYER_NAMES.index(name)


def _card(word: Word) -> str:
    if word[1] not in catalogue().kind_names:
        raise Misread("unknown-card", f"'{brief(word[1])}' is not a card: the cards are 0 to 10", word[0])
    return word[1]


def _cards(line: int, words: list[Word], head: str) -> CardsItem:
    """`deck A in order: C ...`, `deck A: C ...` or `hand A: C ...`: the label runs up to the first colon."""
    form = f"`{head} A: C C ...`" + (f" or `{head} A in order: C C ...`" if head == "deck" else "")
    colon = next((i for i, (_, w) in enumerate(words) if ":" in w), None)
    if colon is None:
        raise Misread(f"bad-{head}", f"expected {form}: a colon ends the label", words[0][0])
    column, word = words[colon]
    before, _, after = word.partition(":")
    label = [w.lower() for _, w in words[1:colon]] + ([before.lower()] if before and colon else [])
    if colon == 0 or len(label) not in (1, 3) or (len(label) == 3 and (head != "deck" or label[1:] != ["in", "order"])):
        raise Misread(f"bad-{head}", f"expected {form}", words[0][0])
    player = _player((words[1][0], label[0]))
    listed = ([(column + len(before) + 1, after)] if after else []) + words[colon + 1 :]
    return CardsItem(line, words[0][0], player, tuple((col, _card((col, w))) for col, w in listed), len(label) == 3, at={"player": words[1][0]})


def _cell(word: Word) -> Cell:
    match = _CELL.fullmatch(word[1])
    if match is None:
        raise Misread("bad-cell", f"'{brief(word[1])}' is not a cell: write x,y, like 3,0 or -1,2", word[0])
    return int(match[1]), int(match[2])


def _action(line: int, words: list[Word], note: str) -> ActionItem:
    verb = VERBS[VERBS.index(words[0][1].lower())]  # one of them: checked by the caller
    at = {"end": words[-1][0] + len(words[-1][1])}
    start = words[0][0]
    if verb in ("pass", "decline"):
        expect_words(words, 1, verb)
        return ActionItem(line, start, verb, note=note, at=at)
    if verb in ("dominate", "pick"):
        expect_words(words, 2, f"{verb} X,Y")
        at["cell"] = words[1][0]
        return ActionItem(line, start, verb, cell=_cell(words[1]), note=note, at=at)
    if verb == "draw":
        expect_words(words, 1 + (len(words) > 1), "draw C")
        draws = tuple((col, _card((col, w))) for col, w in words[1:])
        if draws:
            at["draw"] = draws[0][0]
        return ActionItem(line, start, verb, draws=draws, note=note, at=at)
    if verb == "shuffle":
        order = tuple((col, _card((col, w))) for col, w in words[1:])
        if order:
            at["order"] = order[0][0]
        return ActionItem(line, start, verb, order=order or None, note=note, at=at)
    form = f"{verb} C at X,Y" + (" [discard C ...] [friendly X,Y] [trash C] [draw C ...] [four-draw C ...]" if verb == "play" else "")
    if len(words) < 4:
        expect_words(words, 4, form)
    if words[2][1].lower() != "at":
        raise Misread("missing-at", f"expected `at` before the cell: the line is `{form}`", words[2][0])
    at["card"], at["cell"] = words[1][0], words[3][0]
    card, cell = _card(words[1]), _cell(words[3])
    if verb == "face-down":
        expect_words(words, 4, form)
        return ActionItem(line, start, verb, card, cell, note=note, at=at)
    clauses: dict[str, list[Word]] = {}
    current: list[Word] | None = None
    for col, word in words[4:]:
        name = word.lower()
        if name in CLAUSES:
            if name in clauses:
                raise Misread("duplicate-clause", f"`{name}` is given twice in this play", col)
            current = clauses[name] = []
            at[name] = col
        elif current is None:
            raise Misread("unknown-clause", f"'{brief(word)}' is no clause of a play: they are {', '.join(CLAUSES)}", col)
        else:
            current.append((col, word))
    for name, given in clauses.items():
        if not given:
            raise Misread("missing-words", f"`{name}` names nothing", at[name] + len(name))
        if name in ("friendly", "trash") and len(given) > 1:
            raise Misread("extra-words", f"`{name}` names one {'cell' if name == 'friendly' else 'card'}", given[1][0])
    listed = {name: tuple((col, _card((col, w))) for col, w in clauses.get(name, [])) for name in ("discard", "draw", "four-draw")}
    friendly = _cell(clauses["friendly"][0]) if "friendly" in clauses else None
    trash = _card(clauses["trash"][0]) if "trash" in clauses else None
    return ActionItem(line, start, verb, card, cell, listed["discard"], friendly, trash, listed["draw"], listed["four-draw"], note=note, at=at)


# --- writing ----------------------------------------------------------------------------------


def reading_value(value: bool | int | str) -> str:
    """A reading's value as TOML writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, int) else f'"{value}"'


def readings_of(variant: Variant) -> tuple[tuple[str, bool | int | str], ...]:
    """The readings where `variant` differs from pnp's, in the variant's order."""
    found = []
    for f in fields(Variant):
        value = getattr(variant, f.name)
        if value != getattr(DEFAULT, f.name) and value is not None:  # None (no hand limit) is the default
            found.append((f.name, value))
    return tuple(found)


def move_text(item: ActionItem) -> str:
    """An action line, without its comment."""
    words: list[str] = [item.verb]
    if item.card is not None:
        words += [item.card, "at", cell_name(item.cell)] if item.cell is not None else [item.card]
    elif item.cell is not None:
        words.append(cell_name(item.cell))
    if item.verb == "play":
        for name, listed in (
            ("discard", cards(item.discards)),
            ("friendly", ()),
            ("trash", ()),
            ("draw", cards(item.draws)),
            ("four-draw", cards(item.four_draws)),
        ):
            if name == "friendly" and item.friendly is not None:
                words += [name, cell_name(item.friendly)]
            elif name == "trash" and item.trash is not None:
                words += [name, item.trash]
            elif listed:
                words += [name, *listed]
    else:
        words += cards(item.draws)
    if item.order:
        words += cards(item.order)
    return " ".join(words)


def format_record(record: Record) -> str:
    """The record as text: header, readings, decks, hands, who goes first, then the set-up and each
    turn after a blank line. Parsing it gives the same record, lines and columns apart."""
    out = "".join(f"# {line}\n" if line else "#\n" for line in record.header)
    for r in record.readings:
        out += f"reading {r.key} = {reading_value(r.value)}\n"
    for deck in record.decks:
        out += f"deck {PLAYER_NAMES[deck.player]}{' in order' if deck.ordered else ''}: {' '.join(cards(deck.cards))}\n"
    for hand in record.hands:
        if hand is not None:
            out += f"hand {PLAYER_NAMES[hand.player]}: {' '.join(cards(hand.cards))}\n"
    out += f"first {PLAYER_NAMES[record.first.player]}\n"
    if record.moves and not isinstance(record.moves[0], TurnItem):
        out += "\n"
    for move in record.moves:
        if isinstance(move, TurnItem):
            out += f"\nturn {move.number} {PLAYER_NAMES[move.player]}\n"
        else:
            text = move_text(move)
            out += f"{text}  # {move.note}\n" if move.note else f"{text}\n"
    return out


def as_table(record: Record, hand_size: int) -> Record:
    """The record as a table would keep it: each deck a list (its cards in catalogue order), each
    opening hand its first `hand_size` cards, each shuffle without its order. The draws stay
    named; a record that names every draw (as pnp writes them) replays to the same game."""
    order = {name: i for i, name in enumerate(catalogue().kind_names)}
    decks = tuple(replace(d, cards=tuple(sorted(d.cards, key=lambda w: order[w[1]])), ordered=False) for d in record.decks)
    hands = tuple(h if h is not None else CardsItem(d.line, d.column, d.player, d.cards[:hand_size], at=d.at) for h, d in zip(record.hands, record.decks))
    moves = tuple(replace(m, order=None) if isinstance(m, ActionItem) and m.verb == "shuffle" else m for m in record.moves)
    return replace(record, decks=(decks[0], decks[1]), hands=(hands[0], hands[1]), moves=moves)
