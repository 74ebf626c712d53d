"""Joining from the window: the main menu's "Join a table", an address and code typed
in, the wait for the host, then a whole game at the joined seat's table, played by
mouse and keys, with the other seats' moves coming from the host."""

from __future__ import annotations

import time

import pygame

from tabletop.engine.wire import to_wire
from tabletop.games.anomia.actions import Draw
from tabletop.games.anomia.presenter import account_from_story
from tabletop.games.enemy_anemone.actions import Discard, Play
from tabletop.ui.flow import Open, Route
from tabletop.ui.scenes.join import JoinScene, table_uri
from tabletop.ui.scenes.menu import MainMenu
from tabletop.ui.scenes.results import ResultsScene
from tabletop.ui.table.chrome import LOG_LINES
from tabletop.ui.table.hints import GUIDED_TURNS
from tabletop.ui.table.replay import ReplayTable
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


def open_join(driver) -> JoinScene:  # type: ignore[no-untyped-def]
    """The main menu's Join a table."""
    driver.scenes.push(MainMenu(driver.ctx))
    driver.frames(2)
    driver.follow(Open(Route.JOIN))
    driver.frames(2)
    scene = driver.top
    assert isinstance(scene, JoinScene)
    return scene


def join_from_menu(driver, port: int, code: str):  # type: ignore[no-untyped-def]
    scene = open_join(driver)
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
        # Counted in this player's statistics, once, as a game with one person here.
        records = driver.ctx.storage.load_records()[0].records
        assert [(r.game, r.players, r.humans, r.won) for r in records] == [
            ("enemy-anemone", 3, 1, joining.me.outcome[0] > 0)]
        watch_the_replay(driver, joining.me)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


def watch_the_replay(driver, me) -> None:  # type: ignore[no-untyped-def]
    """The results' Replay at a joined seat: the positions the host told this seat, with
    the log as it was told, forwards and back; its own view only."""
    results = driver.top
    labels = [getattr(w, "label", "") for w in results.widgets]
    assert "Play again" not in labels  # (its host plays again or not)
    seen = me.seen
    assert [s.seq for s in seen] == sorted({s.seq for s in seen}) and len(seen) > 8
    driver.click(next(w for w in results.widgets if getattr(w, "label", "") == "Replay")
                 .rect.center)
    driver.frames(2)
    replay = driver.top
    assert isinstance(replay, ReplayTable) and replay.replay.length == len(seen) - 1

    def shows(at: int) -> bool:
        session = replay.session
        return (replay.replay.position == at and session.bottom == me.seat
                and to_wire(session.obs) == to_wire(seen[at].obs)
                and replay.chrome.log_lines == me.lines[:seen[at].lines][-LOG_LINES:])

    driver.key(pygame.K_SPACE)  # pause (it plays from the start)
    while replay.replay.position:
        driver.key(pygame.K_LEFT)
    driver.frames(2)
    assert shows(0)
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_RIGHT)
    driver.frames(2)
    assert shows(2)
    driver.key(pygame.K_LEFT)
    driver.frames(2)
    assert shows(1)
    driver.key(pygame.K_2)  # another seat's cards were never told to this one
    driver.frames(2)
    assert shows(1) and "your own view" in replay.chrome.showing
    driver.key(pygame.K_SPACE)  # play on to the end
    until(driver, lambda: replay.replay.position == len(seen) - 1 and not replay.animating)
    assert shows(len(seen) - 1) and replay.drift == 0 and replay.match.state.is_over
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert driver.top is results


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
        # The results tell how the round went, as the host's presenter told it: figures
        # that add up with the winning piles, as at one screen.
        account = account_from_story(joining.me.story, 2)
        assert account is not None and account.faceoffs > 0
        assert [a.faceoffs_won for a in account.seats] == list(match.state.scores())
        assert driver.top.sheet(driver.top.chart_rect().size) is not None
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


def test_a_first_game_at_a_joined_seat_is_guided_as_at_one_screen(driver):
    """Someone who never played the game before joins a table: their first turns light a
    good move and say why, as a first game at one screen does."""
    host = tabletop("host", "enemy-anemone", "--seats", "remote,easy", "--port", "0",
                    "--pause", "0", "--seed", "41", "--option", "hands=1", "--quiet")
    try:
        port, code = host_ready(host)
        driver.ctx.settings.guide = True
        join_from_menu(driver, port, code)
        driver.key(pygame.K_RETURN)
        until(driver, lambda: driver.scenes.find(Table) is not None)
        table = driver.scenes.find(Table)
        until(driver, lambda: table.my_turn() and not table.animating)
        # The good move is lit, and a note says why (as a first game's turns do).
        until(driver, lambda: any(n.term == "Why this move"
                                  for n in [table.guide.shown, *table.guide.waiting] if n))
        assert table.hints.guided_turns == GUIDED_TURNS - 1
        assert table.match.hints == 0  # (a guided turn is not counted as a hint)
    finally:
        host.kill()
        host.wait()


def test_the_join_form_is_filled_and_sent_by_keys_alone(driver):
    """A player without a mouse: Tab goes from field to field (past any tables listed),
    the arrows choose the seat, Enter joins; the seat asked for is the seat given."""
    host = tabletop("host", "enemy-anemone", "--seats", "easy,remote,remote", "--port", "0",
                    "--pause", "0", "--seed", "41", "--option", "hands=1", "--quiet")
    try:
        port, code = host_ready(host)
        scene = open_join(driver)

        def tab_to(kind: str, placeholder: str = "") -> None:
            for _ in range(len(scene.widgets) + 1):
                current = scene.focus.current
                if type(current).__name__ == kind and \
                        (not placeholder or getattr(current, "placeholder", "") == placeholder):
                    return
                driver.key(pygame.K_TAB)
            raise AssertionError(f"Tab does not reach the {kind} {placeholder!r}")

        tab_to("TextInput", "192.168.1.20:47470")
        driver.type(f"127.0.0.1:{port}")
        driver.key(pygame.K_TAB)
        driver.type(code)
        driver.key(pygame.K_TAB)
        for _ in range(12):
            driver.key(pygame.K_BACKSPACE)
        driver.type("Cy")
        driver.key(pygame.K_TAB)
        assert type(scene.focus.current).__name__ == "Stepper"
        driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_RIGHT)
        driver.key(pygame.K_RIGHT)  # Seat 3
        assert (scene.address, scene.code, scene.name, scene.seat) == \
            (f"127.0.0.1:{port}", code, "Cy", 3)
        tab_to("Button")
        assert getattr(scene.focus.current, "label", "") in ("Back", "Join")
        tab_to("TextInput", "ABC234")
        driver.key(pygame.K_RETURN)  # Enter joins, from any field
        until(driver, lambda: driver.ctx.joining is not None and driver.ctx.joining.welcomed
              and driver.ctx.joining.me.lobby)
        assert driver.ctx.joining.me.seat == 2
        seats = driver.ctx.joining.me.lobby["seats"]
        assert seats[2]["name"] == "Cy" and seats[2]["here"]
        driver.key(pygame.K_ESCAPE)  # and Esc leaves the table again
        assert driver.ctx.joining is None and isinstance(driver.top, JoinScene)
    finally:
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
