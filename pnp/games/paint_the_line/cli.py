"""`pnp paint-the-line`: check, score, draw and generate games of Paint the Line (`.ptl` records),
and score the scoring board of a finished game (`.board`); the commands: pnp.contract.records."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pnp.contract.app import Result
from pnp.contract.records import Argument, Board, Check, Moment, Outcome, Random, RecordFormat, Score, Show, Watch
from pnp.core.diagnostics import Diagnostic, error, plural
from pnp.core.printing import Print
from pnp.core.textfile import tokens_by_line

from . import GAME
from .engine import Board as ScoringBoard
from .engine import ColourScore, Group, score, space_name
from .engine import Result as BoardScore  # the engine's score of a board (`Result` is the JSON's model)
from .files import Record, load_board, load_record
from .game import PICKS, Game, pyramid_name, replay


class PlayerColours(Result):
    """A player and the colours chosen so far (two once the picks are over)."""

    player: Literal[1, 2]
    colours: Annotated[list[str], Field(max_length=2)]


class Checked(Result):
    """`pnp paint-the-line check`: each player's colours, the turns and whether the game is over."""

    players: list[PlayerColours]
    turns: int
    finished: bool


class PlayerScore(Result):
    """A player's colours, score, and largest group (the tie-break)."""

    player: int
    colours: list[str]
    score: int
    largest_group: int


class PyramidGroup(Result):
    """A group of one colour on the scoring board: its cells (row, column), its pips, its pyramids and its points."""

    cells: list[Annotated[list[int], Field(min_length=2, max_length=2)]]
    pips: int
    size: int
    points: int


class ColourPoints(Result):
    """A colour's points, and the groups that make them."""

    score: int
    groups: list[PyramidGroup]


class Scored(Result):
    """`pnp paint-the-line score`: each player's score, each colour's groups, the winner (null:
    a draw, or a game not over), whether the game is over, and its turns (null: a .board file)."""

    players: list[PlayerScore]
    colours: dict[str, ColourPoints]
    winner: Literal[1, 2] | None
    finished: bool
    turns: int | None


def _status(game: Game) -> str:
    if game.finished:
        return f"finished: {game.finished}"
    if len(game.picks) < PICKS:
        return f"unfinished: {plural(len(game.picks), 'colour')} of {PICKS} chosen, player {game.to_pick()} to pick"
    return f"unfinished: player {game.to_move()} to move"


def _check(g: Game) -> Outcome:
    players = [PlayerColours(player=n, colours=list(g.colours(n))) for n in (1, 2)]
    result = Checked(players=players, turns=g.turns, finished=bool(g.finished))
    return Outcome(f"{plural(len(g.picks), 'pick')}, {plural(g.turns, 'turn')}, {_status(g)}", result)


# --- score ----------------------------------------------------------------------------------


def _group(group: Group) -> PyramidGroup:
    return PyramidGroup(cells=[list(cell) for cell in group.cells], pips=sum(group.pips), size=group.size, points=group.points)


# The engine's winner (a player's number, None for a draw) as the JSON's model types it.
_WINNERS: dict[int | None, Literal[1, 2] | None] = {1: 1, 2: 2, None: None}


def _scored(result: BoardScore, finished: bool, turns: int | None) -> Scored:
    """The score of a board (or of the board a game reaches), as `score --json` says it."""
    return Scored(
        players=[PlayerScore(player=p.player, colours=list(p.colours), score=p.score, largest_group=p.largest_group) for p in result.players],
        colours={c.colour: ColourPoints(score=c.points, groups=[_group(g) for g in c.groups]) for c in result.colours},
        winner=_WINNERS[result.winner] if finished else None,
        finished=finished,
        turns=turns,
    )


def _colour_line(colour: ColourScore) -> str:
    """`red: 11 = (1+3)x2 + 3x1`: each group's pips times its pyramids."""
    if not colour.groups:
        return f"{colour.colour}: 0, no pyramid on top"
    terms = [f"({'+'.join(map(str, g.pips))})x{g.size}" if g.size > 1 else f"{g.pips[0]}x1" for g in colour.groups]
    return f"{colour.colour}: {colour.points} = {' + '.join(terms)}"


def _verdict(result: BoardScore) -> str:
    one, two = result.players
    if one.score != two.score:
        win, lose = (one, two) if result.winner == 1 else (two, one)
        return f"player {win.player} wins, {win.score} to {lose.score}"
    if result.winner is None:
        return f"a draw: {one.score} each, and both largest groups have {_pyramids(one.largest_group)}"
    win, lose = (one, two) if result.winner == 1 else (two, one)
    return f"tied at {one.score}; player {win.player} wins with the larger group, {_pyramids(win.largest_group)} to {lose.largest_group}"


