"""The match lab (simulation/lab.py, tally.py): pairs on one deal with the seats swapped, a deck
against itself at exactly half, the same result however the work is shared, --until, records
that `check` accepts, the per-card figures on hand-made games, and the ablation's pairing.

Games are slow in Python (some 30 a second): each test plays a handful."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.rules.actions import Draw, FaceDown, Play
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.rules.game import Game, Outcome
from pnp.games.power_lines_cards.rules.records import load_record
from pnp.games.power_lines_cards.rules.replay import replay
from pnp.games.power_lines_cards.simulation.fast import Playout
from pnp.games.power_lines_cards.simulation.lab import NEUTRAL, Pool, Setup, ablate, dealt, gauntlet, match, play_pair, pool, workers_for
from pnp.games.power_lines_cards.simulation.match import deal, play_dealt, seen
from pnp.games.power_lines_cards.simulation.tally import MatchGame, MatchResult, Rate, card_figures, worth

STARTER = tuple(load_deck(deck_file("starter.deck")).cards())
TENS = tuple(["1"] * 13 + ["10"] * 13)  # a deck unlike the starter: 13 ones, 13 tens
HERE = Pool(None, 1)


def _deck_lines(record: str) -> tuple[str, str]:
    lines = [line for line in record.splitlines() if line.startswith("deck ")]
    return lines[0].split(": ", 1)[1], lines[1].split(": ", 1)[1]


def test_a_pair_is_one_deal_played_twice_with_the_seats_swapped() -> None:
    setup = Setup((STARTER, TENS), record=True, names=("starter", "tens"))
    first, second = play_pair(setup, 3)
    assert first.a_first and not second.a_first
    a, b = dealt(setup, 3)
    assert first.record is not None and second.record is not None
    # Game 1: A's deck in seat A, moving first; game 2: B's deck there. Each deck in the same order.
    assert _deck_lines(first.record) == (" ".join(a), " ".join(b))
    assert _deck_lines(second.record) == (" ".join(b), " ".join(a))
    assert "\nfirst A\n" in first.record and "\nfirst A\n" in second.record
    assert Counter(a) == Counter(STARTER) and Counter(b) == Counter(TENS)
    # Another pair, another deal; the same pair, the same deal.
    assert dealt(setup, 4) != (a, b) and dealt(setup, 3) == (a, b)


def test_every_record_is_a_legal_whole_game() -> None:
    result = match(Setup((STARTER, TENS), record=True), 4, HERE)
    for game in result.games:
        assert game.record is not None
        parsed = load_record(game.record.encode())
        assert parsed.value is not None, parsed.diagnostics
        replayed = replay(parsed.value)
        assert replayed.valid, replayed.diagnostics
        outcome = replayed.game.outcome()
        assert outcome is not None and outcome.ending == game.ending
        a_seat = 0 if game.a_first else 1
        assert game.score == (0.5 if outcome.winner is None else float(outcome.winner == a_seat))


@pytest.mark.parametrize("players", [("greedy", "greedy"), ("random", "random")])
def test_a_deck_against_itself_comes_out_at_half_within_its_interval(players: tuple[str, str]) -> None:
    result = match(Setup((STARTER, STARTER), players), 40, HERE)
    ci = result.interval
    assert ci.low < 0.5 < ci.high
    assert result.verdict == "neither"
    first, second = result.seats
    assert first.games == second.games == 20


def test_the_result_is_the_same_however_the_work_is_shared() -> None:
    setup = Setup((STARTER, TENS), ("greedy", "random"), seed=5)
    alone = match(setup, 12, HERE)
    with pool(2) as shared:
        assert shared.workers == 2
        assert match(setup, 12, shared) == alone
    assert match(Setup((STARTER, TENS), ("greedy", "random"), seed=6), 12, HERE) != alone


def test_until_stops_once_the_interval_is_that_narrow() -> None:
    setup = Setup((STARTER, TENS))
    wide = match(setup, 40, HERE, until=50, step=2)  # 4 games make an interval under 50 points either side
    assert wide.reached and len(wide.games) == 4 and 100 * wide.interval.half_width <= 50
    narrow = match(setup, 6, HERE, until=1, step=2)  # 6 games never make 1 point: --games stops it
    assert not narrow.reached and len(narrow.games) == 6
    assert narrow.pairs[:2] == wide.pairs  # the same pairs, however far play goes
    assert len(match(setup, 5, HERE).games) == 6  # games come in pairs: 5 is rounded up


def test_workers_for() -> None:
    assert workers_for(10, None, 2) == 1  # a few games: this process
    assert workers_for(400, None, 2) == 2
    assert workers_for(400, 3, 2) == 3
    assert workers_for(2, 4, 2) == 1  # never more than the pairs


def test_seen_on_a_hand_made_game() -> None:
    # A's deck drawn 10, 9, ..., 1: the opening hand is 10 down to 3; A places 10, 9, 8 face down,
    # draws the 2, and plays a 4 face up. A drew 2 to 10 (1 never), played only the 4.
    a = ["10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]
    b = ["0", "0", "1", "1", "2", "2", "3", "3", "4", "4"]
    game = Game.start((list(reversed(a)), list(reversed(b))), 0)
    placed = {0: ["10", "9", "8"], 1: ["0", "1", "2"]}
    while game.phase == "setup":
        game.push(next(x for x in game.legal_actions() if isinstance(x, FaceDown) and x.card in placed[game.to_move]))
    game.push(Draw())
    game.push(next(x for x in game.legal_actions() if isinstance(x, Play) and x.card == "4"))
    done = Playout(Outcome(None, "turn-cap"), game.turn, game.actions, 0, None, (Counter({"2": 1}), Counter()), (Counter({"4": 1}), Counter()), "python", game)
    assert seen((a, b), done, 0) == (frozenset(a) - {"1"}, frozenset({"4"}))
    assert seen((a, b), done, 1) == (frozenset({"0", "1", "2", "3"}), frozenset())


@pytest.mark.parametrize("players", [("random", "random"), ("greedy", "random")])
def test_seen_is_what_a_replay_of_the_game_shows(players: tuple[str, str]) -> None:
    # The kinds each player held at some moment, and played face up, read by replaying the game.
    deck = list(STARTER)
    for seed in range(12):
        rng = random.Random(seed)
        orders = deal((deck, deck), rng)
        done = play_dealt(orders, seed % 2, players, rng, final=True)
        assert done.game is not None
        again = Game.start((list(reversed(orders[0])), list(reversed(orders[1]))), seed % 2)
        held = [set(again.sides[p].hand) for p in (0, 1)]
        played: list[set[str]] = [set(), set()]
        for action in done.game.history:
            if type(action) is Play:
                played[again.to_move].add(action.card)
            again.push(action)
            for p in (0, 1):
                held[p].update(again.sides[p].hand)
        for p in (0, 1):
            assert seen(orders, done, p) == (frozenset(held[p]), frozenset(played[p])), (seed, p)


def _game(score: float, drawn: str, played: str, a_first: bool = True) -> MatchGame:
    return MatchGame(score, "base", 10, a_first, frozenset(drawn.split()), frozenset(played.split()))


def test_card_figures_on_hand_made_games() -> None:
    # Four games. The 7: drawn in games 1-3, played in 1 and 2 (both won), never played in 3 (lost)
    # and 4 (drawn: half). The 1: drawn and played only in game 4.
    games = [_game(1, "7 2", "7"), _game(1, "7", "7 2"), _game(0, "7 2", "2"), _game(0.5, "1", "1")]
    figures = card_figures(games, {"7": 2, "2": 3, "1": 1, "10": 1})
    assert list(figures) == ["1", "2", "7", "10"]  # catalogue order, only A's kinds
    seven = figures["7"]
    assert seven.copies == 2
    assert (seven.drawn, seven.played, seven.never_played) == (Rate(3, 2), Rate(2, 2), Rate(2, 0.5))
    assert (figures["1"].drawn, figures["1"].played, figures["1"].never_played) == (Rate(1, 0.5), Rate(1, 0.5), Rate(3, 2))
    assert figures["2"].played == Rate(2, 1)
    ten = figures["10"]
    assert (ten.drawn, ten.played, ten.never_played) == (Rate(0, 0), Rate(0, 0), Rate(4, 2.5))
    assert ten.drawn.interval is None and ten.drawn.as_json() == {"games": 0, "win_percent": None, "ci95": None}
    assert figures["7"].played.as_json()["win_percent"] == 100
    json = MatchResult(((games[0], games[1]), (games[2], games[3])), {"7": 2}).as_json()
    assert json["cards"]["7"]["never_played"]["games"] == 2 and (json["wins"], json["draws"], json["losses"]) == (2, 1, 1)
    assert json["win_percent"] == 62.5  # (1 + 1 + 0 + 1/2) / 4: a draw counts half


def test_worth_is_paired_pair_by_pair() -> None:
    # With the card: pairs scoring 1, 1/2, 0; without: 1/2, 1/2, 0. The worth is the mean of the
    # differences, 1/6, and its interval comes from those differences alone.
    base = [(_game(1, "", ""), _game(1, "", "", False)), (_game(1, "", ""), _game(0, "", "", False)), (_game(0, "", ""), _game(0, "", "", False))]
    swapped = [(_game(1, "", ""), _game(0, "", "", False)), (_game(0.5, "", ""), _game(0.5, "", "", False)), (_game(0, "", ""), _game(0, "", "", False))]
    w = worth(base, swapped)
    assert w.with_card == Rate(6, 3) and w.without == Rate(6, 2)
    assert w.difference is not None and math.isclose(w.difference.estimate, 1 / 6)
    sd = math.sqrt(((0.5 - 1 / 6) ** 2 + 2 * (1 / 6) ** 2) / 2)
    assert math.isclose(w.difference.high - w.difference.estimate, 1.96 * sd / math.sqrt(3))
    assert w.verdict == "neither"
    same = worth(base, base)
    assert same.verdict == "neither" and same.as_json()["worth"] == 0


def test_an_ablation_swaps_one_copy_where_it_lay_and_keeps_the_rest_of_the_deal() -> None:
    setup = Setup((TENS, STARTER))
    for pair in range(4):
        a, b = dealt(setup, pair)
        swapped_a, swapped_b = dealt(Setup((TENS, STARTER), swap="10"), pair)
        changed = [i for i, (x, y) in enumerate(zip(a, swapped_a)) if x != y]
        assert swapped_b == b and len(changed) == 1 and a[changed[0]] == "10" and swapped_a[changed[0]] == NEUTRAL
    base = match(setup, 4, HERE)
    ablation = ablate(setup, base, HERE)
    assert ablation.neutral == NEUTRAL and list(ablation.kinds) == ["1", "10"]
    for w in ablation.kinds.values():
        assert w.with_card == base.rate and w.without.games == 4
    # The neutral kind itself is never ablated: a 5 for a 5 changes nothing.
    assert list(ablate(Setup((("5",) * 26, STARTER)), MatchResult(base.pairs, {"5": 26}), HERE).kinds) == []


def test_a_gauntlet_plays_every_pair_once_and_reads_both_ways() -> None:
    result = gauntlet([STARTER, TENS, STARTER], ["s", "t", "s2"], Setup((STARTER, TENS)), 2, HERE)
    assert sorted(result.matches) == [(0, 1), (0, 2), (1, 2)]
    forward, back = result.rate(0, 1), result.rate(1, 0)
    assert forward.games == back.games == 2 and forward.score + back.score == 2
    assert result.matches[(0, 2)] == match(Setup((STARTER, STARTER), names=("s", "s2")), 2, HERE)  # each match as `match` plays it
    overall = result.overall(1)
    assert overall.games == 4 and overall.score == result.rate(1, 0).score + result.rate(1, 2).score
    json = result.as_json()
    assert json["matrix"][0][0] is None and json["matrix"][1][0]["games"] == 2
