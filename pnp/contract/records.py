"""Game records, declared once: a game's `RecordFormat` says how its record files are told apart,
read and replayed, and what its commands say; `record_commands` makes its command group from it:
`check` (when the format has one), `score`, `show` and `random`, each keeping pnp.contract.app's contract.

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
from pnp.contract.gamespec import Game
from pnp.core.diagnostics import Diagnostic, Parsed, PnpError, plural, shown
from pnp.core.printing import Print
from pnp.core.textfile import decode, read_bytes
from pnp.output.files import check_file

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
    check: Check[GameT] | None = None
    score: Score[GameT, PositionT]
    show: Show[GameT]
    random: Random

    def is_record(self, path: Path, data: bytes) -> bool:
        """Whether a file is a record or a board: by its suffix, any case, else by its text (`Board.is_record`)."""
        if self.board is None:
            return True
        suffix = path.suffix.lower()
        if suffix in self.suffixes or suffix in self.board.suffixes:
            return suffix in self.suffixes
        text, problem = decode(data)
        return problem is None and text is not None and self.board.is_record(text)

    def read(self, path: Path, data: bytes | None = None, needs: str = "") -> RecordRead[RecordT, GameT]:
        """A record parsed and, if its syntax holds, replayed to its end; with `needs` (`scoring`,
        `drawing`), refused when the format finds it `incomplete` for that."""
        data = read_bytes(path) if data is None else data
        record = self.parse(data)
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


# --- the commands ------------------------------------------------------------------------------


def record_commands(game: Game) -> App:
    """The command group of a game with a record format (its spec's `records`), named by its spec's
    `record_group`: check (if the format has one), score, show and random, in that order. A result model
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
    _random(app, fmt.random)
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


def _command(app: App, name: str, help: str, example: str, result: type[Result], parameters: list[tuple[str, Any, Any]], run: Callable[..., Any]) -> None:
    """Register `run` as a command taking `parameters` (name, Typer annotation, default), in help's order."""
    kind = inspect.Parameter.KEYWORD_ONLY
    run.__signature__ = inspect.Signature([inspect.Parameter(n, kind, annotation=a, default=d) for n, a, d in parameters])  # type: ignore[attr-defined]  # read by Typer; typeshed gives a function no __signature__
    run.__doc__ = help
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
    _command(app, "check", check.help, example, check.result, [_file(_record_argument(fmt)), _json()], run)


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
    _command(app, "score", score.help, example, score.result, [_file(argument), _json()], run)


def _show(app: App, fmt: RecordFormat[Any, Any, Any], show: Show[Any], game_id: str) -> None:
    boards = fmt.board is not None and fmt.board.drawn
    argument = fmt.board.argument if boards else _record_argument(fmt)  # type: ignore[union-attr]  # `boards`: the format has a board
    name = argument.metavar.lower()

    def run(**given: Any) -> Report:
        path, as_json = given[name], given["as_json"]
        output = drawing_output(given["output"], path, game_id)  # standard input: `ley-lines-stdin.pdf`
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
    written = f"A .pdf or .svg file to write (default: {argument.metavar}'s name with .pdf, here)."
    parameters += [
        ("output", Annotated[Path | None, output_option(written)], None),
        ("paper", PaperOption, None),
        _json(),
    ]
    _command(app, "show", show.help, example, show.result, parameters, run)


def _random(app: App, random: Random) -> None:
    own = _own_options(random)

    def run(**given: Any) -> Report:
        as_json, output = given.pop("as_json"), given.pop("output")
        seed = fresh_seed(given.pop("seed"), as_json)
        text = random.make(seed=seed, **given)
        deliver(text, output, as_json)
        echoed = {name: json_name(value) if isinstance(value, Path) else value for name, value in given.items()}  # an input file, by name
        return Report(None, result=random.result.model_validate({"seed": seed, **echoed, "record": text, "output": json_name(output)}))

    parameters = [*((p.name, p.annotation, p.default) for p in own), ("seed", GameSeedOption, None), ("output", OutputOption, None), _json()]
    _command(app, "random", random.help, random.example, random.result, parameters, run)
