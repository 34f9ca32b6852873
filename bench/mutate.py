"""Mutation testing: would the tests notice if one small thing in a module were wrong?

    python bench/mutate.py MODULE TEST... [--sample N] [--seed S] [--jobs J] [--only TEXT] [--lines A-B] [--list] [--toml]
    python bench/mutate.py pnp/core/rules.py tests/core/test_rules.py tests/core/test_rules_messages.py \
        tests/cards/test_decklist.py

Each mutant is one change a reviewer would try, made to the module's syntax tree (`ast`):

    compare    a comparison flipped: `<` -> `<=` or `>`, `<=` -> `<` or `>=`, `==` <-> `!=`, `is` <-> `is not`, `in` <-> `not in`
    constant   a whole number moved by one (`16` -> `15`, `17`)
    boolop     `and` <-> `or`
    bool       `True` <-> `False`
    arith      `+` <-> `-` (also `+=` <-> `-=`)
    return     `return x` -> `return None` (not where `x` is a truth value: `bool` covers that)
    statement  a statement inside a function replaced by `pass` (an `if`, `for` or `with` as a whole too)

String literals are never changed (docstrings, messages, regular expressions: the location of a
finding is the contract, not its wording), nor annotations and decorators; the expressions inside
an f-string are (a plural, `n - most`), and so is the line and column arithmetic around them.

The TEST files given run once on the module unchanged, under coverage.py, to learn which test
runs which line (they must pass). Each mutant then runs against the tests that run its lines
(every test, for a line that runs on import; none, for a line no test runs: it survives), with
pytest's `-x`: a test that fails, or an import that breaks, kills it; one that passes lets it
survive; a run over the time limit (3 times the unmutated run, plus 10 s) has timed out, and
counts as detected. The score is (killed + timed out) / the non-equivalent mutants. Survivors are
listed as FILE:LINE, the function, the change and the line, so that a developer can write the
missing test. `--all-tests` runs every test on every mutant, for code that only a process the
tests start runs (coverage does not follow it).

Equivalent mutants (a change that cannot alter behaviour) are listed once, with a one-line reason
each, in `bench/equivalent-mutants.toml`; they are never run nor counted. An entry names the
module, the function, the text of the line, the kind and the change (and `occurrence` when the
same change can be made twice on one line), so it still holds after the lines around it move.
`--toml` prints survivors in that shape, to paste once each is shown to be equivalent; entries
that match no mutant any more are reported as stale.

Many mutants: `--sample N` runs N of the non-equivalent ones, chosen with a fixed seed
(`--seed`, default 22), so two runs of the same code pick the same mutants.

Why not mutmut or cosmic-ray. mutmut 3.8 was tried on `pnp/core/rules.py` (1006 mutants, 3 min 44 s):
it changes every string literal (`"count"` -> `"XXcountXX"`, every message upper-cased), with no
switch to leave strings alone, so most survivors are wording; it cannot sample; it has no list of
equivalent mutants (only `# pragma: no mutate` in the source, which silences a whole line), and
names mutants by their ordinal within a function, which shifts with every edit; and it copies the
tree into `mutants/` inside the checkout. cosmic-ray writes each mutant into the source file on
disk, where the other developers' test runs in this shared checkout would import it. Neither fits,
so this is a small mutator of its own.

How concurrent test runs are protected: the working tree is never written. Each mutant lives only
in a child process forked from this one: the child changes its own copy of the syntax tree,
compiles it (with the module's real file name, so `__file__` and tracebacks are right), and
serves it from an import hook placed before every other finder, then runs pytest in-process. A
process the tests start gets the same hook through a `sitecustomize.py` in a temporary folder put
first on its PYTHONPATH. The children write no bytecode, keep no pytest cache (`-p
no:cacheprovider`), use no hypothesis database (a profile of their own: 100 examples a test, as
`ci`, derandomized, so two runs agree) and keep their temporary files in a folder of their own, which
is removed at the end. Other pytest runs in the checkout always import the real module: no lock
is needed, and an interrupted run leaves nothing to restore.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import importlib.abc
import importlib.util
import itertools
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "bench" / "equivalent-mutants.toml"
SEED = 22  # the issue that asked for this command

_COMPARE_SWAPS: dict[type, tuple[type, ...]] = {
    ast.Lt: (ast.LtE, ast.Gt),
    ast.LtE: (ast.Lt, ast.GtE),
    ast.Gt: (ast.GtE, ast.Lt),
    ast.GtE: (ast.Gt, ast.LtE),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
}
_REMOVABLE = (
    ast.Expr,
    ast.Assign,
    ast.AugAssign,
    ast.AnnAssign,
    ast.Raise,
    ast.Continue,
    ast.Break,
    ast.Delete,
    ast.Assert,
    ast.If,
    ast.For,
    ast.While,
    ast.With,
)
_SHOWN = 100  # characters of a changed expression shown (and kept in its key)


# --- finding the mutants ---------------------------------------------------------------------


@dataclass
class Mutant:
    kind: str
    function: str  # "Class.method", "function" or "<module>"
    line: int
    last: int  # the last line of the changed node: the lines whose tests are run
    line_text: str  # the line the changed node starts on, stripped
    before: str
    after: str
    apply: Callable[[], None] = field(repr=False)
    revert: Callable[[], None] = field(repr=False)
    occurrence: int = 1  # the same change on the same line in the same function: 1st, 2nd...

    @property
    def change(self) -> str:
        return f"{self.before} -> {self.after}"

    def key(self, module: str) -> tuple:
        return (module, self.function, _normal(self.line_text), self.kind, _normal(self.change), self.occurrence)


def _normal(text: str) -> str:
    return " ".join(text.split())


def _short(node: ast.AST) -> str:
    text = _normal(ast.unparse(node))
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)))


class _Finder:
    """Walks a module's tree and records every mutant, each with how to make and unmake it."""

    def __init__(self, tree: ast.Module, lines: list[str]):
        self.lines = lines
        self.found: list[Mutant] = []
        self.scope: list[str] = []
        self.function_depth = 0
        self._body(tree.body, removable=False)

    def _add(self, kind: str, node: ast.AST, show: ast.AST, apply: Callable[[], None], revert: Callable[[], None], after: str | None = None) -> None:
        before = _short(show)
        apply()
        try:
            after = after if after is not None else _short(show)
        finally:
            revert()
        line = node.lineno
        function = ".".join(self.scope) or "<module>"
        self.found.append(Mutant(kind, function, line, node.end_lineno or line, self.lines[line - 1].strip(), before, after, apply, revert))

    # statements

    def _body(self, body: list[ast.stmt], removable: bool) -> None:
        for i, stmt in enumerate(body):
            if i == 0 and _is_docstring(stmt):
                continue
            if removable and isinstance(stmt, _REMOVABLE):
                self._remove(body, i)
            self._statement(stmt)

    def _remove(self, body: list[ast.stmt], i: int) -> None:
        stmt = body[i]
        blank = ast.copy_location(ast.Pass(), stmt)
        first = ast.unparse(stmt).splitlines()[0]
        first = first if len(first) <= _SHOWN else first[: _SHOWN - 3] + "..."

        def apply() -> None:
            body[i] = blank

        def revert() -> None:
            body[i] = stmt

        before = _normal(first) + (" ..." if isinstance(stmt, (ast.If, ast.For, ast.While, ast.With)) else "")
        self.found.append(
            Mutant(
                "statement",
                ".".join(self.scope) or "<module>",
                stmt.lineno,
                stmt.end_lineno or stmt.lineno,
                self.lines[stmt.lineno - 1].strip(),
                before,
                "pass",
                apply,
                revert,
            )
        )

    def _statement(self, stmt: ast.stmt) -> None:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self._arguments(stmt.args)
            self.scope.append(stmt.name)
            self.function_depth += 1
            self._body(stmt.body, removable=True)
            self.function_depth -= 1
            self.scope.pop()
            return
        if isinstance(stmt, ast.ClassDef):
            for base in stmt.bases + [k.value for k in stmt.keywords]:
                self._expr(base)
            self.scope.append(stmt.name)
            self._body(stmt.body, removable=self.function_depth > 0)
            self.scope.pop()
            return
        if isinstance(stmt, (ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal, ast.Pass)):
            return
        if isinstance(stmt, ast.AnnAssign):  # the annotation is not run; its value is
            if stmt.value is not None:
                self._expr(stmt.value)
            return
        if isinstance(stmt, ast.Return) and stmt.value is not None:
            self._return(stmt)
        if isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, (ast.Add, ast.Sub)) and not _is_text(stmt.value):
            self._swap_op(stmt, stmt)
        removable = self.function_depth > 0
        for _name, value in ast.iter_fields(stmt):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                self._body(value, removable=removable)
            elif isinstance(value, list):
                for item in value:
                    self._node(item)
            elif isinstance(value, ast.AST):
                self._node(value)

    def _node(self, node: ast.AST) -> None:
        if isinstance(node, ast.expr):
            self._expr(node)
        elif isinstance(node, ast.ExceptHandler):
            if node.type is not None:
                self._expr(node.type)
            self._body(node.body, removable=self.function_depth > 0)
        elif isinstance(node, ast.withitem):
            self._expr(node.context_expr)
        elif isinstance(node, ast.match_case):
            self._body(node.body, removable=self.function_depth > 0)
        elif isinstance(node, ast.keyword):
            self._expr(node.value)
        elif isinstance(node, ast.comprehension):
            self._expr(node.iter)
            for cond in node.ifs:
                self._expr(cond)

    def _arguments(self, args: ast.arguments) -> None:
        for default in args.defaults + [d for d in args.kw_defaults if d is not None]:
            self._expr(default)

    def _return(self, stmt: ast.Return) -> None:
        value = stmt.value
        if isinstance(value, ast.Constant) and (value.value is None or isinstance(value.value, bool)):
            return
        none = ast.copy_location(ast.Constant(None), value)

        def apply() -> None:
            stmt.value = none

        def revert() -> None:
            stmt.value = value

        self._add("return", stmt, stmt, apply, revert, after="return None")

    # expressions

    def _expr(self, node: ast.expr) -> None:
        if isinstance(node, ast.Compare):
            for j, op in enumerate(node.ops):
                for new in _COMPARE_SWAPS.get(type(op), ()):
                    self._set(node, "compare", node.ops, j, new())
        elif isinstance(node, ast.BoolOp):
            self._set_attr(node, "boolop", "op", ast.Or() if isinstance(node.op, ast.And) else ast.And())
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            if not any(_is_text(side) or isinstance(side, (ast.List, ast.Tuple, ast.ListComp)) for side in (node.left, node.right)):
                self._swap_op(node, node)
        elif isinstance(node, ast.Constant):
            if isinstance(node.value, bool):
                self._set_attr(node, "bool", "value", not node.value)
            elif isinstance(node.value, int):
                for new in (node.value - 1, node.value + 1):
                    self._set_attr(node, "constant", "value", new)
            return
        elif isinstance(node, ast.Lambda):
            self._arguments(node.args)
            self._expr(node.body)
            return
        elif isinstance(node, ast.JoinedStr):  # only the expressions inside
            for part in node.values:
                if isinstance(part, ast.FormattedValue):
                    self._expr(part.value)
            return
        for child in ast.iter_child_nodes(node):
            self._node(child)

    def _set(self, node: ast.AST, kind: str, seq: list, j: int, new: object) -> None:
        old = seq[j]

        def apply() -> None:
            seq[j] = new

        def revert() -> None:
            seq[j] = old

        self._add(kind, node, node, apply, revert)

    def _set_attr(self, node: ast.AST, kind: str, attr: str, new: object) -> None:
        old = getattr(node, attr)

        def apply() -> None:
            setattr(node, attr, new)

        def revert() -> None:
            setattr(node, attr, old)

        self._add(kind, node, node, apply, revert)

    def _swap_op(self, node: ast.AST, show: ast.AST) -> None:
        old = node.op
        new = ast.Sub() if isinstance(old, ast.Add) else ast.Add()

        def apply() -> None:
            node.op = new

        def revert() -> None:
            node.op = old

        self._add("arith", node, show, apply, revert)


