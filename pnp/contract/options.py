"""Parsers for option values: ASCII digits only, numbers finite and within a stated range.

Each is given to Typer as an option's `parser`, so a bad value is a usage error (exit 2)
before the command runs, never `nan`, `inf` or a huge number passed on to the drawing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from typer import BadParameter as BadParameter  # re-exported: a game's own parsers raise and catch it from here

from pnp.core.diagnostics import shown
from pnp.core.resources import deck_file
from pnp.core.textfile import STDIN

_INTEGER = re.compile(r"[+-]?[0-9]{1,12}")
# Plain decimals only: no exponent, no `inf`/`nan`, no `_` separators, no non-ASCII digits.
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,9}(?:\.[0-9]{0,9})?|\.[0-9]{1,9})")

N = TypeVar("N", int, float)

TRIM_MIN, TRIM_MAX = 10, 500  # mm, each side of a print shop's cut
SEED_MAX = 2**32 - 1  # a seed is part of some file names: at most 10 digits


def _number_text(text: object, pattern: re.Pattern[str], what: str) -> str:
    text = str(text).strip(" \t")  # a default arrives as a number
    if not pattern.fullmatch(text):
        raise BadParameter(f"`{shown(text)}` is not {what}")
    return text


def integer(low: int, high: int, unit: str = "") -> Callable[[str], int]:
    """A parser for a whole number from `low` to `high`."""
    return _ranged(_INTEGER, "a whole number", int, "", low, high, unit)


def decimal(low: float, high: float, unit: str = "") -> Callable[[str], float]:
    """A parser for a plain decimal number from `low` to `high`."""
    parse = _ranged(_DECIMAL, "a number", float, "g", low, high, unit)
    return lambda text: parse(text) + 0.0  # -0.0 and 0.0 draw alike


def _ranged(pattern: re.Pattern[str], what: str, convert: Callable[[str], N], spec: str, low: N, high: N, unit: str) -> Callable[[str], N]:
    """A parser for `what` `pattern` matches, from `low` to `high`, each number said in the format `spec`."""
    span = f"{low:{spec}} to {high:{spec}}{unit}"

    def parse(text: str) -> N:
        value = convert(_number_text(text, pattern, f"{what} (use {span})"))
        if not low <= value <= high:
            raise BadParameter(f"{value:{spec}} is out of range; use {span}")
        return value

    return parse


def input_path(text: str) -> Path:
    """A file the command reads (pnp.core.textfile.read_bytes): the bare argument `-` is standard input;
    any other, `./-` too, a path. Every argument and option that reads a file takes this parser."""
    return STDIN if text == "-" else Path(text)


def deck_path(text: str) -> Path:
    """A deck list, read as `input_path` reads a file; a bare name with no such file here is the
    deck pnp ships by that name (`starter`), as `--rules` takes a shipped format's."""
    path = input_path(text)
    shipped = {p.stem: p for p in deck_file(".").glob("*.deck")}  # looked up by name: any text, however long, is safe
    if path is not STDIN and text in shipped and not path.exists():
        return shipped[text]
    return path


seed = integer(0, SEED_MAX)
time_limit = decimal(0.1, 3600, " seconds")
bleed = decimal(0, 10, " mm")
dpi = integer(72, 1200, " dpi")


class Trim(NamedTuple):
    width: float  # mm
    height: float


def trim(text: str) -> Trim:
    """`W,H` in mm: a print shop's cut size."""
    parts = text.split(",")
    if len(parts) != 2:
        raise BadParameter(f"expected W,H in mm like 63.5,88.9, got `{shown(text)}`")
    one = decimal(TRIM_MIN, TRIM_MAX, " mm")
    return Trim(*(one(part) for part in parts))


class Offset(NamedTuple):
    x: float  # mm
    y: float


def back_offset(text: str) -> Offset:
    """`X,Y` in mm, each within the sheet margin so that the backs stay on the paper."""
    from pnp.core.layouts import sheet_layout  # pydantic loads only when a back offset is given

    margin = sheet_layout().margin
    parts = text.split(",")
    if len(parts) != 2:
        raise BadParameter(f"expected X,Y in mm like 0.5,-1, got `{shown(text)}`")
    one = decimal(-margin, margin, " mm (the margin of the sheet)")
    return Offset(*(one(part) for part in parts))


@dataclass(frozen=True)
class Flag:
    """How one field of a build target's options dataclass is typed on the command line
    (`Annotated[int, Flag(...)]`): the field's default is the option's, declared once."""

    name: str  # --players
    help: str
    parser: Callable[[str], Any] | None = None
    metavar: str | None = None
    typed: str | None = None  # the default as typed, where the field's default is no plain value


SETTING = "pnp.print-setting"  # a field's metadata key: the default of a print setting


def setting(default: Any) -> Any:
    """A print setting among a target's options (`bw: Annotated[bool, Flag("--bw", ...)] = setting(False)`):
    typed on the target's command line where the field stands, with this default, but carried to
    the drawing by the print context (pnp.core.printing.Print, the field's namesake), not by the
    options: the options are made without it, and an options object has no such attribute."""
    return field(init=False, repr=False, compare=False, metadata={SETTING: default})


OFFSET_ZERO = Offset(0.0, 0.0)
BACK_OFFSET = Flag(
    "--back-offset",
    "X,Y in mm (each within the 5 mm margin): shift the duplex backs to suit your printer.",
    back_offset,
    "X,Y",
    typed="0,0",
)
