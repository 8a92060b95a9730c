"""The order of the default run: the longest tests first.

`python3 build.py test` runs the tests on every core (pytest-xdist, worksteal): a worker that
runs out of tests takes some of another's.  A test of a minute or more that starts last keeps
one core busy alone at the end; started first, it runs beside the short ones.  LONGEST lists
the tests that took 30 s or more each in a default run on the 2-core test machine (test ids
up to the parameters; the order only, nothing else depends on it)."""

from __future__ import annotations

import pytest

LONGEST = (
    "tests/test_strength.py::test_hard_beats_two_normals",
    "tests/test_strength.py::test_hard_beats_normal",
    "tests/web/test_i18n_a11y.py::test_a_whole_game_with_the_keyboard_only",
    "tests/test_reproducible_build.py::test_the_same_commit_builds_to_the_same_bytes",
    "tests/web/test_engines.py::test_a_whole_game_of_cambria_by_taps",
    "tests/web/test_loading.py::test_a_runtime_that_never_arrives_ends_in_try_again",
    "tests/web/test_storage_shapes.py::test_the_page_starts_over_any_stored_shapes_sample",
    "tests/web/test_play.py::test_a_whole_game_by_taps_and_clicks",
    "tests/web/test_hibernia_play.py::",
    "tests/web/test_engines.py::test_console_errors_and_uncaught_errors_are_seen",
    "tests/web/test_remote_play.py::",
    "tests/web/test_remote_joins_at_once.py::",
    "tests/web/test_two_tabs.py::test_two_tabs_take_turns_on_one_game_and_lose_no_step",
)


def _rank(nodeid: str) -> int:
    for i, prefix in enumerate(LONGEST):
        if nodeid.startswith(prefix):
            return i
    return len(LONGEST)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # a stable sort: the rest keep the order of their files
    items.sort(key=lambda item: _rank(item.nodeid))
