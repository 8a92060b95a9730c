"""Position evaluation for Hibernia: how far each colour's marker can expect to get.

The track decides the game, and the counties decide how fast a marker walks.  For each
player the evaluation adds up

* the **steps taken** (the marker's total);
* the **next walk**: the exact walk his counties pay for now (for the player to move,
  with his purple step if he rolled one; for the others, purple with its odds 1/6);
* the **pace** of his counties: the walk they pay for on average over the 40 spaces
  (purple with its odds), times the turns left before the end, estimated from how
  soon the fastest marker gets round (discounted: counties change hands);
* **threats**: each of his counties that an opponent could take on his next turn (he has
  as many neighbours there as it has soldiers, and the soldiers to send) costs what the
  county adds to the pace;
* small terms for **soldiers**: in the supply, on the board, on the shield.

Once the end is triggered only the walks still due this round count.  A player's
utility is his value minus a mix of the best and the mean rival's (regular players
only; the neutral colour scores for nobody); a searching player may weigh his own rivals
by a mix of his own (``self_mix``) while judging the others by theirs.  At the end of the
game the utility is the real margin plus a bonus for the winner (shared by tied winners),
so evaluations and final results share one scale.
"""

from __future__ import annotations

from .board import TRACK_LENGTH
from .scoring import leaders
from .state import FIRST_ACTION, LAST_ACTION, OVER, State
from .track import walk_length

__all__ = ["Params", "Evaluator", "evaluator_for", "WIN_BONUS"]

WIN_BONUS = 20.0  # the utility of winning, on the scale of track steps
PURPLE_ODDS = 1 / 6


class Params:
    """Tunable weights of the evaluation (defaults found by self-play tournaments)."""

    __slots__ = ("pace", "horizon", "decay", "threat", "supply", "board", "shield", "mix", "next_walk",
                 "replies", "self_mix")

    def __init__(self, **kw: float) -> None:
        self.pace = 1.0          # weight of the pace term
        self.horizon = 6.0       # at most this many future turns count
        self.decay = 0.7         # each later turn counts this much less
        self.threat = 0.2        # share of a threatened county's pace lost
        self.supply = 0.15       # a soldier in the supply
        self.board = 0.2         # a soldier on the board (defends, can be moved on)
        self.shield = 0.05       # a soldier on the shield (comes back with a muster)
        self.mix = 0.6           # weight of the strongest rival (vs the mean of the rivals)
        self.next_walk = 1.0     # weight of the next walk
        self.replies = 3.0       # search only: an opponent's best this many first actions are judged
        #                          with his turn completed (0: each judged after it alone)
        self.self_mix = -1.0     # search only: the searching player's own mix for his own utility,
        #                          the others judged by ``mix`` (< 0: ``mix`` for him too)
        for k, v in kw.items():
            if k not in self.__slots__:
                raise TypeError(f"unknown evaluation parameter {k!r}")
            setattr(self, k, v)

    def __repr__(self) -> str:
        return "Params(" + ", ".join(f"{k}={getattr(self, k)}" for k in self.__slots__) + ")"


