"""A game-agnostic engine for rules about multisets of components.

A deck of cards, the coins on a set of tiles, a domino set or a pyramid stash
are all "how many of each item": the rules say how many items in all, how
many copies of each are allowed, which items exist and which are banned.
Rules are data (TOML), so a house rule is a new file, not new code.

A rules file is checked strictly: its size and nesting before it is parsed, its
types without coercion (`"26"` and `true` are not numbers), and then its sense
(limits no multiset can keep are the file's fault, not the deck's). Every error
names the file, with the line and column of the key (or list element) at fault, and
says what is wrong in terms of the file, not of pydantic.
"""

from __future__ import annotations

import difflib
import json
import math
import re
import tomllib
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, time
from pathlib import Path
from typing import Annotated, Any, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WrapValidator,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from pnp.core.diagnostics import PnpError, shown
from pnp.core.textfile import decode, position, read_bytes, split_lines

EVERY = "*"  # in copy limits: every item the rules know
LIMIT = 10_000  # the largest count a rule may name: no game of this kind comes near it
MAX_NESTING = 16  # brackets and braces inside one another in a rules file

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
Loc = tuple[str | int, ...]  # a key's path in the file: table keys, and list indices as ints


def _count(value: object, handler: ValidatorFunctionWrapHandler) -> int:
    # "26", true, 2.5 and -1 are one mistake to the reader, so one message, with the range.
    try:
        count: int = handler(value)  # the handler validates a strict int
        return count
    except ValidationError:
        quoted = isinstance(value, str) and value.isascii() and value.isdigit() and int(value) <= LIMIT
        fix = f"; write {value} without quotes" if quoted else ""
        raise PydanticCustomError(
            "count", "a whole number from 0 to {limit} is expected, not {value}{fix}", {"limit": LIMIT, "value": shown_value(value), "fix": fix}
        ) from None


def _text(value: object) -> object:
    # `banned = [6]` is a TOML number, not the card "6": say that quotes are the fix.
    if isinstance(value, str):
        return value
    raise PydanticCustomError("name_type", "names are text{fix}", {"fix": _as_text(value)})


def _one_line(text: str) -> str:
    # Names are echoed to the terminal and into generated files (`pnp deck random`).
    if _CONTROL.search(text):
        raise ValueError("must be one line of printable text (no tabs, line breaks or control characters)")
    return text


