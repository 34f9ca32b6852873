"""Goldfish speed (`pnp.games.power_lines_cards.simulation`): the goldfish is the two-player
engine against an opponent with only a Base who passes, played by the greedy player. What the
README promises, from the rules: how a goldfish game ends and is counted, the greedy player's
choices on small positions, flat decks played sensibly, the figures' label and interval, and
whole runs reproducible by seed in one process or several."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest

from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.rules.actions import Dominate, Draw, Pick, Play
from pnp.games.power_lines_cards.rules.catalogue import catalogue
from pnp.games.power_lines_cards.rules.engine import Deck, load_deck
from pnp.games.power_lines_cards.rules.game import Game, shuffled
from pnp.games.power_lines_cards.rules.table import Piece
from pnp.games.power_lines_cards.simulation.fast import base_falls
from pnp.games.power_lines_cards.simulation.players import PLAYERS, greedy_player, random_player
from pnp.games.power_lines_cards.simulation.results import GoldfishResult
from pnp.games.power_lines_cards.simulation.run import goldfish
from pnp.games.power_lines_cards.simulation.solo import DECK, game_rng, play_solo
from pnp.games.power_lines_cards.simulation.text import render_result

STARTER = load_deck(Path(deck_file("starter.deck")))
ENEMY = (11, 0)  # the enemy Base, 11 cells from player 0's on (0, 0)


def flat(card: str, copies: int = 26, **more: int) -> Deck:
    """A deck of `copies` of one card (and `more`)."""
    return Deck({**{name: 0 for name in catalogue().kind_names}, card: copies, **more}, has_base=True)


def mine(card: str, face_down: bool = False) -> Piece:
    return Piece(card, 0, face_down)


def lined(upto: int = 9) -> dict:
    """Player 0's face-down line on row 0 from column 1 to `upto`."""
    return {(x, 0): mine("5", face_down=True) for x in range(1, upto + 1)}


def position(table: dict, hand=(), deck=(), discard=(), actions: int = 3, enemy_hand=(), enemy_deck=()) -> Game:
    return Game.position(table, hands=(hand, enemy_hand), decks=(deck, enemy_deck), discards=(discard, ()), actions=actions)


# --- a goldfish game on the engine ---------------------------------------------------------------


def test_the_opponent_has_only_its_base_and_passes_every_turn():
    seen = []

    def watching(game, rng):
        seen.append(game.turn)
        return greedy_player(game, rng)

    solo = play_solo(STARTER.cards(), game_rng(1, 0), 30, watching)
    assert solo.ending == "base" and solo.turn is not None and sum(solo.played.values()) > 0
    # the deck chose at the set-up (turn 0) and in the engine's odd turns, the opponent passing
    # the even ones; the goldfish counts the deck's own turns, the last one the Base fell in
    assert set(seen) == {0, *range(1, 2 * solo.turn, 2)}


def test_games_not_won_are_counted_by_how_they_ended():
    # 26 twos can never make 14: four 2s beside the Base are 8, and a 2 gives no bonus
    result = goldfish(flat("2"), games=20, seed=1)
    assert result.won == 0 and result.mean is None and result.mean_ci95 is None
    assert sum(result.not_won.values()) == 20 and set(result.not_won) == {"turn-cap", "all-passed", "out-of-cards"}
    assert result.not_won["all-passed"] == 20  # the deck runs dry: a whole turn with nothing possible
    text = render_result(result, "twos.deck")
    assert "never within 30 turns: 100 % (20 games): 20 with nothing possible for a whole turn" in text and "mean: no game won" in text
    # too few turns: every game stops at the turn limit, the engine's turn cap
    short = goldfish(STARTER, games=20, seed=1, turns=2)
    assert short.not_won == {"turn-cap": short.never, "all-passed": 0, "out-of-cards": 0} and short.never > 0


def test_a_deck_whose_cards_are_all_spent_wins_only_if_the_table_takes_the_base():
    # the engine ends a game when both players are out of cards; the opponent always is, so the
    # driver asks the engine whether the table as it stands takes the Base
    line = lined(9)
    assert base_falls(position({**line, (10, 0): mine("10"), (10, 1): mine("4"), (11, 1): mine("4")}), DECK)
    assert not base_falls(position({**line, (10, 0): mine("10"), (10, 1): mine("4"), (11, 1): mine("3")}), DECK)
    # a deck of two: both placed face down, then nothing: out of cards, not won
    tiny = play_solo(["5", "5"], game_rng(1, 0), 30, greedy_player)
    assert tiny == (None, "out-of-cards", tiny.played) and not tiny.played


