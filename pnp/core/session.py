"""One command's session: the files it has read and the files it will write, from its start to its end.

A command runs inside `session()` (pnp.contract.app does this for every command): what it reads is kept
there, so that nothing is written over an input of the same command (pnp.output.files), and a build
stages its files there until it commits them. Outside a session, as when a library caller draws
a game, nothing is remembered and every file is written at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.diagnostics import Diagnostic


@dataclass(frozen=True)
class Pages:
    """What a renderer says of a file it made: how many pages, and whether they print two-sided."""

    count: int
    duplex: bool = False
    preview: int = 0  # the first page of pieces (after a cover), from 0


@dataclass
class Staged:
    """Files rendered but not yet written, by folder, with what their renderers said of them."""

    files: dict[Path, bytes] = field(default_factory=dict)
    owners: dict[Path, str] = field(default_factory=dict)  # file -> the group writing it (pnp.output.files)
    # folder -> group -> the suffixes of its earlier files it replaces (None: all of them)
    groups: dict[Path, dict[str, frozenset[str] | None]] = field(default_factory=dict)
    pages: dict[Path, Pages] = field(default_factory=dict)
    kinds: dict[Path, str] = field(default_factory=dict)  # file -> what its document is (pnp.contract.documents.Kind)


@dataclass
class Session:
    inputs: dict[tuple[int, int], Path] = field(default_factory=dict)  # (device, inode) -> path of each file read
    read_stdin: bool = False  # standard input is read once (pnp.core.textfile)
    staged: Staged | None = None  # a build's files, until it commits them; None: write at once
    printed: dict[Path, Pages] = field(default_factory=dict)  # the pages of every file written
    kinds: dict[Path, str] = field(default_factory=dict)  # what each file written is (pnp.contract.documents.Kind)
    # Findings a command goes on despite (a prototype deck's breaches): (file, findings, its content);
    # file None: about the command itself (bleed that costs sheets).
    warnings: list[tuple[Path | None, tuple[Diagnostic, ...], bytes | None]] = field(default_factory=list)


_current: ContextVar[Session | None] = ContextVar("pnp.core.session", default=None)


def current() -> Session | None:
    return _current.get()


def ongoing() -> Session:
    """The command's session, for what runs only inside one (a build's staging, its summary)."""
    running = _current.get()
    if running is None:
        raise RuntimeError("not inside a pnp.core.session.session()")
    return running


def warn(file: Path | None, diagnostics: Iterable[Diagnostic], source: bytes | None = None) -> None:
    """Findings about `file` (None: about the command) for the command to show when it ends
    (outside a session: none)."""
    reading = current()
    if reading is not None:
        reading.warnings.append((file, tuple(diagnostics), source))


@contextmanager
def session() -> Iterator[Session]:
    """A new session for one command: nothing read, nothing staged."""
    new = Session()
    token = _current.set(new)
    try:
        yield new
    finally:
        _current.reset(token)
