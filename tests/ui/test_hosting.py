"""Hosting from the window: a seat set to Remote in the setup, the lobby with its code,
a player at another computer (a ``join --bot`` client, here in a thread) taking the seat,
and the game played at the host's table with the remote seat's moves coming over the
network."""

from __future__ import annotations

import asyncio
import threading
import time

import pygame

from tabletop.engine.match import Match, SeatKind
from tabletop.games import REGISTRY
from tabletop.net.client import RemoteSeat, play_with_bot
from tabletop.ui.scenes.lobby import LobbyScene
from tabletop.ui.scenes.setup import SetupScene
from tabletop.ui.table.scene import Table


class Joiner(threading.Thread):
    """A player at another computer: a bot that joins with the code and plays its seat."""

    def __init__(self, port: int, code: str, name: str, wait: float = 0.0,
                 token: str | None = None) -> None:
        super().__init__(daemon=True)
        self.uri, self.code, self.name = f"ws://127.0.0.1:{port}", code, name
        self.wait, self.token = wait, token
        self.seat: RemoteSeat | None = None
        self.joined: RemoteSeat | None = None
        self.error: BaseException | None = None
        self._task: asyncio.Task[RemoteSeat] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def run(self) -> None:
        async def play() -> RemoteSeat:
            self._loop = asyncio.get_running_loop()
            self._task = asyncio.current_task()  # type: ignore[assignment]
            return await play_with_bot(self.uri, self.code, "easy", REGISTRY, name=self.name,
                                       seed=5, wait=self.wait, token=self.token,
                                       on_join=lambda me: setattr(self, "joined", me))

        try:
            self.seat = asyncio.run(play())
        except asyncio.CancelledError:
            pass  # it left
        except BaseException as error:  # noqa: BLE001 - the test reads it
            self.error = error

    def leave(self) -> None:
        """The player's computer is gone (their seat stays theirs, with its token)."""
        assert self._loop is not None and self._task is not None
        self._loop.call_soon_threadsafe(self._task.cancel)
        self.join(10)


