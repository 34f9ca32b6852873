"""The hostile corpus (tests/corpus/cases.py), every case through one test, in process.

For each case: the exit code; no traceback; a content error placed at FILE:LINE:COL; nothing
a terminal would act on (controls, escapes, bidi overrides) in the output; no input changed;
and a failing command leaves no file behind, not even a temporary one.
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from tests.corpus.cases import BASE, Case, all_cases

CASES = all_cases()
runner = CliRunner()
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
QUIET_LIMIT = 6000  # characters a quiet case may print


def test_the_corpus_is_big_and_names_are_unique():
    assert len(CASES) >= 150
    assert len({c.id for c in CASES}) == len(CASES)


def prepare(case: Case, d: Path) -> str:
    """Write the valid inputs and the case's hostile one; returns the path {f} stands for."""
    for name, text in BASE.items():
        (d / name).write_text(text, encoding="utf-8")
    f = d / case.name
    content = case.content
    if content == "dir":
        f.mkdir()
    elif content == "fifo":
        os.mkfifo(f)
    elif content == "socket":
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(f))
        server.close()
    elif content == "loop":
        f.symlink_to(case.name)
    elif content == "notdir":
        f = d / "starter.deck" / "x"
    elif content == "longname":
        f = d / ("n" * 300)
    elif content == "devzero":
        f = Path("/dev/zero")
    elif content == "devnull":
        f = Path("/dev/null")
    elif content == "missing":
        f = d / "no-such-file"
    elif isinstance(content, str):
        f.write_bytes(content.encode("utf-8"))
    elif isinstance(content, bytes):
        f.write_bytes(content)
    for step in case.setup:
        kind, *names = step.split(":")
        if kind == "dir":
            (d / names[0]).mkdir(parents=True)
        elif kind == "copy":
            (d / names[1]).parent.mkdir(parents=True, exist_ok=True)
            (d / names[1]).write_bytes((d / names[0]).read_bytes())
        elif kind == "hardlink":
            os.link(d / names[0], d / names[1])
        elif kind == "symlink":
            (d / names[1]).symlink_to(names[0])
    return str(f)


def snapshot(d: Path) -> dict[str, str]:
    """Every entry under `d`: a regular file by its content's hash, anything else by its kind."""
    found = {}
    for root, dirs, files in os.walk(d):
        for name in dirs + files:
            path = Path(root) / name
            mode = path.lstat().st_mode
            if stat.S_ISREG(mode):
                found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                found[str(path)] = f"mode {stat.S_IFMT(mode):o}"
    return found


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_hostile_case(case: Case, tmp_path: Path):
    d = tmp_path / "case"
    d.mkdir()
    f = prepare(case, d)
    before = snapshot(d)
    args = [a.replace("{d}", str(d)).replace("{f}", f) for a in case.args]
    result = runner.invoke(app, args)
    out = result.output

    assert result.exit_code == case.exit, out[-2000:]
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in out
    assert not UNSAFE.search(out), "raw control characters reached the terminal"
    if case.exit == 1:
        where = re.escape(case.where) if case.where else r"\d+:\d+"
        assert re.search(rf"{re.escape(f)}:{where}", out) or re.search(rf":{where}\S*: error", out), out[-2000:]
    if case.quiet:
        assert len(out) < QUIET_LIMIT, f"{len(out)} characters printed"
    after = snapshot(d)
    assert {p: h for p, h in after.items() if p in before} == before, "an input changed"
    assert sorted(set(after) - set(before)) == [], "a failed command left files behind"
