"""axe-core for the accessibility audits: the pinned npm package, checked like Pyodide is.

``axe_script()`` returns the path of ``axe.min.js`` from ``axe-core@AXE_VERSION``, fetched once
with ``npm pack`` into ``.cache/`` and refused unless the tarball matches the sha512 pinned below
(build.check_integrity, build.safe_extract).  Tests inject it with ``page.evaluate(source)`` (not a
<script> tag, which the page's Content-Security-Policy refuses);
it never ships in dist/.

``audit(page, context=None)`` runs it and returns the violations of impact serious or critical.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import build

AXE_VERSION = "4.14.1"
# `npm view axe-core@4.14.1 dist.integrity`
AXE_INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="


def axe_script() -> Path:
    cache = build.CACHE / f"axe-core-{AXE_VERSION}"
    tgz = cache / f"axe-core-{AXE_VERSION}.tgz"
    script = cache / "package" / "axe.min.js"
    stamp = cache / "package.verified"
    cache.mkdir(parents=True, exist_ok=True)
    if not tgz.exists():
        npm = build._need_tool("npm", "install Node.js with npm (`python3 build.py test` installs Debian's)")
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            proc = subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", tmp],
                                  cwd=tmp, capture_output=True, text=True)
            if proc.returncode != 0:
                raise build.BuildError(f"npm pack axe-core@{AXE_VERSION} failed:\n{proc.stderr.strip()}")
            packed = list(Path(tmp).glob("*.tgz"))
            if len(packed) != 1:
                raise build.BuildError(f"npm pack produced {len(packed)} tarballs, expected one")
            build.check_integrity(packed[0].read_bytes(), AXE_INTEGRITY)
            os.replace(packed[0], tgz)
    build.check_integrity(tgz.read_bytes(), AXE_INTEGRITY)  # every time: a replaced cache is refused
    if not (stamp.exists() and stamp.read_text() == AXE_INTEGRITY and script.is_file()):
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            build.safe_extract(tgz, Path(tmp))
            target = cache / "package"
            if target.exists():
                import shutil

                shutil.rmtree(target)
            os.replace(Path(tmp) / "package", target)
        stamp.write_text(AXE_INTEGRITY)
    if not script.is_file():
        raise build.BuildError(f"axe-core@{AXE_VERSION} has no axe.min.js")
    return script


RUN_AXE = """async (context) => {
  const result = await axe.run(context || document, {
    resultTypes: ["violations"],
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
  }));
}"""


def audit(page, context: str | None = None) -> list[dict]:
    """The serious and critical axe-core violations on the page (or inside ``context``)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # evaluated by the browser's debugging protocol: an injected <script> would be refused by
        # the page's Content-Security-Policy, as any script the page does not name
        page.evaluate(axe_script().read_text(encoding="utf-8"))
    violations = page.evaluate(RUN_AXE, context)
    return violations if os.environ.get("AXE_ALL") else [v for v in violations if v["impact"] in ("serious", "critical")]


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['impact']}: {v['id']} ({v['help']})")
        for n in v["nodes"]:
            lines.append(f"    {n['target']}: {n['summary']}")
    return "\n".join(lines)
