"""A REFERENCE for the benchmark, not shipped: Cambria written the plain, obvious way.

``benchmarks/engine.py`` measures the engine against this module on the same
seeds.  It implements the same rules (docs/rules.md)
the way one would write them first: a road holds ``None`` or a colour, the
legion is a road number or ``None``, every question ("which roads lead to a
fort numbered 4?", "is this fort full?") is answered by looking at the map,
every legal action is built with the public ``Action`` constructors, and an
action is played *checked*: it must be in the list of legal actions.

It lists the actions in the engine's order and draws the dice the engine's way
(``int(random() * 6) + 1``, the same generators), so a seed gives the very same
game in both, and the benchmark checks that it does (same turns, same
winner): the two do equal work.  Nothing here is optimised, on purpose; nothing
here is used by the game.
"""

from __future__ import annotations

import random
from typing import Any

from cambria.games.cambria.actions import Action
from cambria.games.cambria.board import VP_VALUE, Board, load_board

WARRIORS = 5
FORTS_LEFT_AT_END = 6


class Plain:
    """A game of Cambria as plain data."""

    def __init__(self, board: Board, n_players: int) -> None:
        self.board = board
        self.n_players = n_players
        self.neutral: int | None = 2 if n_players == 2 else None
        self.n_colours = n_players + (1 if n_players == 2 else 0)
        self.roads: list[int | None] = [None] * len(board.roads)
        self.legion: int | None = None
        self.boats: dict[int, int | None] = {n: None for n in range(2, 7)}
        self.supply = [WARRIORS] * self.n_colours
        self.fort_owner: list[int | None] = [None] * len(board.forts)
        # the VP token under each fort: "board", a colour, "removed", or None (no token)
        self.vp: list[Any] = ["board" if f.number in VP_VALUE else None for f in board.forts]
        self.captured: list[bool] = [False] * len(board.forts)
        self.current = 0
        self.start = 0
        self.dice: list[int] = []
        self.entries: list[int] = [-1] * self.n_colours
        self.seq = 0
        self.turns = 0
        self.over = False
        # the map's facts every turn asks about, looked up once
        self.road_numbers = [(board.forts[a].number, board.forts[b].number) for a, b in board.roads]
        self.fort_roads = [[r for r, (a, b) in enumerate(board.roads) if f in (a, b)]
                           for f in range(len(board.forts))]

    # -------------------------------------------------------------- the map
    def numbers_of_road(self, r: int) -> tuple[int, int]:
        return self.road_numbers[r]

    def roads_of_fort(self, f: int) -> list[int]:
        return self.fort_roads[f]

    def is_empty(self, r: int) -> bool:
        return self.roads[r] is None and self.legion != r

    def my_roads(self, p: int) -> list[int]:
        return [r for r in range(len(self.roads)) if self.roads[r] == p]

    def my_boats(self, p: int) -> list[int]:
        return [n for n in range(2, 7) if self.boats[n] == p]

    # -------------------------------------------------------------- legal actions
    def legal_turn_actions(self) -> list[Action]:
        p = self.current
        a, b = self.dice
        options: list[tuple[tuple[int, int] | None, int, int]] = [(None, a, b)]
        for n in self.my_boats(p):
            for v in ([a] if a == b else [a, b]):
                dice = [n, b] if v == a else [a, n]
                dice.sort()
                options.append(((n, v), dice[0], dice[1]))
        out: list[Action] = []
        for swap, x, y in options:
            supply = self.supply[p] + (1 if swap else 0)
            boats_left = [n for n in self.my_boats(p) if not (swap and swap[0] == n)]
            if supply > 0:
                sources: list[tuple[int | None, int | None]] = [(None, None)]
            else:
                sources = [(r, None) for r in self.my_roads(p)] + [(None, n) for n in boats_left]
            for r in range(len(self.roads)):
                nums = self.numbers_of_road(r)
                if x == 1:
                    ok = y != 1 and y in nums and self.is_empty(r)
                elif x == y:
                    ok = x in nums and self.roads[r] != p
                else:
                    ok = (x in nums or y in nums) and self.is_empty(r)
                if ok:
                    for fr, fb in sources:
                        out.append(Action.place(r, from_road=fr, from_boat=fb, swap=swap))
            if x == 1:
                for r in range(len(self.roads)):
                    if r == self.legion or (y != 1 and y not in self.numbers_of_road(r)):
                        continue
                    out.append(Action.legion(r, swap=swap))
                    free = [n for n in range(2, 7) if self.boats[n] is None or (swap and swap[0] == n)]
                    if supply > 0 or self.roads[r] == p:
                        boat_sources: list[tuple[int | None, int | None]] = [(None, None)]
                    else:
                        boat_sources = ([(q, None) for q in self.my_roads(p) if q != r]
                                        + [(None, n) for n in boats_left])
                    for n in free:
                        for fr, fb in boat_sources:
                            if fb != n:
                                out.append(Action.legion(r, swap=swap, boat=n, boat_from_road=fr,
                                                         boat_from_boat=fb))
            if not (x == 1 and y == 1):
                out.append(Action.pass_(swap=swap))
        return out

    def neutral_targets(self) -> list[int]:
        d = self.dice[0]
        empty = [r for r in range(len(self.roads)) if self.is_empty(r)]
        if d >= 2:
            preferred = [r for r in empty if d in self.numbers_of_road(r)]
            if preferred:
                return preferred
        return empty

    def legal_actions(self) -> list[Action]:
        if self.phase == "turn":
            return self.legal_turn_actions()
        if self.phase == "setup":
            d = self.dice[0]
            return [Action.setup(r) for r in range(len(self.roads))
                    if self.is_empty(r) and d in self.numbers_of_road(r)]
        if self.phase == "neutral":
            n = self.neutral
            targets = self.neutral_targets()
            if self.supply[n] > 0:  # type: ignore[index]
                return [Action.neutral(r) for r in targets]
            return [Action.neutral(r, s) for r in targets for s in self.my_roads(n)]  # type: ignore[arg-type]
        return []

    # -------------------------------------------------------------- chance
    phase = "start"

    def roll(self, rng: random.Random) -> None:
        def die() -> int:
            return int(rng.random() * 6) + 1

        if self.phase == "start":
            self.start = self.current = int(rng.random() * self.n_players)
            self.phase = "setup_roll"
        elif self.phase == "setup_roll":
            while True:
                d = die()
                if d != 1 and any(self.is_empty(r) and d in self.numbers_of_road(r)
                                  for r in range(len(self.roads))):
                    break
            self.dice = [d]
            self.phase = "setup"
        elif self.phase == "neutral_roll":
            self.dice = [die()]
            self.phase = "neutral"
        else:
            a, b = die(), die()
            self.dice = sorted([a, b])
            self.phase = "turn"

    # -------------------------------------------------------------- playing
    def play(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}")
        p = self.current
        if self.phase == "setup":
            self.roads[action.road] = p  # type: ignore[index]
            self.supply[p] -= 1
            self.seq += 1
            self.entries[p] = self.seq
            placed = sum(1 for e in self.entries[: self.n_players] if e >= 0)
            if placed == self.n_players:
                self.current = self.start
                self.begin_turn()
            else:
                self.current = (p + 1) % self.n_players
                self.phase = "setup_roll"
            return
        if self.phase == "neutral":
            n = self.neutral
            if action.from_road is not None:
                self.roads[action.from_road] = None
            else:
                self.supply[n] -= 1  # type: ignore[index]
            self.roads[action.road] = n  # type: ignore[index]
            self.phase = "roll"
            return
        if action.swap is not None:
            self.boats[action.swap[0]] = None
            self.supply[p] += 1
        if action.kind == "place":
            self.take_warrior(p, action.from_road, action.from_boat)
            self.send_home(action.road)  # type: ignore[arg-type]
            self.roads[action.road] = p  # type: ignore[index]
        elif action.kind == "legion":
            self.send_home(action.road)  # type: ignore[arg-type]
            self.legion = action.road
            if action.boat is not None:
                self.take_warrior(p, action.boat_from_road, action.boat_from_boat)
                self.boats[action.boat] = p
        self.end_turn()

    def take_warrior(self, p: int, from_road: int | None, from_boat: int | None) -> None:
        if from_road is not None:
            self.roads[from_road] = None
        elif from_boat is not None:
            self.boats[from_boat] = None
        else:
            self.supply[p] -= 1

    def send_home(self, r: int) -> None:
        if self.roads[r] is not None:
            self.supply[self.roads[r]] += 1  # type: ignore[index]
            self.roads[r] = None
        if self.legion == r:
            self.legion = None

    def ranks(self, f: int) -> tuple[int | None, int | None]:
        counts: dict[int, int] = {}
        for r in self.roads_of_fort(f):
            if self.roads[r] is not None:
                counts[self.roads[r]] = counts.get(self.roads[r], 0) + 1  # type: ignore[index]
        order = sorted(counts.values(), reverse=True)
        if not order or (len(order) > 1 and order[0] == order[1]):
            return None, None
        first = next(c for c, k in counts.items() if k == order[0])
        if len(order) < 2 or (len(order) > 2 and order[1] == order[2]):
            return first, None
        second = next(c for c, k in counts.items() if k == order[1])
        return first, second

    def take(self, f: int, first: int, second: int | None) -> None:
        self.fort_owner[f] = first
        self.captured[f] = True
        if self.vp[f] == "board":
            self.vp[f] = second if second is not None else "removed"

    def end_turn(self) -> None:
        p = self.current
        captures = []
        for f in range(len(self.board.forts)):
            if self.captured[f]:
                continue
            if all(self.roads[r] is not None and self.legion != r for r in self.roads_of_fort(f)):
                first, second = self.ranks(f)
                if first is not None:
                    captures.append((f, first, second))
        for f, first, second in captures:
            self.take(f, first, second)
        self.seq += 1
        self.entries[p] = self.seq
        self.turns += 1
        if self.captured.count(False) <= FORTS_LEFT_AT_END:
            self.legion = None
            for f in range(len(self.board.forts)):
                if not self.captured[f]:
                    first, second = self.ranks(f)
                    if first is not None:
                        self.take(f, first, second)
            self.over = True
            self.phase = "over"
            return
        self.current = (p + 1) % self.n_players
        self.begin_turn()

    def begin_turn(self) -> None:
        if self.neutral is not None and any(self.is_empty(r) for r in range(len(self.roads))):
            self.phase = "neutral_roll"
        else:
            self.phase = "roll"

    # -------------------------------------------------------------- result
    def points(self, c: int) -> int:
        total = 0
        for f, fort in enumerate(self.board.forts):
            if self.fort_owner[f] == c:
                total += fort.number
            if self.vp[f] == c:
                total += VP_VALUE[fort.number]
        return total

    def winner(self) -> int:
        def key(c: int) -> tuple[int, int, int]:
            tokens = self.fort_owner.count(c) + self.vp.count(c)
            return (self.points(c), tokens, -self.entries[c])

        return max(range(self.n_players), key=key)


def play_random_game(map_id: str, players: int, seed: int) -> Plain:
    """The game ``cambria.core.simulate.play_random_game(map_id, players, seed, "full")`` plays:
    the dice from ``Random(seed)``, every choice uniform over the listed legal actions."""
    game = Plain(load_board(map_id), players)
    dice = random.Random(seed)
    choose = random.Random(seed * 7919 + 17)
    while not game.over:
        if game.phase in ("start", "setup_roll", "neutral_roll", "roll"):
            game.roll(dice)
        else:
            actions = game.legal_actions()
            game.play(actions[int(choose.random() * len(actions))])
    return game
