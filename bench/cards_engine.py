"""Speed of the two-player Power Lines card engine: whole games between two simple players.

Run: python bench/cards_engine.py [--games 1000] [--seed 1] [--deck decks/starter.deck]
Plays --games games of the deck against itself with pnp's players (`simulation/players.py`):
random against random (each action drawn from `legal_actions`), greedy against greedy (the
greedy player's numbered rules: take the enemy Base, dominate, fill the front, extend the line,
draw), then greedy against random, in this one process, and prints the games per second, the
actions per game and how the games ended (which player won; the first player is drawn). Games a
second are given by the clock and by the process's CPU time, which a loaded machine disturbs less. Target (the match lab's):
10,000 games in 10 s on 2 cores, about 500 games a second a core. Timings on a busy machine run
long: compare the load average with the cores.
"""

from __future__ import annotations

import argparse
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
from pnp.games.power_lines_cards.simulation.players import PLAYERS, Player  # noqa: E402

TARGET = 500  # games a second on one core
MATCHES = (("random", "random"), ("greedy", "greedy"), ("greedy", "random"))


def play(cards: list[str], players: tuple[Player, Player], seed: int) -> tuple[Game, int]:
    """One seeded game; the game and the actions it took."""
    rng = random.Random(seed)
    game = Game.start((shuffled(cards, rng), shuffled(cards, rng)), first=rng.randrange(2))
    steps = 0
    while game.outcome() is None:
        game.push(players[game.to_move](game, rng), rng)
        steps += 1
    return game, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deck", type=Path, default=ROOT / "decks" / "starter.deck")
    args = parser.parse_args()
    deck = load_deck(args.deck)
    cards = deck.cards()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; one process; target {TARGET} games/s")
    for names in MATCHES:
        players = (PLAYERS[names[0]], PLAYERS[names[1]])
        endings: Counter[str] = Counter()
        steps = 0
        start, cpu = time.perf_counter(), time.process_time()
        for game_number in range(args.games):
            game, taken = play(cards, players, args.seed * 1_000_003 + game_number)
            outcome = game.outcome()
            assert outcome is not None
            endings[f"{outcome.ending}, {'draw' if outcome.winner is None else f'{names[outcome.winner]} won'}"] += 1
            steps += taken
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        shown = ", ".join(f"{k} {v}" for k, v in sorted(endings.items()))
        print(
            f"{names[0]} v {names[1]}: {args.games:,} games in {wall:.2f} s = {args.games / wall:,.0f} games/s"
            f" ({cpu:.2f} s CPU = {args.games / cpu:,.0f} games/s of CPU), {steps / args.games:.0f} actions a game ({shown})"
        )


if __name__ == "__main__":
    main()
