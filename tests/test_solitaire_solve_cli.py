"""`pnp solitaire solve`: whatever it claims, the scorer must agree, and the layout must be legal."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from pnp.cli import app
from pnp.games.pack_solitaire.engine import score_layout
from pnp.games.pack_solitaire.generate import deal
from pnp.games.pack_solitaire.files import format_tiles, parse_layout

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
    assert list(data) == ["schema", "command", "file", "valid", "diagnostics", "score", "tiles_placed", "proven_optimal", "bound", "layout", "seconds", "engine"]
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
        f"{recomputed.tiles_placed} tiles placed; pairs: {p['match']} match, {p['sum5']} sum to 5, {p['wild']} wild, {p['invalid']} invalid",
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
    assert result.stdout.splitlines()[-1] == f"{layout}: invalid layout, {len(expected.violations)} facing pairs break the rules"