def test_a_0_bordering_only_a_1_is_worth_0():
    # the old goldfish's docstring said -1; the rules give 1 - 2, and the 1's +1 on top
    game = position({(1, 0): mine("1"), (2, 0): mine("0")})
    assert game.table.value((2, 0)) == 0


# --- the greedy player ---------------------------------------------------------------------------


def test_greedy_takes_the_enemy_base_when_it_may():
    game = position({**lined(9), (10, 0): mine("10"), (10, 1): mine("5"), (11, 1): mine("4")}, hand=["7"], deck=["5"])
    assert greedy_player(game, random.Random(0)) == Dominate(ENEMY)


def test_greedy_plays_a_7_that_takes_the_base_at_once():
    # a 4 on (11, 1) would make 14 too, and need an action to dominate: the 7 takes the Base now
    game = position({**lined(9), (10, 0): mine("10"), (10, 1): mine("5")}, hand=["7", "6", "4"], deck=["5"] * 3)
    play = greedy_player(game, random.Random(0))
    assert play == Play("7", (11, 1), ("4",))
    game.push(play)
    assert greedy_player(game, random.Random(0)) == Dominate(ENEMY)  # the 7's free domination


def test_greedy_fills_the_front_with_a_flat_decks_card_no_fixed_bar():
    # 5 is under the old bar of +7, but three 5s make 15: it plays, and does not draw
    game = position(lined(9), hand=["5", "5"], deck=["5"] * 10)
    assert greedy_player(game, random.Random(0)) == Play("5", (10, 0))


def test_greedy_keeps_a_front_cell_for_a_better_card_in_a_mixed_deck():
    # a 2 adds 2, under its share (14 / 4) and under the average card still to come (10): it draws
    game = position(lined(9), hand=["2"], deck=["10"] * 6)
    assert greedy_player(game, random.Random(0)) == Draw()
    # in a deck of 1s a 1 is the average card: it goes to the front
    game = position({(x, 0): mine("1") for x in range(1, 10)}, hand=["1"], deck=["1"] * 6)
    assert greedy_player(game, random.Random(0)) == Play("1", (10, 0))


def test_greedy_extends_its_line_with_the_cheapest_card_and_keeps_high_cards():
    game = position(lined(3), hand=["10", "7", "5", "2"], deck=["4"] * 6)
    assert greedy_player(game, random.Random(0)) == Play("2", (4, 0))  # a draw card first
    game = position(lined(3), hand=["10", "7", "5"], deck=["4"] * 6)
    assert greedy_player(game, random.Random(0)) == Play("5", (4, 0))  # then a free one; never a 10 or 7
    game = position(lined(3), hand=["10", "7"], deck=["4"] * 6)
    assert greedy_player(game, random.Random(0)) == Draw()  # both kept for the front


def test_greedy_pays_a_price_with_the_cards_least_worth_keeping():
    game = position(lined(9), hand=["10", "4", "2", "8"], deck=["5"] * 6)
    play = greedy_player(game, random.Random(0))
    assert play == Play("10", (10, 0), ("2", "4"))  # the low cards; the 8 kept


def test_greedy_spends_only_a_spare_friendly_on_a_3():
    # a straight line: every card but its tip is a cut point, and costing the tip shortens the line
    game = position(lined(4), hand=["3"], deck=["5"] * 4)
    assert greedy_player(game, random.Random(0)) == Draw()
    # a card off the line (on (1, 1)) is spare
    game = position({**lined(4), (1, 1): mine("5", face_down=True)}, hand=["3"], deck=["5"] * 4)
    assert greedy_player(game, random.Random(0)) == Play("3", (5, 0), friendly=(1, 1))