Count = Annotated[int, Field(ge=0, le=LIMIT), WrapValidator(_count)]
Name = Annotated[str, StringConstraints(min_length=1, max_length=100), AfterValidator(_one_line), BeforeValidator(_text)]
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

    @classmethod
    def each_once(cls, name: str, items: list[str], description: str = "") -> MultisetRules:
        """Rules for a set that holds each of `items` exactly once (a piecepack's tiles, a deal's tile ids)."""
        return cls(name=name, description=description, items=items, total=Total(exactly=len(items)), copies=Copies(min={EVERY: 1}, max={EVERY: 1}))

    def _limit(self, table: Mapping[str, int], item: str) -> int | None:
        return table.get(item, table.get(EVERY))

    def least(self, item: str) -> int:
        return self._limit(self.copies.min, item) or 0

    def problems(self) -> list[tuple[Loc, str]]:
        """Why no multiset can keep these rules, each with the key at fault; empty when some can."""
        found: list[tuple[Loc, str]] = []
        t = self.total
        if t.exactly is not None and (t.min is not None or t.max is not None):
            found.append((("total", "exactly"), "give either 'exactly' or 'min'/'max', not both"))
        if t.min is not None and t.max is not None and t.min > t.max:
            found.append((("total", "min"), f"'min' ({t.min}) is larger than 'max' ({t.max})"))
        if self.items is not None:
            doubled = sorted(i for i, n in Counter(self.items).items() if n > 1)
            if doubled:
                found.append((("items", _first_repeat(self.items)), f"items named twice: {', '.join(doubled)}"))
            known = set(self.items) | {EVERY}
            for key, names in (
                (("total", "exclude"), t.exclude),
                (("copies", "min"), self.copies.min),
                (("copies", "max"), self.copies.max),
                (("banned",), self.banned),
            ):
                unknown = [n for n in names if n not in known]
                if unknown:
                    # At the first unknown name itself: a list's element, or a table's key ("[key]", as pydantic marks one).
                    at = (names.index(unknown[0]),) if isinstance(names, list) else (unknown[0], "[key]")
                    found.append((key + at, f"names items that do not exist: {', '.join(sorted(set(unknown)))}"))
        impossible = f"no deck can keep the {self.name} rules:"
        for item in sorted({*self.copies.min, *self.copies.max} - {EVERY}) + [EVERY]:
            least, most = self.least(item), self._limit(self.copies.max, item)
            if most is not None and least > most:
                at_key = ("copies", "min", item if item in self.copies.min else EVERY)
                found.append((at_key, f"{impossible} at least {least} of {item} required, at most {most} allowed"))
        for item in self.banned:
            if self.least(item) > 0:
                found.append((("banned",), f"{impossible} {item} is banned, but at least {self.least(item)} is required"))
        if not found:
            found += self._reachable_total()
        return found

    def _reachable_total(self) -> list[tuple[Loc, str]]:
        """The total's bounds against what the copy limits allow (only where the items are known)."""
        t = self.total
        low = t.exactly if t.exactly is not None else t.min
        high = t.exactly if t.exactly is not None else t.max
        key = ("total", "exactly" if t.exactly is not None else "min")
        counted = [i for i in (self.items or []) if i not in t.exclude]
        floor = sum(self.least(i) for i in counted)
        need = total_in_words(t, "item")
        if high is not None and floor > high:
            return [(("copies", "min"), f"no deck can keep the {self.name} rules: the total must be {need}, but the minimum copies already add up to {floor}")]
        if self.items is None:
            return []
        ceiling = sum(self.cap(i) for i in counted)
        if low is not None and low > ceiling:
            return [(key, f"no deck can keep the {self.name} rules: the total must be {need}, but the copy limits and bans allow at most {ceiling:g}")]
        uncounted = sum(self.cap(i) for i in t.exclude if i in self.items)
        if min(ceiling, math.inf if high is None else high) + uncounted == 0:
            if high == 0:  # the total itself allows nothing
                at: Loc = ("total", "exactly" if t.exactly is not None else "max")
            else:  # the copy limits allow nothing, or the bans leave nothing
                at = ("copies", "max") if 0 in self.copies.max.values() else ("banned",)
            return [(at, f"no deck can keep the {self.name} rules: they allow no items at all")]
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
                found.append(
                    Violation("too-many-copies", item, f"{n} {'copy' if n == 1 else 'copies'} of {item}; at most {most} allowed (remove {n - most})", most - n)
                )
            if least is not None and n < least:
                found.append(
                    Violation("too-few-copies", item, f"{n} {'copy' if n == 1 else 'copies'} of {item}; at least {least} needed (add {least - n})", least - n)
                )
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


def _first_repeat(names: list[str]) -> int:
    """The index of the first name already seen; -1 if none is."""
    seen: set[str] = set()
    for i, name in enumerate(names):
        if name in seen:
            return i
        seen.add(name)
    return -1


def total_in_words(t: Total, noun: str) -> str:
    """The total a rule asks for, in words, of `noun`: `exactly 1 item`, `at least 26 cards`."""
    if t.exactly is not None:
        size = f"exactly {t.exactly}"
    elif t.min is not None and t.max is not None:
        size = f"{t.min} to {t.max}"
    else:
        size = f"at least {t.min}" if t.min is not None else f"at most {t.max}"
    return f"{size} {noun}{'' if size.endswith(' 1') else 's'}"


