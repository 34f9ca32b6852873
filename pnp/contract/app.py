"""The contract every pnp command keeps, declared once: how it reports, exits and prints JSON.

A command returns a `Report` (one input) or a list of them (several inputs); `friendly` does the
rest. With `--json` it prints one envelope per input on standard output, on every path (an
invalid input, a missing file, a usage error inside the command):

    {"schema": "pnp/1", "command", "file", "valid", "diagnostics": [...], ...result}

where the result's fields are those of the command's `Result` model (`App.command(result=…)`),
in its order, all null when the input is invalid (pnp.commands.schema makes the JSON Schema of every
envelope from those models); a command that takes several inputs always prints an array.
Without `--json`, everything said about the inputs takes one path, `say`, on standard error:
for each input its findings through the one reporter (pnp.core.diagnostics.report_lines, with the
offending line and a caret on a terminal), then its verdict line (`Report.verdict`: what the
input is and what was or was not done with it: `game.ptl: invalid record, not scored (2 errors)`).
A refusal raised as `Rejected` (pnp.core.diagnostics) becomes such a report; another PnpError's
message is its verdict; the findings a command went on despite (pnp.core.session.warn) are said
first, through the same printer, with or without --json. No command prints a verdict or a
finding itself; standard output carries what a command makes (a record, a table, a layout).
The exit code is 0 when every input is valid, 1 when one is not, 2 when the command was used
wrongly.
"""

from __future__ import annotations

import difflib
import functools
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar, overload

import typer
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema
from typer.core import TyperCommand, TyperGroup

from pnp.contract import options
from pnp.core.diagnostics import LONG_TOKEN, Diagnostic, PnpError, Rejected, capped, clean, has_errors, plural, report_lines, shown, wants_colour
from pnp.core.printing import Paper
from pnp.core.session import session
from pnp.core.textfile import STDIN, STDIN_ONCE
from pnp.output.files import write_file

if TYPE_CHECKING:
    from pnp.draw.shapes import Drawing

SCHEMA = "pnp/1"
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}

JsonOption = Annotated[bool, typer.Option("--json", help="Print the result as JSON on standard output (`pnp help json` describes each command's).")]


def output_option(help: str) -> Any:
    """-o/--output, a file a command writes (never a folder), as its `help` says."""
    return typer.Option("-o", "--output", help=help, dir_okay=False)


# A generator's file (a deal, a deck, a game record): printed, or written here (see `deliver`).
OutputOption = Annotated[Path | None, output_option("Write the file here instead of printing it.")]


# A random game's seed: left out, fresh_seed picks one and says which.
GameSeedOption = Annotated[int | None, typer.Option("--seed", parser=options.seed, help="Same seed, same game; one is chosen if left out.")]


PAPER_ENV = "PNP_PAPER"
_PAPERS = " or ".join(p.value for p in Paper)


def parse_paper(text: str) -> Paper:
    """A --paper value, any case; anything else is a usage error naming the papers pnp knows."""
    try:
        return Paper(str(text).lower())  # type: ignore[call-arg]  # an Enum called with a value looks its member up; mypy checks it against Paper.__new__
    except ValueError:
        raise typer.BadParameter(f"`{shown(text)}` is not a paper pnp knows; use {_PAPERS}") from None


def paper_size(typed: Paper | None) -> Paper:
    """The paper to print on: as typed, else $PNP_PAPER, else a4. The environment is read only
    here, when nothing was typed, so that a typed value always wins and a bad PNP_PAPER is an
    error (exit 2) only for a command that prints on paper without --paper."""
    if typed is not None:
        return typed
    env = os.environ.get(PAPER_ENV, "")
    if not env:
        return Paper.A4
    try:
        return parse_paper(env)
    except typer.BadParameter:
        raise PnpError(f"{PAPER_ENV}={shown(env)}: not a paper pnp knows; set it to {_PAPERS}, or give --paper", exit_code=2) from None


