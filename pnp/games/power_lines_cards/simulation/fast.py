"""Whole games played out fast: the card game's compiled core (`_cgame.c`) where it was built,
else the Python engine and players, with the same results either way.

`playout(game, players, rng)` plays `game` (any state: a fresh one, or a copy a search player
made with `Game.determinize`) to its end with two of pnp's players, and leaves `game` as it
was. The compiled core plays exactly as `rules/game.py` and `players.py` do: the same legal
actions in the same order, the same choices, the same draws from `rng` (its state goes in, and
comes back out, so `rng` goes on as if Python had played). Python is the reference; the core is
a faster copy of it, checked against it by tests/cards/test_fast_engine.py.

This module is the one place that chooses: the core when it was compiled (hatch_build.py, at
install) and the environment variable PNP_ENGINE is not "python"; the Python engine otherwise,
and for a table too big for the core's grid. The cards' numbers (printed values, prices, the
Base's value) are read from `rules/table.py` at every call, never fixed in the core.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import astuple, dataclass
from functools import lru_cache
from typing import Any, Literal

from pnp.games.power_lines_cards.rules import setup
from pnp.games.power_lines_cards.rules.actions import Action, Decline, Dominate, Draw, FaceDown, Pass, Pick, Play, Shuffle
from pnp.games.power_lines_cards.rules.game import ACTIONS_PER_TURN, FREE_PLAY_MAX, SHUFFLE_ACTIONS, Ending, Game, Outcome, Pending, Side
from pnp.games.power_lines_cards.rules.table import (
    EIGHT_BONUS,
    FACE_DOWN_VALUE,
    MARGIN,
    ONE_BONUS,
    ZERO_BELOW,
    Piece,
    Table,
    base_value,
    prices,
    printed_values,
)
from pnp.games.power_lines_cards.rules.variant import Variant

from .greedy import greedy_player
from .simple import Player, passing_player, random_player

try:
    from pnp.games.power_lines_cards import _cgame  # type: ignore[attr-defined]  # a C extension hatch_build.py compiles: no source for mypy
except ImportError:  # not compiled at install time: the Python engine plays
    _cgame = None

Engine = Literal["compiled", "python"]


# The players the core knows, by their code there.
_CODES: dict[Player, int] = {random_player: 0, greedy_player: 1, passing_player: 2}
_ENDINGS: tuple[Ending, ...] = ("base", "out-of-cards", "all-passed", "turn-cap")
_PENDING: tuple[Literal["seven", "nine", "two", "four"], ...] = ("seven", "nine", "two", "four")
# What the core's fixed-size fields hold (MAXK, MAXD and worth_key in _cgame.c): more kinds, a
# dearer price or a bigger value than these, and the Python engine plays.
CORE_KINDS, CORE_PRICE, CORE_VALUE = 60, 7, 499


def engine() -> Engine:
    """The engine `playout` uses: the compiled one, when it was built and PNP_ENGINE is not "python"."""
    return "python" if _cgame is None or os.environ.get("PNP_ENGINE") == "python" else "compiled"


@dataclass
class Playout:
    """A game played out: how it ended, its last turn and the actions left in it, how many actions
    were pushed and (when asked for) which, and for each player and card kind how many were drawn
    into the hand and how many played face up (card 9's free plays included), counted from the
    state given (a fresh game's opening hands were drawn before: they are its hands)."""

    outcome: Outcome
    turn: int
    actions: int
    pushes: int
    history: list[Action] | None
    drawn: tuple[Counter[str], Counter[str]]
    played: tuple[Counter[str], Counter[str]]
    engine: Engine
    game: Game | None  # the game at its end, when asked for (always on the Python engine)
    falls: tuple[bool, bool] | None = None  # base_falls for each player, where the core found it

    def base_falls(self, player: int) -> bool:
        """Whether `player` may dominate the enemy Base from the final table as it stands."""
        if self.falls is not None:
            return self.falls[player]
        assert self.game is not None  # the Python engine keeps its game
        return base_falls(self.game, player)


def base_falls(game: Game, player: int) -> bool:
    """Whether `player` may dominate the enemy Base from `game`'s table as it stands (by the
    engine's rules): the table alone, `player` to act with every action of a turn."""
    table = game.table
    stacks = {cell: (*table.under.get(cell, ()), piece) for cell, piece in table.tops.items()}
    after = Game.position(stacks, player=player, variant=game.variant)
    return Dominate(table.bases[1 - player]) in after.legal_actions()


def playout(game: Game, players: tuple[Player, Player], rng: random.Random, history: bool = False, final: bool = False) -> Playout:
    """`game` played to its end by `players` (A's, B's), chance drawn from `rng`; `game` itself is
    left as it was. `history`: keep the actions pushed from here (`Playout.history`); `final`:
    the game at its end too (`Playout.game`, its history the game's own and these)."""
    if engine() == "compiled" and all(p in _CODES for p in players):
        done = _compiled(game, players, rng, history, final)
        if done is not None:
            return done
    return _python(game, players, rng, history)


def _python(game: Game, players: tuple[Player, Player], rng: random.Random, history: bool) -> Playout:
    """The reference: each player's choice pushed in turn, on a copy, counting the draws and plays."""
    game = game.copy()
    start = len(game.history)
    drawn: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    played: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    while (outcome := game.outcome()) is None:
        mover = game.to_move
        before = [list(side.deck) for side in game.sides]
        action = game.push(players[mover](game, rng), rng)
        if not isinstance(action, Shuffle):  # draws take cards off a deck's end; a shuffle draws none
            for q in (0, 1):
                drawn[q].update(before[q][len(game.sides[q].deck) :])
        if isinstance(action, Play):
            played[mover][action.card] += 1
    pushed = game.history[start:]
    return Playout(outcome, game.turn, game.actions, len(pushed), pushed if history else None, drawn, played, "python", game)


# --- the compiled core: the state in, the game out ------------------------------------------------


@lru_cache(maxsize=64)
def _config(variant: Variant, values: tuple[tuple[str, int], ...], price: tuple[tuple[str, int], ...], base: int) -> tuple[object, ...]:
    """What the core reads at each call: the cards in catalogue order, the rules' constants, the Variant."""
    names = [name for name, _ in values]
    index = {name: i for i, name in enumerate(names)}
    effects = tuple(index.get(str(n), -1) for n in range(11))  # card effects go by the kinds named "0".."10"
    order, high = setup._rule()
    constants = (ACTIONS_PER_TURN, SHUFFLE_ACTIONS, FREE_PLAY_MAX, FACE_DOWN_VALUE, MARGIN, ZERO_BELOW, ONE_BONUS, EIGHT_BONUS, setup.HIGH_VALUE, setup.RESERVE)
    v = variant
    readings = (
        v.bases_apart,
        v.corners_border,
        v.dominate == "exactly",
        v.base_adds_to_total,
        v.base_is_enemy,
        v.zero_reads == "current",
        v.zero_face_down == "card",
        v.zero_alone == "minus-two",
        v.zero_decrease == "base",
        v.distance == "king",
        v.two_chains,
        v.three_friendly == "hand",
        v.three_may_cut,
        v.four_draw == "may",
        v.six_covered == "discarded",
        v.seven_needs_total,
        v.nine_value == "current",
        v.nine_pays_price,
        v.out_of_cards == "deck-and-hand",
        v.all_passed == "draw",
        v.turn_cap,
        -1 if v.hand_limit is None else v.hand_limit,
    )
    assert len(readings) == len(astuple(v))  # a new reading needs the core to know it
    return (
        tuple(value for _, value in values),
        tuple(dict(price)[name] for name in names),
        base,
        effects,
        tuple(index[name] for name in order),
        tuple(index[name] for name in high),
        constants,
        tuple(int(r) for r in readings),
    )


def _code(piece: Piece, index: dict[str, int]) -> int:
    return index[piece.card] | piece.owner << 6 | piece.face_down << 7


def _state(game: Game, index: dict[str, int]) -> tuple[tuple[object, ...], tuple[int, int]]:
    """The core's encoding of `game` (see read_state in _cgame.c), how many cards it holds and the most one player has."""
    table = game.table
    tops = tuple((x, y, _code(p, index), tuple(_code(q, index) for q in table.under.get((x, y), ()))) for (x, y), p in table.tops.items())
    zeros = tuple((x, y, v) for (x, y), v in table.zeros.items())
    sides = tuple(
        (
            tuple(index[c] for c in s.deck),
            tuple((index[c], n) for c, n in s.hand.items()),
            tuple(index[c] for c in s.discard),
            tuple(index[c] for c in s.trash),
        )
        for s in game.sides
    )
    numbers = (game.first, game.player, game.turn, game.actions, *game.placing, int(game.fresh), game.passes)
    pending = tuple((_PENDING.index(q.kind), q.player, *q.cell) for q in game.pending)
    held = [len(s.deck) + s.hand_size + len(s.discard) + len(s.trash) for s in game.sides]
    for piece in [*table.tops.values(), *(q for under in table.under.values() for q in under)]:
        held[piece.owner] += 1
    return (game.variant.bases_apart, tops, zeros, sides, numbers, pending), (sum(held), max(held))


def _compiled(game: Game, players: tuple[Player, Player], rng: random.Random, history: bool, final: bool) -> Playout | None:
    values = printed_values()
    if len(values) > CORE_KINDS or max(prices().values()) > CORE_PRICE or max(map(abs, values.values())) > CORE_VALUE:
        return None
    names = list(values)
    index = {name: i for i, name in enumerate(names)}
    config = _config(game.variant, tuple(values.items()), tuple(prices().items()), base_value())
    outcome = game.outcome()
    if outcome is not None:  # nothing to play
        return Playout(
            outcome, game.turn, game.actions, 0, [] if history else None, (Counter(), Counter()), (Counter(), Counter()), "compiled", game.copy(), None
        )
    state, cards = _state(game, index)
    version, words, gauss = rng.getstate()
    done = _cgame.playout(config, state, (_CODES[players[0]], _CODES[players[1]]), words, cards, history or final, final)
    if done is None:  # a table too big for the core's grid
        return None
    winner, ending, turn, actions, pushes, pushed, drawn, played, words, end, falls = done
    rng.setstate((version, words, gauss))
    actions_pushed = [_action(a, names) for a in pushed] if pushed is not None else None
    outcome = Outcome(winner, _ENDINGS[ending])
    return Playout(
        outcome,
        turn,
        actions,
        pushes,
        actions_pushed if history else None,
        (_counts(drawn[0], names), _counts(drawn[1], names)),
        (_counts(played[0], names), _counts(played[1], names)),
        "compiled",
        _game(game, end, names, actions_pushed or [], outcome) if final else None,
        falls,
    )


def _counts(numbers: tuple[int, ...], names: list[str]) -> Counter[str]:
    return Counter({name: n for name, n in zip(names, numbers) if n})


def _action(value: Any, names: list[str]) -> Action:
    """An action as the core gives it (act_value in _cgame.c): a tuple, its kind first."""
    kind = value[0]
    if kind == 0:
        _, card, x, y = value
        return FaceDown(names[card], (x, y))
    if kind == 1:
        _, card, x, y, discards, friendly, trash = value
        return Play(names[card], (x, y), tuple(names[d] for d in discards), friendly, None if trash == -1 else names[trash])
    if kind in (2, 5):
        cell = (value[1], value[2])
        return Dominate(cell) if kind == 2 else Pick(cell)
    if kind == 4:
        return Shuffle(tuple(names[c] for c in value[1]))
    simple: dict[int, Action] = {3: Draw(), 6: Pass(), 7: Decline()}
    return simple[kind]


def _game(start: Game, state: Any, names: list[str], pushed: list[Action], outcome: Outcome) -> Game:
    """The Game the core's final state describes (state_value in _cgame.c): `start` with `pushed` played to `outcome`."""
    _, tops, zeros, sides, numbers, pending = state
    game = Game.__new__(Game)
    game.variant, table = start.variant, Table(start.variant)
    for x, y, top, under in tops:
        table.tops[(x, y)] = _piece(top, names)
        if under:
            table.under[(x, y)] = tuple(_piece(q, names) for q in under)
    table.zeros = {(x, y): v for x, y, v in zeros}
    game.table = table
    a, b = (
        Side([names[c] for c in deck], {names[c]: n for c, n in hand}, [names[c] for c in discard], [names[c] for c in trash])
        for deck, hand, discard, trash in sides
    )
    game.sides = (a, b)
    game.first, game.player, game.turn, game.actions, p0, p1, fresh, game.passes = numbers
    game.placing, game.fresh = [p0, p1], bool(fresh)
    game.pending = [Pending(_PENDING[kind], player, (x, y)) for kind, player, x, y in pending]
    game.result, game.history, game._legal = outcome, [*start.history, *pushed], None
    return game


def _piece(code: int, names: list[str]) -> Piece:
    return Piece(names[code & 63], code >> 6 & 1, bool(code >> 7))
