"""Joining from the window: the main menu's "Join a table", an address and code typed
in, the wait for the host, then a whole game at the joined seat's table, played by
mouse and keys, with the other seats' moves coming from the host."""

from __future__ import annotations

import time

import pygame

from tabletop.games.anomia.actions import Draw
from tabletop.games.enemy_anemone.actions import Discard, Play
from tabletop.ui.flow import Open, Route
from tabletop.ui.scenes.join import JoinScene, table_uri
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.table.scene import Table
from tests.net.test_loopback import finished, host_ready, tabletop
from tests.ui.test_hosting import until


def test_addresses_are_read_as_players_type_them():
    assert table_uri("192.168.1.20") == "ws://192.168.1.20:47470"
    assert table_uri(" 192.168.1.20:5000 ") == "ws://192.168.1.20:5000"
    assert table_uri("ws://example.org:47471/") == "ws://example.org:47471"
    assert table_uri("host.lan") == "ws://host.lan:47470"
    for bad in ("", "   ", "a b", "host:port", "host:70000", "user@host", "http://x/y"):
        assert table_uri(bad) is None, bad


def join_from_menu(driver, port: int, code: str):  # type: ignore[no-untyped-def]
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    driver.follow(Open(Route.JOIN))
    driver.frames(2)
    scene = driver.top
    assert isinstance(scene, JoinScene)
    # Typed as a player types them: the address, then the code (small letters too).
    fields = [w for w in scene.widgets if type(w).__name__ == "TextInput"]
    driver.click(fields[0].rect.center)
    driver.type(f"127.0.0.1:{port}")
    driver.click(fields[1].rect.center)
    driver.type(code.lower())
    driver.click(fields[2].rect.center)
    for _ in range(12):
        driver.key(pygame.K_BACKSPACE)
    driver.type("Ada")
    assert scene.address == f"127.0.0.1:{port}" and scene.code == code and scene.name == "Ada"
    return scene


def test_a_whole_game_is_played_at_a_table_joined_from_the_window(driver, tmp_path):
    host = tabletop("host", "enemy-anemone", "--seats", "remote,easy,easy", "--port", "0",
                    "--pause", "0", "--seed", "41", "--option", "hands=1", "--quiet",
                    "--save", str(tmp_path / "table.json"))
    try:
        port, code = host_ready(host)
        scene = join_from_menu(driver, port, code)
        join = next(w for w in scene.widgets if getattr(w, "label", "") == "Join")
        driver.click(join.rect.center)
        until(driver, lambda: driver.scenes.find(Table) is not None)
        table = driver.scenes.find(Table)
        joining = table.joining
        assert joining is not None and driver.ctx.joining is joining
        match = table.match
        assert match.seats[0].name == "Ada" and table.session.viewer == 0
        assert [s.is_bot for s in match.seats] == [False, True, True]
        # A hint at a joined seat, as at one screen: worked out here, from what it sees.
        until(driver, lambda: table.my_turn() and not table.animating)
        driver.key(pygame.K_h)
        until(driver, lambda: table.chrome.showing.startswith("Hint"))
        moves = 0
        while not joining.me.over:
            until(driver, lambda: joining.me.over or (table.my_turn() and not table.animating))
            if joining.me.over:
                break
            legal = list(match.state.legal_actions(0))
            assert legal == joining.me.legal  # what the table offers is what the host allows
            action = next(a for a in legal if isinstance(a, (Play, Discard)))
            target = "pile0" if isinstance(action, Discard) else "trick"
            sprite = table.picture.sprite_of(action.card)
            rect = sprite.rect
            driver.drag((rect.x + rect.w // 5, rect.centery - rect.h // 5),
                        table.picture.zones[target].rect.center)
            assert table.chrome.showing_kind != "error", table.chrome.showing
            moves += 1
            until(driver, lambda: joining.me.seq > len(match.history) - 1 or joining.me.over)
        assert moves >= 8
        until(driver, lambda: isinstance(driver.top, ResultsScene))
        out = finished(host, timeout=60)
        told = out.strip().splitlines()[-1]
        assert told == "The game is over: " + ", ".join(f"{x:g}" for x in joining.me.outcome)
        # What the table shows at the end is the host's outcome.
        assert list(match.state.outcome()) == joining.me.outcome
        assert any(line.startswith("You play") for line in table.chrome.log_lines)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


def test_a_round_of_anomia_is_played_at_a_table_joined_from_the_window(driver):
    """Real time across the network: the joined seat draws and answers face-offs as its
    table offers them (on a host clock eight times as fast), and the host judges."""
    host = tabletop("host", "anomia", "--seats", "remote,easy", "--port", "0", "--pause", "0",
                    "--seed", "41", "--quiet", "--clock-rate", "8")
    try:
        port, code = host_ready(host)
        scene = join_from_menu(driver, port, code)
        assert not any(getattr(w, "label", "") == "Join" and not w.enabled
                       for w in scene.widgets)
        driver.key(pygame.K_RETURN)  # Enter joins
        until(driver, lambda: driver.scenes.find(Table) is not None)
        table = driver.scenes.find(Table)
        match, joining = table.match, table.joining
        assert not match.game.buzzers  # answers are typed at another computer
        deadline = time.monotonic() + 120
        while not joining.me.over:
            assert time.monotonic() < deadline
            driver.frames(1)
            time.sleep(0.003)
            if table.my_turn() and joining.me.legal and not table.session.sending:
                legal = list(match.state.legal_actions(0))
                if legal and isinstance(legal[0], Draw):
                    driver.key(pygame.K_SPACE)  # as a player draws: by the key
                    assert table.chrome.showing_kind != "error", table.chrome.showing
                elif legal:
                    table.session.act([legal[0]])
        until(driver, lambda: isinstance(driver.top, ResultsScene))
        out = finished(host, timeout=60)
        assert out.strip().splitlines()[-1] == \
            "The game is over: " + ", ".join(f"{x:g}" for x in joining.me.outcome)
        assert list(match.state.outcome()) == joining.me.outcome
        assert any(line.startswith("You: ") for line in table.chrome.log_lines)  # answered
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


def test_a_joined_table_says_when_its_host_is_gone_and_keeps_trying(driver):
    host = tabletop("host", "enemy-anemone", "--seats", "remote,easy", "--port", "0",
                    "--pause", "0", "--seed", "41", "--option", "hands=1", "--quiet")
    try:
        port, code = host_ready(host)
        join_from_menu(driver, port, code)
        driver.key(pygame.K_RETURN)
        until(driver, lambda: driver.scenes.find(Table) is not None)
        table = driver.scenes.find(Table)
        until(driver, lambda: table.my_turn())
        host.kill()  # the host's computer is gone
        host.wait()
        until(driver, lambda: "lost" in table.chrome.showing)
        assert table.chrome.showing_kind == "error"
        assert driver.ctx.joining is table.joining and not table.joining.problem  # still trying
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
