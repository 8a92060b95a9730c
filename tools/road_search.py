"""The road search of the map tool (``tools/make_maps.py``): which forts a map's roads join.

A seeded simulated annealing over candidate roads (pairs of forts far enough
apart, clear of the other forts, mostly over land) for a set of roads that
never cross, connects every fort and gives seven forts 4-6 roads and nine
forts 2-3, every number 2..6 present.  Among those it prefers roads the Romans
built, long roads, roads clear of other forts and well spread warrior slots.
The same seed and iterations give the same roads on any machine.
"""

from __future__ import annotations

import math
import random

from cambria.games.cambria.geometry import angle_between, on_land, point_segment_distance, roads_cross
from cambria.games.cambria.map_validation import ROAD_CLEARANCE, ROAD_MIN_LEN

ITERATIONS = 150000  # annealing steps per restart (the default; the shipped maps were made with it)

# Soft targets used by the search (the search tries to reach these; the hard
# limits are map_validation's).
GOOD_LEN = 80.0
GOOD_CLEARANCE = 40.0
GOOD_SLOT_GAP = 44.0  # midpoint (warrior slot) to any fort centre
GOOD_SLOT_SPACING = 34.0  # midpoint to midpoint
GOOD_ANGLE = 30.0  # degrees between two roads leaving the same fort


def sea_fraction(a, b, coast, samples=40):
    """The share of points along the straight road ab that lie at sea."""
    wet = 0
    for k in range(1, samples):
        t = k / samples
        p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
        if not on_land(p, coast):
            wet += 1
    return wet / (samples - 1)


BIG = 1000.0  # weight of a rule violation in the energy


def degree_violation(deg):
    bad = 0
    for d in deg:
        if d < 2:
            bad += 2 - d
        elif d > 6:
            bad += d - 6
    big = sum(1 for d in deg if 4 <= d <= 6)
    bad += abs(big - 7)
    present = set(deg)
    bad += sum(1 for v in range(2, 7) if v not in present)
    return bad


def components(n, edges):
    parent = list(range(n))

    def find(a):
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for a, b in edges:
        parent[find(a)] = find(b)
    return len({find(i) for i in range(n)})


