"""Game records, declared once: a game's `RecordFormat` says how its record files are told apart,
read and replayed, and what its commands say; `record_commands` makes its command group from it:
`check` (when the format has one), `score`, `show`, `replay` and `random`, each keeping pnp.contract.app's
contract.

A game lists its format once, in its `cli` module (`FORMAT`), as python-chess lists a variant as
one class, and its spec (pnp.contract.gamespec) names it; its command group is `record_commands(GAME)`,
named by the spec's group and id. This module knows no game.

How the commands read a file:

- A record is parsed (`parse`: bytes to a `Parsed` record) and, if its syntax holds, replayed
  (`replay`: to turn N, or to its end) into a game that carries its own findings and its number
  of turns (`diagnostics`, `turns`). `show --turn N` draws the position after turn N; a turn
  past the last is a usage error. A format without `replay` (Power Lines: its parse checks every
  placement and gives the final grid) has its parse as its game, and no `--turn`.
- A format may also read a `Board`: a finished position in a file of its own, with no history,
  which `score` (and, if `drawn`, `show`) take as well as a record. A file is a record when its
  suffix (any case) is the record's, a board when it is the board's; any other name (standard
  input too) is told by its text (`Board.is_record`), and bytes that are no text are a board's.
- `replay` draws every position of a record as `show` draws it (turn 0, 1, ... to its last; a
  format without `replay`: its one game) into one HTML page (pnp.draw.replay), each with what
  the format's `Watch` tells of it: the move in words, the score so far, and what else a player sees.
- A format may also write and read its records in another notation (`Notation`: PPN, the
  piecepack's): `show -o GAME.ppn` writes the game (after `--turn N`) in it, as the suffix of
  `-o` picks PDF or SVG; `score`, `show` and `replay` read a file with its suffix (any case) with
  its parser, into the same record as the format's own.
- A record that is read whole may still be refused by `score` and `show` (`incomplete`: Paint
  the Line's needs its four colours chosen).

An input refused is reported with its findings at FILE:LINE:COL (exit 1), then its verdict:
`FILE: invalid record, not scored (N errors)`: what the file is called when refused (the format's
`invalid`, a board's own), and what was not done with it (`not scored`, `nothing drawn`; `check`
says the first alone). A valid record's `check` verdict is `FILE: valid record: ` and what its
format tells of it. pnp.contract.app says them all (`say`), after the findings, on standard error.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar

import typer

from pnp.contract import options
from pnp.contract.app import (
    App,
    GameSeedOption,
    JsonOption,
    Number,
    OutputOption,
    PaperOption,
    Report,
    Result,
    deliver,
    drawing_output,
    fresh_seed,
    json_name,
    output_option,
    paper_size,
    refused,
    write_drawing,
)
from pnp.contract.context import Context
from pnp.contract.gamespec import Game
from pnp.core.diagnostics import Diagnostic, Parsed, PnpError, plural, shown
from pnp.core.printing import Print
from pnp.core.textfile import STDIN, decode, read_bytes
from pnp.output.files import check_file, write_file

if TYPE_CHECKING:
    from pnp.draw.shapes import Drawing

RecordT = TypeVar("RecordT")  # a record file, parsed
GameT = TypeVar("GameT")  # a record replayed, with its findings and turns (`diagnostics`, `turns`); without a replay, as parsed
PositionT = TypeVar("PositionT")  # what `score` scores: a board file's, or the one a game reaches (`position`)


@dataclass(frozen=True)
class Outcome:
    """What a command says of a valid input: its text (printed without --json) and its JSON result,
    an instance of the command's model (`Check.result`, `Score.result`)."""

    text: str
    result: Result


class Drawn(Result):
    """`show`'s result where the format replays: the turn drawn, and the file written."""

    turn: int
    output: str


class DrawnScaled(Result):
    """`show`'s result where the format draws a finished game only, scaled to fit the paper: the
    file written, and how large its tiles are drawn (1: true size)."""

    output: str
    scale: Number


