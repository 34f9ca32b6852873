"""The `.deck` format: one `COUNT CARD` a line (`3 5`, `3x 5`), `#` comments, blank lines ignored.
A deck list kept as CSV with a header row (a count column and a card column, under any of the
names people give them, in any case) reads as well.

Parsing is a pure function from text (or bytes) to entries and findings; it knows
the card names but no deck-building rules (those are in `validate`).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from pnp.core.diagnostics import Diagnostic, Parsed, error, sort_key, warning
from pnp.core.textfile import decode, tokens_by_line

from .catalogue import Catalogue, catalogue

MAX_COUNT = 1000  # no real deck holds more of one card; larger is a typo
_TIMES = frozenset("xX×")  # `3x 5`, `3X 5`, `3× 5`
_INTEGER = re.compile(r"[+-]?[0-9]+")
_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)")

# Names people write for cards that are not the card's name.
_ALIASES = {
    "o": "0",
    "zero": "0",
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "home": "Base",
}


@dataclass(frozen=True)
class Entry:
    card: str  # the catalogue's spelling
    count: int
    line: int
    column: int  # of the card name


@dataclass(frozen=True)
class DeckList:
    """The lines of a deck list that read, even where others do not (their findings say so)."""

    entries: tuple[Entry, ...]

    def counts(self) -> dict[str, int]:
        """Copies per card, lines naming the same card added up."""
        total: dict[str, int] = {}
        for e in self.entries:
            total[e.card] = total.get(e.card, 0) + e.count
        return total


def parse_deck(source: str | bytes, cards: Catalogue | None = None) -> Parsed[DeckList]:
    """Entries and findings of a deck list, no list at all when it is empty (only blanks and
    comments) or unreadable; never raises, whatever the input."""
    cards = catalogue() if cards is None else cards
    if isinstance(source, bytes):
        text, problem = decode(source)
        if problem is not None:
            return Parsed(None, (problem,))
        assert text is not None  # decode gives the text or the problem
    else:
        text = source
    entries: list[Entry] = []
    found: list[Diagnostic] = []
    first_line: dict[str, int] = {}
    rows = _csv_rows(text)
    if rows is not None and not rows:
        return Parsed(None, (error("csv-header", _CSV_HINT),))
    lines = tokens_by_line(text) if rows is None else rows
    for number, tokens in lines:
        entry = _parse_line(tokens, number, cards, found)
        if entry is None:
            continue
        if entry.card in first_line:
            found.append(warning("duplicate-card", f"{entry.card} is also listed on line {first_line[entry.card]}; the counts add up", number, entry.column))
        first_line.setdefault(entry.card, number)
        entries.append(entry)
    if not lines:
        return Parsed(None, (error("empty", "the deck list is empty: no `COUNT CARD` lines, only blanks or comments"),))
    return Parsed(DeckList(tuple(entries)), tuple(sorted(found, key=sort_key)))


Token = tuple[int, str]  # (column, text)

# Header names of a CSV deck list's two columns, compared without case or spaces.
_COUNT_NAMES = frozenset({"count", "counts", "qty", "quantity", "copies", "number", "amount", "n", "x"})
_CARD_NAMES = frozenset({"card", "cards", "cardname", "name", "value", "kind"})
_CSV_HINT = "this looks like CSV: give it a header row naming a count column and a card column (`count,card`), or write one `COUNT CARD` a line (`3 5`)"


def _csv_rows(text: str) -> list[tuple[int, list[Token]]] | None:
    """A CSV deck list as (line, [count, card]) rows; [] when it looks like CSV but has no header
    naming both columns; None when it is not CSV (its first line has no comma)."""
    lines = tokens_by_line(text)
    if not lines or "," not in text.splitlines()[lines[0][0] - 1].split("#", 1)[0]:
        return None
    split = [(number, _cells(text.splitlines()[number - 1])) for number, _ in lines]
    (_, header), *body = split
    names = ["".join(cell.lower().split()) for _, cell in header]
    count = next((i for i, n in enumerate(names) if n in _COUNT_NAMES), None)
    card = next((i for i, n in enumerate(names) if n in _CARD_NAMES), None)
    if count is None or card is None:
        return []
    return [(number, [cells[i] for i in (count, card) if i < len(cells) and cells[i][1]]) for number, cells in body]


def _cells(line: str) -> list[Token]:
    """A CSV line's cells, each with the column it starts at, quotes and spaces taken off."""
    cells, column = [], 1
    for raw in line.split("#", 1)[0].split(","):
        text = raw.strip().strip('"').strip()
        cells.append((column + raw.find(text[:1]) if text else column, text))
        column += len(raw) + 1
    return cells


