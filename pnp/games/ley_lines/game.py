"""Replaying a `.leylines` record under the rules: set-up, turns, scoring, the end of the game.

The replay stops at the first line that breaks a rule (later lines depend on it),
reporting what is wrong there and what would be legal.

Set-up as pnp reads the rules:
- Cairns go down one at a time in seat order, starting with the first player listed,
  each on an empty space of the board in use, never orthogonally next to another cairn.
- Tors then go down in the reverse order: the last seat first. A tor is never
  orthogonally next to a cairn, and any two tors are at least 3 king moves apart
  (two whole spaces between them, counted along rows, columns or diagonals).
- Play starts with the first player listed and goes round in seat order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pnp.core.diagnostics import error
from pnp.core.textfile import ReplayedGame

from .board import Space, adjacent, board, king_distance, name, neighbours
from .engine import (
    HAND,
    Cairn,
    Domino,
    Placer,
    Position,
    Scored,
    cairn_rules,
    domino,
    domino_name,
    domino_rules,
    dominoes_in_play,
    score_all,
)
from .files import CairnItem, DealItem, Item, Record, TorItem, TurnItem

CAIRNS_EACH = 6
TOR_SPACING = 3  # least king distance between two tors
LAST_CAIRN = "the last cairn was scored"
ALL_PASSED = "every player passed in succession"


@dataclass(frozen=True)
class Event:
    turn: int
    scored: Scored


@dataclass
class Game(ReplayedGame):
    players: tuple[str, ...]
    pos: Position
    scores: dict[str, int]
    cairns_placed: list[tuple[str, int, int]] = field(default_factory=list)  # owner, value, line
    tors_placed: int = 0
    hands: dict[str, Counter[Domino]] = field(default_factory=dict)  # known hands: what is left in each (no key at zero)
    laid: dict[str, int] = field(default_factory=dict)  # dominoes each player has placed
    dealt: dict[Domino, tuple[str, int]] = field(default_factory=dict)  # domino -> (owner, line)
    played: dict[Domino, int] = field(default_factory=dict)  # domino -> line
    events: list[Event] = field(default_factory=list)
    turns: int = 0
    passes: int = 0  # in a row

    @property
    def n(self) -> int:
        return len(self.players)

    def winners(self) -> list[str]:
        """The players with the highest score once the game is over (several: a tie); none before."""
        if not self.finished:
            return []
        best = max(self.scores.values())
        return [s for s in self.players if self.scores[s] == best]

    def to_move(self) -> str:
        return self.players[self.turns % self.n]


class _Breach(Exception):
    def __init__(self, code: str, message: str, line: int, column: int):
        super().__init__(message)
        self.diagnostic = error(code, message, line, column)


def new_game(players: tuple[str, ...]) -> Game:
    return Game(players, Position(board().in_use(len(players))), {s: 0 for s in players})


def replay(record: Record, until_turn: int | None = None) -> Game:
    """The game a record holds, replayed up to turn `until_turn` (all by default)."""
    game = new_game(record.players.suits)
    for item in record.items:
        if isinstance(item, TurnItem) and until_turn is not None and game.turns >= until_turn:
            break
        try:
            apply(game, item)
        except _Breach as breach:
            game.diagnostics.append(breach.diagnostic)
            break
    return game


def apply(game: Game, item: Item) -> None:
    if isinstance(item, CairnItem):
        _cairn(game, item)
    elif isinstance(item, TorItem):
        _tor(game, item)
    elif isinstance(item, DealItem):
        _deal(game, item)
    else:
        _turn(game, item)


def _order(players: tuple[str, ...]) -> str:
    return " ".join(players)


def _in_turn(item: CairnItem | TorItem | TurnItem, who: str, expected: str, code: str, rule: str) -> None:
    """The suit that places or plays an item (its field `who`) is the one whose turn it is; else the
    breach `code`, saying whose turn it is and the `rule`."""
    if getattr(item, who) != expected:
        raise _Breach(code, f"it is {expected}'s turn{rule}", item.line, item.at[who])


def _on_board(game: Game, space: Space, line: int, column: int) -> None:
    if space in game.pos.spaces:
        return
    island = board().island.get(space)
    if island is not None:
        raise _Breach("off-board", f"{name(space)} is on {island}, which a {game.n}-player game leaves out: 3 players use Albion only", line, column)
    raise _Breach("off-board", f"{name(space)} is sea, not a space of the board", line, column)


def _empty(game: Game, space: Space, line: int, column: int) -> None:
    pos = game.pos
    what = "a cairn" if space in pos.cairns else "a tor" if space in pos.tors else "a domino" if space in pos.halves else None
    if what:
        raise _Breach("occupied", f"{name(space)} already holds {what}", line, column)


def _cairn(game: Game, item: CairnItem) -> None:
    total = CAIRNS_EACH * game.n
    if game.tors_placed or len(game.cairns_placed) == total:
        raise _Breach("cairns-done", f"all {total} cairns are placed; the tors come next", item.line, item.column)
    expected = game.players[len(game.cairns_placed) % game.n]
    _in_turn(item, "owner", expected, "cairn-order", f" to place a cairn: cairns go down one at a time in seat order ({_order(game.players)})")
    own = Counter(str(v) for o, v, _ in game.cairns_placed if o == item.owner)
    own[str(item.value)] += 1
    if any(v.code == "too-many-copies" for v in cairn_rules().check(own)):
        first = next(line for o, v, line in game.cairns_placed if o == item.owner and v == item.value)
        left = ", ".join(str(v) for v in range(CAIRNS_EACH) if own[str(v)] == 0)
        raise _Breach(
            "cairn-value",
            f"{item.owner} already placed its cairn {item.value} (line {first}); each value 0-5 is one coin; left: {left}",
            item.line,
            item.at["value"],
        )
    _clear_of_cairns(game, item, "cairn-adjacent", "cairns may touch only diagonally")
    game.pos.cairns[item.space] = Cairn(item.owner, item.value)
    game.cairns_placed.append((item.owner, item.value, item.line))


def _clear_of_cairns(game: Game, item: CairnItem | TorItem, code: str, rule: str) -> None:
    """A cairn's or a tor's space: on the board, empty, and beside no cairn (`rule` says why not)."""
    _on_board(game, item.space, item.line, item.at["space"])
    _empty(game, item.space, item.line, item.at["space"])
    near = [s for s in neighbours(item.space) if s in game.pos.cairns]
    if near:
        raise _Breach(code, f"{name(item.space)} is next to the cairn on {name(near[0])}; {rule}", item.line, item.at["space"])


def _tor(game: Game, item: TorItem) -> None:
    total = CAIRNS_EACH * game.n
    if len(game.cairns_placed) < total:
        missing = []
        for suit in game.players:
            counts = Counter(str(v) for o, v, _ in game.cairns_placed if o == suit)
            missing += [f"{suit} {v.item}" for v in cairn_rules().check(counts) if v.code == "too-few-copies"]
        raise _Breach(
            "tor-early",
            f"only {len(game.cairns_placed)} of {total} cairns {'is' if len(game.cairns_placed) == 1 else 'are'} placed (still to place: {', '.join(missing)}); tors come after every cairn",
            item.line,
            item.column,
        )
    if game.tors_placed == game.n:
        raise _Breach("tors-done", f"all {game.n} tors are placed; each player has one", item.line, item.column)
    expected = game.players[game.n - 1 - game.tors_placed]
    rule = f" to place a tor: tors go down in reverse seat order, the last cairn's owner first ({_order(game.players[::-1])})"
    _in_turn(item, "owner", expected, "tor-order", rule)
    _clear_of_cairns(game, item, "tor-adjacent", "a tor may touch a cairn only diagonally")
    close = [s for s in game.pos.tors if king_distance(s, item.space) < TOR_SPACING]
    if close:
        raise _Breach(
            "tor-spacing",
            f"{name(item.space)} is too close to the tor on {name(close[0])}: tors need two whole spaces between them, along rows, columns or diagonals",
            item.line,
            item.at["space"],
        )
    game.pos.tors[item.space] = item.owner
    game.tors_placed += 1


def _deal(game: Game, item: DealItem) -> None:
    if game.tors_placed < game.n:
        raise _Breach("deal-early", "dominoes are dealt after the tors are placed", item.line, item.column)
    if game.turns:
        raise _Breach("deal-late", "the deal comes before the first turn", item.line, item.column)
    if item.owner in game.hands:
        raise _Breach("deal-twice", f"{item.owner} was already dealt dominoes", item.line, item.at["owner"])
    rules = domino_rules(game.n)
    counts: Counter[str] = Counter()
    for values, column in zip(item.dominoes, item.columns):
        d = domino(*values)
        counts[domino_name(d)] += 1
        problems = [v for v in rules.check(counts) if v.code in ("banned", "too-many-copies")]
        if problems:
            what = "sets aside the dominoes with a six" if problems[0].code == "banned" else "has each domino once"
            raise _Breach("bad-deal", f"{domino_name(d)} cannot be dealt: a {game.n}-player game {what}", item.line, column)
        if d in game.dealt:
            owner, line = game.dealt[d]
            raise _Breach("bad-deal", f"{domino_name(d)} was already dealt to {owner} (line {line})", item.line, column)
    if len(item.dominoes) != HAND:
        raise _Breach(
            "hand-size",
            f"{len(item.dominoes)} dominoes dealt; the {rules.total.exactly} dominoes go out evenly, {HAND} to each player",
            item.line,
            item.at["owner"],
        )
    game.hands[item.owner] = Counter(domino(*v) for v in item.dominoes)
    for values in item.dominoes:
        game.dealt[domino(*values)] = (item.owner, item.line)


def _turn(game: Game, item: TurnItem) -> None:
    if game.tors_placed < game.n:
        raise _Breach("turn-early", f"play starts once all {game.n} tors are placed ({game.tors_placed} so far)", item.line, item.column)
    if game.finished:
        raise _Breach("game-over", f"the game is over: {game.finished} (line {game.finished_line})", item.line, item.column)
    _in_turn(item, "player", game.to_move(), "turn-order", f": play goes round in seat order ({_order(game.players)}), {game.players[0]} first")
    if item.values is None:
        game.turns += 1
        game.passes += 1
        if game.passes == game.n:
            game.finished, game.finished_line = ALL_PASSED, item.line
        return
    hand = game.hands.get(item.player)
    laid = game.laid.get(item.player, 0)
    if (hand is not None and not hand) or laid >= HAND:
        # Each player is dealt HAND dominoes: once all are laid the hand is empty, dealt or not.
        raise _Breach("empty-hand", f"{item.player}'s hand is empty: it has laid all {HAND} of its dominoes and must pass", item.line, item.at["domino"])
    d = domino(*item.values)
    rules = domino_rules(game.n)
    if domino_name(d) in rules.banned:
        raise _Breach("six", f"{domino_name(d)} is not in play: a {game.n}-player game sets aside the dominoes with a six", item.line, item.at["domino"])
    if d in game.played:
        raise _Breach("played-twice", f"{domino_name(d)} was already played on line {game.played[d]}; each domino is played once", item.line, item.at["domino"])
    if d in game.dealt and game.dealt[d][0] != item.player:
        owner, line = game.dealt[d]
        raise _Breach("not-in-hand", f"{domino_name(d)} was dealt to {owner} (line {line}), not to {item.player}", item.line, item.at["domino"])
    if hand is not None and not hand[d]:
        held = " ".join(domino_name(x) for x in sorted(hand.elements()))
        raise _Breach("not-in-hand", f"{item.player} was not dealt {domino_name(d)}; left in hand: {held}", item.line, item.at["domino"])
    first, second = item.first, item.second
    assert first is not None and second is not None
    a, b = item.values
    for space, key in ((first, "first"), (second, "second")):
        _on_board(game, space, item.line, item.at[key])
        _empty(game, space, item.line, item.at[key])
    if not adjacent(first, second):
        raise _Breach(
            "not-adjacent",
            f"{name(first)} and {name(second)} are not side by side: a domino covers two orthogonally adjacent spaces",
            item.line,
            item.at["second"],
        )
    placer = Placer(game.pos)
    if not placer.legal(first, a, second, b):
        blocked, value, key = (first, a, "first") if not placer.half_ok(first, a, second, b) else (second, b, "second")
        raise _Breach(
            "no-energy-path",
            f"the {value} on {name(blocked)} has no energy path to a tor (values never falling) or a cairn (never rising); {_where_legal(game, d)}",
            item.line,
            item.at[key],
        )
    game.pos.place(first, a, second, b)
    game.played[d] = item.line
    game.laid[item.player] = laid + 1
    if hand is not None:
        hand[d] -= 1
        if not hand[d]:
            del hand[d]  # a Counter keeps keys at zero: then an empty hand would still look full
    game.turns += 1
    game.passes = 0
    for scored in score_all(game.pos):
        game.events.append(Event(game.turns, scored))
        game.scores[scored.tor_owner] += scored.points
    if not game.pos.cairns:
        game.finished, game.finished_line = LAST_CAIRN, item.line


def _where_legal(game: Game, d: Domino) -> str:
    found = Placer(game.pos).placements(d)
    if not found:
        return f"{domino_name(d)} fits nowhere now, so pass or play another domino"
    shown = ", ".join(f"`{a}-{b} {name(f)} {name(s)}`" for f, a, s, b in found[:3])
    return f"legal now, for example {shown}" + (f" ({len(found)} ways in all)" if len(found) > 3 else "")


def legal_moves(game: Game, suit: str) -> list[tuple[Domino, Space, int, Space, int]]:
    """Every legal placement for `suit` from its known hand (if unknown: every domino neither
    played nor dealt to someone else)."""
    hand = game.hands.get(suit)
    if game.laid.get(suit, 0) >= HAND:
        pool = []
    elif hand is not None:
        pool = sorted(hand.elements())
    else:
        pool = [d for d in dominoes_in_play(game.n) if d not in game.played and game.dealt.get(d, (suit, 0))[0] == suit]
    placer = Placer(game.pos)
    return [(d, f, a, s, b) for d in dict.fromkeys(pool) for f, a, s, b in placer.placements(d)]