def test_greedy_takes_card_9s_free_play():
    game = position(lined(9), hand=["9", "5", "4", "4", "2"], deck=["5"] * 6)
    play = greedy_player(game, random.Random(0))
    assert play.card == "9" and play.cell == (10, 0)
    game.push(play)
    assert play.discards == ("4", "4")  # the 5 and the draw card kept
    free = greedy_player(game, random.Random(0))  # beside the 9: a corner toward the next front, the cheapest card
    assert isinstance(free, Play) and free.card == "2" and free.cell in {(10, 1), (10, -1)}


def test_greedy_dominates_a_threat_and_picks_the_strongest_card_for_a_2():
    # an enemy 4 beside its Base: the 10 bordering it beats 4 + 2
    game = position({(1, 0): mine("10"), (2, 0): Piece("4", 1), (1, 1): mine("6")}, hand=["5"], deck=["5"], enemy_deck=["5"])
    assert greedy_player(game, random.Random(0)) == Dominate((2, 0))
    # player 0's 3 costs its 2: player 1 picks one of the 2's bordering friendlies, the 8 before the 4
    game = position({(1, 0): mine("8"), (0, 1): mine("4"), (1, 1): mine("2")}, hand=["3"], deck=["5"], enemy_deck=["5"])
    game.push(Play("3", (2, 0), friendly=(1, 1)))
    assert game.to_move == 1 and greedy_player(game, random.Random(0)) == Pick((1, 0))


def test_every_player_only_ever_picks_a_legal_action():
    cards = STARTER.cards()
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.start((shuffled(cards, rng), shuffled(cards, rng)), first=seed % 2)
        players = (PLAYERS["greedy"], PLAYERS["random"])
        while game.outcome() is None:
            action = players[game.to_move](game, rng)
            assert action in game.legal_actions()
            game.push(action, rng)
        assert game.outcome() is not None
    assert random_player is PLAYERS["random"]


# --- what the README promises --------------------------------------------------------------------


def test_flat_decks_are_played_as_a_person_would():
    # before the engine: 26 fives always turn 10, 26 fours turn 11, 26 ones never
    fives, fours, ones = (goldfish(flat(card), games=20, seed=1) for card in ("5", "4", "1"))
    assert fives.won == fours.won == ones.won == 20
    assert fives.mean < 10 and fours.mean < 11
    assert fives.mean <= 6  # three 5s beside the Base: a line of 9, 2 corners, 3 fronts


def test_the_fastest_games_label_counts_what_it_says():
    result = goldfish(STARTER, games=100, seed=1)
    cut = result.p10
    fast = sum(t is not None and t <= cut for t in result.outcomes)
    assert result.fastest == fast and fast >= 10  # every game of turn p10: often more than 10 %
    text = render_result(result, "starter.deck")
    assert f"cards played face up per game in the {fast} games won by turn {cut}, the 10th percentile ({fast} % of the games)" in text


def test_the_mean_has_a_95_percent_interval_that_narrows_with_more_games():
    small, large = goldfish(STARTER, games=40, seed=2), goldfish(STARTER, games=160, seed=2)
    for result in (small, large):
        lo, hi = result.mean_ci95
        won = [t for t in result.outcomes if t is not None]
        half = 1.96 * statistics.stdev(won) / len(won) ** 0.5
        assert lo <= result.mean <= hi and (lo, hi) == (round(statistics.fmean(won) - half, 2), round(statistics.fmean(won) + half, 2))
    assert large.mean_ci95[1] - large.mean_ci95[0] < small.mean_ci95[1] - small.mean_ci95[0]
    assert "95 % interval" in render_result(small, "starter.deck")
    # one won game has no interval; every game on one turn has one of width 0
    assert GoldfishResult(2, 0, 9, (3, None), {}).mean_ci95 is None
    assert GoldfishResult(2, 0, 9, (4, 4), {}).mean_ci95 == (4, 4)


# --- whole runs --------------------------------------------------------------------------------


def test_goldfish_is_reproducible_by_seed():
    a = goldfish(STARTER, games=40, seed=5)
    assert a.as_json() == goldfish(STARTER, games=40, seed=5).as_json()
    assert a.outcomes != goldfish(STARTER, games=40, seed=6).outcomes
    # each game has its own generator: the first games do not depend on how many are played
    assert goldfish(STARTER, games=15, seed=5).outcomes == a.outcomes[:15]


