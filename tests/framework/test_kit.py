"""The kit as `pnp build` writes it (a folder per target, index.html, the closing table), and the
CLI around it: --quiet, the progress bar on a terminal only, `pnp list`, --version, completion,
help without a value after a flag, and start-up that loads only the game a command needs."""

from __future__ import annotations

import json
import os
import pty
import re
import shutil
import subprocess
import sys
import textwrap
import tomllib
from html.parser import HTMLParser
from importlib.metadata import version
from pathlib import Path

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.commands.cli import app
from pnp.games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
CREDITS = tomllib.loads((ROOT / "templates" / "rules" / "credits.toml").read_text())
runner = CliRunner()


def pnp(*args: str):
    return runner.invoke(app, list(args))


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# --- the folders ------------------------------------------------------------------------------------


def test_a_folder_per_target_with_its_rules_and_score_pad(kit_folder):
    out, _ = kit_folder
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == sorted([*(g.id for g in GAMES), "index.html"])
    for game in GAMES:
        names = {p.name for p in (out / game.id).iterdir()}
        if game.credit:  # a game: its rules (PDF and HTML) and its score pad beside its pieces, as the registry names them
            assert {f"{game.rules}-rules.pdf", f"{game.rules}-rules.html", f"{game.scorepad}.pdf"} <= names, game.id
        pieces = [n for n in names if n.endswith(".pdf") and not n.endswith(("-rules.pdf", "-scorepad.pdf", "-answer.pdf"))]
        assert pieces, game.id
    assert (out / "piecepack" / "piecepack.pdf").is_file() and (out / "power-lines" / "piecepack-tiles-2-5.pdf").is_file()


