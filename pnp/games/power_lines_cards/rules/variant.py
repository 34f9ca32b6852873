"""The readings of the Power Lines card rules that the text leaves open, as one `Variant`.

The rules are written for people round a table; an engine must settle every question they leave
to good sense. Each question is one field of `Variant`; the default is pnp's reading, and a
small TOML file (`bases_apart = 12`, one key a line) picks another (`parse_variant`).

The table
---------
- `bases_apart` (11): the Bases' cells are 11 apart, centre to centre, on one row, as the
  goldfish has them: "approximately 11 card lengths apart" read as a distance, so ten empty
  cells lie between and a straight line takes ten cards. 12 reads it as a gap of 11 cards.
- `corners_border` (false): cards border only across a side. The rules say cards "touch"; a
  grid of cards laid edge to edge touches at corners too, but a corner touch is easy to miss
  at a real table and would double the cells each card reaches.

Dominating
----------
- `dominate` ("at-least"): "value is two less than the total" is read as a minimum: a bigger
  total never protects the card. "exactly" needs the total to be the value plus two.
- `base_adds_to_total` (false): your own Base adds nothing to a domination. The rules make it
  "not a friendly", and only friendlies make the total; placement reads it the same way.
- `base_is_enemy` (true): for cards 2, 5 and 7 the opponent's Base is an enemy card (the
  rules' "enemy" is any card of another player; only "friendly" excludes the Base): a 7
  beside the enemy Base may take it, as the goldfish plays, a 5 beside it trashes, and the
  opponent picks for a 2 even with no card of theirs on the table. Card 4 never meets a Base,
  which is never played. The dominate action may always take a Base, whatever this says.

Card 0
------
- `zero_reads` ("printed"): the highest *printed* value among bordering friendlies, as the
  card says; "current" reads their values with bonuses (a bordering 0 is then read as printed,
  which breaks the loop two 0s would make).
- `zero_face_down` ("five"): a face-down friend is read as 5, the value the rules give it;
  "card" reads the card underneath (its owner knows it).
- `zero_alone` ("printed"): with no bordering friendly a 0 is worth its printed 0; "minus-two"
  takes two from nothing.
- `zero_decrease` ("value"): the 0 is trashed whenever its value goes down, a lost +1 from a
  card 1 included; "base" watches only the part its own rule gives.

Cards 2 to 9
------------
- `distance` ("steps"): "closest" at the end counts rows plus columns (the cards a line
  needs); "king" counts a diagonal step as one. Card 2's "nearest enemy" needs no measure with
  two players: every enemy is the opponent's.
- `two_chains` (true): a 2 discarded by another 2's effect triggers in turn: the rule speaks of
  every 2 that is discarded. The choice is made by the opponent after the action that caused
  it; only face-up 2s leaving the table trigger (a 2 in a hand or pile has no neighbours).
- `three_friendly` ("table"): the friendly card 3 costs is one of your cards on the table, the
  rules' own meaning of "friendly"; "hand" makes it one more card discarded from the hand.
- `three_may_cut` (true): the friendly may be one whose loss cuts cards off your Base; they
  stay, but add nothing to a domination and carry no line until joined again. The 3 itself
  must still go on a cell bordering your Base or a connected friendly once the friendly is gone.
- `four_draw` ("must"): the 4's owner draws (the card says "draw a card", not "may"); "may"
  lets them decline. With an empty deck nothing is drawn.
- `six_covered` ("under"): the covered card stays under the 6, out of play (no value, no effect,
  borders nothing) and comes back when the 6 leaves; "discarded" sends it to its owner's
  discard pile. A 6 covers an enemy whose current value is 6 or less; never a Base.
- `seven_needs_total` (true): the 7's free domination is a domination, so the total must still
  beat the value by two; false lets it take any bordering enemy.
- `nine_value` ("printed"): the free card's printed value is at most 5; "current" counts the
  value it would have on its cell. `nine_pays_price` (true): "free" spares an action, not the
  price; false plays it for nothing (card 3's friendly included).

The end
-------
- `out_of_cards` ("every-pile"): a player has run out of cards when deck, hand and discard pile
  are all empty: a discard pile is one shuffle away from the hand. "deck-and-hand" ignores it.
- `all_passed` ("closest"): when every player has passed a whole turn in a row, the game is
  judged as when both run out of cards; "draw" ends it drawn.
- `turn_cap` (200): the game is stopped, a draw, when turn 201 would begin (both players' turns
  counted), so that every game ends.
- `hand_limit` (none): the rules set none. A limit forbids the draw action at that many cards;
  draws a price or card 4 makes still happen.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Literal, get_args, get_type_hints

from pnp.core.diagnostics import Diagnostic, Parsed, error, rejected, shown
from pnp.core.rules import key_positions, shown_value
from pnp.core.textfile import decode, position, read_bytes


@dataclass(frozen=True)
class Variant:
    """One reading of every open question; see the module's docstring for each."""

    bases_apart: int = field(default=11, metadata={"min": 2})
    corners_border: bool = False
    dominate: Literal["at-least", "exactly"] = "at-least"
    base_adds_to_total: bool = False
    base_is_enemy: bool = True
    zero_reads: Literal["printed", "current"] = "printed"
    zero_face_down: Literal["five", "card"] = "five"
    zero_alone: Literal["printed", "minus-two"] = "printed"
    zero_decrease: Literal["value", "base"] = "value"
    distance: Literal["steps", "king"] = "steps"
    two_chains: bool = True
    three_friendly: Literal["table", "hand"] = "table"
    three_may_cut: bool = True
    four_draw: Literal["must", "may"] = "must"
    six_covered: Literal["under", "discarded"] = "under"
    seven_needs_total: bool = True
    nine_value: Literal["printed", "current"] = "printed"
    nine_pays_price: bool = True
    out_of_cards: Literal["every-pile", "deck-and-hand"] = "every-pile"
    all_passed: Literal["closest", "draw"] = "closest"
    turn_cap: int = field(default=200, metadata={"min": 1})
    hand_limit: int | None = field(default=None, metadata={"min": 1})


