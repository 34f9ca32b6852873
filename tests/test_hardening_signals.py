"""Signals mid-build, in a real process: Ctrl-C and SIGTERM end pnp with one line, SIGKILL leaves
every file either complete and valid or as it was before."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import xml.dom.minidom
from pathlib import Path

import pypdf
import pytest

BUILD = ["build", "power-lines-cards"]  # the slowest target: about 1.5 s
TEMPORARY = re.compile(r"\.[^/]+\.[a-z0-9_]{8}\.tmp")  # pnp.atomic's temporary files


def pnp(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pnp", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


def handlers_installed(run: subprocess.Popen) -> None:
    """Wait until pnp has installed its SIGINT and SIGTERM handlers (the interpreter's own start-up
    comes before: a signal then ends Python itself, not pnp)."""
    wanted = (1 << (signal.SIGINT - 1)) | (1 << (signal.SIGTERM - 1))
    for _ in range(1000):
        status = Path(f"/proc/{run.pid}/status").read_text()
        caught = int(re.search(r"SigCgt:\s*([0-9a-f]+)", status)[1], 16)
        if caught & wanted == wanted:
            return
        time.sleep(0.01)
    raise AssertionError("pnp never installed its signal handlers")


def contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.exists() else {}


def complete(name: str, data: bytes) -> bool:
    """A whole, well-formed file of its kind."""
    if name.endswith(".pdf"):
        from io import BytesIO

        return data.rstrip().endswith(b"%%EOF") and len(pypdf.PdfReader(BytesIO(data)).pages) > 0
    if name.endswith(".svg"):
        return xml.dom.minidom.parseString(data).documentElement.tagName == "svg"
    if name.endswith(".json"):
        return isinstance(json.loads(data), dict)
    if name.endswith(".html"):
        return data.startswith(b"<!DOCTYPE html>") and data.rstrip().endswith(b"</html>")
    if name.endswith(".html"):  # the rule sheets' HTML twin
        return data.startswith(b"<!DOCTYPE html>") and data.rstrip().endswith(b"</html>")
    return False


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The files of a letter build (what is there before) and of an A4 build (what the killed one writes)."""
    found = []
    for paper in ("letter", "a4"):
        out = tmp_path_factory.mktemp(paper)
        run = pnp(*BUILD, "--paper", paper, "--out", str(out))
        assert run.wait(120) == 0, run.stderr.read()
        found.append(contents(out))
    return found[0], found[1]


def test_sigkill_mid_build_leaves_every_file_complete_or_as_before(builds, tmp_path: Path):
    old, new = builds
    out = tmp_path / "out"
    out.mkdir()
    for name, data in old.items():
        (out / name).write_bytes(data)
    # Killed again and again at later moments, in the same folder: while rendering, then while writing.
    for delay in (0.3, 0.8, 1.1, 1.4):
        run = pnp(*BUILD, "--paper", "a4", "--out", str(out))
        time.sleep(delay)
        run.kill()
        run.wait(60)
        left = contents(out)
        for name, data in left.items():
            if TEMPORARY.fullmatch(name):
                continue  # a write cut short; the next build removes it (checked below)
            assert data in (old.get(name), new.get(name)), f"{name} is neither the old file nor the new one"
            assert complete(name, data), name
        assert set(old) <= set(left), "a file of the earlier build was lost"
    # The next build finishes the job and tidies what the killed ones left.
    again = pnp(*BUILD, "--paper", "a4", "--out", str(out))
    assert again.wait(120) == 0
    assert {n: d for n, d in contents(out).items() if n in new} == new
    assert not [n for n in contents(out) if TEMPORARY.fullmatch(n)]


@pytest.mark.parametrize("signum, code, word", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")])
@pytest.mark.parametrize("delay", [0.1, 0.4])
def test_a_stopped_build_says_one_line_and_leaves_nothing_half_done(tmp_path: Path, signum: int, code: int, word: str, delay: float):
    out = tmp_path / "out"
    run = pnp(*BUILD, "--out", str(out))
    handlers_installed(run)
    time.sleep(delay)
    run.send_signal(signum)
    stdout, stderr = run.communicate(timeout=60)
    if run.returncode == 0:
        pytest.fail(f"the build finished within {delay} s; the test needs a slower target")
    assert run.returncode == code, stderr
    assert stderr == f"pnp: {word}\n"
    # Stopped while rendering: nothing written. While writing: the signal waits until every file is in place.
    left = contents(out)
    assert all(complete(name, data) for name, data in left.items()), sorted(left)
    assert not left or set(json.loads(left[".pnp-manifest.json"])["files"]) == set(left) - {".pnp-manifest.json"}


def test_ctrl_c_while_a_command_reads_and_checks(tmp_path: Path):
    deck = tmp_path / "big.deck"
    deck.write_text("1 5\n" * 200_000)  # a few seconds of parsing
    run = pnp("deck", "validate", str(deck))
    handlers_installed(run)
    time.sleep(0.8)
    run.send_signal(signal.SIGINT)
    stdout, stderr = run.communicate(timeout=60)
    assert run.returncode == 130 and stderr == "pnp: interrupted\n"
    assert deck.read_text() == "1 5\n" * 200_000


def test_a_full_disk_on_stdout_is_one_line(tmp_path: Path):
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "pnp", "deck", "random", "--seed", "1"], stdout=full, stderr=subprocess.PIPE, text=True)
    assert run.returncode == 2
    assert run.stderr == "pnp: cannot write the output: No space left on device\n"
