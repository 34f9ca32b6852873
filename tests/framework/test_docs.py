"""The documentation: the docs site's pages (docs/, mkdocs.yml) and `pnp help`, which shows the same
pages offline. The command reference and the JSON reference are made, not written: every command
pnp has, found here from the registry, has its section, and every command's JSON result its fields.
(`mkdocs build --strict` itself runs in .ci/run: a broken link or a page left out fails it.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml
from typer.testing import CliRunner

from pnp.commands.cli import app, app_command
from pnp.commands.help import plain, topics
from pnp.commands.reference import commands_markdown, expand, json_markdown

from .test_contract import commands

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "pnp-1.schema.json").read_text())
runner = CliRunner()


def pnp(*args: str):
    return runner.invoke(app, list(args))


def test_every_command_has_its_section_in_the_command_reference():
    headings = {line.lstrip("#").strip() for line in commands_markdown(app_command()).splitlines() if line.startswith("#")}
    for command in commands():
        assert f"pnp {' '.join(command)}" in headings, command


def test_every_command_with_json_has_its_result_fields_in_the_json_reference():
    text = json_markdown()
    sections = dict(re.findall(r"^### ([^\n]+)\n(.*?)(?=^##)", text + "\n##", re.MULTILINE | re.DOTALL))
    envelopes = {name: d for name, d in SCHEMA["$defs"].items() if d.get("properties", {}).get("command", {}).get("const") == name}
    assert len(envelopes) > 25
    for name, envelope in envelopes.items():
        assert name in sections, name
        for field in set(envelope["properties"]) - {"schema", "command", "file", "valid", "diagnostics"}:
            assert f"| `{field}` |" in sections[name], (name, field)
    assert "| `proven_optimal` | boolean or null |" in sections["solitaire solve"]


def _nav_pages(nav) -> list[str]:
    if isinstance(nav, str):
        return [nav]
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in _nav_pages(value)]
    return [page for item in nav for page in _nav_pages(item)]


def test_every_page_is_in_the_site_and_every_section_page_a_help_topic():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    pages = sorted(str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs").rglob("*.md") if "_hooks" not in p.parts)
    assert sorted(_nav_pages(config["nav"])) == pages
    named = {f"{Path(t.path).parent.name}/{t.name}.md" for t in topics()}
    assert named == set(pages) - {"index.md"}
    assert len({t.name for t in topics()}) == len(named)  # a topic's name is unique


def test_help_lists_the_topics_and_shows_each_as_plain_text():
    listed = pnp("help")
    assert listed.exit_code == 0
    names = {t.name for t in topics()}
    for topic in topics():
        assert re.search(rf"^  {re.escape(topic.name)} +{re.escape(topic.title)}$", listed.stdout, re.MULTILINE), topic.name
        shown = pnp("help", topic.name)
        assert shown.exit_code == 0, topic.name
        assert "<!-- pnp:" not in shown.stdout and "](" not in shown.stdout, topic.name  # generated pages filled in; no Markdown links or pictures
        for other in re.findall(r"\(pnp help ([a-z-]+)\)", shown.stdout):
            assert other in names, (topic.name, other)  # a link names a topic that exists


def test_help_fills_in_the_generated_pages():
    assert "#### pnp solitaire solve" in pnp("help", "commands").stdout
    assert "### deck goldfish" in pnp("help", "json").stdout


def test_help_schema_is_the_shipped_schema_and_goes_only_with_json():
    shown = pnp("help", "json", "--schema")
    assert shown.exit_code == 0 and json.loads(shown.stdout) == SCHEMA
    assert json.loads(pnp("help", "--schema").stdout) == SCHEMA
    wrong = pnp("help", "formats", "--schema")
    assert wrong.exit_code == 2 and "json" in wrong.stderr


def test_an_unknown_topic_is_a_usage_error_with_the_nearest_name():
    wrong = pnp("help", "format")
    assert wrong.exit_code == 2 and "did you mean formats?" in wrong.stderr


def test_plain_text_turns_pictures_and_links_into_words():
    text = plain(
        "See ![a deal](../img/deal.png) and [the formats](../reference/formats.md#deck), or [a site](https://example.org).",
        app_command(),
    )
    assert text == "See [picture: a deal] and the formats (pnp help formats), or a site (https://example.org)."


def test_a_marker_for_no_generated_page_is_refused():
    try:
        expand("<!-- pnp:nothing -->", app_command())
    except ValueError as error:
        assert "commands" in str(error)
    else:
        raise AssertionError("an unknown marker was let through")
