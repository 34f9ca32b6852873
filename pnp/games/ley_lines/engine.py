"""Ley Lines rules on a position: where a domino may go, how a cairn's energy flows, scoring.

Pure functions and one mutable Position; no files, no drawing. The values the
rules give the pieces for energy: a cairn is 0, a tor 7, a domino half its pips.

Interpretations pnp chooses where the rules are silent (stated in docs/explanation/readings.md
and the rule sheet, and tested):
- A fork tie: when two or more neighbours share the largest value the energy
  may enter, the energy has no single way to go and stops there; that cairn
  does not score (this move).
- Scoring repeats after a placement until no cairn's energy reaches a tor:
  attenuation can free another cairn's flow, which then scores at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from pnp.core.resources import deck_file
from pnp.core.rules import MultisetRules, load_rules

from .board import Space, adjacent, neighbours

SUITS = ("S", "M", "C", "A")
CAIRN_ENERGY = 0
TOR_ENERGY = 7
HAND = 7  # dominoes dealt to each player, 3 or 4 players alike

Domino = tuple[int, int]  # (low, high)


def domino(a: int, b: int) -> Domino:
    return (min(a, b), max(a, b))


def domino_name(d: Domino) -> str:
    return f"{d[0]}-{d[1]}"


DOMINOES: tuple[Domino, ...] = tuple((a, b) for a in range(7) for b in range(a, 7))


@cache
def domino_rules(players: int) -> MultisetRules:
    """The domino set in play, as TOML rules for the shared engine (decks/ley-lines/)."""
    return load_rules(deck_file(f"ley-lines/dominoes-{players}.toml"), [domino_name(d) for d in DOMINOES])


@cache
def cairn_rules() -> MultisetRules:
    return load_rules(deck_file("ley-lines/cairns.toml"))


def dominoes_in_play(players: int) -> list[Domino]:
    rules = domino_rules(players)
    return [d for d in DOMINOES if domino_name(d) not in rules.banned]


@dataclass(frozen=True)
class Cairn:
    owner: str
    value: int


@dataclass
class Position:
    """What lies on the board. Dicts keep insertion order: cairns in placement order."""

    spaces: frozenset[Space]  # the board in use
    cairns: dict[Space, Cairn] = field(default_factory=dict)
    tors: dict[Space, str] = field(default_factory=dict)
    halves: dict[Space, int] = field(default_factory=dict)  # a domino half's value
    partner: dict[Space, Space] = field(default_factory=dict)  # the other half of the same domino

    def empty(self, space: Space) -> bool:
        return space in self.spaces and space not in self.cairns and space not in self.tors and space not in self.halves

    def place(self, first: Space, a: int, second: Space, b: int) -> None:
        self.halves[first], self.halves[second] = a, b
        self.partner[first], self.partner[second] = second, first

    def remove(self, half: Space) -> None:
        other = self.partner.pop(half)
        del self.partner[other], self.halves[half], self.halves[other]

    def dominoes(self) -> list[tuple[Space, Space]]:
        """Each domino on the board once, as its two spaces in board order."""
        return sorted({(min(s, t), max(s, t)) for s, t in self.partner.items()})


# --- energy flow -----------------------------------------------------------------


@dataclass(frozen=True)
class Flow:
    cairn: Space
    path: tuple[Space, ...]  # the domino halves the energy passed through, in order
    tor: Space | None  # where it ended, when it reached a tor
    stop: str  # "tor", "dead-end" (nowhere higher to go) or "tie" (a fork of equal largest values)
    tied: tuple[Space, ...] = ()  # at a tie, the neighbours that tied


def flow(pos: Position, cairn: Space) -> Flow:
    """Follow a cairn's energy: always to the unvisited neighbour (domino half or tor) with the
    largest value not below the present one; never into a cairn; a tie stops it."""
    here, level, visited = cairn, CAIRN_ENERGY, {cairn}
    path: list[Space] = []
    while True:
        options = []
        for near in neighbours(here):
            if near in visited:
                continue
            value = TOR_ENERGY if near in pos.tors else pos.halves.get(near)
            if value is not None and value >= level:
                options.append((value, near))
        if not options:
            return Flow(cairn, tuple(path), None, "dead-end")
        best = max(v for v, _ in options)
        tied = tuple(s for v, s in options if v == best)
        if len(tied) > 1:
            return Flow(cairn, tuple(path), None, "tie", tied)
        (here,) = tied
        if here in pos.tors:
            return Flow(cairn, tuple(path), here, "tor")
        path.append(here)
        visited.add(here)
        level = best


# --- legal placements ----------------------------------------------------------------


@dataclass(frozen=True)
class Reach:
    """The halves already on the board with an energy path to a tor (values never falling
    on the way) and those with one to a cairn (values never rising)."""

    to_tor: frozenset[Space]
    to_cairn: frozenset[Space]


def reach(pos: Position) -> Reach:
    def grow(seeds: set[Space], follows: Callable[[int, int], bool]) -> frozenset[Space]:
        found, todo = set(seeds), list(seeds)
        while todo:
            here = todo.pop()
            for near in neighbours(here):
                if near in pos.halves and near not in found and follows(pos.halves[near], pos.halves[here]):
                    found.add(near)
                    todo.append(near)
        return frozenset(found)

    by_tor = {s for s in pos.halves if any(n in pos.tors for n in neighbours(s))}
    by_cairn = {s for s in pos.halves if any(n in pos.cairns for n in neighbours(s))}
    # Toward a tor values never fall: a half may step onto `here` if its value is at most here's.
    return Reach(grow(by_tor, lambda v, here: v <= here), grow(by_cairn, lambda v, here: v >= here))


def leads(pos: Position, r: Reach, space: Space, value: int) -> tuple[bool, bool]:
    """Would a half of `value` on `space` have an energy path through what is on the board
    already: (to a tor, to a cairn)?"""
    to_tor = to_cairn = False
    for near in neighbours(space):
        v = pos.halves.get(near)
        to_tor = to_tor or near in pos.tors or (v is not None and v >= value and near in r.to_tor)
        to_cairn = to_cairn or near in pos.cairns or (v is not None and v <= value and near in r.to_cairn)
    return to_tor, to_cairn


class Placer:
    """Tests placements on one position, remembering what each (space, value) leads to."""

    def __init__(self, pos: Position) -> None:
        self.pos, self.reach = pos, reach(pos)
        self.known: dict[tuple[Space, int], tuple[bool, bool]] = {}

    def _leads(self, space: Space, value: int) -> tuple[bool, bool]:
        key = (space, value)
        if key not in self.known:
            self.known[key] = leads(self.pos, self.reach, space, value)
        return self.known[key]

    def half_ok(self, space: Space, value: int, other: Space, other_value: int) -> bool:
        """The rules' test for one half of a new domino. A path may run through the domino's
        other half; any longer way back through it can be cut short, so one step onto it is enough."""
        if any(self._leads(space, value)):
            return True
        to_tor, to_cairn = self._leads(other, other_value)
        return (other_value >= value and to_tor) or (other_value <= value and to_cairn)

    def legal(self, first: Space, a: int, second: Space, b: int) -> bool:
        pos = self.pos
        return adjacent(first, second) and pos.empty(first) and pos.empty(second) and self.half_ok(first, a, second, b) and self.half_ok(second, b, first, a)

    def placements(self, d: Domino) -> list[tuple[Space, int, Space, int]]:
        """Every legal way to lay domino `d`: (first space, its value, second space, its value), in board order."""
        found = set()
        for first in self.pos.spaces:
            if self.pos.empty(first):
                for second in neighbours(first):
                    for a, b in ((d[0], d[1]), (d[1], d[0])):
                        if self.legal(first, a, second, b):
                            found.add((first, a, second, b))
        return sorted(found)


# --- scoring --------------------------------------------------------------------------


@dataclass(frozen=True)
class Scored:
    cairn: Space
    owner: str
    value: int
    tor: Space
    tor_owner: str
    path: tuple[Space, ...]
    removed: tuple[tuple[Space, Space], ...]  # dominoes lost to attenuation along this path
    removed_values: tuple[tuple[int, int], ...] = ()  # their values, space by space

    @property
    def doubled(self) -> bool:
        return self.owner == self.tor_owner

    @property
    def points(self) -> int:
        return self.value + len(self.path) * (2 if self.doubled else 1)


def score_all(pos: Position) -> list[Scored]:
    """Score every cairn whose energy reaches a tor, attenuate, lift the scored cairns; repeat
    until none reaches a tor (attenuation may open another cairn's way)."""
    events: list[Scored] = []
    while True:
        reaching = [(f, f.tor) for f in (flow(pos, c) for c in pos.cairns) if f.tor is not None]
        if not reaching:
            return events
        gone: set[Space] = set()
        for f, tor in reaching:
            cairn = pos.cairns[f.cairn]
            lost = []
            for half in f.path:
                a, b = sorted((half, pos.partner[half]))
                if a not in gone and max(pos.halves[a], pos.halves[b]) <= cairn.value:
                    gone.update((a, b))
                    lost.append((a, b))
            values = tuple((pos.halves[a], pos.halves[b]) for a, b in lost)
            events.append(Scored(f.cairn, cairn.owner, cairn.value, tor, pos.tors[tor], f.path, tuple(lost), values))
        for e in events[-len(reaching) :]:
            for a, _ in e.removed:
                pos.remove(a)
            del pos.cairns[e.cairn]
