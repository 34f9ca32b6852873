"""A `.plc` record (records.py) played through the rules engine (game.py), and a game the engine
played written as one.

`replay` pushes each line's action and stops at the first that breaks a rule: its finding is
placed on the word at fault (the card, the cell, the clause) and lists a few of the actions
legal there. Where a deck is given as a list (a table record), each draw's named card is put
on top of the deck's remaining cards before the action that draws it; where it is given in
order, a named card is checked against the order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from pnp.core.diagnostics import Diagnostic, error, plural
from pnp.core.textfile import Word

from .actions import RANDOM, Action, Decline, Dominate, Draw, FaceDown, IllegalAction, Pass, Pick, Play, Shuffle
from .game import Game, Outcome, in_order
from .records import PLAYER_NAMES, ActionItem, CardsItem, FirstItem, Move, ReadingItem, Record, TurnItem, Verb, cards, cell_name, readings_of
from .setup import HAND_SIZE
from .table import MARGIN, Cell, prices
from .variant import Variant

HINTS = 6  # legal actions a finding lists


@dataclass
class Replayed:
    """A record's game as replayed: the game, the last turn begun (0: the set-up), the last action
    applied, and the finding of the rule a line breaks, where the replay stopped at one."""

    record: Record
    game: Game
    turns: int = 0
    last: Action | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.diagnostics


class _Breach(Exception):
    def __init__(self, code: str, message: str, line: int, column: int):
        super().__init__(message)
        self.diagnostic = error(code, message, line, column)


def replay(record: Record, until_turn: int | None = None) -> Replayed:
    """The game a record holds, to the end of turn `until_turn` (None: all of it)."""
    try:
        decks = (_deck(record, 0), _deck(record, 1))
    except _Breach as breach:
        return Replayed(record, Game.start(([], []), record.first.player, record.variant), diagnostics=[breach.diagnostic])
    done = Replayed(record, Game.start(decks, record.first.player, record.variant))
    ordered = (record.decks[0].ordered, record.decks[1].ordered)
    for move in record.moves:
        if isinstance(move, TurnItem) and until_turn is not None and move.number > until_turn:
            break
        try:
            _over(done.game, move)
            if isinstance(move, TurnItem):
                _turn(done, move)
            else:
                _begun(done, move)
                done.last = _apply(done.game, move, ordered)
        except _Breach as breach:
            done.diagnostics.append(breach.diagnostic)
            break
    return done


def _deck(record: Record, p: int) -> list[str]:
    """`p`'s deck as the engine takes it (top card last), the opening hand on top."""
    deck, hand, who = record.decks[p], record.hands[p], PLAYER_NAMES[p]
    listed = cards(deck.cards)
    opening = min(HAND_SIZE, len(listed))
    if hand is not None and len(hand.cards) != opening:
        raise _Breach("wrong-hand", f"{who}'s opening hand holds {plural(opening, 'card')}, not {len(hand.cards)}", hand.line, hand.column)
    if deck.ordered:
        if hand is not None:
            _within(hand.cards, listed[:opening], hand, f"the first {opening} of {who}'s deck in order")
        return list(reversed(listed))
    assert hand is not None  # a list without a hand does not parse
    _within(hand.cards, listed, hand, f"{who}'s deck list")
    rest = Counter(listed) - Counter(cards(hand.cards))
    return [*in_order(list(rest.elements())), *reversed(cards(hand.cards))]


def _within(named: Sequence[Word], pool: Sequence[str], item: CardsItem, what: str) -> None:
    left = Counter(pool)
    for column, card in named:
        if not left[card]:
            raise _Breach("not-in-deck", f"{what} holds no {'more ' * (card in pool)}{card}", item.line, column)
        left[card] -= 1


def _over(game: Game, move: Move) -> None:
    outcome = game.outcome()
    if outcome is not None:
        raise _Breach("game-over", f"the game is over: {ending_text(game, outcome)}", move.line, move.column)


def _turn(done: Replayed, move: TurnItem) -> None:
    game = done.game
    if game.turn == done.turns:
        if game.turn == 0:
            raise _Breach("setup-going", f"the set-up is still going: {_who(game)} places a card face down next", move.line, move.column)
        what = f"{_who(game)} answers an effect first" if game.pending else f"{PLAYER_NAMES[game.player]} has {plural(game.actions, 'action')} left"
        raise _Breach("turn-going", f"turn {game.turn} is still going: {what}{_legal_hint(game)}", move.line, move.column)
    if move.number != game.turn:
        raise _Breach("wrong-turn", f"this is turn {game.turn}, not {move.number}", move.line, move.at["number"])
    if move.player != game.player:
        raise _Breach("wrong-player", f"turn {game.turn} is {PLAYER_NAMES[game.player]}'s", move.line, move.at["player"])
    done.turns = game.turn