def until(driver, condition, seconds: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    """Frames until ``condition`` holds, for up to ``seconds`` of real time (another
    thread or process is at work meanwhile)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        driver.frames(1)
        time.sleep(0.002)


def play_until(driver, table, done, seconds: float = 120.0) -> None:  # type: ignore[no-untyped-def]
    """The player at the host's screen plays (the first legal move) until ``done``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "not within the time allowed"
        if table.my_turn() and not table.animating:
            table.session.act([table.match.state.legal_actions(0)[0]])
        driver.frames(1)


def start_when_ready(driver, lobby):  # type: ignore[no-untyped-def]
    """The host starts the game (Enter) once every remote seat is taken: its table."""
    until(driver, lambda: lobby.ready)
    driver.key(pygame.K_RETURN)
    driver.frames(3)
    table = driver.scenes.find(Table)
    assert table is not None
    return table


def host_from_setup(driver, game: str, kinds: list[SeatKind], options: dict[str, object]):  # type: ignore[no-untyped-def]
    """The setup of ``game`` with these seats, and its primary button pressed."""
    entry = REGISTRY.get(game)
    setup = SetupScene(driver.ctx, entry)
    driver.scenes.push(setup)
    driver.frames(2)
    setup.set_players(len(kinds))
    for seat, kind in enumerate(kinds):
        setup.set_kind(seat, kind)
    setup.options.update(options)
    setup.seed_text = "77"
    setup.build()
    labels = [getattr(w, "label", "") for w in setup.widgets]
    assert "Host this table" in labels and "Start game" not in labels
    driver.key(pygame.K_RETURN)  # Enter starts the game as set up: here, hosts it
    driver.frames(2)
    lobby = driver.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def test_a_table_hosted_from_the_window_is_joined_and_played_to_the_end(driver):
    lobby = host_from_setup(driver, "enemy-anemone",
                            [SeatKind.HUMAN, SeatKind.REMOTE, SeatKind.BOT], {"hands": 1})
    hosting = driver.ctx.hosting
    assert hosting is not None and hosting.port > 0 and len(hosting.code) == 6
    assert not lobby.ready and not lobby.start_button.enabled
    driver.key(pygame.K_RETURN)  # Start is refused while a seat waits
    assert driver.top is lobby
    joiner = Joiner(hosting.port, hosting.code, "Bob")
    joiner.start()
    until(driver, lambda: lobby.ready)
    driver.frames(2)
    assert lobby.start_button.enabled
    seats = hosting.lobby()["seats"]
    assert [s["kind"] for s in seats] == ["host", "remote", "bot"]
    assert seats[1]["name"] == "Bob" and seats[1]["here"]
    driver.key(pygame.K_RETURN)
    driver.frames(3)
    table = driver.scenes.find(Table)
    assert table is not None and table.hosting is hosting
    match: Match = table.match
    assert match.seats[1].name == "Bob" and match.seats[1].is_remote
    assert table.session.viewer == 0 and not table.session.needs_curtain
    assert table.spec.seat_info(table.session.obs, 1).remote == "here"
    # The player at the screen plays their own moves (the first legal one, as the
    # table's own input would); Bob's come over the network.
    bob_moved = 0
    deadline = time.monotonic() + 180
    while not match.is_over:
        assert time.monotonic() < deadline, "the game did not end"
        if table.my_turn() and not table.animating:
            table.session.act([match.state.legal_actions(0)[0]])
        before = len(match.history)
        driver.frames(1)
        bob_moved += sum(1 for seat, _ in match.history[before:] if seat == 1)
        assert joiner.error is None
    assert match.is_over, "the game did not end"
    assert bob_moved > 0
    until(driver, lambda: not joiner.is_alive())  # told the end (the window goes on)
    until(driver, lambda: 1 in table.session.away)  # Bob has left: his plate says so
    assert table.spec.seat_info(table.session.obs, 1).remote == "away"
    assert joiner.seat is not None and joiner.seat.over
    assert joiner.seat.outcome == list(match.state.outcome())
    # The game as kept is the game its seed and moves make.
    again = Match.from_json(REGISTRY, match.to_json())
    assert again.state.to_json() == match.state.to_json()


def test_leaving_the_lobby_closes_the_table_and_a_wrong_code_is_refused(driver):
    lobby = host_from_setup(driver, "anno", [SeatKind.HUMAN, SeatKind.REMOTE], {"rounds": 1})
    hosting = driver.ctx.hosting
    assert hosting is not None
    wrong = Joiner(hosting.port, "AAAAAA" if hosting.code != "AAAAAA" else "BBBBBB", "Eve")
    wrong.start()
    until(driver, lambda: not wrong.is_alive())
    assert wrong.error is not None and "join code is not right" in str(wrong.error)
    assert not lobby.ready
    # The host may have a bot play for a player who leaves: a switch in the lobby.
    assert hosting.host.stand_in is None  # by default the seat waits
    switch = next(w for w in lobby.widgets if type(w).__name__ == "Toggle")
    while lobby.focus.current is not switch:  # by keys alone: Tab to it, Space
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_SPACE)
    assert hosting.host.stand_in == "normal"
    driver.shot("lobby-stand-in")
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert driver.ctx.hosting is None and hosting.loop.is_closed()
    assert isinstance(driver.top, SetupScene)  # to change the seats, or play here
    assert not driver.ctx.storage.has_match("anno")  # a game not begun is not kept


