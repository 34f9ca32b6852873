"""The `pnp` command: each game contributes its own sub-commands and build targets.

`main` installs the signal handlers before anything heavy is imported, so that Ctrl-C at any
moment ends pnp with one line and exit code 130 (SIGTERM: 143), never a traceback. A game's
modules load only when one of its commands runs (see pnp.contract.app.LazyGroup), so pnp starts fast.
"""

from __future__ import annotations

import os
import signal
import sys

_built: list = []  # the app, once built


def _group(app):  # -> a loader for pnp.contract.app.LazyGroup: the group of a Typer app (a pnp.contract.gamespec.Lazy)
    def load():
        import typer.main  # Typer loads after `main` has installed the signal handlers

        return typer.main.get_group(app.load())

    return load


def _commands(game):  # -> (name, loader) of each of a game's groups: its own app's, then the one made from its record format
    found = []
    if game.commands is not None:
        found.append((game.group, _group(game.commands)))
    if game.records is not None:

        def load():
            import typer.main  # after the signal handlers (see `main`)

            from pnp.contract.records import record_commands

            return typer.main.get_group(record_commands(game))

        found.append((game.record_group, load))
    return found


def _app():  # -> pnp.contract.app.App; imports stay inside, so that `main` can install its handlers first
    if _built:
        return _built[0]
    import typer  # after the signal handlers (see `main`)

    from pnp.contract.app import App, lazy_group
    from pnp.contract.gamespec import Lazy
    from pnp.games.registry import GAMES

    app = App(
        help="Print-and-play generator and deck-builder for small 'line' games.",
        example="pnp build --paper letter",
        no_args_is_help=True,
        add_completion=True,
        # `pnp build`, then each game's command group, in the registry's order, then `pnp export`
        cls=lazy_group(
            {
                "build": _group(Lazy("pnp.commands.build:app")),
                **{name: load for g in GAMES for name, load in _commands(g)},
                "export": _group(Lazy("pnp.export.cli:app")),
            }
        ),
    )

    def version(value: bool) -> None:
        if value:
            from importlib.metadata import version as installed  # only for --version

            typer.echo(f"pnp {installed('pnp')}")
            raise typer.Exit()

    @app.callback()
    def root(
        show_version: bool = typer.Option(False, "--version", callback=version, is_eager=True, help="Show pnp's version and exit."),
    ) -> None:
        """Print-and-play generator and deck-builder for small 'line' games."""

    from pnp.commands.listing import Listed, list_command

    app.command("list", example="pnp list", result=Listed)(list_command(app_command))

    @app.command("help", example="pnp help formats")
    def help_command(
        topic: str | None = typer.Argument(None, help="A topic; without one, the list of topics."),
        schema: bool = typer.Option(False, "--schema", help="With the topic json: print the JSON Schema of every command's --json output."),
    ) -> None:
        """pnp's documentation, offline: the docs site's pages as plain text, one topic a page."""
        from pnp.commands.help import print_help  # loads only for `pnp help`

        print_help(topic, schema, app_command())  # the commands, for the generated pages

    _built.append(app)
    return app


def app_command():  # -> the root click group, to look commands up by name
    import typer.main  # after the signal handlers (see `main`)

    return typer.main.get_command(_app())


def __getattr__(name: str) -> object:
    # `from pnp.commands.cli import app` builds the command tree on first use; `main` needs its handlers first.
    if name == "app":
        return _app()
    raise AttributeError(name)


def _stop(signum: int, frame: object) -> None:
    # Leave at once. Every write runs with these signals held (pnp.output.files), so no file is half-written
    # now; and an exception could be swallowed or rebuilt on its way up (ReportLab has bare excepts).
    word = "interrupted" if signum == signal.SIGINT else "terminated"
    os.write(2, f"pnp: {word}\n".encode())
    os._exit(128 + signum)


def main() -> None:
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _stop)
    try:
        try:
            _app()(prog_name="pnp")
        finally:
            sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
    except OSError as exc:  # stdout or stderr could not be written (files have their own messages)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.stderr.write(f"pnp: cannot write the output: {exc.strerror or exc}\n")
        sys.exit(2)
