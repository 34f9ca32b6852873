"""The match lab: deck A against deck B over many games, played in pairs, and what that says.

Pairs. Pair i deals both decks once, from its own generator (seeded by the match's seed and i),
and plays that deal twice: A's deck in seat A, moving first, then B's deck in seat A, moving
first; each deck in the same order both times, and the players' choices and chance drawn from
a second generator of the pair's, seeded afresh for each game. So who moves first cancels out of every pair, and so does the
luck of the deal, as far as two games can cancel it. (A deck against itself is still dealt two
orders, one a seat: it wins half its games on average, not in every pair.)

A result depends only on the decks, players, budget, readings, seed and pairs played, never on
which process played what: each pair's generator depends on the seed and its number alone.
Pairs go to a `concurrent.futures` executor (`pool`): none (this process), a local process pool
(`--jobs`, processes started by a fork server, which forks a clean copy of this module's imports
even from a process with threads), or a Dask cluster's (`--scheduler`; `dask.distributed`'s
`Client.get_executor()`).

`--until H` plays STEP_PAIRS pairs at a time and stops once the interval of A's win rate is at
most H points either side (or the games run out): the steps are the same however the work is
shared, so the stopping point is too.

Ablation. Each kind of A's is replaced, one copy, by NEUTRAL, on the same pairs: the copy is one
chosen at random (by the pair's generator, after the deal) among those of that kind, so it lies
where that card lay. The change in A's score, pair by pair, is what the card is worth there.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import signal
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NamedTuple

from pnp.core.diagnostics import PnpError
from pnp.games.power_lines_cards.rules.catalogue import Catalogue, cards_in_force, catalogue, in_force
from pnp.games.power_lines_cards.rules.records import PLAYER_NAMES, format_record
from pnp.games.power_lines_cards.rules.replay import record_of
from pnp.games.power_lines_cards.rules.variant import DEFAULT, Variant

from .fast import Playout
from .match import Orders, deal, play_dealt, seen
from .tally import SCORES, Ablation, Gauntlet, MatchGame, MatchResult, Pair, games_of, rate, worth

# The neutral card an ablation puts in a card's place. The rules' own card without an effect, the
# face-down card (value 5, price 0), is no card of the catalogue and cannot be played face up. The
# catalogue's 5 has that value and price, and its effect is the slightest: played beside an enemy,
# it trashes a random card of the opponent's discard pile, which matters only if that pile is
# shuffled back. So a card's worth is measured against a plain free 5.
NEUTRAL = "5"
DEFAULT_MATCH_GAMES = 1000
STEP_PAIRS = 50  # --until: pairs played between two looks at the interval (100 games)
POOL_GAMES = 40  # from this many games (a second or two of play) a match uses one process a core
CONNECT_SECONDS = 5  # how long to wait for a Dask scheduler to answer
CHUNKS_PER_WORKER = 4  # pieces of work per worker and batch: a worker slowed by other work takes fewer
WATCH_SECONDS = 1.0  # how often a worker looks whether the process it works for is still there


@dataclass(frozen=True)
class Setup:
    """What every game of a match shares: the decks (A's, B's: one entry a copy), the players
    (A's, B's), the seed, the readings, the players' budget, the decks' names (for the records'
    comments), whether to keep each game's record, the kind of A's an ablation replaces, and the
    catalogue (`--cards`), carried to workers that did not start inside the command."""

    decks: tuple[tuple[str, ...], tuple[str, ...]]
    players: tuple[str, str] = ("greedy", "greedy")
    seed: int = 1
    variant: Variant = DEFAULT
    budget: int | None = None
    names: tuple[str, str] = PLAYER_NAMES
    record: bool = False
    swap: str | None = None
    cards: tuple[Catalogue, Path] | None = field(default_factory=in_force, compare=False)  # the catalogue in force where the match began


def dealt(setup: Setup, pair: int) -> Orders:
    """Pair `pair`'s deal: A's order, B's (with an ablation, one copy of the kind swapped, drawn
    after the deal so that the orders are otherwise the same)."""
    rng = random.Random(f"pnp-match/{setup.seed}/{pair}/deal")
    a, b = deal(setup.decks, rng)
    if setup.swap is not None:
        copies = [i for i, card in enumerate(a) if card == setup.swap]
        a[copies[rng.randrange(len(copies))]] = NEUTRAL
    return a, b


def play_pair(setup: Setup, pair: int) -> Pair:
    """Pair `pair`'s two games: A's deck first, then B's, on the same deal, each game's choices
    and chance drawn from the same generator, seeded afresh (so an ablation's games draw the same too)."""
    a, b = dealt(setup, pair)
    games = []
    for a_seat in (0, 1):
        orders, players = ((a, b), setup.players) if a_seat == 0 else ((b, a), (setup.players[1], setup.players[0]))
        rng = random.Random(f"pnp-match/{setup.seed}/{pair}/play")
        done = play_dealt(orders, 0, players, rng, setup.variant, setup.budget, final=setup.record)
        games.append(_kept(setup, pair, orders, done, a_seat))
    return games[0], games[1]


def _kept(setup: Setup, pair: int, orders: Orders, done: Playout, a_seat: int) -> MatchGame:
    outcome = done.outcome
    score = SCORES["draws"] if outcome.winner is None else SCORES["wins" if outcome.winner == a_seat else "losses"]
    drawn, played = seen(orders, done, a_seat)
    record = None
    if setup.record:
        seats = (setup.names, setup.players) if a_seat == 0 else (setup.names[::-1], setup.players[::-1])
        match_names = PLAYER_NAMES if a_seat == 0 else PLAYER_NAMES[::-1]
        header = (
            f"pnp deck match, seed {setup.seed}, pair {pair + 1}, game {a_seat + 1} of 2: the pair's one deal played twice, each deck first once",
            f"A here, moving first: {seats[0][0]} (the match's {match_names[0]}), {seats[1][0]}; B here: {seats[0][1]} (the match's {match_names[1]}), {seats[1][1]}",
        )
        assert done.game is not None  # asked for with setup.record
        record = format_record(record_of(orders, 0, setup.variant, done.game.history, header))
    return MatchGame(score, outcome.ending, done.turn, a_seat == 0, drawn, played, record)


def play_pairs(setup: Setup, start: int, stop: int) -> list[Pair]:
    """Pairs `start` .. `stop` - 1: a piece of work for an executor, under the match's catalogue."""
    with cards_in_force(setup.cards):
        return [play_pair(setup, pair) for pair in range(start, stop)]


class Pool(NamedTuple):
    """Where pairs are played: an executor (None: this process) and the workers behind it."""

    executor: Executor | None
    workers: int


def workers_for(games: int, jobs: int | None, cores: int) -> int:
    """`jobs`, or (None) one a core from POOL_GAMES games on, else 1; never more than the pairs."""
    wanted = (cores if games >= POOL_GAMES else 1) if jobs is None else jobs
    return max(1, min(wanted, math.ceil(games / 2)))


@contextmanager
def pool(workers: int, scheduler: str | None = None) -> Iterator[Pool]:
    """This process (`workers` 1), a local process pool of `workers`, or the Dask cluster whose
    scheduler is at `scheduler` (a usage error if Dask is not installed or the scheduler is not there)."""
    if scheduler is not None:
        with _cluster(scheduler) as (executor, threads):
            yield Pool(executor, threads)
        return
    if workers < 2:
        yield Pool(None, 1)
        return
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])  # the server imports the lab once; each worker is a fork of it
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_worker, initargs=(os.getpid(),)) as executor:
        yield Pool(executor, workers)


