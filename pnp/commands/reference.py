"""The two reference pages pnp writes itself: every command (from the command tree) and every
command's JSON result (from the JSON Schema, which pnp.commands.schema makes from the typed results).

A docs page asks for one with a marker line of its own (`<!-- pnp:commands -->`,
`<!-- pnp:json-results -->`); `expand` puts the page in its place. The docs site (docs/_hooks/site.py)
and `pnp help` (pnp.commands.help) both call it, so a new command is on both as soon as it exists.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from typer import Context

from pnp.core.resources import schema_file

MARKER = re.compile(r"^<!-- pnp:([a-z-]+) -->$", re.MULTILINE)


# Commands and parameters are Typer's (its own copy of click's classes), so they are told apart by
# what they have, not by class.


def _walk(command: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command under `command`, depth first, in the order help lists them."""
    yield path, command
    if hasattr(command, "list_commands"):
        for name in command.list_commands(Context(command)):
            sub = command.get_command(Context(command), name)
            if sub is not None and not sub.hidden:
                yield from _walk(sub, (*path, name))


def command_paths(root: Any) -> list[str]:
    """Every command under `root` (pnp's, as click has it) as typed (`pnp deck analyze`), the groups included."""
    return [" ".join(path) for path, _ in _walk(root, ("pnp",))]


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _param_row(param: Any, ctx: Any) -> str:
    """A parameter as help shows it: how it is typed, and what it does."""
    record = param.get_help_record(ctx) or (param.name.upper(), "")
    return f"| `{_cell(record[0])}` | {_cell(record[1])} |"


def _usage(path: tuple[str, ...], command: Any, ctx: Any) -> str:
    """How the command is typed: its options, then its arguments by name (`...` for several)."""
    words = [" ".join(path), "[OPTIONS]"]
    for param in command.get_params(ctx):
        if param.param_type_name == "argument":
            name = param.name.upper() + ("..." if param.nargs == -1 else "")
            words.append(name if param.required else f"[{name}]")
    if hasattr(command, "list_commands"):
        words.append("COMMAND [ARGS]...")
    return " ".join(words)


def commands_markdown(root: Any) -> str:
    """A section for every command under `root` (pnp's, as click has it): what it does, how it is
    typed, its arguments and options, its example."""
    out: list[str] = []
    for path, command in _walk(root, ("pnp",)):
        ctx = Context(command, info_name=" ".join(path))
        depth = min(len(path), 3)
        out.append(f"{'#' * (depth + 1)} {' '.join(path)}\n")
        help_text = (command.help or "").strip()
        if help_text:
            out.append(help_text.replace("\b\n", "") + "\n")
        out.append(f"```\n{_usage(path, command, ctx)}\n```\n")
        params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
        if params:
            out.append("| argument or option | what it does |\n|---|---|")
            out.append("\n".join(_param_row(p, ctx) for p in params) + "\n")
        if hasattr(command, "list_commands"):
            subs = command.list_commands(ctx)
            if subs:
                out.append("Commands: " + ", ".join(f"`{' '.join(path)} {name}`" for name in subs) + ".\n")
        if command.epilog:
            example = [line.strip() for line in command.epilog.splitlines()[1:] if line.strip()]
            out.append("Example:\n\n```\n" + "\n".join(example) + "\n```\n")
    return "\n".join(out)


def _type(schema: dict[str, Any]) -> str:
    """A field's schema in words: `integer`, `array of PowerLine`, `map of string to integer`."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{_anchor(name)})"
    if "anyOf" in schema:
        return " or ".join(_type(s) for s in schema["anyOf"])
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v) for v in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"])
    kinds = schema.get("type", "any")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    words = []
    for kind in kinds:
        if kind == "array":
            items = schema.get("prefixItems") or schema.get("items")
            if isinstance(items, list):
                words.append("[" + ", ".join(_type(i) for i in items) + "]")
            else:
                words.append("array of " + (_type(items) if items else "any"))
        elif kind == "object" and isinstance(schema.get("additionalProperties"), dict):
            words.append("map of string to " + _type(schema["additionalProperties"]))
        else:
            words.append(kind)
    return " or ".join(words)


def _anchor(name: str) -> str:
    """The anchor MkDocs gives a heading of `name` alone."""
    return re.sub(r"[^a-z0-9_-]", "", name.lower().replace(" ", "-"))


def _fields(schema: dict[str, Any], skip: frozenset[str] = frozenset()) -> str:
    """A table of the fields: name and type, and what each holds where the model says it."""
    fields = {name: field for name, field in schema.get("properties", {}).items() if name not in skip}
    said = any("description" in field for field in fields.values())
    rows = ["| field | type | what it holds |" if said else "| field | type |", "|---|---|---|" if said else "|---|---|"]
    for name, field in fields.items():
        words = f" {_cell(field.get('description', ''))} |" if said else ""
        rows.append(f"| `{name}` | {_cell(_type(field))} |{words}")
    return "\n".join(rows) + "\n"


ENVELOPE = frozenset({"schema", "command", "file", "valid", "diagnostics"})


def json_markdown() -> str:
    """Each command's result fields (beside the envelope's own), then the models they are made of."""
    schema = json.loads(schema_file().read_text(encoding="utf-8"))
    defs: dict[str, Any] = schema["$defs"]
    out: list[str] = ["## Each command's result\n"]
    commands = [name for name, d in defs.items() if d.get("properties", {}).get("command", {}).get("const") == name]
    for name in commands:
        d = defs[name]
        out.append(f"### {name}\n")
        if d.get("description"):
            out.append(d["description"] + "\n")
        extra = [f for f in d.get("properties", {}) if f not in ENVELOPE]
        out.append(_fields(d, ENVELOPE) if extra else "No result fields: `valid` and `diagnostics` say it all.\n")
    out.append("## The parts results are made of\n")
    for name, d in defs.items():
        if name in commands:
            continue
        out.append(f"### {name}\n")
        if d.get("description"):
            out.append(d["description"] + "\n")
        out.append(_fields(d) if "properties" in d else f"{_type(d)}\n")
    return "\n".join(out)


GENERATED: dict[str, Callable[[Any], str]] = {"commands": commands_markdown, "json-results": lambda root: json_markdown()}


def expand(markdown: str, root: Any) -> str:
    """A docs page with each marker line replaced by the page it names, made from `root` (pnp's
    commands, as click has them: the caller has them, so this module imports no command)."""

    def one(match: re.Match[str]) -> str:
        make = GENERATED.get(match[1])
        if make is None:
            raise ValueError(f"no generated page is called {match[1]}; there are {', '.join(GENERATED)}")
        return make(root).rstrip("\n")

    return MARKER.sub(one, markdown)
