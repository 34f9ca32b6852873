"""Checking a deck list against a format (a rules TOML read by `pnp.core.rules`), and loading a legal deck."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pnp.core.diagnostics import Diagnostic, error, has_errors, plural, rejected, shown, sort_key
from pnp.core.resources import deck_file
from pnp.core.rules import MultisetRules, load_rules
from pnp.core.textfile import read_bytes

from .catalogue import BASE, catalogue
from .files import parse_deck

STANDARD_FORMAT = "formats/standard.toml"


def load_format(path: Path | None = None) -> MultisetRules:
    """A format file, or a shipped one by name (`singleton-ish`); the standard one when `path` is None.
    The card names fill in its items."""
    if path is None:
        return _standard()
    shipped = deck_file(f"formats/{path}.toml")
    if path.parent == Path(".") and not path.suffix and shipped.is_file():
        path = shipped
    return load_rules(path, catalogue().names)


def format_names() -> list[str]:
    """The formats pnp ships, by name."""
    return sorted(p.stem for p in deck_file("formats").glob("*.toml"))


@cache
def _standard() -> MultisetRules:
    return load_rules(deck_file(STANDARD_FORMAT), catalogue().names)


@dataclass(frozen=True)
class DeckReport:
    counts: dict[str, int]  # every kind "0".."10", Base left out
    bases: int
    diagnostics: tuple[Diagnostic, ...]

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def cards(self) -> list[str]:
        """Its cards, one entry a copy, in catalogue order (the Base is never drawn): a deck to shuffle."""
        return [name for name in catalogue().kind_names for _ in range(self.counts.get(name, 0))]

    @property
    def valid(self) -> bool:
        return not has_errors(self.diagnostics)

    def verdict(self, file: str) -> str:
        """`FILE: valid, 26 cards (+ Base)` or `FILE: invalid, 24 cards, 3 errors, 1 warning`."""
        errors = sum(d.severity == "error" for d in self.diagnostics)
        warnings = len(self.diagnostics) - errors
        parts = [f"{'valid' if self.valid else 'invalid'}, {plural(self.total, 'card')}" + (" (+ Base)" if self.bases else "")]
        parts += [plural(n, word) for n, word in ((errors, "error"), (warnings, "warning")) if n]
        return f"{file}: {', '.join(parts)}"


def validate_deck(data: bytes | str, rules: MultisetRules | None = None) -> DeckReport:
    """Parse a deck list and check it against `rules` (standard by default); never raises on bad input."""
    rules = load_format() if rules is None else rules
    parsed = parse_deck(data)
    counts = parsed.value.counts() if parsed.value is not None else {}
    found = list(parsed.diagnostics)
    if parsed.value is not None:  # an empty or unreadable file says just that, not "add 26"
        # A card's breaches point at the last line naming it: the count is final there.
        where: dict[str | None, tuple[int, int]] = {e.card: (e.line, e.column) for e in parsed.value.entries}  # a whole-deck finding (item None) has no line
        for v in rules.check(counts):
            line, column = where.get(v.item, (None, None))
            message = f"wrong deck size: {v.message}" if v.code == "wrong-total" else v.message
            found.append(error(v.code, message, line, column))
    kinds = {name: counts.get(name, 0) for name in catalogue().kind_names}
    return DeckReport(kinds, counts.get(BASE, 0), tuple(sorted(found, key=sort_key)))


@dataclass(frozen=True)
class Deck:
    """A legal deck: what the card printer needs."""

    counts: dict[str, int]  # every kind "0".."10"
    has_base: bool
    warnings: tuple[Diagnostic, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def cards(self) -> list[str]:
        """Its cards, one entry a copy, in catalogue order (the Base is never drawn): a deck to shuffle."""
        return [name for name in catalogue().kind_names for _ in range(self.counts.get(name, 0))]


def load_deck(path: Path, rules: MultisetRules | None = None) -> Deck:
    """The deck in `path`; a PnpError listing every finding if it breaks the rules."""
    data = read_bytes(path)
    report = validate_deck(data, rules)
    if not report.valid:
        raise rejected(path, report.diagnostics, report.verdict(shown(path)), data)
    return Deck(report.counts, report.bases > 0, report.diagnostics)
