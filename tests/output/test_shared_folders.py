"""A folder written by more than one command: `pnp build` and both `pnp export`s, for every game.

The README's promise: a file pnp wrote is removed only by the same command (the same build target,
the same export of the same game) making it no longer; another command's files stay as they are.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.registry import GAMES, PRINT_SHOP

runner = CliRunner()


def pnp(*args: object):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def files(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")}


def exports(game) -> list[list[str]]:
    quick = {PRINT_SHOP: ["--dpi", "72"]}  # the export's own tests check the images; here only who owns them
    return [["export", command, game.id, *quick.get(command, [])] for command in game.exports]


@pytest.mark.parametrize("game", [g for g in GAMES if g.exports], ids=lambda g: g.id)
def test_an_export_and_a_build_leave_each_others_files_in_one_folder(game, kit_folder, tmp_path):
    out = tmp_path / game.id
    shutil.copytree(kit_folder[0] / game.id, out)  # what `pnp build` wrote for this game
    built = files(out)
    for command in exports(game):
        result = pnp(*command, "-o", out)
        assert "removed" not in result.stderr
    assert {name: files(out)[name] for name in built} == built  # every file the build wrote, unchanged
    exported = {name: digest for name, digest in files(out).items() if name not in built}
    assert exported

    pnp("build", "-q", game.id, "--out", out)  # the build again, into the folder with the exports
    assert {name: files(out)[name] for name in exported} == exported
    assert files(out) == built | exported

    for command in exports(game):  # and each export again: none of them takes another's files
        pnp(*command, "-o", out)
    assert files(out) == built | exported


def test_an_export_removes_only_what_the_same_export_made_before(tmp_path):
    out = tmp_path / "d"
    pnp("build", "-q", "power-lines-cards", "--format", "pdf", "--out", out)
    pnp("export", "tts", "power-lines-cards", "-o", out)
    pnp("export", "print-shop", "power-lines-cards", "--dpi", "72", "-o", out)
    before = files(out)
    tens = tmp_path / "tens.deck"
    tens.write_text("26 10\n")
    # The print shop's cards of kinds no longer in the deck go; the build's and the TTS export's stay.
    result = pnp("export", "print-shop", "power-lines-cards", "--deck", tens, "--proto", "--dpi", "72", "-o", out)
    gone = set(before) - set(files(out))
    assert gone and all(name.startswith(("deck-a-card-", "deck-b-")) for name in gone)  # one deck given: deck B goes too
    assert f"removed {len(gone)} files of an earlier export" in result.stderr
    assert {n for n in before if n.startswith("power-lines-cards")} <= set(files(out))


def test_the_manifest_names_the_command_that_wrote_each_file(tmp_path):
    pnp("build", "-q", "paint-the-line", "--format", "pdf", "--out", tmp_path)
    pnp("export", "tts", "paint-the-line", "-o", tmp_path)
    listed = json.loads((tmp_path / ".pnp-manifest.json").read_text())["files"]
    assert listed["paint-the-line.json"]["group"] == "export tts paint-the-line"
    assert listed["paint-the-line-rules.pdf"]["group"] == "paint-the-line-rules"