class DrawnTurnScaled(Result):
    """`show`'s result where the format replays and scales its tiles to fit the paper: the turn
    drawn, the file written, and how large its tiles are drawn (1: true size; null: written in
    another notation, such as PPN, not drawn)."""

    turn: int
    output: str
    scale: Number | None


class MadeRecord(Result):
    """`random`'s result for a generator that takes only a seed: the seed, the record made, and
    where it was written (null: printed)."""

    seed: int
    record: str
    output: str | None


# What `show` can say of a drawing, in this order; its model says which (`turn` where the format replays).
SHOWN = ("turn", "output", "scale")


@dataclass(frozen=True)
class Argument:
    """The file a command reads, as its help names and describes it."""

    metavar: str
    help: str
    file_only: bool = True  # help shows `<file>` (Typer's dir_okay=False); else `<path>`


@dataclass(frozen=True, kw_only=True)
class Board(Generic[PositionT]):
    """A finished position in a file of its own (Power Lines' `.grid`, Paint the Line's `.board`)."""

    suffixes: tuple[str, ...]
    parse: Callable[[bytes], Parsed[PositionT]]
    is_record: Callable[[str], bool]  # for a name with neither suffix: is this text a record (else a board)?
    argument: Argument  # the file of a command that takes a record or a board
    drawn: bool = False  # `show` draws one too, as it draws a game (the format's game and position are one type)
    invalid: str = "invalid board"  # what a verdict calls one refused: `FILE: invalid board, not scored (1 error)`


@dataclass(frozen=True, kw_only=True)
class Check(Generic[GameT]):
    """`check`: every rule of a record, and what a valid one holds."""

    help: str
    result: type[Result]  # the model of its JSON result
    told: Callable[[GameT], Outcome]  # its text follows `FILE: valid record: `


@dataclass(frozen=True, kw_only=True)
class Score(Generic[GameT, PositionT]):
    """`score`: what a position scores; for a record, the position its game reaches."""

    help: str
    result: type[Result]  # the model of its JSON result
    told: Callable[[PositionT, GameT | None], Outcome]  # the game is None for a board


@dataclass(frozen=True, kw_only=True)
class Show(Generic[GameT]):
    """`show`: one page of a game's position (after `--turn N`, when the format replays)."""

    help: str
    # (game, the file's name as shown, the print context) -> its page, and the scale of its tiles where it says one
    draw: Callable[[GameT, str, Print], tuple[Drawing, float | None]]
    turn_zero: str = ""  # what `--turn 0` draws: `after the set-up`
    # The model of its JSON result: of SHOWN, `turn` where the format replays, then `output`, then
    # `scale` where its tiles are scaled to fit the paper (the drawing says how much).
    result: type[Result] = Drawn


@dataclass(frozen=True, kw_only=True)
class Notation(Generic[RecordT, GameT]):
    """Another notation for a format's records (PPN): its suffix, its writer (a game and its title
    to text; a usage error where the game cannot be written in it) and its parser (bytes to the
    format's record, with every finding at its line and column)."""

    suffix: str
    write: Callable[[GameT, str], str]
    parse: Callable[[bytes], Parsed[RecordT]]


@dataclass(frozen=True)
class Moment:
    """A position as `replay` tells it beside its drawing: the move that led to it, in words (at
    turn 0, what the position is), the score so far, and what else a player sees there, a line each."""

    move: str
    score: str
    more: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Watch(Generic[RecordT, GameT]):
    """`replay`: what a position says beside its drawing; `told(record, game)` is given the whole
    record and its game after the turn shown (`game.turns`), so the move can be read off either."""

    told: Callable[[RecordT, GameT], Moment]


class Replayed(Result):
    """`replay`'s result: the turns of the game (positions: one more), and the page written."""

    turns: int
    output: str


