"""An option that puts something in force while a command runs: the card game's `--cards FILE`
(another card catalogue, read by everything that reads cards).

A game declares one once, `Context(name, annotation, enter)`; a command takes it by being wrapped,
`context.around(command)`, and a record format's commands by its listing it (`RecordFormat.contexts`).
The command sees nothing of it: `enter(value)` holds the value in force for the command's run,
and what the value reads wrong is the command's error (a PnpError, at its file's line).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

JSON = "as_json"  # the --json parameter, which stays last


@dataclass(frozen=True)
class Context:
    name: str  # the parameter's name
    annotation: Any  # its Typer annotation: `Annotated[Path | None, typer.Option("--cards", ...)]`
    enter: Callable[[Any], AbstractContextManager[object]]
    default: Any = None

    def parameter(self, kind: inspect._ParameterKind = inspect.Parameter.KEYWORD_ONLY) -> inspect.Parameter:
        return inspect.Parameter(self.name, kind, annotation=self.annotation, default=self.default)

    def around(self, command: Callable[..., Any]) -> Callable[..., Any]:
        """`command` taking this option too (before --json), run with its value in force."""
        signature = inspect.signature(command, eval_str=True)
        parameters = list(signature.parameters.values())
        at = next((i for i, p in enumerate(parameters) if p.name == JSON), len(parameters))
        kind = parameters[at].kind if at < len(parameters) else inspect.Parameter.KEYWORD_ONLY
        parameters.insert(at, self.parameter(kind))

        def run(**given: Any) -> Any:
            with self.enter(given.pop(self.name)):
                return command(**given)

        run.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]  # read by Typer; typeshed gives a function no __signature__
        run.__doc__, run.__name__ = command.__doc__, command.__name__
        return run
