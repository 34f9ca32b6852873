"""The Typer app class every pnp command group uses: user errors become a message and an exit code."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Callable, Iterable

import typer

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


class App(typer.Typer):
    """A Typer whose commands and callbacks are all `friendly`."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("pretty_exceptions_enable", False)
        kwargs.setdefault("add_completion", False)
        super().__init__(**kwargs)

    def command(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return _registering_friendly(super().command(*args, **kwargs))

    def callback(self, *args: Any, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return _registering_friendly(super().callback(*args, **kwargs))


def _registering_friendly(register: Callable[[Callable[..., Any]], Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def decorator(command: Callable[..., Any]) -> Callable[..., Any]:
        register(friendly(command))
        return command

    return decorator
