"""The engine figures ``tabletop bench --quick`` reports, for comparing two trees side by
side on a shared machine: random games per CPU second, and the CPU microseconds of a
``clone`` and of an ``apply`` over the same 200 mid-game positions, each the best of
several repetitions (CPU time and best-of keep other processes' load out of it).

Run it alternately on the two trees, several rounds, and compare the medians::

    for r in 1 2 3 4 5 6; do for t in /path/to/before /path/to/after; do
      (cd /tmp && PYTHONPATH=$t python /path/to/engine_ab.py); done; done

``--calls`` counts the Python function calls of the same loops instead (with
cProfile): a figure no other process can disturb.
"""
import cProfile
import json
import pstats
import random
import sys
import time

from tabletop.games import REGISTRY
from tabletop.lab.bench import _mid_game_states, _random_game


def calls() -> None:
    """Function calls per random game, per clone and per apply."""
    out = {}
    for entry in REGISTRY:
        players = entry.default_players
        n = {"anomia": 1, "anno": 3}.get(entry.id, 20)
        _random_game(entry, players, 999)  # imports and caches first

        def count(work):  # type: ignore[no-untyped-def]
            profile = cProfile.Profile()
            profile.enable()
            work()
            profile.disable()
            return pstats.Stats(profile).total_calls

        rg = count(lambda: [_random_game(entry, players, g) for g in range(n)]) / n
        states = _mid_game_states(entry, players, 200, 5)
        clone = count(lambda: [s.clone() for s in states]) / len(states)
        rng = random.Random(9)
        pairs = []
        for s in states:
            seat = min(s.acting_seats())
            pairs.append((seat, rng.choice(s.generate_legal(seat))))
        twins = [s.clone() for s in states]
        apply = count(lambda: [t.apply(a, seat) for t, (seat, a) in zip(twins, pairs)]) / len(states)
        out[entry.id] = {"calls_per_random_game": round(rg), "calls_per_clone": round(clone, 2),
                         "calls_per_apply": round(apply, 2)}
    print(json.dumps(out))


if "--calls" in sys.argv:
    calls()
    sys.exit()
out = {}
for entry in REGISTRY:
    players = entry.default_players
    n = {"anomia": 1, "anno": 3}.get(entry.id, 40)
    rgs = []
    for rep in range(4):
        t0 = time.process_time()
        for g in range(n):
            _random_game(entry, players, g)
        rgs.append(n / (time.process_time() - t0))
    states = _mid_game_states(entry, players, 200, 5)
    clones = []
    for rep in range(5):
        t0 = time.process_time()
        for _ in range(10):
            for s in states:
                s.clone()
        clones.append((time.process_time() - t0) / (10 * len(states)) * 1e6)
    rng = random.Random(9)
    pairs = []
    for s in states:
        seat = min(s.acting_seats())
        pairs.append((seat, rng.choice(s.generate_legal(seat))))
    applies = []
    for rep in range(5):
        twins = [[s.clone() for s in states] for _ in range(4)]
        t0 = time.process_time()
        for batch in twins:
            for twin, (seat, action) in zip(batch, pairs):
                twin.apply(action, seat)
        applies.append((time.process_time() - t0) / (4 * len(states)) * 1e6)
    out[entry.id] = {"rg": round(max(rgs), 2), "clone": round(min(clones), 3),
                     "apply": round(min(applies), 3)}
print(json.dumps(out))
