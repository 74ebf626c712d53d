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
