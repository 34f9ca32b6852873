"""The one way pnp writes files: checked before the work, never over an input, all at the end.

A build renders every page in memory first (`write_pages` only stages its files); `commit`
then writes them, each whole or not at all (pnp.output.atomic). Every write holds Ctrl-C and SIGTERM
back until it is done (the whole commit, for a build), so pnp can stop at once on either
signal (see pnp.commands.cli): an interrupted build leaves no file half-written.

A small manifest in the output folder records every file pnp wrote there: its SHA-256 and the
group that wrote it (a build's `ley-lines-board`, an export's `export tts ley-lines`). A file is
removed only by a later write of the same group that no longer makes it (the pages of an older,
longer build; a card dropped from an exported deck), and only while its content is still what
pnp wrote: a user's own file, and another command's, are never removed.
"""

from __future__ import annotations

import errno
import glob
import hashlib
import json
import os
import re
import signal
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from pnp.core.diagnostics import PnpError, shown
from pnp.core.printing import Print
from pnp.core.session import Pages, Staged, current, ongoing
from pnp.draw.document import PrintHints
from pnp.draw.shapes import Drawing
from pnp.output.atomic import write_atomic

MANIFEST = ".pnp-manifest.json"
FORMATS = ("pdf", "svg")


@dataclass(frozen=True)
class BuildOptions:
    """What every print target understands: how its pages are printed (the paper and the print
    settings, pnp.core.printing), the formats to write, the folder."""

    printing: Print = Print()
    formats: tuple[str, ...] = FORMATS
    out: Path = Path("output")


NAME_MAX = 255  # bytes in one file name on every common file system


def begin(folder: Path) -> None:
    """Check that `folder` can hold the build's files, then stage what follows until `commit`
    (in the command's session: pnp.core.session)."""
    check_folder(folder)
    if (building := current()) is not None:
        building.staged = Staged()


def _inputs() -> dict[tuple[int, int], Path]:
    """The files this command has read: never written over."""
    reading = current()
    return reading.inputs if reading is not None else {}


def write_pages(name: str, pages: list[Drawing], opts: BuildOptions, title: str = "", hints: PrintHints | None = None, kind: str | None = None) -> list[Path]:
    """`name.pdf` and `name-NN.svg` in the output folder; returns their paths.

    Inside a build command they are staged and written by `commit`; called directly, at once.
    """
    # The backends (ReportLab, svgwrite) load here, not when pnp starts: most commands draw nothing.
    from pnp.draw.pdf import render_pdf
    from pnp.draw.svg import render_svg

    files: dict[Path, bytes] = {}
    counted: dict[Path, Pages] = {}
    if "pdf" in opts.formats:
        pdf = opts.out / f"{name}.pdf"
        first = hints.preview if hints else 0
        files[pdf], counted[pdf] = render_pdf(pages, title=title or name, hints=hints), Pages(len(pages), bool(hints and hints.duplex), first)
    if "svg" in opts.formats:
        for number, page in enumerate(pages, 1):
            svg = opts.out / f"{name}-{number:02d}.svg"
            files[svg], counted[svg] = render_svg(page).encode("utf-8"), Pages(1)
    return write_rendered(name, files, opts, counted, kind=kind)


def write_rendered(
    name: str, files: dict[Path, bytes], opts: BuildOptions, pages: dict[Path, Pages] | None = None, whole: bool = False, kind: str | None = None
) -> list[Path]:
    """Files rendered elsewhere (a typeset rule sheet, its HTML) under the group `name`, staged as
    write_pages stages; `pages`: what the renderer says of each page-holding file; `kind`: what
    the document is (pnp.contract.documents.Kind's value), kept for the index and the kit.

    The group's earlier files it does not write again are removed: all of them if `whole` (an
    export), else those of the formats asked for (a PDF-only build keeps its earlier SVGs)."""
    building = current()
    staged = building.staged if building is not None and building.staged is not None else Staged()
    staged.files.update(files)
    staged.owners.update(dict.fromkeys(files, name))
    staged.pages.update(pages or {})
    if kind is not None:
        staged.kinds.update(dict.fromkeys(files, kind))
    staged.groups.setdefault(opts.out, {})[name] = None if whole else frozenset(f".{suffix}" for suffix in opts.formats)
    if building is None or building.staged is None:
        _commit(staged)
    return list(files)


def hand_over() -> Staged:
    """What this process has staged, for another to write (the kit's worker processes, see
    pnp.commands.kit); staging here starts afresh."""
    building = ongoing()
    staged, building.staged = building.staged or Staged(), Staged()
    return staged