def test_twenty_six_tens_are_slower_than_the_starter_deck():
    tens, starter = goldfish(flat("10"), games=30, seed=1), goldfish(STARTER, games=100, seed=1)
    assert tens.won == 30 and starter.won == 100
    assert tens.mean > starter.mean + 3 and tens.p10 > starter.p90


def test_result_fields():
    result = goldfish(STARTER, games=50, seed=2, turns=5)
    data = result.as_json()
    assert list(data) == [
        "games", "seed", "turns", "won", "never", "never_percent", "by_turn", "mean", "mean_ci95", "median", "p10", "p90", "fastest_cards", "not_won",
    ]  # fmt: skip
    assert list(data["by_turn"]) == ["1", "2", "3", "4", "5"]
    assert sum(data["by_turn"].values()) == data["won"] and data["won"] + data["never"] == 50
    assert data["never_percent"] == round(100 * data["never"] / 50, 1)
    assert data["never"] > 0 and sum(data["not_won"].values()) == data["never"]  # 5 turns are too few for some games
    text = render_result(result, "starter.deck")
    assert text.startswith(
        "starter.deck: goldfish, 50 games, seed 2, up to 5 turns\nplayed by pnp's greedy player under pnp's readings of the rules"
    )  # what the figures rest on
    assert f"never within 5 turns: {data['never_percent']:g} %" in text


def test_statistics_count_unwon_games_as_slowest():
    result = GoldfishResult(games=4, seed=0, turns=9, outcomes=(3, 5, None, None), fastest_cards={})
    assert result.mean == 4 and result.median is None and result.p10 == 3 and result.p90 is None
    result = GoldfishResult(games=5, seed=0, turns=9, outcomes=(3, 5, 6, 8, None), fastest_cards={})
    assert result.median == 6 and result.p90 is None and result.never_percent == 20
    none = GoldfishResult(games=2, seed=0, turns=9, outcomes=(None, None), fastest_cards={})
    assert none.mean is None and "(never)" in render_result(none, "x")


def test_no_games_no_statistics():
    from pnp.games.power_lines_cards.simulation.results import GoldfishResult

    empty = GoldfishResult(games=0, seed=0, turns=9, outcomes=(), fastest_cards={})
    assert empty.median is None and empty.p10 is None and empty.never_percent == 0.0


def test_the_command_repeats_by_seed_and_reports_in_the_envelope():
    import json

    from typer.testing import CliRunner

    from pnp.commands.cli import app

    starter = str(deck_file("starter.deck"))
    run = [CliRunner().invoke(app, ["deck", "goldfish", starter, "--games", "40", "--seed", str(s), "--json"]) for s in (5, 5, 6)]
    assert [r.exit_code for r in run] == [0, 0, 0]
    first, again, other = (json.loads(r.output) for r in run)
    assert first == again and first["by_turn"] != other["by_turn"]
    assert first["command"] == "deck goldfish" and first["valid"] and first["games"] == 40
    assert sum(first["by_turn"].values()) + first["never"] == 40
    text = CliRunner().invoke(app, ["deck", "goldfish", starter, "--games", "40", "--seed", "5"])
    assert text.exit_code == 0 and f"median {first['median']:g}" in text.output
    assert CliRunner().invoke(app, ["deck", "goldfish", starter, "--games", "0"]).exit_code == 2


# --- two decks on the same seeds: --vs ---------------------------------------------------------


def test_a_deck_against_itself_differs_by_nothing_with_an_interval_of_width_0():
    from pnp.games.power_lines_cards.simulation.run import paired

    both = paired(STARTER, STARTER, games=60, seed=3)
    assert both.difference == 0 and both.ci95 == (0, 0) and both.verdict == "same"
    assert both.deck.outcomes == both.other.outcomes


def test_twenty_six_tens_against_the_starter_deck_are_slower_and_the_interval_excludes_0():
    from pnp.games.power_lines_cards.simulation.run import paired

    both = paired(STARTER, flat("10"), games=60, seed=1)
    lo, hi = both.ci95
    assert both.difference > 3 and 0 < lo < both.difference < hi and both.verdict == "slower"
    # the other way round: the same games, the sign turned
    back = paired(flat("10"), STARTER, games=60, seed=1)
    assert back.difference == -both.difference and back.ci95 == (-hi, -lo) and back.verdict == "faster"


