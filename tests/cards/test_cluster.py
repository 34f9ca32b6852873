"""The match lab on a Dask cluster (`--scheduler`): the same result as in this process. Dask is in
the test extra (and the `cluster` extra); without it these tests are skipped."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.core.resources import deck_file
from pnp.games.power_lines_cards.rules.engine import load_deck
from pnp.games.power_lines_cards.simulation.lab import Pool, Setup, ablate, match, pool

distributed = pytest.importorskip("distributed", reason="Dask is not installed: pip install -e '.[test]' brings it")

STARTER = str(deck_file("starter.deck"))


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_a_match_on_a_cluster_is_the_match_played_here(scheduler: str) -> None:
    decks = (tuple(load_deck(Path(STARTER)).cards()), tuple(["1"] * 13 + ["10"] * 13))
    setup = Setup(decks, ("greedy", "random"), seed=4)
    here = match(setup, 8, Pool(None, 1))
    with pool(1, scheduler) as there:
        assert there.workers == 2
        assert match(setup, 8, there) == here
        assert ablate(setup, here, there) == ablate(setup, here, Pool(None, 1))


def test_scheduler_option(scheduler: str, tmp_path: Path) -> None:
    args = ["deck", "match", STARTER, STARTER, "--games", "4", "--seed", "2", "--json"]
    here, there = CliRunner().invoke(app, args), CliRunner().invoke(app, [*args, "--scheduler", scheduler])
    assert here.exit_code == there.exit_code == 0, there.output
    assert json.loads(here.stdout) == json.loads(there.stdout)


def test_a_scheduler_that_is_not_there_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["deck", "match", STARTER, STARTER, "--games", "2", "--scheduler", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2 and "no Dask scheduler answered there" in result.stderr
