"""`pnp solitaire solve`: whatever it claims, the scorer must agree, and the layout must be legal;
Ctrl-C keeps the best layout found so far."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.pack_solitaire import solver
from pnp.games.pack_solitaire.cli import ctrl_c_stops
from pnp.games.pack_solitaire.engine import score_layout
from pnp.games.pack_solitaire.files import format_layout, format_tiles, parse_layout
from pnp.games.pack_solitaire.generate import deal

runner = CliRunner()
# Limits no solve of one deal comes near (the compiled engine proves deal 11 in about 0.1 s), so
# that what the tests see never depends on the machine's speed.
NO_LIMIT = ["--time-limit", "3600"]


def test_solve_json_agrees_with_score(tmp_path):
    tiles, out = tmp_path / "d.tiles", tmp_path / "best.layout"
    tiles.write_text(format_tiles(deal(11)))
    result = runner.invoke(app, ["solitaire", "solve", str(tiles), *NO_LIMIT, "--json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == [
        "schema",
        "command",
        "file",
        "valid",
        "diagnostics",
        "score",
        "tiles_placed",
        "proven_optimal",
        "bound",
        "layout",
        "seconds",
        "engine",
        "interrupted",
    ]
    assert data["interrupted"] is False
    assert out.read_text() == data["layout"]
    parsed = parse_layout(data["layout"], deal(11))
    assert not parsed.diagnostics
    recomputed = score_layout(deal(11), parsed.value.layout)
    assert not recomputed.violations
    assert (recomputed.score, recomputed.tiles_placed) == (data["score"], data["tiles_placed"]) and data["tiles_placed"] == 16
    assert data["proven_optimal"] and data["score"] == data["bound"] <= 96
    scored = runner.invoke(app, ["solitaire", "score", str(tiles), str(out), "--json"])
    assert scored.exit_code == 0 and json.loads(scored.stdout)["score"] == data["score"]


def test_solve_rejects_a_broken_tile_set(tmp_path):
    tiles = tmp_path / "bad.tiles"
    tiles.write_text(format_tiles(deal(1)).replace("2: ", "1: ", 1))
    result = runner.invoke(app, ["solitaire", "solve", str(tiles), "--time-limit", "1"])
    assert result.exit_code == 1 and "tile 1 is given twice" in result.output


def test_text_mode_solve_then_score(tmp_path):
    tiles, out = tmp_path / "d.tiles", tmp_path / "best.layout"
    tiles.write_text(format_tiles(deal(11)))
    solved = runner.invoke(app, ["solitaire", "solve", str(tiles), *NO_LIMIT, "-o", str(out)])
    assert solved.exit_code == 0, solved.output
    *layout_lines, summary = solved.stdout.splitlines()
    layout_text = "\n".join(layout_lines) + "\n"
    assert layout_text == out.read_text() and len(layout_text.splitlines()) == 4
    m = re.fullmatch(r"score (\d+) with (\d+) tiles \(proven optimal; [\d.]+ s\)", summary)
    assert m, summary
    recomputed = score_layout(deal(11), parse_layout(layout_text, deal(11)).value.layout)
    assert (int(m[1]), int(m[2])) == (recomputed.score, recomputed.tiles_placed)

    scored = runner.invoke(app, ["solitaire", "score", str(tiles), str(out)])
    p = recomputed.pairs
    assert scored.exit_code == 0 and scored.stdout.splitlines() == [
        f"{recomputed.tiles_placed} tiles placed; pairs: {p['match']} match, {p['sum5']} sum to 5, {p['wild']} wild, {p['invalid']} broken",
        f"score {recomputed.score}",
    ]


def test_text_mode_score_locates_each_broken_pair(tmp_path):
    tiles, layout = tmp_path / "d.tiles", tmp_path / "bad.layout"
    tiles.write_text(format_tiles(deal(11)))
    layout.write_text("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 16\n")  # dealt order, unturned: pairs clash
    expected = score_layout(deal(11), parse_layout(layout.read_text(), deal(11)).value.layout)
    assert expected.violations
    result = runner.invoke(app, ["solitaire", "score", str(tiles), str(layout)])
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    shown = min(len(expected.violations), 10)  # the reporter's cap: ten findings of a kind, then a count
    assert result.exit_code == 1 and len(errors) == shown
    if len(expected.violations) > 10:
        assert f"and {len(expected.violations) - 10} more finding" in result.stderr
    assert all(re.match(rf"{re.escape(str(layout))}:[1-4]:\d+: error: row \d column \d and row \d column \d: ", e) for e in errors)
    assert result.stderr.splitlines()[-1] == f"{layout}: invalid layout, {len(expected.violations)} facing pairs break the rules"  # after the findings
    assert result.stdout.splitlines()[-1].startswith("16 tiles placed; pairs: ")  # scored all the same, and no score line


# --- Ctrl-C: the best layout found so far, not proven, exit 130 ----------------------------------------

ROOT = Path(__file__).resolve().parents[2]
# pnp in a child process that stops at one moment of the search and waits for the test (as
# tests/helpers/stepped.py does for builds): a signal sent while it waits lands at a moment the test
# knows, however fast the machine. `search`: the compiled search is about to start; `found N`:
# the Python search has found its first full layout, scoring N.
PAUSED = """
import os, sys
REPORT, RESUME = int(os.environ["PNP_STEP_REPORT"]), int(os.environ["PNP_STEP_RESUME"])
done = []

