"""Position evaluation for Cambria: what each colour can expect to score.

For every uncaptured fort the evaluation estimates who will take it (its number
in points) and who will come second (its VP token), from the warriors on its
roads now and a simple model of how the empty roads will fill:

* **fill model** - each empty road of the fort will get a warrior of a colour
  drawn at random (every colour equally likely, the player to move a little
  more); the chance of being strictly first / strictly second when it is full
  is computed exactly and memoised (the keys are small tuples, so the memo
  stays small; nothing is precomputed at import).
* **now model** - the colour with the strict majority right now; this is what
  happens to the forts left at the game end, so the closer the game is to its
  end (six forts left), the more the now model counts.
* **threats** - a fort that is full but tied, or held by a narrow margin, can
  be broken by doubles or the legion; the evaluation discounts leads of one
  warrior a little for that.
* **learned** (Hard's own judgement, ``Params.learned``) - the values above blended
  with what became of forts in the same situation in thousands of games of Normals
  (``fort_stats.py``), the more the more often the situation was seen.

The expected points ``E[c]`` (captured points + the expectations over the open
forts + small terms for boats and tokens) become a utility per player,
``u[p] = E[p] - (mix * max + (1 - mix) * mean)`` over the other regular
players: the neutral colour in a two-player game scores for nobody.
At the end of the game the utility is the real points margin plus a bonus for
the winner, so evaluations and final results share one scale.

**Units.**  Inside, expected points are integers in units of ``1 / UNIT`` of a
point (each fort's value is rounded once, when it is memoised).  Sums of
integers do not depend on their order, so the value of a position after an
action can be had from its parent's by replacing only the forts the action
changed (``children.py``), and it is exactly the value a full evaluation gives.
"""

from __future__ import annotations

from math import factorial
from typing import Any

from .board import VP_VALUE
from .fort_stats import PRIOR, FortStats, situation, stats_for
from .rules import rank_counts
from .state import OVER, State

__all__ = ["Params", "Evaluator", "evaluator_for", "WIN_BONUS"]

WIN_BONUS = 20.0  # utility of winning, on the scale of points
UNIT = 1 << 20  # expected points are counted in millionths (about) of a point, as integers


class Params:
    """Tunable weights of the evaluation (defaults found by self-play tournaments)."""

    __slots__ = ("next_weight", "horizon", "mix", "boat", "boat_number", "token", "narrow",
                 "tied_full", "supply", "fill_decay", "learned")

    def __init__(self, **kw: float) -> None:
        self.next_weight = 1.0   # how much likelier the player to move fills the next road
        self.horizon = 4.0       # captures left at which the fill model fully counts
        self.mix = 0.6           # weight of the strongest rival (vs the mean of the rivals)
        self.boat = 0.8          # value of holding a boat
        self.boat_number = 0.1   # ... plus this per boat number
        self.token = 0.05        # a token breaks ties
        self.narrow = 0.1        # share of a one-warrior lead lost to doubles/legion threats
        self.tied_full = 0.15    # share of a full tied fort each tied colour may still get
        self.supply = 0.0        # value of a warrior in the supply
        self.fill_decay = 1.0    # the fill model's weight shrinks by this for each empty road past one
        self.learned = 0.0       # weight of the forts' outcomes in self-play (fort_stats.py) over the fill model
        for k, v in kw.items():
            if k not in self.__slots__:
                raise TypeError(f"unknown evaluation parameter {k!r}")
            setattr(self, k, v)

    def __repr__(self) -> str:
        return "Params(" + ", ".join(f"{k}={getattr(self, k)}" for k in self.__slots__) + ")"


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    out = []
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            out.append((first,) + rest)
    return out


_rank = rank_counts  # the rules' own first/second place


