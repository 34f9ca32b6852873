"""A game-agnostic engine for rules about multisets of components.

A deck of cards, the coins on a set of tiles, a domino set or a pyramid stash
are all "how many of each item": the rules say how many items in all, how
many copies of each are allowed, which items exist and which are banned.
Rules are data (TOML), so a house rule is a new file, not new code.

A rules file is checked strictly: its size and nesting before it is parsed, its
types without coercion (`"26"` and `true` are not numbers), and then its sense
(limits no multiset can keep are the file's fault, not the deck's). Every error
names the file, with the line and column of the key at fault.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Mapping

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from .diagnostics import PnpError, shown
from .textfile import decode, position, read_bytes, split_lines

EVERY = "*"  # in copy limits: every item the rules know
LIMIT = 10_000  # the largest count a rule may name: no game of this kind comes near it
MAX_NESTING = 16  # brackets and braces inside one another in a rules file

Count = Annotated[int, Field(ge=0, le=LIMIT)]
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _one_line(text: str) -> str:
    # Names are echoed to the terminal and into generated files (`pnp deck random`).
    if _CONTROL.search(text):
        raise ValueError("must be one line of printable text (no tabs, line breaks or control characters)")
    return text


Name = Annotated[str, StringConstraints(min_length=1, max_length=100), AfterValidator(_one_line)]
Prose = Annotated[str, StringConstraints(max_length=500), AfterValidator(_one_line)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Total(_Strict):
    exactly: Count | None = None
    min: Count | None = None
    max: Count | None = None
    exclude: list[Name] = []  # items that never count toward the total


class Copies(_Strict):
    min: dict[Name, Count] = {}  # item (or "*") -> fewest copies
    max: dict[Name, Count] = {}  # item (or "*") -> most copies


class MultisetRules(_Strict):
    name: Name
    description: Prose = ""
    items: list[Name] | None = Field(None, min_length=1)  # the known items; None: anything goes
    total: Total = Total()
    copies: Copies = Copies()
    banned: list[Name] = []

    def _limit(self, table: Mapping[str, int], item: str) -> int | None:
        return table.get(item, table.get(EVERY))

    def least(self, item: str) -> int:
        return self._limit(self.copies.min, item) or 0

    def problems(self) -> list[tuple[tuple[str, ...], str]]:
        """Why no multiset can keep these rules, each with the key at fault; empty when some can."""
        found: list[tuple[tuple[str, ...], str]] = []
        t = self.total
        if t.exactly is not None and (t.min is not None or t.max is not None):
            found.append((("total", "exactly"), "give either 'exactly' or 'min'/'max', not both"))
        if t.min is not None and t.max is not None and t.min > t.max:
            found.append((("total", "min"), f"'min' ({t.min}) is larger than 'max' ({t.max})"))
        if self.items is not None:
            doubled = sorted({i for i in self.items if self.items.count(i) > 1})
            if doubled:
                found.append((("items",), f"items named twice: {', '.join(doubled)}"))
            known = set(self.items) | {EVERY}
            for key, names in (
                (("total", "exclude"), t.exclude),
                (("copies", "min"), self.copies.min),
                (("copies", "max"), self.copies.max),
                (("banned",), self.banned),
            ):
                unknown = sorted({n for n in names if n not in known})
                if unknown:
                    found.append((key, f"names items that do not exist: {', '.join(unknown)}"))
        impossible = f"no deck can keep the {self.name} rules:"
        for item in sorted({*self.copies.min, *self.copies.max} - {EVERY}) + [EVERY]:
            least, most = self.least(item), self._limit(self.copies.max, item)
            if most is not None and least > most:
                key = ("copies", "min", item if item in self.copies.min else EVERY)
                found.append((key, f"{impossible} at least {least} of {item} required, at most {most} allowed"))
        for item in self.banned:
            if self.least(item) > 0:
                found.append((("banned",), f"{impossible} {item} is banned, but at least {self.least(item)} is required"))
        if not found:
            found += self._reachable_total()
        return found

    def _reachable_total(self) -> list[tuple[tuple[str, ...], str]]:
        """The total's bounds against what the copy limits allow (only where the items are known)."""
        t = self.total
        low = t.exactly if t.exactly is not None else t.min
        high = t.exactly if t.exactly is not None else t.max
        key = ("total", "exactly" if t.exactly is not None else "min")
        counted = [i for i in (self.items or []) if i not in t.exclude]
        floor = sum(self.least(i) for i in counted)
        need = f"{impossible_size(t)} items"
        if high is not None and floor > high:
            return [(("copies", "min"), f"no deck can keep the {self.name} rules: the total must be {need}, but the minimum copies already add up to {floor}")]
        if self.items is None:
            return []
        ceiling = sum(self.cap(i) for i in counted)
        if low is not None and low > ceiling:
            return [(key, f"no deck can keep the {self.name} rules: the total must be {need}, but the copy limits and bans allow at most {ceiling:g}")]
        uncounted = sum(self.cap(i) for i in t.exclude if i in self.items)
        if min(ceiling, math.inf if high is None else high) + uncounted == 0:
            return [(key if high is not None else ("copies", "max"), f"no deck can keep the {self.name} rules: they allow no items at all")]
        return []

    def cap(self, item: str) -> float:
        """Most copies of `item` allowed; infinity when nothing limits it."""
        most = self.max_copies(item)
        return math.inf if most is None else most

    def check(self, counts: Mapping[str, int]) -> list[Violation]:
        """Every way `counts` breaks these rules (empty when it keeps them)."""
        found: list[Violation] = []
        universe = self.items if self.items is not None else sorted(counts)
        for item, n in counts.items():
            if n and self.items is not None and item not in self.items:
                found.append(Violation("unknown-item", item, f"{item} is not one of the items these rules know"))
        for item in self.banned:
            if counts.get(item, 0) > 0:
                found.append(Violation("banned", item, f"{item} is banned under {self.name} rules"))
        for item in universe:
            n = counts.get(item, 0)
            most = self._limit(self.copies.max, item)
            least = self._limit(self.copies.min, item)
            if most is not None and n > most and item not in self.banned:
                found.append(Violation("too-many-copies", item, f"{n} copies of {item}; at most {most} allowed (remove {n - most})", n - most))
            if least is not None and n < least:
                found.append(Violation("too-few-copies", item, f"{n} copies of {item}; at least {least} needed (add {least - n})", least - n))
        total = self.counted_total(counts)
        t = self.total
        if t.exactly is not None and total != t.exactly:
            diff = t.exactly - total
            advice = f"add {diff}" if diff > 0 else f"remove {-diff}"
            found.append(Violation("wrong-total", None, f"{total} counted, {t.exactly} required: {advice}", diff))
        if t.min is not None and total < t.min:
            found.append(Violation("wrong-total", None, f"{total} counted, at least {t.min} required: add {t.min - total}", t.min - total))
        if t.max is not None and total > t.max:
            found.append(Violation("wrong-total", None, f"{total} counted, at most {t.max} allowed: remove {total - t.max}", t.max - total))
        return found

    def counted_total(self, counts: Mapping[str, int]) -> int:
        return sum(n for item, n in counts.items() if item not in self.total.exclude)

    def max_copies(self, item: str) -> int | None:
        return 0 if item in self.banned else self._limit(self.copies.max, item)


