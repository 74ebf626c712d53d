"""Faults without loss: a client killed mid-game takes its seat back; a host killed
mid-game (kill -9) is opened again from its save, its clients come back by themselves,
and the game ends as if nothing had happened."""

from __future__ import annotations

import json
import signal
import socket
import time
from pathlib import Path

from tabletop.engine.match import Match, position_hash
from tabletop.games import REGISTRY

from .test_loopback import finished, host_ready, tabletop


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def moves_in(save: Path) -> list[object]:
    try:
        return list(json.loads(save.read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return []


def wait_for_moves(save: Path, count: int, limit: float = 60.0) -> list[object]:
    ends = time.monotonic() + limit
    while time.monotonic() < ends:
        found = moves_in(save)
        if len(found) >= count:
            return found
        time.sleep(0.005)
    raise AssertionError(f"the game did not reach {count} moves")


def replays(save: Path) -> Match:
    match = Match.from_json(REGISTRY, json.loads(save.read_text()))
    again = Match(match.entry, match.seats, match.seed, match.options)
    for seat, action in match.history:
        again.apply(action, seat)
    assert position_hash(again.state) == position_hash(match.state)
    return match


def test_a_client_killed_mid_game_takes_its_seat_back_and_the_game_ends(tmp_path):
    save = tmp_path / "game.json"
    host = tabletop("host", "enemy-anemone", "--seats", "remote,remote", "--port", "0",
                    "--seed", "8", "--option", "hands=3", "--save", str(save), "--quiet")
    port, code = host_ready(host)
    address = f"127.0.0.1:{port}"
    keep = tmp_path / "a.token"
    first = tabletop("join", address, "--code", code, "--bot", "easy", "--rejoin", str(keep),
                     "--json")
    other = tabletop("join", address, "--code", code, "--bot", "easy", "--json")
    try:
        wait_for_moves(save, 12)
        first.send_signal(signal.SIGKILL)
        first.communicate()
        seat = json.loads((tmp_path / "game.json.table").read_text())
        kept = keep.read_text()
        assert any(p["token"] == kept for p in seat["places"])
        time.sleep(0.4)
        before = len(moves_in(save))
        time.sleep(0.4)  # the game waits for the seat's player meanwhile
        assert len(moves_in(save)) == before
        assert not Match.from_json(REGISTRY, json.loads(save.read_text())).is_over
        again = tabletop("join", address, "--code", code, "--bot", "easy", "--rejoin", str(keep),
                         "--json")
        result = json.loads(finished(again, 120))
        place = next(p for p in seat["places"] if p["token"] == kept)
        assert result["seat"] == place["seat"] and result["over"]
        finished(other, 60)
        finished(host, 60)
    finally:
        for process in (first, other, host):
            if process.poll() is None:
                process.kill()
                process.communicate()
    match = replays(save)
    assert match.is_over and len(match.history) > before


def test_a_host_killed_mid_game_reopens_from_its_save_and_its_clients_come_back(tmp_path):
    save = tmp_path / "game.json"
    port = free_port()
    host = tabletop("host", "anno", "--seats", "remote,easy,remote", "--port", str(port),
                    "--seed", "9", "--option", "rounds=1", "--save", str(save), "--quiet")
    _, code = host_ready(host)
    address = f"127.0.0.1:{port}"
    clients = [tabletop("join", address, "--code", code, "--bot", "easy", "--json",
                        "--wait", "60", "--seed", str(n)) for n in range(2)]
    reopened = None
    try:
        wait_for_moves(save, 15)
        host.send_signal(signal.SIGKILL)
        host.communicate()
        at_the_crash = moves_in(save)
        assert len(at_the_crash) >= 15
        time.sleep(0.5)  # the clients try to reach the table meanwhile
        reopened = tabletop("host", "--resume", str(save), "--port", str(port), "--quiet")
        _, same = host_ready(reopened)
        assert same == code
        results = [json.loads(finished(client, 180)) for client in clients]
        finished(reopened, 60)
    finally:
        for process in (host, reopened, *clients):
            if process is not None and process.poll() is None:
                process.kill()
                process.communicate()
    match = replays(save)
    assert match.is_over
    # Nothing was lost: the game went on from every move made before the crash.
    assert match.to_json()["actions"][:len(at_the_crash)] == at_the_crash
    for result in results:
        assert result["over"] and result["outcome"] == list(match.state.outcome())


def test_a_bot_stands_in_for_a_player_who_left_and_gives_the_seat_back():
    """The host asked for stand-ins: Bob leaves mid-game, an easy bot plays his seat,
    and when Bob comes back with his token the seat is his again; the game ends."""
    import asyncio

    from tabletop.engine.match import Match, Seat, SeatKind
    from tabletop.games import REGISTRY
    from tabletop.net.client import play_with_bot
    from tabletop.net.host import Host
    from tabletop.play.worker import InlineBotWorker

    entry = REGISTRY.get("enemy-anemone")
    match = Match(entry, [Seat("Ada", SeatKind.REMOTE), Seat("Bob", SeatKind.REMOTE),
                          Seat("Pearl", SeatKind.BOT, "easy")], 12, {"hands": 1})
    log: list[str] = []
    host = Host(match, InlineBotWorker(), speed=0.0, log=log.append, stand_in="easy",
                stand_in_after=0.3)
    while_away: list[int] = []

    async def play() -> None:
        ready = asyncio.Event()
        task = asyncio.create_task(host.run("127.0.0.1", 0, ready=lambda h: ready.set(),
                                            linger=0.5))
        await ready.wait()
        uri = f"ws://127.0.0.1:{host.port}"
        seats: dict[int, object] = {}
        ada = asyncio.create_task(play_with_bot(uri, host.code, "easy", REGISTRY, seat=0,
                                                name="Ada"))
        bob = asyncio.create_task(play_with_bot(uri, host.code, "easy", REGISTRY, seat=1,
                                                name="Bob",
                                                on_join=lambda me: seats.setdefault(1, me)))
        while len(match.history) < 8:
            await asyncio.sleep(0.01)
        bob.cancel()  # Bob's computer is gone
        token = seats[1].token  # type: ignore[attr-defined]
        while not match.seats[1].is_bot:
            await asyncio.sleep(0.01)
        gone = len(match.history)
        while len(match.history) < gone + 9 and not match.is_over:
            await asyncio.sleep(0.01)
        while_away.extend(seat for seat, _ in match.history[gone:])
        back = await play_with_bot(uri, host.code, "easy", REGISTRY, token=token)
        assert back.seat == 1 and back.over
        await ada
        await task

    asyncio.run(play())
    assert match.is_over and match.seats[1].is_remote
    assert 1 in while_away  # the stand-in played Bob's seat
    assert any("plays for Bob" in line for line in log)
    assert any("Bob takes their seat back" in line for line in log)
