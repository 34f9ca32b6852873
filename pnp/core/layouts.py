"""Geometry as data: the TOML files in layouts/, with units, read into pydantic models."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from typing import Annotated, TypeVar, cast

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationError

from pnp.core.diagnostics import PnpError
from pnp.core.resources import layout_file

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
_QUANTITY = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")


def _quantity(value: object, unit_out: str) -> float:
    if not isinstance(value, str) or not (m := _QUANTITY.match(value)):
        raise ValueError(f"expected a length with its unit, like '63 mm', '2 in' or '8 pt', got {value!r}")
    return round(float(m[1]) * MM_PER[m[2]] / MM_PER[unit_out], 9)


Length = Annotated[float, BeforeValidator(lambda v: _quantity(v, "mm"))]  # held in mm
Points = Annotated[float, BeforeValidator(lambda v: _quantity(v, "pt"))]  # held in pt (font sizes)


class LayoutModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PaperSize(LayoutModel):
    width: Length
    height: Length


class SheetLayout(LayoutModel):
    """How components are laid out on paper (layouts/sheet.toml)."""

    margin: Length  # nothing is printed closer to the paper edge
    mark_offset: Length  # crop marks start this far outside the art
    mark_length: Length  # longest crop mark
    mark_min_length: Length  # shorter than this is no mark: the sheet holds fewer components
    mark_margin: Length  # crop marks end at least this far from the paper edge (more than `margin`)
    grid_margin: Length  # the art of a grid without crop marks keeps this far from the paper edge
    mark_stroke: Length
    cut_line_stroke: Length
    label_size: Points  # the small page caption, where there is room for it
    page_inset: Length  # extra margin of pages that are read, not cut
    paper: dict[str, PaperSize]


M = TypeVar("M", bound=BaseModel)


def load_layout(name: str, model: type[M]) -> M:
    # What _load_layout returns is a `model`; functools.cache keeps no type variable to say so.
    return cast(M, _load_layout(name, model))


@cache
def _load_layout(name: str, model: type[BaseModel]) -> BaseModel:
    path = layout_file(f"{name}.toml")
    try:
        return model.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except (OSError, tomllib.TOMLDecodeError, ValidationError) as exc:
        raise PnpError(f"{path}: error: broken layout file: {exc}") from None


def sheet_layout() -> SheetLayout:
    return load_layout("sheet", SheetLayout)
