"""The Power Lines cards: eleven kinds (0-10) and the Base, loaded from `decks/power-lines-cards.toml`."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from pnp.core.resources import deck_file
from pnp.core.rules import read_toml, validation_error

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


def load_catalogue(path: Path) -> Catalogue:
    """Read and check a catalogue file; any problem is a PnpError naming the file."""
    data, text = read_toml(path)
    try:
        return Catalogue.model_validate(data)
    except ValidationError as exc:
        raise validation_error(path, text, exc, Catalogue) from None


@cache
def catalogue() -> Catalogue:
    """The shipped catalogue, read once."""
    return load_catalogue(deck_file(CATALOGUE_FILE))
