import fcntl
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis profiles: "ci" (the default) keeps the whole suite within its time budget;
# "long" (50 times as many examples) is for a thorough local run: HYPOTHESIS_PROFILE=long pytest.
# Tests that set max_examples themselves are the slow ones (a CLI run or a solve per example).
settings.register_profile("ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def kit_folder(tmp_path_factory) -> tuple[Path, str]:
    """`pnp build` with its defaults (every target, A4, PDF and SVG: the README's main command), run
    once per test session and shared by every test worker: its folder and what it printed. Only to
    read: copy it before changing anything."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # above each worker's own folder
    out, printed = shared / "kit", shared / "kit.stdout"
    with open(shared / "kit.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the first worker builds; the others wait, then read
        if not printed.exists():
            from typer.testing import CliRunner

            from pnp.commands.cli import app

            result = CliRunner().invoke(app, ["build", "--out", str(out)])
            assert result.exit_code == 0, result.output
            printed.write_text(result.stdout)
    return out, printed.read_text()


@pytest.fixture(scope="session")
def kit(kit_folder, tmp_path_factory) -> Path:
    """Every file of the kit side by side, for the tests that read all of pnp's files alike."""
    flat = tmp_path_factory.mktemp("kit-files")
    for path in kit_folder[0].glob("*/*"):
        if not path.name.startswith("."):
            os.link(path, flat / path.name)  # names are unique across the kit's folders
    return flat


CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser():
    """Debian's headless Chromium driven by Playwright, which downloads no browser of its own
    (skipped where neither can be had): for the tests of web pages."""
    from tests.framework.test_index import chromium

    executable = chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright (the test extra) is not installed")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS, headless=True)
        yield launched
        launched.close()
