"""Where the test command's time goes: the parts of one run, from its JUnit XML.

    python3 build.py test --junitxml=/tmp/run.xml        # the README's test command, with a report
    python3 benchmarks/test_command.py /tmp/run.xml      # the parts, then the longest tests

Each test's own time is summed per part (worker-minutes: with pytest-xdist two workers run at
once, so the wall clock is about half the sum when both stay busy to the end). The parts:
browser tests in Chromium (tests/web/ but test_engines.py), the engines (Firefox and WebKit,
tests/web/test_engines.py), the static checks (mypy, ruff, import time: test_static_checks.py)
and the Python tests (the rest).
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

PARTS = ("browser tests (Chromium)", "engines (Firefox, WebKit)", "static checks", "Python tests")


def part_of(classname: str) -> str:
    """The part a test belongs to, from its JUnit class name.

    >>> part_of("tests.web.test_engines"), part_of("tests.web.test_play"), part_of("tests.test_ai")
    ('engines (Firefox, WebKit)', 'browser tests (Chromium)', 'Python tests')
    """
    if classname.startswith("tests.web.test_engines"):
        return PARTS[1]
    if classname.startswith("tests.web."):
        return PARTS[0]
    if classname.startswith("tests.test_static_checks"):
        return PARTS[2]
    return PARTS[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", type=Path, help="the JUnit XML of one run (pytest --junitxml)")
    parser.add_argument("--longest", type=int, default=15, help="how many of the longest tests to list")
    args = parser.parse_args()
    try:
        root = ET.parse(args.report).getroot()
    except (OSError, ET.ParseError) as exc:  # one line, no traceback
        parser.error(f"cannot read {args.report} as a JUnit XML report: {exc}")
    seconds: collections.Counter[str] = collections.Counter()
    counts: collections.Counter[str] = collections.Counter()
    failed = 0
    tests = []
    for case in root.iter("testcase"):
        cls, took = case.get("classname", ""), float(case.get("time", 0))
        part = part_of(cls)
        seconds[part] += took
        counts[part] += 1
        failed += any(child.tag in ("failure", "error") for child in case)
        tests.append((took, f"{cls}::{case.get('name')}"))
    suites = list(root.iter("testsuite"))
    wall = max((float(s.get("time", 0)) for s in suites), default=0.0)
    print(f"{sum(counts.values())} tests, {failed} failed or in error; pytest's wall clock {wall / 60:.1f} min")
    print(f"{'part':30s} {'tests':>6s} {'worker-min':>11s}")
    for part in PARTS:
        print(f"{part:30s} {counts[part]:6d} {seconds[part] / 60:11.1f}")
    print(f"{'all':30s} {sum(counts.values()):6d} {sum(seconds.values()) / 60:11.1f}")
    print(f"\nthe {args.longest} longest:")
    for took, name in sorted(tests, reverse=True)[:args.longest]:
        print(f"{took:7.1f} s  {name}")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # a reader that stopped early (| head): end quietly, as cat does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(141)