def take_over(staged: Staged) -> None:
    """Stage what another process handed over, as if it had been rendered here."""
    mine = ongoing().staged
    if mine is None:
        raise RuntimeError("take_over() before begin(): nothing is being staged")
    mine.files.update(staged.files)
    mine.owners.update(staged.owners)
    mine.pages.update(staged.pages)
    mine.kinds.update(staged.kinds)
    for folder, groups in staged.groups.items():
        mine.groups.setdefault(folder, {}).update(groups)


def commit() -> list[Path]:
    """Write every staged file; a file that is an input of this command stops it before anything is
    written. Returns the files removed: pages of an older, longer build."""
    building = ongoing()
    staged, building.staged = building.staged, None
    return _commit(staged) if staged is not None else []


def _commit(staged: Staged) -> list[Path]:
    if not staged.files:
        return []
    if (writing := current()) is not None:
        writing.printed.update(staged.pages)
        writing.kinds.update(staged.kinds)
    targets = list(staged.files) + [folder / MANIFEST for folder in staged.groups]
    for path in targets:
        check_target(path)
    with _signals_held():
        return [
            removed
            for folder, groups in staged.groups.items()
            for removed in _commit_folder(folder, groups, {p.name: (data, staged.owners[p]) for p, data in staged.files.items() if p.parent == folder})
        ]


def remove_moved(folder: Path, moved: Iterable[Path]) -> list[Path]:
    """Remove from `folder` the files of the same names as `moved`, written there by the groups that
    now wrote them elsewhere, unchanged since (the kit, once flat, now a folder per game)."""
    manifest = _read_manifest(folder)
    now = {path.parent: _read_manifest(path.parent) for path in moved}
    gone = [p.name for p in moved if p.name in manifest and p.name in now[p.parent] and manifest[p.name].group == now[p.parent][p.name].group]
    if not gone:
        return []
    with _signals_held():
        removed = [folder / name for name in dict.fromkeys(gone) if _remove_if_ours(folder / name, manifest.pop(name).sha256)]
        _write_manifest(folder, manifest)
    return removed


def _commit_folder(folder: Path, groups: dict[str, frozenset[str] | None], files: dict[str, tuple[bytes, str]]) -> list[Path]:
    removed = []
    manifest = _read_manifest(folder)
    for name, (data, group) in files.items():
        write_file(folder / name, data)
        manifest[name] = Entry(hashlib.sha256(data).hexdigest(), group)
    # What a group wrote before and makes no more goes (the pages of an older, longer build).
    for name, entry in list(manifest.items()):
        replaces = groups.get(entry.group or "", frozenset())
        if name not in files and entry.group in groups and (replaces is None or Path(name).suffix in replaces):
            if _remove_if_ours(folder / name, entry.sha256):
                del manifest[name]
                removed.append(folder / name)
    # Forget files that are gone or no longer what pnp wrote.
    for name in list(manifest):
        if name not in files and not _is_ours(folder / name, manifest[name].sha256):
            del manifest[name]
    _write_manifest(folder, manifest)
    return removed


def _remove_stale_temporaries(folder: Path, name: str) -> None:
    """A pnp killed (SIGKILL) while writing `name` leaves its temporary file (see pnp.output.atomic): remove it now."""
    pattern = re.compile(rf"\.{re.escape(name)}\.[A-Za-z0-9_]{{8}}\.tmp")
    for leftover in folder.glob(f".{glob.escape(name)}.*.tmp"):
        if pattern.fullmatch(leftover.name) and leftover.is_file() and not leftover.is_symlink():
            try:
                leftover.unlink()
            except OSError:
                pass  # tidying only: the build itself does not depend on it


class Entry(NamedTuple):
    """A file pnp wrote: its content's SHA-256 and the group that wrote it (None: a manifest of
    before groups were recorded, whose files pnp overwrites but never removes)."""

    sha256: str
    group: str | None


