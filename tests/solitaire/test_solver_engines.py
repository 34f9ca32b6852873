"""The compiled solver engine against the Python reference, and the choice between them."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.pack_solitaire import solver
from pnp.games.pack_solitaire.codes import encode
from pnp.games.pack_solitaire.files import format_tiles
from pnp.games.pack_solitaire.generate import deal
from pnp.games.pack_solitaire.solver import solve
from pnp.games.pack_solitaire.solver.geometry import c_geometry
from pnp.piecepack.model import Piece, Suit
from tests.solitaire.test_solver import PERFECT, assert_checks_out, cut_up_perfect_layout


def outcome(solution) -> tuple:
    return solution.score, solution.bound, solution.proven_optimal, solution.tiles_placed, solution.nodes, solution.layout


def test_the_compiled_engine_is_built_and_chosen_by_default(monkeypatch):
    monkeypatch.delenv("PNP_SOLVER", raising=False)
    assert solve(deal(3), node_limit=10).engine == "compiled"


# Python builds its tables for a second or so under coverage: one stop per deal, early to late.
@pytest.mark.parametrize(("seed", "nodes"), [(1, 50), (4, 700), (7, 3000)])
def test_both_engines_stop_at_the_same_node_with_the_same_answer(seed, nodes):
    tiles = deal(seed)
    fast = solve(tiles, time_limit=None, node_limit=nodes, engine="compiled")
    slow = solve(tiles, time_limit=None, node_limit=nodes, engine="python")
    assert (fast.engine, slow.engine) == ("compiled", "python")
    assert outcome(fast) == outcome(slow)
    assert not fast.proven_optimal and fast.nodes == nodes + 1  # the node that went over the budget
    assert_checks_out(tiles, fast)


def one_square_traded(seed: int) -> dict:
    """A cut-up perfect layout whose two tiles then trade a square: the best layout falls short
    of perfect, so the search has to prove it (a random deal's proof takes 10,000 nodes or more)."""
    rng = random.Random(seed)
    tiles = cut_up_perfect_layout(rng)
    a, b = rng.sample(sorted(tiles), 2)
    i, j = rng.randrange(4), rng.randrange(4)
    ta, tb = list(tiles[a]), list(tiles[b])
    ta[i], tb[j] = tb[j], ta[i]
    return tiles | {a: tuple(ta), b: tuple(tb)}


def test_both_engines_prove_the_same_optimum_in_the_same_search():
    tiles = one_square_traded(77)
    fast = solve(tiles, time_limit=None, engine="compiled")
    slow = solve(tiles, time_limit=None, engine="python")
    assert outcome(fast) == outcome(slow)
    assert fast.proven_optimal and fast.bound == fast.score == 86 < PERFECT and fast.nodes > 1000
    assert_checks_out(tiles, fast)


def test_both_engines_fall_back_alike_when_not_every_tile_fits():
    null, ace = (Piece(0, Suit.SUNS),) * 4, (Piece(1, Suit.SUNS),) * 4
    tiles = {i: null if i <= 8 else ace for i in range(1, 17)}
    # Stopped early (the full Python search takes seconds here), both hand over the same way.
    fast = solve(tiles, time_limit=None, node_limit=100, engine="compiled")
    slow = solve(tiles, time_limit=None, node_limit=100, engine="python")
    assert outcome(fast) == outcome(slow)
    assert fast.tiles_placed == 12 and not fast.proven_optimal
    assert solve(tiles, time_limit=None, engine="compiled").proven_optimal


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_compiled_engine_puts_a_cut_up_perfect_layout_back_together(rng: random.Random):
    tiles = cut_up_perfect_layout(rng)
    solution = solve(tiles, time_limit=None, engine="compiled")
    assert_checks_out(tiles, solution)
    assert (solution.score, solution.tiles_placed, solution.proven_optimal) == (PERFECT, 16, True)


def test_pnp_solver_python_forces_the_fallback(monkeypatch, tmp_path):
    monkeypatch.setenv("PNP_SOLVER", "python")
    assert solve(deal(3), node_limit=10).engine == "python"
    tiles = tmp_path / "d.tiles"
    tiles.write_text(format_tiles(deal(3)))
    result = CliRunner().invoke(app, ["solitaire", "solve", str(tiles), "--json", "--time-limit", "0.1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["engine"] == "python"
    monkeypatch.delenv("PNP_SOLVER")
    again = json.loads(CliRunner().invoke(app, ["solitaire", "solve", str(tiles), "--json"]).stdout)
    assert again["engine"] == "compiled" and again["proven_optimal"] and again["score"] == 76


def test_without_the_compiled_core_pnp_solves_in_python():
    # As after an install whose compile failed: the module cannot be imported at all.
    script = (
        "import sys; sys.modules['pnp.games.pack_solitaire._csearch'] = None\n"
        "from pnp.games.pack_solitaire.generate import deal\n"
        "from pnp.games.pack_solitaire.solver import solve\n"
        "s = solve(deal(3), node_limit=300); print(s.engine, s.nodes)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PNP_SOLVER"}
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert ran.stdout.split() == ["python", "301"]


def test_asking_for_a_missing_or_unknown_engine_is_an_error(monkeypatch):
    with pytest.raises(ValueError, match="unknown solver engine"):
        solve(deal(3), engine="fortran")
    monkeypatch.setattr(solver, "_csearch", None)
    with pytest.raises(RuntimeError, match="not built"):
        solve(deal(3), engine="compiled")
    assert solve(deal(3), node_limit=10).engine == "python"


def test_the_compiled_core_rejects_malformed_input():
    codes = bytes(x for tile in deal(3).values() for x in encode(tile))
    with pytest.raises(ValueError, match="square codes"):
        solver._csearch.search(bytes([7]) * 64, c_geometry(), 10, -1.0)
    with pytest.raises(ValueError, match="64 square codes"):
        solver._csearch.search(codes[:60], c_geometry(), 10, -1.0)
    with pytest.raises(ValueError, match="malformed geometry"):
        solver._csearch.search(codes, c_geometry()[:-1], 10, -1.0)
    with pytest.raises(ValueError, match="malformed geometry"):
        solver._csearch.search(codes, array("i", [*c_geometry(), 0]), 10, -1.0)