def test_paired_runs_play_game_i_of_each_deck_on_the_same_generator_and_repeat_by_seed():
    from pnp.games.power_lines_cards.simulation.run import paired

    both = paired(STARTER, flat("10"), games=30, seed=4)
    assert both.deck.outcomes == goldfish(STARTER, games=30, seed=4).outcomes
    assert both.other.outcomes == goldfish(flat("10"), games=30, seed=4).outcomes
    assert both.as_json("tens.deck") == paired(STARTER, flat("10"), games=30, seed=4).as_json("tens.deck")
    assert paired(STARTER, flat("10"), games=30, seed=5).deck.outcomes != both.deck.outcomes


def test_the_difference_counts_a_game_never_won_as_turn_t_plus_1_and_the_interval_is_mean_pm_196_sd_over_root_n():
    import math
    import statistics

    from pnp.games.power_lines_cards.simulation.results import GoldfishResult, Paired

    deck = GoldfishResult(games=4, seed=0, turns=9, outcomes=(3, 5, None, None), fastest_cards={})
    other = GoldfishResult(games=4, seed=0, turns=9, outcomes=(4, 4, 6, None), fastest_cards={})
    both = Paired(deck, other)
    assert both.differences == [1, -1, 6 - 10, 0]  # never won within 9 turns: turn 10
    mean, half = -1.0, 1.96 * statistics.stdev([1, -1, -4, 0]) / math.sqrt(4)
    assert both.difference == mean and both.ci95 == (round(mean - half, 3), round(mean + half, 3))
    assert both.verdict == "unclear" and both.counted() == {"both_won": 2, "only_deck_won": 0, "only_other_won": 1, "neither_won": 1}
    data = both.as_json("b.deck")
    assert list(data) == ["file", "summary", "difference", "ci95", "verdict", "method", "both_won", "only_deck_won", "only_other_won", "neither_won"]
    assert data["summary"] == other.as_json() and "turn 10" in data["method"] and "1.96" in data["method"]
    one = Paired(GoldfishResult(1, 0, 9, (3,), {}), GoldfishResult(1, 0, 9, (5,), {}))
    assert one.difference == 2 and one.ci95 is None and one.verdict == "unclear"
    with pytest.raises(ValueError):
        Paired(deck, GoldfishResult(games=4, seed=1, turns=9, outcomes=(4, 4, 6, None), fastest_cards={}))


def test_the_command_with_vs_reports_the_difference_in_text_and_json(tmp_path):
    import json

    import jsonschema
    from typer.testing import CliRunner

    from pnp.commands.cli import app

    schema = json.loads((Path(__file__).resolve().parents[2] / "schemas" / "pnp-1.schema.json").read_text())
    tens = tmp_path / "tens.deck"
    tens.write_text("26 10\n1 Base\n")
    starter = str(deck_file("starter.deck"))
    run = CliRunner().invoke(app, ["deck", "goldfish", starter, "--vs", str(tens), "--games", "30", "--json"])
    assert run.exit_code == 0, run.output
    data = json.loads(run.stdout)
    jsonschema.validate(data, {**schema, "$ref": "#/$defs/deck goldfish"})
    vs = data["vs"]
    assert vs["file"] == str(tens) and vs["summary"]["games"] == 30 and vs["summary"]["by_turn"]["12"] == 30
    assert vs["difference"] > 0 and vs["ci95"][0] > 0 and vs["verdict"] == "slower"
    assert {k: data[k] for k in ("games", "mean")} == {"games": 30, "mean": goldfish(STARTER, games=30).mean}
    plain = CliRunner().invoke(app, ["deck", "goldfish", starter, "--games", "30", "--json"])
    jsonschema.validate(json.loads(plain.stdout), {**schema, "$ref": "#/$defs/deck goldfish"})
    assert json.loads(plain.stdout)["vs"] is None
    text = CliRunner().invoke(app, ["deck", "goldfish", starter, "--vs", str(tens), "--games", "30"])
    assert text.exit_code == 0
    assert f"{tens} minus {starter}: {vs['difference']:+.2f} turns a game on average, 95 % interval {vs['ci95'][0]:+.2f} to {vs['ci95'][1]:+.2f}" in text.stdout
    assert f"{tens} is slower: the interval lies above 0" in text.stdout
    assert text.stdout.count("goldfish, 30 games, seed 1") == 2  # both decks' own figures
    bad = tmp_path / "bad.deck"
    bad.write_text("27 5\n")
    assert CliRunner().invoke(app, ["deck", "goldfish", starter, "--vs", str(bad)]).exit_code == 1
    assert CliRunner().invoke(app, ["deck", "goldfish", starter, "--vs", str(tmp_path / "none.deck")]).exit_code == 2