@dataclass(frozen=True, kw_only=True)
class Random:
    """`random`: a whole random game as a record file. `make(seed=…, **options)` writes it (and
    imports the game's generator only then); its parameters besides `seed`, annotated for Typer,
    are the command's own options, listed before --seed and echoed in its JSON (`--players`): its
    model has `seed`, those options, `record` and `output`, in that order."""

    help: str
    example: str
    make: Callable[..., str]
    result: type[Result] = MadeRecord


def _identity(game: Any) -> Any:
    return game


@dataclass(frozen=True)
class RecordRead(Generic[RecordT, GameT]):
    """A record as a command read it: its bytes, its parse, its game (None when its syntax is
    broken) and every finding: the parse's, the replay's, or why the command refuses it."""

    data: bytes
    record: Parsed[RecordT]
    game: GameT | None
    found: tuple[Diagnostic, ...] = ()

    @property
    def valid(self) -> bool:
        return self.game is not None and not self.found


@dataclass(frozen=True, kw_only=True)
class RecordFormat(Generic[RecordT, GameT, PositionT]):
    """A game's record files and the commands that read and make them, declared once."""

    help: str  # the group's
    example: str  # the group's
    suffixes: tuple[str, ...]  # a record file's; the first is the one help names
    sample: str  # a record pnp's repository holds (decks/...), which help's examples read: each runs as typed in a fresh clone
    invalid: str = "invalid record"  # what a verdict calls a record refused: `FILE: invalid record, not scored (1 error)`
    parse: Callable[[bytes], Parsed[RecordT]]
    replay: Callable[[RecordT, int | None], GameT] | None = None  # to turn N (None: all)
    position: Callable[[GameT], PositionT] = _identity  # what `score` scores of a game
    incomplete: Callable[[RecordT, GameT, str], Diagnostic | None] | None = None  # why a valid record cannot be `scoring` or `drawing`
    board: Board[PositionT] | None = None
    notations: tuple[Notation[RecordT, GameT], ...] = ()
    check: Check[GameT] | None = None
    score: Score[GameT, PositionT]
    show: Show[GameT]
    watch: Watch[RecordT, GameT]
    random: Random
    contexts: tuple[Context, ...] = ()  # options every command of the group takes (the card game's --cards), in force while it runs

    def is_record(self, path: Path, data: bytes) -> bool:
        """Whether a file is a record or a board: by its suffix, any case, else by its text (`Board.is_record`)."""
        suffix = path.suffix.lower()
        if self.board is None or self.notation(suffix) is not None:
            return True
        if suffix in self.suffixes or suffix in self.board.suffixes:
            return suffix in self.suffixes
        text, problem = decode(data)
        return problem is None and text is not None and self.board.is_record(text)

    def notation(self, suffix: str) -> Notation[RecordT, GameT] | None:
        """The notation a file or an output with this suffix (any case) is written in, if another than the format's own."""
        return next((n for n in self.notations if n.suffix == suffix.lower()), None)

    def read(self, path: Path, data: bytes | None = None, needs: str = "") -> RecordRead[RecordT, GameT]:
        """A record parsed (by its notation's parser, where its suffix names one) and, if its syntax
        holds, replayed to its end; with `needs` (`scoring`, `drawing`), refused when the format
        finds it `incomplete` for that."""
        data = read_bytes(path) if data is None else data
        notation = self.notation(path.suffix)
        record = (self.parse if notation is None else notation.parse)(data)
        value = record.value
        if value is None or not record.valid:  # a valid parse has its value
            return RecordRead(data, record, None, tuple(record.diagnostics))
        game: Any  # a GameT: replayed (it has its `diagnostics`), or without a replay the record itself
        if self.replay is None:
            game, found = value, tuple(record.diagnostics)
        else:
            game = self.replay(value, None)
            found = tuple(record.diagnostics) + tuple(game.diagnostics)
        if needs and not found and self.incomplete is not None:
            stop = self.incomplete(value, game, needs)
            found = (stop,) if stop is not None else ()
        return RecordRead(data, record, game, found)

    def at_turn(self, read: RecordRead[RecordT, GameT], path: Path, turn: int | None) -> GameT:
        """A valid record's game after `turn` (None: all of it); a turn past its last is a usage error."""
        game: Any = read.game
        if turn is None or self.replay is None:
            return game
        if turn > game.turns:
            raise PnpError(f"--turn {turn}: {shown(path)} has only {plural(game.turns, 'turn')}", exit_code=2)
        return self.replay(read.record.value, turn)  # type: ignore[arg-type]  # a valid read's record has its value

    def positions(self, read: RecordRead[RecordT, GameT]) -> list[GameT]:
        """A valid record's game after each turn, from 0 (before the first) to its last; without a
        `replay`, its one game."""
        if self.replay is None:
            return [read.game]  # type: ignore[list-item]  # a valid read has its game
        record: Any = read.record.value
        return [self.replay(record, turn) for turn in range(read.game.turns + 1)]  # type: ignore[union-attr]  # as above


