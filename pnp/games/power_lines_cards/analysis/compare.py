"""Two Power Lines decks side by side: `pnp deck compare A.deck B.deck`.

Everything is B minus A: the copies of each kind, the exact odds of `odds.analyze` for each deck
(the groups' chance of at least one and expected cards, in the 8 drawn and in the 5 kept after
the set-up; each kind's expected cards), the value and price curves as counts, the card economy
and, when asked, both decks' goldfish speed on the same seeds (`simulation.results.Paired`: the difference
of the mean turn and its 95 % interval). A deck compared with itself differs by 0 everywhere.

`Comparison.as_json(a, b)` is the `pnp deck compare --json` result; every figure compared is a
triple `{"a": x, "b": y, "difference": y - x}`:

    {
      "files": {"a": str, "b": str},
      "total": triple,                                  # cards, Base not counted
      "counts": {"0": triple, ..., "10": triple},       # copies per kind
      "groups": {"draw": {"kinds": [...], "copies": triple,
                          "opening_expected": triple, "opening_at_least_one_percent": triple,
                          "kept_expected": triple, "kept_at_least_one_percent": triple}, ...},
      "kinds": {"0": {"opening_expected": triple, "opening_at_least_one_percent": triple,
                      "kept_expected": triple, "kept_at_least_one_percent": triple}, ...},
      "by_value": {"<value>": triple, ...},             # copies per printed value
      "by_price": {"<price>": triple, ...},             # copies per price ("-2" ... "2")
      "economy": {"cards_drawn", "cards_discarded", "net", "average_value", "average_price": triple},
      "goldfish": null | {"games", "seed", "turns", "a": {...}, "b": {...},  # each as `deck goldfish`
                          "difference", "ci95": [lo, hi], "verdict", "method",
                          "both_won", "only_a_won", "only_b_won", "neither_won"}
    }

Expected cards are rounded to 4 decimals and chances are percentages rounded to 4 decimals; each
difference is computed from the exact fractions, then rounded.

Pure Python: no drawing, no command line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnp.games.power_lines_cards.rules.engine import Deck
from pnp.games.power_lines_cards.rules.setup import FACE_DOWN, HAND_SIZE
from pnp.games.power_lines_cards.simulation.results import Paired
from pnp.games.power_lines_cards.simulation.text import PLAYED, render_paired, turn_text

from .odds import Analysis, Odds, Row, analyze, percent

DIGITS = 4


def triple(a: float | Fraction, b: float | Fraction, scale: int = 1) -> dict[str, Any]:
    """`{"a", "b", "difference"}`: whole numbers as they are, fractions as rounded floats."""
    if isinstance(a, int) and isinstance(b, int) and scale == 1:
        return {"a": a, "b": b, "difference": b - a}
    return {"a": round(float(a * scale), DIGITS), "b": round(float(b * scale), DIGITS), "difference": round(float((b - a) * scale), DIGITS)}


def _odds(a: Odds, b: Odds, when: str) -> dict[str, Any]:
    return {
        f"{when}_expected": triple(a.expected, b.expected),
        f"{when}_at_least_one_percent": triple(a.at_least_one, b.at_least_one, 100),
    }


def _rows(a: Row, b: Row) -> dict[str, Any]:
    return {**_odds(a.opening, b.opening, "opening"), **_odds(a.kept, b.kept, "kept")}


@dataclass(frozen=True)
class Comparison:
    a: Analysis
    b: Analysis
    speed: Paired | None = None  # A as the deck, B as the other

    def as_json(self, file_a: str | None, file_b: str | None) -> dict[str, Any]:
        a, b = self.a, self.b
        sa, sb = a.stats, b.stats
        return {
            "files": {"a": file_a, "b": file_b},
            "total": triple(a.total, b.total),
            "counts": {k: triple(sa.counts[k], sb.counts[k]) for k in sa.counts},
            "groups": {ra.name: {"kinds": list(ra.kinds), "copies": triple(ra.copies, rb.copies), **_rows(ra, rb)} for ra, rb in zip(a.groups, b.groups)},
            "kinds": {ra.name: _rows(ra, rb) for ra, rb in zip(a.kinds, b.kinds)},
            "by_value": {str(v): triple(sa.by_value[v], sb.by_value[v]) for v in sa.by_value},
            "by_price": {str(p): triple(sa.by_price[p], sb.by_price[p]) for p in sa.by_price},
            "economy": {
                "cards_drawn": triple(sa.cards_drawn, sb.cards_drawn),
                "cards_discarded": triple(sa.cards_discarded, sb.cards_discarded),
                "net": triple(sa.cards_drawn - sa.cards_discarded, sb.cards_drawn - sb.cards_discarded),
                "average_value": triple(sa.average_value, sb.average_value),
                "average_price": triple(sa.average_price, sb.average_price),
            },
            "goldfish": self._speed_json(),
        }

    def _speed_json(self) -> dict[str, Any] | None:
        if self.speed is None:
            return None
        s = self.speed
        counted = s.counted()
        ci = s.ci95
        return {
            "games": s.deck.games,
            "seed": s.deck.seed,
            "turns": s.deck.turns,
            "a": s.deck.as_json(),
            "b": s.other.as_json(),
            "difference": s.difference,
            "ci95": list(ci) if ci else None,
            "verdict": s.verdict,
            "method": s.method_for("A", "B"),
            "both_won": counted["both_won"],
            "only_a_won": counted["only_deck_won"],
            "only_b_won": counted["only_other_won"],
            "neither_won": counted["neither_won"],
        }

    def render(self, file_a: str, file_b: str) -> str:
        a, b = self.a, self.b
        sa, sb = a.stats, b.stats
        if (a.hand_size, a.kept_size) == (b.hand_size, b.kept_size):
            where = f"in the {a.hand_size} drawn | in the {a.kept_size} kept"
        else:  # a deck smaller than the hand (a format of your own) is drawn whole
            where = f"in the hand drawn (A {a.hand_size}, B {b.hand_size}) | in the hand kept (A {a.kept_size}, B {b.kept_size})"
        lines = [f"A {file_a}: {_cards(a)}", f"B {file_b}: {_cards(b)}", "differences: B minus A", ""]
        lines += _table(
            ["card", "A", "B", "B-A"],
            [[k, sa.counts[k], sb.counts[k], _diff(sb.counts[k] - sa.counts[k])] for k in sa.counts] + [["total", a.total, b.total, _diff(b.total - a.total)]],
        )
        for title, field in (("chance of 1 or more (B-A in percentage points)", "at_least_one"), ("expected cards", "expected")):
            show = percent if field == "at_least_one" else _cards_shown
            lines += ["", f"{title}: {where}"]
            rows = []
            for ra, rb in zip(a.groups, b.groups):
                label = f"{ra.name} ({','.join(ra.kinds)})"
                rows.append([label, *_side(ra.opening, rb.opening, field, show), "|", *_side(ra.kept, rb.kept, field, show)])
            if field == "expected":
                rows += [[ra.name, *_side(ra.opening, rb.opening, field, show), "|", *_side(ra.kept, rb.kept, field, show)] for ra, rb in zip(a.kinds, b.kinds)]
            lines += _table(["group" if field == "at_least_one" else "group / card", "A", "B", "B-A", "|", "A", "B", "B-A"], rows)
        for title, ca, cb in (
            ("value", sa.by_value, sb.by_value),
            ("price (negative: draw, positive: discard)", sa.by_price, sb.by_price),
        ):
            named: Callable[[int], str] = (lambda v: str(v)) if title == "value" else (lambda p: f"{p:+d}" if p else "0")
            lines += ["", f"copies by {title}"]
            lines += _table([title.split()[0], "A", "B", "B-A"], [[named(k), ca[k], cb[k], _diff(cb[k] - ca[k])] for k in ca])
        lines += ["", "card economy (each copy's price paid once)"]
        net_a, net_b = sa.cards_drawn - sa.cards_discarded, sb.cards_drawn - sb.cards_discarded
        lines += _table(
            ["", "A", "B", "B-A"],
            [
                ["cards drawn", sa.cards_drawn, sb.cards_drawn, _diff(sb.cards_drawn - sa.cards_drawn)],
                ["cards discarded", sa.cards_discarded, sb.cards_discarded, _diff(sb.cards_discarded - sa.cards_discarded)],
                ["net", net_a, net_b, _diff(net_b - net_a)],
                ["average value", f"{sa.average_value:.2f}", f"{sb.average_value:.2f}", _diff(round(sb.average_value - sa.average_value, 2), 2)],
                ["average price", f"{sa.average_price:+.2f}", f"{sb.average_price:+.2f}", _diff(round(sb.average_price - sa.average_price, 2), 2)],
            ],
        )
        if self.speed is not None:
            s = self.speed
            lines += [
                "",
                f"goldfish: {s.deck.games} game{'s' * (s.deck.games != 1)} each on the same seeds (seed {s.deck.seed}), up to {s.deck.turns} turns",
                PLAYED,
            ]
            lines += _table(
                ["", "median", "mean", "p10", "p90", "never"],
                [
                    [name, turn_text(r.median), turn_text(r.mean), turn_text(r.p10), turn_text(r.p90), f"{r.never_percent:g} %"]
                    for name, r in (("A", s.deck), ("B", s.other))
                ],
            )
            lines += render_paired(s, "A", "B")
        return "\n".join(lines)


def compare(a: Deck, b: Deck, speed: Paired | None = None, hand_size: int = HAND_SIZE, face_down: int = FACE_DOWN) -> Comparison:
    """Deck B against deck A; `speed`: their goldfish runs on the same seeds (`simulation.run.paired(a, b, ...)`)."""
    return Comparison(
        analyze(a.counts, (), hand_size, face_down, a.has_base),
        analyze(b.counts, (), hand_size, face_down, b.has_base),
        speed,
    )


# --- text --------------------------------------------------------------------------------------


def _cards(analysis: Analysis) -> str:
    return f"{analysis.total} card{'s' * (analysis.total != 1)}" + (" (+ Base)" if analysis.stats.has_base else "")


def _diff(x: float, places: int = 0) -> str:
    """A difference with its sign: `+2`, `-0.35`, `0`."""
    if not x:
        return "0"
    return f"{x:+d}" if isinstance(x, int) and not places else f"{x:+.{places}f}"


def _cards_shown(x: Fraction) -> str:
    return f"{float(x):.2f}"


def _side(a: Odds, b: Odds, field: str, show: Callable[[Fraction], str]) -> list[str]:
    """A's and B's figure and the difference (percentage points for chances)."""
    x, y = getattr(a, field), getattr(b, field)
    scale = 100 if field == "at_least_one" else 1
    d = round(float((y - x) * scale), 2)
    return [show(x), show(y), _diff(d, 2) if d else "0"]


def _table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    """Columns: the first left-aligned, the rest right-aligned; `|` columns kept narrow."""
    cells = [[str(c) for c in row] for row in [head, *rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(head))]
    lines = []
    for row in cells:
        parts = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(parts).rstrip())
    return lines
