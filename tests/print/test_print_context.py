"""The print context (pnp.core.printing): one table of papers, and the paper and print settings read
once at the command's edge into the one `Print` every target's drawing receives."""

from __future__ import annotations

from dataclasses import fields

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.contract.options import SETTING
from pnp.core.layouts import sheet_layout
from pnp.core.printing import Paper, Print
from pnp.draw.cover import cover_layout
from pnp.games.registry import GAMES

runner = CliRunner()


def test_one_table_of_papers_that_the_layouts_size():
    ids = [paper.value for paper in Paper]
    assert ids == ["a4", "letter"]
    assert set(sheet_layout().paper) == set(cover_layout().scale_bar) == set(ids)  # no paper the table does not name
    assert [(p.label, p.short, p.described) for p in Paper] == [
        ("A4", "A4", "A4 (210 x 297 mm)"),
        ("US Letter", "Letter", "US Letter (8.5 x 11 in)"),
    ]
    assert (Paper.A4.size.width, Paper.A4.size.height) == (210.0, 297.0)
    assert (Print(Paper.LETTER).size.width, Print(Paper.LETTER).size.height) == (215.9, 279.4)
    assert Paper("letter") is Paper.LETTER and f"{Paper.LETTER}" == "letter"


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_targets_print_settings_are_the_contexts_not_its_options(game):
    options = game.options()
    settings = [f for f in fields(options) if SETTING in f.metadata]
    assert {f.name for f in settings} <= {f.name for f in fields(Print)}
    made = options()
    for field in settings:
        assert not hasattr(made, field.name)  # read from the print context, never from the options
        with pytest.raises(TypeError):
            options(**{field.name: field.metadata[SETTING]})


def _captured(monkeypatch, module: str) -> list:
    """Run the target's build no further than its arguments: the print context and options it gets."""
    got: list = []
    monkeypatch.setattr(f"{module}.build", lambda opts, options: got.append((opts, options)) or [])
    return got


def test_the_command_line_fills_the_print_context(tmp_path, monkeypatch):
    got = _captured(monkeypatch, "pnp.piecepack.build")
    typed = ["build", "piecepack", "--bw", "--tiles", "2-5", "--back-offset", "1,-0.5", "--paper", "LETTER", "--out", str(tmp_path), "-q"]
    assert runner.invoke(app, typed).exit_code == 0
    from pnp.piecepack.build import Options

    [(opts, options)] = got
    assert opts.printing == Print(Paper.LETTER, bw=True, back_offset=(1.0, -0.5))
    assert options == Options(tiles="2-5")


def test_the_cards_settings_and_pnp_paper_fill_the_context(tmp_path, monkeypatch):
    got = _captured(monkeypatch, "pnp.games.power_lines_cards.build")
    monkeypatch.setenv("PNP_PAPER", "letter")
    assert runner.invoke(app, ["build", "power-lines-cards", "--bleed", "3", "--cut-lines", "--out", str(tmp_path), "-q"]).exit_code == 0
    [(opts, _)] = got
    assert opts.printing == Print(Paper.LETTER, bleed=3.0, cut_lines=True)


def test_a_bleed_out_of_range_is_refused_at_the_edge(tmp_path):
    result = runner.invoke(app, ["build", "power-lines-cards", "--bleed", "11", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "Invalid value for '--bleed': 11 is out of range; use 0 to 10 mm" in result.output
    assert not list(tmp_path.iterdir())
