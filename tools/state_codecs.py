"""How a game state might be copied and saved: ``clone`` and save/load of one Enemy
Anemone position, with the schema's generated code (what Tabletop uses), with
``copy.deepcopy`` (what a plain dataclass offers) and with msgspec Structs of the same
fields.  Medians of 7 runs, in microseconds.

msgspec is not one of Tabletop's dependencies: install it beside the tool first,
``pip install --target /tmp/msgspec_pkg msgspec``, then run
``.venv/bin/python tools/state_codecs.py``.
"""
import copy, json, random, statistics, sys, time
sys.path.insert(0, "/tmp/msgspec_pkg")
import msgspec  # noqa: E402
from tabletop.games.enemy_anemone.game import EnemyAnemoneGame
from tabletop.engine.protocol import NATURE

game = EnemyAnemoneGame(4)
state = game.start(3)
rng = random.Random(1)
for _ in range(25):
    seat = state.current_player
    state.apply(rng.choice(list(state.legal_actions(seat))), seat)
body = state.SCHEMA.dump(state)

class Pool(msgspec.Struct):
    ones: list[int]; twos: list[int]; supply: int
class S(msgspec.Struct):
    hands: list[list[int]]; won: list[list[int]]; discards: list[list[int]]; discard_masks: list[list[int]]
    voids: list[int]; deck: list[int]; trick: list[list[int]]; trick_flow: list[bool]; tricks: list[list[list[int]]]
    order: list[int]; turn: int; leader: int; hand_leader: int; hand_no: int; totals: list[int]
    hand_points: list[list[int]]; last_piles: list[list[int]]; anemones: Pool; over: bool; armed: list[int]
    dealt: bool; next_leader: int; rng: int
plain = dict(body)
ms = msgspec.convert({k: v for k, v in plain.items()}, type=S)
enc = msgspec.json.Encoder(); dec = msgspec.json.Decoder(S)

def t(f, n=2000):
    runs = []
    for _ in range(7):
        a = time.perf_counter()
        for _ in range(n): f()
        runs.append((time.perf_counter() - a) / n * 1e6)
    return statistics.median(runs)

print("clone µs: schema %.1f | deepcopy(state) %.1f | msgspec decode(encode) %.1f | msgspec convert(to_builtins) %.1f" % (
    t(state.clone), t(lambda: copy.deepcopy(state), 300), t(lambda: dec.decode(enc.encode(ms))),
    t(lambda: msgspec.convert(msgspec.to_builtins(ms), type=S))))
text = json.dumps(state.to_json())
print("save µs: schema+json %.1f | msgspec %.1f" % (t(lambda: json.dumps(state.to_json())), t(lambda: enc.encode(ms))))
print("load µs: json+schema %.1f | msgspec %.1f" % (t(lambda: game.state_from_json(json.loads(text)), 500), t(lambda: dec.decode(enc.encode(ms)))))
