"""The little language of `pnp deck analyze --hand`: a designer's question about a hand, parsed.

    query  := any ("or" any)*           "or" binds looser than "and"
    any    := clause ("and" clause)*
    clause := count "of" set
    count  := N | N "+" | N "-" | N "-" M   exactly N, N or more, N or fewer, from N to M
    set    := item ("," item)*           the kinds named, each counted once
    item   := KIND | KIND "-" KIND | GROUP  a kind (0-10), a run of kinds (7-10), a group (draw)

Words ignore case and spaces may go anywhere between tokens: `2+ of 7,8,9,10`,
`1+ of draw and 1+ of 9`, `0 of 0`, `2-3 of free or 3+ of high`. A query that does not parse
raises QueryError with the column (counted from 1, in characters) where reading stopped;
`QueryError.pointed` shows the query with a caret under that column.

Pure: no drawing, no command line. The vocabulary (kinds and groups) is passed in, so the
grammar knows no card.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.core.diagnostics import cell, shown

MAX_QUERY = 500  # characters: longer is no question anyone types
MAX_DIGITS = 3  # a count of at most 999 (a hand never holds more)
ECHO_WIDTH = 60  # cells of the query shown above the caret; a longer query is cut around the column

_TOKEN = re.compile(r"\s+|[0-9]+|[A-Za-z]+|[+,-]|.", re.DOTALL)


class QueryError(ValueError):
    """A query that does not parse: what was expected, and the 1-based column where it was not found."""

    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.message = message
        self.column = column

    def pointed(self, query: str) -> str:
        """`column C: MESSAGE`, then the query and a caret under the column (diagnostics style)."""
        if not query.strip():
            return f"column {self.column}: {self.message}"
        echo, pad = _echo(query, self.column)
        return f"column {self.column}: {self.message}\n  {echo}\n  {pad}^"


@dataclass(frozen=True)
class Clause:
    """`low` to `high` (None: no upper bound) cards among `kinds`."""

    low: int
    high: int | None
    kinds: frozenset[str]

    def holds(self, n: int) -> bool:
        return self.low <= n and (self.high is None or n <= self.high)

    def count_text(self) -> str:
        if self.high is None:
            return f"at least {self.low}"
        if self.low == self.high:
            return f"exactly {self.low}"
        return f"at most {self.high}" if self.low == 0 else f"{self.low} to {self.high}"


@dataclass(frozen=True)
class Query:
    """Alternatives (joined by "or"), each a conjunction of clauses (joined by "and")."""

    text: str  # as typed
    alternatives: tuple[tuple[Clause, ...], ...]

    @property
    def clauses(self) -> tuple[Clause, ...]:
        """Every clause, in the order typed; `holds` takes one count per clause in this order."""
        return tuple(c for conj in self.alternatives for c in conj)

    def holds(self, counts: Sequence[int]) -> bool:
        """Whether a hand holding `counts[i]` cards of clause i's kinds answers the query yes."""
        it = iter(counts)
        answers = [all([c.holds(next(it)) for c in conj]) for conj in self.alternatives]
        return any(answers)

    def meaning(self, order: Sequence[str]) -> str:
        """The query in words, kinds listed in `order`: `at least 2 of 7, 8, 9, 10`."""

        def clause(c: Clause) -> str:
            return f"{c.count_text()} of {', '.join(k for k in order if k in c.kinds)}"

        def conjunction(conj: tuple[Clause, ...]) -> str:
            text = " and ".join(clause(c) for c in conj)
            return f"({text})" if len(conj) > 1 and len(self.alternatives) > 1 else text

        return " or ".join(conjunction(conj) for conj in self.alternatives)


def parse_query(text: str, kinds: Sequence[str], groups: Mapping[str, Sequence[str]]) -> Query:
    """Parse `text`; `kinds` are the card names in order (for runs like 7-10), `groups` the group
    names and their kinds. Names match ignoring case. Raises QueryError."""
    if len(text) > MAX_QUERY:
        raise QueryError(f"a query of {len(text):,} characters; keep it under {MAX_QUERY}", MAX_QUERY + 1)
    return _Parser(text, kinds, groups).query()


@dataclass(frozen=True)
class _Token:
    kind: str  # "num", "word", "+", "-", ",", "end" or "bad"
    text: str
    column: int  # 1-based


def _tokens(text: str) -> list[_Token]:
    found = []
    for m in _TOKEN.finditer(text):
        t = m.group()
        if t.isspace():
            continue
        kind = "num" if t.isdigit() and t.isascii() else "word" if t.isalpha() and t.isascii() else t if t in "+-," else "bad"
        found.append(_Token(kind, t, m.start() + 1))
    found.append(_Token("end", "", len(text) + 1))
    return found


def _describe(token: _Token) -> str:
    return "the end of the query" if token.kind == "end" else f"`{shown(token.text)}`"


