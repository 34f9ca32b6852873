"""The `pnp` command: each game contributes its own sub-commands and build targets.

`main` installs the signal handlers before anything heavy is imported, so that Ctrl-C at any
moment ends pnp with one line and exit code 130 (SIGTERM: 143), never a traceback.
"""

from __future__ import annotations

import os
import signal
import sys

# Modules that add a target to `pnp build` when imported; `pnp build` alone builds them in this order.
BUILD_TARGETS = (
    "pnp.games.power_lines_cards.build",
    "pnp.piecepack.build",
    "pnp.games.power_lines_piecepack.build",
    "pnp.games.pack_solitaire.build",
    "pnp.games.paint_the_line.build",
    "pnp.games.ley_lines.build",
)


_built: list = []  # the app, once built


def _app():  # -> pnp.app.App; imports stay inside, so that `main` can install its handlers first
    if _built:
        return _built[0]
    import importlib

    from .app import App
    from .build import build_app
    from .games.ley_lines.cli import ley_app
    from .games.pack_solitaire.cli import solitaire_app
    from .games.paint_the_line.cli import paint_app
    from .games.power_lines_cards.deck_cli import deck_app
    from .games.power_lines_piecepack.cli import power_lines_app

    for module in BUILD_TARGETS:
        importlib.import_module(module)
    app = App(help="Print-and-play generator and deck-builder for small 'line' games.", no_args_is_help=True)
    app.add_typer(build_app, name="build")
    app.add_typer(deck_app, name="deck")
    app.add_typer(power_lines_app, name="power-lines")
    app.add_typer(solitaire_app, name="solitaire")
    app.add_typer(paint_app, name="paint-the-line")
    app.add_typer(ley_app, name="ley-lines")
    _built.append(app)
    return app


def __getattr__(name: str) -> object:
    # `from pnp.cli import app` builds the command tree on first use; `main` needs its handlers first.
    if name == "app":
        return _app()
    raise AttributeError(name)


class Stopped(BaseException):
    """A signal asked pnp to stop. Not an Exception, so no `except Exception` swallows it on the way up."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _stop(signum: int, frame: object) -> None:
    raise Stopped(signum)


def main() -> None:
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _stop)
    try:
        try:
            _app()()
        finally:
            sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
    except OSError as exc:  # stdout or stderr could not be written (files have their own messages)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.stderr.write(f"pnp: cannot write the output: {exc.strerror or exc}\n")
        sys.exit(2)
    except Stopped as stop:
        # A second signal while saying goodbye must not print a traceback either.
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, signal.SIG_IGN)
        word = "interrupted" if stop.signum == signal.SIGINT else "terminated"
        sys.stderr.write(f"pnp: {word}\n")
        sys.exit(128 + stop.signum)
