"""Computer opponents: legal play in every phase, determinism, time budgets, the generic search."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from cambria import Game
from cambria.games.cambria import rules
from cambria.ai import LEVELS, choose_action
from cambria.ai.players import choose
from cambria.ai.search import Budget, Expectimax, SearchAborted, greedy_order
from cambria.ai.tournament import parse_seat, play_game, wilson
from cambria.games.cambria.state import NEUTRAL, SETUP, TURN

HARD_TEST_NODES = 1000  # small, to keep the suite fast
RULES = Game("cambria", 2, seed=0).rules


def play_checked(board: str, players: int, level: str, seed: int, budget: int | None = None,
                 max_decisions: int | None = None) -> tuple[Game, set[str]]:
    """Play a game where every seat is ``level``, checking each choice against the legal list."""
    g = Game(board, players, seed=seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    decisions = 0
    while not g.is_over():
        if g.is_chance():
            g.roll()
            continue
        before = g.state.to_dict()
        legal = g.legal_actions()
        a = choose_action(g.rules, g.state, level, rng, budget)
        assert g.state.to_dict() == before, "choose_action changed the state"
        assert a in legal, f"{level} chose illegal {a} in phase {g.state.phase_name}"
        phase = g.state.phase
        kinds.add({SETUP: "setup", NEUTRAL: "neutral"}.get(phase, a.kind))
        if phase == TURN:
            if a.swap is not None:
                kinds.add("swap")
            if a.boat is not None:
                kinds.add("boat")
            if a.from_road is not None or a.from_boat is not None or a.boat_from_road is not None:
                kinds.add("move")
        g.play(a)
        decisions += 1
        if max_decisions is not None and decisions >= max_decisions:
            break
    return g, kinds


@pytest.mark.parametrize("board", ["cambria", "cumbria"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_easy_and_normal_play_only_legal_actions(board: str, players: int) -> None:
    seen: set[str] = set()
    for level in ("easy", "normal"):
        g, kinds = play_checked(board, players, level, seed=100 + players)
        assert g.is_over()
        seen |= kinds
    assert {"setup", "place"} <= seen
    if players == 2:
        assert "neutral" in seen


@pytest.mark.parametrize("board,players", [("cambria", 2), ("cumbria", 3), ("cambria", 4), ("cumbria", 5)])
def test_hard_plays_only_legal_actions(board: str, players: int) -> None:
    _, kinds = play_checked(board, players, "hard", seed=7 + players, budget=HARD_TEST_NODES,
                            max_decisions=40 + 10 * players)
    assert "setup" in kinds


def test_all_turn_features_are_used() -> None:
    """Over a few games the levels use the swap, the legion, boats and moving warriors."""
    seen: set[str] = set()
    for seed in range(4):
        for level in ("easy", "normal"):
            _, kinds = play_checked("cambria" if seed % 2 else "cumbria", 3, level, seed=seed)
            seen |= kinds
    assert {"setup", "place", "legion", "swap", "boat", "move"} <= seen


def test_same_seed_same_choices() -> None:
    for level in LEVELS:
        budget = HARD_TEST_NODES * 4 if level == "hard" else None
        g = Game("cambria", 3, seed=3)
        while g.is_chance() or g.state.phase != TURN:
            if g.is_chance():
                g.roll()
            else:
                g.play(choose_action(RULES, g.state, "normal", random.Random(0)))
        for _ in range(6):  # a few turns in
            if g.is_chance():
                g.roll()
            else:
                g.play(choose_action(RULES, g.state, "normal", random.Random(1)))
        while g.is_chance():
            g.roll()
        first = [str(choose_action(RULES, g.state, level, random.Random(42), budget)) for _ in range(2)]
        assert first[0] == first[1], level


def test_same_seed_same_game() -> None:
    a = play_game("cumbria", ["normal", "easy", "normal"], seed=5)
    b = play_game("cumbria", ["normal", "easy", "normal"], seed=5)
    assert (a["winners"], a["scores"], a["turns"]) == (b["winners"], b["scores"], b["turns"])


def _positions(board: str, players: int, seed: int, count: int) -> list[Any]:
    g = Game(board, players, seed=seed)
    rng = random.Random(seed)
    out: list[Any] = []
    while not g.is_over() and len(out) < count:
        if g.is_chance():
            g.roll()
        else:
            if g.state.phase == TURN and g.state.turns % 5 == 0:
                out.append(g.state.copy())
            g.play(choose_action(RULES, g.state, "normal", rng))
    return out


class FakeClock:
    """A clock that advances ``tick`` seconds each time it is read: a search's time is then
    a count of clock readings, the same on any machine under any load."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick
        self.readings: list[float] = []

    def __call__(self) -> float:
        self.now += self.tick
        self.readings.append(self.now)
        return self.now


