"""A game is one typed object (pnp.contract.gamespec) that the framework serves: a game added to the
registry, and nothing else, is built, listed, put in the kit and in index.html, and its records
are checked, scored, drawn and made by commands generated from its record format."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from dataclasses import is_dataclass
from pathlib import Path

import pypdf
import pytest

from pnp.contract.gamespec import Game, Lazy
from pnp.games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]

# A pnp process whose registry holds the test game too (after the others, or alone with `only`).
REGISTERED = textwrap.dedent(
    """
    import sys
    from pnp.games import registry
    from tests.extra_game import GAME

    only, *args = sys.argv[1:]
    registry.GAMES = (GAME,) if only == "only" else (*registry.GAMES, GAME)
    registry.BY_ID[GAME.id] = GAME
    sys.argv = ["pnp", *args]
    from pnp.commands.cli import main
    main()
    """
)


def pnp(*args: str, only: bool = False, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    code = f"import sys; sys.path.insert(0, {str(ROOT)!r})\n" + REGISTERED
    return subprocess.run([sys.executable, "-c", code, "only" if only else "all", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def test_every_game_of_the_registry_is_declared_once_by_its_package():
    for game in GAMES:
        assert isinstance(game, Game)
        assert callable(game.build()) and is_dataclass(game.options())
        assert game.group is None or game.commands is not None or game.records is not None, game.id
        assert (game.records_group is not None) == (game.commands is not None and game.records is not None), game.id
    assert len({g.id for g in GAMES}) == len(GAMES)
    assert [g.id for g in GAMES if g.records] == ["power-lines-cards", "power-lines", "paint-the-line", "ley-lines"]


def test_a_spec_that_contradicts_itself_is_refused():
    build = Lazy("tests.extra_game.build")
    with pytest.raises(ValueError, match="commands or its record format"):
        Game("x", "X", None, "a board.", build, group="x")
    records, commands = Lazy("tests.extra_game.records:FORMAT"), Lazy("tests.extra_game.records:app")
    with pytest.raises(ValueError, match="names the records' group"):
        Game("x", "X", None, "a board.", build, group="x", commands=commands, records=records)
    with pytest.raises(ValueError, match="names the records' group"):
        Game("x", "X", None, "a board.", build, group="x", records=records, records_group="y")
    with pytest.raises(ValueError, match="groups of their own names"):
        Game("x", "X", None, "a board.", build, group="x", commands=commands, records=records, records_group="x")
    with pytest.raises(ValueError, match="export room go together"):
        Game("x", "X", None, "a board.", build, exports=("tts",))


def test_a_registered_game_is_a_build_target_with_its_own_options(tmp_path):
    done = pnp("build", "three-in-a-line", "--squares", "4", "--out", str(tmp_path), "--format", "pdf", "-q")
    assert done.returncode == 0, done.stderr
    pdf = pypdf.PdfReader(tmp_path / "three-in-a-line.pdf")
    assert len(pdf.pages) == 1
    help = pnp("build", "three-in-a-line", "--help")
    assert "Three in a Line: a board of nine squares" in " ".join(help.stdout.split())
    assert "--squares" in help.stdout
    bad = pnp("build", "three-in-a-line", "--squares", "9", "--out", str(tmp_path))
    assert bad.returncode == 2 and "9 is out of range; use 3 to 4" in bad.stderr


def test_a_registered_game_is_listed():
    done = pnp("list")
    assert done.returncode == 0, done.stderr
    listed = done.stdout.split("\n\n")
    mine = next(block for block in listed if block.startswith("Three in a Line  [three-in-a-line/]"))
    assert "A game for pnp's tests" in mine and "pnp build three-in-a-line" in mine
    assert "prints:  a board of nine squares to play noughts and crosses on." in mine
    assert len([b for b in listed if b.strip()]) == len(GAMES) + 1


def test_the_kit_and_its_index_take_a_registered_game_up(tmp_path):
    done = pnp("build", "--out", str(tmp_path), only=True)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "three-in-a-line").iterdir() if not p.name.startswith(".")) == [
        "three-in-a-line-01.svg",
        "three-in-a-line.pdf",
    ]
    index = (tmp_path / "index.html").read_text()
    assert "<h2>Three in a Line</h2>" in index
    assert 'href="three-in-a-line/three-in-a-line.pdf">Pieces</a>' in index
    assert 'alt="A page of three-in-a-line.pdf"' in index  # previewed: a document of pieces
    assert "A game for pnp&#39;s tests" in index  # the spec's words where there is no designer
    assert "three-in-a-line/three-in-a-line.pdf" in done.stdout and "pnp wrote 3 files" in done.stdout


def test_a_registered_game_gets_its_record_commands_from_its_format(tmp_path):
    made = pnp("three-in-a-line", "random", "--seed", "4", "-o", str(tmp_path / "game.tial"))
    assert made.returncode == 0, made.stderr
    moves = (tmp_path / "game.tial").read_text().splitlines()
    assert 5 <= len(moves) <= 9 and moves[0].startswith("X ")
    again = pnp("three-in-a-line", "random", "--seed", "4")
    assert again.stdout.splitlines() == moves  # the same seed, the same game

    checked = pnp("three-in-a-line", "check", str(tmp_path / "game.tial"))
    assert checked.returncode == 0 and f"valid record: {len(moves)} moves" in checked.stderr
    scored = pnp("three-in-a-line", "score", str(tmp_path / "game.tial"), "--json")
    assert scored.returncode == 0 and '"command": "three-in-a-line score"' in scored.stdout

    drawn = pnp("three-in-a-line", "show", str(tmp_path / "game.tial"), "--turn", "2", "-o", str(tmp_path / "two.pdf"))
    assert drawn.returncode == 0 and (tmp_path / "two.pdf").read_bytes().startswith(b"%PDF")
    beyond = pnp("three-in-a-line", "show", str(tmp_path / "game.tial"), "--turn", "10")
    assert beyond.returncode == 2 and f"has only {len(moves)} turns" in beyond.stderr

    (tmp_path / "bad.tial").write_text("X b2\nX a1\n")
    bad = pnp("three-in-a-line", "check", str(tmp_path / "bad.tial"))
    assert bad.returncode == 1 and "bad.tial:2:1: error: X cannot play a1 on turn 2" in bad.stderr
