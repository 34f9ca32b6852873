"""The card game's compiled core (`_cgame.c`) against the Python engine and players, its reference.

The same game, started alike, must come out the same from both: every action pushed (chance
parts included), the outcome, the last turn and actions left, the cards drawn and played, the
table, piles and hands at the end, and the generator's state afterwards. Checked for many seeds
and every pair of players, under each reading of the rules flipped one at a time, and from
states part-way through a game (a determinized copy among them, as a search player makes).
"""

from __future__ import annotations

import random
from dataclasses import fields, replace
from pathlib import Path
from typing import get_args, get_type_hints

import pytest

from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.rules.game import Game, shuffled
from pnp.games.power_lines_cards.rules.variant import DEFAULT, Variant
from pnp.games.power_lines_cards.simulation import fast
from pnp.games.power_lines_cards.simulation.match import match_record
from pnp.games.power_lines_cards.simulation.players import PLAYERS
from pnp.games.power_lines_cards.simulation.run import goldfish

ROOT = Path(__file__).resolve().parents[2]
STARTER = load_deck(ROOT / "decks" / "starter.deck").cards()
# a deck heavy in the cards whose effects chain: 0s that fall, 2s that pick, 6s that cover, 9s that play
EFFECTS = ["0"] * 5 + ["2"] * 4 + ["6"] * 4 + ["9"] * 3 + ["3"] * 3 + ["1"] * 3 + ["5"] * 3 + ["4"] * 3 + ["7"] * 2
PAIRS = [("random", "random"), ("greedy", "greedy"), ("greedy", "random"), ("random", "greedy")]
INT_READINGS = {"bases_apart": (2, 4, 12), "turn_cap": (30,), "hand_limit": (4, 9)}

pytestmark = pytest.mark.skipif(fast._cgame is None, reason="the card game's C core was not built (no C compiler when pnp was installed)")


def readings() -> list[Variant]:
    """Every Variant with one reading changed: each other choice of a choice, a flag flipped, a few numbers."""
    hints = get_type_hints(Variant)
    found = []
    for f in fields(Variant):
        now = getattr(DEFAULT, f.name)
        if f.name in INT_READINGS:
            others = INT_READINGS[f.name]
        elif hints[f.name] is bool:
            others = (not now,)
        else:
            others = tuple(c for c in get_args(hints[f.name]) if c != now)
        found += [replace(DEFAULT, **{f.name: other}) for other in others]
    return found


def start(seed: int, variant: Variant = DEFAULT, cards: list[str] = STARTER) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    return Game.start((shuffled(cards, rng), shuffled(cards, rng)), first=rng.randrange(2), variant=variant), rng


