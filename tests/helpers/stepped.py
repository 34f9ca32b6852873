"""`pnp` in a child process that stops at known moments of its work and waits for its test.

Tests that stop pnp mid-build must not guess the moment with a sleep: a faster machine finishes
first. This script runs pnp as `python -m pnp` does, but at each moment asked for it tells the
test where it is (a line on the file descriptor PNP_STEP_REPORT) and waits until the test says go
on (a byte on PNP_STEP_RESUME); meanwhile the test may signal or kill it. Once the test closes its
end, pnp runs on without stopping.

    python stepped.py MOMENTS PNP-ARGUMENTS...

MOMENTS, comma-separated:
- render: ReportLab is about to finish a PDF in memory. pnp writes nothing until every file is
  rendered, so the build is rendering and has written nothing.
- write: pnp is about to rename a complete temporary file over one of its outputs (pnp.output.atomic),
  and reports that output's name. The build is writing.
- read=PATH: pnp is about to open PATH, an input named on its command line.
"""

from __future__ import annotations

import os
import sys

REPORT = int(os.environ["PNP_STEP_REPORT"])
RESUME = int(os.environ["PNP_STEP_RESUME"])
moments = dict(m.partition("=")[::2] for m in sys.argv[1].split(","))
free = False  # the test has let go


def stop(where: str) -> None:
    global free
    if free:
        return
    try:
        os.write(REPORT, f"{where}\n".encode())
        free = not os.read(RESUME, 1)
    except OSError:
        free = True


def watch(event: str, args: tuple) -> None:
    # Audit events name the operating system's calls, whatever pnp's own modules are called.
    if event == "os.rename" and "write" in moments:  # os.replace raises "os.rename" too
        stop(f"write {os.path.basename(os.fsdecode(args[1]))}")
    elif event == "open" and "read" in moments and isinstance(args[0], (str, bytes, os.PathLike)):
        if os.fsdecode(args[0]) == moments["read"]:
            stop("read")


if "render" in moments:
    from reportlab.pdfgen.canvas import Canvas

    save = Canvas.save

    def paused_save(self: Canvas) -> None:
        stop("render")
        save(self)

    Canvas.save = paused_save

sys.addaudithook(watch)
sys.argv = ["pnp", *sys.argv[2:]]
from pnp.commands.cli import main  # noqa: E402  (after the hooks: nothing of pnp's may run unwatched)

main()