DEFAULT = Variant()

_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def parse_variant(text: str) -> Parsed[Variant]:
    """The variant a TOML text sets (the defaults for every key it leaves out), or every mistake
    in it, each at its line and column."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        at = _TOML_AT.search(str(exc))
        line, column = (int(at[1]), int(at[2])) if at else position(text)  # tomllib gives no line "at end of document"
        reason = _TOML_AT.sub("", str(exc)).replace("(at end of document)", "at the end of the file").strip()
        return Parsed(None, [error("not-toml", f"not valid TOML: {reason}", line, column)])
    where = key_positions(text)
    hints = get_type_hints(Variant)
    known = {f.name: f for f in fields(Variant)}
    found: list[Diagnostic] = []
    for key, value in data.items():
        line, column = next((at for loc, at in where.items() if loc[:1] == (key,)), (1, 1))  # `a.b = 1` sets the table a
        if key not in known:
            close = difflib.get_close_matches(key, list(known))
            hint = f"; did you mean {close[0]}?" if close else f"; the readings are {', '.join(known)}"
            found.append(error("unknown-reading", f"unknown reading {key!r}{hint}", line, column))
            continue
        problem = _problem(value, hints[key], known[key].metadata.get("min"))
        if problem:
            found.append(error("bad-reading", f"{key}: {problem}", line, column))
    if found:
        return Parsed(None, found)
    return Parsed(Variant(**data))


def read_variant(data: bytes) -> Parsed[Variant]:
    """`parse_variant` of a file's bytes; bytes that are not UTF-8 text are one finding."""
    text, problem = decode(data)
    if problem is not None:
        return Parsed(None, [problem])
    assert text is not None  # decode gives the text or the problem
    return parse_variant(text)


def load_variant(path: Path) -> Variant:
    """The variant in `path`; a Rejected error (a PnpError) listing every finding if it has any."""
    data = read_bytes(path)
    parsed = read_variant(data)
    if parsed.value is None:
        count = len(parsed.diagnostics)
        raise rejected(path, parsed.diagnostics, f"{shown(path)}: invalid variant ({count} error{'s' * (count != 1)})", data)
    return parsed.value


def _problem(value: object, hint: object, least: int | None) -> str | None:
    """What is wrong with `value` for a field typed `hint`, in the file's terms; None if nothing."""
    shown = shown_value(value)
    if hint is bool:
        return None if isinstance(value, bool) else f"true or false is expected, not {shown}"
    choices = get_args(hint)
    if choices and all(isinstance(c, str) for c in choices):
        return None if value in choices else f"one of {', '.join(map(shown_value, choices))} is expected, not {shown}"
    if not isinstance(value, int) or isinstance(value, bool):  # an int field, or `int | None` (left out for None)
        return f"a whole number is expected, not {shown}"
    if least is not None and value < least:
        return f"at least {least} is expected, not {shown}"
    return None
