"""The kit's index.html opened in headless Chromium: it loads, every preview renders, no link is broken.

Chromium is Debian's `chromium` package. Where it is missing the test installs it with apt-get
(as root, as CI runs); it is skipped, saying why, only where that cannot be done.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from pnp.games.registry import GAMES

APT = ["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium"]
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--virtual-time-budget=20000",  # load everything before the DOM is dumped
]
# Added to a copy of the page (beside it, so its links stay as they are): once everything has
# loaded, what each image and link became is written into the DOM for --dump-dom to show.
PROBE = """<script>
window.addEventListener("load", () => {
  const report = {
    title: document.title,
    images: [...document.images].map(i => ({src: i.getAttribute("src"), url: i.src, complete: i.complete, width: i.naturalWidth, height: i.naturalHeight})),
    links: [...document.links].map(a => ({href: a.getAttribute("href"), url: a.href})),
  };
  const out = document.createElement("pre");
  out.id = "probe";
  out.textContent = JSON.stringify(report);
  document.body.appendChild(out);
});
</script>
"""


def chromium() -> str:
    found = shutil.which("chromium")
    if found:
        return found
    if os.geteuid() != 0:
        pytest.skip("Chromium is not installed, and only root can apt-get install it (Debian package `chromium`)")
    try:
        if subprocess.run(APT, capture_output=True, timeout=900).returncode != 0:
            subprocess.run(["apt-get", "update", "-qq"], capture_output=True, timeout=600)
            subprocess.run(APT, capture_output=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"Chromium could not be installed with apt-get: {exc}")
    return shutil.which("chromium") or pytest.skip("Chromium could not be installed with apt-get (no package `chromium` reachable)")


@pytest.fixture(scope="module")
def opened(kit_folder, tmp_path_factory) -> tuple[Path, dict]:
    """A copy of the kit, its index opened in Chromium: what the page reported."""
    browser = chromium()
    out = tmp_path_factory.mktemp("index") / "kit"
    shutil.copytree(kit_folder[0], out)
    page = (out / "index.html").read_text()
    assert page.count("</body>") == 1
    (out / "index-probe.html").write_text(page.replace("</body>", PROBE + "</body>"))
    profile = tmp_path_factory.mktemp("chromium-profile")
    done = subprocess.run(
        [browser, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", (out / "index-probe.html").as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
    )
    found = re.search(r'<pre id="probe">(.*?)</pre>', done.stdout, re.S)
    assert found, f"the page did not finish loading: {done.stderr[-2000:]}"
    return out, json.loads(found[1].replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&"))


def local(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url  # nothing fetched from the network
    return Path(unquote(parsed.path))


def test_the_page_loads(opened):
    _, report = opened
    assert report["title"] == "pnp: the print-and-play kit"


def test_every_preview_renders(opened):
    out, report = opened
    assert len(report["images"]) >= len(GAMES)
    for image in report["images"]:
        assert image["complete"] and image["width"] > 0 and image["height"] > 0, image["src"]
        assert local(image["url"]).parent.parent == out
    # A4 previews are portrait or landscape pages: sides in the ratio of the paper.
    for image in report["images"]:
        ratio = max(image["width"], image["height"]) / min(image["width"], image["height"])
        assert ratio == pytest.approx(297 / 210, rel=0.02), image["src"]


def test_no_link_is_broken(opened):
    out, report = opened
    assert report["links"]
    for link in report["links"]:
        path = local(link["url"])
        assert path.is_file(), link["href"]
        assert out in path.parents
    linked = {local(link["url"]) for link in report["links"]}
    assert linked == {p for p in out.glob("*/*") if not p.name.startswith(".")}  # every file of the kit
