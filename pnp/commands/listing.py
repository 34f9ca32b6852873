"""`pnp list`: each game of the registry, its credit, what `pnp build` prints for it, its commands and exports."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from pnp.contract.app import JsonOption, Report, Result
from pnp.games.registry import GAMES


class ListedGame(Result):
    """A game: its id (its build target and folder), title, credit line, what `pnp build ID` prints,
    the targets whose pieces it needs, its `pnp export` commands, and its own commands (`pnp GROUP NAME`)."""

    id: str
    title: str
    credit: str
    prints: str
    needs: list[str]
    exports: list[str]
    commands: list[str]


class Listed(Result):
    """`pnp list`: every game of the registry, in the order `pnp list` prints them."""

    games: list[ListedGame]


def listed(root: Any) -> Listed:
    """What `pnp list` prints, as its JSON result."""
    return Listed(
        games=[
            ListedGame(
                id=game.id,
                title=game.title,
                credit=game.credit_line,
                prints=game.prints,
                needs=[need.target for need in game.needs],
                exports=list(game.exports),
                commands=[f"{group} {name}" for group in game.groups for name in root.get_command(None, group).list_commands(None)],
            )
            for game in GAMES
        ]
    )


def list_command(root: Callable[[], Any]) -> Callable[..., Report]:
    """`pnp list`, given a way to the command tree it lists (the entry point's, which this module may not import)."""

    def listing(as_json: JsonOption = False) -> Report:
        """The games, what pnp prints for each, and the commands that build and check them."""
        tree = root()
        if not as_json:
            print_games(tree)
        return Report(None, result=listed(tree))

    return listing


def print_games(root: Any) -> None:
    """Each game of the registry: its credit, what `pnp build` prints for it, its commands."""
    for game in GAMES:
        typer.echo(f"{game.title}  [{game.id}/]")
        typer.echo(f"  {game.credit_line}")
        typer.echo(f"  prints:  {game.prints}")
        for need in game.needs:
            typer.echo(f"  needs:   {need.what} (pnp build {need.target})")
        typer.echo(f"  build:   pnp build {game.id}")
        if game.also:
            typer.echo(f"  also:    {game.also}")
        if game.exports:
            typer.echo(f"  export:  {', '.join(f'pnp export {kind} {game.id} -o DIR' for kind in game.exports)}")
        for n, group_name in enumerate(game.groups):
            group = root.get_command(None, group_name)
            names = group.list_commands(None)
            width = max(map(len, names))
            for i, name in enumerate(names):
                label = "use:" if n == i == 0 else ""
                typer.echo(f"  {label:<8} pnp {group_name} {name:<{width}}  {_first_paragraph(group.get_command(None, name).help)}")
        typer.echo("")


def _first_paragraph(text: str | None) -> str:
    return " ".join((text or "").split("\n\n")[0].split())
