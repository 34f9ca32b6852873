"""Who made each game: templates/rules/credits.toml, read once."""

from __future__ import annotations

import tomllib
from functools import cache

from pnp.core.resources import data_dir


@cache
def credits() -> dict[str, dict[str, str]]:
    """Designer, version and year of the rules each game's sheet retells, players and time."""
    return tomllib.loads((data_dir("templates") / "rules" / "credits.toml").read_text(encoding="utf-8"))


def byline(game: str) -> str:
    """The line under a rule sheet's title: designer, version and year, players and time."""
    c = credits()[game]
    made = f"By {c['designer']}" if "designer" in c else c["source"]
    version = ", ".join(c[key] for key in ("version", "year") if key in c)
    made += f" ({version})" if version else ""
    players = c["players"] + (f", {c['time']}" if "time" in c else "")
    return f"{made}. {players}."
