"""A non-editable install, run from elsewhere, must find its layouts, templates and decks."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("install")
    # Build the wheel offline with the build backend already installed.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp / "dist"), str(REPO)],
        check=True,
    )
    (wheel,) = (tmp / "dist").glob("pnp-*.whl")
    # The runtime dependencies come from this interpreter; pnp itself only from the wheel.
    venv.create(tmp / "venv", system_site_packages=True, with_pip=True)
    python = tmp / "venv" / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "--no-deps", "--no-index", "-q", str(wheel)], check=True)
    return tmp


def run(installed: Path, *args: str) -> subprocess.CompletedProcess:
    elsewhere = installed / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([installed / "venv" / "bin" / "pnp", *args], cwd=elsewhere, env=env, capture_output=True, text=True)


def test_wheel_carries_its_data(installed):
    python = installed / "venv" / "bin" / "python"
    where = subprocess.run(
        [python, "-c", "import pnp.resources as r; print(r.data_dir('layouts'), r.data_dir('templates'), r.data_dir('decks'))"],
        cwd=installed, capture_output=True, text=True, check=True,
    ).stdout.split()
    for path in where:
        assert str(installed / "venv") in path and "_data" in path
        assert Path(path).is_dir()


def test_installed_build_and_validate_from_another_folder(installed):
    built = run(installed, "build", "power-lines-cards", "--out", "out", "--format", "pdf")
    assert built.returncode == 0, built.stderr
    assert (installed / "elsewhere" / "out" / "power-lines-cards.pdf").stat().st_size > 1000
    deck = installed / "elsewhere" / "mine.deck"
    deck.write_text("26 5\n")
    checked = run(installed, "deck", "validate", str(deck))
    assert checked.returncode == 0, checked.stdout + checked.stderr
