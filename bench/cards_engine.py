"""Speed of the two-player Power Lines card engine: whole games between two simple players.

Run: python bench/cards_engine.py [--games 1000] [--seed 1] [--deck decks/starter.deck]
Plays --games games of the deck against itself, first random against random (each action drawn
from `legal_actions`), then greedy against greedy (the best action by a fixed score: take the
enemy Base, dominate, play nearest the enemy Base, draw), in this one process, and prints the
games per second (by the clock, and by the process's CPU time, which a loaded machine
disturbs less), the actions per game and how the games ended. Target (the match lab's):
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
from pnp.games.power_lines_cards.simulation import players  # noqa: E402

TARGET = 500  # games a second on one core

Player = Callable[[Game, random.Random], Action]


def random_player(game: Game, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions())


def greedy_player(game: Game, rng: random.Random) -> Action:
    """The action with the best score; the first of equals (so no use of `rng`). The same choices
    as `simulation/players.py`'s greedy (`main` checks it on a few games before timing), scored with the distance worked out in line and each action's type looked at once: a greedy
    scores every legal action, a few thousand a game, so its cost is part of the match lab's."""
    p = game.to_move
    table = game.table
    enemy = ex, ey = table.bases[1 - p]
    king = table.variant.distance == "king"
    values, price = printed_values(), prices()

    def score(action: Action) -> float:
        kind = type(action)
        if kind is Play or kind is FaceDown:
            x, y = action.cell  # type: ignore[union-attr]  # a Play or a FaceDown
            dx, dy = abs(x - ex), abs(y - ey)
            far = max(dx, dy) if king else dx + dy
            return 300 - 10 * far + (values[action.card] if far == 1 else -price[action.card])  # type: ignore[union-attr]
        if kind is Dominate:
            return 10_000 if action.cell == enemy else 1_000 + table.defence(action.cell)  # type: ignore[union-attr]
        if kind is Pick:
            return 500 + table.value(action.cell)  # type: ignore[union-attr]
        if kind is Draw:
            return 100
        return 50 if kind is Shuffle else 0  # Decline and Pass last

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


def same_as_players_greedy(cards: list[str], games: int) -> None:
    """Check, untimed, that this greedy picks what pnp's own greedy picks, on games that leave the
    greedy line half the time (random choices in between) so that many positions are seen."""
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.start((shuffled(cards, rng), shuffled(cards, rng)), first=rng.randrange(2))
        while game.outcome() is None:
            mine, theirs = greedy_player(game, rng), players.greedy_player(game, rng)
            if mine is not theirs:
                raise SystemExit(f"the bench's greedy chose {mine}, pnp's {theirs}: make them agree")
            game.push(mine if seed % 2 else rng.choice(game.legal_actions()), rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deck", type=Path, default=ROOT / "decks" / "starter.deck")
    args = parser.parse_args()
    deck = load_deck(args.deck)
    cards = [name for name, count in deck.counts.items() for _ in range(count)]
    same_as_players_greedy(cards, 10)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; one process; target {TARGET} games/s")
    for name, player in (("random", random_player), ("greedy", greedy_player)):
        endings: Counter[str] = Counter()
        steps = 0
        start, cpu = time.perf_counter(), time.process_time()
        for game_number in range(args.games):
            game, taken = play(cards, (player, player), args.seed * 1_000_003 + game_number)
            outcome = game.outcome()
            assert outcome is not None
            endings[f"{outcome.ending}, {'draw' if outcome.winner is None else 'won'}"] += 1
            steps += taken
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        shown = ", ".join(f"{k} {v}" for k, v in sorted(endings.items()))
        print(
            f"{name} v {name}: {args.games:,} games in {wall:.2f} s = {args.games / wall:,.0f} games/s"
            f" ({cpu:.2f} s CPU = {args.games / cpu:,.0f} games/s of CPU), {steps / args.games:.0f} actions a game ({shown})"
        )


if __name__ == "__main__":
    main()
