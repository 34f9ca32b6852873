"""The one way pnp reads a user's file: regular files only, a hard size limit, strict UTF-8, any line ends.

Every file a command reads goes through `read_bytes`, which also remembers it in the command's
session (pnp.core.session), so that the output side (pnp.output.files) can refuse to write over an input,
and that standard input is read once. `load_text` hands a parser the text, or says why there is none.

A file of one item a line (a game's record) is read line by line from `tokens_by_line`; a line
that does not read raises `Misread` at its column, `expect_words` checks its length, and `brief`
quotes a token in a finding.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from pnp.core.diagnostics import Diagnostic, Parsed, PnpError, at_start, error, shown
from pnp.core.resources import deck_file
from pnp.core.session import current

T = TypeVar("T")
Word = tuple[int, str]  # a token and the column it starts at, as tokens_by_line gives them

MAX_BYTES = 1024 * 1024
_CHUNK = 64 * 1024


class StandardInput(type(Path())):  # type: ignore[misc]  # PosixPath: named `-` where it is shown
    """Standard input, as the command line gives it: the bare argument `-` (pnp.contract.options.input_path).

    `./-` names a file called `-`, yet Path("./-") == Path("-"): standard input is the one object
    STDIN, told apart by identity (`path is STDIN`), never by comparing paths.
    """


STDIN = StandardInput("-")
STDIN_ONCE = "- is given more than once: only one input can come from standard input, which is read once"


def read_bytes(path: Path) -> bytes:
    """At most MAX_BYTES + 1 bytes of a regular file, or of standard input for STDIN; anything else
    is a usage error (exit 2), as is reading standard input a second time in one command (pnp.contract.app
    refuses `-` given twice before the command starts; this holds for what it cannot see).

    The kind of file is checked before opening, and again on the open descriptor (it may have
    been swapped in between). The open never blocks, so a FIFO cannot hang pnp; reading stops
    one byte past the limit whatever the file system says the size is.
    """
    if path is STDIN:
        if (reading := current()) is not None:
            if reading.read_stdin:
                raise PnpError(STDIN_ONCE, exit_code=2, file=path)
            reading.read_stdin = True
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    name = shown(path)
    try:
        _must_be_regular(os.stat(path), name)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except FileNotFoundError:
        raise PnpError(f"{name}: no such file", exit_code=2, file=path) from None
    except OSError as exc:
        raise PnpError(f"{name}: cannot read: {exc.strerror or exc}", exit_code=2, file=path) from None
    try:
        info = os.fstat(fd)
        _must_be_regular(info, name)
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(_CHUNK, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise PnpError(f"{name}: cannot read: {exc.strerror or exc}", exit_code=2) from None
    finally:
        os.close(fd)
    if (reading := current()) is not None:
        reading.inputs[(info.st_dev, info.st_ino)] = Path(path)
    return b"".join(chunks)


def _must_be_regular(info: os.stat_result, name: str) -> None:
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise PnpError(f"{name}: is a directory, expected a file", exit_code=2)
    if not stat.S_ISREG(mode):
        kind = "a pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
        raise PnpError(f"{name}: is {kind}, not a regular file; give - to read standard input", exit_code=2)


def decode(data: bytes) -> tuple[str | None, Diagnostic | None]:
    """Strict UTF-8 text (a leading byte-order mark dropped, every line ending made "\\n"), or the finding that says why not.

    Every finding has a line and a column, counted in characters as an editor shows them.
    """
    if len(data) > MAX_BYTES:
        return None, error("too-large", f"file is larger than {MAX_BYTES // 1024} KiB; a text list this big is not a real input", 1, 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = position(data[: exc.start].decode("utf-8").removeprefix("\ufeff"))
        return None, error("not-utf8", f"not UTF-8 text (byte 0x{data[exc.start]:02x}); save the file as UTF-8", line, column)
    text = unify_line_ends(text.removeprefix("\ufeff"))
    if "\x00" in text:
        line, column = position(text[: text.index("\x00")])
        return None, error("binary", "file holds NUL bytes: this is not a text file", line, column)
    return text, None


def load_text(data: bytes, parse: Callable[[str], Parsed[T]]) -> Parsed[T]:
    """What `parse` finds in a file's bytes; bytes that are no text (see `decode`) are one finding."""
    text, problem = decode(data)
    if problem is not None:
        return Parsed(None, [at_start(problem)])
    assert text is not None  # decode gives the text or the problem
    return parse(text)