def _parse_line(tokens: list[Token], line: int, cards: Catalogue, found: list[Diagnostic]) -> Entry | None:
    """One line's entry, or None (with the reason added to `found`)."""
    if not tokens:
        return None
    if tokens[0][1].startswith("//"):
        found.append(error("slash-comment", "`//` does not start a comment in a deck list: `#` does (`# my deck`)", line, tokens[0][0]))
        return None
    if len(tokens) == 3 and tokens[1][1] in _TIMES:
        tokens = [tokens[0], tokens[2]]  # `3 x 5`
    if len(tokens) == 1:
        column, only = tokens[0]
        if cards.lookup(only):
            found.append(error("missing-count", f"no count before {only}: write `1 {only}` or `3x {only}`", line, column))
        elif _INTEGER.fullmatch(_without_times(only)):
            found.append(error("missing-card", f"count {only} has no card after it", line, column + len(only)))
        else:
            found.append(error("malformed", f"expected `COUNT CARD`, found `{only}`", line, column))
        return None
    if len(tokens) > 2:
        column, extra = tokens[2]
        found.append(error("malformed", f"unexpected `{extra}` after the card name: one `COUNT CARD` per line (`#` starts a comment)", line, column))
        return None
    count = _count(tokens[0], line, found)
    card = _card(tokens[1], line, cards, found)
    if count is None or card is None:
        return None
    return Entry(card, count, line, tokens[1][0])


def _count(token: Token, line: int, found: list[Diagnostic]) -> int | None:
    column, text = token
    digits = _without_times(text)
    if not _INTEGER.fullmatch(digits):
        kind = "not a whole number" if _NUMBER.fullmatch(digits) else "not a count"
        found.append(error("bad-count", f"count `{text}` is {kind}: write a whole number such as `3` or `3x`", line, column))
        return None
    magnitude = digits.lstrip("+-").lstrip("0") or "0"
    if digits.startswith("-") and magnitude != "0":
        found.append(error("negative-count", f"count {digits} is negative", line, column))
    elif magnitude == "0":
        found.append(error("zero-count", "count 0: leave the line out instead", line, column))
    # Compare lengths first: int() refuses digit strings thousands long.
    elif len(magnitude) > len(str(MAX_COUNT)) or int(magnitude) > MAX_COUNT:
        found.append(error("count-too-large", f"count {digits} is absurd: at most {MAX_COUNT} of one card", line, column))
    else:
        return int(magnitude)
    return None


def _without_times(text: str) -> str:
    return text[:-1] if text[-1] in _TIMES else text


def _card(token: Token, line: int, cards: Catalogue, found: list[Diagnostic]) -> str | None:
    column, name = token
    card = cards.lookup(name)
    if card is not None:
        return card.name
    hint = suggest(name, cards)
    advice = f"did you mean `{hint}`?" if hint else f"the cards are {', '.join(cards.kind_names)} and {cards.base.name}"
    found.append(error("unknown-card", f"unknown card `{name}`; {advice}", line, column))
    return None


def suggest(name: str, cards: Catalogue | None = None) -> str | None:
    """The card someone most likely meant by `name`, if any is close."""
    cards = catalogue() if cards is None else cards
    alias = _ALIASES.get(name.lower())
    if alias:
        return alias
    lowered = {c.name.lower(): c.name for c in cards.cards}
    close = difflib.get_close_matches(name.lower(), lowered, n=1, cutoff=0.6)
    return lowered[close[0]] if close else None