@dataclass(frozen=True)
class Violation:
    code: str
    item: str | None  # the item at fault; None for the whole multiset
    message: str
    amount: int = 0  # how many to add (>0) or remove (<0), where that applies

    @property
    def named(self) -> str:
        """The item at fault, for a finding about one item (every code but wrong-total)."""
        if self.item is None:
            raise ValueError(f"a {self.code} finding is about the whole multiset, not one item")
        return self.item


_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")
# What may hold brackets that do not nest: strings (four kinds) and comments.
_TOML_SKIP = re.compile(r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|[\[\]{}]', re.DOTALL)


def read_toml(path: Path) -> tuple[dict[str, Any], str]:
    """A TOML file's data and text; any problem is a PnpError naming the file, line and column."""
    text, problem = decode(read_bytes(path))
    if problem is not None:
        raise PnpError(problem.format(str(path)))
    assert text is not None  # decode gives the text or the problem
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


def validation_error(path: Path, text: str, exc: ValidationError, model: type[BaseModel] | None = None) -> PnpError:
    """One compiler-style line per field pydantic rejected, in pnp's words, at the key that sets it.

    `model` (what was validated) lets an unknown key be matched against the keys allowed beside it.
    """
    problems = []
    for e in exc.errors(include_url=False):
        loc, message = tuple(e["loc"]), _in_words(e, model)
        if e["type"] == "extra_forbidden":
            loc += ("[key]",)  # the key itself is at fault: name its table
        elif "[key]" in loc:  # pydantic's mark for a table's key at fault, not its value
            message = f"the key {_quoted(str(loc[loc.index('[key]') - 1]))} {message}"
        problems.append((loc, message))
    return located_errors(path, text, problems)


# pydantic's type errors -> what the file should have held there
_EXPECTED = {
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "a list in [brackets]",
    "dict_type": "a table",
    "model_type": "a table",
    "model_attributes_type": "a table",
}
_BOUNDS = {"greater_than_equal": "at least {ge}", "greater_than": "more than {gt}", "less_than_equal": "at most {le}", "less_than": "less than {lt}"}


def _in_words(error: ErrorDetails, model: type[BaseModel] | None) -> str:
    """One pydantic error as a sentence a reader of the file can act on (the key is named by the caller)."""
    kind, ctx, value = error["type"], error.get("ctx", {}), error.get("input")
    if kind in ("count", "name_type"):  # ours, already in words
        return error["msg"]
    if kind == "missing":
        return "required, but not given"
    if kind == "extra_forbidden":
        return _unknown_key(error["loc"], model)
    if kind == "string_type":
        return f"text is expected{_as_text(value)}"
    if kind in _EXPECTED:
        return f"{_EXPECTED[kind]} is expected, not {shown_value(value)}"
    if kind in _BOUNDS:
        return f"must be {_BOUNDS[kind].format(**ctx)}, not {shown_value(value)}"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    if kind in ("too_short", "string_too_short") and ctx.get("min_length") == 1:
        return "must not be empty"
    if kind in ("too_short", "string_too_short"):
        return f"must have at least {ctx.get('min_length')} {'entries' if kind == 'too_short' else 'characters'}"
    if kind in ("too_long", "string_too_long"):
        return f"must have at most {ctx.get('max_length')} {'entries' if kind == 'too_long' else 'characters'}"
    # Whatever else: pydantic's sentence, without its "Input" (the reader wrote a value, not an input).
    return re.sub(r"^Input should be\b", "the value should be", error["msg"])


def _unknown_key(loc: Loc, model: type[BaseModel] | None) -> str:
    key = str(loc[-1])
    valid = _keys_at(model, loc[:-1])
    close = difflib.get_close_matches(key, valid, n=1)
    if close:
        return f"unknown key {_quoted(key)}; did you mean {_quoted(close[0])}?"
    if valid:
        return f"unknown key {_quoted(key)}; the keys here are {', '.join(valid)}"
    return f"unknown key {_quoted(key)}"


def _keys_at(model: type[BaseModel] | None, table: Loc) -> list[str]:
    """The keys `model` allows in the table at `table`, as the file spells them; empty if unknown."""
    for part in table:
        if model is None:
            return []
        if isinstance(part, int):  # an element of a list of tables: the same model
            continue
        field = next((f for name, f in model.model_fields.items() if (f.alias or name) == part), None)
        model = None if field is None else _model_in(field.annotation)
    return [] if model is None else [f.alias or name for name, f in model.model_fields.items()]


def _model_in(annotation: object) -> type[BaseModel] | None:
    """The model a field holds, through `X | None`, `list[X]` and `Annotated`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return next(filter(None, map(_model_in, get_args(annotation))), None)


def shown_value(value: object) -> str:
    """A value as the file wrote it, kept short: "26", true, 2.5; a list or a table by its kind."""
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return _toml_scalar(value)


def _as_text(value: object) -> str:
    """What follows "... text": the fix for a number or the like, what it is for a list or table."""
    if isinstance(value, (list, dict)):
        return f", not {shown_value(value)}"
    return f"; write {_quoted(_toml_scalar(value))}"


def _toml_scalar(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (date, time)):  # a datetime is a date too
        return value.isoformat()
    return str(value)  # int or float (inf and nan as TOML writes them)


def _quoted(text: str) -> str:
    # Short: a key or value may be as long as the file.
    return json.dumps(text if len(text) <= 40 else text[:40] + "...", ensure_ascii=False)


def located_errors(path: Path, text: str, problems: list[tuple[Loc, str]]) -> PnpError:
    keys = key_positions(text)
    lines = []
    for loc, message in problems:
        line, column = _nearest(keys, loc)
        field = _dotted(loc)
        lines.append(f"{shown(path)}:{line}:{column}: error: {field + ': ' if field else ''}{message}")
    return PnpError("\n".join(lines))


def _dotted(loc: Loc) -> str:
    """The key at `loc` as the file would write it: list indices left out, odd keys quoted.

    A key marked "[key]" is itself at fault; the message names it, so its table is shown.
    """
    if "[key]" in loc:
        loc = loc[: loc.index("[key]") - 1]
    return ".".join(p if re.fullmatch(_BARE_KEY, p) else json.dumps(p, ensure_ascii=False) for p in loc if isinstance(p, str))


def load_rules(path: Path, items: list[str] | None = None) -> MultisetRules:
    """Read a rules file; `items` (the game's own item names) fills in what the file leaves out."""
    data, text = read_toml(path)
    if items is not None:
        data.setdefault("items", items)
    try:
        rules = MultisetRules.model_validate(data)
    except ValidationError as exc:
        raise validation_error(path, text, exc, MultisetRules) from None
    problems = rules.problems()
    if problems:
        raise located_errors(path, text, problems)
    return rules


_BARE_KEY = r"[A-Za-z0-9_-]+"
_KEY = rf'(?:{_BARE_KEY}|"(?:[^"\\]|\\.)*"|\'[^\']*\')'
_DOTTED = re.compile(rf"\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*")
_KEY_LINE = re.compile(rf"\s*({_KEY}(?:\s*\.\s*{_KEY})*)\s*=")
_INLINE_TOKEN = re.compile(rf'(?P<key>{_KEY})\s*=|(?P<open>\{{)|(?P<close>\}})|"(?:[^"\\]|\\.)*"|\'[^\']*\'')


def key_positions(text: str) -> dict[Loc, tuple[int, int]]:
    """Where each key of a (valid) TOML text is set: its dotted path -> (line, column), columns in characters.

    Tables, dotted keys, the keys of one-line inline tables and the elements of arrays (by index,
    as pydantic counts them) are found; that is all rules files use. A key in an array of tables
    (`[[card]]`) is found both with the element's index, as pydantic counts it (`card, 1, value`),
    and without it, at its first element.
    """
    lines = split_lines(text)
    flat = "\n".join(lines)  # the text with one-character line ends, so offsets map back to lines
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    found: dict[Loc, tuple[int, int]] = {}
    table: Loc = ()  # the current table, with the index of each array-of-tables element in its path
    plain: Loc = ()  # the same without the indices
    elements: dict[Loc, int] = {}  # each array of tables (by plain path) -> the index of its last element
    array_end = 0  # the lines of a multi-line array hold values, not keys or tables
    for number, line in enumerate(lines, 1):
        if starts[number - 1] < array_end:
            continue
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if stripped.startswith("["):
            brackets = 2 if stripped.startswith("[[") else 1
            m = _DOTTED.match(stripped, brackets)
            if m:
                plain = _parts(m[1])
                if brackets == 2:  # a new element: its own arrays of tables start again
                    elements = {k: v for k, v in elements.items() if len(k) <= len(plain) or k[: len(plain)] != plain}
                    elements[plain] = elements.get(plain, -1) + 1
                table = tuple(x for end in range(1, len(plain) + 1) for x in (plain[end - 1], elements.get(plain[:end])) if x is not None)
                for at in (table, plain):
                    found.setdefault(at, (number, indent + brackets + 1))
            continue
        m = _KEY_LINE.match(line)
        if not m:
            continue
        path = table + _parts(m[1])
        found.setdefault(path, (number, m.start(1) + 1))
        found.setdefault(plain + _parts(m[1]), (number, m.start(1) + 1))
        array_end = _note_elements(found, path, flat, starts, starts[number - 1] + m.end())
        # One-line inline tables, nested or not: `{` opens the table of the key just set.
        tables, last = [path], path
        for t in _INLINE_TOKEN.finditer(line, m.end()):
            if t["key"]:
                last = tables[-1] + _parts(t["key"])
                found.setdefault(last, (number, t.start("key") + 1))
                array_end = max(array_end, _note_elements(found, last, flat, starts, starts[number - 1] + t.end()))
            elif t["open"]:
                tables.append(last)
            elif t["close"] and len(tables) > 1:
                tables.pop()
    return found


_ARRAY_OPEN = re.compile(r"[ \t]*\[")
_VALUE_TOKEN = re.compile(_TOML_SKIP.pattern + r"""|,|[^\s,\[\]{}#"']+""", re.DOTALL)


def _note_elements(found: dict[Loc, tuple[int, int]], path: Loc, flat: str, starts: list[int], at: int) -> int:
    """If the value at offset `at` is an array, note where each element begins; returns where the array ends (0 if none)."""
    opened = _ARRAY_OPEN.match(flat, at)
    if not opened:
        return 0
    depth, fresh, index = 0, False, 0
    for m in _VALUE_TOKEN.finditer(flat, opened.end() - 1):
        token = m[0]
        if token.startswith("#"):
            continue
        if depth == 1 and fresh and token not in ("]", ","):
            line = bisect_right(starts, m.start())
            found.setdefault((*path, index), (line, m.start() - starts[line - 1] + 1))
            index += 1
        depth += {"[": 1, "{": 1, "]": -1, "}": -1}.get(token, 0)
        if depth == 0:
            return m.end()
        fresh = depth == 1 and token in ("[", ",")
    return len(flat)


def _parts(dotted: str) -> tuple[str, ...]:
    return tuple(_unquoted(p.strip()) for p in re.findall(_KEY, dotted))


def _unquoted(key: str) -> str:
    # Escapes ("a\tb", "\u00e9") only TOML itself reads exactly; they are rare, so it reads only those.
    if key.startswith('"') and "\\" in key:
        try:
            return next(iter(tomllib.loads(f"{key} = 0")))
        except tomllib.TOMLDecodeError:  # not a key after all (a line of a multi-line string)
            pass
    # One pair of quotes, no more: the key "O'" ends in a quote mark of its own.
    return key[1:-1] if key[:1] in ('"', "'") else key


def _nearest(keys: dict[Loc, tuple[int, int]], loc: Loc) -> tuple[int, int]:
    """The position of `loc`, or of its nearest enclosing key; 1:1 for the file as a whole."""
    for end in range(len(loc), 0, -1):
        if loc[:end] in keys:
            return keys[loc[:end]]
    return 1, 1