def shipped(name: str, load: Callable[[bytes], Parsed[T]]) -> T:
    """What a file pnp ships (decks/NAME, such as a rule sheet's example) holds, read by a game's
    `load`; one that does not read is pnp's own bug."""
    parsed = load(deck_file(name).read_bytes())
    if parsed.value is None or parsed.diagnostics:
        raise RuntimeError(f"{name} is broken: {parsed.diagnostics}")
    return parsed.value


def unify_line_ends(text: str) -> str:
    """CRLF (Windows) and a lone CR (old Macs) end lines as LF does."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def position(before: str) -> tuple[int, int]:
    """Line and column of the character just after `before` (line ends already unified or not)."""
    lines = split_lines(before)
    return len(lines), len(lines[-1]) + 1


def split_lines(text: str) -> list[str]:
    """Lines ended by LF, CRLF or CR; the last is what follows the last line end."""
    return _LINE_END.split(text)


def tokens_by_line(text: str) -> list[tuple[int, list[Word]]]:
    """For each line that holds something once `#` comments are cut: (line, [(column, token)]).

    Columns count characters from 1, as editors show them.
    """
    found = []
    for number, line in enumerate(split_lines(text), 1):
        content = line.split("#", 1)[0]
        words = [(m.start() + 1, m.group()) for m in _WORD.finditer(content)]
        if words:
            found.append((number, words))
    return found


def row_width(words: list[Word], width: int, noun: str, line: int) -> list[Diagnostic]:
    """A row of a grid (a board, a tile layout) holds `width` words, each a `noun`; else the finding
    at the first word too many, or just past the last."""
    count = f"{len(words)} {noun}{'s' * (len(words) != 1)} in this row; a row has {width}"
    if len(words) > width:
        return [error("too-many-columns", count, line, words[width][0])]
    if len(words) < width:
        column, last = words[-1]
        return [error("too-few-columns", count, line, column + len(last))]
    return []


# --- a file of one item a line (a game record) --------------------------------------------------


@dataclass(frozen=True)
class RecordItem:
    """An item of a record, one a line: its line and first column, and the column of each of its
    words by name (`at`: `{"owner": 7, "space": 9}`), where a finding about that word is placed."""

    line: int
    column: int
    at: dict[str, int] = field(kw_only=True)


@dataclass(kw_only=True)
class ReplayedGame:
    """A record's game as replayed so far: why it is over and on which line (None while it goes
    on), and the finding of the rule it breaks, where the replay stopped at one."""

    finished: str | None = None
    finished_line: int | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.diagnostics


class Misread(Exception):
    """A line that does not read as its item: the finding's code and message, at `column` of the line
    (the parser that catches it knows the line)."""

    def __init__(self, code: str, message: str, column: int):
        super().__init__(message)
        self.code, self.message, self.column = code, message, column

    def at(self, line: int) -> Diagnostic:
        return error(self.code, self.message, line, self.column)


def expect_words(words: list[Word], expected: int, form: str) -> None:
    """A line of `expected` words, else Misread at the first word too many or just past the last
    (`form`: the line as it is written, like `tor SUIT SPACE`)."""
    if len(words) > expected:
        raise Misread("extra-words", f"unexpected '{brief(words[expected][1])}': the line is `{form}`", words[expected][0])
    if len(words) < expected:
        column, last = words[-1]
        raise Misread("missing-words", f"the line is incomplete: write `{form}`", column + len(last))


def brief(token: str) -> str:
    """A token as a finding quotes it: a long one only in part, so that the message fits on a line."""
    return token if len(token) <= 12 else token[:10] + "..."


def comment_lines(header: str) -> str:
    """`header`'s lines as `#` comments, to head a file pnp writes."""
    return "".join(f"# {h}\n" if h else "#\n" for h in header.splitlines())


_LINE_END = re.compile(r"\r\n|\r|\n")
_WORD = re.compile(r"\S+")
