"""The Typer app class every pnp command group uses: user errors become a message and an exit code."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Callable, Iterable

import typer
from typer.core import TyperCommand, TyperGroup

from . import output
from .diagnostics import Diagnostic, PnpError, clean, report_lines
from .textfile import forget_inputs


def print_diagnostics(file: Path, diagnostics: Iterable[Diagnostic]) -> None:
    """Findings compiler-style on stderr (many of a kind summed up), leaving stdout to the result."""
    for line in report_lines(str(file), diagnostics):
        typer.echo(line, err=True)


def friendly(command: Callable[..., Any]) -> Callable[..., Any]:
    """Run `command`; a PnpError prints its message on stderr and exits with its code, no traceback.

    Each command starts with nothing read and nothing staged for writing (see pnp.textfile, pnp.output).
    """

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        forget_inputs()
        output.reset()
        try:
            return command(*args, **kwargs)
        except PnpError as exc:
            typer.echo(clean(str(exc)), err=True)
            raise typer.Exit(exc.exit_code) from None
        finally:
            output.reset()

    return run


def _plain_flags(params: list[Any]) -> list[Any]:
    """A flag takes no value, so its help shows none (Typer would print `--json <bool>`)."""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


class Command(TyperCommand):
    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_flags(super().get_params(ctx))


class Group(TyperGroup):
    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_flags(super().get_params(ctx))


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


class App(typer.Typer):
    """A Typer whose commands and callbacks are all `friendly`, and whose flags show no value in help."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("pretty_exceptions_enable", False)
        kwargs.setdefault("add_completion", False)
        kwargs.setdefault("cls", Group)
        super().__init__(**kwargs)

    def command(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        kwargs.setdefault("cls", Command)
        return _registering_friendly(super().command(*args, **kwargs))

    def callback(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return _registering_friendly(super().callback(*args, **kwargs))


def _registering_friendly(register: Callable[[Callable[..., Any]], Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def decorator(command: Callable[..., Any]) -> Callable[..., Any]:
        register(friendly(command))
        return command

    return decorator
