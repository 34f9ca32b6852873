"""A non-editable install, run from elsewhere, must find its layouts, templates, decks and the
--json schema, and solve with the solver's compiled core."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# The installed venv must not see a working tree through the caller's PYTHONPATH.
CLEAN_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("install")
    # Build the wheel offline with the build backend already installed.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp / "dist"), str(REPO)],
        check=True,
    )
    (wheel,) = (tmp / "dist").glob("pnp-*.whl")
    # A venv of its own that sees none of the base interpreter's packages. Its dependencies come,
    # without the network, from the venv running these tests (added to its path by a .pth file;
    # .pth files inside that folder, such as an editable pnp, are not followed). pnp comes only
    # from the wheel, which its own site-packages puts first.
    # The running pip installs into it (`--python`), so the venv needs no pip of its own.
    venv.create(tmp / "venv", system_site_packages=False, with_pip=False)
    python = tmp / "venv" / "bin" / "python"
    own = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], env=CLEAN_ENV, capture_output=True, text=True, check=True)
    running = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (Path(own.stdout.strip()) / "pnp-test-deps.pth").write_text("\n".join(sorted(running)) + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", "-q", str(wheel)], check=True)
    return tmp


def run(installed: Path, *args: str) -> subprocess.CompletedProcess:
    elsewhere = installed / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    return subprocess.run([installed / "venv" / "bin" / "pnp", *args], cwd=elsewhere, env=CLEAN_ENV, capture_output=True, text=True)


def test_wheel_carries_its_data(installed):
    python = installed / "venv" / "bin" / "python"
    where = subprocess.run(
        [python, "-c", "import pnp.core.resources as r; print(r.data_dir('layouts'), r.data_dir('templates'), r.data_dir('decks'), r.data_dir('schemas'))"],
        cwd=installed,
        env=CLEAN_ENV,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for path in where:
        assert str(installed / "venv") in path and "_data" in path
        assert Path(path).is_dir()
    assert (Path(where[-1]) / "pnp-1.schema.json").read_bytes() == (REPO / "schemas" / "pnp-1.schema.json").read_bytes()  # the --json schema ships


def test_installed_build_and_validate_from_another_folder(installed):
    built = run(installed, "build", "power-lines-cards", "--out", "out", "--format", "pdf")
    assert built.returncode == 0, built.stderr
    assert (installed / "elsewhere" / "out" / "power-lines-cards.pdf").stat().st_size > 1000
    deck = installed / "elsewhere" / "mine.deck"
    deck.write_text("26 5\n")
    checked = run(installed, "deck", "validate", str(deck))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_installed_pnp_is_the_wheel_not_the_working_tree(installed):
    python = installed / "venv" / "bin" / "python"
    where = subprocess.run([python, "-c", "import pnp; print(pnp.__file__)"], cwd=installed, env=CLEAN_ENV, capture_output=True, text=True, check=True)
    assert where.stdout.startswith(str(installed / "venv")), where.stdout


def test_installed_wheel_carries_the_compiled_solver(installed):
    # The wheel's build hook compiled the C core: the installed pnp solves with it.
    tiles = installed / "elsewhere" / "deal3.tiles"
    dealt = run(installed, "solitaire", "deal", "--seed", "3", "-o", str(tiles))
    assert dealt.returncode == 0, dealt.stderr
    solved = run(installed, "solitaire", "solve", str(tiles), "--json")
    assert solved.returncode == 0, solved.stderr
    data = json.loads(solved.stdout)
    assert data["engine"] == "compiled" and data["proven_optimal"] and data["score"] == 76
    python = installed / "venv" / "bin" / "python"
    core = subprocess.run(
        [python, "-c", "from pnp.games.pack_solitaire import _csearch; print(_csearch.__file__)"], cwd=installed, capture_output=True, text=True, check=True
    )
    assert core.stdout.startswith(str(installed / "venv"))


def test_installed_wheel_carries_the_card_games_core(installed):
    # The same hook compiled the card game's core too: the installed pnp plays out games with it.
    python = installed / "venv" / "bin" / "python"
    code = "from pnp.games.power_lines_cards import _cgame; from pnp.games.power_lines_cards.simulation import fast; print(_cgame.__file__, fast.engine())"
    core = subprocess.run([python, "-c", code], cwd=installed, env=CLEAN_ENV, capture_output=True, text=True, check=True)
    path, engine = core.stdout.split()
    assert path.startswith(str(installed / "venv")) and engine == "compiled"


def test_without_a_compiler_the_wheel_still_builds_pure_python(tmp_path):
    # A failed compile must not fail the install: the wheel comes out without the core
    # (pnp then solves in Python; tests/solitaire/test_solver_engines.py runs that path).
    env = {**os.environ, "CC": str(tmp_path / "no-such-compiler")}
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path), str(REPO)],
        check=True,
        env=env,
    )
    (wheel,) = tmp_path.glob("pnp-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as contents:
        names = contents.namelist()
    assert "pnp/games/pack_solitaire/solver/__init__.py" in names
    assert not [n for n in names if ("_csearch" in n or "_cgame" in n) and not n.endswith(".c")]
    assert "pnp/games/power_lines_cards/simulation/fast.py" in names  # the card game then plays in Python


def test_installed_help_works_with_no_repository_at_hand(installed):
    # The docs' pages and the schema ship in the wheel: `pnp help` reads them from the package.
    listed = run(installed, "help")
    assert listed.returncode == 0, listed.stderr
    for topic in ("formats", "printing", "json", "pack-solitaire", "readings"):
        assert f"  {topic} " in listed.stdout, listed.stdout
    formats = run(installed, "help", "formats")
    assert formats.returncode == 0 and "One `COUNT CARD` a line" in formats.stdout, formats.stderr
    schema = run(installed, "help", "json", "--schema")
    assert schema.returncode == 0, schema.stderr
    assert json.loads(schema.stdout) == json.loads((REPO / "schemas" / "pnp-1.schema.json").read_text())
    results = run(installed, "help", "json")
    assert "### solitaire solve" in results.stdout and "`proven_optimal`" in results.stdout  # made from the shipped schema


def test_installed_metadata_says_what_pnp_is(installed):
    from importlib.metadata import PathDistribution

    (info,) = (installed / "venv").glob("lib/python*/site-packages/pnp-*.dist-info")
    meta = PathDistribution(info).metadata
    assert "print-and-play" in meta["Summary"].lower()
    assert "Topic :: Games/Entertainment :: Board Games" in meta.get_all("Classifier")
    assert "piecepack" in meta["Keywords"]
    assert meta["Description-Content-Type"] == "text/markdown" and meta.get_payload().startswith("# pnp")
