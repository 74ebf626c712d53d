"""How quickly a move made at one computer reaches the others, over loopback.

A host and two clients run in one process on 127.0.0.1; each client plays its seat
with a quick bot.  For every move a client sends, the time until the *other* client
has the update that shows it is one sample: what a player waits between a friend's
click and seeing the move (before drawing it).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from websockets.asyncio.client import connect

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.registry import GameEntry
from tabletop.engine.rng import Rng
from tabletop.games import REGISTRY
from tabletop.lab.simulate import percentile
from tabletop.net.client import RemoteSeat, play_with_bot
from tabletop.net.host import Host
from tabletop.net.messages import encode
from tabletop.play.worker import InlineBotWorker

__all__ = ["face_off_fairness", "network_bench"]


async def _client(uri: str, code: str, entry: GameEntry, seen: dict[int, float],
                  sent: dict[int, float], level: str) -> None:
    me = RemoteSeat(REGISTRY)
    bot = entry.make_bot(level)
    async with connect(uri, compression=None) as ws:
        await ws.send(encode("hello", code=code, name=level, seat=None, token=None))
        async for raw in ws:
            kind = me.read(raw)
            if kind != "update":
                continue
            seen.setdefault(me.seq, time.perf_counter())
            if me.over:
                return
            if me.legal and me.obs is not None:
                action = bot.choose(me.obs, list(me.legal), Rng(me.seq))
                sent[me.seq] = time.perf_counter()
                await ws.send(me.act(action))


async def _play(entry: GameEntry, options: dict[str, Any], seed: int, level: str
                ) -> tuple[list[float], int]:
    match = Match(entry, [Seat("A", SeatKind.REMOTE), Seat("B", SeatKind.REMOTE)], seed, options)
    host = Host(match, InlineBotWorker(), speed=0.0, log=lambda line: None)
    ready = asyncio.Event()
    task = asyncio.create_task(host.run("127.0.0.1", 0, ready=lambda h: ready.set(), linger=0.2))
    await ready.wait()
    uri = f"ws://127.0.0.1:{host.port}"
    seen: list[dict[int, float]] = [{}, {}]
    sent: list[dict[int, float]] = [{}, {}]
    await asyncio.gather(*(_client(uri, host.code, entry, seen[i], sent[i], level)
                           for i in range(2)))
    host.stop()
    await task
    waits = []
    for me in range(2):
        other = seen[1 - me]
        for seq, at in sent[me].items():
            if seq + 1 in other:
                waits.append((other[seq + 1] - at) * 1000.0)
    return waits, len(match.history)


def network_bench(entry: GameEntry, options: dict[str, Any], games: int = 3,
                  level: str = "random") -> dict[str, Any]:
    """Move-to-other-screen times (ms) over ``games`` loopback games of ``entry``."""
    waits: list[float] = []
    moves = 0
    for game in range(games):
        found, made = asyncio.run(_play(entry, options, 1000 + game, level))
        waits += found
        moves += made
    return {"game": entry.id, "moves": moves, "samples": len(waits),
            "move_to_other_ms": {"p50": round(percentile(waits, 50), 2),
                                 "p95": round(percentile(waits, 95), 2),
                                 "max": round(max(waits, default=0.0), 2)}}


async def _race(seed: int, latency_ms: float, level: str, clock_rate: float) -> list[int]:
    """One round of Anomia with two remote bots of ``level``, the second one
    ``latency_ms`` (game clock) farther away; the winner of each face-off between them."""
    from tabletop.games.anomia.events import FaceOffWon

    entry = REGISTRY.get("anomia")
    match = Match(entry, [Seat("Near", SeatKind.REMOTE), Seat("Far", SeatKind.REMOTE)], seed, {})
    host = Host(match, InlineBotWorker(), speed=0.0, log=lambda line: None,
                clock_rate=clock_rate)
    ready = asyncio.Event()
    task = asyncio.create_task(host.run("127.0.0.1", 0, ready=lambda h: ready.set(), linger=0.2))
    await ready.wait()
    uri = f"ws://127.0.0.1:{host.port}"
    await asyncio.gather(
        play_with_bot(uri, host.code, level, REGISTRY, seat=0, seed=seed),
        play_with_bot(uri, host.code, level, REGISTRY, seat=1, seed=seed + 1,
                      latency_ms=latency_ms))
    host.stop()
    await task
    return [e.winner for entry in match.log for e in entry.events
            if isinstance(e, FaceOffWon) and {e.winner, e.loser} == {0, 1}]


def face_off_fairness(latencies: tuple[float, ...] = (0.0, 50.0, 150.0), games: int = 6,
                      level: str = "normal", clock_rate: float = 10.0) -> dict[str, Any]:
    """Share of face-offs the nearer of two equally quick bots wins, at each simulated
    latency of the farther one (the same deals at each latency)."""
    report: dict[str, Any] = {"level": level, "clock_rate": clock_rate, "games": games}
    for latency in latencies:
        winners: list[int] = []
        for game in range(games):
            winners += asyncio.run(_race(500 + game, latency, level, clock_rate))
        near = sum(1 for w in winners if w == 0)
        report[f"{latency:g} ms"] = {"face_offs": len(winners),
                                     "near_share": round(near / max(1, len(winners)), 3)}
    return report


if __name__ == "__main__":  # pragma: no cover - a measurement run by hand
    print(json.dumps(network_bench(REGISTRY.get("enemy-anemone"), {"hands": 2})))
