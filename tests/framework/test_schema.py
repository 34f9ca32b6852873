"""The JSON Schema of --json is made, not kept: pnp.commands.schema builds it from the result models the
commands declare (pnp.contract.app.Result), the shipped schemas/pnp-1.schema.json is its output byte for
byte, every command found in the command tree that takes --json has its envelope there, and a
result that breaks its model fails loudly where it is made or printed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import jsonschema
import pytest
from pydantic import Field, ValidationError

from pnp.commands import schema
from pnp.commands.cli import app_command
from pnp.contract.app import Number, Report, Result, envelope, number

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "schemas" / schema.FILE


def test_the_shipped_schema_is_the_one_pnp_schema_makes():
    assert SHIPPED.read_text() == schema.text(), (
        f"{SHIPPED.relative_to(ROOT)} is not what pnp.commands.schema makes: python -m pnp.commands.schema > schemas/{schema.FILE}"
    )


def test_it_is_a_draft_2020_12_schema_with_an_envelope_for_every_command():
    made = schema.schema()
    jsonschema.Draft202012Validator.check_schema(made)
    commands = [c.command for c in schema.contracts()]
    assert len(commands) == len(set(commands)) and set(commands) < set(made["$defs"])
    assert [o.get("$ref", o.get("items", {}).get("$ref")) for o in made["oneOf"]] == [f"#/$defs/{c}" for c in commands]
    assert {"type": "array", "items": {"$ref": "#/$defs/deck validate"}} in made["oneOf"]  # it takes several decks: always an array


def _commands(command, path=()):
    """Every command of the tree, with the words that type it."""
    yield path, command
    for name in command.list_commands(None) if hasattr(command, "list_commands") else ():
        yield from _commands(command.get_command(None, name), (*path, name))


def test_every_command_that_takes_json_keeps_the_contract_and_no_other_does():
    for path, command in _commands(app_command()):
        takes_json = any("--json" in getattr(p, "opts", ()) for p in command.params)
        contract = getattr(command, "contract", None)
        assert takes_json == (contract is not None), path
        if contract is not None:
            assert contract.command == " ".join(path)


def test_every_result_field_may_be_null_and_the_envelope_is_closed():
    made = schema.schema()
    for c in schema.contracts():
        fields = list(c.result.model_fields)
        nulls = {"schema": "pnp/1", "command": c.command, "file": None, "valid": False, "diagnostics": [], **dict.fromkeys(fields)}
        one = jsonschema.Draft202012Validator({"$defs": made["$defs"], "$ref": f"#/$defs/{c.command}"})
        assert one.is_valid(nulls) and one.is_valid({**nulls, "diagnostics_omitted": {"x": 3}}), c.command
        assert not one.is_valid({**nulls, "more": 1}) and not one.is_valid({**nulls, "diagnostics_omitted": {}}), c.command
        assert made["$defs"][c.command]["required"] == ["schema", "command", "file", "valid", "diagnostics", *fields]


class Inner(Result):
    """A nested model."""

    n: Annotated[int, Field(ge=1)]


class Outer(Result):
    """A result."""

    count: int
    share: number(0, 1)
    size: Number | None
    inner: Inner
    names: list[str]


def test_a_result_that_breaks_its_model_fails_where_it_is_made():
    good = Outer(count=2, share=1, size=2.5, inner=Inner(n=1), names=["a"])
    assert good.model_dump() == {"count": 2, "share": 1, "size": 2.5, "inner": {"n": 1}, "names": ["a"]}  # 1 stays 1, not 1.0
    for wrong in ({"count": 2.0}, {"count": True}, {"share": 2}, {"inner": {"n": 0}}, {"names": ("a",)}, {"more": 1}):
        with pytest.raises(ValidationError):
            Outer.model_validate(good.model_dump() | wrong)
    with pytest.raises(ValidationError):  # a field left out
        Outer.model_validate({k: v for k, v in good.model_dump().items() if k != "size"})


def test_an_envelope_says_its_models_fields_in_order_and_refuses_another_model():
    good = Outer(count=2, share=0.5, size=None, inner=Inner(n=1), names=[])
    printed = envelope("x y", Outer, Report("f", (), good))
    assert list(printed) == ["schema", "command", "file", "valid", "diagnostics", "count", "share", "size", "inner", "names"]
    assert json.dumps(printed["inner"]) == '{"n": 1}'
    invalid = envelope("x y", Outer, Report("f", (), None))
    assert [invalid[k] for k in Outer.model_fields] == [None] * 5
    with pytest.raises(TypeError, match="its result is a Inner, where its contract says Outer"):
        envelope("x y", Outer, Report("f", (), Inner(n=1)))


def test_one_name_is_one_model():
    defs = {"Inner": {"type": "object"}}
    schema._shared(defs, {"Inner": {"type": "object"}}, "x")  # the same model again
    with pytest.raises(ValueError, match="two result models are named Inner"):
        schema._shared(defs, {"Inner": {"type": "string"}}, "y")


@pytest.mark.parametrize(
    "field, made",
    [
        ({"type": "integer", "minimum": 0}, {"type": ["integer", "null"], "minimum": 0}),
        ({"type": "string", "enum": ["a", "b"]}, {"type": ["string", "null"], "enum": ["a", "b", None]}),
        ({"const": 3}, {"enum": [3, None]}),
        ({"$ref": "#/$defs/Inner"}, {"anyOf": [{"$ref": "#/$defs/Inner"}, {"type": "null"}]}),
        ({"type": ["string", "null"]}, {"type": ["string", "null"]}),
        ({"anyOf": [{"type": "string"}, {"type": "null"}]}, {"anyOf": [{"type": "string"}, {"type": "null"}]}),
    ],
)
def test_a_result_field_made_nullable(field, made):
    assert schema.nullable(field) == made