# --- the commands ------------------------------------------------------------------------------


def record_commands(game: Game) -> App:
    """The command group of a game with a record format (its spec's `records`), named by its spec's
    `record_group`: check (if the format has one), score, show, replay and random, in that order. A result model
    that does not fit what its command says (`Show.result`, `Random.result`) is refused."""
    group = game.record_group
    if group is None or game.records is None:
        raise ValueError(f"{game.id} has no record format")
    fmt: RecordFormat[Any, Any, Any] = game.records.load()
    _fits(fmt, group)
    app = App(group, help=fmt.help, example=fmt.example)
    if fmt.check is not None:
        _check(app, fmt, fmt.check)
    _score(app, fmt, fmt.score)
    _show(app, fmt, fmt.show, game.id)
    _replay(app, fmt, game.id)
    _random(app, fmt)
    return app


def _own_options(random: Random) -> list[inspect.Parameter]:
    return [p for p in inspect.signature(random.make, eval_str=True).parameters.values() if p.name != "seed"]


def _fits(fmt: RecordFormat[Any, Any, Any], group: str) -> None:
    """Refuse a format whose `show` or `random` model names other fields than its command fills."""
    shown = tuple(fmt.show.result.model_fields)
    wanted = ("turn",) * (fmt.replay is not None) + ("output",)
    if shown[: len(wanted)] != wanted or not set(shown[len(wanted) :]) <= {"scale"}:
        raise TypeError(f"{group} show: its result {fmt.show.result.__name__} has {', '.join(shown)}; it needs {', '.join(wanted)}, then scale or nothing")
    made = tuple(fmt.random.result.model_fields)
    wanted = ("seed", *(p.name for p in _own_options(fmt.random)), "record", "output")
    if made != wanted:
        raise TypeError(f"{group} random: its result {fmt.random.result.__name__} has {', '.join(made)}; it needs {', '.join(wanted)}")


def _command(
    app: App,
    fmt: RecordFormat[Any, Any, Any],
    name: str,
    help: str,
    example: str,
    result: type[Result],
    parameters: list[tuple[str, Any, Any]],
    run: Callable[..., Any],
) -> None:
    """Register `run` as a command taking `parameters` (name, Typer annotation, default), in help's
    order, and the format's contexts."""
    kind = inspect.Parameter.KEYWORD_ONLY
    run.__signature__ = inspect.Signature([inspect.Parameter(n, kind, annotation=a, default=d) for n, a, d in parameters])  # type: ignore[attr-defined]  # read by Typer; typeshed gives a function no __signature__
    run.__doc__ = help
    for context in fmt.contexts:
        run = context.around(run)
    app.command(name, example=example, result=result)(run)


def _file(argument: Argument) -> Any:
    typed = typer.Argument(help=argument.help, dir_okay=not argument.file_only, metavar=argument.metavar, parser=options.input_path)
    return (argument.metavar.lower(), Annotated[Path, typed], inspect.Parameter.empty)


