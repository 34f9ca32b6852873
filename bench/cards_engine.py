"""Speed of the two-player Power Lines card engine: whole games between two simple players.

Run: python bench/cards_engine.py [--games 1000] [--seed 1] [--deck decks/starter.deck]
Plays --games games of the deck against itself, first random against random (each action drawn
from `legal_actions`), then greedy against greedy (the best action by a fixed score: take the
enemy Base, dominate, play nearest the enemy Base, draw), in this one process, and prints the
games per second, the actions per game and how the games ended. Target (the match lab's):
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
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.games.power_lines_cards.rules.actions import Action, Dominate, Draw, FaceDown, Pick, Play, Shuffle  # noqa: E402
from pnp.games.power_lines_cards.rules.engine import load_deck  # noqa: E402
from pnp.games.power_lines_cards.rules.game import Game, shuffled  # noqa: E402
from pnp.games.power_lines_cards.rules.table import prices, printed_values  # noqa: E402

TARGET = 500  # games a second on one core

Player = Callable[[Game, random.Random], Action]


def random_player(game: Game, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions())


def greedy_player(game: Game, rng: random.Random) -> Action:
    """The action with the best score; the first of equals (so no use of `rng`)."""
    p = game.to_move
    enemy = game.table.bases[1 - p]

    def score(action: Action) -> float:
        if isinstance(action, Dominate):
            return 10_000 if action.cell == enemy else 1_000 + game.table.defence(action.cell)
        if isinstance(action, Pick):
            return 500 + game.table.value(action.cell)
        if isinstance(action, (Play, FaceDown)):
            far = game.table.distance(action.cell, enemy)
            front = printed_values()[action.card] if far == 1 else -prices().get(action.card, 0)
            return 300 - 10 * far + front
        if isinstance(action, Draw):
            return 100
        return 50 if isinstance(action, Shuffle) else 0  # Decline and Pass last

    return max(game.legal_actions(), key=score)


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
    cards = [name for name, count in deck.counts.items() for _ in range(count)]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; one process; target {TARGET} games/s")
    for name, player in (("random", random_player), ("greedy", greedy_player)):
        endings: Counter[str] = Counter()
        steps = 0
        start = time.perf_counter()
        for game_number in range(args.games):
            game, taken = play(cards, (player, player), args.seed * 1_000_003 + game_number)
            outcome = game.outcome()
            assert outcome is not None
            endings[f"{outcome.ending}, {'draw' if outcome.winner is None else 'won'}"] += 1
            steps += taken
        wall = time.perf_counter() - start
        shown = ", ".join(f"{k} {v}" for k, v in sorted(endings.items()))
        print(f"{name} v {name}: {args.games:,} games in {wall:.2f} s = {args.games / wall:,.0f} games/s, {steps / args.games:.0f} actions a game ({shown})")


if __name__ == "__main__":
    main()
