"""A deck's goldfish run, as the commands ask for it: `goldfish(deck, games, seed, turns)`, and
two decks on the same seeds, `paired(deck, other, ...)`: both played on the same games (game i of
each on `game.game_rng(seed, i)`), so two decks that differ by a card are shuffled alike."""

from __future__ import annotations

from pnp.games.power_lines_cards.rules.engine import Deck

from .game import Policy, deck_cards
from .policy import policy as goldfish_player
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
    policy: Policy | None = None,
    jobs: int | None = None,
) -> GoldfishResult:
    """Play `games` solo games of `deck` (each on its own generator, from `seed`), `turns` turns at
    most, by `policy` (None: the goldfish player's, `policy.policy`), in `jobs` processes (None: one
    a core from POOL_GAMES games; see `pool.workers_for`). The result is the same whatever the
    number of processes."""
    workers = workers_for(games, jobs)
    played = play_all(deck_cards(deck), seed, turns, goldfish_player if policy is None else policy, games, workers)
    return GoldfishResult(games, seed, turns, tuple(t for t, _ in played), fastest_cards(played), workers)


def paired(deck: Deck, other: Deck, games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, turns: int = DEFAULT_TURNS, jobs: int | None = None) -> Paired:
    """Both decks played on the same seeds (the same `games`, `seed` and `turns`)."""
    return Paired(goldfish(deck, games, seed, turns, jobs=jobs), goldfish(other, games, seed, turns, jobs=jobs))
