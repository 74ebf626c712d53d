"""Whole games over loopback: a headless host (``tabletop host``) and client processes
(``tabletop join --bot``) play through the network, and the game the host kept is the
game its seed and actions make when played here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.engine.match import Match, position_hash
from tabletop.games import REGISTRY

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}

#: (game, seats, options): shortened games, each with one to three remote seats (a
#: whole round of Anomia, real time, on a clock forty times as fast).
TABLES = [
    ("enemy-anemone", "remote,remote,easy", ["hands=1"]),
    ("anniversary", "remote,remote", ["chapter=2"]),
    ("anno", "remote,easy,remote,remote", ["rounds=1"]),
    ("annapurna", "remote,normal", []),
    ("anomia", "remote,easy,remote", []),
]
FAST = {"anomia": ["--clock-rate", "40"]}


def tabletop(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "tabletop", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=ENV)


def finished(process: subprocess.Popen[str], timeout: float) -> str:
    """What ``process`` printed, once it ended well."""
    out, err = process.communicate(timeout=timeout)
    assert process.returncode == 0, err
    return out


def host_ready(process: subprocess.Popen[str]) -> tuple[int, str]:
    """The port and join code a ``tabletop host`` just printed."""
    assert process.stdout is not None
    process.stdout.readline()  # "Hosting ... at ws://...:PORT with join code C"
    ready = json.loads(process.stdout.readline())
    return ready["port"], ready["code"]


def start_host(game: str, seats: str, options: list[str], save: Path,
               *extra: str) -> tuple[subprocess.Popen[str], int, str]:
    args = ["host", game, "--seats", seats, "--port", "0", "--pause", "0", "--seed", "41",
            "--save", str(save), *extra]
    if "--announce" in args:
        args.remove("--announce")
    else:
        args.append("--quiet")
    for option in options:
        args += ["--option", option]
    host = tabletop(*args)
    return (host, *host_ready(host))


@pytest.mark.parametrize(("game", "seats", "options"), TABLES, ids=[t[0] for t in TABLES])
def test_a_whole_game_over_the_network_is_the_game_its_actions_make(game, seats, options,
                                                                      tmp_path):
    save = tmp_path / "match.json"
    host, port, code = start_host(game, seats, options, save, *FAST.get(game, []))
    remote = seats.split(",").count("remote")
    joiners = [tabletop("join", f"127.0.0.1:{port}", "--code", code, "--bot",
                        "easy" if "easy" in REGISTRY.get(game).bot_levels else "normal",
                        "--json", "--seed", str(n)) for n in range(remote)]
    results = [json.loads(finished(joiner, 240)) for joiner in joiners]
    assert "The game is over" in finished(host, 60)
    # The host kept the game after every move; loading it plays the seed and the actions
    # again here and checks that they lead to the very position the host ended in.
    match = Match.from_json(REGISTRY, json.loads(save.read_text()))
    assert match.is_over
    replayed = Match(match.entry, match.seats, match.seed, match.options)
    for seat, action in match.history:
        replayed.apply(action, seat)
    assert position_hash(replayed.state) == position_hash(match.state)
    # Every client saw the same end, from its own seat.
    assert sorted(r["seat"] for r in results) == sorted(
        i for i, kind in enumerate(seats.split(",")) if kind == "remote")
    for result in results:
        assert result["over"] and result["outcome"] == list(match.state.outcome())
        assert result["moves"] == len(match.history)


def test_a_wrong_code_is_told_only_that_it_is_wrong(tmp_path):
    host, port, code = start_host("enemy-anemone", "remote,easy", ["hands=1"],
                                  tmp_path / "m.json")
    try:
        wrong = "A" + code[1:] if code[0] != "A" else "B" + code[1:]
        joiner = tabletop("join", f"127.0.0.1:{port}", "--code", wrong, "--bot", "easy")
        out, err = joiner.communicate(timeout=60)
        assert joiner.returncode == 1
        assert err.strip() == "tabletop: the table said no: That join code is not right."
    finally:
        host.kill()
        host.communicate()


def test_a_table_with_no_free_seat_says_so(tmp_path):
    host, port, code = start_host("enemy-anemone", "remote,easy", ["hands=1"],
                                  tmp_path / "m.json", "--pause", "5")
    try:
        first = tabletop("join", f"127.0.0.1:{port}", "--code", code, "--bot", "easy")
        second = None
        for _ in range(100):  # once the first has its seat
            if "took seat" in (host.stderr.readline() if host.stderr else ""):
                break
        second = tabletop("join", f"127.0.0.1:{port}", "--code", code, "--bot", "easy")
        out, err = second.communicate(timeout=60)
        assert second.returncode == 1
        assert "Every seat at this table is taken." in err
    finally:
        for process in (first, second, host):
            if process is not None:
                process.kill()
                process.communicate()


@pytest.mark.parametrize(("args", "says"), [
    (["host", "anno", "--seats", "easy,easy"], "needs at least one 'remote' seat"),
    (["host", "anno", "--seats", "remote,wizard"], "not 'wizard'"),
    (["host", "anno", "--seats", "remote,easy", "--port", "99999"], "not a port number"),
    (["host", "chess", "--seats", "remote,easy"], "chess"),
    (["join", "127.0.0.1:1", "--bot", "easy"], "--code"),
])
def test_wrong_arguments_print_usage(args, says):
    process = tabletop(*args)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "usage:" in err and says in err


def multicast_works() -> bool:
    """Whether this machine hears its own mDNS announcements (some containers and
    networks let no multicast through), asked of the library itself, not of our code."""
    import socket
    import time

    from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, Zeroconf

    from tabletop.net.host import lan_address

    kind = "_tabletop-probe._tcp.local."
    zc = Zeroconf(ip_version=IPVersion.V4Only)
    heard: list[str] = []
    try:
        info = ServiceInfo(kind, f"probe {os.getpid()}.{kind}",
                           addresses=[socket.inet_aton(lan_address())], port=9)
        zc.register_service(info)
        browser = ServiceBrowser(zc, kind, handlers=[lambda **kw: heard.append(kw["name"])])
        time.sleep(1.0)
        browser.cancel()
        zc.unregister_service(info)
    except OSError:
        return False
    finally:
        zc.close()
    return bool(heard)


def test_a_hosted_table_is_on_the_local_networks_list_without_its_code(tmp_path):
    if not multicast_works():
        pytest.skip("this machine's network lets no multicast through")
    host, port, code = start_host("anno", "remote,easy,remote", ["rounds=1"],
                                  tmp_path / "m.json", "--announce", "--name", "Ada's table")
    try:
        listing = tabletop("tables", "--json", "--seconds", "4")
        out, err = listing.communicate(timeout=60)
        assert listing.returncode == 0, err
        tables = [t for t in json.loads(out)["tables"] if t["address"].endswith(f":{port}")]
        assert tables == [{"name": "Ada's table", "game": "anno",
                           "address": tables[0]["address"], "free": 2, "version": 1}]
        assert code not in out
    finally:
        host.kill()
        host.communicate()
