"""The kit: `pnp build` alone writes every target of the game registry into a folder of its own,
then `index.html` beside them (pnp.commands.index); the closing table is pnp.commands.summary's.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Iterator
from contextlib import nullcontext
from dataclasses import replace
from multiprocessing.connection import Connection, wait
from multiprocessing.pool import ExceptionWithTraceback  # type: ignore[attr-defined]  # typeshed leaves it out; the pool sends a worker's traceback in it
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pnp.commands.index import INDEX, render_index
from pnp.contract.documents import write_documents
from pnp.core.diagnostics import PnpError
from pnp.core.session import Staged
from pnp.games.registry import GAMES, Game
from pnp.output import files as output
from pnp.output.files import BuildOptions

if TYPE_CHECKING:
    from multiprocessing.context import ForkProcess  # where there is fork


def _progress(enabled: bool) -> Any:
    """A progress bar on stderr, shown only on a terminal."""
    console = Console(stderr=True)
    if not (enabled and console.is_terminal):
        return nullcontext(None)
    return Progress(TextColumn("{task.description:<18}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console, transient=True)


def _render(game: Game, opts: BuildOptions) -> tuple[str, list[Path], Staged]:
    """One target into its folder, staged; what it staged is handed back for the parent to write."""
    folder = replace(opts, out=opts.out / game.id)
    return game.id, write_documents(game.build()(folder, game.options()()), folder), output.hand_over()


def _child(game: Game, opts: BuildOptions, sender: Connection) -> None:
    """A worker process: one target rendered, and its result (or its exception, with the worker's
    traceback for the parent to show) sent back. It stops at a signal as the kernel does by
    default; the parent says so, once."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)
    try:
        sent: tuple[bool, object] = (True, _render(game, opts))
    except BaseException as exc:  # a bug too: the parent raises it, with this traceback
        sent = (False, ExceptionWithTraceback(exc, exc.__traceback__))
    sender.send(sent)
    sender.close()


def _preload() -> None:
    """Load once, before the workers fork, what every process needs and would each load on first
    use: each target's code, the fonts, ReportLab's typesetter and the Markdown parser."""
    from pnp.draw import typeset  # noqa: F401
    from pnp.draw.markdown import markdown
    from pnp.draw.text import FACES, embedded

    for game in GAMES:
        game.target.load()
    for font in FACES:
        embedded(font)
    markdown()


def _rendered(opts: BuildOptions) -> Iterator[tuple[str, list[Path], Staged]]:
    """Every target rendered, in the order they finish: on two cores or more by a pool of worker
    processes (the parent writes everything, so a failed or stopped build still writes nothing)."""
    workers = min(os.cpu_count() or 1, len(GAMES))
    # A fork copies only the thread that calls it: in a process with others (a test runner's), a
    # worker could inherit a lock that is never released. pnp's own command has one thread.
    if workers < 2 or threading.active_count() > 1 or "fork" not in multiprocessing.get_all_start_methods():
        yield from (_render(game, opts) for game in GAMES)
        return
    # One process a target, `workers` at a time. No pool: a pool's workers share a queue's locks,
    # and ending it while one of them waits on that queue can hang for good (seen under load).
    # Processes of their own share nothing, and the parent can kill them at any moment.
    fork = multiprocessing.get_context("fork")
    waiting = list(GAMES)
    running: dict[Connection, tuple[Game, ForkProcess]] = {}  # each worker's receiver: its target and its process
    try:
        while waiting or running:
            while waiting and len(running) < workers:
                game = waiting.pop(0)
                receiver, sender = fork.Pipe(duplex=False)
                worker = fork.Process(target=_child, args=(game, opts, sender), name=f"pnp-{game.id}")
                worker.start()
                sender.close()  # the parent's copy: the receiver sees the end when the worker's goes
                running[receiver] = (game, worker)
            for receiver in cast(list[Connection], wait(list(running))):  # wait hands back the receivers it is given
                game, worker = running.pop(receiver)
                try:
                    done, result = receiver.recv()
                except EOFError:
                    worker.join()
                    raise PnpError(f"{game.id}: its worker process ended without a result (exit code {worker.exitcode})") from None
                finally:
                    receiver.close()
                worker.join()
                if not done:
                    raise result  # an exception, rebuilt with the worker's traceback
                yield result
    finally:
        for receiver, (_, worker) in running.items():  # done, or this process failed first: nothing left is wanted
            worker.kill()
            worker.join()
            receiver.close()


def build_kit(opts: BuildOptions, progress: bool = True) -> tuple[list[Path], list[Path]]:
    """Every target into `opts.out/TARGET/`, then the index; returns every file written, and every
    file removed (an older build's, where this one wrote none)."""
    _preload()
    done: dict[str, list[Path]] = {}
    with _progress(progress) as bar:
        task = bar.add_task("rendering", total=len(GAMES) + 1) if bar else None
        for name, paths, staged in _rendered(opts):
            output.take_over(staged)
            done[name] = paths
            if bar:
                bar.update(task, description=name, advance=1, refresh=True)  # each target shown as it is done
        if bar:
            bar.update(task, description="writing")
        written = [path for game in GAMES for path in done[game.id]]
        removed = output.commit()  # the index describes the files as written
        index = render_index(opts.out, written, opts.printing)
        written += output.write_rendered("index", {opts.out / INDEX: index.encode("utf-8")}, opts)
        removed += output.remove_moved(opts.out, [path for path in written if path.parent != opts.out])
        if bar:
            bar.advance(task)
    return written, removed