def _begun(done: Replayed, item: ActionItem) -> None:
    game = done.game
    if game.turn > done.turns:
        raise _Breach("no-turn-line", f"turn {game.turn} begins here: write `turn {game.turn} {PLAYER_NAMES[game.player]}` first", item.line, item.column)


def _apply(game: Game, item: ActionItem, ordered: tuple[bool, bool]) -> Action:
    """Push the action a line names, its draws checked; the action as applied."""
    p = game.to_move
    action = _action(game, item, ordered[p])
    if _undrawn(action) not in game.legal_actions():
        raise _refusal(game, item, action)
    _chance(game, item, action, ordered[p])
    named = {p: item.draws, 1 - p: item.four_draws}
    for q in (0, 1):
        _stack(game, q, named[q], ordered[q], item)
    before = [len(side.deck) for side in game.sides]
    try:
        applied = game.push(action)
    except IllegalAction as exc:  # every rule push checks is checked above; this is the engine's word if one is not
        raise _Breach("illegal", str(exc), item.line, item.column) from None
    if isinstance(action, Shuffle):
        return applied
    for q in (0, 1):
        drawn = before[q] - len(game.sides[q].deck)
        given = named[q]
        who = PLAYER_NAMES[q]
        if len(given) > drawn:
            raise _Breach("extra-draw", f"{who} draws {plural(drawn, 'card')} here, not {len(given)}", item.line, given[drawn][0])
        if drawn > len(given) and not ordered[q]:
            clause = "four-draw" if q != p else "draw"
            raise _Breach(
                "unnamed-draw", f"{who} draws {plural(drawn, 'card')} here: name {'it' if drawn == 1 else 'them'} (`{clause} C`)", item.line, item.at["end"]
            )
    return applied


def _action(game: Game, item: ActionItem, ordered: bool) -> Action:
    """The action a line names, its chance part as the record gives it."""
    verb = item.verb
    if verb == "face-down":
        assert item.card is not None and item.cell is not None  # the parse needs both
        return FaceDown(item.card, item.cell)
    if verb == "play":
        assert item.card is not None and item.cell is not None  # the parse needs both
        return Play(item.card, item.cell, in_order(cards(item.discards)), item.friendly, item.trash)
    if verb in ("dominate", "pick"):
        assert item.cell is not None  # the parse needs it
        return Dominate(item.cell) if verb == "dominate" else Pick(item.cell)
    if verb == "shuffle":
        if item.order is not None and not ordered:
            who = PLAYER_NAMES[game.to_move]
            raise _Breach(
                "shuffle-order", f"{who}'s deck is a list, not an order: a shuffle gives no order (the draws name what comes)", item.line, item.at["order"]
            )
        side = game.sides[game.to_move]
        return Shuffle(tuple(reversed(cards(item.order))) if item.order is not None else tuple(side.deck + side.discard))
    simple: dict[str, Action] = {"draw": Draw(), "pass": Pass(), "decline": Decline()}
    return simple[verb]


def _undrawn(action: Action) -> Action:
    """`action` as `Game.legal_actions` offers it, its chance part undrawn."""
    if isinstance(action, Shuffle):
        return Shuffle()
    if isinstance(action, Play) and action.trash is not None:
        return action._replace(trash=RANDOM)
    return action


def _chance(game: Game, item: ActionItem, action: Action, ordered: bool) -> None:
    """A shuffle's order holds the deck and discard pile; a 5 trashes a card that is in the pile."""
    p = game.to_move
    who, side = PLAYER_NAMES[p], game.sides[p]
    if isinstance(action, Shuffle) and ordered:
        pool = side.deck + side.discard
        if item.order is None:
            raise _Breach(
                "shuffle-order",
                f"write the deck after the shuffle, in the order drawn: {who}'s {len(pool)} cards of deck and discard pile",
                item.line,
                item.at["end"],
            )
        left = Counter(pool)
        for column, card in item.order:
            if not left[card]:
                raise _Breach("shuffle-order", f"{who}'s deck and discard pile hold no {'more ' * (card in pool)}{card}: {_cards(pool)}", item.line, column)
            left[card] -= 1
        if len(item.order) < len(pool):
            missing = _cards(list((Counter(pool) - Counter(cards(item.order))).elements()))
            raise _Breach(
                "shuffle-order", f"the shuffle leaves out {missing}: it holds {who}'s deck and discard pile, {len(pool)} cards", item.line, item.at["end"]
            )
    if isinstance(action, Play) and action.trash is not None:
        pile = game.sides[1 - p].discard
        if action.trash not in pile:
            other = PLAYER_NAMES[1 - p]
            raise _Breach("bad-trash", f"{other}'s discard pile holds no {action.trash}: {_cards(pile)}", item.line, item.at["trash"])