class _Parser:
    def __init__(self, text: str, kinds: Sequence[str], groups: Mapping[str, Sequence[str]]):
        self.text = text
        self.kinds = list(kinds)
        self.by_name = {k.lower(): k for k in kinds}
        self.groups = {g.lower(): frozenset(members) for g, members in groups.items()}
        self.group_names = list(groups)
        self.tokens = _tokens(text)
        self.at = 0

    @property
    def token(self) -> _Token:
        return self.tokens[self.at]

    def take(self) -> _Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def word(self, *words: str) -> bool:
        return self.token.kind == "word" and self.token.text.lower() in words

    def query(self) -> Query:
        if self.token.kind == "end":
            raise QueryError("an empty query; ask e.g. `2+ of 7,8,9,10` or `1+ of draw and 1+ of 9`", 1)
        alternatives = [self.conjunction()]
        while self.word("or"):
            self.take()
            alternatives.append(self.conjunction())
        if self.token.kind != "end":
            raise QueryError(f"expected `and`, `or`, `,` or the end of the query, found {_describe(self.token)}", self.token.column)
        return Query(self.text, tuple(alternatives))

    def conjunction(self) -> tuple[Clause, ...]:
        clauses = [self.clause()]
        while self.word("and"):
            self.take()
            clauses.append(self.clause())
        return tuple(clauses)

    def clause(self) -> Clause:
        low, high = self.count()
        if not self.word("of"):
            raise QueryError(f"expected `of` after the count, found {_describe(self.token)}", self.token.column)
        self.take()
        kinds = set(self.item())
        while self.token.kind == ",":
            self.take()
            kinds |= self.item()
        return Clause(low, high, frozenset(kinds))

    def number(self, what: str) -> int:
        token = self.token
        if token.kind != "num":
            raise QueryError(f"expected {what}, found {_describe(token)}", token.column)
        if len(token.text.lstrip("0")) > MAX_DIGITS:
            raise QueryError(f"count {shown(token.text)} is too large: a hand holds far fewer cards", token.column)
        self.take()
        return int(token.text)

    def count(self) -> tuple[int, int | None]:
        low = self.number("a count such as `2` (exactly), `2+` (or more), `2-` (or fewer) or `1-3`")
        if self.token.kind == "+":
            self.take()
            return low, None
        if self.token.kind == "-":
            self.take()
            if self.token.kind != "num":
                return 0, low
            high_at = self.token.column
            high = self.number("the upper count")
            if high < low:
                raise QueryError(f"{low}-{high} counts down; write the smaller count first ({high}-{low})", high_at)
            return low, high
        return low, low

    def item(self) -> frozenset[str]:
        token = self.token
        if token.kind not in ("num", "word"):
            raise QueryError(f"expected a card (0-10) or a group ({', '.join(self.group_names)}), found {_describe(token)}", token.column)
        self.take()
        name = token.text.lower()
        if name in self.groups:
            return self.groups[name]
        if name not in self.by_name:
            raise QueryError(self.unknown(token.text), token.column)
        first = self.by_name[name]
        if self.token.kind != "-":
            return frozenset([first])
        self.take()
        end = self.token
        if end.kind == "word" and end.text.lower() in self.groups:
            raise QueryError("a run goes from card to card (as in `7-10`); a group cannot end it", end.column)
        if end.kind not in ("num", "word"):
            raise QueryError(f"expected a card to end the run (as in `7-10`), found {_describe(end)}", end.column)
        if end.text.lower() not in self.by_name:
            raise QueryError(self.unknown(end.text), end.column)
        self.take()
        i, j = self.kinds.index(first), self.kinds.index(self.by_name[end.text.lower()])
        if j < i:
            raise QueryError(f"the run {first}-{self.kinds[j]} goes backwards; write {self.kinds[j]}-{first}", token.column)
        return frozenset(self.kinds[i : j + 1])

    def unknown(self, name: str) -> str:
        known = f"the cards are {', '.join(self.kinds)}; the groups {', '.join(self.group_names)}"
        if name.lower() == "base":
            return f"the Base is never drawn, so no hand holds it; {known}"
        return f"unknown card or group `{shown(name)}`; {known}"


def _echo(query: str, column: int) -> tuple[str, str]:
    """The query as one printable line (cut to about ECHO_WIDTH cells around `column`) and the
    blanks that put a caret under that column."""
    at = min(max(column - 1, 0), len(query))
    lo = max(0, at - ECHO_WIDTH // 2)
    hi = min(len(query), lo + ECHO_WIDTH)
    lo = max(0, min(lo, hi - ECHO_WIDTH))
    cells = [cell(ch, tabs=False) for ch in query[lo:hi]]  # a query is one line: a tab shows escaped
    head = "..." if lo > 0 else ""
    tail = "..." if hi < len(query) else ""
    echo = head + "".join(t for t, _ in cells) + tail
    pad = " " * (len(head) + sum(w for _, w in cells[: at - lo]))
    return echo, pad
