"""The test game's records: one move a line, `X b2` or `O a1` (column a-c, row 1-3), X first."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pnp.contract.app import Result
from pnp.contract.records import Check, Moment, Outcome, Random, RecordFormat, Score, Show, Watch
from pnp.core.diagnostics import Diagnostic, Parsed, error
from pnp.core.printing import Print
from pnp.core.textfile import decode, tokens_by_line
from pnp.draw.shapes import Drawing, Text

Move = tuple[int, int, str, str]  # line, column, player, square
SQUARES = [f"{c}{r}" for r in "123" for c in "abc"]
LINES = [SQUARES[i : i + 3] for i in (0, 3, 6)] + [SQUARES[i::3] for i in range(3)] + [["a1", "b2", "c3"], ["c1", "b2", "a3"]]


@dataclass
class Game:
    board: dict[str, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    turns: int = 0

    def winner(self) -> str | None:
        return next((self.board[a] for a, b, c in LINES if a in self.board and self.board[a] == self.board.get(b) == self.board.get(c)), None)


class Moves(Result):
    turns: int


class Winner(Result):
    winner: str | None


def parse(data: bytes) -> Parsed[list[Move]]:
    text, problem = decode(data)
    if problem is not None:
        return Parsed(None, [problem])
    moves, found = [], []
    for line, words in tokens_by_line(text):
        (column, player), *rest = words
        if player not in ("X", "O") or len(rest) != 1 or rest[0][1] not in SQUARES:
            found.append(error("not-a-move", "a move is X or O and a square, like `X b2`", line, column))
        else:
            moves.append((line, column, player, rest[0][1]))
    return Parsed(None if found else moves, found)


def replay(moves: list[Move], until: int | None = None) -> Game:
    game = Game()
    for line, column, player, square in moves[:until]:
        if player != "XO"[game.turns % 2] or square in game.board or game.winner():
            game.diagnostics.append(error("illegal", f"{player} cannot play {square} on turn {game.turns + 1}", line, column))
            break
        game.board[square], game.turns = player, game.turns + 1
    return game


def make(seed: int) -> str:
    rng, game = random.Random(seed), Game()
    while not game.winner() and len(game.board) < 9:
        square = rng.choice([s for s in SQUARES if s not in game.board])
        game.board[square], game.turns = "XO"[game.turns % 2], game.turns + 1
    return "".join(f"{player} {square}\n" for square, player in game.board.items())


def draw(game: Game, name: str, printing: Print) -> tuple[Drawing, float | None]:
    page = Drawing(210, 297, title=name)
    page.add(*(Text(80 + 20 * "abc".index(s[0]), 80 + 20 * int(s[1]), p, 14) for s, p in game.board.items()))
    return page, None


FORMAT = RecordFormat(
    help="Three in a Line: check, score, draw and make games.",
    example="pnp three-in-a-line random --seed 1",
    suffixes=(".tial",),
    sample="game.tial",
    parse=parse,
    replay=replay,
    check=Check(help="Check every move.", result=Moves, told=lambda g: Outcome(f"{g.turns} moves", Moves(turns=g.turns))),
    score=Score(help="Who made a line.", result=Winner, told=lambda g, _: Outcome(f"winner: {g.winner() or 'nobody'}", Winner(winner=g.winner()))),
    show=Show(help="Draw the board.", draw=draw),
    watch=Watch(
        told=lambda moves, g: Moment(
            f"{moves[g.turns - 1][2]} {moves[g.turns - 1][3]}" if g.turns else "the empty board", f"winner: {g.winner() or 'nobody yet'}"
        )
    ),
    random=Random(help="A random game.", example="pnp three-in-a-line random --seed 1", make=make),
)
