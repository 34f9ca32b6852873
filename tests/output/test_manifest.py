"""The output path: a manifest of what pnp wrote, clean-up limited to it, inputs never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.core.printing import Print
from pnp.core.session import Staged, session
from pnp.draw.shapes import Drawing, Rect, Style
from pnp.output.files import MANIFEST, BuildOptions, commit, hand_over, take_over, write_pages

runner = CliRunner()


def pages(n: int) -> list[Drawing]:
    found = []
    for i in range(n):
        page = Drawing(100, 100)
        page.add(Rect(10, 10, 10 + i, 10, Style(fill="#000000")))
        found.append(page)
    return found


def svg_build(out: Path, n: int) -> list[Path]:
    return write_pages("thing", pages(n), BuildOptions(Print(), ("svg",), out))


def test_a_shorter_rebuild_removes_only_the_pages_pnp_wrote(tmp_path: Path):
    svg_build(tmp_path, 4)
    (tmp_path / "thing-03.svg").write_text("my own drawing, saved over pnp's page")
    (tmp_path / "thing-07.svg").write_text("my own file, named like a page")
    svg_build(tmp_path, 2)
    names = sorted(p.name for p in tmp_path.iterdir())
    # 04 was pnp's and is stale: gone. 03 was changed by its user, 07 never was pnp's: both kept.
    assert names == [MANIFEST, "thing-01.svg", "thing-02.svg", "thing-03.svg", "thing-07.svg"]
    listed = json.loads((tmp_path / MANIFEST).read_text())["files"]
    assert sorted(listed) == ["thing-01.svg", "thing-02.svg"]  # 03 is no longer pnp's


def test_a_manifest_cannot_point_outside_its_folder(tmp_path: Path):
    out = tmp_path / "out"
    svg_build(out, 1)
    victim = tmp_path / "victim.svg"
    victim.write_text("precious")
    manifest = json.loads((out / MANIFEST).read_text())
    manifest["files"]["../victim.svg"] = "0" * 64
    manifest["files"]["thing-09.svg"] = "not a hash"
    (out / MANIFEST).write_text(json.dumps(manifest))
    svg_build(out, 1)
    assert victim.read_text() == "precious"
    (out / MANIFEST).write_text("{not json")
    svg_build(out, 1)  # a broken manifest is replaced, not a crash
    assert json.loads((out / MANIFEST).read_text())["files"].keys() == {"thing-01.svg"}


def test_a_deck_inside_the_output_folder_survives_a_build(tmp_path: Path):
    from pnp.commands.cli import app

    out = tmp_path / "out"
    out.mkdir()
    deck = out / "power-lines-cards-09.svg"  # named like a page the build cleans up
    deck.write_text("26 5\n1 Base\n")
    (out / MANIFEST).write_text(json.dumps({"pnp-manifest": 1, "files": {deck.name: "x" * 64}}))
    result = runner.invoke(app, ["build", "power-lines-cards", "--out", str(out), "--deck", str(deck), "--format", "svg"])
    assert result.exit_code == 0, result.output
    assert deck.read_text() == "26 5\n1 Base\n"


def test_solve_output_is_checked_before_the_search(tmp_path: Path):
    from pnp.commands.cli import app

    tiles = tmp_path / "deal.tiles"
    assert runner.invoke(app, ["solitaire", "deal", "--seed", "4", "-o", str(tiles)]).exit_code == 0
    before = tiles.read_bytes()
    result = runner.invoke(app, ["solitaire", "solve", str(tiles), "--time-limit", "3600", "-o", str(tiles)])
    assert result.exit_code == 2 and "refusing to write over an input" in result.output
    assert tiles.read_bytes() == before


def test_a_deck_name_that_is_not_text_is_drawn_escaped(tmp_path: Path):
    import os
    import xml.dom.minidom

    import pypdf

    from pnp.commands.cli import app

    # Bytes that are not UTF-8, a control character and the brackets PDF names and arrays use.
    deck = Path(os.fsdecode(bytes(tmp_path) + b"/mine\xff\x1b[1](2).deck"))
    deck.write_text("26 5\n1 Base\n")
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", "power-lines-cards", "--out", str(out), "--deck", str(deck)])
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(out / "power-lines-cards.pdf", strict=True)
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "mine\\xff\\x1b[1](2)" in text
    for svg in out.glob("*.svg"):
        xml.dom.minidom.parse(str(svg))  # well-formed


def test_staging_outside_a_session_or_a_build_is_refused_by_name():
    for call in (hand_over, commit, lambda: take_over(Staged())):
        with pytest.raises(RuntimeError, match="not inside a pnp.core.session.session()"):
            call()
    with session(), pytest.raises(RuntimeError, match=r"take_over\(\) before begin\(\)"):
        take_over(Staged())