class Evaluator:
    """Evaluation for one board and number of players (memoised fort outcome tables)."""

    def __init__(self, state: State, params: Params | None = None) -> None:
        board = state.board
        self.params = params or Params()
        self.n_players = state.n_players
        self.n_colours = state.n_colours
        self.neutral = state.neutral
        self.fort_mask = board.fort_mask
        self.number = board.fort_numbers
        self.vp = tuple(VP_VALUE.get(n, 0) for n in board.fort_numbers)
        self._fill: dict[tuple[int, ...], tuple[tuple[float, ...], tuple[float, ...]]] = {}
        self._comp: dict[int, list[tuple[tuple[int, ...], float]]] = {}
        self._forts: dict[tuple[int, ...], tuple[int, ...]] = {}
        prm = self.params
        # integer worth of the tokens won and of the boats held, by fort and by boat
        self.fort_units = tuple(round((n + prm.token) * UNIT) for n in self.number)
        self.vp_units = tuple(round((v + prm.token) * UNIT) for v in self.vp)
        self.boat_units = tuple(round((prm.boat + prm.boat_number * (k + 2)) * UNIT) for k in range(5))
        self.supply_units = round(prm.supply * UNIT)
        self._open_forts = self._compile_open_forts(self.n_colours)
        self._combine = self._compile_combine()
        h = self.params.horizon
        self.left_cap = int(h) + 1 if h == h else 99  # beyond the horizon the fill model counts fully
        self.stats: FortStats | None = stats_for(state.n_players) if prm.learned else None

    # ---------------------------------------------------------------- fill model
    def _compositions(self, e: int) -> list[tuple[tuple[int, ...], float]]:
        comp = self._comp.get(e)
        if comp is None:
            fe = factorial(e)
            comp = []
            for x in _compositions(e, self.n_colours):
                m = fe
                for xi in x:
                    m //= factorial(xi)
                comp.append((x, float(m)))
            self._comp[e] = comp
        return comp

    def fill(self, counts: tuple[int, ...], e: int, mover: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """P(strictly first), P(strictly second) per colour once the e empty roads are filled."""
        key = counts + (e, mover)
        hit = self._fill.get(key)
        if hit is not None:
            return hit
        nc = self.n_colours
        w = [1.0] * nc
        if 0 <= mover < nc:
            w[mover] = self.params.next_weight
        tw = sum(w)
        w = [x / tw for x in w]
        first = [0.0] * nc
        second = [0.0] * nc
        for x, mult in self._compositions(e):
            p = mult
            for c in range(nc):
                if x[c]:
                    p *= w[c] ** x[c]
            f, s = _rank([counts[c] + x[c] for c in range(nc)])
            if f >= 0:
                first[f] += p
                if s >= 0:
                    second[s] += p
        hit = (tuple(first), tuple(second))
        self._fill[key] = hit
        return hit

    # ---------------------------------------------------------------- expectations
    def fort_value(self, f: int, counts: tuple[int, ...], e: int, mover: int, left: int) -> tuple[float, ...]:
        """Expected points per colour from one open fort (memoised by the caller): the fill
        model's, blended with what became of such forts in self-play if ``learned``."""
        out = self.fill_value(f, counts, e, mover, left)
        if self.stats is None:
            return out
        key, order = situation(counts, e, self.number[f] - sum(counts) - e, left)
        hit = self.stats.lookup(key)
        if hit is None:
            return out
        n, first, second = hit
        # a situation seen in few games keeps much of the fill model's value
        w = self.params.learned * n / (n + PRIOR)
        number = self.number[f]
        vp = self.vp[f]
        tok = self.params.token
        blended = list(out)
        for i, c in enumerate(order):
            seen = (number + tok) * first[i] + ((vp + tok) * second[i] if vp else 0.0)
            blended[c] = w * seen + (1.0 - w) * out[c]
        return tuple(blended)

    def fill_value(self, f: int, counts: tuple[int, ...], e: int, mover: int, left: int) -> tuple[float, ...]:
        """The fill model's expected points per colour from one open fort."""
        nc = self.n_colours
        prm = self.params
        n = self.number[f]
        v = self.vp[f]
        out = [0.0] * nc
        fn, sn = _rank(counts)
        if e == 0 and fn < 0:
            # full and tied at the top: it waits for a displacement (or stays unclaimed)
            top = max(counts)
            for c in range(nc):
                if counts[c] == top:
                    out[c] += prm.tied_full * n
            return tuple(out)
        lam = left / prm.horizon if left < prm.horizon else 1.0
        if e > 1 and prm.fill_decay != 1.0:
            # a fort with many empty roads may well not fill before the end: then it goes
            # to whoever leads on it now
            lam *= prm.fill_decay ** (e - 1)
        pf, ps = self.fill(counts, e, mover)
        for c in range(nc):
            out[c] += n * (lam * pf[c] + ((1.0 - lam) if c == fn else 0.0))
            if v:
                out[c] += v * (lam * ps[c] + ((1.0 - lam) if c == sn else 0.0))
        if prm.narrow and fn >= 0:
            # a lead of one warrior is fragile: doubles or the legion can break it
            top = counts[fn]
            rival = max([counts[c] for c in range(nc) if c != fn])
            if top - rival == 1:
                out[fn] -= prm.narrow * n
        return tuple(out)

    def _miss(self, key: tuple[int, ...], f: int, m: int, masks: list[int], blocked: int,
              mover: int, left: int) -> tuple[int, ...]:
        counts = tuple([(mk & m).bit_count() for mk in masks])
        e = (m & ~blocked).bit_count()
        memo = self._forts
        if len(memo) > 100_000:
            memo.clear()
        val = memo[key] = tuple([round(x * UNIT) for x in self.fort_value(f, counts, e, mover, left)])
        return val

    @staticmethod
    def _compile_open_forts(nc: int):  # type: ignore[no-untyped-def]
        """The sum over the open forts, unrolled for ``nc`` colours (the hottest loop of the AI)."""
        ms = ", ".join(f"m{c}" for c in range(nc))
        es = ", ".join(f"e{c}" for c in range(nc))
        src = (
            "def open_forts(uncaptured, masks, blocked, left, mover, fmask, memo, miss, E):\n"
            f"    {ms}, = masks\n"
            f"    {es}, = E\n"
            "    get = memo.get\n"
            "    for f in uncaptured:\n"
            "        m = fmask[f]\n"
            "        key = (f, left, mover, blocked & m, " + ", ".join(f"m{c} & m" for c in range(nc)) + ")\n"
            "        val = get(key)\n"
            "        if val is None:\n"
            "            val = miss(key, f, m, masks, blocked, mover, left)\n"
            + "".join(f"        e{c} += val[{c}]\n" for c in range(nc))
            + f"    return [{es}]\n"
        )
        ns: dict[str, object] = {}
        exec(src, ns)  # noqa: S102 - generated from the integer nc only
        return ns["open_forts"]

    def captured(self, s: State) -> list[int]:
        """Units per colour from the tokens already won (each token also breaks ties a little)."""
        fort_units = self.fort_units
        vp_units = self.vp_units
        E = [0] * self.n_colours
        for f, o in enumerate(s.fort_owner):
            if o >= 0:
                E[o] += fort_units[f]
        for f, o in enumerate(s.vp_owner):
            if o >= 0:
                E[o] += vp_units[f]
        return E

    def add_small_terms(self, E: list[int], boats: list[int], supply: list[int]) -> None:
        """Add the boats' and the supply's worth to E (in place)."""
        boat_units = self.boat_units
        for k in range(5):
            o = boats[k]
            if o >= 0:
                E[o] += boat_units[k]
        if self.supply_units:
            for c in range(self.n_colours):
                E[c] += self.supply_units * supply[c]

    def captures_left(self, s: State) -> int:
        """Captures left before the game ends, capped at the horizon (a key of the fort memo)."""
        left = len(s.uncaptured) - 6
        return left if left <= self.left_cap else self.left_cap

    def expected(self, s: State) -> list[int]:
        """Expected final points per colour, in units (captured points + open forts + small terms)."""
        E = self.captured(s)
        if s.phase == OVER:
            return E
        legion = s.legion
        blocked = s.occupied | ((1 << legion) if legion >= 0 else 0)
        mover = s.current if self.params.next_weight != 1.0 else -1  # -1: the fill model ignores who moves
        E = list(self._open_forts(s.uncaptured, s.masks, blocked, self.captures_left(s), mover, self.fort_mask,
                                  self._forts, self._miss, E))
        self.add_small_terms(E, s.boats, s.supply)
        return E

    def utilities(self, s: State) -> list[float]:
        """One utility per regular player (higher is better for that player)."""
        E = self.expected(s)
        if s.phase == OVER:
            from .rules import winner

            return self.final_utilities(E, winner(s))
        return self.combine(E)

    def final_utilities(self, E: list[int], win: int) -> list[float]:
        """At the end: the real points margin and the win bonus."""
        npl = self.n_players
        pts = [e / UNIT for e in E[:npl]]
        out = []
        for p in range(npl):
            others = [pts[o] for o in range(npl) if o != p]
            out.append(pts[p] - max(others) + (WIN_BONUS if p == win else -WIN_BONUS / (npl - 1)))
        return out

    def combine(self, E: list[int]) -> list[float]:
        """Expected units per colour -> one utility per regular player (in points), before the
        end: ``E[p] - mix * best rival - (1 - mix) * mean rival`` (two players: the difference)."""
        return self._combine(E)  # type: ignore[no-any-return]

    @staticmethod
    def combine_source(npl: int) -> str:
        """The expression of ``combine`` over locals e0, e1, ... (shared with children.py, so both
        compute the very same floats), with names mix, rest and scale bound by ``combine_names``."""
        if npl == 2:
            return "[(e0 - e1) * scale, (e1 - e0) * scale]"
        es = [f"e{c}" for c in range(npl)]
        total = " + ".join(es)
        terms = []
        for p in range(npl):
            others = ", ".join(e for q, e in enumerate(es) if q != p)
            terms.append(f"(e{p} - mix * max({others}) - rest * (({total}) - e{p})) * scale")
        return "[" + ", ".join(terms) + "]"

    def combine_names(self) -> dict[str, float]:
        mix = self.params.mix
        return {"mix": mix, "rest": (1.0 - mix) / max(1, self.n_players - 1), "scale": 1 / UNIT}

    def _compile_combine(self) -> Any:
        """``combine`` unrolled for the number of players (it runs once per position evaluated)."""
        npl = self.n_players
        src = (f"def combine(E):\n    {', '.join(f'e{c}' for c in range(npl))} = E[:{npl}]\n"
               f"    return {self.combine_source(npl)}\n")
        ns: dict[str, object] = dict(self.combine_names())
        exec(src, ns)  # noqa: S102 - generated from numbers only
        return ns["combine"]


_CACHE: dict[tuple[str, str, int, int], Evaluator] = {}


def evaluator_for(state: State, params: Params | None = None, name: str = "default") -> Evaluator:
    """A shared evaluator for this board, player count and parameter set.

    ``params`` without a ``name`` gives a fresh evaluator; with a name it is cached."""
    if params is not None and name == "default":
        return Evaluator(state, params)
    key = (name, state.board.id, id(state.board), state.n_players)
    ev = _CACHE.get(key)
    if ev is None:
        if len(_CACHE) > 32:
            _CACHE.clear()
        ev = _CACHE[key] = Evaluator(state, params)
    return ev