class Evaluator:
    """Evaluation for one board and number of players (memoised pace tables)."""

    def __init__(self, state: State, params: Params | None = None) -> None:
        board = state.board
        self.params = params or Params()
        self.board = board
        self.track = board.track
        self.n_players = state.n_players
        self.colour_of = tuple(c.colour_index for c in board.counties)
        self.adjacent = board.adjacent
        self._pace: dict[tuple[int, ...], float] = {}
        self._walk: dict[tuple[int, ...], float] = {}
        # the discounted number of future turns for each whole number of turns left
        prm = self.params
        self._future = [sum(prm.decay ** k for k in range(1, min(t, int(prm.horizon)) + 1)) for t in range(64)]

    # ---------------------------------------------------------------- walks
    def pace(self, h: tuple[int, ...]) -> float:
        """The steps counties ``h`` pay for per turn, on average over the spaces of the track."""
        v = self._pace.get(h)
        if v is None:
            track = self.track
            total = 0.0
            for pos in range(TRACK_LENGTH):
                total += ((1 - PURPLE_ODDS) * walk_length(track, pos, h, 0)
                          + PURPLE_ODDS * walk_length(track, pos, h, 1))
            v = self._pace[h] = total / TRACK_LENGTH
        return v

    def expected_walk(self, pos: int, h: tuple[int, ...]) -> float:
        """The next walk from ``pos`` with counties ``h`` when purple is still to be rolled."""
        key = (pos,) + h
        v = self._walk.get(key)
        if v is None:
            if len(self._walk) > 200_000:
                self._walk.clear()
            v = self._walk[key] = ((1 - PURPLE_ODDS) * walk_length(self.track, pos, h, 0)
                                   + PURPLE_ODDS * walk_length(self.track, pos, h, 1))
        return v

    # ---------------------------------------------------------------- values
    def values(self, s: State) -> list[float]:
        """The value of each regular player's position, in track steps."""
        prm = self.params
        n = self.n_players
        owner = s.owner
        count = s.count
        colour_of = self.colour_of
        adjacent = self.adjacent
        masks = s.masks
        hold = [[0, 0, 0, 0] for _ in range(n)]
        soldiers = [0] * n
        for i, o in enumerate(owner):
            if 0 <= o < n:
                hold[o][colour_of[i]] += 1
                soldiers[o] += count[i]
        holdings = [tuple(h) for h in hold]
        paces = [self.pace(h) for h in holdings]
        track = s.track
        cur = s.current
        mid_turn = s.phase == FIRST_ACTION or s.phase == LAST_ACTION
        # the turns left: until the fastest marker gets round (or only this round's, once triggered)
        if s.ending:
            future = 0.0
            last = s.last_seat()
            due = {(cur + k) % n for k in range(((last - cur) % n) + 1)}
        else:
            left = min((TRACK_LENGTH - track[p]) / max(paces[p], 0.5) for p in range(n))
            t = int(left)
            future = self._future[t if t < 63 else 63] * prm.pace
            due = set(range(n))
        # what each player could send into a county next turn: his supply and spare soldiers
        avail = [s.supply[p] + soldiers[p] - bin(masks[p]).count("1") for p in range(n)]
        out = []
        for p in range(n):
            h = holdings[p]
            if p not in due:
                nxt = 0.0
            elif p == cur and mid_turn:
                nxt = walk_length(self.track, track[p], h, s.purple)
            else:
                nxt = self.expected_walk(track[p] % TRACK_LENGTH, h)
            v = track[p] + prm.next_walk * nxt
            if future:
                v += future * paces[p]
                # threats to his counties from the opponents' next turns
                lost = 0.0
                m = masks[p]
                while m:
                    low = m & -m
                    i = low.bit_length() - 1
                    m ^= low
                    k = count[i]
                    adj = adjacent[i]
                    for q in range(n):
                        if q != p:
                            nq = (adj & masks[q]).bit_count()
                            if nq >= k and avail[q] >= nq:
                                hh = list(h)
                                hh[colour_of[i]] -= 1
                                lost += paces[p] - self.pace(tuple(hh))
                                break
                v -= prm.threat * future * lost
            v += prm.supply * s.supply[p] + prm.board * soldiers[p] + prm.shield * s.shield[p]
            out.append(v)
        return out

    def utilities(self, s: State, me: int = -1) -> list[float]:
        """One utility per regular player (higher is better for that player); player ``me``
        weighs his rivals by ``self_mix`` if it is set."""
        n = self.n_players
        if s.phase == OVER:
            track = [float(t) for t in s.track[:n]]
            winners = leaders(s)
            out = []
            for p in range(n):
                best = max(track[o] for o in range(n) if o != p)
                share = 1.0 / len(winners) if p in winners else 0.0
                out.append(track[p] - best + WIN_BONUS * share - WIN_BONUS * (1.0 - share) / (n - 1))
            return out
        v = self.values(s)
        mix = self.params.mix
        total = sum(v)
        out = []
        own = self.params.self_mix
        my_mix = own if own >= 0 else mix
        for p in range(n):
            best = max(v[o] for o in range(n) if o != p)
            mean = (total - v[p]) / (n - 1)
            m = my_mix if p == me else mix
            out.append(v[p] - m * best - (1.0 - m) * mean)
        return out


_CACHE: dict[tuple[str, int, int], Evaluator] = {}


def evaluator_for(state: State, params: Params | None = None, name: str = "default") -> Evaluator:
    """A shared evaluator for this board, player count and parameter set.

    ``params`` without a ``name`` gives a fresh evaluator; with a name it is cached."""
    if params is not None and name == "default":
        return Evaluator(state, params)
    key = (name, id(state.board), state.n_players)
    ev = _CACHE.get(key)
    if ev is None:
        if len(_CACHE) > 32:
            _CACHE.clear()
        ev = _CACHE[key] = Evaluator(state, params)
    return ev