def impossible_size(t: Total) -> str:
    """The total a rule asks for, in words."""
    if t.exactly is not None:
        return f"exactly {t.exactly}"
    if t.min is not None and t.max is not None:
        return f"{t.min} to {t.max}"
    return f"at least {t.min}" if t.min is not None else f"at most {t.max}"


@dataclass(frozen=True)
class Violation:
    code: str
    item: str | None  # the item at fault; None for the whole multiset
    message: str
    amount: int = 0  # how many to add (>0) or remove (<0), where that applies


_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")
# What may hold brackets that do not nest: strings (four kinds) and comments.
_TOML_SKIP = re.compile(r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]', re.DOTALL)


def read_toml(path: Path) -> tuple[dict, str]:
    """A TOML file's data and text; any problem is a PnpError naming the file, line and column."""
    text, problem = decode(read_bytes(path))
    if problem is not None:
        raise PnpError(problem.format(str(path)))
    depth = 0
    for m in _TOML_SKIP.finditer(text):
        depth += {"[": 1, "{": 1, "]": -1, "}": -1}.get(m.group(), 0)
        if depth > MAX_NESTING:
            line, column = position(text[: m.start()])
            raise PnpError(f"{shown(path)}:{line}:{column}: error: nested more than {MAX_NESTING} deep; no rules file needs that")
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        where = _TOML_POSITION.search(str(exc))
        pos = f"{where[1]}:{where[2]}" if where else "1:1"
        reason = _TOML_POSITION.sub("", str(exc)).strip()
        raise PnpError(f"{shown(path)}:{pos}: error: not valid TOML: {reason}") from None