@pytest.mark.parametrize("cap", [0.02, 0.1])
def test_the_clock_cap_holds_and_says_so(cap: float) -> None:
    """With an unbounded node budget Hard stops at the clock's safety cap and reports it: the
    search reads the clock past the cap once and stops there.  The clock is a fake one (a
    millisecond per reading), so no real time is measured and a busy machine changes nothing."""
    from cambria.ai.players import choose

    for players in (2, 3):
        for s in _positions("cambria", players, 11, 6):
            clock = FakeClock(0.001)
            choice = choose(RULES, s, "hard", random.Random(0), nodes=10**9, clock_cap=cap, clock=clock)
            assert choice.action in rules.legal_actions(s)
            deadline = clock.readings[0] + cap
            late = [t for t in clock.readings if t > deadline]
            if choice.clock_capped:
                assert len(late) == 1, late  # it stopped at the first reading past the cap
            else:
                assert not late and choice.depth == 2  # the whole search fit within the cap
    # with a cap of 20 readings a real search cannot fit: the cap must have fired
    clock = FakeClock(0.001)
    s = _positions("cambria", 3, 11, 1)[0]
    assert choose(RULES, s, "hard", random.Random(0), nodes=10**9, clock_cap=0.02, clock=clock).clock_capped


def test_default_node_budgets_decide() -> None:
    """At the default budgets every level stays within its nodes and the clock never fires."""
    from cambria.ai.players import NODE_BUDGET, choose

    for s in _positions("cumbria", 3, 4, 3):
        for level in LEVELS:
            choice = choose(RULES, s, level, random.Random(0))
            assert choice.nodes <= NODE_BUDGET[level] + 1
            assert not choice.clock_capped


def test_hard_keeps_the_budget_of_its_player_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's settings for a number of players may carry their own node budget."""
    from cambria.ai import players

    s = _positions("cambria", 2, 6, 5)[-1]
    limit = players.HARD[2].nodes or players.NODE_BUDGET["hard"]
    assert choose(RULES, s, "hard", random.Random(0)).nodes <= limit + 1
    small = dataclasses.replace(players.HARD[2], nodes=300)
    monkeypatch.setitem(players.HARD, 2, small)
    choice = choose(RULES, s, "hard", random.Random(0))
    assert 0 < choice.nodes <= 301 and not choice.clock_capped
    # an explicit budget (tournament --nodes) still wins over the settings
    assert choose(RULES, s, "hard", random.Random(0), nodes=5_000).nodes > 301


def test_unknown_level_and_no_decision() -> None:
    g = Game("cambria", 3, seed=1)
    with pytest.raises(ValueError):
        choose_action(RULES, g.state, "normal", random.Random(0))  # a chance step is pending
    g.roll()
    g.roll()
    with pytest.raises(ValueError):
        choose_action(RULES, g.state, "grandmaster", random.Random(0))


def test_wilson_and_seat_specs() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert wilson(0, 10)[0] == 0.0
    name, params = parse_seat("normal[boat=1.5,narrow=0]")
    assert name == "normal" and params.boat == 1.5 and params.narrow == 0.0
    assert parse_seat("hard") == ("hard", None)


# ---------------------------------------------------------------- evaluating children

def _random_positions(board: str, players: int, seed: int, every: int) -> list[Any]:
    """Decision points of a random game (every ``every``-th), all phases."""
    from cambria.games.cambria.board import load_board
    from cambria.games.cambria.state import State

    s = State(load_board(board), players)
    dice, pick = random.Random(seed), random.Random(seed + 1)
    out: list[Any] = []
    k = 0
    while not s.is_over():
        if s.is_chance():
            rules.apply_chance(s, rules.sample_chance(s, dice))
            continue
        k += 1
        if k % every == 0 or s.phase != TURN:
            out.append(s.copy())
        rules.apply(s, rules.random_action(s, pick), False)
    return out


