"""A deck's goldfish run, as the commands ask for it: `goldfish(deck, games, seed, turns)`, and
two decks on the same seeds, `paired(deck, other, ...)`: both played on the same games (game i of
each on `solo.game_rng(seed, i)`), so two decks that differ by a card are shuffled alike."""

from __future__ import annotations

from pnp.games.power_lines_cards.rules.engine import Deck

from .greedy import greedy_player
from .players import Player
from .pool import play_all, workers_for
from .results import GoldfishResult, Paired, fastest_cards

DEFAULT_GAMES = 1000
DEFAULT_SEED = 1
DEFAULT_TURNS = 30


def goldfish(
    deck: Deck,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
    turns: int = DEFAULT_TURNS,
    player: Player = greedy_player,
    jobs: int | None = None,
) -> GoldfishResult:
    """Play `games` goldfish games of `deck` (`solo.play_solo`, each on its own generator, from
    `seed`), `turns` turns at most, by `player`, in `jobs` processes (None: one a core from
    POOL_GAMES games; see `pool.workers_for`). The result is the same whatever the number of
    processes."""
    workers = workers_for(games, jobs)
    played = play_all(deck.cards(), seed, turns, player, games, workers)
    outcomes = tuple(game.turn for game in played)
    endings = tuple(game.ending for game in played)
    return GoldfishResult(games, seed, turns, outcomes, fastest_cards(played), endings, workers)


def paired(deck: Deck, other: Deck, games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, turns: int = DEFAULT_TURNS, jobs: int | None = None) -> Paired:
    """Both decks played on the same seeds (the same `games`, `seed` and `turns`)."""
    return Paired(goldfish(deck, games, seed, turns, jobs=jobs), goldfish(other, games, seed, turns, jobs=jobs))
