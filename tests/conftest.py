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
    once per test worker: its folder and what it printed. Shared: copy it before changing anything."""
    from typer.testing import CliRunner

    from pnp.cli import app

    out = tmp_path_factory.mktemp("kit")
    result = CliRunner().invoke(app, ["build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.stdout


@pytest.fixture(scope="session")
def kit(kit_folder, tmp_path_factory) -> Path:
    """Every file of the kit side by side, for the tests that read all of pnp's files alike."""
    flat = tmp_path_factory.mktemp("kit-files")
    for path in kit_folder[0].glob("*/*"):
        if not path.name.startswith("."):
            os.link(path, flat / path.name)  # names are unique across the kit's folders
    return flat