def validation_error(path: Path, text: str, exc: ValidationError) -> PnpError:
    """One compiler-style line per field pydantic rejected, at the key that sets it."""
    return located_errors(path, text, [(tuple(str(p) for p in e["loc"]), e["msg"]) for e in exc.errors()])


def located_errors(path: Path, text: str, problems: list[tuple[tuple[str, ...], str]]) -> PnpError:
    keys = key_positions(text)
    lines = []
    for loc, message in problems:
        line, column = _nearest(keys, loc)
        field = ".".join(loc) or "(top level)"
        lines.append(f"{shown(path)}:{line}:{column}: error: {field}: {message}")
    return PnpError("\n".join(lines))


def load_rules(path: Path, items: list[str] | None = None) -> MultisetRules:
    """Read a rules file; `items` (the game's own item names) fills in what the file leaves out."""
    data, text = read_toml(path)
    if items is not None:
        data.setdefault("items", items)
    try:
        rules = MultisetRules.model_validate(data)
    except ValidationError as exc:
        raise validation_error(path, text, exc) from None
    problems = rules.problems()
    if problems:
        raise located_errors(path, text, problems)
    return rules


_BARE_KEY = r"[A-Za-z0-9_-]+"
_KEY = rf'(?:{_BARE_KEY}|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_DOTTED = re.compile(rf"\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*")
_KEY_LINE = re.compile(rf"\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*=")
_INLINE_TOKEN = re.compile(rf'(?P<key>{_KEY})\s*=|(?P<open>\{{)|(?P<close>\}})|"(?:[^"\\]|\\.)*"|\'[^\']*\'')


def key_positions(text: str) -> dict[tuple[str, ...], tuple[int, int]]:
    """Where each key of a (valid) TOML text is set: its dotted path -> (line, column), columns in characters.

    Tables, dotted keys and the keys of one-line inline tables are found; that is all rules files use.
    """
    found: dict[tuple[str, ...], tuple[int, int]] = {}
    table: tuple[str, ...] = ()
    for number, line in enumerate(split_lines(text), 1):
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if stripped.startswith("["):
            brackets = 2 if stripped.startswith("[[") else 1
            m = _DOTTED.match(stripped, brackets)
            if m:
                table = _parts(m[1])
                found.setdefault(table, (number, indent + brackets + 1))
            continue
        m = _KEY_LINE.match(line)
        if not m:
            continue
        path = table + _parts(m[1])
        found.setdefault(path, (number, m.start(1) + 1))
        # One-line inline tables, nested or not: `{` opens the table of the key just set.
        tables, last = [path], path
        for t in _INLINE_TOKEN.finditer(line, m.end()):
            if t["key"]:
                last = tables[-1] + _parts(t["key"])
                found.setdefault(last, (number, t.start("key") + 1))
            elif t["open"]:
                tables.append(last)
            elif t["close"] and len(tables) > 1:
                tables.pop()
    return found


def _parts(dotted: str) -> tuple[str, ...]:
    return tuple(p.strip().strip("\"'") for p in re.findall(_KEY, dotted))


def _nearest(keys: dict[tuple[str, ...], tuple[int, int]], loc: tuple[str, ...]) -> tuple[int, int]:
    """The position of `loc`, or of its nearest enclosing key; 1:1 for the file as a whole."""
    for end in range(len(loc), 0, -1):
        if loc[:end] in keys:
            return keys[loc[:end]]
    return 1, 1
