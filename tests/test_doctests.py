"""Run the doctests of every cambria module (the same as ``pytest --doctest-modules cambria``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cambria

MODULES = sorted(
    ["cambria"] + [m.name for m in pkgutil.walk_packages(cambria.__path__, "cambria.")
                   if not m.name.endswith("__main__")]
)


def test_the_core_modules_are_found():
    assert {"cambria.games.cambria.actions", "cambria.games.cambria.board", "cambria.core.game",
            "cambria.games.cambria.rules", "cambria.games.cambria.state", "cambria.core.record",
            "cambria.core.simulate", "cambria.core.interface", "cambria.core.seats", "cambria.cli"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctest examples in {name} failed"
