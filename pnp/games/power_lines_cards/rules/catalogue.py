"""The Power Lines cards: eleven kinds (0-10) and the Base, loaded from `decks/power-lines-cards.toml`.

Another catalogue (`--cards FILE`: the same TOML, other values, prices or effect texts) may stand
in for it while a command runs (`cards_from`): `catalogue()` and everything worked out from it
(`follows_catalogue`) then read that one, in this process and the workers it forks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import cache
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from pnp.core.resources import deck_file
from pnp.core.rules import Loc, located_errors, read_toml, validation_error

BASE = "Base"
CATALOGUE_FILE = "power-lines-cards.toml"


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)  # as written in a .deck list
    value: int
    price: int | None = None  # > 0: discard that many; < 0: draw that many; None: never played (Base)
    effect: str = Field(min_length=1)

    @property
    def is_base(self) -> bool:
        return self.name == BASE

    @property
    def when_played(self) -> Literal["draw", "discard", "free"] | None:
        """What paying the price means; None for the Base, which is never played."""
        if self.price is None:
            return None
        return "draw" if self.price < 0 else "discard" if self.price > 0 else "free"


class Catalogue(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str
    credit: str = Field(min_length=1)
    cards: list[Card] = Field(alias="card", min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Catalogue:
        names = [c.name.lower() for c in self.cards]
        doubled = sorted({n for n in names if names.count(n) > 1})
        if doubled:
            raise ValueError(f"card names used twice: {', '.join(doubled)}")
        if sum(c.is_base for c in self.cards) != 1:
            raise ValueError(f"there must be exactly one card named {BASE!r}")
        for card in self.cards:
            if card.is_base and card.price is not None:
                raise ValueError("the Base is never played, so it has no price")
            if not card.is_base and card.price is None:
                raise ValueError(f"card {card.name!r} needs a price")
        return self

    @property
    def kinds(self) -> list[Card]:
        """The playable cards, in catalogue order (the Base left out)."""
        return [c for c in self.cards if not c.is_base]

    @property
    def kind_names(self) -> list[str]:
        return [c.name for c in self.kinds]

    @property
    def names(self) -> list[str]:
        return [c.name for c in self.cards]

    @property
    def base(self) -> Card:
        return next(c for c in self.cards if c.is_base)

    def lookup(self, name: str) -> Card | None:
        """The card called `name`, ignoring case; None if there is none."""
        wanted = name.lower()
        return next((c for c in self.cards if c.name.lower() == wanted), None)

    def __getitem__(self, name: str) -> Card:
        card = self.lookup(name)
        if card is None:
            raise KeyError(name)
        return card


def load_catalogue(path: Path, like: Catalogue | None = None) -> Catalogue:
    """Read and check a catalogue file; any problem is a PnpError naming the file, line and
    column. With `like`, it must hold the same cards in the same order: an effect is the rules
    engine's code, tied to its card's name, so another catalogue may change the numbers and words
    on the cards, not which cards there are."""
    data, text = read_toml(path)
    try:
        found = Catalogue.model_validate(data)
    except ValidationError as exc:
        raise validation_error(path, text, exc, Catalogue) from None
    if like is not None:
        order = f"pnp's cards, in its order: {', '.join(like.names)}"
        problems: list[tuple[Loc, str]] = [
            (("card", i, "name"), f"{ours!r} where {theirs!r} should be: a catalogue must list {order}")
            for i, (ours, theirs) in enumerate(zip(found.names, like.names, strict=False))
            if ours != theirs
        ]
        if len(found.names) != len(like.names):
            problems.append((("card",), f"{len(found.names)} cards where {len(like.names)} should be: a catalogue must list {order}"))
        if problems:
            raise located_errors(path, text, problems)
    return found


@cache
def shipped() -> Catalogue:
    """pnp's catalogue, read once."""
    return load_catalogue(deck_file(CATALOGUE_FILE))


_active: tuple[Catalogue, Path] | None = None  # another catalogue standing in, and its file
_derived: list[Callable[..., object]] = []  # what is worked out from the catalogue: forgotten when it changes

F = TypeVar("F", bound=Callable[..., object])


def catalogue() -> Catalogue:
    """The catalogue in force: another one while `cards_from` holds it, else pnp's."""
    return shipped() if _active is None else _active[0]


def catalogue_file() -> Path | None:
    """The file of the catalogue in force, None for pnp's: for a worker elsewhere, or a record's header."""
    return None if _active is None else _active[1]


def follows_catalogue(function: F) -> F:
    """`function` (worked out from the catalogue) cached as `functools.cache` does, its cache
    emptied whenever another catalogue comes into force."""
    cached = cache(function)
    _derived.append(cached)
    return cached  # type: ignore[return-value]  # the cached function takes what `function` takes


def _use(active: tuple[Catalogue, Path] | None) -> None:
    global _active
    _active = active
    for cached in _derived:
        cached.cache_clear()  # type: ignore[attr-defined]  # each was made by functools.cache


def in_force() -> tuple[Catalogue, Path] | None:
    """The catalogue standing in for pnp's, and its file (None: pnp's): what a worker process
    started afresh (a fork server's, a Dask worker) is handed to play under the same cards."""
    return _active


@contextmanager
def cards_in_force(active: tuple[Catalogue, Path] | None) -> Iterator[Catalogue]:
    """`active` (as `in_force` gave it) in force until the block ends."""
    before = _active
    _use(active)
    try:
        yield catalogue()
    finally:
        _use(before)


def cards_from(path: Path | None) -> AbstractContextManager[Catalogue]:
    """The catalogue at `path` in force (checked: `load_catalogue`) until the block ends; None:
    pnp's. Worker processes forked inside the block inherit it."""
    return cards_in_force(None if path is None else (load_catalogue(path, like=shipped()), path))
