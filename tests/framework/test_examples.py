"""Every help screen ends with an example (tests/framework/test_contract.py); each must run as typed
in a fresh clone of the repository: from its top, with only the files the repository holds (a
copy of decks/, all the examples read), and succeed (exit 0). The same example on several screens
(a group's and its first command's) runs once."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.commands.cli import app_command

ROOT = Path(__file__).resolve().parents[2]


def _examples() -> list[str]:
    """Each help screen's example, as its last lines show it, once each."""
    found: dict[str, None] = {}

    def walk(command) -> None:
        epilog = command.epilog or ""
        lines = [line.strip() for line in epilog.splitlines()[1:] if line.strip()]
        found.update(dict.fromkeys(lines))
        for name in command.list_commands(None) if hasattr(command, "list_commands") else ():
            walk(command.get_command(None, name))

    walk(app_command())
    return list(found)


EXAMPLES = _examples()


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("clone")
    shutil.copytree(ROOT / "decks", folder / "decks")
    return folder


def test_every_example_is_a_pnp_command():
    assert len(EXAMPLES) > 30 and all(example.startswith("pnp ") for example in EXAMPLES), EXAMPLES


@pytest.mark.parametrize("example", EXAMPLES)
def test_each_example_runs_as_written_in_a_fresh_clone(example, clone):
    # As a shell runs it (one example pipes one pnp into another), with this pnp first on the PATH.
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}", "PNP_PAPER": ""}
    env.pop("PNP_PAPER")
    done = subprocess.run(["bash", "-c", example], cwd=clone, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{example}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"


def test_every_example_fits_one_line_of_a_help_screen():
    # Help is 80 columns wide and indents an example by one: a longer one would wrap, and could not
    # be copied as one command.
    assert [example for example in EXAMPLES if len(example) > 79] == []
