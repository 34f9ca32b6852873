"""Signals mid-build, in a real process: Ctrl-C and SIGTERM end pnp with one line, SIGKILL leaves
every file either complete and valid or as it was before.

Each signal lands at a moment the test knows (while rendering, while writing a given file), never
after a guessed sleep: pnp runs under stepped.py, which stops there and waits for the test."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import xml.dom.minidom
from pathlib import Path

import pypdf
import pytest

BUILD = ["build", "power-lines-cards"]
TEMPORARY = re.compile(r"\.[^/]+\.[a-z0-9_]{8}\.tmp")  # pnp.output.atomic's temporary files
STEPPED = Path(__file__).parents[1] / "helpers" / "stepped.py"


def pnp(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pnp", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


class Stepped:
    """pnp in a child process that stops at the moments named (see stepped.py) and waits for the test:
    a signal sent while it waits lands at a moment the test knows, however fast the machine is."""

    def __init__(self, moments: str, *args: str) -> None:
        report, self._report = os.pipe()
        self._resume, resume = os.pipe()
        env = {**os.environ, "PNP_STEP_REPORT": str(self._report), "PNP_STEP_RESUME": str(self._resume)}
        self.run = subprocess.Popen(
            [sys.executable, str(STEPPED), moments, *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, pass_fds=(self._report, self._resume),
        )  # fmt: skip
        os.close(self._report)
        os.close(self._resume)
        self.reports, self.resume = os.fdopen(report), resume

    def until(self, wanted: str) -> None:
        """Let pnp go on until it stops at the moment `wanted` (a line of stepped.py's); it waits there."""
        for line in self.reports:
            if line.rstrip("\n") == wanted:
                return
            os.write(self.resume, b"g")
        self.run.wait(60)
        raise AssertionError(f"pnp ended without reaching {wanted!r}: {self.run.stderr.read()}")

    def let_go(self) -> tuple[str, str]:
        """pnp runs on to its end without stopping again; what it printed."""
        os.close(self.resume)
        stdout, stderr = self.run.communicate(timeout=120)
        self.reports.close()
        return stdout, stderr

    def status(self, field: str) -> int:
        """A signal mask of the waiting process, from /proc: SigBlk (held back) or ShdPnd (waiting to land)."""
        return int(re.search(rf"{field}:\s*([0-9a-f]+)", Path(f"/proc/{self.run.pid}/status").read_text())[1], 16)


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


# The moments a SIGKILL lands: while rendering; just before the first file, a middle one and the
# manifest (the last) are renamed into place, each a complete temporary file by then.
KILLED_AT = ["render", "write power-lines-cards-rules.pdf", "write power-lines-cards-07.svg", "write .pnp-manifest.json"]


def test_sigkill_mid_build_leaves_every_file_complete_or_as_before(builds, tmp_path: Path):
    old, new = builds
    out = tmp_path / "out"
    out.mkdir()
    for name, data in old.items():
        (out / name).write_bytes(data)
    # Killed again and again in the same folder, each time at a later moment of the build.
    for moment in KILLED_AT:
        stepped = Stepped("render,write", *BUILD, "--paper", "a4", "--out", str(out))
        stepped.until(moment)
        stepped.run.kill()
        stepped.let_go()
        left = contents(out)
        for name, data in left.items():
            if TEMPORARY.fullmatch(name):
                assert moment.startswith("write"), "a temporary file while nothing was being written"
                continue  # a write cut short; the next build removes it (checked below)
            assert data in (old.get(name), new.get(name)), f"{name} is neither the old file nor the new one"
            assert complete(name, data), name
        # Files both builds write are never lost; the letter build's extra pages may be cleaned up once the new ones are in.
        assert set(old) & set(new) <= set(left), "a file of the earlier build was lost"
        if moment == "render":
            assert left == old, "a file was written while the build was still rendering"
        else:
            assert [n for n in left if TEMPORARY.fullmatch(n)], f"killed at {moment!r}, yet no temporary file was left to tidy"
    # The next build finishes the job and tidies what the killed ones left.
    again = pnp(*BUILD, "--paper", "a4", "--out", str(out))
    assert again.wait(120) == 0
    assert {n: d for n, d in contents(out).items() if n in new} == new
    assert not [n for n in contents(out) if TEMPORARY.fullmatch(n)]


@pytest.mark.parametrize("signum, code, word", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")])
@pytest.mark.parametrize("moment", ["render", "write power-lines-cards.pdf"])
def test_a_stopped_build_says_one_line_and_leaves_nothing_half_done(builds, tmp_path: Path, signum: int, code: int, word: str, moment: str):
    out = tmp_path / "out"
    stepped = Stepped("render,write", *BUILD, "--paper", "a4", "--out", str(out))
    stepped.until(moment)  # the signal lands while pnp waits here, mid-build
    stepped.run.send_signal(signum)
    if moment.startswith("write"):
        # Stopped while writing: the signal is held back until every file is in place.
        assert stepped.status("SigBlk") & stepped.status("ShdPnd") & (1 << (signum - 1)), "the signal was not held back"
    _, stderr = stepped.let_go()
    assert stepped.run.returncode == code, stderr
    assert stderr == f"pnp: {word}\n"
    left = contents(out)
    if moment == "render":  # stopped while rendering: nothing written
        assert left == {}
    else:
        assert left.keys() == builds[1].keys() and all(complete(name, data) for name, data in left.items()), sorted(left)
        assert set(json.loads(left[".pnp-manifest.json"])["files"]) == set(left) - {".pnp-manifest.json"}


def test_ctrl_c_while_a_command_reads_its_input(tmp_path: Path):
    deck = tmp_path / "my.deck"
    deck.write_text("1 5\n" * 30)
    stepped = Stepped(f"read={deck}", "deck", "validate", str(deck))
    stepped.until("read")  # pnp is opening the deck named on its command line
    stepped.run.send_signal(signal.SIGINT)
    _, stderr = stepped.let_go()
    assert stepped.run.returncode == 130 and stderr == "pnp: interrupted\n"
    assert deck.read_text() == "1 5\n" * 30


def test_a_full_disk_on_stdout_is_one_line(tmp_path: Path):
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "pnp", "deck", "random", "--seed", "1"], stdout=full, stderr=subprocess.PIPE, text=True)
    assert run.returncode == 2
    assert run.stderr == "pnp: cannot write the output: No space left on device\n"