@pytest.mark.parametrize("board", ["cambria", "cumbria"])
def test_children_are_valued_exactly_as_when_built(board: str) -> None:
    """``child_utilities`` skips building the children; its values must be exactly (not nearly)
    what evaluating each applied child gives, for every legal action, captures and the end
    of the game included."""
    from cambria.games.cambria.children import child_utilities
    from cambria.games.cambria.evaluate import Params, evaluator_for

    kinds: set[str] = set()
    for players in (2, 3, 4, 5):
        for s in _random_positions(board, players, players, every=3):
            for ev in (evaluator_for(s), evaluator_for(s, Params(supply=0.3, boat=0.5), "test")):
                actions = rules.legal_actions(s)
                fast = child_utilities(ev, s, actions)
                for a, value in zip(actions, fast, strict=True):
                    child = s.copy()
                    rules.apply(child, a, False)
                    assert value == ev.utilities(child), (s, str(a))
                    if child.last_captures and s.phase == TURN:
                        if child.is_over():
                            kinds.add("over")
                        else:
                            # fewer captures left re-values every open fort (its memo key)
                            fewer = ev.captures_left(child) != ev.captures_left(s)
                            kinds.add("capture, fewer left" if fewer else "capture")
                    kinds.add(s.phase.name)
    assert {"capture", "capture, fewer left", "over", "SETUP", "NEUTRAL", "TURN"} <= kinds


def test_a_game_ending_child_is_valued_with_the_last_turn_tiebreak() -> None:
    """Where points and tokens tie at the end, the last turn decides the winner: the unbuilt
    child must rank the players exactly as the rules do, with either tiebreak rule.  The
    positions are real game ends with the captured tokens dealt again until the top two
    tie (seeded, so the same deals every run)."""
    from cambria.games.cambria.children import child_utilities
    from cambria.games.cambria.evaluate import evaluator_for

    deal = random.Random(7)
    tied = 0
    for seed in range(2, 12):
        for s in _random_positions("cambria", 2, seed, every=1):
            if s.phase != TURN or len(s.uncaptured) > 8:
                continue
            for a in rules.legal_actions(s):
                child = s.copy()
                rules.apply(child, a, False)
                if not child.is_over():
                    continue
                for _ in range(60):
                    rigged = s.copy()
                    for f, o in enumerate(rigged.fort_owner):
                        if 0 <= o < 2:
                            rigged.fort_owner[f] = deal.randrange(2)
                    for f, o in enumerate(rigged.vp_owner):
                        if 0 <= o < 2:
                            rigged.vp_owner[f] = deal.randrange(2)
                    end = rigged.copy()
                    rules.apply(end, a, False)
                    if end.points(0) == end.points(1) and end.tokens(0) == end.tokens(1):
                        break
                else:
                    continue
                winners = set()
                for german in (False, True):
                    rigged.german_tiebreak = german
                    end = rigged.copy()
                    rules.apply(end, a, False)
                    ev = evaluator_for(rigged)
                    assert child_utilities(ev, rigged, [a])[0] == ev.utilities(end), (german, str(a))
                    winners.add(rules.result(end)["winner"])
                assert len(winners) == 2  # the tiebreak rule decided it
                tied += 1
                break
            if tied >= 6:
                return
    raise AssertionError(f"only {tied} tied game ends found")


def test_narrow_actions_keep_one_variant_of_each_move() -> None:
    """Inside the tree only one source and one boat per move are searched: every kind, road
    and swap of the legal actions is still there, and nothing illegal is added."""
    from cambria.games.cambria.moves import narrow_actions
    from cambria.games.cambria.search_hooks import CambriaSearch

    narrowed = False
    for players in (2, 3, 5):
        for s in _random_positions("cambria", players, 10 + players, every=2):
            hooks = CambriaSearch(s)
            legal = rules.legal_actions(s)
            cands = hooks.candidate_actions(s)
            assert set(cands) <= set(legal) and len(set(cands)) == len(cands)
            assert {(a.kind, a.road, a.swap) for a in cands} == {(a.kind, a.road, a.swap) for a in legal}
            narrowed |= len(cands) < len(legal)
            if s.phase == TURN and s.supply[s.current] == 0:
                assert set(narrow_actions(s, (None, None))) <= set(legal)
    assert narrowed


# ---------------------------------------------------------------- a second game for the search

