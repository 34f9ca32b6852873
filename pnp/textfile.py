"""Reading user files safely: size limit, UTF-8 only, never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

from .diagnostics import Diagnostic, PnpError, error

MAX_BYTES = 1024 * 1024


def read_bytes(path: Path) -> bytes:
    """The file's bytes; a missing or unreadable file is a usage error (exit 2)."""
    try:
        if path.stat().st_size > MAX_BYTES:
            # Read just enough to report the size without loading a huge file.
            with path.open("rb") as f:
                return f.read(MAX_BYTES + 1)
        return path.read_bytes()
    except FileNotFoundError:
        raise PnpError(f"{path}: no such file", exit_code=2) from None
    except IsADirectoryError:
        raise PnpError(f"{path}: is a directory, expected a file", exit_code=2) from None
    except OSError as exc:
        raise PnpError(f"{path}: cannot read: {exc.strerror}", exit_code=2) from None


def decode(data: bytes) -> tuple[str | None, Diagnostic | None]:
    """UTF-8 text without a byte-order mark, or the finding that says why not."""
    if len(data) > MAX_BYTES:
        return None, error("too-large", f"file is larger than {MAX_BYTES // 1024} KiB; a text list this big is not a real input")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        # Columns count characters, as an editor shows them: decode the line up to the bad byte.
        start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[start : exc.start].decode("utf-8")) + 1
        return None, error("not-utf8", f"not UTF-8 text (byte 0x{data[exc.start]:02x}); save the file as UTF-8", line, column)
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        return None, error("binary", "file holds NUL bytes: this is not a text file", line)
    return text.removeprefix("\ufeff"), None


def tokens_by_line(text: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """For each line that holds something once `#` comments are cut: (line, [(column, token)]).

    Lines split on "\\n" only and columns count from 1, as editors show them.
    """
    found = []
    for number, line in enumerate(text.split("\n"), 1):
        content = line.split("#", 1)[0]
        words = [(m.start() + 1, m.group()) for m in _WORD.finditer(content)]
        if words:
            found.append((number, words))
    return found


_WORD = re.compile(r"\S+")
