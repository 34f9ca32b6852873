"""Findings about an input file, reported compiler-style (`FILE:LINE:COL: error: ...`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Iterable, Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Diagnostic:
    severity: Severity
    code: str
    message: str
    line: int | None = None
    column: int | None = None

    def format(self, file: str) -> str:
        where = file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.severity}: {self.message}"

    def as_json(self) -> dict:
        return asdict(self)


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
    return PnpError("\n".join([*(d.format(str(path)) for d in diagnostics), verdict]))
