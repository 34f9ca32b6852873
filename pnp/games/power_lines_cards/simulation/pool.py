"""Many games of a goldfish run, in this process or in forked worker processes.

`run.goldfish(..., jobs=None)` shares a run of POOL_GAMES (200) games or more among forked worker
processes, one a core this process may run on, by ranges of games; `jobs` sets how many. Each
game's generator depends only on (seed, game number), so the result is the same however many
processes play. Forking only from a single-threaded process (`workers_for`): a fork copies only
the thread that calls it, and a lock another thread held would never be released in the child.
A worker stops at a signal as the kernel does by default, and on its own once its parent is gone
(pnp leaves at once at a signal), within ORPHAN_CHECK games.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import signal
import threading

from pnp.games.power_lines_cards.rules.table import prices, printed_values

from .players import Player
from .results import Played
from .solo import game_rng, play_solo

POOL_GAMES = 200  # from this many games (a second's play, some 4 ms a game) a run is shared among worker processes, one a core
CHUNKS_PER_WORKER = 4  # ranges of games per worker: a worker slowed by other work takes fewer
MAX_JOBS = 64
ORPHAN_CHECK = 100  # games between a worker's looks at its parent


def play_range(cards: list[str], seed: int, turns: int, player: Player, start: int, stop: int) -> Played:
    """Games `start` .. `stop` - 1 of a run, each on its own generator (`game_rng`)."""
    return [play_solo(cards, game_rng(seed, game), turns, player) for game in range(start, stop)]


def cores() -> int:
    """The cores this process may run on (its affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def workers_for(games: int, jobs: int | None = None) -> int:
    """How many processes play a run of `games`: `jobs`, or (None) one a core once the run has
    POOL_GAMES games or more (fewer finish before a pool would have started); never more than
    the games. One, in this process, wherever forking is unsafe: a fork copies only the thread
    that calls it, so in a process with other threads (a test runner's) a worker could inherit a
    lock that is never released; pnp's own command has one thread. And where fork does not exist."""
    wanted = (cores() if games >= POOL_GAMES else 1) if jobs is None else jobs
    wanted = max(1, min(wanted, games))
    if wanted > 1 and (threading.active_count() > 1 or "fork" not in multiprocessing.get_all_start_methods()):
        return 1
    return wanted


# What the workers play, set by the parent just before they fork (so a player need not be pickled),
# and the parent's process id.
_run: tuple[list[str], int, int, Player, int] | None = None


def _worker() -> None:
    # A worker stops at a signal as the kernel does by default; the parent says so, once.
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)


def _play_chunk(bounds: tuple[int, int]) -> Played:
    assert _run is not None
    cards, seed, turns, player, parent = _run
    played: Played = []
    for start in range(bounds[0], bounds[1], ORPHAN_CHECK):
        if os.getppid() != parent:  # the parent is gone (killed, as pnp leaves at a signal): so is the work
            os._exit(1)
        played += play_range(cards, seed, turns, player, start, min(start + ORPHAN_CHECK, bounds[1]))
    return played


def play_all(cards: list[str], seed: int, turns: int, player: Player, games: int, workers: int) -> Played:
    """Every game of a run, in order: here, or shared among `workers` forked processes by ranges
    of games (each game's generator depends only on the seed and its number, so the same games
    come out whichever process plays them)."""
    global _run
    if workers < 2:
        return play_range(cards, seed, turns, player, 0, games)
    printed_values(), prices()  # loaded once, before the fork, for every worker
    size = math.ceil(games / (workers * CHUNKS_PER_WORKER))
    ranges = [(start, min(start + size, games)) for start in range(0, games, size)]
    _run = (cards, seed, turns, player, os.getpid())
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=_worker)
    try:
        parts = pool.map(_play_chunk, ranges, chunksize=1)
    finally:
        pool.terminate()  # done, or this process failed first: nothing left is wanted
        pool.join()
        _run = None
    return [game for part in parts for game in part]