def _so_far(result: BoardScore, turns: int) -> str:
    one, two = result.players
    lead = "level" if one.score == two.score else f"player {1 if one.score > two.score else 2} leads"
    return f"unfinished after {plural(turns, 'turn')}: {lead}, {one.score} to {two.score} so far"


def _pyramids(n: int) -> str:
    return f"{n} pyramid{'s' * (n != 1)}"


def _score(board: ScoringBoard, g: Game | None) -> Outcome:
    """A scoring board's score; `g`, the game that reached it (None: a .board file, a finished game)."""
    result = score(board)
    finished = g is None or bool(g.finished)
    lines = [_colour_line(colour) for colour in result.colours]
    lines += [f"player {p.player} ({p.colours[0]} and {p.colours[1]}): {p.score}, largest group {p.largest_group}" for p in result.players]
    lines.append(_verdict(result) if g is None or g.finished else _so_far(result, g.turns))
    return Outcome("\n".join(lines), _scored(result, finished, g.turns if g else None))


def _scoring_board(g: Game) -> ScoringBoard:
    """The board `score` scores of a game: there is one, as `_colours_chosen` (its `incomplete`) refuses a game before every colour is chosen."""
    board = g.board()
    assert board is not None, "a game is scored only once every colour is chosen"
    return board


def _starts_a_record(text: str) -> bool:
    """A file named neither .ptl nor .board is a record when its first line that holds something starts with `pick`, 1 or 2."""
    lines = tokens_by_line(text)
    return bool(lines) and lines[0][1][0][1].lower() in ("pick", "1", "2")


def _colours_chosen(record: Record, g: Game, needs: str) -> Diagnostic | None:
    """Why a record whose picks stop before every colour is chosen cannot be scored or drawn (`needs`: what for)."""
    if len(g.picks) == PICKS:
        return None
    items = record.items
    line, column = (items[-1].line, items[-1].column) if items else (1, 1)  # only comments: the top of the file
    stops = f"after {plural(len(g.picks), 'colour pick')}" if g.picks else "before its first colour pick"
    return error("no-colours", f"the record stops {stops}: {needs} needs all {PICKS} colours chosen", line, column)


# --- show -----------------------------------------------------------------------------------


def move_line(g: Game) -> str:
    """The last turn in words, or what the position is when there is none."""
    m = g.last
    if m is None:
        return "after the colour picks, before the first turn"
    route = " ".join(space_name(c) for c in m.route)
    return (
        f"turn {g.turns}: player {m.player} moved the {pyramid_name(m.mover)} {route}, capturing the {pyramid_name(m.captured)}, "
        f"placed on {space_name(m.place)}"
    )


def _draw(g: Game, shown_name: str, printing: Print) -> tuple:
    from .draw import position_page  # the drawing loads only to draw

    return position_page(g, f"{shown_name} after turn {g.turns}", move_line(g), printing), None


def _moment(_: Record, g: Game) -> Moment:
    """A position for `replay`: its move, and the score of the scoring board as it stands."""
    result = score(_scoring_board(g))
    return Moment(move_line(g), _verdict(result) if g.finished else _so_far(result, g.turns))


def _random(seed: int) -> str:
    from .generate import random_record  # the move generator loads only here

    return random_record(seed)


FORMAT: RecordFormat[Record, Game, ScoringBoard] = RecordFormat(
    help=f"{GAME.made_by}, a two-player Looney Pyramids game: check, score and draw .ptl game records, make a random game, or score a finished 3x6 scoring board.",
    example="pnp paint-the-line random --seed 3 -o game.ptl",
    suffixes=(".ptl",),
    sample="decks/paint-the-line/example.ptl",
    parse=load_record,
    replay=replay,
    position=_scoring_board,
    incomplete=_colours_chosen,
    board=Board(
        suffixes=(".board",),
        parse=load_board,
        is_record=_starts_a_record,
        argument=Argument("GAME", "A .ptl game record, or a .board file: a finished scoring board (- reads standard input).", file_only=False),
    ),
    check=Check(
        help="Check every rule: the colour picks, each move's route and capture, each placement, the end of the game.",
        result=Checked,
        told=_check,
    ),
    score=Score(
        help="Score a game: each group of one colour on the scoring board is worth its pips times its pyramids.",
        result=Scored,
        told=_score,
    ),
    show=Show(
        help="Draw both boards at true size on one sheet: every stack, the last move as an arrow along its route, where its capture went.",
        turn_zero="after the colour picks",
        draw=_draw,
    ),
    watch=Watch(told=_moment),
    random=Random(
        help="A whole random legal game as a .ptl record: colour picks and every turn drawn among the legal ones.",
        example="pnp paint-the-line random --seed 3 -o game.ptl",
        make=_random,
    ),
)
