"""A game is one typed object (pnp.gamespec) that the framework serves: a game added to the
registry, and nothing else, is built, listed, put in the kit and in index.html."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from dataclasses import is_dataclass
from pathlib import Path

import pypdf

from pnp.games.registry import GAMES
from pnp.gamespec import Game

ROOT = Path(__file__).resolve().parent.parent

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
    from pnp.cli import main
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
        assert (game.group is None) == (game.commands is None), game.id
        assert bool(game.exports) == (game.export is not None), game.id
    assert len({g.id for g in GAMES}) == len(GAMES)


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
