"""A game-agnostic engine for rules about multisets of components.

A deck of cards, the coins on a set of tiles, a domino set or a pyramid stash
are all "how many of each item": the rules say how many items in all, how
many copies of each are allowed, which items exist and which are banned.
Rules are data (TOML), so a house rule is a new file, not new code.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .diagnostics import PnpError
from .textfile import decode, read_bytes

EVERY = "*"  # in copy limits: every item the rules know


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Total(_Strict):
    exactly: int | None = Field(None, ge=0)
    min: int | None = Field(None, ge=0)
    max: int | None = Field(None, ge=0)
    exclude: list[str] = []  # items that never count toward the total

    @model_validator(mode="after")
    def _consistent(self) -> Total:
        if self.exactly is not None and (self.min is not None or self.max is not None):
            raise ValueError("give either 'exactly' or 'min'/'max', not both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError("'min' is larger than 'max'")
        return self


class Copies(_Strict):
    min: dict[str, int] = {}  # item (or "*") -> fewest copies
    max: dict[str, int] = {}  # item (or "*") -> most copies


class MultisetRules(_Strict):
    name: str
    description: str = ""
    items: list[str] | None = None  # the known items; None: anything goes
    total: Total = Total()
    copies: Copies = Copies()
    banned: list[str] = []

    @model_validator(mode="after")
    def _known_items(self) -> MultisetRules:
        if self.items is not None:
            known = set(self.items) | {EVERY}
            named = [*self.total.exclude, *self.copies.min, *self.copies.max, *self.banned]
            unknown = sorted({n for n in named if n not in known})
            if unknown:
                raise ValueError(f"names items that do not exist: {', '.join(unknown)}")
        return self

    def _limit(self, table: Mapping[str, int], item: str) -> int | None:
        return table.get(item, table.get(EVERY))

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


@dataclass(frozen=True)
class Violation:
    code: str
    item: str | None  # the item at fault; None for the whole multiset
    message: str
    amount: int = 0  # how many to add (>0) or remove (<0), where that applies


_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


def read_toml(path: Path) -> tuple[dict, str]:
    """A TOML file's data and text; any problem is a PnpError naming the file and, where known, line and column."""
    text, problem = decode(read_bytes(path))
    if problem is not None:
        raise PnpError(problem.format(str(path)))
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        where = _TOML_POSITION.search(str(exc))
        pos = f":{where[1]}:{where[2]}" if where else ""
        reason = _TOML_POSITION.sub("", str(exc)).strip()
        raise PnpError(f"{path}{pos}: error: not valid TOML: {reason}") from None


def validation_error(path: Path, text: str, exc: ValidationError) -> PnpError:
    """One compiler-style line per field pydantic rejected, at the line that sets it where that can be found."""
    lines = []
    for e in exc.errors():
        field = ".".join(str(p) for p in e["loc"]) or "(top level)"
        lines.append(f"{path}:{_line_of(text, e['loc'])}: error: {field}: {e['msg']}")
    return PnpError("\n".join(lines))


def load_rules(path: Path, items: list[str] | None = None) -> MultisetRules:
    """Read a rules file; `items` (the game's own item names) fills in what the file leaves out."""
    data, text = read_toml(path)
    if items is not None:
        data.setdefault("items", items)
    try:
        return MultisetRules.model_validate(data)
    except ValidationError as exc:
        raise validation_error(path, text, exc) from None


def _line_of(text: str, loc: tuple) -> str:
    """Best-effort line number of the key a validation error is about."""
    names = [p for p in loc if isinstance(p, str)]
    for key in reversed(names):
        for number, line in enumerate(text.splitlines(), 1):
            stripped = line.strip().strip("[]").strip()
            if re.match(rf'^"?{re.escape(key)}"?\s*(=|$)', stripped) or stripped.endswith(f".{key}"):
                return str(number)
    return "1"