def _worker(parent: int) -> None:
    """A worker stops at a signal as the kernel does by default (the process it works for says
    so, once), and on its own once that process is gone: pnp leaves at once at a signal, and a
    worker waiting for work that will never come would otherwise wait for ever (and keep the
    fork server waiting with it)."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)

    def watch() -> None:
        while True:
            time.sleep(WATCH_SECONDS)
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                os._exit(1)

    threading.Thread(target=watch, name="pnp-watch-parent", daemon=True).start()


@contextmanager
def _cluster(address: str) -> Iterator[tuple[Executor, int]]:
    try:
        from distributed import Client
    except ImportError:
        raise PnpError("--scheduler: Dask is not installed; install pnp with it: pip install 'pnp[cluster]'", exit_code=2) from None
    try:
        client = Client(address, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]  # Dask's API is not typed throughout
    except (OSError, TimeoutError, ValueError) as exc:
        raise PnpError(f"--scheduler {address}: no Dask scheduler answered there ({exc})", exit_code=2) from None
    with client:
        threads = client.nthreads()  # type: ignore[no-untyped-call]  # as above
        yield client.get_executor(), max(1, sum(threads.values()))  # type: ignore[no-untyped-call]


def play_range(setup: Setup, start: int, stop: int, where: Pool) -> list[Pair]:
    """Pairs `start` .. `stop` - 1, in order, played where `where` says."""
    if where.executor is None:
        return play_pairs(setup, start, stop)
    size = max(1, math.ceil((stop - start) / (where.workers * CHUNKS_PER_WORKER)))
    futures = [where.executor.submit(play_pairs, setup, s, min(s + size, stop)) for s in range(start, stop, size)]
    return [pair for future in futures for pair in future.result()]


def match(setup: Setup, games: int, where: Pool, until: float | None = None, step: int = STEP_PAIRS) -> MatchResult:
    """A's deck against B's: `games` games (pairs of them: an odd number is rounded up), or with
    `until` (points) as soon as the interval of A's win rate is that narrow, checked every
    `step` pairs."""
    most = math.ceil(games / 2)
    counts = dict(Counter(setup.decks[0]))
    if until is None:
        return MatchResult(tuple(play_range(setup, 0, most, where)), counts)
    pairs: list[Pair] = []
    while len(pairs) < most:
        pairs += play_range(setup, len(pairs), min(len(pairs) + step, most), where)
        ci = rate(games_of(pairs)).interval
        if ci is not None and 100 * ci.half_width <= until:
            return MatchResult(tuple(pairs), counts, until, reached=True)
    return MatchResult(tuple(pairs), counts, until)


def ablate(setup: Setup, base: MatchResult, where: Pool) -> Ablation:
    """Each kind of A's but NEUTRAL, one copy played as NEUTRAL, on the pairs `base` played."""
    kinds = [kind for kind in catalogue().kind_names if kind in base.counts and kind != NEUTRAL]
    plain = replace(setup, record=False)
    swapped = {kind: play_range(replace(plain, swap=kind), 0, len(base.pairs), where) for kind in kinds}
    return Ablation(NEUTRAL, {kind: worth(base.pairs, swapped[kind]) for kind in kinds})


def gauntlet(decks: Sequence[tuple[str, ...]], names: Sequence[str], setup: Setup, games: int, where: Pool, until: float | None = None) -> Gauntlet:
    """Every deck against every other (the earlier one as A), each match as `match` plays it."""
    found = {}
    for i in range(len(decks)):
        for j in range(i + 1, len(decks)):
            found[(i, j)] = match(replace(setup, decks=(decks[i], decks[j]), names=(names[i], names[j])), games, where, until)
    return Gauntlet(tuple(names), found)
