"""What a game is to pnp: one typed object, declared once in the game's own package.

Each game package's `__init__` holds its `GAME`, and the registry (pnp.games.registry) is the
tuple of them, as python-chess lists its variants. A spec holds names and words only; the code
it points to (the target's `build`, its options, its commands, its export room) is a `Lazy`
reference, imported the first time it is used, so that reading the registry loads no game.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from pnp.core.credits import byline, credits

PRINT_SHOP, TTS = "print-shop", "tts"  # the `pnp export` commands a game's spec may list


@dataclass(frozen=True)
class Lazy:
    """`package.module` or `package.module:attribute`, imported on first use."""

    path: str

    def load(self) -> Any:
        module, _, attribute = self.path.partition(":")
        loaded = importlib.import_module(module)
        return getattr(loaded, attribute) if attribute else loaded


@dataclass(frozen=True)
class Need:
    """Pieces a game takes from another target's files."""

    target: str
    what: str


@dataclass(frozen=True)
class Game:
    """A print target of `pnp build` and, where it has one, a command group.

    `target` is the module holding the target's `build`, a function `(BuildOptions, Options) ->
    list[Document]` (pnp.contract.documents): the game says what it prints, and the framework writes it;
    and its `Options`, the frozen dataclass of its build options (pnp.contract.options.Flag fields)."""

    id: str  # the build target and the kit's folder
    title: str
    credit: str | None  # its key in templates/rules/credits.toml (None: a game system, no designer)
    prints: str  # what `pnp build ID` prints, in a sentence: help, `pnp list`
    target: Lazy
    group: str | None = None  # the command group that checks, scores and draws its games
    commands: Lazy | None = None  # the group's Typer app, for a game with commands of its own
    records: Lazy | None = None  # or its RecordFormat (pnp.contract.records), from which its group is made
    records_group: str | None = None  # a second group, made from `records`, for a game that has its own commands too
    rules: str | None = None  # the rule sheet RULES-rules.pdf (templates/rules/RULES.md.j2) and score pad RULES-scorepad.pdf
    needs: tuple[Need, ...] = ()
    about: str = ""  # said instead of a credit line
    also: str = ""  # what else its build target makes, with the command that makes it
    exports: tuple[str, ...] = ()  # `pnp export` commands it takes
    export: Lazy | None = None  # the room that lists its pieces for those commands

    def __post_init__(self) -> None:
        if (self.group is None) != (self.commands is None and self.records is None):
            raise ValueError(f"{self.id}: a command group needs its commands or its record format")
        if (self.records_group is not None) != (self.commands is not None and self.records is not None):
            raise ValueError(f"{self.id}: a game with both its own commands and a record format names the records' group (records_group), and only such a game")
        if self.records_group is not None and self.records_group == self.group:
            raise ValueError(f"{self.id}: its commands and its records need groups of their own names, not both {self.group!r}")
        if bool(self.exports) != (self.export is not None):
            raise ValueError(f"{self.id}: the export commands it takes and its export room go together")

    @property
    def record_group(self) -> str | None:
        """The group made from its record format; None for a game without one."""
        if self.records is None:
            return None
        return self.records_group or self.group

    @property
    def groups(self) -> tuple[str, ...]:
        """Its command groups, as `pnp --help` lists them: its own commands' or its records', then the records' second one."""
        return tuple(g for g in (self.group, self.records_group) if g is not None)

    def build(self) -> Any:
        """The target's `build` function."""
        return self.target.load().build

    def options(self) -> Any:
        """The target's `Options` dataclass."""
        return self.target.load().Options

    @property
    def rule_sheet(self) -> str:
        """The rule sheet's name (`rules`) of a game that prints one; a ValueError for a game that does not."""
        if self.rules is None:
            raise ValueError(f"{self.id} has no rule sheet")
        return self.rules

    @property
    def scorepad(self) -> str:
        """The score pad's file name, without .pdf, for a game that has a rule sheet."""
        return f"{self.rule_sheet}-scorepad"

    @property
    def made_by(self) -> str:
        """`Title by Designer`, as the printed files name the game; the title alone where its rules name no designer."""
        return f"{self.title} by {self.designer}" if self.designer else self.title

    @property
    def designer(self) -> str | None:
        """The designer's name as the rules give it, where they give one."""
        return credits()[self.credit].get("designer") if self.credit else None

    @property
    def credit_line(self) -> str:
        return byline(self.credit) if self.credit else self.about
