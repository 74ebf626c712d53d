"""The host, in process: what each client is sent (its own seat's view and nothing
more), and clients that misbehave (malformed, oversized, out of turn, for another seat,
flooding), which change nothing and crash nothing."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import AsyncIterator

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tabletop.engine.match import Match, Seat, SeatKind
from tabletop.engine.wire import to_wire
from tabletop.games import CATALOGUE, REGISTRY
from tabletop.net.client import play_with_bot
from tabletop.net.host import Host
from tabletop.net.messages import VERSION, encode
from tabletop.play.words import Teller
from tabletop.play.worker import InlineBotWorker

GAMES = [("enemy-anemone", {"hands": 1}, 3), ("anniversary", {"chapter": 3}, 2),
         ("anno", {"rounds": 1}, 3), ("annapurna", {}, 2), ("anomia", {}, 3)]
#: Anomia is played in real time: its whole round, on a clock forty times as fast.
CLOCK_RATE = {"anomia": 40.0}


@contextlib.asynccontextmanager
async def hosting(match: Match, log: list[str], **kwargs: object) -> AsyncIterator[Host]:
    host = Host(match, InlineBotWorker(), speed=0.0, log=log.append, **kwargs)  # type: ignore[arg-type]
    ready = asyncio.Event()
    task = asyncio.create_task(host.run("127.0.0.1", 0, ready=lambda h: ready.set(),
                                        linger=0.2))
    await ready.wait()
    try:
        yield host
    finally:
        host.stop()
        await task


def remote_seats(players: int, bots: int = 0) -> list[Seat]:
    return ([Seat(f"P{i}", SeatKind.REMOTE) for i in range(players - bots)]
            + [Seat(f"B{i}", SeatKind.BOT, "easy") for i in range(bots)])


@pytest.mark.parametrize(("game", "options", "players"), GAMES, ids=[g[0] for g in GAMES])
def test_each_client_is_sent_its_own_seats_view_and_nothing_more(game, options, players):
    entry = REGISTRY.get(game)
    match = Match(entry, remote_seats(players, bots=1 if players > 2 else 0), 9_876_543_210_123,
                  options)
    remote = match.remote()
    received: dict[int, list[str]] = {seat: [] for seat in remote}
    log: list[str] = []

    async def play() -> None:
        async with hosting(match, log, clock_rate=CLOCK_RATE.get(game, 1.0),
                           listing=CATALOGUE.get(game)) as host:
            await asyncio.gather(*(play_with_bot(
                f"ws://127.0.0.1:{host.port}", host.code, "easy", REGISTRY, seat=seat,
                received=received[seat]) for seat in remote))

    asyncio.run(play())
    assert match.is_over
    # What each seat could know at each step, worked out here by playing the game again.
    replay = Match(entry, match.seats, match.seed, match.options)
    views = {seat: {} for seat in remote}

    def note() -> None:
        for seat in remote:
            state = replay.state
            acting = sorted(state.acting_seats()) if not state.is_over else []
            views[seat][len(replay.history)] = (
                to_wire(state.observation(seat)),
                [replay.game.action_to_json(a) for a in state.legal_actions(seat)]
                if seat in acting else [], acting)

    # The log's lines each seat may read: as the table at its own screen tells them.
    names = tuple(s.name for s in match.seats)
    lines = {seat: [line for entry in match.log for event in entry.events
                    if (line := CATALOGUE.get(game).describe(event, Teller(names, seat, seat)))]
             for seat in remote}
    note()
    for seat, action in match.history:
        replay.apply(action, seat)
        note()
    for seat in remote:
        kinds = set()
        updates = 0
        told: list[str] = []
        for raw in received[seat]:
            message = json.loads(raw)
            kinds.add(message["type"])
            assert message["v"] == VERSION
            if message["type"] == "welcome":
                assert set(message) == {"v", "type", "seat", "token", "game", "options",
                                        "players", "clock_rate"}
                assert message["seat"] == seat and message["options"] == match.options
            elif message["type"] == "lobby":
                assert set(message) == {"v", "type", "seats", "started"}
                assert all(set(s) == {"name", "kind", "level", "here"} for s in message["seats"])
            elif message["type"] == "update":
                updates += 1
                obs, legal, acting = views[seat][message["seq"]]
                assert message["obs"] == obs, f"seat {seat} at move {message['seq']}"
                assert message["legal"] == legal and message["acting"] == acting
                assert set(message) <= {"v", "type", "seq", "obs", "legal", "acting", "over",
                                        "outcome", "log", "story"}
                if "story" in message:  # the results picture's account, as the seat knows it
                    assert message["over"] and message["story"] == json.loads(json.dumps(
                        CATALOGUE.get(game).presenter.story(match.log, len(match.seats), seat)))
                told += message["log"]
            elif message["type"] == "ping":
                assert set(message) == {"v", "type", "t"}
            elif message["type"] == "refused":  # in real time a move can come too late
                assert set(message) == {"v", "type", "reason", "seq"}
                assert message["reason"] and game == "anomia"  # the rules' own words
        assert kinds <= {"welcome", "lobby", "update", "refused", "ping"} and updates > 3
        assert told == lines[seat] and told  # its own log, no other seat's secrets
        assert str(match.seed) not in "".join(received[seat])


#: What the host answers by closing the connection: a message too large for it, or
#: of another version of the protocol.
ENDS = ("x" * 9000, f'"v": {VERSION + 1}')


def bad_messages(rng: random.Random, own: list[object], others: list[object],
                 seq: int) -> str | bytes:
    """One message a broken or hostile client might send."""
    kind = rng.randrange(14)
    if kind == 0:
        return "{not json"
    if kind == 1:
        return b"\x00\x01binary"
    if kind == 2 and rng.random() < 0.1:
        return encode("act", seq=seq, action="x" * 9000)  # too large: the connection ends
    if kind == 3 and rng.random() < 0.1:
        return json.dumps({"v": VERSION + 1, "type": "act", "seq": seq, "action": own[0]})
    if kind == 4:
        return encode("teleport", seq=seq)
    if kind == 5:
        return encode("act", seq=seq + rng.randint(1, 5), action=rng.choice(own))  # stale
    if kind == 6:
        return encode("act", seq=seq, action=rng.choice(others))  # another seat's move
    if kind == 7:
        return encode("act", seq=seq, action={"play": rng.randint(-5, 500)})
    if kind == 8:
        return encode("act", seq=seq, action=rng.choice([None, 7, "draw", [], {}, [[[]]]]))
    if kind == 9:
        return encode("act", seq=-1, action=rng.choice(own))
    if kind == 10:
        return encode("act", seq=seq, action=rng.choice(own), extra=1)
    if kind == 11:
        return encode("hello", code="X", name="again", seat=None, token=None)
    if kind == 12:
        return "[" * 3000 + "]" * 3000  # deep, and within the size allowed
    return json.dumps([1, 2, 3])


def test_ten_thousand_bad_messages_change_nothing_and_crash_nothing():
    entry = REGISTRY.get("enemy-anemone")
    match = Match(entry, remote_seats(2), 5, {"hands": 1})
    log: list[str] = []
    rng = random.Random(7)
    answers: list[dict[str, object]] = []

    async def attack() -> None:
        async with hosting(match, log, autostart=False, rate=1e9, burst=1e9) as host:
            uri = f"ws://127.0.0.1:{host.port}"
            token = None
            sent = 0
            host.start()
            while not match.history or match.state.nature_action() is not None:
                await asyncio.sleep(0.01)  # nature deals
            before = list(match.history)
            mover = match.state.current_player
            me = 1 - mover  # the attacker is not the one to move
            other_moves = [match.game.action_to_json(a)
                           for a in match.state.legal_actions(mover)]
            mine = [match.game.action_to_json(a) for a in match.state.legal_actions(mover)]
            seq = len(match.history)
            while sent < 10_000:
                async with connect(uri, max_size=None, compression=None) as ws:
                    await ws.send(encode("hello", code=host.code, name="mallory", seat=me,
                                         token=token))
                    welcome = json.loads(await ws.recv())
                    assert welcome["type"] == "welcome" and welcome["seat"] == me
                    token = welcome["token"]

                    async def read() -> None:
                        with contextlib.suppress(ConnectionClosed):
                            async for raw in ws:
                                answers.append(json.loads(raw))

                    reader = asyncio.create_task(read())
                    try:
                        while sent < 10_000:
                            message = bad_messages(rng, mine, other_moves, seq)
                            await ws.send(message)
                            sent += 1
                            if isinstance(message, str) and any(e in message for e in ENDS):
                                await asyncio.wait_for(ws.wait_closed(), 5)
                                break
                            if sent % 100 == 0:
                                await asyncio.sleep(0)  # let the host and the reader run
                    except ConnectionClosed:
                        pass  # sent away for a message too large or of another version
                    await asyncio.sleep(0.02)  # the last answers
                    await ws.close()
                    await reader
            assert match.history == before, "no bad message changed the game"

    asyncio.run(attack())
    kinds = {a["type"] for a in answers}
    assert kinds <= {"refused", "error", "lobby", "update", "ping"}, kinds
    assert sum(1 for a in answers if a["type"] == "refused") > 100
    assert all(set(a) <= {"v", "type", "seats", "started", "reason", "seq", "code", "message",
                          "obs", "legal", "acting", "log", "over", "t"} for a in answers)
    assert any("not JSON" in line for line in log) and any("binary" in line for line in log)


def test_a_flooding_client_is_slowed_then_sent_away_and_the_game_goes_on():
    entry = REGISTRY.get("enemy-anemone")
    match = Match(entry, remote_seats(2), 5, {"hands": 1})
    log: list[str] = []

    async def flood() -> None:
        async with hosting(match, log) as host:
            uri = f"ws://127.0.0.1:{host.port}"
            answers = []
            async with connect(uri, compression=None) as ws:
                await ws.send(encode("hello", code=host.code, name="flood", seat=0, token=None))
                welcome = json.loads(await ws.recv())
                try:
                    for _ in range(2000):
                        await ws.send(encode("act", seq=0, action={"play": 1}))
                    while True:
                        answers.append(json.loads(await asyncio.wait_for(ws.recv(), 2)))
                except (ConnectionClosed, TimeoutError):
                    pass
            assert any(a.get("reason") == "Too many messages: slow down." for a in answers)
            assert answers[-1] == {"v": VERSION, "type": "error", "code": "flood",
                                   "message": "Too many messages: slow down."}
            assert host.counts.flooded > 200
            # The seat is kept: the same client takes it back with its token and plays on.
            moves = asyncio.create_task(play_with_bot(uri, host.code, "easy", REGISTRY,
                                                      token=welcome["token"]))
            other = asyncio.create_task(play_with_bot(uri, host.code, "easy", REGISTRY))
            first, second = await asyncio.gather(moves, other)
            assert first.seat == 0 and first.over and second.over

    asyncio.run(flood())
    assert match.is_over
    assert any("too many messages" in line for line in log)


def test_the_network_bench_times_each_move_on_its_way_to_the_other_client():
    from tabletop.lab.netbench import network_bench

    report = network_bench(REGISTRY.get("enemy-anemone"), {"hands": 1}, games=1)
    # Every move but the deal and the last is sent by one client and seen by the other.
    assert report["samples"] >= report["moves"] - 3 > 20
    times = report["move_to_other_ms"]
    assert 0 < times["p50"] <= times["p95"] <= times["max"]


def test_people_at_other_computers_type_their_anomia_answers():
    """Buzzers and spoken answers are for people at one screen; a seat played from
    another computer is a person (they vote) who types."""
    entry = REGISTRY.get("anomia")
    far = Match(entry, [Seat("A", SeatKind.REMOTE), Seat("B", SeatKind.REMOTE)], 1)
    near = Match(entry, [Seat("A", SeatKind.HUMAN), Seat("B", SeatKind.HUMAN)], 1)
    mixed = Match(entry, [Seat("A", SeatKind.HUMAN), Seat("B", SeatKind.REMOTE)], 1)
    assert near.game.buzzers and not far.game.buzzers and not mixed.game.buzzers
    assert far.game.humans == mixed.game.humans == {0, 1}
    assert far.humans() == [] and far.remote() == [0, 1] and mixed.humans() == [0]
    # A save without seats from afar is written as before the seat kind existed.
    assert "remote" not in near.to_json()["options"] and mixed.options["remote"] == "1"
    again = Match.from_json(REGISTRY, mixed.to_json())
    assert again.seats[1].is_remote and not again.game.buzzers