def _record_argument(fmt: RecordFormat[Any, Any, Any]) -> Argument:
    return Argument("RECORD", f"A {fmt.suffixes[0]} game record; - reads standard input.")


def _json() -> tuple[str, Any, Any]:
    return ("as_json", JsonOption, False)


def _check(app: App, fmt: RecordFormat[Any, Any, Any], check: Check[Any]) -> None:
    def run(**given: Any) -> Report:
        path = given["record"]
        read = fmt.read(path)
        if not read.valid:
            return refused(path, read.found, read.data, fmt.invalid)
        told = check.told(read.game)
        return Report(path, [], told.result, read.data, f"{shown(path)}: valid record: {told.text}")

    example = f"pnp {app.group_name} check {fmt.sample}"
    _command(app, fmt, "check", check.help, example, check.result, [_file(_record_argument(fmt)), _json()], run)


def _score(app: App, fmt: RecordFormat[Any, Any, Any], score: Score[Any, Any]) -> None:
    argument = fmt.board.argument if fmt.board is not None else _record_argument(fmt)
    name = argument.metavar.lower()

    def run(**given: Any) -> Report:
        path, as_json = given[name], given["as_json"]
        data = read_bytes(path)
        game = None
        if fmt.is_record(path, data):
            read = fmt.read(path, data, needs="scoring")
            if not read.valid:
                return refused(path, read.found, data, f"{fmt.invalid}, not scored")
            game = read.game
            position = fmt.position(game)
        else:
            parsed = fmt.board.parse(data)  # type: ignore[union-attr]  # a file is not a record only where the format has a board (is_record)
            if parsed.value is None:
                return refused(path, parsed.diagnostics, data, f"{fmt.board.invalid}, not scored")  # type: ignore[union-attr]  # as above: the format has a board
            position = parsed.value
        told = score.told(position, game)
        if not as_json:
            typer.echo(told.text)
        return Report(path, [], told.result, data)

    example = f"pnp {app.group_name} score {fmt.sample} --json"
    _command(app, fmt, "score", score.help, example, score.result, [_file(argument), _json()], run)


def _show(app: App, fmt: RecordFormat[Any, Any, Any], show: Show[Any], game_id: str) -> None:
    boards = fmt.board is not None and fmt.board.drawn
    argument = fmt.board.argument if boards else _record_argument(fmt)  # type: ignore[union-attr]  # `boards`: the format has a board
    name = argument.metavar.lower()

    def run(**given: Any) -> Report:
        path, as_json = given[name], given["as_json"]
        notation = fmt.notation(given["output"].suffix) if given["output"] is not None else None
        output = given["output"] if notation is not None else drawing_output(given["output"], path, game_id)  # standard input: `ley-lines-stdin.pdf`
        printing = Print(paper_size(given["paper"]))
        data = read_bytes(path)
        check_file(output)  # never the input itself, nor a folder or a place pnp cannot write
        if boards and not fmt.is_record(path, data):
            parsed = fmt.board.parse(data)  # type: ignore[union-attr]  # a file is not a record only where the format has a board (is_record)
            if parsed.value is None:
                return refused(path, parsed.diagnostics, data, f"{fmt.board.invalid}, nothing drawn")  # type: ignore[union-attr]  # as above: the format has a board
            game = parsed.value
        else:
            read = fmt.read(path, data, needs="drawing")
            if not read.valid:
                return refused(path, read.found, data, f"{fmt.invalid}, nothing drawn")
            game = fmt.at_turn(read, path, given.get("turn"))
        if notation is not None:
            deliver(notation.write(game, shown(path.name)), output, as_json)
            scale = None
        else:
            page, scale = show.draw(game, shown(path.name), printing)
            write_drawing(output, page, as_json, scale)
        said = {"turn": game.turns if fmt.replay is not None else None, "output": json_name(output), "scale": scale}
        return Report(path, [], show.result(**{name: said[name] for name in show.result.model_fields}), data)

    parameters = [_file(argument)]
    example = f"pnp {app.group_name} show {fmt.sample}"
    if fmt.replay is not None:
        help = f"Draw the position after this turn (0: {show.turn_zero}); the last by default."
        parameters.append(("turn", Annotated[int | None, typer.Option("--turn", parser=options.integer(0, 10_000), help=help)], None))
        example += " --turn 2 -o turn2.pdf"
    else:
        example += " -o game.pdf"
    *kinds, last = (".pdf", ".svg", *(n.suffix for n in fmt.notations))
    written = f"A {', '.join(kinds)} or {last} file to write (default: {argument.metavar}'s name with .pdf, here)."
    parameters += [
        ("output", Annotated[Path | None, output_option(written)], None),
        ("paper", PaperOption, None),
        _json(),
    ]
    _command(app, fmt, "show", show.help, example, show.result, parameters, run)


