"""PPN, the piecepack community's Portable Piecepack Notation: what pnp's games share to write it
and read it back (each game's own module says what its pieces and places are).

pnp follows version 0.11.0 of its description (Trevor L. Davis's "Portable Piecepack Notation"
page), as the ppgames R package reads it (version 0.8.1). A file is YAML metadata between a line
`---` and a line `...`, then the movetext: move numbers (`1.`, `1...`, `setup.`), `{comments}`
and moves; pnp writes and reads only placements, `PIECE@WHERE`. WHERE is algebraic (`b8`: column b
is x = 2, row 8 is y = 8; y grows upwards) or `(x,y)` in the same units; a piecepack tile is 2
units wide.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.core.diagnostics import Diagnostic, error
from pnp.core.textfile import brief, position, split_lines

VERSION = "0.11.0"
_TOKEN = re.compile(r"\{[^}]*\}?|\S+")  # a comment (closed or not), or a word
_MOVE_NUMBER = re.compile(r"(?:[0-9]+|setup)\.+", re.IGNORECASE)
_PLACEMENT = re.compile(
    r"(?P<piece>[^@]+)@(?:(?P<letters>[a-z]+)(?P<number>[0-9]{1,4})|\((?P<x>-?[0-9]{1,4}(?:\.[0-9]{1,3})?),(?P<y>-?[0-9]{1,4}(?:\.[0-9]{1,3})?)\))"
)


@dataclass(frozen=True)
class Placing:
    """A placement as the movetext writes it: the piece (its PPN spec), where its centre lies, and
    the line and columns of the word and of its place."""

    piece: str
    x: float
    y: float
    line: int
    column: int
    where_column: int


def header(game_type: str, title: str) -> list[str]:
    """A file's metadata: the game, and `SetUp: None` (piecepackr sets nothing up: every piece is placed)."""
    return ["---", f"# Portable Piecepack Notation {VERSION}: {title}", f"GameType: {game_type}", "SetUp: None", "..."]


def letters(x: int) -> str:
    """The algebraic column of x (1: a, 26: z, 27: aa)."""
    out = ""
    while x > 0:
        x, rest = divmod(x - 1, 26)
        out = chr(ord("a") + rest) + out
    return out


def number(x: float) -> str:
    """A coordinate as `(x,y)` writes it: `2`, `1.5`."""
    return f"{x:g}"


def placements(text: str, game_type: str, example: str) -> tuple[list[Placing], list[Diagnostic]]:
    """Every placement of a PPN text, in order, and every problem found (each at its line and
    column): metadata never closed, or naming another game; a comment never closed; a word that is
    neither a move number nor a placement (`example` shows one)."""
    text = "\n".join(split_lines(text))  # any line ends: the lines and columns stay as an editor shows them
    lines = text.split("\n")
    found: list[Diagnostic] = []
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    start = 0
    if first is not None and lines[first].rstrip() == "---":
        end = next((i for i in range(first + 1, len(lines)) if lines[i].startswith("...")), None)
        if end is None:
            return [], [error("ppn-metadata", "the metadata begun here never ends: close it with a line '...'", first + 1, 1)]
        found += _other_game(lines[first + 1 : end], first + 2, game_type)
        start = end + 1
    placed: list[Placing] = []
    for m in _TOKEN.finditer(text, sum(len(line) + 1 for line in lines[:start])):
        word = m.group()
        line, column = position(text[: m.start()])
        if word.startswith("{"):
            if not word.endswith("}"):
                found.append(error("ppn-comment", "this comment is never closed: end it with '}'", line, column))
            continue
        if _MOVE_NUMBER.fullmatch(word):
            continue
        p = _PLACEMENT.fullmatch(word)
        if p is None:
            found.append(error("ppn-move", f"'{brief(word)}' is not a placement: write a piece, @ and where, like '{example}'", line, column))
            continue
        if p["letters"] is not None:
            x, y = float(_column_number(p["letters"])), float(p["number"])
        else:
            x, y = float(p["x"]), float(p["y"])
        placed.append(Placing(p["piece"], x, y, line, column, column + p.start("piece") + len(p["piece"]) + 1))
    return placed, found


def _column_number(text: str) -> int:
    x = 0
    for letter in text:
        x = 26 * x + ord(letter) - ord("a") + 1
    return x


def _other_game(lines: list[str], first_line: int, game_type: str) -> list[Diagnostic]:
    """A game of another kind is refused where its `GameType` says so; other metadata is PPN's tools', not read here."""
    for number_, line in enumerate(lines, first_line):
        m = re.match(r"GameType:\s*(.*?)\s*$", line)
        if m and m[1] and m[1].strip("'\"").lower() != game_type.lower():
            return [error("ppn-game-type", f"a game of {brief(m[1])}, not {game_type}", number_, m.start(1) + 1)]
    return []