def find_mutants(source: str) -> tuple[ast.Module, list[Mutant]]:
    tree = ast.parse(source)
    found = _Finder(tree, source.splitlines()).found
    seen: dict[tuple, int] = {}
    for m in found:
        k = (m.function, _normal(m.line_text), m.kind, _normal(m.change))
        seen[k] = seen.get(k, 0) + 1
        m.occurrence = seen[k]
    return tree, found


# --- equivalents -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Equivalent:
    key: tuple
    reason: str


def read_equivalents(path: Path) -> list[Equivalent]:
    if not path.is_file():
        return []
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    entries = []
    for i, e in enumerate(data.get("mutant", []), 1):
        missing = {"module", "function", "line", "kind", "change", "reason"} - set(e)
        if missing:
            sys.exit(f"{path}: entry {i} lacks {', '.join(sorted(missing))}")
        if not str(e["reason"]).strip():
            sys.exit(f"{path}: entry {i} ({e['module']}:{e['function']}) gives no reason")
        key = (e["module"], e["function"], _normal(e["line"]), e["kind"], _normal(e["change"]), int(e.get("occurrence", 1)))
        entries.append(Equivalent(key, e["reason"]))
    return entries


def toml_entry(module: str, m: Mutant) -> str:
    def q(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    lines = [
        "[[mutant]]",
        f"module = {q(module)}",
        f"function = {q(m.function)}",
        f"line = {q(_normal(m.line_text))}",
        f"kind = {q(m.kind)}",
        f"change = {q(_normal(m.change))}",
    ]
    if m.occurrence > 1:
        lines.append(f"occurrence = {m.occurrence}")
    lines.append('reason = ""')
    return "\n".join(lines)


# --- running the tests against a mutant ------------------------------------------------------


class _MutantFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves one module from a code object; every other import goes on as usual."""

    def __init__(self, name: str, code, origin: str):
        self.name, self.code, self.origin = name, code, origin

    def find_spec(self, fullname, path=None, target=None):
        if fullname != self.name:
            return None
        spec = importlib.util.spec_from_loader(fullname, self, origin=self.origin)
        spec.has_location = True
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        exec(self.code, module.__dict__)


_SITECUSTOMIZE = """\
# Written by bench/mutate.py into a temporary folder: a Python process started by a test
# imports the mutant too.
import os, sys
sys.dont_write_bytecode = True
_name, _file, _origin = os.environ["PNP_MUTANT_MODULE"], os.environ["PNP_MUTANT_FILE"], os.environ["PNP_MUTANT_ORIGIN"]
import importlib.abc, importlib.util
class _Hook(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        if fullname != _name:
            return None
        spec = importlib.util.spec_from_loader(fullname, self, origin=_origin)
        spec.has_location = True
        return spec
    def create_module(self, spec):
        return None
    def exec_module(self, module):
        with open(_file, encoding="utf-8") as f:
            exec(compile(f.read(), _origin, "exec"), module.__dict__)
sys.meta_path.insert(0, _Hook())
"""


@dataclass
class Target:
    path: Path  # the module's file
    name: str  # its dotted name
    tests: list[str]
    tree: ast.Module
    tmp: Path


class _Select:
    """A pytest plugin: run only the tests named (node ids), in the order collected."""

    def __init__(self, nodeids: set[str]):
        self.nodeids = nodeids

    def pytest_collection_modifyitems(self, config, items) -> None:
        keep = [item for item in items if item.nodeid in self.nodeids]
        dropped = [item for item in items if item.nodeid not in self.nodeids]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
        items[:] = keep


class _Trace:
    """A pytest plugin: which test runs which line of the module (coverage.py, one context a test)."""

    def __init__(self, path: Path, out: Path):
        import coverage

        self.path, self.out = path, out
        self.cov = coverage.Coverage(data_file=None, include=[str(path)], config_file=False)
        self.cov.start()  # before the tests are collected: what runs on import is context ""

    def pytest_runtest_setup(self, item) -> None:
        self.cov.switch_context(item.nodeid)

    def pytest_runtest_teardown(self, item) -> None:
        self.cov.switch_context("")

    def pytest_sessionfinish(self, session) -> None:
        import json

        self.cov.stop()
        data = self.cov.get_data()
        lines = data.contexts_by_lineno(str(self.path))
        self.out.write_text(json.dumps({str(n): sorted(c) for n, c in lines.items()}), encoding="utf-8")


def _child(target: Target, mutant: Mutant | None, number: int, select: set[str] | None) -> None:
    """In a forked child: make the mutant, serve it, run the tests, exit with pytest's code.

    The unmutated run (mutant None) records which test runs which line; a mutant's run is
    limited to `select`, the tests that run its lines (None: every test).
    """
    try:
        os.setsid()  # its own process group, so a timeout ends what the tests started too
        os.chdir(ROOT)
        here = target.tmp / f"m{number}"
        here.mkdir()
        log = os.open(here / "pytest.log", os.O_WRONLY | os.O_CREAT, 0o644)
        os.dup2(log, 1)
        os.dup2(log, 2)
        if mutant is not None:
            mutant.apply()
        code = compile(target.tree, str(target.path), "exec")
        (here / "mutant.py").write_text(ast.unparse(target.tree), encoding="utf-8")
        (here / "sitecustomize.py").write_text(_SITECUSTOMIZE, encoding="utf-8")
        os.environ.update(
            {
                "PNP_MUTANT_MODULE": target.name,
                "PNP_MUTANT_FILE": str(here / "mutant.py"),
                "PNP_MUTANT_ORIGIN": str(target.path),
                "PYTHONDONTWRITEBYTECODE": "1",
                "PYTHONPATH": os.pathsep.join([str(here), str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep),
                "HYPOTHESIS_PROFILE": "mutate",
                "HYPOTHESIS_STORAGE_DIRECTORY": str(here / "hypothesis"),
            }
        )
        os.environ.pop("COVERAGE_PROCESS_START", None)
        sys.dont_write_bytecode = True
        top = target.name.split(".")[0]
        for name in [n for n in sys.modules if n == top or n.startswith(top + ".")]:
            del sys.modules[name]
        sys.path.insert(0, str(ROOT))
        sys.meta_path.insert(0, _MutantFinder(target.name, code, str(target.path)))
        import hypothesis
        from hypothesis import HealthCheck, settings

        hypothesis.configuration.set_hypothesis_home_dir(here / "hypothesis")
        settings.register_profile("mutate", max_examples=100, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
        import pytest

        tests = target.tests
        plugins: list[object] = []
        if mutant is None:
            plugins.append(_Trace(target.path, here / "lines.json"))
        elif select is not None:
            plugins.append(_Select(select))
            tests = sorted({str(ROOT / nodeid.split("::")[0]) for nodeid in select})
        rc = pytest.main(
            [*tests, "-x", "-q", "-o", "addopts=", "-p", "no:cacheprovider", "-p", "no:xdist", "--basetemp", str(here / "basetemp")], plugins=plugins
        )
        os._exit(int(rc))
    except BaseException:  # noqa: BLE001 - whatever went wrong, the parent must get an exit code
        import traceback

        traceback.print_exc()
        os._exit(3)


def _warm(tests: list[str], module: str) -> None:
    """Import, once, what every child would import again: the module and what the tests import."""
    importlib.import_module("pytest")
    importlib.import_module("hypothesis")
    names = {module}
    for test in tests + [str(ROOT / "tests" / "conftest.py")]:
        path = Path(test)
        if not path.is_file():
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    for name in sorted(names):
        if (ROOT / "tests" / f"{name.split('.')[0]}.py").exists():
            continue  # a helper module beside the tests
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - only a warm-up: the child imports it for real
            pass


@dataclass
class Outcome:
    status: str  # killed, survived, timeout, error
    seconds: float


_numbers = itertools.count(1)  # each child's folder under the run's temporary one


def run_all(
    target: Target,
    mutants: list[Mutant | None],
    jobs: int,
    timeout: float | None,
    progress: Callable[[int, Outcome], None],
    select: Callable[[Mutant], set[str] | None] = lambda m: None,
) -> list[Outcome]:
    """Every mutant (None: the module unchanged) in forked children, `jobs` at a time, each
    against the tests `select` names for it (None: all)."""
    results: list[Outcome | None] = [None] * len(mutants)
    running: dict[int, tuple[int, float]] = {}  # pid -> (index, start)
    queue = list(range(len(mutants)))

    def finish(pid: int, state: str) -> None:
        i, start = running.pop(pid)
        results[i] = Outcome(state, time.perf_counter() - start)
        progress(i, results[i])

    try:
        while queue or running:
            while queue and len(running) < jobs:
                i = queue.pop(0)
                number = next(_numbers)
                sys.stdout.flush()
                sys.stderr.flush()
                pid = os.fork()
                if pid == 0:
                    _child(target, mutants[i], number, None if mutants[i] is None else select(mutants[i]))
                running[pid] = (i, time.perf_counter())
            # Which child ended, without reaping it: its process group is ended first (whatever
            # the tests started and left behind), while its id cannot yet be taken by another.
            info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            if info is None or info.si_pid == 0:
                now = time.perf_counter()
                for pid, (_, start) in list(running.items()):
                    if timeout is not None and now - start > timeout:
                        _kill(pid)
                        os.waitpid(pid, 0)
                        finish(pid, "timeout")
                time.sleep(0.02)
                continue
            pid = info.si_pid
            _kill(pid)
            _, status = os.waitpid(pid, 0)
            if pid not in running:
                continue
            code = os.waitstatus_to_exitcode(status)
            if code == 0:
                state = "survived"
            elif code in (3, 4, 5):  # pytest's internal error, usage error, no tests collected
                state = "error"
            else:  # 1: a test failed; 2: interrupted, as by an import that breaks; a signal
                state = "killed"
            finish(pid, state)
    finally:
        for pid in list(running):
            _kill(pid)
            os.waitpid(pid, 0)
    return results  # type: ignore[return-value]


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)  # the child's own group: it called setsid()
    except (ProcessLookupError, PermissionError):
        pass


# --- the command -----------------------------------------------------------------------------


def module_name(path: Path) -> str:
    rel = path.resolve().relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _minutes(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{int(seconds // 60)} min {seconds % 60:.0f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example: python bench/mutate.py pnp/core/rules.py tests/core/test_rules.py tests/core/test_rules_messages.py",
    )
    parser.add_argument("module", type=Path, help="the module to mutate, e.g. pnp/core/rules.py")
    parser.add_argument("tests", nargs="+", help="the test files (or pytest node ids) that exercise it")
    parser.add_argument("--sample", type=int, metavar="N", help="run N of the non-equivalent mutants, chosen by --seed")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the seed of --sample (default {SEED})")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="children at once (default: one a core)")
    parser.add_argument("--timeout", type=float, help="seconds a mutant may take (default: 3 x the unmutated run + 10)")
    parser.add_argument("--only", metavar="TEXT", help="only mutants whose function, change or line contains TEXT")
    parser.add_argument("--lines", metavar="A-B", help="only mutants on lines A to B")
    parser.add_argument(
        "--all-tests",
        action="store_true",
        help="run every test against every mutant, not only those that run its lines (slower; for code only a child process runs)",
    )
    parser.add_argument("--list", action="store_true", help="list the mutants; run nothing")
    parser.add_argument("--toml", action="store_true", help="print survivors as entries for the equivalents file")
    parser.add_argument("--equivalents", type=Path, default=EQUIVALENTS, help="the equivalents file (default: %(default)s)")
    parser.add_argument("--fail-under", type=float, metavar="PERCENT", help="exit 1 when the score is below PERCENT")
    args = parser.parse_args(argv)

    path = args.module.resolve()
    if not path.is_file() or path.suffix != ".py":
        parser.error(f"{args.module}: not a Python file")
    try:
        rel = path.relative_to(ROOT).as_posix()
    except ValueError:
        parser.error(f"{args.module}: not inside {ROOT}")
    tests = [str(Path(t).resolve()) if Path(t.split("::")[0]).exists() else t for t in args.tests]
    source = path.read_text(encoding="utf-8")
    tree, mutants = find_mutants(source)
    equivalents = read_equivalents(args.equivalents)
    mine = {e.key: e for e in equivalents if e.key[0] == rel}
    keys = {m.key(rel) for m in mutants}
    stale = [e for k, e in mine.items() if k not in keys]
    equivalent = [m for m in mutants if m.key(rel) in mine]
    todo = [m for m in mutants if m.key(rel) not in mine]
    if args.only:
        needle = args.only.lower()
        todo = [m for m in todo if needle in f"{m.function} {m.change} {m.line_text}".lower()]
    if args.lines:
        low, _, high = args.lines.partition("-")
        todo = [m for m in todo if int(low) <= m.line <= int(high or low)]
    picked = todo
    if args.sample is not None and args.sample < len(todo):
        picked = random.Random(args.seed).sample(todo, args.sample)
        order = {id(m): n for n, m in enumerate(mutants)}
        picked.sort(key=lambda m: order[id(m)])

    print(f"{rel}: {len(mutants)} mutants, {len(equivalent)} of them equivalent (listed in {_display(args.equivalents)})")
    for e in stale:
        print(f"  stale equivalent (no such mutant now): {e.key[1]}: {e.key[4]}  [{e.key[2]}]")
    if args.list:
        for m in picked:
            print(f"{rel}:{m.line}: {m.kind}: {m.function}: {m.change}")
        return 0
    if not picked:
        print("nothing to run")
        return 0

    if len(picked) < len(todo):
        print(f"sampled {len(picked)} of the {len(todo)} to run (seed {args.seed})")
    target = Target(path, module_name(path), tests, tree, Path(tempfile.mkdtemp(prefix="pnp-mutate-")))
    started = time.perf_counter()
    try:
        _warm(tests, target.name)
        (base,) = run_all(target, [None], 1, None, lambda i, o: None)
        if base.status != "survived":
            log = target.tmp / "m1" / "pytest.log"
            tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
            print(f"the tests fail on the unchanged module; fix them first:\n{tail}", file=sys.stderr)
            return 2
        timeout = args.timeout if args.timeout is not None else 3 * base.seconds + 10
        reached = _lines_run(target.tmp / "m1" / "lines.json")

        def tests_for(m: Mutant) -> set[str] | None:
            """The tests that run the mutant's lines; None: every test (the line runs on import)."""
            if args.all_tests:
                return None
            found = set().union(*(reached.get(n, ()) for n in range(m.line, m.last + 1)))
            return None if "" in found else found

        unreached = [m for m in picked if tests_for(m) == set()]
        run = [m for m in picked if tests_for(m) != set()]
        print(
            f"{len(picked)} mutants against {len(tests)} test file(s), {args.jobs} at a time, each against the tests "
            f"that run its lines ({len(unreached)} on lines no test runs); unmutated run {base.seconds:.1f} s, "
            f"time limit {timeout:.3g} s"
        )
        done: dict[str, int] = {"killed": 0, "survived": 0, "timeout": 0, "error": 0}
        tty = sys.stderr.isatty()

        def progress(i: int, outcome: Outcome) -> None:
            done[outcome.status] += 1
            n = sum(done.values())
            if tty:
                print(
                    f"\r  {n}/{len(run)}: killed {done['killed']}, survived {done['survived']}, timed out {done['timeout']}",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
            elif n % 50 == 0:
                print(f"  {n}/{len(run)}", file=sys.stderr, flush=True)

        outcomes = run_all(target, run, max(1, args.jobs), timeout, progress, tests_for)
        if tty:
            print(file=sys.stderr)
    finally:
        shutil.rmtree(target.tmp, ignore_errors=True)
    elapsed = time.perf_counter() - started
    status = {id(m): o.status for m, o in zip(run, outcomes)} | {id(m): "survived" for m in unreached}
    outcomes = [status[id(m)] for m in picked]
    done["survived"] += len(unreached)

    survivors = [m for m, o in zip(picked, outcomes) if o == "survived"]
    errors = [m for m, o in zip(picked, outcomes) if o == "error"]
    unreached_ids = {id(m) for m in unreached}
    killed, timed_out = done["killed"], done["timeout"]
    counted = killed + timed_out + len(survivors)
    score = 100.0 * (killed + timed_out) / counted if counted else 100.0
    if survivors:
        print("survivors (a test that fails on each is missing, or it is equivalent: list it with a reason):")
        for m in survivors:
            print(
                f"  {rel}:{m.line}: {m.function}: {m.kind}: {m.change}"
                + (f"  (#{m.occurrence} on the line)" if m.occurrence > 1 else "")
                + ("  [no test runs this line]" if id(m) in unreached_ids else "")
            )
            print(f"      {m.line_text}")
    for m in errors:
        print(f"  pytest could not run on {rel}:{m.line}: {m.change} (not counted)")
    if args.toml and survivors:
        print("\n# for " + _display(args.equivalents) + ", once each is shown to be equivalent:\n")
        print("\n\n".join(toml_entry(rel, m) for m in survivors))
    print(
        f"killed {killed}, survived {len(survivors)}, timed out {timed_out}; equivalent {len(equivalent)} (not run)"
        + (f"; {len(errors)} not run by pytest" if errors else "")
    )
    print(f"score: {score:.1f} % of {counted} non-equivalent mutants detected ({rel}, {_minutes(elapsed)})")
    if args.fail_under is not None and score < args.fail_under:
        return 1
    return 0


def _lines_run(path: Path) -> dict[int, set[str]]:
    """What the unmutated run recorded: line -> the tests (node ids) that ran it, "" for on import."""
    import json

    if not path.is_file():
        return {}
    return {int(n): set(tests) for n, tests in json.loads(path.read_text(encoding="utf-8")).items()}


def _display(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


if __name__ == "__main__":
    sys.exit(main())
