"""Where the shipped data (layouts/, templates/, decks/, schemas/, docs/) lives.

In a wheel the folders are packed into `pnp/_data/`; in a source checkout
(or an editable install) they sit beside the package at the top of the repo.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # pnp/, this file being pnp/core/resources.py


@cache
def data_dir(name: str) -> Path:
    """The folder `layouts`, `templates`, `decks`, `schemas` or `docs`."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"pnp is installed without its {name}/ folder")


def layout_file(name: str) -> Path:
    return data_dir("layouts") / name


def deck_file(name: str) -> Path:
    return data_dir("decks") / name


def schema_file() -> Path:
    """The JSON Schema of every command's --json output (made by pnp.commands.schema)."""
    return data_dir("schemas") / "pnp-1.schema.json"