def paper_option(**more: Any) -> Any:
    """--paper, as every command that prints takes it; None when nothing is typed (see `paper_size`).

    No `envvar=`: click would read PNP_PAPER before the typed value, and refuse a bad one even
    when --paper is given."""
    help = f"Paper size: {_PAPERS}, any case (default: ${PAPER_ENV}, else {Paper.A4})."
    return typer.Option("--paper", parser=parse_paper, metavar=f"<{'|'.join(Paper)}>", show_default=False, help=help, **more)


PaperOption = Annotated[Paper | None, paper_option()]


class Result(BaseModel):
    """A command's JSON result: its fields, in the order its envelope prints them, each typed as
    precisely as JSON Schema can say (pnp.commands.schema makes the schema from these models).

    Strict and closed: a field missing, one too many or of another type (a float for an int, a
    tuple for a list, a Path for a string) is a bug, refused where the result is made. A command's
    model is declared beside it and named in `App.command(result=…)`."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, defer_build=True)


def number(minimum: float | None = None, maximum: float | None = None) -> Any:
    """A JSON number (between `minimum` and `maximum`, where given), kept as it is: a whole number
    stays one, as json.dumps writes it (pydantic's `float` would turn 5 into 5.0)."""
    bounds = Field(ge=minimum, le=maximum)
    schema = {"type": "number"} | ({"minimum": minimum} if minimum is not None else {}) | ({"maximum": maximum} if maximum is not None else {})
    return Annotated[Annotated[int, bounds] | Annotated[float, bounds], WithJsonSchema(schema)]


Number = number()


class Finding(Result):
    """One diagnostic as an envelope lists it: a whole-file finding is placed at 1:1."""

    severity: Literal["error", "warning"]
    code: Annotated[str, Field(min_length=1)]
    message: Annotated[str, Field(min_length=1)]
    line: Annotated[int, Field(ge=1)]
    column: Annotated[int, Field(ge=1)]


# `diagnostics_omitted`: by code, how many findings an envelope leaves out (there only when some are).
Omitted = Annotated[dict[Annotated[str, Field(min_length=1)], Annotated[int, Field(ge=1)]], Field(min_length=1)]


@dataclass(frozen=True)
class Report:
    """What a command found in one input: its findings and, when the input is valid, its result
    (an instance of the command's `Result` model)."""

    file: Path | str | None  # None: the findings are about the command itself
    diagnostics: Sequence[Diagnostic] = ()
    result: Result | None = None
    source: bytes | None = None  # the input as read, for the reporter's excerpts
    # The line said after the findings, without --json (never in its envelope): what the input is
    # and what was done with it, `FILE: invalid layout, not scored (3 errors)`; None: nothing.
    verdict: str | None = None

    @property
    def valid(self) -> bool:
        return self.result is not None and not has_errors(self.diagnostics)


@overload
def json_name(file: Path | str) -> str: ...
@overload
def json_name(file: None) -> None: ...
def json_name(file: Path | str | None) -> str | None:
    """A file name strict JSON parsers accept: bytes that are not UTF-8 written as \\xNN."""
    return None if file is None else os.fsencode(file).decode("utf-8", "backslashreplace")


def _typed(command: str, result: type[Result], report: Report) -> None:
    """A report whose result is not of its command's model is a bug: refused, with or without --json."""
    if report.result is not None and type(report.result) is not result:
        raise TypeError(f"pnp {command}: its result is a {type(report.result).__name__}, where its contract says {result.__name__}")


def envelope(command: str, result: type[Result], report: Report) -> dict[str, Any]:
    """The report as JSON: its result's fields (all null when the input is invalid). Its diagnostics
    are capped as the text's are (SHOWN_PER_CODE of a code); `diagnostics_omitted`, there only when
    some are, counts the rest by code."""
    _typed(command, result, report)
    found = report.result.model_dump() if report.valid else dict.fromkeys(result.model_fields)  # type: ignore[union-attr]  # a valid report has its result
    kept, omitted = capped(report.diagnostics)
    return {
        "schema": SCHEMA,
        "command": command,
        "file": json_name(report.file),
        "valid": report.valid,
        "diagnostics": [Finding(**d.as_json()).model_dump() for d in kept],
        **({"diagnostics_omitted": omitted} if omitted else {}),
        **found,
    }


def refused(file: Path, found: Sequence[Diagnostic], source: bytes | None, words: str, result: Result | None = None) -> Report:
    """The report of an input a command refuses: its findings, and the verdict every refusal has,
    `FILE: WORDS (N errors)`, WORDS saying what it is and what was not done with it (`invalid
    record, not scored`)."""
    errors = sum(d.severity == "error" for d in found)
    return Report(file, found, result, source, f"{shown(file)}: {words} ({plural(errors, 'error')})")


def say(report: Report) -> None:
    """The one printer of what a command says of an input, on standard error: its findings,
    compiler-style (many of a kind summed up; about the command itself: `pnp: warning: ...`),
    then its verdict line."""
    colour = wants_colour(sys.stderr)
    if report.file is None:
        lines = [f"pnp: {d.severity}: {d.message}" for d in report.diagnostics]
    else:
        lines = report_lines(str(report.file), report.diagnostics, report.source, colour=colour)
    for line in [*lines, *([report.verdict] if report.verdict is not None else [])]:
        typer.echo(line, err=True)


@dataclass(frozen=True)
class Contract:
    """What a command promises beside its own work: its name and the model of its JSON result."""

    command: str  # as typed: `solitaire score`
    result: type[Result]
    many: bool = False  # takes several inputs: its JSON is always an array


def friendly(command: Callable[..., Any], contract: Contract | None = None) -> Callable[..., Any]:
    """Run `command` under the contract: its reports said (`say`) or printed as JSON and turned into
    an exit code, and a PnpError the report of the input at fault instead of a traceback.

    Each command runs in a session of its own: nothing read, nothing staged for writing (pnp.core.session);
    the findings it went on despite (`pnp.core.session.warn`) are said when it ends, before its reports.
    """

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        as_json = contract is not None and kwargs.get("as_json", False)
        try:
            if sum(path is STDIN for path in _inputs(kwargs)) > 1:  # before anything is read
                raise PnpError(STDIN_ONCE, exit_code=2, file=STDIN)
            with session() as reading:
                reports = command(*args, **kwargs)
        except PnpError as exc:
            refusal = _refusal(exc, kwargs, as_json)  # the input at fault: nothing else was checked
            if as_json:
                _emit(contract, [refusal])  # type: ignore[arg-type]  # `as_json` only where there is a contract
            else:
                say(refusal)
            raise typer.Exit(exc.exit_code) from None
        for file, found, source in reading.warnings:
            say(Report(file, found, source=source))
        if contract is None or reports is None:
            return None
        reports = reports if isinstance(reports, list) else [reports]
        for report in reports:
            _typed(contract.command, contract.result, report)
        if as_json:
            _emit(contract, reports)
        else:
            for report in reports:
                say(report)
        if not all(r.valid for r in reports):
            raise typer.Exit(1)
        return None

    return run


def _inputs(kwargs: dict[str, Any]) -> list[Any]:
    """The command's input files: its path arguments, a list of them counting each (never where it
    writes: `-o`/`--out`, which an error envelope must not name as the file at fault)."""
    found: list[Any] = []
    for name, value in kwargs.items():
        if name in ("out", "output"):
            continue
        if isinstance(value, Path):
            found.append(value)
        elif isinstance(value, list) and value and all(isinstance(v, Path) for v in value):
            found += value
    return found


def _refusal(exc: PnpError, kwargs: dict[str, Any], as_json: bool) -> Report:
    """A PnpError as the report of the input at fault: a Rejected's findings and verdict; another's
    message as its verdict or, with --json, as its one finding (`usage` for exit 2, else `invalid`)."""
    if isinstance(exc, Rejected):
        return Report(exc.file, exc.diagnostics, source=exc.source, verdict=clean(exc.verdict))
    inputs = _inputs(kwargs)
    file = exc.file if exc.file is not None else (inputs[0] if inputs else None)
    if not as_json:
        return Report(file, verdict=clean(str(exc)))
    code = "usage" if exc.exit_code == 2 else "invalid"
    return Report(file, [Diagnostic("error", code, clean(str(exc)))])


def _emit(contract: Contract, reports: list[Report]) -> None:
    objects = [envelope(contract.command, contract.result, r) for r in reports]
    typer.echo(json.dumps(objects if contract.many else objects[0], indent=2))


def _plain_flags(params: list[Any]) -> list[Any]:
    """A flag takes no value, so its help shows none (Typer would print `--json <bool>`); a file
    read through options.input_path shows `<file>` or `<path>`, as Typer's own paths do."""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
        typed = getattr(param, "type_descriptor", None)
        if typed is not None and typed.parameter_info.parser is options.input_path and not typed.is_list:
            param.display_type = lambda ctx, label=f"<{typed.path_type}>": label
    return params


# click's UsageError, which Typer carries inside itself: a command line pnp cannot parse.
_UsageError: type[Any] = next(k for k in typer.BadParameter.__mro__ if k.__name__ == "UsageError")


def _shortened(exc: Any, args: Sequence[str]) -> Any:
    """A usage error as pnp prints it: every argument over LONG_TOKEN characters shortened wherever
    click echoes it, quoted or not (one with spaces is no run `clean` sees), controls escaped."""
    if type(exc).__name__ == "NoArgsIsHelpError":  # its "message" is the help
        return exc
    message = exc.format_message()
    for token in sorted({a for a in args if len(a) > LONG_TOKEN}, key=len, reverse=True):  # a token inside another: the outer first
        for form in {token, repr(token)[1:-1]}:
            message = message.replace(form, shown(token))
    short = _UsageError(clean(message), exc.ctx)
    short.exit_code = exc.exit_code
    return short


class Command(TyperCommand):
    contract: Contract | None = None  # set for each command by App.command

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_flags(super().get_params(ctx))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """A command line pnp cannot parse is a usage error (exit 2); with --json, in the envelope too."""
        json_asked, typed = "--json" in args, list(args)  # click's parser consumes `args`
        try:
            return super().parse_args(ctx, args)
        except _UsageError as exc:
            short = _shortened(exc, typed)
            if self.contract is None or not json_asked:
                raise short from None
            _emit(self.contract, [Report(None, [Diagnostic("error", "usage", short.format_message())])])
            return ctx.exit(2)  # never returns: it raises click's Exit


class Group(TyperGroup):
    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_flags(super().get_params(ctx))

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """A command line pnp cannot parse is a usage error (exit 2), its long tokens shortened."""
        typed = list(args)  # click's parser consumes `args`
        try:
            return super().parse_args(ctx, args)
        except _UsageError as exc:
            raise _shortened(exc, typed) from None

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """A mistyped command gets the nearest name, if one is near."""
        try:
            name = args[0] if args else ""
            if name and not name.startswith("-") and self.get_command(ctx, name) is None:
                near = difflib.get_close_matches(name, self.list_commands(ctx), n=1)
                if near:
                    ctx.fail(f"No such command '{name}'. Did you mean '{near[0]}'?")
            return super().resolve_command(ctx, args)
        except _UsageError as exc:
            raise _shortened(exc, args) from None


class LazyGroup(Group):
    """A group whose sub-commands are imported only when one runs or help lists them, so that
    `pnp solitaire solve` does not load every other game first. `loaders` (set by `lazy_group`)
    maps each such name, in help order, to a function returning its command."""

    loaders: dict[str, Callable[[], Any]] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        return [*self.loaders, *(name for name in self.commands if name not in self.loaders)]

    def get_command(self, ctx: Any, name: str) -> Any:
        if name not in self.commands and name in self.loaders:
            command = self.loaders[name]()
            command.name = name
            self.commands[name] = command
        return self.commands.get(name)


def lazy_group(loaders: dict[str, Callable[[], Any]], base: type[LazyGroup] = LazyGroup) -> type[LazyGroup]:
    return type(base.__name__, (base,), {"loaders": loaders})


def deliver(text: str, output: Path | None, as_json: bool) -> None:
    """A generated file: printed, or written to `output` (with a line saying so); under --json,
    the envelope carries it instead."""
    if output is not None:
        write_file(output, text)
        if not as_json:
            typer.echo(f"wrote {shown(output)}", err=True)
    elif not as_json:
        typer.echo(text, nl=False)


def fresh_seed(seed: int | None, as_json: bool) -> int:
    """The seed given, or a new one, said on standard error so the result can be made again."""
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
        if not as_json:
            typer.echo(f"seed: {seed}", err=True)
    return seed


def drawing_kind(output: Path) -> str:
    """What a drawing command writes to `-o`: `.pdf` or `.svg`; any other name is a usage error."""
    kind = output.suffix.lower()
    if kind not in (".pdf", ".svg"):
        raise PnpError(f"-o {shown(output)}: write a .pdf or an .svg file", exit_code=2)
    return kind


def drawing_output(output: Path | None, source: Path, game: str) -> Path:
    """Where a drawing command writes: `-o`, else the input's name with .pdf, here (standard input:
    GAME-stdin.pdf, as `pnp build pack-solitaire --tiles -` names its files); checked
    (`drawing_kind`) before anything is read."""
    output = output or Path(f"{game}-stdin.pdf" if source is STDIN else source.with_suffix(".pdf").name)
    drawing_kind(output)
    return output


def write_drawing(output: Path, page: Drawing, as_json: bool, scale: float | None = None) -> None:
    """One page into `output`, PDF or SVG as its name says, and, unless --json, a line saying so
    (with `scale`, how large its tiles are drawn)."""
    from pnp.draw.pdf import render_pdf  # ReportLab and svgwrite load only to draw
    from pnp.draw.svg import render_svg

    write_file(output, render_pdf([page], title=page.title) if drawing_kind(output) == ".pdf" else render_svg(page))
    if not as_json:
        size = "" if scale is None else " (tiles at true size)" if scale >= 1 else f" (tiles scaled to {100 * scale:.1f} % to fit the paper)"
        typer.echo(f"wrote {shown(output)}{size}", err=True)


def usage_example(*lines: str) -> str:
    """A help screen's last words: how the command is typed."""
    return "Example" + ("s" if len(lines) > 1 else "") + ":\n\n" + "\n\n".join(f"  {line}" for line in lines)


CommandT = TypeVar("CommandT", bound=Callable[..., Any])  # a command's function, which App's decorators return as it is


class App(typer.Typer):
    """A Typer whose commands and callbacks keep the contract (`friendly`), take -h, end their help
    with an example (`example=`), and whose flags show no value in help.

    `name` names the command group as typed (`solitaire`); a command that keeps the contract
    (--json, its envelope, its exit codes) declares the model of its JSON result with `result=`
    and, if it takes several inputs, `many=True`."""

    def __init__(self, name: str = "", example: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("pretty_exceptions_enable", False)
        kwargs.setdefault("add_completion", False)
        kwargs.setdefault("cls", Group)
        kwargs.setdefault("context_settings", HELP_OPTIONS)
        kwargs.setdefault("no_args_is_help", True)
        if example:
            kwargs["epilog"] = usage_example(example)
        super().__init__(**kwargs)
        self.group_name = name
        # A callback keeps a group's only command a sub-command (`pnp power-lines score`); a
        # group that needs its own registers another in its place.
        self.callback()(lambda: None)

    def command(  # type: ignore[override]  # a command is named and has its example, which Typer's leaves optional
        self, name: str, *, example: str, result: type[Result] | None = None, many: bool = False, **kwargs: Any
    ) -> Callable[[CommandT], CommandT]:
        contract = None if result is None else Contract(f"{self.group_name} {name}".strip(), result, many)
        kwargs.setdefault("cls", type("Command", (Command,), {"contract": contract}))
        kwargs.setdefault("epilog", usage_example(example))
        register = super().command(name, **kwargs)

        def decorator(function: CommandT) -> CommandT:
            register(friendly(function, contract))
            return function

        return decorator

    def callback(self, *args: Any, **kwargs: Any) -> Callable[[CommandT], CommandT]:
        register = super().callback(*args, **kwargs)

        def decorator(function: CommandT) -> CommandT:
            register(friendly(function))
            return function

        return decorator
