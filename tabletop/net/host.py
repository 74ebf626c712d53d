"""The host of a networked table: it runs the match, and nothing else decides.

The host plays the match with an ordinary :class:`~tabletop.play.session.Session`
(bots through the bot worker, turns by the game's driver, the autosave) and is that
session's stage.  Each remote seat is a person (or a ``tabletop join --bot``) at
another computer.  They send intents; the host checks each like any other action and
answers a refusal with its reason.  Each client is sent only its own seat's
observation and legal actions, never the seed, another hand or the deck.

Joining needs the table's join code; a wrong code is told only that it is wrong.
Messages that are malformed, too large, out of turn or for another seat are refused
without touching the game and written to the host's log, and a client that floods is
slowed down, then sent away.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import socket
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from tabletop.engine.match import Match, Seat, SeatKind, clean_name
from tabletop.engine.protocol import Event, SnapshotError, stamp
from tabletop.engine.wire import to_wire
from tabletop.net.messages import MAX_CLIENT_BYTES, BadMessage, encode, read_client
from tabletop.play.catalogue import Listing
from tabletop.play.session import Session
from tabletop.play.words import Teller
from tabletop.play.turns import RealTimeDriver
from tabletop.play.worker import BotWorker

__all__ = ["Host", "lan_address", "new_code", "stood_in"]

#: Letters of a join code: no 0/O, 1/I/L, to be read out loud without doubt.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: A client may send this many messages a second, in bursts of up to :data:`BURST`
#: (a quick bot sends one per position; what comes faster is dropped, and the client
#: is told to slow down).
RATE = 50.0
BURST = 100.0
#: Messages dropped for flooding before the client is sent away.
FLOOD_LIMIT = 200
#: How often the host moves the game on (seconds).
TICK = 0.005
#: How often each client is pinged to measure its round trip (seconds), and how many
#: round trips make its median.
PING_EVERY = 0.5
TRIPS = 7
#: The longest round trip a real-time move is compensated for (seconds): a player
#: farther away is treated as if this far.
MAX_TRIP = 0.4
#: Seconds a seat waits for its player before a stand-in bot plays it (if asked for).
STAND_IN_AFTER = 20.0
#: The most log lines sent at once (a seat that joins late reads the newest).
LOG_LINES = 200


def lan_address() -> str:
    """This computer's address on its local network (no packet is sent to find it)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def new_code(length: int = 6) -> str:
    """A fresh join code."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


@dataclass
class Place:
    """A remote seat: who took it, and what was last sent there."""

    seat: int
    token: str = ""
    name: str = ""
    conn: ServerConnection | None = None
    sent: int = -1
    #: The game clock (ms) when the last update was sent (a real-time move cannot have
    #: been made before its player saw the position).
    sent_at: int = 0
    #: Round trips measured by ping (seconds), newest last; their median is the seat's.
    trips: list[float] = field(default_factory=list)
    pinged: dict[int, float] = field(default_factory=dict)
    #: Entries of the match's log already told to this seat (its log lines).
    told: int = 0
    #: When its player left (the host's loop time; ``None`` while connected or never).
    left_at: float | None = None
    #: A bot plays the seat until its player comes back.
    stood_in: bool = False

    @property
    def rtt(self) -> float:
        """The seat's round trip to the host, in seconds (the median of the last few)."""
        return statistics.median(self.trips) if self.trips else 0.0


@dataclass
class Bucket:
    """A client's allowance of messages (a token bucket)."""

    rate: float
    burst: float
    at: float
    tokens: float = 0.0
    dropped: int = 0

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            self.dropped += 1
            return False
        self.tokens -= 1.0
        return True


@dataclass
class Counts:
    """What the host refused, for its log and for tests."""

    malformed: int = 0
    refused: int = 0
    wrong_code: int = 0
    flooded: int = 0
    other: dict[str, int] = field(default_factory=dict)


def stood_in(table: dict[str, Any], match: Match) -> list[int]:
    """The seats of ``match`` that a bot plays for a player gone, as the kept ``table``
    says (a bot seat named as that player)."""
    seats = match.seats
    found = []
    for kept in table.get("places", ()):
        seat = kept.get("seat") if isinstance(kept, dict) else None
        if isinstance(seat, int) and 0 <= seat < len(seats) and kept.get("stood_in") is True \
                and seats[seat].is_bot and seats[seat].name == kept.get("name"):
            found.append(seat)
    return found