def _stack(game: Game, q: int, named: Sequence[Word], ordered: bool, item: ActionItem) -> None:
    """Before an action: the cards `q` is named to draw on top of `q`'s deck, or checked against its order."""
    deck, who = game.sides[q].deck, PLAYER_NAMES[q]
    if ordered:
        for i, (column, card) in enumerate(named):
            if i >= len(deck):
                raise _Breach("extra-draw", f"{who}'s deck holds only {plural(len(deck), 'card')} here", item.line, column)
            if deck[-1 - i] != card:
                raise _Breach("wrong-draw", f"{who} draws {_a(deck[-1 - i])} here, the next card of the deck in order, not {_a(card)}", item.line, column)
        return
    left = Counter(deck)
    for column, card in named:
        if not left[card]:
            holds = f"it holds {_cards(deck)}" if deck else "it is empty"
            raise _Breach("not-in-deck", f"{who}'s deck holds no {card} now: {holds}", item.line, column)
        left[card] -= 1
    deck[:] = [*left.elements(), *reversed(cards(named))]


# --- why an action is refused ------------------------------------------------------------------

_ASKS = {"seven": "card 7's free domination", "nine": "card 9's free play", "two": "card 2's pick", "four": "card 4's draw"}


def _refusal(game: Game, item: ActionItem, action: Action) -> _Breach:
    """The finding for an action not among the legal ones: what is wrong, where, and what is legal."""
    hint, legal = _legal_hint(game), game.legal_actions()
    p, line = game.to_move, item.line
    who, phase = PLAYER_NAMES[p], game.phase
    offered = any(type(a) is type(action) for a in legal)
    if phase in _ASKS and not offered:
        return _Breach("answer-first", f"{_ASKS[phase]} is {who}'s to answer first{hint}", line, item.column)
    if phase == "setup" and not offered:
        return _Breach("setup-going", f"the set-up is still going: {who} places a card face down{hint}", line, item.column)
    if isinstance(action, FaceDown) and not offered:
        return _Breach("not-now", f"cards go face down in the set-up only{hint}", line, item.column)
    if isinstance(action, (Play, FaceDown)):
        return _placement(game, item, action, hint)
    if isinstance(action, Dominate):
        return _Breach("cannot-dominate", _domination(game, action.cell) + hint, line, item.at["cell"])
    if isinstance(action, Pick) and offered:
        return _Breach("bad-pick", f"{cell_name(action.cell)} holds no friendly of the 2's to pick{hint}", line, item.at["cell"])
    if not offered:
        return _Breach("not-now", f"{item.verb} is not possible now{_why_not(game, action)}{hint}", line, item.column)
    return _Breach("illegal", f"{item.verb} is not legal here{hint}", line, item.column)


def _why_not(game: Game, action: Action) -> str:
    side, who = game.sides[game.to_move], PLAYER_NAMES[game.to_move]
    if isinstance(action, Shuffle):
        return f": a shuffle takes two actions and {who} has {game.actions}" if game.actions < 2 else f": {who}'s discard pile is empty"
    if isinstance(action, Draw):
        return f": {who}'s deck is empty" if not side.deck else f": {who} holds {game.variant.hand_limit} cards, the limit"
    if isinstance(action, Pass):
        return ": a pass is allowed only when no action is"
    return ""


