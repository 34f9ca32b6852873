"""`pnp build`: one command for each print target in the game registry; alone, the whole kit.

The common options (--paper, --format, --out, --quiet) are declared once, on this group, and
every target takes them too, so they mean the same before or after its name. A target's own
options are the fields of its `Options` dataclass (see pnp.contract.options.Flag), whose defaults the
command reads. A target's module is imported only when it runs or help lists it.

Here, at the command's edge, the paper and the print settings a target takes (its fields made
with pnp.contract.options.setting) become the one print context (pnp.core.printing.Print) that the target's
build, and all its drawing, receives; the rest of its options are the target's own.
"""

from __future__ import annotations

import copy
import inspect
import os
from collections.abc import Callable
from dataclasses import Field, fields
from pathlib import Path
from typing import Annotated, Any, get_args, get_type_hints

import typer
import typer.main
from typer.models import CommandInfo

from pnp.contract.app import App, Command, LazyGroup, Paper, friendly, lazy_group, paper_option, paper_size, usage_example
from pnp.contract.documents import write_documents
from pnp.contract.options import SETTING
from pnp.core.diagnostics import PnpError, shown
from pnp.core.printing import Print
from pnp.games.registry import GAMES, Game
from pnp.output.files import FORMATS, BuildOptions, begin, commit

OUTPUT = Path("output")  # the kit's folder; a single target writes into OUTPUT/TARGET
_GIVEN = "pnp.commands.build"  # where the common options' values are kept (click's shared ctx.meta)


def parse_formats(text: str) -> tuple[str, ...]:
    chosen = tuple(dict.fromkeys(f.strip().lower() for f in text.split(",") if f.strip()))
    wrong = [f for f in chosen if f not in FORMATS]
    if wrong or not chosen:
        raise PnpError(f"--format: {', '.join(shown(f) for f in wrong) or 'nothing'} is not a format; use pdf, svg or pdf,svg", exit_code=2)
    return chosen


def _remember(ctx: typer.Context, param: typer.CallbackParam, value: Any) -> Any:
    """Keep a common option's value; typed after the target, it wins over the group's (typed or default)."""
    given = ctx.meta.setdefault(_GIVEN, {})
    source = ctx.get_parameter_source(param.name)  # click sets it before it calls the callback
    if param.name not in given or (source is not None and source.name == "COMMANDLINE"):
        given[param.name] = value
    return value


def _options(ctx: typer.Context, default_out: Path, settings: dict[str, Any]) -> tuple[BuildOptions, bool]:
    """The common options as given, checked, with the target's print `settings` in their print
    context; the folder must be one pnp can write before anything is built."""
    given = ctx.meta[_GIVEN]
    out = given["out"] if given["out"] is not None else default_out
    opts = BuildOptions(Print(paper_size(given["paper"]), **settings), parse_formats(given["formats"]), out)
    begin(out)
    return opts, given["quiet"]


def report(folder: Path, paths: list[Path], removed: list[Path], quiet: bool, start: Path | None = None) -> None:
    """Show what the build wrote into `folder` (file, pages, sheets, size) and what it removed, then
    where to look first: `start` (the kit's index.html), else the folder; the findings it went on
    despite follow, on standard error (pnp.contract.app says them when a command ends)."""
    if not quiet:
        from pnp.commands.summary import print_summary  # rich loads only when a build ends

        print_summary(folder, paths, removed)
        if start is not None:
            typer.echo(f"Open {shown(start)} in a browser: every game, its files, and how to print each.")
        else:
            typer.echo(f"Open the folder {shown(folder)}{os.sep}: print its PDFs at 100 % (pnp help printing says how).")


def _default(field: Field[Any]) -> Any:
    return field.metadata[SETTING] if SETTING in field.metadata else field.default


def _command(game: Game) -> Callable[..., None]:
    """The target's command: its Options' fields as options, each with the field's default."""
    options = game.options()
    hints = get_type_hints(options, include_extras=True)
    params = [inspect.Parameter("ctx", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)]
    for field in fields(options):
        kind, flag = get_args(hints[field.name])
        option = typer.Option(flag.name, help=flag.help, parser=flag.parser, metavar=flag.metavar)
        default = _default(field) if flag.typed is None else flag.typed
        params.append(inspect.Parameter(field.name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=Annotated[kind, option]))
    settings = [field.name for field in fields(options) if SETTING in field.metadata]

    def run(ctx: typer.Context, **values: Any) -> None:
        opts, quiet = _options(ctx, OUTPUT / game.id, {name: values.pop(name) for name in settings})
        written = write_documents(game.build()(opts, options(**values)), opts)
        report(opts.out, written, commit(), quiet)

    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]  # read by Typer; typeshed gives a function no __signature__
    return run


def target_help(game: Game) -> str:
    """`Title (by Designer): what it prints.`, from the registry."""
    by = f" (by {game.designer})" if game.designer else ""
    return f"{game.title}{by}: {game.prints}"


def _target(game: Game) -> Callable[[], Any]:
    def load() -> Any:
        info = CommandInfo(
            name=game.id,
            cls=Command,
            callback=friendly(_command(game)),
            help=target_help(game),
            epilog=usage_example(f"pnp build {game.id} --paper letter"),
        )
        return typer.main.get_command_from_info(info, pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=app.rich_markup_mode)

    return load


class _Targets(LazyGroup):
    """The targets of `pnp build`, each also taking the group's common options."""

    def get_command(self, ctx: Any, name: str) -> Any | None:  # Any: click's Context, which Typer keeps private
        command = super().get_command(ctx, name)
        if command is not None and not any(p.name == "paper" for p in command.params):
            for param in self.params:
                if param.name != "help":
                    mine = copy.copy(param)
                    mine.expose_value = False  # kept by _remember, not passed to the target
                    command.params.append(mine)
        return command


app = App(
    "build",
    help="Write print-ready PDFs (and SVGs): alone, the whole kit into output/, a folder per game, with index.html.",
    example="pnp build ley-lines --players 3 --paper letter",
    no_args_is_help=False,
    cls=lazy_group({game.id: _target(game) for game in GAMES}, _Targets),
)


@app.callback(invoke_without_command=True)
def build_all(
    ctx: typer.Context,
    paper: Annotated[Paper | None, paper_option(callback=_remember)] = None,
    formats: Annotated[str, typer.Option("--format", callback=_remember, help="Comma-separated: pdf, svg or pdf,svg.")] = "pdf,svg",
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", file_okay=False, callback=_remember, show_default=False, help="Output folder (default: output/, or output/TARGET/ for one target)."
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", callback=_remember, help="No progress bar and no summary.")] = False,
) -> None:
    """Build the whole kit (or name one target; the options here mean the same before or after it)."""
    if ctx.invoked_subcommand is not None:
        return
    from pnp.commands.index import INDEX
    from pnp.commands.kit import build_kit  # the pool and the index load only for the whole kit

    opts, quiet = _options(ctx, OUTPUT, {})
    report(opts.out, *build_kit(opts, progress=not quiet), quiet, start=opts.out / INDEX)
