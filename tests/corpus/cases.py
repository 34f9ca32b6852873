"""Hostile cases for every pnp command that reads a file or takes an option.

Each case is run in a fresh folder holding a valid file of every kind (see BASE), by one
parametrised test (tests/framework/test_hostile_corpus.py) that checks the exit code, that no
traceback is printed, that content errors are placed at FILE:LINE:COL, that no input file
changes and that a failing command leaves nothing behind.

Placeholders in arguments: {d} is the case's folder; {f} the hostile input the case prepares.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.core.resources import deck_file
from pnp.core.textfile import MAX_BYTES
from pnp.games.pack_solitaire.cli import deal_text

# --- valid inputs, written into every case's folder ------------------------------------------

GRID = ["3S 3M 5C 2A", "4M 4S 2S 4C", "5M 2M 5S 3A", "2C 4A 3C 5A"]
RECORD = ["4S @ 0,0", "2S @ 1,0", "4C @ 2,0", "4M @ -1,0"]  # a start; checked only for syntax here
TILES = [line for line in deal_text(1).splitlines() if not line.startswith("#")]
LAYOUT = ["1 2 3 4", "5 6 7 8", "9 10 11 12", "13 14 15 16"]
BOARD = [
    "player 1: red green",
    "player 2: yellow blue",
    "R1 R3 G2 B1 B1 B3/G1",
    "Y2 x G2 B2 x B2/Y1",
    "R2/Y3 G1 G3/R3 B3 G3 B2",
]
LEY = ["players: S M C", "cairn S 3 h4", "cairn M 0 e15"]
PTL = ["pick 1 red a1", "pick 2 yellow b1", "pick 1 green c1", "pick 2 blue d1", "1 e1 d1 a1"]
RULES = ['name = "house"', "[total]", "exactly = 26", 'exclude = ["Base"]']
DECK = ["2 0", "3 4", "2 9", "1 Base"]

BASE = {
    "layout.layout": "\n".join(LAYOUT) + "\n",
    "game.leylines": deck_file("ley-lines/example.leylines").read_text(encoding="utf-8"),
    "game.ptl": deck_file("paint-the-line/example.ptl").read_text(encoding="utf-8"),
    "starter.deck": "\n".join(["2 0", "2 1", "2 2", "3 3", "3 4", "3 5", "3 6", "2 7", "2 8", "2 9", "2 10", "1 Base"]) + "\n",
    "deal.tiles": deal_text(1),
    "game.grid": "\n".join(GRID) + "\n",
    "house.toml": "\n".join(RULES) + "\n",
}


@dataclass(frozen=True)
class Case:
    id: str
    args: tuple[str, ...]
    exit: int
    # The hostile input at {f}: bytes to write, or a kind of non-file (see SPECIAL), or None.
    content: bytes | str | None = None
    name: str = "input"
    where: str | None = None  # for exit 1: "LINE:COL" the first finding must name (None: any position)
    quiet: bool = False  # the output must be short: long tokens shortened, repeats summed up
    setup: tuple[str, ...] = ()  # extra preparations, see test_hostile_corpus.prepare


SPECIAL = ("dir", "fifo", "socket", "loop", "notdir", "missing", "longname", "devzero", "devnull")

# --- every command slot that reads a file ------------------------------------------------------

READERS = {
    "deck-validate": ("deck", "validate", "{f}"),
    "deck-stats": ("deck", "stats", "{f}"),
    "deck-validate-rules": ("deck", "validate", "--rules", "{f}", "{d}/starter.deck"),
    "deck-random-rules": ("deck", "random", "--rules", "{f}"),
    "power-lines-score": ("power-lines", "score", "{f}"),
    "solitaire-check": ("solitaire", "check", "{f}"),
    "solitaire-solve": ("solitaire", "solve", "{f}", "--time-limit", "0.1"),
    "solitaire-score-tiles": ("solitaire", "score", "{f}", "{d}/layout.layout"),
    "solitaire-score-layout": ("solitaire", "score", "{d}/deal.tiles", "{f}"),
    "paint-score": ("paint-the-line", "score", "{f}"),
    "ptl-check": ("paint-the-line", "check", "{f}"),
    "ptl-score": ("paint-the-line", "score", "{f}"),
    "ptl-show": ("paint-the-line", "show", "{f}", "-o", "{d}/out.pdf"),
    "ley-check": ("ley-lines", "check", "{f}"),
    "ley-score": ("ley-lines", "score", "{f}"),
    "ley-show": ("ley-lines", "show", "{f}", "-o", "{d}/out.pdf"),
    "cards-deck": ("build", "power-lines-cards", "--deck", "{f}", "--out", "{d}/out", "--format", "pdf"),
}


def _kind_cases() -> list[Case]:
    """Every reading slot against every kind of path that is not a readable regular file: exit 2."""
    cases = []
    for slot, args in READERS.items():
        for kind in SPECIAL:
            cases.append(Case(f"{slot}-{kind}", args, 2, content=kind))
    return cases


# --- hostile content, format by format ---------------------------------------------------------


@dataclass(frozen=True)
class Format:
    ext: str
    readers: tuple[str, ...]  # keys of READERS
    lines: object  # token -> the file's lines, the token at `at`
    at: tuple[int, int]  # line, column of the token
    digits: tuple[str, ...] = ()  # lines whose only fault is a digit that is not ASCII
    digits_at: tuple[int, int] = (1, 1)


FORMATS = {
    "deck": Format(".deck", ("deck-validate", "deck-stats", "cards-deck"), lambda t: [DECK[0], f"2 {t}", *DECK[2:]], (2, 3), ("2 0", "٣ 4"), (2, 1)),
    "grid": Format(".grid", ("power-lines-score",), lambda t: [GRID[0], f"4M {t} 2S 4C", *GRID[2:]], (2, 4), (GRID[0], "４M 4S 2S 4C", *GRID[2:]), (2, 1)),
    "record": Format(".record", ("power-lines-score",), lambda t: [RECORD[0], f"{t} @ 1,0", *RECORD[2:]], (2, 1), (RECORD[0], "2S @ ١,0"), (2, 1)),
    "tiles": Format(
        ".tiles",
        ("solitaire-check", "solitaire-solve"),
        lambda t: [TILES[0], f"2: {t} 3A aC .", *TILES[2:]],
        (2, 4),
        (TILES[0], "٢: 5C 3A aC .", *TILES[2:]),
        (2, 1),
    ),
    "layout": Format(
        ".layout", ("solitaire-score-layout",), lambda t: [LAYOUT[0], f"5 {t} 7 8", *LAYOUT[2:]], (2, 3), (LAYOUT[0], "5 ６ 7 8", *LAYOUT[2:]), (2, 3)
    ),
    "board": Format(
        ".board",
        ("paint-score",),
        lambda t: [*BOARD[:2], f"R1 {t} G2 B1 B1 B3/G1", *BOARD[3:]],
        (3, 4),
        (*BOARD[:2], "R1 R٣ G2 B1 B1 B3/G1", *BOARD[3:]),
        (3, 4),
    ),
    "leylines": Format(
        ".leylines", ("ley-check", "ley-score"), lambda t: [LEY[0], f"cairn S {t} h4", LEY[2]], (2, 9), (LEY[0], "cairn S ٣ h4", LEY[2]), (2, 9)
    ),
    "ptl": Format(
        ".ptl", ("ptl-check", "ptl-score", "ptl-show"), lambda t: [PTL[0], f"pick 2 {t} b1", *PTL[2:]], (2, 8), (PTL[0], "pick ٢ yellow b1", *PTL[2:]), (2, 6)
    ),
    "rules": Format(
        ".toml",
        ("deck-validate-rules", "deck-random-rules"),
        lambda t: [RULES[0], "[total]", f"exactly = '{t}'"],
        (3, 1),
        (RULES[0], "[total]", "exactly = '٢٦'"),
        (3, 1),
    ),
}

ESCAPES = "\x1b[2J\x1b]0;pwned\x07\x9b31m\u202eevil"


def _content_cases() -> list[Case]:
    cases = []
    for fmt_name, fmt in FORMATS.items():
        line, column = fmt.at
        good = fmt.lines("Q")  # a bad token, placed where the format expects a real one
        for slot in fmt.readers:
            args = READERS[slot]
            name = f"input{fmt.ext}"

            def add(kind: str, content: bytes | str, where: str | None, quiet: bool = False) -> None:
                cases.append(Case(f"{slot}-{fmt_name}-{kind}", args, 1, content, name, where, quiet))

            add("bad-token", "\n".join(good) + "\n", f"{line}:{column}")
            add("cr-line-ends", "\r".join(good) + "\r", f"{line}:{column}")
            add("crlf-line-ends", "\r\n".join(good) + "\r\n", f"{line}:{column}")
            add("bom", "\ufeff" + "\n".join(good) + "\n", f"{line}:{column}")
            add("nul", ("\n".join(good[: line - 1]) + "\nab\x00cd\n").encode(), f"{line}:3")
            add("not-utf8-after-cr", ("\r".join(good[: line - 1]) + "\r").encode() + b"x\xff\n", f"{line}:2")
            add("too-large", b"#" * (MAX_BYTES + 1), "1:1")
            add("empty", b"", None)
            add("escapes", "\n".join(fmt.lines(ESCAPES)) + "\n", f"{line}:{column}", quiet=True)
            add("huge-token", "\n".join(fmt.lines("Z" * 900_000)) + "\n", f"{line}:{column}", quiet=True)
            add("non-ascii-digit", "\n".join(fmt.digits) + "\n", "{}:{}".format(*fmt.digits_at))
    return cases


def _deck_specials() -> list[Case]:
    many = "1 5\n" * 30_000  # 29,999 duplicate-card warnings and a wrong total
    return [
        Case("deck-validate-30k-duplicates", READERS["deck-validate"], 1, many, "many.deck", "1:1", quiet=True),
        Case("deck-stats-30k-duplicates", READERS["deck-stats"], 1, many, "many.deck", "1:1", quiet=True),
        Case("deck-validate-escape-in-name", ("deck", "validate", "{d}/\x1b[31mred\x07.deck"), 2, quiet=True),
        Case("deck-validate-count-huge", READERS["deck-validate"], 1, "9" * 5000 + " 5\n", "x.deck", "1:1", quiet=True),
        Case("deck-validate-only-comments", READERS["deck-validate"], 1, "# nothing\r# here\r", "x.deck", "1:1"),
        Case("deck-validate-lone-cr-between", READERS["deck-validate"], 1, "26 5\r1 Base\r3 dragon\r", "x.deck", "3:3"),
        Case("deck-validate-tab-columns", READERS["deck-validate"], 1, "\t2\tdragon\n", "x.deck", "1:4"),
        Case("deck-validate-wide-chars-columns", READERS["deck-validate"], 1, "# ü\n２ 5\n", "x.deck", "2:1"),
    ]


# --- rules files: wrong types, absurd limits, nesting ------------------------------------------

RULES_FILES = {
    "string-count": ('name = "r"\n[total]\nexactly = "26"\n', "3:1"),
    "bool-count": ('name = "r"\n[total]\nexactly = true\n', "3:1"),
    "float-count": ('name = "r"\n[total]\nexactly = 26.0\n', "3:1"),
    "negative-copies": ('name = "r"\n[copies.max]\n"5" = -1\n', "3:1"),
    "huge-total": ('name = "r"\n[total]\nexactly = 1000000000\n', "3:1"),
    "min-above-max": ('name = "r"\n[copies.min]\n"5" = 3\n[copies.max]\n"5" = 2\n', "3:1"),
    "total-min-above-max": ('name = "r"\n[total]\nmin = 30\nmax = 20\n', "3:1"),
    "banned-and-required": ('name = "r"\nbanned = ["5"]\n[copies.min]\n"5" = 1\n', "2:1"),
    "unreachable-total": ('name = "r"\n[total]\nexactly = 500\n[copies.max]\n"*" = 2\n', "3:1"),
    "floor-above-total": ('name = "r"\n[total]\nexactly = 26\n[copies.min]\n"*" = 3\n', "4:2"),
    "empty-items": ('name = "r"\nitems = []\n', "2:1"),
    "unknown-item": ('name = "r"\nbanned = ["dragon"]\n', "2:1"),
    "unknown-key": ('name = "r"\ncolour = "red"\n', "2:1"),
    "name-with-newline": ('name = "r\\n26 10"\n', "1:1"),
    "name-with-escape": ('name = "\\u001b[31m"\n', "1:1"),
    "missing-name": ("[total]\nexactly = 26\n", "1:1"),
    "table-is-a-number": ('name = "r"\ntotal = 5\n', "2:1"),
    "inline-table-wrong": ('name = "r"\ntotal = { exactly = "x" }\n', "2:11"),
    "deep-arrays": ("x = " + "[" * 5000 + "]" * 5000 + "\n", "1:21"),
    "deep-inline-tables": ("x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n", "1:"),
    "not-toml": ('name = "r"\n[total\n', "2:"),
    "both-exactly-and-min": ('name = "r"\n[total]\nexactly = 26\nmin = 2\n', "3:1"),
}


def _rules_cases() -> list[Case]:
    return [
        Case(f"{slot}-{name}", READERS[slot], 1, text, "r.toml", where)
        for name, (text, where) in RULES_FILES.items()
        for slot in ("deck-validate-rules", "deck-random-rules")
    ]


# --- option values -------------------------------------------------------------------------------

CARDS = ("build", "power-lines-cards", "--out", "{d}/out")
PIECEPACK = ("build", "piecepack", "--out", "{d}/out", "--tiles", "2-5")
OPTIONS = {
    "back-offset": (
        CARDS + ("--back-offset",),
        ["inf,0", "nan,0", "1e309,0", "1000,1000", "5.5,0", "0,-5.01", "1;2", "", "３,0", "1_0,0", "0x1,0", "1,2,3", " , ", "\x1b[31m,0"],
    ),
    "piecepack-back-offset": (PIECEPACK + ("--back-offset",), ["-inf,0", "0,NaN"]),
    "bleed": (CARDS + ("--bleed",), ["inf", "nan", "-0.1", "10.5", "３", "1e1", "1" * 400]),
    "build-seed": (("build", "pack-solitaire", "--out", "{d}/out", "--seed"), ["-1", "4294967296", "9" * 5000, "３", "1e3", "", "0x10"]),
    "deal-seed": (("solitaire", "deal", "--seed"), ["-5", "99999999999", "٧"]),
    "deck-seed": (("deck", "random", "--seed"), ["-1", "1" * 50, "1_000"]),
    "ley-seed": (("ley-lines", "random", "--seed"), ["-1", "4294967296"]),
    "ley-players": (("ley-lines", "random", "--players"), ["5", "2", "３"]),
    "ley-build-players": (("build", "ley-lines", "--out", "{d}/out", "--players"), ["9", "four"]),
    "ley-turn": (("ley-lines", "show", "{d}/game.leylines", "-o", "{d}/pos.pdf", "--turn"), ["-1", "99999999999"]),
    "ptl-seed": (("paint-the-line", "random", "--seed"), ["-1", "4294967296", "٣"]),
    "ptl-turn": (("paint-the-line", "show", "{d}/game.ptl", "-o", "{d}/pos.pdf", "--turn"), ["-1", "99999999999", "21", "x"]),
    "ptl-paper": (("paint-the-line", "show", "{d}/game.ptl", "-o", "{d}/pos.pdf", "--paper"), ["a3", ""]),
    "ptl-show-suffix": (("paint-the-line", "show", "{d}/game.ptl", "-o"), ["{d}/pos.png", "{d}/pos"]),
    "time-limit": (("solitaire", "solve", "{d}/deal.tiles", "--time-limit"), ["0", "nan", "inf", "1e9", "86400", "-1"]),
    "format": (PIECEPACK + ("--format",), ["png", "", ",", "pdf;svg", "\x1b[31m"]),
    "paper": (PIECEPACK + ("--paper",), ["a3", "A4 "]),
    "tiles": (("build", "piecepack", "--out", "{d}/out", "--tiles"), ["9-2", "٣-5", "", "2-5-7", "5-2"]),
}


def _option_cases() -> list[Case]:
    return [Case(f"option-{name}-{i}", (*args, value), 2, quiet=True) for name, (args, values) in OPTIONS.items() for i, value in enumerate(values)]


# --- output paths ---------------------------------------------------------------------------------

OUTPUTS = [
    Case("out-is-a-file", ("build", "piecepack", "--tiles", "2-5", "--format", "pdf", "--out", "{d}/starter.deck"), 2),
    Case("out-under-a-file", ("build", "piecepack", "--tiles", "2-5", "--format", "pdf", "--out", "{d}/starter.deck/out"), 2),
    Case("out-in-proc", ("build", "piecepack", "--tiles", "2-5", "--format", "pdf", "--out", "/proc/pnp-out"), 2),
    Case("out-name-too-long", ("build", "piecepack", "--tiles", "2-5", "--format", "pdf", "--out", "{d}/" + "o" * 300), 2),
    Case("out-all-targets-in-proc", ("build", "--out", "/proc/self/pnp"), 2),
    Case(
        "out-file-is-a-folder", ("build", "piecepack", "--tiles", "2-5", "--format", "pdf", "--out", "{d}/out"), 2, setup=("dir:out/piecepack-tiles-2-5.pdf",)
    ),
    Case(
        "out-would-overwrite-deck",
        ("build", "power-lines-cards", "--format", "pdf", "--out", "{d}/out", "--deck", "{d}/out/power-lines-cards.pdf"),
        2,
        setup=("copy:starter.deck:out/power-lines-cards.pdf",),
    ),
    Case("deal-o-folder", ("solitaire", "deal", "--seed", "3", "-o", "{d}"), 2),
    Case("deal-o-under-a-file", ("solitaire", "deal", "--seed", "3", "-o", "{d}/starter.deck/x.tiles"), 2),
    Case("deal-o-in-proc", ("solitaire", "deal", "--seed", "3", "-o", "/proc/pnp.tiles"), 2),
    Case("deal-o-name-too-long", ("solitaire", "deal", "--seed", "3", "-o", "{d}/" + "t" * 300 + ".tiles"), 2),
    Case("solve-o-its-input", ("solitaire", "solve", "{d}/deal.tiles", "-o", "{d}/deal.tiles"), 2),
    Case("solve-o-hard-link-to-input", ("solitaire", "solve", "{d}/deal.tiles", "-o", "{d}/same.layout"), 2, setup=("hardlink:deal.tiles:same.layout",)),
    Case("solve-o-symlink-to-input", ("solitaire", "solve", "{d}/deal.tiles", "-o", "{d}/link.layout"), 2, setup=("symlink:deal.tiles:link.layout",)),
    Case("solve-o-in-proc", ("solitaire", "solve", "{d}/deal.tiles", "--time-limit", "0.1", "-o", "/proc/best.layout"), 2),
    Case("ley-show-o-its-record", ("ley-lines", "show", "{d}/game.svg", "-o", "{d}/game.svg"), 2, setup=("copy:game.leylines:game.svg",)),
    Case("ley-show-o-in-proc", ("ley-lines", "show", "{d}/game.leylines", "-o", "/proc/pos.pdf"), 2),
    Case("ley-random-o-folder", ("ley-lines", "random", "--seed", "2", "-o", "{d}"), 2),
    Case("ley-random-o-under-a-file", ("ley-lines", "random", "--seed", "2", "-o", "{d}/starter.deck/g.leylines"), 2),
    # Writing means replacing the path: a pipe or socket there must not become a plain file.
    Case("deal-o-fifo", ("solitaire", "deal", "--seed", "3", "-o", "{f}"), 2, content="fifo"),
    Case("deal-o-socket", ("solitaire", "deal", "--seed", "3", "-o", "{f}"), 2, content="socket"),
    Case("solve-o-fifo", ("solitaire", "solve", "{d}/deal.tiles", "-o", "{f}"), 2, content="fifo"),
    Case("ley-random-o-fifo", ("ley-lines", "random", "--seed", "2", "-o", "{f}"), 2, content="fifo"),
    Case("ptl-show-o-its-record", ("paint-the-line", "show", "{d}/game.svg", "-o", "{d}/game.svg"), 2, setup=("copy:game.ptl:game.svg",)),
    Case("ptl-show-o-in-proc", ("paint-the-line", "show", "{d}/game.ptl", "-o", "/proc/pos.pdf"), 2),
    Case("ptl-show-o-socket", ("paint-the-line", "show", "{d}/game.ptl", "-o", "{f}"), 2, content="socket", name="pos.svg"),
    Case("ptl-random-o-folder", ("paint-the-line", "random", "--seed", "2", "-o", "{d}"), 2),
    Case("ptl-random-o-under-a-file", ("paint-the-line", "random", "--seed", "2", "-o", "{d}/starter.deck/g.ptl"), 2),
    Case("ptl-random-o-fifo", ("paint-the-line", "random", "--seed", "2", "-o", "{f}"), 2, content="fifo"),
    Case("ptl-score-record-named-board", ("paint-the-line", "score", "{d}/game.ptl.board"), 1, setup=("copy:game.ptl:game.ptl.board",)),
    Case("ley-show-o-socket", ("ley-lines", "show", "{d}/game.leylines", "-o", "{f}"), 2, content="socket", name="pos.svg"),
    Case("out-is-a-fifo", ("build", "piecepack", "--tiles", "2-5", "--out", "{f}"), 2, content="fifo"),
    Case("deck-validate-missing-second-file", ("deck", "validate", "{d}/starter.deck", "{d}/nope.deck"), 2),
    Case("solitaire-score-both-bad", ("solitaire", "score", "{d}/nope.tiles", "/dev/zero"), 2),
]


def all_cases() -> list[Case]:
    return _kind_cases() + _content_cases() + _deck_specials() + _rules_cases() + _option_cases() + OUTPUTS