def _read_manifest(folder: Path) -> dict[str, Entry]:
    """The manifest's plain file names, hashes and groups; anything unexpected in it is ignored."""
    try:
        data = json.loads((folder / MANIFEST).read_bytes()[: 1 << 20])
        files = data["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    if not isinstance(files, dict):
        return {}
    read = {}
    for name, entry in files.items():
        if not isinstance(name, str) or "/" in name or "\0" in name or name.startswith("."):
            continue
        if isinstance(entry, str):  # version 1: the hash alone
            read[name] = Entry(entry, None)
        elif isinstance(entry, dict) and isinstance(entry.get("sha256"), str) and isinstance(entry.get("group"), str):
            read[name] = Entry(entry["sha256"], entry["group"])
    return read


def _write_manifest(folder: Path, manifest: dict[str, Entry]) -> None:
    files = {name: ({"sha256": e.sha256, "group": e.group} if e.group is not None else e.sha256) for name, e in sorted(manifest.items())}
    write_file(folder / MANIFEST, json.dumps({"pnp-manifest": 2, "files": files}, indent=1) + "\n")


def _is_ours(path: Path, digest: str) -> bool:
    """`path` is a regular file, not an input of this command, holding exactly what pnp wrote."""
    try:
        info = path.lstat()
        if not path.is_file() or path.is_symlink() or (info.st_dev, info.st_ino) in _inputs():
            return False
        return hashlib.sha256(path.read_bytes()).hexdigest() == digest
    except OSError:
        return False


def _remove_if_ours(path: Path, digest: str) -> bool:
    if not _is_ours(path, digest):
        return False
    try:
        path.unlink()
    except OSError as exc:
        raise _failed(path, exc) from None
    return True


def check_folder(folder: Path) -> None:
    """An output folder must be a folder pnp can create (if missing) and write into; exit 2 if not.

    Checked with a probe that leaves nothing behind, so a failing build writes nothing.
    """
    _check_name_lengths(folder)
    existing = folder
    while not os.path.lexists(existing) and existing != existing.parent:
        existing = existing.parent
    try:
        if not existing.is_dir():
            where = "is" if existing == folder else f"is inside {shown(existing)}, which is"
            raise PnpError(f"{shown(folder)}: {where} not a folder; choose another output folder", exit_code=2)
        with _signals_held():
            if existing == folder:
                fd, probe = tempfile.mkstemp(dir=folder, prefix=".pnp-probe-")
                os.close(fd)
                os.unlink(probe)
            else:
                os.rmdir(tempfile.mkdtemp(dir=existing, prefix=".pnp-probe-"))
    except OSError as exc:
        raise _failed(folder, exc) from None


def check_target(path: Path) -> None:
    """Refuse (exit 2) a path that is an input of this command, a folder, a device, or a name too long."""
    _check_name_lengths(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        if exc.errno in (errno.ENOTDIR, errno.ENOENT):
            return  # the folder is checked when it is made
        raise _failed(path, exc) from None
    if (info.st_dev, info.st_ino) in _inputs():
        raise PnpError(f"{shown(path)}: refusing to write over an input of this command; choose another output", exit_code=2)
    if stat.S_ISDIR(info.st_mode):
        raise PnpError(f"{shown(path)}: is a folder; pnp would write a file by that name", exit_code=2)
    if not stat.S_ISREG(info.st_mode):
        # Writing means replacing: a device, pipe or socket would be swapped for a plain file.
        raise PnpError(f"{shown(path)}: is not a regular file (a device, pipe or socket); pnp writes only files", exit_code=2)


def check_file(path: Path) -> None:
    """Before the work: `path` is a file pnp could write (its folder writable, not an input).
    A folder that cannot be written is named through the file the user asked for."""
    try:
        check_folder(path.parent)
    except PnpError as exc:
        folder, _, why = str(exc).partition(": ")
        why = why if why.startswith("cannot write") else f"{folder} {why}"  # `X is not a folder`
        raise PnpError(f"{shown(path)}: {why}", exc.exit_code) from None
    check_target(path)


def write_file(path: Path, data: bytes | str) -> None:
    """Write one file whole (see pnp.output.atomic); any failure is a one-line usage error (exit 2)."""
    check_target(path)
    _remove_stale_temporaries(path.parent, path.name)
    try:
        with _signals_held():
            write_atomic(path, data)
    except OSError as exc:
        raise _failed(path, exc) from None


def _check_name_lengths(path: Path) -> None:
    for part in path.parts:
        if len(os.fsencode(part)) > NAME_MAX:
            raise PnpError(f"{shown(path)}: a name in this path is longer than {NAME_MAX} bytes", exit_code=2)


def _failed(path: Path, exc: OSError) -> PnpError:
    return PnpError(f"{shown(path)}: cannot write there ({exc.strerror or exc}); choose another output", exit_code=2)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until every file of the build is in place."""
    held = {signal.SIGINT, signal.SIGTERM}
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, ValueError):  # no sigmask on this platform, or not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