def _placement(game: Game, item: ActionItem, action: Play | FaceDown, hint: str) -> _Breach:
    p, line = game.to_move, item.line
    who, side = PLAYER_NAMES[p], game.sides[p]
    card, cell = action.card, action.cell
    if card not in side.hand:
        return _Breach("not-in-hand", f"{who} holds no {card}: the hand is {_cards(list(Counter(side.hand).elements()))}{hint}", line, item.at["card"])
    same = [a for a in game.legal_actions() if type(a) is type(action) and a.card == card]
    if not same:
        return _Breach("cannot-play", f"no play of {_a(card)} is legal now{_price(game, card)}{hint}", line, item.at["card"])
    there = [a for a in same if a.cell == cell]
    if not there:
        cells = sorted({a.cell for a in same})
        shown = ", ".join(map(cell_name, cells[:HINTS])) + (", …" if len(cells) > HINTS else "")
        return _Breach("bad-cell", f"{_a(card)} cannot go on {cell_name(cell)}: {who}'s cells for it now are {shown}", line, item.at["cell"])
    assert isinstance(action, Play)  # a face-down card legal on its cell is legal
    plays = [a for a in there if isinstance(a, Play)]
    if action.friendly not in {a.friendly for a in plays}:
        friends = ", ".join(sorted({cell_name(a.friendly) for a in plays if a.friendly is not None}))
        if not friends:
            return _Breach("bad-friendly", "this play costs no friendly", line, item.at["friendly"])
        return _Breach("bad-friendly", f"card 3 costs a friendly here: name one of {friends} (`friendly X,Y`)", line, item.at.get("friendly", item.at["end"]))
    plays = [a for a in plays if a.friendly == action.friendly]
    if action.discards not in {a.discards for a in plays}:
        price = prices()[card]
        ways = "; ".join(" ".join(a.discards) for a in plays[:HINTS] if a.discards)
        if price <= 0 or not ways:
            return _Breach("bad-discard", f"{_a(card)} discards nothing here", line, item.at["discard"])
        return _Breach(
            "bad-discard",
            f"the price of {_a(card)} is {plural(price, 'card')} of {who}'s hand, the {card} apart: pay with one of {ways}",
            line,
            item.at.get("discard", item.at["end"]),
        )
    other = PLAYER_NAMES[1 - p]
    if action.trash is None:
        return _Breach("bad-trash", f"a 5 bordering an enemy trashes a card of {other}'s discard pile: name it (`trash C`)", line, item.at["end"])
    return _Breach("bad-trash", "this 5 trashes nothing: it borders no enemy, or the discard pile is empty", line, item.at["trash"])


def _price(game: Game, card: str) -> str:
    price, side = prices()[card], game.sides[game.to_move]
    if price < 0 and len(side.deck) < -price:
        return f": its price draws {plural(-price, 'card')} and the deck holds {len(side.deck)}"
    if price > 0 and side.hand_size - 1 < price:
        return f": its price discards {plural(price, 'other card')} of the hand"
    return ""


def _domination(game: Game, cell: Cell) -> str:
    """Why `cell` cannot be dominated by the player to move, in numbers where there are some."""
    p, table = game.to_move, game.table
    who, other = PLAYER_NAMES[p], PLAYER_NAMES[1 - p]
    name = cell_name(cell)
    enemy_base = cell == table.bases[1 - p]
    if not enemy_base and (cell not in table.tops or table.tops[cell].owner == p):
        return f"{name} holds no enemy card"
    total, count = table.total(cell, p)
    what = f"{other}'s Base" if enemy_base else f"{other}'s card on {name}"
    if game.phase == "seven" and cell not in table.near(game.pending[0].cell):
        return f"card 7 dominates only an enemy bordering it, and {what} does not"
    if not count:
        return f"no connected card of {who}'s borders {what}"
    need = table.defence(cell) + MARGIN
    wanted = f"exactly {need}" if game.variant.dominate == "exactly" else f"at least {need}"
    return f"{what} is worth {table.defence(cell)}: {who}'s connected cards bordering it total {total}, and {wanted} is needed"


def _legal_hint(game: Game) -> str:
    """`; legal here: draw, play 7 at 3,0, …`: a few legal actions, each kind of action among them."""
    legal = game.legal_actions()
    if not legal:
        return ""
    picked: list[int] = []
    for key in (lambda a: type(a), lambda a: (type(a), getattr(a, "card", None)), lambda a: a):
        seen: set[object] = set()
        for i, a in enumerate(legal):
            k = key(a)
            if len(picked) < HINTS and k not in seen and i not in picked:
                picked.append(i)
            seen.add(k)
    shown = [action_text(legal[i]) for i in sorted(picked)]
    more = f", … ({len(legal)} in all)" if len(legal) > len(shown) else ""
    return f"; legal here: {', '.join(shown)}{more}"


def action_text(action: Action) -> str:
    """An action as a record line writes it, without the cards it draws (a 5's trash undrawn: `trash C`)."""
    if isinstance(action, FaceDown):
        return f"face-down {action.card} at {cell_name(action.cell)}"
    if isinstance(action, Play):
        words = [f"play {action.card} at {cell_name(action.cell)}"]
        if action.discards:
            words.append("discard " + " ".join(action.discards))
        if action.friendly is not None:
            words.append(f"friendly {cell_name(action.friendly)}")
        if action.trash is not None:
            words.append(f"trash {'C' if action.trash == RANDOM else action.trash}")
        return " ".join(words)
    if isinstance(action, (Dominate, Pick)):
        return f"{'dominate' if isinstance(action, Dominate) else 'pick'} {cell_name(action.cell)}"
    return {Draw: "draw", Shuffle: "shuffle", Pass: "pass", Decline: "decline"}[type(action)]