class DiceRace:
    """A toy race: players take turns rolling one die, then advance by the roll or by one
    (or stay).  The first to reach ``goal`` wins.  States are tuples
    (positions, player to move, pending roll or None)."""

    def __init__(self, players: int = 2, goal: int = 12) -> None:
        self.players = players
        self.goal = goal

    def initial(self) -> tuple[tuple[int, ...], int, int | None]:
        return (tuple([0] * self.players), 0, None)

    def num_players(self, s: Any) -> int:
        return self.players

    def current_player(self, s: Any) -> int:
        return s[1]

    def is_terminal(self, s: Any) -> bool:
        return max(s[0]) >= self.goal

    def is_chance(self, s: Any) -> bool:
        return s[2] is None and not self.is_terminal(s)

    def chance_outcomes(self, s: Any) -> list[tuple[int, float]]:
        return [(d, 1 / 6) for d in range(1, 7)]

    def legal_actions(self, s: Any) -> list[str]:
        return ["roll", "one", "stay"]

    def apply(self, s: Any, a: Any) -> Any:
        pos, p, roll = s
        if roll is None:
            return (pos, p, a)
        step = {"roll": roll, "one": 1, "stay": 0}[a]
        new = list(pos)
        new[p] += step
        return (tuple(new), (p + 1) % self.players, None)

    def returns(self, s: Any) -> list[float]:
        win = max(range(self.players), key=lambda q: s[0][q])
        return [1.0 if q == win else -1.0 for q in range(self.players)]

    def evaluate(self, s: Any) -> list[float]:
        pos = s[0]
        return [(pos[q] - max(pos[o] for o in range(self.players) if o != q)) / self.goal
                for q in range(self.players)]


def test_search_runs_on_a_toy_game() -> None:
    game = DiceRace()
    s = game.apply(game.initial(), 5)  # player 0 rolled a 5
    for depth in (1, 2, 3):
        res = Expectimax(game, max_depth=depth, root_width=3, beam=3).search(s, Budget(100_000))
        assert res.action == "roll" and res.depth == depth
    # a whole game of search against search ends with a winner
    s = game.initial()
    rng = random.Random(1)
    while not game.is_terminal(s):
        if game.is_chance(s):
            s = game.apply(s, rng.randint(1, 6))
        else:
            s = game.apply(s, Expectimax(game, max_depth=2).search(s, Budget(10_000)).action)
    assert sorted(game.returns(s)) == [-1.0, 1.0]


def test_deep_width_keeps_the_best_candidates_of_the_previous_depth() -> None:
    game = DiceRace(players=3)
    s = game.apply(game.initial(), 4)
    two = Expectimax(game, max_depth=2, root_width=3, beam=3).search(s, Budget(100_000))
    full = Expectimax(game, max_depth=3, root_width=3, beam=3).search(s, Budget(100_000))
    narrow = Expectimax(game, max_depth=3, root_width=3, beam=3, deep_width=2).search(s, Budget(100_000))
    assert len(two.scores) == 3 and len(full.scores) == 3 and narrow.depth == 3
    # depth 3 searched only the two best of depth 2, with the values the full search gives them
    best_two = [a for a, _ in two.scores[:2]]
    assert sorted(a for a, _ in narrow.scores) == sorted(best_two)
    full_values = dict(full.scores)
    assert all(abs(v - full_values[a]) < 1e-12 for a, v in narrow.scores)
    assert narrow.nodes < full.nodes


def test_search_budget_and_greedy_order() -> None:
    game = DiceRace(players=3)
    s = game.apply(game.initial(), 1)
    # rolling a 1 and advancing by one are equally good; the order is stable by index
    order = greedy_order(game, s, game.legal_actions(s), 0)
    assert [a for _, _, a, _ in order] == ["roll", "one", "stay"]
    with pytest.raises(SearchAborted):
        Expectimax(game, max_depth=3).search(s, Budget(0))
    partial = Expectimax(game, max_depth=3).search(s, Budget(2))  # greedy pass cut after two actions
    assert partial.aborted and partial.depth == 1 and partial.action in ("roll", "one")
    res = Expectimax(game, max_depth=4, root_width=3, beam=3).search(s, Budget(40))
    assert res.aborted and res.action in game.legal_actions(s)


def test_import_is_light() -> None:
    import subprocess
    import sys

    import os

    import cambria

    root = os.path.dirname(os.path.dirname(os.path.abspath(cambria.__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    code = "import sys, cambria.ai; print(sorted(m for m in sys.modules if m.startswith('cambria.ai')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=env).stdout
    assert out.strip() == "['cambria.ai']"
