"""Findings about an input file, reported compiler-style (`FILE:LINE:COL: error: ...`).

On a terminal (see wants_colour) in colour, each finding followed by its source line and a caret.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Generic, Literal, NamedTuple, TypeVar

Severity = Literal["error", "warning"]
T = TypeVar("T")

SHOWN_PER_CODE = 10  # findings of one kind printed before the rest are summed up
LONG_TOKEN = 100  # characters; a longer run without spaces is shortened in messages
EXCERPT_WIDTH = 100  # terminal cells of a source line shown under a finding; a longer line is cut around the column
EXCERPT_LEFT = 40  # of those, the cells kept left of the column when the line is cut


@dataclass(frozen=True, slots=True)  # slots: a 1 MiB input can hold half a million findings
class Diagnostic:
    severity: Severity
    code: str
    message: str
    line: int | None = None
    column: int | None = None

    def format(self, file: str) -> str:
        """`FILE:LINE:COL: severity: message`, safe to print: a whole-file finding is placed at 1:1."""
        return clean(f"{shown(file)}:{self.line or 1}:{self.column or 1}: {self.severity}: {self.message}")

    def as_json(self) -> dict[str, Any]:
        return asdict(replace(self, line=self.line or 1, column=self.column or 1))


def error(code: str, message: str, line: int | None = None, column: int | None = None) -> Diagnostic:
    return Diagnostic("error", code, message, line, column)


def warning(code: str, message: str, line: int | None = None, column: int | None = None) -> Diagnostic:
    return Diagnostic("warning", code, message, line, column)


def at_start(d: Diagnostic) -> Diagnostic:
    """A whole-file finding placed at 1:1, for formats that give every finding a line and column."""
    return replace(d, line=d.line or 1, column=d.column or 1)


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity == "error" for d in diagnostics)


def sort_key(d: Diagnostic) -> tuple[int, int]:
    """File order: located findings by position, whole-file findings last."""
    return (d.line if d.line is not None else 1 << 30, d.column or 0)


class Parsed(NamedTuple, Generic[T]):
    """What a file parser found, the one result type of every game's `files` module: the value
    read (None when the file holds none) and every finding, in file order. Unpacks as a pair."""

    value: T | None
    diagnostics: Sequence[Diagnostic] = ()

    @property
    def valid(self) -> bool:
        return self.value is not None and not has_errors(self.diagnostics)


class PnpError(Exception):
    """A problem the user can fix; the CLI prints it without a traceback (see pnp.contract.app).

    exit_code 1: the content of an input is wrong; 2: the command was used wrongly.
    """

    def __init__(self, message: str, exit_code: int = 1, file: Path | None = None):
        super().__init__(message)
        self.exit_code = exit_code
        self.file = file  # the input at fault, where there is one

    def __reduce__(self) -> tuple[type[PnpError], tuple[object, ...]]:  # raised in a worker process, re-raised in the parent
        return PnpError, (str(self), self.exit_code, self.file)


class Rejected(PnpError):
    """An input file a command cannot use: its findings, then the verdict (exit 1)."""

    def __init__(self, file: Path, diagnostics: Iterable[Diagnostic], verdict: str, source: bytes | None = None):
        self.diagnostics = list(diagnostics)
        self.verdict, self.source = verdict, source
        super().__init__("\n".join([*report_lines(str(file), self.diagnostics), verdict]), 1, file)

    def __reduce__(self) -> tuple[type[PnpError], tuple[object, ...]]:
        return Rejected, (self.file, self.diagnostics, self.verdict, self.source)


def rejected(path: Path, diagnostics: Iterable[Diagnostic], verdict: str, source: bytes | None = None) -> Rejected:
    return Rejected(path, diagnostics, verdict, source)


def plural(n: int, word: str, words: str | None = None) -> str:
    """`n` and the word that goes with it: `1 error`, `0 errors`, `2 copies` (with words="copies").

    `words` is the plural when adding "s" is wrong; the count gets thousands separators (`1,200 cards`).
    """
    return f"{n:,} {word if n == 1 else words if words is not None else word + 's'}"


def wants_colour(stream: object, environ: Mapping[str, str] | None = None) -> bool:
    """Whether findings written to `stream` get colour and source excerpts (see report_lines).

    Only for a terminal (`stream.isatty()`), and never when the environment has a non-empty
    NO_COLOR (https://no-color.org) or TERM=dumb. `environ` defaults to os.environ.
    """
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR") or env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty is not None and isatty())
    except (OSError, ValueError):  # a closed or detached stream
        return False


def report_lines(file: str, diagnostics: Iterable[Diagnostic], source: str | bytes | None = None, *, colour: bool = False) -> list[str]:
    """The findings about `file` as lines to print, in the order given.

    Each finding is `FILE:LINE:COL: severity: message` (Diagnostic.format); past SHOWN_PER_CODE
    findings of one code (see `capped`), a single note at the end counts the rest of that code.

    file: the file's name as the user gave it (escaped here, like everything printed).
    source: the file's content, as read (bytes) or decoded (str); only used when `colour` is on.
    colour: the lines go to a terminal (decide with `wants_colour(stream)`): severities are
        coloured (red error, yellow warning, bold position) and, given `source`, each located
        finding is followed by its source line and a caret under the column, gcc-style. Off
        (the default), the lines are plain text, the same whether or not `source` is given.
    """
    paint = _Paint(colour)
    lines_of = _source_lines(source) if colour and source is not None else None
    lines: list[str] = []
    kept, omitted = capped(diagnostics)
    for d in kept:
        if not colour:
            lines.append(d.format(file))
            continue
        where = paint.bold(f"{shown(file)}:{d.line or 1}:{d.column or 1}:")
        first, *rest = clean(d.message).split("\n")
        lines.append(f"{where} {paint.severity(d.severity)}: {first}")
        lines += rest
        if lines_of is not None and d.line is not None and 1 <= d.line <= len(lines_of):
            lines += _excerpt(lines_of[d.line - 1], d.line, d.column or 1, paint)
    for code, n in omitted.items():
        lines.append(f"{paint.bold(shown(file) + ':')} {paint.note('note')}: ... and {plural(n, 'more finding')} like those above ({shown(code)})")
    return lines


def capped(diagnostics: Iterable[Diagnostic]) -> tuple[list[Diagnostic], dict[str, int]]:
    """The findings a report shows, in the order given: the first SHOWN_PER_CODE of each code; and,
    by code, how many of the rest it leaves out (codes in order of first finding, none when none)."""
    kept: list[Diagnostic] = []
    seen: Counter[str] = Counter()
    for d in diagnostics:
        seen[d.code] += 1
        if seen[d.code] <= SHOWN_PER_CODE:
            kept.append(d)
    return kept, {code: n - SHOWN_PER_CODE for code, n in seen.items() if n > SHOWN_PER_CODE}


class _Paint:
    """ANSI styles, or nothing at all when colour is off."""

    def __init__(self, on: bool):
        self.on = on

    def _style(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.on else text

    def bold(self, text: str) -> str:
        return self._style(text, "1")

    def severity(self, severity: str) -> str:
        return self._style(severity, "1;31" if severity == "error" else "1;33")

    def note(self, text: str) -> str:
        return self._style(text, "1;36")

    def caret(self, text: str) -> str:
        return self._style(text, "1;32")


_LINE_END = re.compile(r"\r\n|\r|\n")  # as pnp.core.textfile counts lines


def _source_lines(source: str | bytes) -> list[str]:
    """The source's lines as findings count them (a byte-order mark dropped, any line end)."""
    text = source.decode("utf-8", errors="replace") if isinstance(source, bytes) else source
    return _LINE_END.split(text.removeprefix("\ufeff"))


def cell(ch: str, tabs: bool = True) -> tuple[str, int]:
    """A character as printed (controls escaped by `shown`; a tab kept, unless not `tabs`) and the
    terminal cells it takes."""
    if tabs and ch == "\t":
        return ch, 8  # a tab is kept, so the caret line reproduces it; 8 cells at most for the cut
    text = shown(ch)
    if text != ch:
        return text, len(text)
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return text, 0
    return text, 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def _excerpt(line: str, number: int, column: int, paint: _Paint) -> list[str]:
    """The source line (cut around `column` when long) and a caret under that column, gcc-style."""
    at = min(max(column - 1, 0), len(line))  # a column past the end points just after the line
    lo = max(0, at - 4 * EXCERPT_WIDTH)  # only characters near the column can be shown
    cells = [cell(ch) for ch in line[lo : at + 4 * EXCERPT_WIDTH]]
    at -= lo
    start, used = at, 0
    while start > 0 and used + cells[start - 1][1] <= EXCERPT_LEFT:
        start -= 1
        used += cells[start][1]
    end, used = start, 0
    while end < len(cells) and used + cells[end][1] <= EXCERPT_WIDTH:
        used += cells[end][1]
        end += 1
    while start > 0 and used + cells[start - 1][1] <= EXCERPT_WIDTH:  # near the line's end: show more of its left
        start -= 1
        used += cells[start][1]
    head = "..." if lo + start > 0 else ""
    tail = "..." if lo + end < len(line) else ""
    text = head + "".join(t for t, _ in cells[start:end]) + tail
    pad = " " * len(head) + "".join("\t" if t == "\t" else " " * w for t, w in cells[start:at])
    gutter = max(5, len(str(number)))
    return [f"{number:>{gutter}} | {text}", f"{'':>{gutter}} | {pad}{paint.caret('^')}"]


# Characters a terminal acts on rather than shows: C0 and C1 controls, bidirectional overrides,
# and lone surrogates (how Python carries the bytes of a file name that are not UTF-8).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_LONG = re.compile(rf"\S{{{LONG_TOKEN + 1},}}")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _short(token: str) -> str:
    return f"{token[:40]}...({len(token):,} characters)...{token[-30:]}" if len(token) > LONG_TOKEN else token


def shown(text: object) -> str:
    """User text (a token, a file name) as one printable line: controls escaped, and shortened when
    over LONG_TOKEN characters, spaces and all."""
    return _short(_UNSAFE.sub(_escape, str(text)))


def clean(message: str) -> str:
    """A message of one or more lines made safe to print: controls escaped, each run of more than
    LONG_TOKEN characters without a space shortened (a token with spaces: see `shown`)."""
    return "\n".join(_LONG.sub(lambda m: _short(m.group()), _UNSAFE.sub(_escape, line)) for line in message.split("\n"))
