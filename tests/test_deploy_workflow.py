"""The deploy recipe runs as written: the GitHub Pages workflow builds with the README's own
command and publishes what that command writes (dist/), with every action pinned to a release.

The workflow is read as text (the project has no YAML library, and needs none for this): the
``run:`` steps, the ``uses:`` lines and the artifact's ``path:``."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
KEY_RE = re.compile(r"^(?P<indent>\s*)(?:-\s+)?(?P<key>[\w-]+):\s*(?P<value>.*?)\s*$")


def steps_of(text: str, key: str) -> list[str]:
    """The values of every ``key:`` in the workflow; a block (``key: |``) joined line by line."""
    lines = text.splitlines()
    values = []
    for i, line in enumerate(lines):
        m = KEY_RE.match(line)
        if not m or m["key"] != key:
            continue
        value = m["value"]
        if value in ("|", ">", "|-", ">-"):
            block = []
            for follow in lines[i + 1:]:
                if follow.strip() and len(follow) - len(follow.lstrip()) <= len(m["indent"]) + 2:
                    break
                block.append(follow.strip())
            values += [b for b in block if b]
        else:
            values.append(value.split(" #")[0].strip().strip("'\""))
    return values


def readme_commands() -> set[str]:
    """Every command the README gives: lines of its sh blocks and its inline code."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = set()
    for block in re.findall(r"^```sh\n(.*?)^```$", readme, re.S | re.M):
        commands |= {line.split("  #")[0].strip() for line in block.splitlines() if line.strip()}
    commands |= set(re.findall(r"`([^`\n]+)`", readme))
    return commands


def test_the_workflow_builds_with_the_readmes_command_and_publishes_dist():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "\t" not in text, "YAML is indented with spaces"
    runs = steps_of(text, "run")
    assert runs == ["python3 build.py"], runs
    documented = readme_commands()
    for command in runs:
        assert command in documented, f"{command!r} is not a command of the README"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "builds the site into `dist/`" in readme
    assert [p.rstrip("/") for p in steps_of(text, "path")] == ["dist"]
    # a build on every push to main (and by hand), deployed by GitHub's own Pages actions
    assert re.search(r"^on:\n  push:\n    branches: \[main\]\n  workflow_dispatch:", text, re.M)
    assert steps_of(text, "pages") == ["write"] and steps_of(text, "id-token") == ["write"]


def test_every_action_is_pinned_to_a_release():
    uses = steps_of(WORKFLOW.read_text(encoding="utf-8"), "uses")
    names = [u.split("@")[0] for u in uses]
    assert {"actions/checkout", "actions/upload-pages-artifact", "actions/deploy-pages"} <= set(names)
    for action in uses:
        assert re.fullmatch(r"actions/[\w-]+@v\d+\.\d+\.\d+", action), f"{action}: pin an exact release"


def test_the_readme_points_to_the_workflow():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ".github/workflows/pages.yml" in readme