def pause(where):
    if not done:
        done.append(where)
        os.write(REPORT, (where + "\\n").encode())
        os.read(RESUME, 1)

from pnp.games.pack_solitaire import solver
from pnp.games.pack_solitaire.solver import search

if solver._csearch is not None and os.environ.get("PNP_SOLVER") != "python":
    real = solver._csearch.search

    class Paused:
        @staticmethod
        def search(*args):
            pause("search")
            return real(*args)

    solver._csearch = Paused
else:
    run = search.Search.run

    def paused_run(self, *args, **kwargs):
        if self.best_grid is not None:
            pause(f"found {2 * self.best}")
        return run(self, *args, **kwargs)

    search.Search.run = paused_run
sys.argv = ["pnp", *sys.argv[1:]]
from pnp.commands.cli import main
main()
"""


def interrupted(tmp_path: Path, engine: str, *args: str) -> tuple[int, str, str, str]:
    """`pnp solitaire solve` on deal 1, sent SIGINT while it waits at its pause: exit code, stdout, stderr, the pause."""
    script = tmp_path / "paused.py"
    script.write_text(PAUSED)
    report, report_w = os.pipe()
    resume_r, resume = os.pipe()
    env = {**os.environ, "PNP_STEP_REPORT": str(report_w), "PNP_STEP_RESUME": str(resume_r), "PNP_SOLVER": engine}
    run = subprocess.Popen(
        [sys.executable, str(script), "solitaire", "solve", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, pass_fds=(report_w, resume_r), cwd=ROOT,
    )  # fmt: skip
    os.close(report_w)
    os.close(resume_r)
    with os.fdopen(report) as reports:
        where = reports.readline().strip()
        assert where, run.communicate(timeout=60)
        run.send_signal(signal.SIGINT)  # lands while the child waits at its pause
        os.write(resume, b"g")
        os.close(resume)
        stdout, stderr = run.communicate(timeout=120)
    return run.returncode, stdout, stderr, where


def test_ctrl_c_prints_the_best_layout_so_far_keeps_it_and_exits_130(tmp_path):
    # The compiled engine where it was built (the Python one stops alike: test_a_stop_set_midway...).
    engine = "compiled" if solver._csearch is not None else "python"
    tiles, out = tmp_path / "d.tiles", tmp_path / "kept.layout"
    tiles.write_text(format_tiles(deal(1)))
    code, stdout, stderr, where = interrupted(tmp_path, engine, str(tiles), "-o", str(out), *NO_LIMIT)
    assert code == 130, stderr
    assert stderr == f"wrote {out}\npnp: interrupted\n"
    *layout_lines, summary = stdout.splitlines()
    m = re.fullmatch(r"score (\d+) with 16 tiles \(not proven: interrupted after [\d.]+ s; no layout scores more than (\d+)\)", summary)
    assert m, summary
    text = "\n".join(layout_lines) + "\n"
    assert out.read_text() == text  # -o keeps it
    result = score_layout(deal(1), parse_layout(text, deal(1)).value.layout)
    assert not result.violations and result.tiles_placed == 16 and result.score == int(m[1]) <= int(m[2])
    assert result.score < solver.solve(deal(1), time_limit=None).score  # deal 1's par (68) is not reached this early
    if engine == "python":
        assert result.score >= int(where.split()[1])  # never worse than what was found when Ctrl-C came


def test_ctrl_c_with_json_prints_the_envelope_and_exits_130(tmp_path):
    import jsonschema

    schema = json.loads((ROOT / "schemas" / "pnp-1.schema.json").read_text())
    tiles = tmp_path / "d.tiles"
    tiles.write_text(format_tiles(deal(1)))
    code, stdout, stderr, _ = interrupted(tmp_path, "compiled" if solver._csearch else "python", str(tiles), "--json", *NO_LIMIT)
    assert code == 130 and stderr == "pnp: interrupted\n"
    data = json.loads(stdout)
    jsonschema.validate(data, {**schema, "$ref": "#/$defs/solitaire solve"})
    assert data["interrupted"] is True and data["proven_optimal"] is False and data["valid"] and data["tiles_placed"] == 16


def test_a_stop_both_engines_heed_at_the_same_node():
    tiles = deal(1)
    engines = ["python"] + (["compiled"] if solver._csearch is not None else [])
    found = [solver.solve(tiles, time_limit=None, engine=e, stop=bytearray(b"\x01")) for e in engines]
    for s in found:
        assert s.nodes == 1024 and not s.proven_optimal and s.tiles_placed == 16 and s.score <= s.bound
        assert score_layout(tiles, s.layout).score == s.score and not score_layout(tiles, s.layout).violations
    assert len({(format_layout(s.layout), s.score, s.bound) for s in found}) == 1
    # Unset, the stop changes nothing.
    assert solver.solve(tiles, time_limit=None, stop=bytearray(1)).proven_optimal


def test_a_stop_set_midway_keeps_the_best_found_so_far(monkeypatch):
    """The Python engine, stopped once it has a full layout: it ends within 1024 nodes, keeping it (or better)."""
    from pnp.games.pack_solitaire.solver import search

    stop, seen = bytearray(1), {}
    run = search.Search.run

    def watched(self, *args, **kwargs):
        if self.best_grid is not None and not stop[0]:
            stop[0] = 1
            seen.update(score=2 * self.best, nodes=self.nodes)
        return run(self, *args, **kwargs)

    monkeypatch.setattr(search.Search, "run", watched)
    found = solver.solve(deal(1), time_limit=None, engine="python", stop=stop)
    assert not found.proven_optimal and found.score >= seen["score"] and found.nodes - seen["nodes"] <= 1024
    assert score_layout(deal(1), found.layout).score == found.score


def test_a_second_ctrl_c_ends_pnp_as_before():
    called = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: called.append(signum))
    try:
        flag = bytearray(1)
        with ctrl_c_stops(flag):
            handler = signal.getsignal(signal.SIGINT)
            handler(signal.SIGINT, None)
            assert flag[0] == 1 and called == []  # the first: the search stops, pnp goes on
            handler(signal.SIGINT, None)
            assert called == [signal.SIGINT]  # the second: what Ctrl-C did before
        assert signal.getsignal(signal.SIGINT) is not handler  # put back after the search
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("as_json", [False, True])
def test_the_cli_after_a_ctrl_c_during_the_search(tmp_path, monkeypatch, as_json):
    """In process: the flag set as the search starts (as a Ctrl-C would), the command keeps and reports the layout."""
    real = solver.solve

    def pressed(tiles, **kwargs):
        kwargs["stop"][0] = 1
        return real(tiles, **kwargs)

    monkeypatch.setattr(solver, "solve", pressed)
    tiles, out = tmp_path / "d.tiles", tmp_path / "kept.layout"
    tiles.write_text(format_tiles(deal(1)))
    result = runner.invoke(app, ["solitaire", "solve", str(tiles), "-o", str(out), *NO_LIMIT, *(["--json"] if as_json else [])])
    assert result.exit_code == 130 and result.stderr.endswith("pnp: interrupted\n")
    if as_json:
        data = json.loads(result.stdout)
        assert data["interrupted"] and not data["proven_optimal"] and data["layout"] == out.read_text()
    else:
        assert result.stdout.startswith(out.read_text()) and "(not proven: interrupted after" in result.stdout
        assert result.stderr == f"wrote {out}\npnp: interrupted\n"


def test_a_second_ctrl_c_with_no_handler_of_pythons_ends_the_process():
    """With Ctrl-C's default action before the search (pnp as a library), the second one does that."""
    code = (
        "import signal\n"
        "from pnp.games.pack_solitaire.cli import ctrl_c_stops\n"
        "signal.signal(signal.SIGINT, signal.SIG_DFL)\n"
        "flag = bytearray(1)\n"
        "with ctrl_c_stops(flag):\n"
        "    handler = signal.getsignal(signal.SIGINT)\n"
        "    handler(signal.SIGINT, None)\n"
        "    print('stopping', flush=True)\n"
        "    handler(signal.SIGINT, None)\n"
        "    print('still here')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == -signal.SIGINT and run.stdout == "stopping\n"
