"""Findings about an input file, reported compiler-style (`FILE:LINE:COL: error: ...`)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Iterable, Literal

Severity = Literal["error", "warning"]

SHOWN_PER_CODE = 10  # findings of one kind printed before the rest are summed up
LONG_TOKEN = 100  # characters; a longer run without spaces is shortened in messages


@dataclass(frozen=True)
class Diagnostic:
    severity: Severity
    code: str
    message: str
    line: int | None = None
    column: int | None = None

    def format(self, file: str) -> str:
        """`FILE:LINE:COL: severity: message`, safe to print: a whole-file finding is placed at 1:1."""
        return clean(f"{shown(file)}:{self.line or 1}:{self.column or 1}: {self.severity}: {self.message}")

    def as_json(self) -> dict:
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


class PnpError(Exception):
    """A problem the user can fix; the CLI prints it without a traceback (see pnp.app).

    exit_code 1: the content of an input is wrong; 2: the command was used wrongly.
    """

    def __init__(self, message: str, exit_code: int = 1):
        super().__init__(message)
        self.exit_code = exit_code


def rejected(path: Path, diagnostics: Iterable[Diagnostic], verdict: str) -> PnpError:
    """The error for an input file a command cannot use: each finding, then the verdict."""
    return PnpError("\n".join([*report_lines(str(path), diagnostics), verdict]))


def report_lines(file: str, diagnostics: Iterable[Diagnostic]) -> list[str]:
    """Each finding as a line; past SHOWN_PER_CODE of one kind, a single line counts the rest."""
    lines: list[str] = []
    seen: Counter[str] = Counter()
    for d in diagnostics:
        seen[d.code] += 1
        if seen[d.code] <= SHOWN_PER_CODE:
            lines.append(d.format(file))
    for code, n in seen.items():
        if n > SHOWN_PER_CODE:
            lines.append(f"{shown(file)}: note: ... and {n - SHOWN_PER_CODE:,} more {code} findings like those above")
    return lines


# Characters a terminal acts on rather than shows: C0 and C1 controls, bidirectional overrides,
# and lone surrogates (how Python carries the bytes of a file name that are not UTF-8).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_LONG = re.compile(rf"\S{{{LONG_TOKEN + 1},}}")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _shorten(match: re.Match[str]) -> str:
    token = match.group()
    return f"{token[:40]}...({len(token):,} characters)...{token[-30:]}"


def shown(text: object) -> str:
    """User text (a token, a file name) as one printable line: controls escaped, long runs shortened."""
    return _LONG.sub(_shorten, _UNSAFE.sub(_escape, str(text)))


def clean(message: str) -> str:
    """A message of one or more lines made safe to print: `shown` on each line."""
    return "\n".join(shown(line) for line in message.split("\n"))