def test_a_hosted_game_left_is_continued_and_its_player_takes_the_seat_back(driver):
    """The host leaves mid-game (as if the window closed): Continue offers the same
    table again, with its code and port; the player at the other computer comes back
    with their token, and the game goes on to its end."""
    from tabletop.ui.flow import Home, Open, Route

    lobby = host_from_setup(driver, "enemy-anemone", [SeatKind.HUMAN, SeatKind.REMOTE],
                            {"hands": 1})
    hosting = driver.ctx.hosting
    code, port = hosting.code, hosting.port
    joiner = Joiner(hosting.port, hosting.code, "Bob", wait=60.0)
    joiner.start()
    table = start_when_ready(driver, lobby)
    match = table.match
    play_until(driver, table, lambda: len(match.history) >= 12)
    played = len(match.history)
    driver.follow(Home())  # the host goes to the main menu: the table closes
    driver.frames(3)
    assert driver.ctx.hosting is None and hosting.loop.is_closed()
    saved, problem = driver.ctx.storage.load_match(REGISTRY, "enemy-anemone")
    assert saved is not None and problem is None and len(saved.history) == played
    driver.follow(Open(Route.TABLE, match=saved, resumed=True))  # Continue
    driver.frames(2)
    again = driver.top
    assert isinstance(again, LobbyScene) and again.resumed
    assert driver.ctx.hosting.code == code and driver.ctx.hosting.port == port
    until(driver, lambda: again.ready)  # Bob is back, with his token
    assert driver.ctx.hosting.lobby()["seats"][1]["name"] == "Bob"
    driver.key(pygame.K_RETURN)
    driver.frames(3)
    table = driver.scenes.find(Table)
    assert table.match is saved and table.resumed
    play_until(driver, table, lambda: saved.is_over, 180)
    until(driver, lambda: not joiner.is_alive())
    assert joiner.error is None and joiner.seat is not None and joiner.seat.over
    assert joiner.seat.outcome == list(saved.state.outcome())


def test_a_table_whose_stand_in_plays_for_the_only_remote_player_is_hosted_again(driver):
    """A bot stands in for Bob, who left, when the host stops: Continue opens the lobby
    again (not a table at one screen), the stand-in plays on, and Bob takes his seat
    back with his token."""
    from tabletop.ui.flow import Home, Open, Route

    lobby = host_from_setup(driver, "enemy-anemone", [SeatKind.HUMAN, SeatKind.REMOTE],
                            {"hands": 1})
    driver.click(next(w for w in lobby.widgets if type(w).__name__ == "Toggle").rect.center)
    hosting = driver.ctx.hosting
    hosting.host.stand_in_after = 0.3
    code = hosting.code
    bob = Joiner(hosting.port, code, "Bob")
    bob.start()
    table = start_when_ready(driver, lobby)
    match = table.match
    play_until(driver, table, lambda: len(match.history) >= 8)
    token = bob.joined.token
    bob.leave()
    play_until(driver, table, lambda: match.seats[1].is_bot)  # the stand-in plays for him
    until(driver, lambda: 1 not in table.session.away)  # not waiting: a bot plays
    played = len(match.history)
    driver.follow(Home())  # the host's window closes
    driver.frames(3)
    saved, _ = driver.ctx.storage.load_match(REGISTRY, "enemy-anemone")
    assert saved is not None and len(saved.history) == played and not saved.remote()
    driver.follow(Open(Route.TABLE, match=saved, resumed=True))  # Continue
    driver.frames(2)
    again = driver.top
    assert isinstance(again, LobbyScene) and driver.ctx.hosting.code == code
    hosting = driver.ctx.hosting
    assert hosting.host.stand_in == "normal"  # as the host had it
    seat = hosting.lobby()["seats"][1]
    assert seat["kind"] == "stand-in" and seat["name"] == "Bob"
    assert again.ready  # the stand-in plays on: the host need not wait
    driver.shot("lobby-stand-in-again")
    driver.key(pygame.K_RETURN)
    driver.frames(3)
    table = driver.scenes.find(Table)
    assert table.match is saved and saved.seats[1].is_bot
    play_until(driver, table, lambda: len(saved.history) >= played + 4 or saved.is_over)
    back = Joiner(hosting.port, code, "Bob", token=token)  # Bob's computer is back
    back.start()
    play_until(driver, table, lambda: saved.seats[1].is_remote or saved.is_over)
    assert saved.seats[1].is_remote and not saved.is_over  # his seat again, as it stands
    play_until(driver, table, lambda: saved.is_over)
    until(driver, lambda: not back.is_alive())
    assert back.error is None and back.seat is not None and back.seat.seat == 1
    assert back.seat.outcome == list(saved.state.outcome())