def _replay(app: App, fmt: RecordFormat[Any, Any, Any], game_id: str) -> None:
    argument = _record_argument(fmt)

    def run(**given: Any) -> Report:
        from pnp.draw.replay import Frame, replay_page  # svgwrite loads only to draw
        from pnp.draw.svg import render_svg

        path, as_json = given["record"], given["as_json"]
        output = given["output"] or Path(f"{game_id}-stdin.html" if path is STDIN else path.with_suffix(".html").name)
        if output.suffix.lower() not in (".html", ".htm"):
            raise PnpError(f"-o {shown(output)}: write an .html file", exit_code=2)
        printing = Print(paper_size(given["paper"]))
        data = read_bytes(path)
        check_file(output)  # never the input itself, nor a folder or a place pnp cannot write
        read = fmt.read(path, data, needs="drawing")
        if not read.valid:
            return refused(path, read.found, data, f"{fmt.invalid}, nothing drawn")
        name, frames = shown(path.name), []
        for game in fmt.positions(read):
            page, _ = fmt.show.draw(game, name, printing)
            told = fmt.watch.told(read.record.value, game)
            frames.append(Frame(render_svg(page), told.move, told.score, told.more))
        page_text = replay_page(f"{name}: a replay", frames)
        write_file(output, page_text)
        turns = len(frames) - 1
        if not as_json:
            typer.echo(f"wrote {shown(output)} ({plural(turns + 1, 'position')}, {len(page_text.encode()) / 1e6:.2f} MB)", err=True)
        return Report(path, [], Replayed(turns=turns, output=json_name(output)), data)

    help = "Write the whole game as one web page that needs nothing else: every position as show draws it, the move and the score; buttons, arrow keys and a slider to step through it."
    written = f"The .html file to write (default: {argument.metavar}'s name with .html, here)."
    parameters = [_file(argument), ("output", Annotated[Path | None, output_option(written)], None), ("paper", PaperOption, None), _json()]
    example = f"pnp {app.group_name} replay {fmt.sample} -o game.html"
    _command(app, fmt, "replay", help, example, Replayed, parameters, run)


def _random(app: App, fmt: RecordFormat[Any, Any, Any]) -> None:
    random = fmt.random
    own = _own_options(random)

    def run(**given: Any) -> Report:
        as_json, output = given.pop("as_json"), given.pop("output")
        seed = fresh_seed(given.pop("seed"), as_json)
        text = random.make(seed=seed, **given)
        deliver(text, output, as_json)
        echoed = {name: json_name(value) if isinstance(value, Path) else value for name, value in given.items()}  # an input file, by name
        return Report(None, result=random.result.model_validate({"seed": seed, **echoed, "record": text, "output": json_name(output)}))

    parameters = [*((p.name, p.annotation, p.default) for p in own), ("seed", GameSeedOption, None), ("output", OutputOption, None), _json()]
    _command(app, fmt, "random", random.help, random.example, random.result, parameters, run)
