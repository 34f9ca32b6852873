"""`pnp solitaire solve`: whatever it claims, the scorer must agree, and the layout must be legal."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pnp.cli import app
from pnp.games.pack_solitaire.engine import deal, score_layout
from pnp.games.pack_solitaire.files import format_tiles, parse_layout

runner = CliRunner()


def test_solve_json_agrees_with_score(tmp_path):
    tiles, out = tmp_path / "d.tiles", tmp_path / "best.layout"
    tiles.write_text(format_tiles(deal(11)))
    result = runner.invoke(app, ["solitaire", "solve", str(tiles), "--time-limit", "3", "--json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"score", "tiles_placed", "proven_optimal", "bound", "layout", "seconds"}
    assert out.read_text() == data["layout"]
    parsed = parse_layout(data["layout"], deal(11))
    assert not parsed.diagnostics
    recomputed = score_layout(deal(11), parsed.layout)
    assert not recomputed.violations
    assert (recomputed.score, recomputed.tiles_placed) == (data["score"], data["tiles_placed"]) and data["tiles_placed"] == 16
    assert data["score"] <= data["bound"] <= 96 and (data["bound"] == data["score"]) == data["proven_optimal"]
    scored = runner.invoke(app, ["solitaire", "score", str(tiles), str(out), "--json"])
    assert scored.exit_code == 0 and json.loads(scored.stdout)["score"] == data["score"]


def test_solve_rejects_a_broken_tile_set(tmp_path):
    tiles = tmp_path / "bad.tiles"
    tiles.write_text(format_tiles(deal(1)).replace("2: ", "1: ", 1))
    result = runner.invoke(app, ["solitaire", "solve", str(tiles), "--time-limit", "1"])
    assert result.exit_code == 1 and "tile 1 is given twice" in result.output
