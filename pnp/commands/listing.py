"""`pnp list`: each game of the registry, its credit, what `pnp build` prints for it, its commands and exports."""

from __future__ import annotations

from typing import Any

import typer

from pnp.games.registry import GAMES


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
