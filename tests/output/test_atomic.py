"""Outputs are written whole or not at all: an interrupted write leaves the old file as it was."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from pnp.output.atomic import write_atomic

# A child process whose files may grow to 1000 bytes at most: writing more fails half-way
# with EFBIG, as a full disk would, after the first 1000 bytes have gone out.
INTERRUPTED = textwrap.dedent(
    """
    import resource, signal, sys
    from pathlib import Path
    from pnp.output.atomic import write_atomic

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
    try:
        write_atomic(Path(sys.argv[1]), b"new " * 2000)
    except OSError:
        sys.exit(3)
    """
)


def test_interrupted_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"the old, complete file")
    run = subprocess.run([sys.executable, "-c", INTERRUPTED, str(target)], capture_output=True, text=True)
    assert run.returncode == 3, run.stderr  # the write did fail part-way
    assert target.read_bytes() == b"the old, complete file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]


def test_write_replaces_whole_and_creates_folders(tmp_path):
    target = tmp_path / "new" / "folder" / "page.svg"
    write_atomic(target, "first")
    write_atomic(target, "second, longer")
    assert target.read_text() == "second, longer"
    assert [p.name for p in target.parent.iterdir()] == ["page.svg"]
