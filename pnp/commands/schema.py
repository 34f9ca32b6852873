"""The JSON Schema of pnp's --json output (`pnp/1`), made from the commands' result models.

Every command that keeps the contract (pnp.contract.app: one that names its `Result` model) is found by
walking pnp's command tree, so a new command is in the schema as soon as it exists. Its envelope
(`$defs`, by command as typed: `deck validate`) holds the fields every envelope has, then its
result's fields in the model's order, each of which may also be null (all are when the input is
invalid). A model nested in a result is a `$defs` entry of its own, under its class name.

The shipped file, `schemas/pnp-1.schema.json` (in a wheel: `pnp/_data/schemas/`), is this
module's output and nothing else; tests/framework/test_schema.py fails when the two differ. To write it:

    python -m pnp.commands.schema > schemas/pnp-1.schema.json
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import GenerateJsonSchema

from pnp.contract.app import SCHEMA, Contract, Finding, Omitted, Result

FILE = "pnp-1.schema.json"
REF = "#/$defs/{model}"
DESCRIPTION = (
    "What every pnp command prints with --json: one envelope per input (an array for commands that take several), "
    "its result fields null when the input is invalid. $defs names each command's envelope. "
    "Made by `python -m pnp.commands.schema` from the commands' result models: never edit it by hand."
)
OMITTED = (
    "In an envelope only when its diagnostics leave some out (a pattern property, beside the fields every envelope has): "
    "as the text does, at most 10 of a code are listed; this counts the rest, by code."
)


class _Generator(GenerateJsonSchema):
    """pydantic's JSON Schema, tidied (`_tidy`)."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False

    def generate(self, schema: Any, mode: Any = "validation") -> Any:
        return _tidy(super().generate(schema, mode))


# Keywords in the order a reader wants them: what it is, its bounds, what it holds; then the rest.
_ORDER = ("description", "$ref", "type", "const", "enum", "pattern", "minimum", "maximum", "minLength", "minItems", "maxItems", "minProperties")
_NAMED = ("properties", "$defs", "patternProperties")  # maps of names to schemas


def _tidy(schema: Any) -> Any:
    """pydantic's schema as this file writes it: no `title` (a property's name says it, and a
    `$defs` key), a docstring's lines joined into one description, keywords in _ORDER, and `X or
    null` as one type where X is a plain one."""
    if isinstance(schema, list):
        return [_tidy(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: ({n: _tidy(s) for n, s in v.items()} if k in _NAMED else _tidy(v)) for k, v in schema.items() if k != "title"}
    if "description" in out:
        out["description"] = " ".join(str(out["description"]).split())
    either = out.get("anyOf", ())
    if len(out) == 1 and len(either) == 2 and {"type": "null"} in either:
        other = next(s for s in either if s != {"type": "null"})
        if isinstance(other.get("type"), str):
            out = nullable(other)
    return {k: out[k] for k in sorted(out, key=lambda k: _ORDER.index(k) if k in _ORDER else len(_ORDER))}


def contracts() -> Iterator[Contract]:
    """Every command's contract, in the order pnp's help lists them (groups loaded as for help)."""
    from pnp.commands.cli import app_command

    def walk(command: Any) -> Iterator[Contract]:
        contract = getattr(command, "contract", None)
        if contract is not None:
            yield contract
        for name in command.list_commands(None) if hasattr(command, "list_commands") else ():
            yield from walk(command.get_command(None, name))

    yield from walk(app_command())


def _shared(defs: dict[str, Any], more: dict[str, Any], owner: str) -> None:
    """Add the models nested in one result to those of all; one name is one model everywhere."""
    for name, schema in more.items():
        if defs.setdefault(name, schema) != schema:
            raise ValueError(f"{owner}: two result models are named {name}, with different fields; name one otherwise")


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema`, or null: a result field as its envelope may hold it."""
    if schema.get("type") == "null" or {"type": "null"} in schema.get("anyOf", ()) or None in schema.get("enum", [0]):
        return schema
    plain = not {"$ref", "anyOf", "allOf", "oneOf"} & schema.keys() and {"type", "enum", "const"} & schema.keys()
    if not plain:  # a reference, or a schema made of others: null beside it
        return {"anyOf": [schema, {"type": "null"}]}
    out = dict(schema)
    if "const" in out:
        out["enum"] = [out.pop("const")]
    if "enum" in out:
        out["enum"] = [*out["enum"], None]
    if isinstance(out.get("type"), str):
        out["type"] = [out["type"], "null"]
    return out


def _of(model: type[Result] | Any, defs: dict[str, Any], owner: str) -> dict[str, Any]:
    """A model's (or a type's) schema, its nested models moved into `defs`."""
    made = model.model_json_schema(ref_template=REF, schema_generator=_Generator) if isinstance(model, type) and issubclass(model, Result) else None
    if made is None:
        made = TypeAdapter(model).json_schema(ref_template=REF, schema_generator=_Generator)
    _shared(defs, made.pop("$defs", {}), owner)
    return made


def envelope(contract: Contract, defs: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema of one command's envelope: pnp.contract.app.envelope, field by field."""
    result = _of(contract.result, defs, contract.command)
    fields = {name: nullable(schema) for name, schema in result.get("properties", {}).items()}
    return {
        **({"description": result["description"]} if "description" in result else {}),  # the model's docstring
        "type": "object",
        "properties": {
            "schema": {"const": SCHEMA},
            "command": {"const": contract.command},
            "file": {"type": ["string", "null"]},
            "valid": {"type": "boolean"},
            "diagnostics": {"type": "array", "items": {"$ref": "#/$defs/diagnostic"}},
            **fields,
        },
        "patternProperties": {"^diagnostics_omitted$": {"$ref": "#/$defs/diagnostics_omitted"}},
        "required": ["schema", "command", "file", "valid", "diagnostics", *fields],
        "additionalProperties": False,
    }


def schema() -> dict[str, Any]:
    """The whole `pnp/1` schema."""
    nested: dict[str, Any] = {}
    diagnostic = _of(Finding, nested, "diagnostic")
    omitted = {"description": OMITTED, **_of(Omitted, nested, "diagnostics_omitted")}
    commands = {c.command: c for c in contracts()}
    envelopes = {name: envelope(c, nested) for name, c in commands.items()}
    clash = set(nested) & {*envelopes, "diagnostic", "diagnostics_omitted"}
    if clash:
        raise ValueError(f"a result model is named as a command or an envelope's part: {', '.join(sorted(clash))}")
    one_of = [{"type": "array", "items": {"$ref": REF.format(model=n)}} if c.many else {"$ref": REF.format(model=n)} for n, c in commands.items()]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA,
        "title": "pnp --json output",
        "description": DESCRIPTION,
        "oneOf": one_of,
        "$defs": {"diagnostic": diagnostic, "diagnostics_omitted": omitted, **envelopes, **dict(sorted(nested.items()))},
    }


def text() -> str:
    """The schema as the shipped file holds it."""
    return json.dumps(schema(), indent=1) + "\n"


if __name__ == "__main__":
    print(text(), end="")
