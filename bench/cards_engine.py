"""Speed of the two-player Power Lines card engine: whole games between two simple players.

Run: python bench/cards_engine.py [--games 1000] [--python-games 200] [--seed 1] [--deck decks/starter.deck]
Plays games of the deck against itself with pnp's players (`simulation/players.py`): random
against random (each action drawn from `legal_actions`), greedy against greedy (the greedy
player's numbered rules: take the enemy Base, dominate, fill the front, extend the line, draw),
then greedy against random; on each engine `simulation/fast.py` offers: the Python engine (the
reference, --python-games games) and the compiled core (`_cgame.c`, --games games, the same
games), in this one process; then the compiled core's greedy against greedy on 10,000 games
shared by 2 forked worker processes. Prints the games per second, by the clock and by CPU time
(which a loaded machine disturbs less), the actions a game and how the games ended (which player
won; the first player is drawn). Target (the match lab's): 10,000 games in 10 s on 2 cores,
about 500 games a second a core. Timings on a busy machine run long: compare the load average
with the cores.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.games.power_lines_cards.rules.engine import load_deck  # noqa: E402
from pnp.games.power_lines_cards.rules.game import Game, shuffled  # noqa: E402
from pnp.games.power_lines_cards.simulation import fast  # noqa: E402
from pnp.games.power_lines_cards.simulation.players import PLAYERS  # noqa: E402

TARGET = 500  # games a second on one core
POOLED_GAMES = 10_000  # the target's games, shared by WORKERS processes
WORKERS = 2
MATCHES = (("random", "random"), ("greedy", "greedy"), ("greedy", "random"))


def play(cards: list[str], names: tuple[str, str], seed: int) -> tuple[fast.Playout, int]:
    """One seeded game, played out by the engine PNP_ENGINE picks; the game and the actions it took."""
    rng = random.Random(seed)
    game = Game.start((shuffled(cards, rng), shuffled(cards, rng)), first=rng.randrange(2))
    done = fast.playout(game, (PLAYERS[names[0]], PLAYERS[names[1]]), rng)
    return done, done.pushes


def play_range(job: tuple[list[str], tuple[str, str], int, int, int]) -> Counter[str]:
    cards, names, seed, start, stop = job
    return Counter(play(cards, names, seed * 1_000_003 + n)[0].outcome.ending for n in range(start, stop))


def cpu() -> float:
    """CPU seconds of this process and of the worker processes it has waited for."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def rate(games: int, wall: float, used: float) -> str:
    return f"{games:,} games in {wall:.2f} s = {games / wall:,.0f} games/s ({used:.2f} s CPU = {games / used:,.0f} games/s of CPU)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a match on the compiled core")
    parser.add_argument("--python-games", type=int, default=200, help="games a match on the Python engine")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deck", type=Path, default=ROOT / "decks" / "starter.deck")
    args = parser.parse_args()
    cards = load_deck(args.deck).cards()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; target {TARGET} games/s a core")
    engines = [("python", args.python_games)] + ([("compiled", args.games)] if fast._cgame is not None else [])
    for engine, games in engines:
        os.environ["PNP_ENGINE"] = engine
        for names in MATCHES:
            endings: Counter[str] = Counter()
            steps = 0
            start, used = time.perf_counter(), cpu()
            for game_number in range(games):
                done, taken = play(cards, names, args.seed * 1_000_003 + game_number)
                outcome = done.outcome
                endings[f"{outcome.ending}, {'draw' if outcome.winner is None else f'{names[outcome.winner]} won'}"] += 1
                steps += taken
            wall, used = time.perf_counter() - start, cpu() - used
            shown = ", ".join(f"{k} {v}" for k, v in sorted(endings.items()))
            print(f"{engine}, {names[0]} v {names[1]}: {rate(games, wall, used)}, {steps / games:.0f} actions a game ({shown})", flush=True)
    if fast._cgame is None:
        print("the compiled core was not built: no pooled run")
        return
    os.environ["PNP_ENGINE"] = "compiled"
    size = POOLED_GAMES // (WORKERS * 4)
    jobs = [(cards, ("greedy", "greedy"), args.seed, n, min(n + size, POOLED_GAMES)) for n in range(0, POOLED_GAMES, size)]
    start, used = time.perf_counter(), cpu()
    with multiprocessing.get_context("fork").Pool(WORKERS) as pool:
        endings = sum(pool.map(play_range, jobs), Counter())
    wall, used = time.perf_counter() - start, cpu() - used
    print(f"compiled, greedy v greedy, {WORKERS} worker processes: {rate(POOLED_GAMES, wall, used)} ({dict(sorted(endings.items()))})")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