def test_each_folder_has_its_own_manifest(kit_folder):
    out, _ = kit_folder
    for folder in [out, *(out / g.id for g in GAMES)]:
        listed = json.loads((folder / ".pnp-manifest.json").read_text())["files"]
        assert sorted(listed) == sorted(p.name for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")), folder


def test_a_smaller_rebuild_of_one_folder_removes_only_its_own_stale_pages(kit_folder, tmp_path):
    out = tmp_path / "out"
    shutil.copytree(kit_folder[0], out)
    mine = out / "ley-lines" / "ley-lines-board-99.svg"
    mine.write_text("<svg/>")  # a user's file: never pnp's to remove
    before = sorted(p.name for p in (out / "ley-lines").glob("ley-lines-board-*.svg"))
    assert pnp("build", "-q", "ley-lines", "--players", "3", "--out", str(out / "ley-lines")).exit_code == 0
    after = sorted(p.name for p in (out / "ley-lines").glob("ley-lines-board-*.svg"))
    pages = len(pypdf.PdfReader(out / "ley-lines" / "ley-lines-board.pdf").pages)
    assert len(after) == pages + 1 < len(before)  # the 3-player board takes fewer sheets
    assert mine.read_text() == "<svg/>"
    assert (out / "piecepack" / "piecepack-01.svg").is_file()  # other folders untouched


def test_the_kit_tidies_the_flat_files_an_older_build_left_where_its_folders_now_go(tmp_path):
    out = tmp_path / "out"
    assert pnp("build", "-q", "piecepack", "--out", str(out)).exit_code == 0  # flat, as the kit once was
    (out / "piecepack-02.svg").write_text("<svg/>")  # changed since: no longer pnp's file
    (out / "notes.txt").write_text("mine")
    assert pnp("build", "-q", "--out", str(out)).exit_code == 0
    left = sorted(p.name for p in out.iterdir() if p.is_file() and not p.name.startswith("."))
    assert left == ["index.html", "notes.txt", "piecepack-02.svg"]
    assert json.loads((out / ".pnp-manifest.json").read_text())["files"].keys() == {"index.html"}
    assert (out / "piecepack" / "piecepack.pdf").is_file()


def test_a_single_target_still_writes_flat(tmp_path):
    assert pnp("build", "-q", "piecepack", "--format", "pdf", "--out", str(tmp_path)).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["piecepack.pdf"]


# --- index.html -------------------------------------------------------------------------------------


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.images: list[str] = []
        self.sections: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a":
            self.hrefs.append(attrs["href"])
        if tag == "img":
            self.images.append(attrs["src"])
        if tag == "section":
            self.sections.append(attrs["id"])


def index(out: Path) -> tuple[str, Links]:
    text = (out / "index.html").read_text()
    links = Links()
    links.feed(text)
    return text, links


def test_the_index_links_every_file_and_every_link_resolves(kit_folder):
    out, _ = kit_folder
    _, links = index(out)
    assert links.sections == [g.id for g in GAMES]
    for href in links.hrefs + links.images:
        assert (out / href).is_file(), href
    written = {str(p.relative_to(out)) for p in out.glob("*/*") if not p.name.startswith(".")}
    assert written == set(links.hrefs)
    for rules in out.glob("*/*-rules.html"):
        assert str(rules.relative_to(out)) in links.hrefs


def test_each_pdf_is_previewed_by_its_first_page_of_pieces_but_no_answer_is(kit_folder):
    out, _ = kit_folder
    _, links = index(out)
    for pdf in out.glob("*/*.pdf"):
        # The page a preview shows: the first part's first page, as the PDF's bookmarks say (after
        # the file's notes when they take a page of their own).
        reader = pypdf.PdfReader(pdf)
        top = [d for d in reader.outline if not isinstance(d, list)]
        page = reader.get_destination_page_number(top[1]) if len(top) > 1 and top[0].title == "About this file" else 0
        svg = pdf.with_name(f"{pdf.stem}-{page + 1:02d}.svg")
        shown = str(svg.relative_to(out)) in links.images
        assert shown == (svg.exists() and not pdf.stem.endswith("-answer")), pdf.name
        own = [i for i in links.images if re.fullmatch(rf"{re.escape(str(pdf.parent.relative_to(out)))}/{re.escape(pdf.stem)}-\d{{2,}}\.svg", i)]
        assert len(own) <= 1, pdf.name  # one preview a file
    assert links.images, "no previews at all"


def test_the_index_credits_every_designer_and_says_how_to_print_each_pdf(kit_folder):
    out, _ = kit_folder
    text, _ = index(out)
    for credit in CREDITS.values():
        assert credit.get("designer", "name no designer") in text
    blocks = re.findall(r'<div class="file">(.*?)</div>', text, re.S)
    for pdf in sorted(out.glob("*/*.pdf")):
        block = next(b for b in blocks if f'href="{pdf.relative_to(out)}"' in b)
        reader = pypdf.PdfReader(pdf)
        two_sided = reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
        pages = len(reader.pages)
        sheets = (pages + 1) // 2 if two_sided else pages
        assert f"{pages} page" in block and "A4 at 100 % (actual size)" in block, pdf.name
        assert ("two-sided, flip on the long edge" if two_sided else "one-sided") in block, pdf.name
        assert f"{sheets} sheet" in block, pdf.name


# --- the closing table, --quiet, the progress bar ---------------------------------------------------------


def table_rows(stdout: str) -> dict[str, list[str]]:
    rows = {}
    for line in stdout.splitlines():
        cells = [c.strip() for c in re.split(r"[│┃]", line)[1:-1]]
        if len(cells) == 4:
            rows[cells[0]] = cells[1:]
    return rows


def test_the_summary_table_agrees_with_the_files_pages_sheets_and_size(kit_folder):
    out, stdout = kit_folder
    rows = table_rows(stdout)
    pdfs = sorted(out.glob("*/*.pdf"))
    total_pages = total_sheets = 0
    for pdf in pdfs:
        reader = pypdf.PdfReader(pdf)
        pages = len(reader.pages)
        sheets = (pages + 1) // 2 if reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge" else pages
        assert rows[str(pdf.relative_to(out))][:2] == [str(pages), str(sheets)], pdf.name
        assert rows[str(pdf.relative_to(out))][2] == f"{pdf.stat().st_size / 1024:.0f} kB"
        total_pages, total_sheets = total_pages + pages, total_sheets + sheets
    svgs = list(out.glob("*/*.svg"))
    everything = len(svgs) + len(pdfs) + len(list(out.glob("*/*.html"))) + 1  # and the index
    assert rows[f"{everything} files"][:2] == [str(total_pages), str(total_sheets)]
    assert rows["power-lines-cards/power-lines-cards-01..14.svg"][0] == "14"
    assert len(list(out.glob("power-lines-cards/power-lines-cards-[0-9][0-9].svg"))) == 14


def test_quiet_prints_nothing_and_no_terminal_no_progress(tmp_path):
    for args in (["--quiet", "paint-the-line"], ["paint-the-line", "-q"]):  # before the target or after it
        quiet = pnp("build", *args, "--out", str(tmp_path / "q"))
        assert quiet.exit_code == 0 and quiet.stdout == "" and quiet.stderr == "", args
    loud = pnp("build", "paint-the-line", "--out", str(tmp_path / "l"))
    assert loud.exit_code == 0 and loud.stderr == ""  # not a terminal: no bar
    assert "paint-the-line.pdf" in loud.stdout and "pages" in loud.stdout


def run_on_a_terminal(*args: str) -> tuple[int, str, str]:
    """pnp with stderr on a pseudo-terminal, stdout a pipe: (exit code, stdout, what the terminal got)."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "pnp", *args], stdout=subprocess.PIPE, stderr=follower, env={**os.environ, "COLUMNS": "100"})
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed
            break
        if not chunk:
            break
        seen += chunk
    stdout = proc.stdout.read().decode()
    os.close(leader)
    return proc.wait(60), stdout, seen.decode(errors="replace")


def test_the_progress_bar_shows_on_a_terminal_only_and_not_when_quiet(tmp_path):
    code, stdout, terminal = run_on_a_terminal("build", "--out", str(tmp_path / "a"))
    assert code == 0
    assert "paint-the-line" in terminal and "/7" in terminal  # a bar of the 6 targets and the index, counted
    assert "index.html" in stdout
    code, stdout, terminal = run_on_a_terminal("build", "--quiet", "--out", str(tmp_path / "b"))
    assert code == 0 and terminal == "" and stdout == ""


# --- the CLI ----------------------------------------------------------------------------------------------


def test_every_game_shows_its_files_in_one_order_and_says_where_the_book_comes_from(kit_folder):
    out, _ = kit_folder
    text, _ = index(out)
    rank = {"Pieces": 0, "Score pad": 1, "Rules": 2, "The answer": 3}
    for game in GAMES:
        section = text.split(f'<section id="{game.id}">')[1].split("</section>")[0]
        titles = [re.sub(r" \(.*", "", t) for t in re.findall(r"<h3><a [^>]*>([^<]+)</a></h3>", section)]
        assert titles and [rank[t] for t in titles] == sorted(rank[t] for t in titles), (game.id, titles)
    assert "pnp build pack-solitaire --deals 1-20" in text.split('<section id="pack-solitaire">')[1].split("</section>")[0]
    # Each game's exports, as the registry lists them.
    for game in GAMES:
        section = text.split(f'<section id="{game.id}">')[1].split("</section>")[0]
        assert all(f"<code>pnp export {kind} {game.id} -o DIR</code>" in section for kind in game.exports)
    # The tiles Power Lines prints are the piecepack's 2-5: the index says which of the two to print.
    assert "skip piecepack-tiles-2-5.pdf" in text.split('<section id="power-lines">')[1].split("</section>")[0]


def test_list_shows_every_game_its_designer_and_its_commands():
    result = pnp("list")
    assert result.exit_code == 0, result.output
    for game in GAMES:
        assert game.title in result.stdout and f"pnp build {game.id}\n" in result.stdout
        for need in game.needs:
            assert f"needs:   {need.what} (pnp build {need.target})" in result.stdout
    for credit in CREDITS.values():
        assert credit.get("designer", "name no designer") in result.stdout
    root = app_command()
    assert root.list_commands(None) == ["build", *(name for g in GAMES for name in g.groups), "export", "list", "help"]
    exports = root.get_command(None, "export").list_commands(None)
    for game in GAMES:
        for kind in game.exports:
            assert kind in exports and f"pnp export {kind} {game.id} -o DIR" in result.stdout
    for group in (name for g in GAMES for name in g.groups):
        for name in root.get_command(None, group).list_commands(None):
            assert f"pnp {group} {name} " in result.stdout, (group, name)


def test_list_json_names_the_same_games_and_commands_as_its_text():
    import json

    text, result = pnp("list"), pnp("list", "--json")
    assert result.exit_code == 0, result.output
    listed = json.loads(result.stdout)
    assert listed["command"] == "list" and listed["valid"] and [g["id"] for g in listed["games"]] == [g.id for g in GAMES]
    for game in listed["games"]:
        assert game["title"] in text.stdout and game["credit"] in text.stdout and f"pnp build {game['id']}\n" in text.stdout
        assert all(f"pnp {command} " in text.stdout for command in game["commands"])
        assert all(f"pnp export {kind} {game['id']} -o DIR" in text.stdout for kind in game["exports"])


def app_command():
    from pnp.commands.cli import app_command as root

    return root()


def test_version():
    result = pnp("--version")
    assert result.exit_code == 0 and result.stdout == f"pnp {version('pnp')}\n"


def every_command(command, path=()):
    yield path, command
    if hasattr(command, "list_commands"):
        for name in command.list_commands(None):
            yield from every_command(command.get_command(None, name), (*path, name))


def test_no_help_shows_a_value_after_a_flag():
    seen = 0
    for path, command in every_command(app_command()):
        result = pnp(*path, "--help")
        assert result.exit_code == 0, path
        flags = [p.opts[-1] for p in command.params if getattr(p, "is_flag", False)] + ["--help"]
        for line in result.stdout.splitlines():
            for flag in flags:
                if re.search(rf"\s{re.escape(flag)}\s", line):
                    assert not re.search(rf"{re.escape(flag)}\s+[-\w,]*\s+<", line), (path, line)
                    seen += 1
        assert "<bool>" not in result.stdout, path
    assert seen > 30  # every command's --help line at least


def test_shell_completion_completes_commands_and_targets():
    # Typer names the shell from the process tree, which a test worker does not have; this
    # variable (Typer's own tests use it) makes --show-completion take the shell as its value.
    fixed = {**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    script = subprocess.run([sys.executable, "-m", "pnp", "--show-completion", "bash"], env=fixed, capture_output=True, text=True, timeout=60)
    assert "_PNP_COMPLETE=complete_bash" in script.stdout and "complete -o default -F _pnp_completion pnp" in script.stdout
    env = {**os.environ, "_PNP_COMPLETE": "complete_bash", "COMP_WORDS": "pnp build pa", "COMP_CWORD": "2"}
    done = subprocess.run([sys.executable, "-m", "pnp"], env=env, capture_output=True, text=True, timeout=60)
    assert set(done.stdout.split()) >= {"pack-solitaire", "paint-the-line"}, done.stdout


def test_a_command_loads_only_its_own_game():
    code = (
        "import sys; sys.argv = ['pnp', 'solitaire', 'deal', '--seed', '3']\n"
        "from pnp.commands.cli import main\n"
        "try: main()\n"
        "except SystemExit: pass\n"
        # the registry, which every command reads, holds each game's spec (its package) only:
        # no module inside a game package loads but the one game's that runs
        "print(sorted({m.split('.')[2] for m in sys.modules if m.count('.') > 2 and m.startswith('pnp.games.')}), file=sys.stderr)\n"
        "print('pnp.draw.pdf' in sys.modules, 'reportlab' in sys.modules, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stderr.splitlines()[-2:] == ["['pack_solitaire']", "False False"], done.stderr
    assert done.stdout.startswith("# Pack Solitaire deal, seed 3")


# --- the kit in worker processes ---------------------------------------------------------------------------
# pnp renders the kit in a pool of forked workers only from a single-threaded process, as its own
# command is: these tests run it so, in a process of its own (a test worker has threads of its own).

# A child that runs `pnp ARGS...` on CORES cores, a target's build replaced by a failure or a bug.
PATCHED = textwrap.dedent(
    """
    import importlib, os, sys
    from pnp.core.diagnostics import PnpError
    from pnp.games.registry import game

    target, how, cores, *args = sys.argv[1:]
    os.cpu_count = lambda: int(cores)
    module = game(target).target.load()

    def fails(opts, options):
        raise PnpError(f"{target}: cannot be built today", exit_code=2)

    def bug(opts, options):
        return 1 / 0

    def dies(opts, options):
        os._exit(3)

    module.build = {"fails": fails, "bug": bug, "dies": dies, "none": module.build}[how]
    sys.argv = ["pnp", *args]
    from pnp.commands.cli import main
    main()
    """
)


def patched(target: str, how: str, cores: int, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", PATCHED, target, how, str(cores), *args], capture_output=True, text=True, timeout=300)


def test_the_kit_is_byte_identical_in_one_process_or_in_worker_processes(kit_folder, tmp_path):
    out, _ = kit_folder
    done = patched("piecepack", "none", 2, "build", "-q", "--out", str(tmp_path / "workers"))
    assert done.returncode == 0, done.stderr
    first, second = files(out), files(tmp_path / "workers")
    assert list(first) == list(second)
    assert [name for name in first if first[name] != second[name]] == []


@pytest.mark.parametrize("cores", [1, 2])  # rendered in the one process, or by the worker processes
@pytest.mark.parametrize("target", ["ley-lines", "piecepack"])
def test_a_failure_while_rendering_writes_nothing(tmp_path, target, cores):
    done = patched(target, "fails", cores, "build", "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and f"{target}: cannot be built today" in done.stderr  # the exit code crosses processes
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*"))


def test_a_worker_that_dies_without_a_result_stops_the_build_and_says_which(tmp_path):
    done = patched("ley-lines", "dies", 2, "build", "--out", str(tmp_path / "out"))
    assert done.returncode == 1 and "ley-lines: its worker process ended without a result (exit code 3)" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*"))


def test_a_bug_in_a_worker_shows_its_traceback(tmp_path):
    done = patched("pack-solitaire", "bug", 2, "build", "--out", str(tmp_path / "out"))
    assert done.returncode == 1 and "ZeroDivisionError" in done.stderr
    assert "RemoteTraceback" in done.stderr and "in bug" in done.stderr  # the worker's own traceback, carried to the parent
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*"))