class Host:
    """One match, hosted: remote seats join with the code; the host starts the match
    when every remote seat is taken (``autostart``) or when :meth:`start` is called."""

    def __init__(self, match: Match, worker: BotWorker, *, code: str | None = None,
                 speed: float = 1.0, save: Callable[[str], None] | None = None,
                 log: Callable[[str], None] | None = None, autostart: bool = True,
                 rate: float = RATE, burst: float = BURST,
                 keep: Callable[[dict[str, Any]], None] | None = None,
                 table: dict[str, Any] | None = None, clock_rate: float = 1.0,
                 seated: Callable[[int], None] | None = None,
                 session: Session | None = None, listing: Listing | None = None,
                 stand_in: str | None = None, stand_in_after: float = STAND_IN_AFTER) -> None:
        self.match = match
        self.code = code or new_code()
        self._speed = speed
        self.autostart = autostart
        self.log = log or (lambda line: print(f"tabletop host: {line}", file=sys.stderr))
        self.places = {seat: Place(seat) for seat in match.remote()}
        #: The session that plays the match: the host's own (it is then its stage), or
        #: that of a window's table, which moves the game on itself (:meth:`run` with
        #: ``drive=False``), with people at the host's screen too.
        self.session = session or Session(match, worker, self, save=save)
        self.started = False
        #: The game's words: each seat is sent its log's lines as it may read them.
        self.listing = listing
        self.counts = Counts()
        #: Messages a second each client may send, and in what bursts.
        self.rate, self.burst = rate, burst
        self.port = 0
        self._stop = asyncio.Event()
        self._closing: set[asyncio.Task[None]] = set()
        self._pings = 0
        #: The real-time clock last seen, and when (to read the game clock between ticks).
        self._clock_seen: tuple[int, float] = (-1, 0.0)
        #: Keeps the table (the join code, who took which seat, their tokens) whenever
        #: that changes, so that a host that stopped can open the same table again.
        self.keep = keep
        #: How fast a real-time game's clock runs against the wall clock (1: as it
        #: is; tests and measurements play whole Anomia games quicker).
        self.clock_rate = clock_rate
        #: Told how many remote seats are still free whenever someone sits down.
        self.seated = seated
        #: A bot of this level plays the seat of a player gone for :attr:`stand_in_after`
        #: seconds, until they come back (``None``: the seat waits for them).
        self.stand_in = stand_in
        self.stand_in_after = stand_in_after
        if table is not None:
            self._restore(table)
        self._broadcast = -1
        if match.history:  # a game reopened from its save goes on at once
            self.started = True

    # -- the session's stage ------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return False

    @property
    def dragging(self) -> bool:
        return False

    @property
    def speed(self) -> float:
        return self._speed

    def played(self, events: Sequence[Event], seat: int) -> None:
        pass  # what changed goes out as each seat's update (``Session.position`` moved)

    def refused(self, reason: str) -> None:
        self.log(f"refused: {reason}")

    def updated(self, lines: Sequence[str]) -> None:
        pass  # the host is told nothing: it decides

    def human_turn(self, seat: int) -> None:
        pass

    def thinking_changed(self) -> None:
        pass

    def finished(self) -> None:
        pass  # :attr:`over` reads the match

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.match.is_over

    # -- keeping the table --------------------------------------------------------------
    def table(self) -> dict[str, Any]:
        """What :meth:`_restore` needs to open this table again: code, seats, tokens, and
        which seats a bot stands in for."""
        return {"code": self.code, "stand_in": self.stand_in, "places": [
            {"seat": p.seat, "token": p.token, "name": p.name, "stood_in": p.stood_in}
            for p in self.places.values()]}

    def _restore(self, table: dict[str, Any]) -> None:
        self.code = str(table["code"])
        level = table.get("stand_in")
        if self.stand_in is None and level in self.match.entry.bot_levels:
            self.stand_in = str(level)  # (as the host had it)
        for seat in stood_in(table, self.match):
            self.places.setdefault(seat, Place(seat))  # a bot was playing it when it stopped
        for kept in table["places"]:
            place = self.places.get(int(kept["seat"]))
            if place is not None:
                place.token, place.name = str(kept["token"]), str(kept["name"])
                place.stood_in = kept.get("stood_in") is True

    # -- running ------------------------------------------------------------------------
    async def run(self, address: str = "0.0.0.0", port: int = 0,
                  ready: Callable[[Host], None] | None = None, linger: float = 2.0,
                  drive: bool = True) -> None:
        """Serve until the game is over and every client was told (or :meth:`stop`).
        With ``drive`` the host moves the game on itself; without, whoever owns the
        session (a window's table) does, between the host's ticks."""
        async with serve(self._serve, address, port, compression=None,
                         max_size=MAX_CLIENT_BYTES, max_queue=4, ping_interval=5,
                         ping_timeout=10, close_timeout=2) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            if ready is not None:
                ready(self)
            loop = asyncio.get_running_loop()
            last = pinged = loop.time()
            ended_at: float | None = None
            while not self._stop.is_set():
                await asyncio.sleep(TICK)
                now = loop.time()
                if now - pinged >= PING_EVERY:
                    pinged = now
                    await self._ping()
                driver = self.session.driver
                if isinstance(driver, RealTimeDriver):
                    # Hold every move for the slowest remote seat's round trip: a move
                    # made earlier over there may still be on its way.
                    trips = [min(p.rtt, MAX_TRIP) for p in self.places.values() if p.conn]
                    driver.hold_ms = round(max(trips, default=0.0) * 1000 * self.clock_rate)
                if self.started and not self.over:
                    self._stand_in(now)
                if drive and self.started and not self.over:
                    self.session.update((now - last) * self.clock_rate)
                if isinstance(driver, RealTimeDriver) and driver.now_ms != self._clock_seen[0]:
                    self._clock_seen = (driver.now_ms, now)
                last = now
                await self._send_updates()
                if self.over:
                    ended_at = now if ended_at is None else ended_at
                    gone = all(p.conn is None for p in self.places.values())
                    if gone or now - ended_at > linger:
                        break
            self.session.flush()

    def stop(self) -> None:
        self._stop.set()

    def start(self) -> None:
        """Begin the match (the deal is nature's first step)."""
        if not self.started:
            self.started = True
            seats = list(self.match.seats)
            for place in self.places.values():  # each remote player as they call themselves
                if place.name:
                    old = seats[place.seat]
                    seats[place.seat] = Seat(place.name, old.kind, old.level)
            self.match.seats = tuple(seats)
            self.log("the game begins")

    # -- talking ------------------------------------------------------------------------
    async def _serve(self, conn: ServerConnection) -> None:
        place: Place | None = None
        bucket = Bucket(self.rate, self.burst, asyncio.get_running_loop().time())
        try:
            async for raw in conn:
                if not bucket.take(asyncio.get_running_loop().time()):
                    self.counts.flooded += 1
                    if bucket.dropped > FLOOD_LIMIT:
                        self.log(f"{self._who(place)} sent too many messages: sent away")
                        await self._close(conn, "flood", "Too many messages: slow down.")
                        return
                    if bucket.dropped == 1 or bucket.dropped % 50 == 0:
                        self.log(f"{self._who(place)} sends too fast: messages dropped")
                    await conn.send(encode("refused", reason="Too many messages: slow down.",
                                           seq=None))
                    continue
                try:
                    message = read_client(raw)
                except BadMessage as bad:
                    self.counts.malformed += 1
                    self.log(f"{self._who(place)}: {bad} ({bad.code})")
                    if bad.code == "version" or place is None:
                        await self._close(conn, bad.code, str(bad))
                        return
                    await conn.send(encode("refused", reason=str(bad), seq=None))
                    continue
                if place is None:
                    if message["type"] != "hello":
                        await self._close(conn, "not-joined", "Say hello with the join code first.")
                        return
                    place = await self._join(conn, message)
                    if place is None:
                        return
                elif message["type"] == "act":
                    await self._act(place, message)
                elif message["type"] == "pong":
                    sent = place.pinged.pop(message["t"], None)
                    if sent is not None:
                        place.trips = (place.trips + [time.perf_counter() - sent])[-TRIPS:]
                else:
                    await conn.send(encode("refused", reason="You have joined already.", seq=None))
        except ConnectionClosed:
            pass
        finally:
            if place is not None and place.conn is conn:
                place.conn = None
                place.left_at = asyncio.get_running_loop().time()
                self.log(f"{place.name} (seat {place.seat + 1}) left")
                await self._send_lobby()

    async def _close(self, conn: ServerConnection, code: str, message: str) -> None:
        try:
            await conn.send(encode("error", code=code, message=message))
            await conn.close(1008 if code in ("malformed", "flood") else 1000)
        except ConnectionClosed:
            pass

    async def _join(self, conn: ServerConnection, hello: dict[str, Any]) -> Place | None:
        if not hmac.compare_digest(hello["code"].upper().encode(), self.code.encode()):
            self.counts.wrong_code += 1
            self.log("a wrong join code was tried")
            await self._close(conn, "wrong-code", "That join code is not right.")
            return None
        place = None
        token = hello["token"]
        if token:  # taking a seat back
            place = next((p for p in self.places.values()
                          if p.token and hmac.compare_digest(p.token, token)), None)
        if place is None:
            free = [p for p in self.places.values() if not p.token]
            if hello["seat"] is not None:
                free = [p for p in free if p.seat == hello["seat"]]
            if not free:
                code = "full" if hello["seat"] is None else "no-such-seat"
                words = ("Every seat at this table is taken." if code == "full" else
                         f"Seat {hello['seat'] + 1} is not free.")
                await self._close(conn, code, words)
                return None
            place = free[0]
            place.token = secrets.token_urlsafe(18)
            place.name = clean_name(hello["name"], f"Player {place.seat + 1}")
        if place.stood_in:
            self._seat_back(place)
        old, place.conn = place.conn, None
        if old is not None and old is not conn:  # the seat taken back from elsewhere
            self._closing.add(asyncio.create_task(old.close(1000)))  # without waiting on it
            self._closing = {task for task in self._closing if not task.done()}
        self.log(f"{place.name} took seat {place.seat + 1}")
        await conn.send(encode("welcome", seat=place.seat, token=place.token,
                               game=self.match.entry.id, options=self.match.options,
                               players=len(self.match.seats), clock_rate=self.clock_rate))
        # The next tick sends where the game stands, and the whole log.
        place.conn, place.sent, place.told = conn, -1, 0
        if self.keep is not None:
            self.keep(self.table())
        if self.seated is not None:
            self.seated(self.free_seats())
        await self._send_lobby()
        if self.autostart and all(p.token for p in self.places.values()):
            self.start()
        return place

    def _stand_in(self, now: float) -> None:
        """A bot takes the seat of each player gone long enough (if the host asked for
        stand-ins)."""
        if self.stand_in is None:
            return
        for place in self.places.values():
            if place.conn is None and place.token and not place.stood_in \
                    and place.left_at is not None and now - place.left_at >= self.stand_in_after:
                place.stood_in = True
                self._seat_kind(place.seat, SeatKind.BOT, self.stand_in)
                self.log(f"a {self.stand_in} bot plays for {place.name} until they come back")
                if self.keep is not None:
                    self.keep(self.table())

    def _seat_back(self, place: Place) -> None:
        """The player is back: their seat is theirs again, the stand-in leaves."""
        place.stood_in = False
        self._seat_kind(place.seat, SeatKind.REMOTE, None)
        self.log(f"{place.name} takes their seat back from the stand-in bot")

    def _seat_kind(self, seat: int, kind: SeatKind, level: str | None) -> None:
        seats = list(self.match.seats)
        seats[seat] = Seat(seats[seat].name, kind, level)
        self.match.seats = tuple(seats)
        driver = self.session.driver
        driver.cancel()  # whatever was being decided for the seat
        if isinstance(driver, RealTimeDriver):
            if level is not None:
                driver.bots[seat] = self.match.entry.make_bot(level)
            else:
                driver.bots.pop(seat, None)
        self.session.moved()
        self.session.stage.thinking_changed()  # the plates say who plays the seat
        if self.keep is not None:
            self.keep(self.table())

    def free_seats(self) -> int:
        """Remote seats nobody has taken yet."""
        return sum(1 for p in self.places.values() if not p.token)

    def lobby(self) -> dict[str, Any]:
        """Who sits where, and who is here: each seat's kind is "host" (a person at the
        host's screen), "bot", "remote" (a person at another computer) or "stand-in" (a
        bot of ``level`` plays for a person gone)."""
        seats = []
        for seat, s in enumerate(self.match.seats):
            place = self.places.get(seat)
            seats.append({
                "name": place.name if place is not None and place.name else s.name,
                "kind": ("bot" if s.is_bot else "host") if place is None
                else "stand-in" if place.stood_in else "remote",
                "level": s.level,
                "here": place is None or place.conn is not None,
            })
        return {"seats": seats, "started": self.started}

    async def _send_lobby(self) -> None:
        text = encode("lobby", **self.lobby())
        for place in self.places.values():
            if place.conn is not None:
                try:
                    await place.conn.send(text)
                except ConnectionClosed:
                    pass

    async def _act(self, place: Place, message: dict[str, Any]) -> None:
        state = self.match.state
        seq = message["seq"]
        reason: str | None = None
        if not self.started:
            reason = "The game has not begun."
        elif seq != len(self.match.history) and not isinstance(self.session.driver,
                                                               RealTimeDriver):
            reason = "The table moved on before that move arrived."
        else:
            try:
                action = self.match.game.decode_action(message["action"])
            except SnapshotError as bad:
                self.counts.malformed += 1
                self.log(f"{place.name}: {bad}")
                reason = str(bad)
            else:
                driver = self.session.driver
                if isinstance(driver, RealTimeDriver):
                    # Taken when the player made it: when it arrived, less the seat's
                    # round trip (the client's own clock is not trusted), and never
                    # before the player was sent the position.
                    trip = round(min(place.rtt, MAX_TRIP) * 1000 * self.clock_rate)
                    at = max(place.sent_at, self._game_now(driver) - trip)
                    timed = stamp(action, at)
                    reason = state.check(timed, place.seat)
                    if reason is None:
                        driver.plan(place.seat, timed)
                else:
                    reason = state.check(action, place.seat)
                    if reason is None:
                        self.session.apply(action, place.seat)
        if reason is not None:
            self.counts.refused += 1
            await place.conn.send(encode("refused", reason=reason, seq=seq)) \
                if place.conn is not None else None

    def _game_now(self, driver: RealTimeDriver) -> int:
        """The game clock now, to the millisecond (it moves on only at each tick)."""
        now = asyncio.get_running_loop().time()
        if driver.now_ms != self._clock_seen[0]:
            self._clock_seen = (driver.now_ms, now)
        since = now - self._clock_seen[1]
        return driver.now_ms + round(max(0.0, since) * 1000 * self.clock_rate)

    async def _ping(self) -> None:
        for place in self.places.values():
            if place.conn is None:
                continue
            self._pings += 1
            place.pinged = {k: v for k, v in place.pinged.items()
                            if time.perf_counter() - v < 10.0}  # unanswered ones are dropped
            place.pinged[self._pings] = time.perf_counter()
            number = self._pings
            try:
                await place.conn.send(encode("ping", t=number))
            except ConnectionClosed:
                pass

    async def _send_updates(self) -> None:
        if not self.started:
            return
        position = self.session.position
        if position != self._broadcast:
            # A move is told to nobody before it is on disk: a host that stops now
            # reopens its save exactly where every client last saw the game.
            self.session.flush()
            self._broadcast = position
        for place in self.places.values():
            conn = place.conn
            if conn is None or place.sent == position:
                continue
            place.sent = position
            driver = self.session.driver
            if isinstance(driver, RealTimeDriver):
                place.sent_at = self._game_now(driver)
            try:
                await conn.send(self.update_for(place.seat, place))
            except ConnectionClosed:
                pass

    def update_for(self, seat: int, place: Place | None = None) -> str:
        """The ``update`` for ``seat``: its own observation and legal actions, who acts
        (which everyone sees), and the log's lines since the last update as the seat
        may read them (from ``place``'s last, or none); no more."""
        state = self.match.state
        game = self.match.game
        acting = sorted(state.acting_seats()) if not state.is_over else []
        legal = ([game.action_to_json(a) for a in state.legal_actions(seat)]
                 if seat in acting else [])
        fields: dict[str, Any] = {
            "seq": len(self.match.history),
            "obs": to_wire(state.observation(seat)),
            "legal": legal,
            "acting": acting,
            "over": state.is_over,
            "log": self._lines(seat, place),
        }
        if state.is_over:
            fields["outcome"] = list(state.outcome())
            story = None if self.listing is None else self.listing.presenter.story(
                self.match.log, len(self.match.seats), seat)
            if story is not None:
                fields["story"] = story
        return encode("update", **fields)

    def _lines(self, seat: int, place: Place | None) -> list[str]:
        """The log's lines ``place`` was not told yet, as ``seat`` may read them (its own
        secrets told, nobody else's; "you" for itself)."""
        log = self.match.log
        if place is None or self.listing is None:
            return []
        start, place.told = place.told, len(log)
        tell = Teller(tuple(s.name for s in self.match.seats), viewer=seat, you=seat)
        lines = []
        for entry in log[start:]:
            for event in entry.events:
                line = self.listing.describe(event, tell)
                if line:
                    lines.append(line)
        return lines[-LOG_LINES:]

    def _who(self, place: Place | None) -> str:
        return "a client not yet joined" if place is None else f"{place.name} (seat {place.seat + 1})"