def _a(card: str) -> str:
    return f"an {card}" if card == "8" else f"a {card}"


def _cards(pile: Sequence[str]) -> str:
    return " ".join(in_order(pile)) if pile else "nothing"


def _who(game: Game) -> str:
    return PLAYER_NAMES[game.to_move]


# --- how it ended ------------------------------------------------------------------------------


def ending_text(game: Game, outcome: Outcome) -> str:
    """How the game ended and who won, in words: `A took B's Base: A wins`."""
    winner = "a draw" if outcome.winner is None else f"{PLAYER_NAMES[outcome.winner]} wins"
    if outcome.ending == "base":
        assert outcome.winner is not None  # a Base is taken by someone
        return f"{PLAYER_NAMES[outcome.winner]} took {PLAYER_NAMES[1 - outcome.winner]}'s Base: {winner}"
    if outcome.ending == "turn-cap":
        return f"stopped at the turn cap ({game.variant.turn_cap} turns): {winner}"
    why = "both players ran out of cards" if outcome.ending == "out-of-cards" else "both players passed a whole turn"
    return f"{why}; {nearest_text(game)}: {winner}"


def nearest_text(game: Game) -> str:
    """`A's nearest card is 3 from B's Base, B's 5 from A's` (steps, as the variant measures; none: no card on the table)."""
    a, b = (game.table.closest(p) for p in (0, 1))
    return f"A's nearest card is {'none' if a is None else a} from B's Base, B's {'none' if b is None else b} from A's"


# --- writing a game as a record ----------------------------------------------------------------


def record_of(decks: tuple[Sequence[str], Sequence[str]], first: int, variant: Variant, history: Sequence[Action], header: Sequence[str] = ()) -> Record:
    """The record of a game played from `decks` (each in the order drawn, first drawn first):
    the decks in order, each draw named, a turn line as each turn begins, and a comment on each
    effect's answer and on the last action."""
    game = Game.start((list(reversed(decks[0])), list(reversed(decks[1]))), first, variant)
    moves: list[Move] = []
    turns = 0
    for action in history:
        if game.turn > turns:
            turns = game.turn
            moves.append(TurnItem(0, 0, turns, game.player, at={}))
        p, phase = game.to_move, game.phase
        before = [list(side.deck) for side in game.sides]
        applied = game.push(action)
        drawn = [() if isinstance(applied, Shuffle) else tuple((0, c) for c in reversed(before[q][len(game.sides[q].deck) :])) for q in (0, 1)]
        note = _ASKS.get(phase, "")
        if phase == "two":
            note = f"card 2's pick, by {PLAYER_NAMES[p]}"
        if game.outcome() is not None:
            note = "; ".join(filter(None, [note, f"the end: {ending_text(game, game.outcome())}"]))  # type: ignore[arg-type]  # not None, just checked
        moves.append(_item(applied, drawn[p], drawn[1 - p], note))
    readings = tuple(ReadingItem(0, 0, key, value, at={}) for key, value in readings_of(variant))
    deck_items = tuple(CardsItem(0, 0, q, tuple((0, c) for c in decks[q]), True, at={}) for q in (0, 1))
    return Record(tuple(header), readings, variant, (deck_items[0], deck_items[1]), (None, None), FirstItem(0, 0, first, at={}), tuple(moves))


def _item(action: Action, draws: tuple[Word, ...], four_draws: tuple[Word, ...], note: str) -> ActionItem:
    at: dict[str, int] = {}
    if isinstance(action, FaceDown):
        return ActionItem(0, 0, "face-down", action.card, action.cell, note=note, at=at)
    if isinstance(action, Play):
        discards = tuple((0, c) for c in action.discards)
        return ActionItem(0, 0, "play", action.card, action.cell, discards, action.friendly, action.trash, draws, four_draws, note=note, at=at)
    if isinstance(action, (Dominate, Pick)):
        return ActionItem(0, 0, "dominate" if isinstance(action, Dominate) else "pick", cell=action.cell, note=note, at=at)
    if isinstance(action, Shuffle):
        assert action.order is not None  # as applied
        return ActionItem(0, 0, "shuffle", order=tuple((0, c) for c in reversed(action.order)), note=note, at=at)
    verb: Verb = "draw" if isinstance(action, Draw) else "pass" if isinstance(action, Pass) else "decline"
    return ActionItem(0, 0, verb, draws=draws, note=note, at=at)
