"""The tool that checks the review's loss against play-outs (benchmarks/review_outcomes.py):
a plant is reviewed by the page's own function and both branches are played out on the same dice;
the same arguments give the same figures."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tool():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("review_outcomes", ROOT / "benchmarks" / "review_outcomes.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["review_outcomes"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_a_plant_is_reviewed_and_played_out_the_same_way_twice():
    ro = tool()
    one = ro.measure("cambria", 3, 1, "worst", 4, "normal")
    two = ro.measure("cambria", 3, 1, "worst", 4, "normal")
    keep = ("played", "best", "review_loss", "verdict", "outcome_loss", "wins")
    assert {k: one[k] for k in keep} == {k: two[k] for k in keep}
    assert one["played"] != one["best"] and one["review_loss"] >= 8   # the worst move: a mistake or worse
    assert sum(one["wins"].values()) <= 2 * 4
    assert one["outcome_loss"] == 100 * (one["wins"]["best"] - one["wins"]["planted"]) / 4
    # the same position's Hard move: the review's own search finds (almost) nothing to say
    hard = ro.measure("cambria", 3, 1, "hard", 4, "normal")
    assert hard["review_loss"] < 3