def search_roads(ids, pos, coast, known, seed, iterations=ITERATIONS, restarts=8):
    n = len(ids)
    idx = {f: i for i, f in enumerate(ids)}
    P = [pos[f] for f in ids]
    known_set = {frozenset((idx[a], idx[b])) for a, b in known}

    cands = []  # (i, j)
    cost = {}
    for i in range(n):
        for j in range(i + 1, n):
            a, b = P[i], P[j]
            L = math.dist(a, b)
            if L < ROAD_MIN_LEN + 5:
                continue
            clear = min(
                (point_segment_distance(P[k], a, b) for k in range(n) if k not in (i, j)),
                default=math.inf,
            )
            if clear < ROAD_CLEARANCE + 4:
                continue
            wet = sea_fraction(a, b, coast)
            if wet > 0.35:
                continue
            c = 0.0
            c += 3.0 * max(0.0, GOOD_LEN - L)  # short roads are hard to tap
            c += 1.0 * max(0.0, L - 160.0)  # very long roads look odd
            c += 6.0 * max(0.0, GOOD_CLEARANCE - clear)
            c += 400.0 * wet
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            gap = min(math.dist(mid, P[k]) for k in range(n) if k not in (i, j))
            c += 5.0 * max(0.0, GOOD_SLOT_GAP - gap)
            if frozenset((i, j)) not in known_set:
                c += 120.0
            cands.append((i, j))
            cost[(i, j)] = c
    m = len(cands)
    crosses = [set() for _ in range(m)]
    for e in range(m):
        for f in range(e + 1, m):
            ri, rj = cands[e], cands[f]
            if roads_cross(P[ri[0]], P[ri[1]], P[rj[0]], P[rj[1]]):
                crosses[e].add(f)
                crosses[f].add(e)
    mids = [((P[i][0] + P[j][0]) / 2, (P[i][1] + P[j][1]) / 2) for i, j in cands]

    def pair_penalty(e, f):
        """Soft penalty between two chosen roads (slot spacing, angles)."""
        c = 0.0
        dm = math.dist(mids[e], mids[f])
        if dm < GOOD_SLOT_SPACING:
            c += 6.0 * (GOOD_SLOT_SPACING - dm)
        shared = set(cands[e]) & set(cands[f])
        if shared:
            (s,) = shared
            o1 = cands[e][0] if cands[e][1] == s else cands[e][1]
            o2 = cands[f][0] if cands[f][1] == s else cands[f][1]
            v = (P[o1][0] - P[s][0], P[o1][1] - P[s][1])
            w = (P[o2][0] - P[s][0], P[o2][1] - P[s][1])
            ang = angle_between(v, w)
            if ang < GOOD_ANGLE:
                c += 20.0 * (GOOD_ANGLE - ang)
        return c

    pen = [[0.0] * m for _ in range(m)]
    for e in range(m):
        for f in range(e + 1, m):
            pen[e][f] = pen[f][e] = pair_penalty(e, f)

    def hard_of(chosen, deg):
        return degree_violation(deg) + (components(n, [cands[e] for e in chosen]) - 1)

    def anneal(rng, iterations):
        chosen = set()
        deg = [0] * n
        soft = 0.0

        def remove(ch, dg, e):
            i, j = cands[e]
            dg[i] -= 1
            dg[j] -= 1
            ch.remove(e)
            return -cost[cands[e]] - sum(pen[e][f] for f in ch)

        def add(ch, dg, e):
            i, j = cands[e]
            dg[i] += 1
            dg[j] += 1
            d = cost[cands[e]] + sum(pen[e][f] for f in ch)
            ch.add(e)
            return d

        # Random greedy start: shuffled candidates, no crossings, degree <= 6.
        order = list(range(m))
        rng.shuffle(order)
        for e in order:
            i, j = cands[e]
            if not (crosses[e] & chosen) and deg[i] < 6 and deg[j] < 6:
                soft += add(chosen, deg, e)
        hard = hard_of(chosen, deg)
        cur = BIG * hard + soft
        best = (hard, cur, set(chosen))
        T0, T1 = 300.0, 0.5
        for it in range(iterations):
            T = T0 * (T1 / T0) ** (it / iterations)
            ch, dg, s2 = set(chosen), list(deg), soft
            r = rng.random()
            if r < 0.4 or not ch:
                e = rng.randrange(m)
                if e in ch:
                    continue
                for f in sorted(crosses[e] & ch):
                    s2 += remove(ch, dg, f)
                s2 += add(ch, dg, e)
            elif r < 0.7:
                s2 += remove(ch, dg, rng.choice(sorted(ch)))
            else:  # swap one road for another
                s2 += remove(ch, dg, rng.choice(sorted(ch)))
                e = rng.randrange(m)
                if e in ch:
                    continue
                for f in sorted(crosses[e] & ch):
                    s2 += remove(ch, dg, f)
                s2 += add(ch, dg, e)
            h2 = hard_of(ch, dg)
            e2 = BIG * h2 + s2
            if e2 <= cur or rng.random() < math.exp((cur - e2) / T):
                chosen, deg, soft, hard, cur = ch, dg, s2, h2, e2
                if (hard, cur) < best[:2]:
                    best = (hard, cur, set(chosen))
        return best

    rng = random.Random(seed)
    results = [anneal(rng, iterations) for _ in range(restarts)]
    print("  restarts:", " ".join(f"{r[1]:.0f}" if not r[0] else "x" for r in results))
    h_best, e_best, ch = min(results, key=lambda r: (r[0], r[1], sorted(r[2])))
    if h_best:
        raise SystemExit(f"search failed: {h_best} rule violations left")
    return [(ids[cands[e][0]], ids[cands[e][1]]) for e in sorted(ch)], e_best