def both(game: Game, players: tuple[str, str], rng: random.Random, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play `game` out on each engine from the same generator state; everything must agree."""
    chosen = (PLAYERS[players[0]], PLAYERS[players[1]])
    twin = random.Random()
    twin.setstate(rng.getstate())
    monkeypatch.setenv("PNP_ENGINE", "python")
    python = fast.playout(game, chosen, rng, history=True, final=True)
    monkeypatch.delenv("PNP_ENGINE")
    compiled = fast.playout(game, chosen, twin, history=True, final=True)
    assert (python.engine, compiled.engine) == ("python", "compiled")
    assert compiled.history == python.history
    assert (compiled.outcome, compiled.turn, compiled.actions) == (python.outcome, python.turn, python.actions)
    assert (compiled.drawn, compiled.played) == (python.drawn, python.played)
    assert twin.getstate() == rng.getstate()
    a, b = python.game, compiled.game
    assert a is not None and b is not None
    assert (b.table.tops, b.table.under, list(b.table.zeros.items())) == (a.table.tops, a.table.under, list(a.table.zeros.items()))
    for x, y in zip(a.sides, b.sides):
        assert (y.deck, list(y.hand.items()), y.discard, y.trash) == (x.deck, list(x.hand.items()), x.discard, x.trash)
    assert (b.player, b.turn, b.actions, b.placing, b.pending, b.fresh, b.passes, b.history) == (
        a.player,
        a.turn,
        a.actions,
        a.placing,
        a.pending,
        a.fresh,
        a.passes,
        a.history,
    )
    assert [compiled.base_falls(p) for p in (0, 1)] == [fast.base_falls(a, p) for p in (0, 1)]


def test_the_generator_is_pythons() -> None:
    rng = random.Random(5)
    state = rng.getstate()
    for n in (1, 2, 3, 7, 26, 1000, 2**31 - 1, 2**32 - 1):
        rng.setstate(state)
        drawn, after = fast._cgame.randbelow(state[1], n, 200)
        assert drawn == [rng._randbelow(n) for _ in range(200)]  # type: ignore[attr-defined]  # CPython's own, the reference
        assert after == rng.getstate()[1]


@pytest.mark.parametrize("players", PAIRS, ids="-".join)
@pytest.mark.parametrize("block", range(2))
def test_whole_games_are_the_pythons(players: tuple[str, str], block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    size = 30 if "greedy" in players else 60  # 300 games in all
    for seed in range(block * size, (block + 1) * size):
        game, rng = start(seed, cards=STARTER if seed % 3 else EFFECTS)
        both(game, players, rng, monkeypatch)


@pytest.mark.parametrize(
    "variant", readings(), ids=lambda v: next(f"{f.name}={getattr(v, f.name)}" for f in fields(v) if getattr(v, f.name) != getattr(DEFAULT, f.name))
)
def test_each_reading_plays_the_same(variant: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(4):
        for players in PAIRS[:3]:
            game, rng = start(seed, variant, STARTER if seed % 2 else EFFECTS)
            both(game, players, rng, monkeypatch)


@pytest.mark.parametrize("players", PAIRS[:3], ids="-".join)
def test_from_a_state_part_way_through(players: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = (PLAYERS[players[0]], PLAYERS[players[1]])
    for seed in range(20):
        game, rng = start(seed, cards=STARTER if seed % 2 else EFFECTS)
        for _ in range(5 + 7 * seed % 60):  # set-up, or well into the game
            if game.outcome() is not None:
                break
            game.push(chosen[game.to_move](game, rng), rng)
        if seed % 3 == 0 and game.outcome() is None:
            game = game.determinize(game.to_move, rng)  # as a search player looks ahead
        before = game.copy()
        both(game, players, rng, monkeypatch)
        assert game.history == before.history and game.outcome() == before.outcome()  # left as it was


def test_records_and_goldfish_figures_are_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    deck = load_deck(ROOT / "decks" / "starter.deck")
    decks = (deck.cards(), EFFECTS)
    compiled = [match_record(decks, ("greedy", "random"), seed) for seed in range(5)]
    solo = goldfish(deck, games=40, seed=3, jobs=1)
    monkeypatch.setenv("PNP_ENGINE", "python")
    assert [match_record(decks, ("greedy", "random"), seed) for seed in range(5)] == compiled
    assert goldfish(deck, games=40, seed=3, jobs=1) == solo


class _Refuses:
    def playout(self, *args: object) -> None:
        raise AssertionError("the compiled core was called")


def test_pnp_engine_python_plays_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNP_ENGINE", "python")
    monkeypatch.setattr(fast, "_cgame", _Refuses())
    assert fast.engine() == "python"
    game, rng = start(1)
    done = fast.playout(game, (PLAYERS["greedy"], PLAYERS["random"]), rng)
    assert done.engine == "python" and done.outcome is not None


def test_a_table_too_big_for_the_core_is_played_in_python() -> None:
    game, rng = start(2, replace(DEFAULT, bases_apart=10**7, turn_cap=4))
    done = fast.playout(game, (PLAYERS["random"], PLAYERS["random"]), rng)
    assert fast.engine() == "compiled" and done.engine == "python"


def test_cards_the_core_cannot_hold_are_played_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    # the numbers come from the catalogue at each call: a price dearer than the core's fields hold sends the game to Python
    dearer = {**fast.prices(), "10": fast.CORE_PRICE + 1}
    monkeypatch.setattr(fast, "prices", lambda: dearer)
    game, rng = start(3)
    assert fast.playout(game, (PLAYERS["random"], PLAYERS["random"]), rng).engine == "python"