# --- many games in worker processes -----------------------------------------------------------


def test_workers_only_from_a_single_threaded_process_and_never_more_than_the_games(monkeypatch):
    from pnp.games.power_lines_cards.simulation import pool as module

    monkeypatch.setattr(module, "cores", lambda: 2)
    monkeypatch.setattr(module.threading, "active_count", lambda: 1)
    assert module.workers_for(module.POOL_GAMES) == 2 and module.workers_for(module.POOL_GAMES - 1) == 1
    assert module.workers_for(10, jobs=4) == 4 and module.workers_for(3, jobs=4) == 3 and module.workers_for(10, jobs=1) == 1
    monkeypatch.setattr(module.threading, "active_count", lambda: 2)  # fork could copy a lock another thread holds
    assert module.workers_for(module.POOL_GAMES) == 1 and module.workers_for(10, jobs=4) == 1
    assert goldfish(STARTER, games=20, jobs=2).workers == 1  # in process, the same games


# The pool forks only from a single-threaded process, as pnp's own command is: the test runs it in a
# process of its own (a test worker has threads of its own), as tests/framework/test_kit.py does for the kit.
POOLED = """
import json, sys
from pathlib import Path
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.simulation import pool
from pnp.games.power_lines_cards.simulation.run import goldfish
from pnp.core.resources import deck_file

pool.cores = lambda: 2  # two cores, whatever the machine has
pool.POOL_GAMES = 100  # the automatic pool from 100 games, to keep the test short
deck = load_deck(Path(deck_file("starter.deck")))
runs = [goldfish(deck, games=151, seed=9, jobs=1), goldfish(deck, games=151, seed=9), goldfish(deck, games=151, seed=9, jobs=3)]
print(json.dumps([[r.workers, r.outcomes, r.as_json()] for r in runs]))
"""


def test_one_process_or_several_play_the_same_games():
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", POOLED], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (one, one_out, one_json), (two, two_out, two_json), (three, three_out, three_json) = json.loads(done.stdout)
    assert (one, two, three) == (1, 2, 3)
    assert one_out == two_out == three_out and one_json == two_json == three_json
    assert one_out == list(goldfish(STARTER, games=151, seed=9).outcomes)  # and the same as in this process


def test_a_worker_whose_parent_is_gone_stops(monkeypatch):
    # pnp leaves at once at a signal (os._exit); its workers see their parent gone and stop too
    import os

    from pnp.games.power_lines_cards.simulation import pool as module

    cards = STARTER.cards()
    monkeypatch.setattr(module, "_run", (cards, 3, 30, greedy_player, os.getppid()))
    assert module._play_chunk((0, 150)) == module.play_range(cards, 3, 30, greedy_player, 0, 150)  # in blocks, the same games

    def leave(code):
        raise SystemExit(code)

    monkeypatch.setattr(module.os, "_exit", leave)
    monkeypatch.setattr(module, "_run", (cards, 3, 30, greedy_player, os.getppid() + 1))  # another parent than this process's
    with pytest.raises(SystemExit):
        module._play_chunk((0, 150))


def test_a_deck_smaller_than_the_set_up_places_what_it_has(tmp_path):
    """A custom format may allow a deck of 2: the set-up places both face down, and the games
    end unwon rather than in an error."""
    from typer.testing import CliRunner

    from pnp.commands.cli import app

    (tmp_path / "tiny.toml").write_text('name = "tiny"\n[total]\nmin = 1\nexclude = ["Base"]\n')
    (tmp_path / "tiny.deck").write_text("2 5\n")
    result = CliRunner().invoke(app, ["deck", "goldfish", str(tmp_path / "tiny.deck"), "--rules", str(tmp_path / "tiny.toml"), "--games", "5", "--json"])
    assert result.exit_code == 0, result.output
    assert '"never": 5' in result.output
